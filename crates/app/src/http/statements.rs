//! How many SQL statements each request ran. With `COHORT_LOG_SQL` on, the count is logged
//! and sent back in `X-Sql-Statements`, so tests and `just bench` can hold every endpoint
//! to a fixed number; otherwise nothing is said.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use kernel::sql_trace::{self, SqlLog};

pub const HEADER: &str = "x-sql-statements";

pub async fn count(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
    log: SqlLog,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path().to_owned();
    let (outcome, statements) = sql_trace::counted(next.call(req)).await;
    let mut res = outcome?;
    if log != SqlLog::Off {
        tracing::info!(target: sql_trace::TARGET, statements, path, "request done");
        res.headers_mut().insert(
            HeaderName::from_static(HEADER),
            HeaderValue::from(statements),
        );
    }
    Ok(res)
}
