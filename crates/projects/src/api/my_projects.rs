//! The owner's side: eligibility, the wizard's steps (each saves at once) and submission.

use actix_web::{HttpResponse, delete, get, post, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, VideoUrl};
use kernel::upload::{SingleFile, SingleFileUpload};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use crate::budget::{BudgetLine, Cents, Milestone, Plan};
use crate::enums::EthicsStatus;
use crate::read::views::{ProjectDraft, ProjectEligibility};
use crate::service::drafts::{
    self, Declaration, General, LineLabel, MilestoneText, Research, Section, Title,
};
use crate::service::{changes, eligibility, ownership};

/// Step 1 (General); `video_url` is an optional link to a video about the project.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct GeneralStep {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Title>)]
    pub title: Given<Title>,
    /// HTML, for patients and the public.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Section>)]
    pub lay_summary: Given<Section>,
    /// Topic (project tag) ids from `GET /groups/tags`, at most 5 (`tags::MAX_TAGS`).
    #[serde(default)]
    #[schema(max_items = 5)]
    pub tags: Vec<i64>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<VideoUrl>)]
    pub video_url: Option<Given<VideoUrl>>,
    /// The owner declares they may share what the patient-data guardrail found in the
    /// texts (issue 24 §1); without it, flagged texts are refused.
    pub phi_declared: Option<bool>,
}

impl GeneralStep {
    fn parsed(self) -> AppResult<General> {
        Ok(General {
            title: self.title.value()?,
            lay_summary: self.lay_summary.value()?,
            tags: self.tags,
            video_url: kernel::input::given_text(self.video_url)?,
            phi_declared: self.phi_declared.unwrap_or(false),
        })
    }
}

/// Step 2 (Research): the sections are HTML.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ResearchStep {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Section>)]
    pub problem: Given<Section>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Section>)]
    pub aims: Given<Section>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Section>)]
    pub methods: Given<Section>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Section>)]
    pub impact: Given<Section>,
    pub ethics_status: EthicsStatus,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Declaration>)]
    pub conflicts: Given<Declaration>,
    /// The owner declares they may share what the patient-data guardrail found in the
    /// texts (issue 24 §1); without it, flagged texts are refused.
    pub phi_declared: Option<bool>,
}

impl ResearchStep {
    fn parsed(self) -> AppResult<Research> {
        Ok(Research {
            phi_declared: self.phi_declared.unwrap_or(false),
            problem: self.problem.value()?,
            aims: self.aims.value()?,
            methods: self.methods.value()?,
            impact: self.impact.value()?,
            ethics_status: self.ethics_status,
            conflicts: self.conflicts.value()?,
        })
    }
}

/// A line of the budget.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct BudgetLineInput {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<LineLabel>)]
    pub label: Given<LineLabel>,
    /// Cents of CAD, at least 1.
    pub amount_cents: i64,
}

/// What a part of the funding goal pays for.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct MilestoneInput {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<LineLabel>)]
    pub title: Given<LineLabel>,
    /// Cents of CAD, at least 1.
    pub amount_cents: i64,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<MilestoneText>)]
    pub description: Given<MilestoneText>,
}

/// Step 4 (Budget): the total budget and its line items (which add up to it), the funding
/// goal (at most the total), how long the campaign runs, and the milestones the goal pays for.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct BudgetStep {
    /// Cents of CAD: what the whole project costs.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Cents>)]
    pub total_budget_cents: Given<Cents>,
    /// Cents of CAD.
    pub funding_goal_cents: i64,
    /// 15 to 60.
    pub campaign_days: i32,
    /// At most 30 (`budget::MAX_LINES`); when given, they add up to the total budget.
    #[serde(default)]
    #[validate(nested)]
    #[schema(max_items = 30)]
    pub budget_lines: Vec<BudgetLineInput>,
    /// At most 12 (`budget::MAX_MILESTONES`); together at most the funding goal.
    #[serde(default)]
    #[validate(nested)]
    #[schema(max_items = 12)]
    pub milestones: Vec<MilestoneInput>,
}

impl BudgetStep {
    fn parsed(self) -> AppResult<Plan> {
        let lines = self
            .budget_lines
            .into_iter()
            .map(|l| {
                Ok(BudgetLine {
                    label: l.label.value()?.into_string(),
                    amount_cents: l.amount_cents,
                })
            })
            .collect::<AppResult<_>>()?;
        let milestones = self
            .milestones
            .into_iter()
            .map(|m| {
                Ok(Milestone {
                    title: m.title.value()?.into_string(),
                    amount_cents: m.amount_cents,
                    description: m.description.value()?.into_string(),
                })
            })
            .collect::<AppResult<_>>()?;
        Ok(Plan {
            total_budget_cents: self.total_budget_cents.value()?.0,
            funding_goal_cents: self.funding_goal_cents,
            campaign_days: self.campaign_days,
            lines,
            milestones,
        })
    }
}

/// Project eligibility
///
/// Whether the caller may submit projects; each reason not, with the screen that fixes it.
#[utoipa::path(
    operation_id = "getProjectEligibility",
    tag = "projects",
    security(("bearer" = [])),
    responses((status = 200, description = "Eligible, or why not.", body = Data<ProjectEligibility>))
)]
#[get("/me/project-eligibility")]
pub async fn may_submit(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<ProjectEligibility>>> {
    Ok(Data::new(eligibility::gaps(&ctx, user.id).await?.into()))
}

/// My projects
///
/// The caller's projects in every state, newest first (`/my-projects`).
#[utoipa::path(
    operation_id = "listMyProjects",
    tag = "projects",
    security(("bearer" = [])),
    responses((status = 200, description = "The caller's projects.", body = Data<Vec<ProjectDraft>>))
)]
#[get("/me/projects")]
pub async fn list(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
) -> AppResult<web::Json<Data<Vec<ProjectDraft>>>> {
    let projects = drafts::mine(&ctx.db, &user).await?;
    Ok(Data::new(
        crate::read::drafts(&ctx, projects, crate::read::Version::Working).await?,
    ))
}

/// Create a project
///
/// Starts a project from the wizard's first step (members who may submit projects). The project
/// stays a draft until it is submitted.
#[utoipa::path(
    operation_id = "createProject",
    tag = "projects",
    security(("bearer" = [])),
    request_body = GeneralStep,
    responses(
        (status = 201, description = "The new draft.", body = Data<ProjectDraft>),
        (status = 400, description = "A field is missing or too long.", body = kernel::ErrorBody),
        (status = 403, description = "No approved university affiliation, or the equity fields are missing.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects")]
pub async fn create(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<GeneralStep>,
) -> AppResult<HttpResponse> {
    let project = drafts::create(&ctx, &user, body.into_inner().parsed()?).await?;
    Ok(HttpResponse::Created().json(Data::new(crate::read::draft(&ctx, project).await?)))
}

/// Get my project
///
/// One of the caller's projects, as the wizard edits it.
#[utoipa::path(
    operation_id = "getMyProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "The project.", body = Data<ProjectDraft>),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[get("/me/projects/{id}")]
pub async fn get(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let project = ownership::owned(&ctx.db, &user, path.into_inner()).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}

/// Save the general step
///
/// Saves the wizard's first step again: title, lay summary, tags and video (a draft or a
/// project sent back; on a live project, as changes waiting for staff).
#[utoipa::path(
    operation_id = "saveProjectGeneral",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = GeneralStep,
    responses(
        (status = 200, description = "Saved.", body = Data<ProjectDraft>),
        (status = 400, description = "A field is missing, or the project is under review or live.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[put("/me/projects/{id}/general")]
pub async fn save_general(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<GeneralStep>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let general = body.into_inner().parsed()?;
    let project = drafts::set_general(&ctx, &user, path.into_inner(), general).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}

/// Save the research step
///
/// Saves the wizard's second step: the problem, aims, methods, impact and conflicts of
/// interest (on a live project, as changes waiting for staff).
#[utoipa::path(
    operation_id = "saveProjectResearch",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = ResearchStep,
    responses(
        (status = 200, description = "Saved.", body = Data<ProjectDraft>),
        (status = 400, description = "A field is missing, or the project is under review or live.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[put("/me/projects/{id}/research")]
pub async fn save_research(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<ResearchStep>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let research = body.into_inner().parsed()?;
    let project = drafts::set_research(&ctx, &user, path.into_inner(), research).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}

/// Save the budget step
///
/// Saves the Budget step.
#[utoipa::path(
    operation_id = "saveProjectBudget",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = BudgetStep,
    responses(
        (status = 200, description = "Saved.", body = Data<ProjectDraft>),
        (status = 400, description = "An amount below 1 cent, a goal above the total, lines that do not add up to the total, milestones above the goal, a campaign outside 15–60 days, or the project is under review or live.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[put("/me/projects/{id}/budget")]
pub async fn save_budget(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<BudgetStep>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let plan = body.into_inner().parsed()?;
    let project = drafts::set_budget(&ctx, &user, path.into_inner(), plan).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}

/// Set a project's picture
///
/// Sets the project's picture (multipart field `file`; a JPEG or PNG checked by content).
#[utoipa::path(
    operation_id = "setProjectImage",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body(content = SingleFileUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The project with its picture.", body = Data<ProjectDraft>),
        (status = 400, description = "Not a JPEG or PNG image, too large, no file, or the project is under review or live.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/set-image")]
pub async fn set_image(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    form: SingleFile,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let project = drafts::set_image(&ctx, &user, *path, form.bytes).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}

/// Submit a project
///
/// Sends the project to staff for review.
#[utoipa::path(
    operation_id = "submitProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "Submitted.", body = Data<ProjectDraft>),
        (status = 400, description = "A step is missing (each named on its field), or already submitted.", body = kernel::ErrorBody),
        (status = 403, description = "The caller may no longer submit projects.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/submit")]
pub async fn submit(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let project = drafts::submit(&ctx, &user, path.into_inner()).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}

/// Withdraw waiting changes
///
/// Withdraws the changes waiting on the caller's live project (the public version stays).
#[utoipa::path(
    operation_id = "withdrawProjectChanges",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    responses(
        (status = 200, description = "Withdrawn; the project as it is public.", body = Data<ProjectDraft>),
        (status = 400, description = "No changes wait on this project.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
    )
)]
#[delete("/me/projects/{id}/changes")]
pub async fn withdraw_changes(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<ProjectDraft>>> {
    let project = changes::withdraw(&ctx, &user, path.into_inner()).await?;
    Ok(Data::new(crate::read::draft(&ctx, project).await?))
}
