use actix_web::{get, web};
use kernel::{AppContext, AppResult, CurrentUser, Data};

use crate::service::dashboard::{self, Counters};

/// Dashboard counters
///
/// The dashboard's counters.
#[utoipa::path(
    operation_id = "getDashboardCounters",
    tag = "feed",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The counters.", body = Data<Counters>),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
    )
)]
#[get("/dashboard/counters")]
pub async fn counters(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<Counters>>> {
    Ok(Data::new(dashboard::counters(&ctx, user.id).await?))
}
