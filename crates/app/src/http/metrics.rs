//! Prometheus metrics: every answered request is counted and timed by its route template,
//! and `GET /metrics` renders the process's metrics with the gauges read at that moment.
//! It is served on the main port, or only on `COHORT_METRICS_ADDR` when that is set (a
//! port the proxy does not expose).

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpResponse, web};
use chrono::{DateTime, Utc};
use feed::live::Hub;
use kernel::metrics::{self, Backlog, Readings};
use kernel::{AppContext, AppResult};

/// Where the metrics are served.
pub const PATH: &str = "/metrics";

/// Counts and times each request under its route template (`/api/groups/{slug}`), never
/// its concrete path, so the series stay as many as the routes.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().to_string();
    let route = req
        .match_pattern()
        .unwrap_or_else(|| metrics::OTHER_ROUTE.to_owned());
    let response = next.call(req).await;
    let status = match &response {
        Ok(res) => res.status().as_u16(),
        Err(err) => err.as_response_error().status_code().as_u16(),
    };
    metrics::record_request(&method, &route, status, started.elapsed().as_secs_f64());
    response
}

/// `GET /metrics`: the OpenMetrics text.
pub async fn serve(ctx: web::Data<AppContext>, hub: web::Data<Hub>) -> HttpResponse {
    let readings = read(&ctx, &hub).await;
    HttpResponse::Ok()
        .content_type(metrics::CONTENT_TYPE)
        .insert_header(("Cache-Control", "no-store"))
        .body(metrics::render(readings))
}

/// The gauges, read now.
async fn read(ctx: &AppContext, hub: &Hub) -> Readings {
    let (open, idle) = kernel::db::pool_use(&ctx.db);
    Readings {
        pool_open: i64::from(open),
        pool_idle: i64::try_from(idle).unwrap_or(i64::MAX),
        mail: backlog(
            "the e-mail outbox",
            feed::service::outbox::backlog(&ctx.db).await,
        ),
        webhooks: backlog(
            "the webhook deliveries",
            webhooks::service::worker::backlog(&ctx.db).await,
        ),
        live_connections: i64::try_from(hub.connections()).unwrap_or(i64::MAX),
    }
}

/// An outbox's count and oldest row as the gauges show them; a failed read shows nothing
/// waiting (and is logged), so the scrape still answers.
fn backlog(what: &str, read: AppResult<(i64, Option<DateTime<Utc>>)>) -> Backlog {
    let (waiting, oldest) = read.unwrap_or_else(|err| {
        tracing::warn!(error = %err, "metrics: could not read {what}");
        (0, None)
    });
    Backlog {
        waiting,
        oldest_seconds: oldest.map_or(0, |at| (kernel::clock::now() - at).num_seconds().max(0)),
    }
}
