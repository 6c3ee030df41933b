//! Staff's side: the queue of submitted projects and the verdict on one.

use actix_web::{get, post, web};
use kernel::extract::ValidJson;
use kernel::input::Parse;
use kernel::validation::FieldText;
use kernel::{AppContext, AppError, AppResult, Data, Page, PageParams, Staff};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::dto::{ProjectDraft, StaffProjectRow};
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

/// Submitted projects, the longest waiting first.
#[utoipa::path(
    operation_id = "staffProjectQueue",
    tag = "staff",
    params(PageParams),
    responses(
        (status = 200, description = "A page of projects to review.", body = Page<StaffProjectRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/projects")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffProjectRow>>> {
    let page = review::queue(&ctx.db, &params).await?;
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

/// A rejection's reason: required, in the console's words.
fn reason_given(reason: Option<String>) -> AppResult<RejectionReason> {
    let missing = || AppError::field("reason", FieldText::FieldRequired.as_str());
    let text = reason.ok_or_else(missing)?;
    RejectionReason::parse(serde_json::Value::String(text))
        .map_err(|problem| AppError::field("reason", problem))
}
