//! The staff console's own endpoints, which span crates: the home page's queue counts and
//! the audit log (the kernel's table, with actors named from the user directory). Staff
//! only; 404 for anyone else.

use actix_web::{get, web};
use kernel::audit::{self, AuditFilter, AuditRecord};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff, StaffRole};
use serde::Serialize;
use utoipa::ToSchema;

/// What waits for staff, as the console's home counts it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsoleOverview {
    /// The signed-in staff member's role (the console hides what it may not do).
    pub role: StaffRole,
    /// New working groups waiting for approval, and approved ones with changes.
    pub groups_waiting: u64,
    /// Group updates waiting for approval.
    pub group_updates_waiting: u64,
    /// University affiliations waiting for review.
    pub affiliations_waiting: u64,
    /// Contact messages nobody has handled.
    pub contact_messages_open: u64,
    /// Sign-ups for updates so far.
    pub update_signups: u64,
}

/// The queue counts of the console's home.
#[utoipa::path(
    operation_id = "staffOverview",
    tag = "staff",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The counts.", body = Data<ConsoleOverview>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/overview")]
pub async fn overview(
    ctx: web::Data<AppContext>,
    staff: Staff,
) -> AppResult<web::Json<Data<ConsoleOverview>>> {
    let db = &ctx.db;
    Ok(Data::new(ConsoleOverview {
        role: staff.role(),
        groups_waiting: groups::service::moderation::waiting_count(db).await?,
        group_updates_waiting: groups::service::updates::waiting_count(db).await?,
        affiliations_waiting: accounts::service::affiliation_review::waiting_count(db).await?,
        contact_messages_open: content::service::inbox::open_messages(db).await?,
        update_signups: content::service::inbox::signup_count(db).await?,
    }))
}

/// Every staff decision, newest first, narrowed by action, record or actor.
#[utoipa::path(
    operation_id = "staffAuditLog",
    tag = "staff",
    security(("bearer" = ["staff"])),
    params(AuditFilter, PageParams),
    responses(
        (status = 200, description = "A page of entries.", body = Page<AuditRecord>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/audit")]
pub async fn audit_log(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    filter: web::Query<AuditFilter>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<AuditRecord>>> {
    let mut page = audit::list(&ctx.db, &filter, &params).await?;
    audit::name_actors(ctx.users.as_ref(), &mut page.data).await?;
    Ok(web::Json(page))
}

/// The actions recorded so far, for the log's filter.
#[utoipa::path(
    operation_id = "staffAuditActions",
    tag = "staff",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The actions, sorted.", body = Data<Vec<String>>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/audit/actions")]
pub async fn audit_actions(
    ctx: web::Data<AppContext>,
    _staff: Staff,
) -> AppResult<web::Json<Data<Vec<String>>>> {
    Ok(Data::new(audit::actions(&ctx.db).await?))
}
