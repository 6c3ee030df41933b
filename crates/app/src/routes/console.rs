//! The staff console's own endpoints, which span crates: the home page's queue counts and
//! trends, and the audit log (the kernel's table, with actors named from the user directory). Staff
//! only; 404 for anyone else.

use actix_web::{get, web};
use audit::{self, AuditFilter, AuditRecord};
use kernel::stats::{CHART_DAYS, Period};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff, StaffRole};
use serde::Serialize;
use utoipa::ToSchema;

/// What waits for staff, as the console's home counts it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsoleOverview {
    /// The signed-in staff member's role.
    pub role: StaffRole,
    /// The platform's webhooks (`/staff/webhooks`) are theirs to manage (admins): the
    /// console hides what they may not do.
    pub can_manage_webhooks: bool,
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

/// Console overview
///
/// The queue counts of the console's home.
#[utoipa::path(
    operation_id = "staffOverview",
    tag = "console",
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
        can_manage_webhooks: webhooks::may_manage_platform(&staff.0),
        groups_waiting: groups::service::moderation::waiting_count(db).await?,
        group_updates_waiting: groups::service::updates::waiting_count(db).await?,
        affiliations_waiting: accounts::service::affiliation_review::waiting_count(db).await?,
        contact_messages_open: content::service::inbox::open_messages(db).await?,
        update_signups: content::service::inbox::signup_count(db).await?,
    }))
}

/// The console home's charts: what members did each day of the last 90 (UTC), one value per
/// day in each series, the first for `period.first_day`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsoleTrends {
    pub period: Period,
    /// Accounts made.
    pub signups: Vec<i64>,
    /// Of the accounts made that day, those whose address is confirmed.
    pub confirmed: Vec<i64>,
    /// Different members who signed in.
    pub active: Vec<i64>,
    /// Working groups started.
    pub groups: Vec<i64>,
    /// Discussion topics started.
    pub topics: Vec<i64>,
    /// Replies written.
    pub replies: Vec<i64>,
    /// Quiz attempts started.
    pub quiz_attempts: Vec<i64>,
    /// Certificates issued.
    pub certificates: Vec<i64>,
}

/// Console trends
///
/// The daily series the console's home charts, each one grouped statement. Sign-ups, confirmed and
/// active members, new groups, topics and replies, quiz attempts and certificates, daily over the
/// last 90 days.
#[utoipa::path(
    operation_id = "staffTrends",
    tag = "console",
    security(("bearer" = ["staff"])),
    responses(
        (status = 200, description = "The series.", body = Data<ConsoleTrends>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/trends")]
pub async fn trends(
    ctx: web::Data<AppContext>,
    _staff: Staff,
) -> AppResult<web::Json<Data<ConsoleTrends>>> {
    let db = &ctx.db;
    let period = Period::last(CHART_DAYS);
    let members = accounts::service::trends::daily(db, period).await?;
    let (topics, replies) = discussions::trends::daily(db, period).await?;
    let (quiz_attempts, certificates) = learning::service::trends::daily(db, period).await?;
    Ok(Data::new(ConsoleTrends {
        period,
        signups: members.signups,
        confirmed: members.confirmed,
        active: members.active,
        groups: groups::service::trends::created_per_day(db, period).await?,
        topics,
        replies,
        quiz_attempts,
        certificates,
    }))
}

/// Audit log
///
/// Every staff decision, newest first, narrowed by action, record or actor. Paged; each entry names
/// the actor, the action, the record and the reason given.
#[utoipa::path(
    operation_id = "staffAuditLog",
    tag = "console",
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

/// Audit actions
///
/// The actions recorded so far, for the log's filter.
#[utoipa::path(
    operation_id = "staffAuditActions",
    tag = "console",
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

/// The audit log's activity strip: how many entries the log's filter lets through on each
/// day of the last 90 (UTC).
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditActivity {
    pub period: Period,
    /// One count per day, the first for `period.first_day`.
    pub entries: Vec<i64>,
}

/// Audit activity
///
/// Entries per day over the last 90 days, narrowed as the log is.
#[utoipa::path(
    operation_id = "staffAuditActivity",
    tag = "console",
    security(("bearer" = ["staff"])),
    params(AuditFilter),
    responses(
        (status = 200, description = "The counts, one per day.", body = Data<AuditActivity>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/audit/activity")]
pub async fn audit_activity(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    filter: web::Query<AuditFilter>,
) -> AppResult<web::Json<Data<AuditActivity>>> {
    let period = Period::last(CHART_DAYS);
    Ok(Data::new(AuditActivity {
        period,
        entries: audit::per_day(&ctx.db, &filter, period).await?,
    }))
}
