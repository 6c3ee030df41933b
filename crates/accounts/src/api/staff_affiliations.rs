use actix_web::{get, put, web};
use audit::AuditRecord;
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, Reason};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::entity::user;
use crate::enums::{AffiliationQueue, AffiliationStatus};
use crate::service::affiliation_review;

/// A member's affiliation as staff review it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AffiliationForReview {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub affiliation: Option<String>,
    pub university_affiliate_email: Option<String>,
    pub university_email_confirmed: bool,
    pub university_profile_page_url: Option<String>,
    pub affiliation_status: AffiliationStatus,
    pub date_joined: DateTime<Utc>,
}

impl AffiliationForReview {
    fn from_entity(user: user::Model) -> Self {
        Self {
            id: user.id,
            affiliation_status: user.affiliation_status,
            name: user.name,
            email: user.email,
            affiliation: user.affiliation,
            university_affiliate_email: user.university_affiliate_email,
            university_email_confirmed: user.university_email_confirmed,
            university_profile_page_url: user.university_profile_page_url,
            date_joined: user.date_joined,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct QueueQuery {
    /// `pending` (default), `approved`, or `rejected` (turned down, unchanged since).
    #[param(inline)]
    pub status: Option<AffiliationQueue>,
}

/// A staff decision on an affiliation, with why (kept in the audit log).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct AffiliationDecision {
    pub affiliation_status: AffiliationStatus,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason<1000>>)]
    pub reason: Option<Given<Reason<1000>>>,
}

/// Affiliations to review
///
/// Affiliations waiting for review (confirmed university e-mail, not approved), or the approved
/// ones. Staff only; 404 for anyone else.
#[utoipa::path(
    operation_id = "staffListAffiliations",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(QueueQuery, PageParams),
    responses(
        (status = 200, description = "A page of affiliations.", body = Page<AffiliationForReview>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/affiliations")]
pub async fn list(
    ctx: web::Data<AppContext>,
    staff: Staff,
    query: web::Query<QueueQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<AffiliationForReview>>> {
    let queue = query.status.unwrap_or(AffiliationQueue::Pending);
    let page = affiliation_review::list(&ctx, &staff, queue, &params).await?;
    Ok(web::Json(page.map(AffiliationForReview::from_entity)))
}

/// Review an affiliation
///
/// Approves (once the university e-mail is confirmed) or withdraws an affiliation; the decision and
/// its reason go to the audit log. The member is told of the decision.
#[utoipa::path(
    operation_id = "staffReviewAffiliation",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("user_id" = i64, Path, description = "The member's id")),
    request_body = AffiliationDecision,
    responses(
        (status = 200, description = "Reviewed.", body = Data<MessageResponse>, example = json!({"data": {"message": affiliation_review::REVIEWED}})),
        (status = 400, description = "The university e-mail is not confirmed.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such member.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/affiliations/{user_id}")]
pub async fn review(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<AffiliationDecision>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let AffiliationDecision {
        affiliation_status,
        reason,
    } = body.into_inner();
    let reason = kernel::input::given_text(reason)?;
    affiliation_review::review(&ctx, &staff, path.into_inner(), affiliation_status, reason).await?;
    Ok(MessageResponse::data(affiliation_review::REVIEWED))
}

/// Affiliation history
///
/// Every staff decision on a member's affiliation, newest first.
#[utoipa::path(
    operation_id = "staffAffiliationHistory",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("user_id" = i64, Path, description = "The member's id")),
    responses(
        (status = 200, description = "The audit trail.", body = Data<Vec<AuditRecord>>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/affiliations/{user_id}/history")]
pub async fn history(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<Vec<AuditRecord>>>> {
    let records = affiliation_review::history(&ctx, &staff, path.into_inner()).await?;
    Ok(Data::new(records))
}
