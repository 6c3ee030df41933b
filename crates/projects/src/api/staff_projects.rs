//! Staff's side: the queue of submitted projects and the verdict on one.

use actix_web::{get, post, web};
use kernel::extract::ValidJson;
use kernel::input::Parse;
use kernel::validation::FieldText;
use kernel::{AppContext, AppError, AppResult, Data, Page, PageParams, Staff};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::dto::{ProjectDraft, StaffProjectRow};
use crate::enums::{ProjectAction, ProjectStatus};
use crate::service::review::{self, RejectionReason, Verdict};

kernel::string_enum!(
    /// What staff decide on a submitted project.
    ProjectVerdict {
        Approve = "approve",
        Reject = "reject",
    }
);

/// The verdict; a rejection says why (the owner reads it).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ProjectReviewRequest {
    pub verdict: ProjectVerdict,
    #[validate(length(max = 2000))]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StaffProjectsQuery {
    /// `submitted` (the default: waiting for review), `live`, `suspended`, `closed`, …
    #[param(inline)]
    pub status: Option<ProjectStatus>,
}

/// What staff do to a public project; suspending says why (the owner reads it).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ProjectActionRequest {
    pub action: ProjectAction,
    #[validate(length(max = 2000))]
    pub reason: Option<String>,
}

/// Projects in one state: submissions the longest waiting first, others the latest changed.
#[utoipa::path(
    operation_id = "staffProjectQueue",
    tag = "staff",
    params(StaffProjectsQuery, PageParams),
    responses(
        (status = 200, description = "A page of projects to review.", body = Page<StaffProjectRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/projects")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<StaffProjectsQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffProjectRow>>> {
    let status = query.status.unwrap_or(ProjectStatus::Submitted);
    let page = review::queue(&ctx.db, status, &params).await?;
    let owners: Vec<i64> = page.data.iter().map(|p| p.owner_id).collect();
    let people = ctx.users.summaries(&owners).await?;
    let drafts = super::drafts(&ctx, page.data).await?;
    Ok(web::Json(Page {
        data: drafts
            .into_iter()
            .zip(owners)
            .map(|(project, owner)| StaffProjectRow {
                owner: people.get(&owner).cloned(),
                project,
            })
            .collect(),
        pagination: page.pagination,
    }))
}

/// Approves a submitted project (it goes live) or sends it back with a reason.
#[utoipa::path(
    operation_id = "staffReviewProject",
    tag = "staff",
    params(("id" = i64, Path, description = "The project's id")),
    request_body = ProjectReviewRequest,
    responses(
        (status = 200, description = "Decided.", body = Data<ProjectDraft>),
        (status = 400, description = "No reason for a rejection, or the project is not waiting for review.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such project.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/projects/{id}/review")]
pub async fn decide(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<ProjectReviewRequest>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let ProjectReviewRequest { verdict, reason } = body.into_inner();
    let verdict = match verdict {
        ProjectVerdict::Approve => Verdict::Approve,
        ProjectVerdict::Reject => Verdict::Reject(reason_given(reason)?),
    };
    let project = review::decide(&ctx, &staff, path.into_inner(), verdict).await?;
    Ok(Data::new(super::draft(&ctx, project).await?))
}

/// Suspends a live project (with a reason), reactivates a suspended one, or closes a live
/// one; audited, and the owner is told.
#[utoipa::path(
    operation_id = "staffProjectAction",
    tag = "staff",
    params(("id" = i64, Path, description = "The project's id")),
    request_body = ProjectActionRequest,
    responses(
        (status = 200, description = "Done.", body = Data<ProjectDraft>),
        (status = 400, description = "No reason for a suspension, or the project is not in a state the action applies to.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such project.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/projects/{id}/status")]
pub async fn act(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<ProjectActionRequest>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let ProjectActionRequest { action, reason } = body.into_inner();
    let reason = kernel::updates::reason(reason);
    let project = review::act(&ctx, &staff, path.into_inner(), action, reason).await?;
    Ok(Data::new(super::draft(&ctx, project).await?))
}

/// A rejection's reason: required, in the console's words.
fn reason_given(reason: Option<String>) -> AppResult<RejectionReason> {
    let missing = || AppError::field("reason", FieldText::FieldRequired.as_str());
    let text = reason.ok_or_else(missing)?;
    RejectionReason::parse(serde_json::Value::String(text))
        .map_err(|problem| AppError::field("reason", problem))
}
