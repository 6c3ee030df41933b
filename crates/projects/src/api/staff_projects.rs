//! Staff's side: the queue of submitted projects and the verdict on one, live projects'
//! waiting changes side by side with their public version, and suspending or closing.

use actix_web::{get, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Reason};
use kernel::validation::FieldText;
use kernel::{AppContext, AppError, AppResult, Data, Page, PageParams, Staff};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use crate::entity::project;
use crate::enums::{ProjectAction, ProjectStatus};
use crate::policy;
use crate::read::Version;
use crate::read::views::{ProjectChanges, ProjectDraft, ProjectVersion, StaffProjectRow};
use crate::service::review::{self, RejectionReason, Verdict};
use crate::service::{changes, team};

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
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason>)]
    pub reason: Option<Given<Reason>>,
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
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Reason>)]
    pub reason: Option<Given<Reason>>,
}

/// Projects by state
///
/// Projects in one state: submissions the longest waiting first, others the latest changed.
#[utoipa::path(
    operation_id = "staffProjectQueue",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
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
    rows(&ctx, page).await.map(web::Json)
}

/// Staff's rows for a page of projects, their owners read in one call.
async fn rows(ctx: &AppContext, page: Page<project::Model>) -> AppResult<Page<StaffProjectRow>> {
    let Page { data, pagination } = page;
    let data = owned_rows(ctx, data).await?;
    Ok(Page { data, pagination })
}

/// Staff's rows for `projects`, with their owners, teams and needs.
pub(super) async fn owned_rows(
    ctx: &AppContext,
    projects: Vec<project::Model>,
) -> AppResult<Vec<StaffProjectRow>> {
    let owners: Vec<i64> = projects.iter().map(|p| p.owner_id).collect();
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    let people = ctx.users.summaries(&owners).await?;
    let mut teams = team::of_each(&ctx.db, &ids).await?;
    let drafts = crate::read::drafts(ctx, projects, Version::Public).await?;
    Ok(drafts
        .into_iter()
        .zip(owners)
        .map(|(project, owner)| StaffProjectRow {
            owner: people.get(&owner).cloned(),
            team: teams.remove(&project.id).unwrap_or_default().rows().into(),
            can_review: policy::may_review(project.status),
            actions: policy::staff_actions(project.status),
            project,
        })
        .collect())
}

/// The public version of one project for staff.
async fn public(ctx: &AppContext, project: project::Model) -> AppResult<ProjectDraft> {
    let mut one = crate::read::drafts(ctx, vec![project], Version::Public).await?;
    Ok(one.remove(0))
}

/// Project changes to review
///
/// Live projects whose owners proposed changes, the longest waiting first.
#[utoipa::path(
    operation_id = "staffProjectChangesQueue",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of live projects with changes waiting.", body = Page<StaffProjectRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/project-changes")]
pub async fn changes_queue(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffProjectRow>>> {
    let page = changes::queue(&ctx.db, &params).await?;
    rows(&ctx, page).await.map(web::Json)
}

/// A project's waiting changes
///
/// A live project's public version beside the changes waiting for review.
#[utoipa::path(
    operation_id = "staffProjectChanges",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "Both versions.", body = Data<ProjectChanges>),
        (status = 400, description = "No changes wait on this project.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such project.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/projects/{id}/changes")]
pub async fn compare_changes(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProjectChanges>>> {
    let (found, current, proposed) = changes::compare(&ctx.db, *path).await?;
    let mut ids: Vec<i64> = current.tags.iter().chain(&proposed.tags).copied().collect();
    ids.sort_unstable();
    ids.dedup();
    let topics = ctx.groups.topics(&ids).await?;
    let storage = ctx.storage.as_ref();
    let mut row = owned_rows(&ctx, vec![found]).await?;
    Ok(Data::new(ProjectChanges {
        project: row.remove(0),
        current: ProjectVersion::of(current, &topics, storage),
        proposed: ProjectVersion::of(proposed, &topics, storage),
    }))
}

/// Review a project's changes
///
/// Approves the changes waiting on a live project (they become its public version) or sends them
/// back with a reason (the public version stays).
#[utoipa::path(
    operation_id = "staffReviewProjectChanges",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = ProjectReviewRequest,
    responses(
        (status = 200, description = "Decided.", body = Data<ProjectDraft>),
        (status = 400, description = "No reason for a rejection, or no changes wait on this project.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such project.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/projects/{id}/changes")]
pub async fn decide_changes(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<ProjectReviewRequest>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let verdict = verdict_of(body.into_inner())?;
    let project = changes::decide(&ctx, &staff, path.into_inner(), verdict).await?;
    Ok(Data::new(public(&ctx, project).await?))
}

fn verdict_of(request: ProjectReviewRequest) -> AppResult<Verdict> {
    let ProjectReviewRequest { verdict, reason } = request;
    Ok(match verdict {
        ProjectVerdict::Approve => Verdict::Approve,
        ProjectVerdict::Reject => Verdict::Reject(reason_given(reason)?),
    })
}

/// Review a project
///
/// Approves a submitted project (it goes live) or sends it back with a reason.
#[utoipa::path(
    operation_id = "staffReviewProject",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
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
    let verdict = verdict_of(body.into_inner())?;
    let project = review::decide(&ctx, &staff, path.into_inner(), verdict).await?;
    Ok(Data::new(public(&ctx, project).await?))
}

/// Suspend, reactivate or close a project
///
/// Suspends a live project (with a reason), reactivates a suspended one, or closes a live one;
/// audited, and the owner is told.
#[utoipa::path(
    operation_id = "staffProjectAction",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
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
    let reason = kernel::input::given_text(reason)?;
    let project = review::act(&ctx, &staff, path.into_inner(), action, reason).await?;
    Ok(Data::new(public(&ctx, project).await?))
}

/// A rejection's reason: required, in the console's words.
pub(super) fn reason_given(reason: Option<Given<Reason>>) -> AppResult<RejectionReason> {
    kernel::input::given(reason)?
        .ok_or_else(|| AppError::field("reason", FieldText::FieldRequired.as_str()))
}
