//! A project as its owner writes it: created from the General step, completed step by
//! step (each step saves at once), then submitted for staff review. Every input is parsed
//! at the edge (`kernel::input`), so these functions never check a text again.

use kernel::input::{Long, RichText, Text};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use media::images::{self, Shape};
use phi::guard::{self, Guard};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use super::browse::ProjectRef;
use super::{changes, eligibility, ownership, tags};
use crate::budget::{self, BudgetLines, Milestones, Plan};
use crate::content::Content;
use crate::entity::project;
use crate::enums::{EthicsStatus, ProjectStatus};
use crate::policy;

/// A project's title: required, at most 255 characters.
pub type Title = Text<255, Long>;
/// A rich-text section of a project.
pub type Section = RichText<100_000, Long>;
/// The conflicts-of-interest declaration.
pub type Declaration = Text<5000, Long>;
/// A budget line's label or a milestone's title.
pub type LineLabel = Text<255, Long>;
/// What a milestone pays for.
pub type MilestoneText = Text<1000, Long>;

/// Step 1 (General).
#[derive(Debug, Clone)]
pub struct General {
    pub title: Title,
    /// For patients and the public.
    pub lay_summary: Section,
    /// Topic (project tag) ids, at most [`tags::MAX_TAGS`].
    pub tags: Vec<i64>,
    /// A link to a video about the project (already checked to be a web address).
    pub video_url: Option<String>,
    /// The owner declared they may share what the patient-data guardrail found.
    pub phi_declared: bool,
}

impl General {
    /// Issue 24 §1: the step's texts pass the patient-data guardrail or carry the
    /// owner's declaration.
    async fn guarded(
        &self,
        ctx: &AppContext,
        user: &CurrentUser,
        id: Option<i64>,
    ) -> AppResult<()> {
        let fields = [("lay_summary", &*self.lay_summary)];
        guarded(ctx, user, id, &fields, self.phi_declared).await
    }
}

/// Step 2 (Research).
#[derive(Debug, Clone)]
pub struct Research {
    pub problem: Section,
    pub aims: Section,
    pub methods: Section,
    pub impact: Section,
    pub ethics_status: EthicsStatus,
    pub conflicts: Declaration,
    /// The owner declared they may share what the patient-data guardrail found.
    pub phi_declared: bool,
}

impl Research {
    async fn guarded(&self, ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<()> {
        let fields = [
            ("problem", &*self.problem),
            ("aims", &*self.aims),
            ("methods", &*self.methods),
            ("impact", &*self.impact),
            ("conflicts", &*self.conflicts),
        ];
        guarded(ctx, user, Some(id), &fields, self.phi_declared).await
    }
}

/// Checks a project's texts with the patient-data guardrail (a project's own texts are
/// never blocked outright: the declaration is enough).
async fn guarded(
    ctx: &AppContext,
    user: &CurrentUser,
    id: Option<i64>,
    fields: &[(&str, &str)],
    declared: bool,
) -> AppResult<()> {
    let place = guard::Place(match id {
        Some(id) => format!("project:{id}"),
        None => "project:new".to_owned(),
    });
    let guard = Guard {
        declared,
        blocking: false,
    };
    let fields: Vec<_> = fields
        .iter()
        .map(|(field, text)| guard::Published::text(field, text))
        .collect();
    guard::check_fields(&ctx.db, user.id, &place, &fields, guard).await
}

/// Starts a draft from the General step (only members who may submit projects).
pub async fn create(
    ctx: &AppContext,
    user: &CurrentUser,
    general: General,
) -> AppResult<project::Model> {
    eligibility::require(ctx, user.id).await?;
    general.guarded(ctx, user, None).await?;
    let topics = tags::checked(ctx, &general.tags).await?;
    let slug = unique_slug(&ctx.db, &general.title).await?;
    let now = kernel::clock::now();
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let created = project::ActiveModel {
        owner_id: Set(user.id),
        slug: Set(slug),
        title: Set(general.title.into_string()),
        lay_summary: Set(general.lay_summary.into_string()),
        image: Set(None),
        video_url: Set(video(general.video_url)),
        problem: Set(String::new()),
        aims: Set(String::new()),
        methods: Set(String::new()),
        impact: Set(String::new()),
        ethics_status: Set(None),
        conflicts: Set(String::new()),
        funding_goal_cents: Set(None),
        campaign_days: Set(None),
        total_budget_cents: Set(None),
        budget_lines: Set(BudgetLines::default()),
        milestones: Set(Milestones::default()),
        status: Set(ProjectStatus::Draft),
        rejection_reason: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        submitted_at: Set(None),
        live_at: Set(None),
        closes_at: Set(None),
        ..Default::default()
    }
    .insert(&tx)
    .await?;
    tags::set(&tx, created.id, &topics).await?;
    tx.commit().await?;
    Ok(created)
}

/// The caller's projects in every state, newest first (`/my-projects`).
pub async fn mine(db: &impl ConnectionTrait, user: &CurrentUser) -> AppResult<Vec<project::Model>> {
    Ok(project::Entity::find()
        .filter(project::Column::OwnerId.eq(user.id))
        .order_by_desc(project::Column::CreatedAt)
        .order_by_desc(project::Column::Id)
        .all(db)
        .await?)
}

/// The caller's draft (or sent-back project), ready for a step's changes; a live
/// project's budget and submission are not the owner's to change.
async fn editable(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    id: i64,
    live_message: &'static str,
) -> AppResult<project::ActiveModel> {
    let found = ownership::changeable(db, user, id).await?;
    if !policy::may_edit(found.status) {
        return Err(AppError::bad_request("not_editable", live_message));
    }
    let mut active: project::ActiveModel = found.into();
    active.updated_at = Set(kernel::clock::now());
    Ok(active)
}

/// Applies a step to a live project's waiting changes instead of its public version.
async fn propose_with(
    db: &impl ConnectionTrait,
    found: project::Model,
    step: impl FnOnce(&mut Content),
) -> AppResult<project::Model> {
    let mut content = changes::working(db, &found).await?;
    step(&mut content);
    changes::propose(db, found, content).await
}

pub const BUDGET_LOCKED: &str =
    "The budget of a live campaign cannot change: its backers pledge to it as it is.";
pub const ALREADY_SUBMITTED: &str = "This project has already been submitted.";

/// Saves step 1 again.
pub async fn set_general(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    general: General,
) -> AppResult<project::Model> {
    let topics = tags::checked(ctx, &general.tags).await?;
    let found = ownership::changeable(&ctx.db, user, id).await?;
    general.guarded(ctx, user, Some(found.id)).await?;
    if policy::edits_wait_for_staff(found.status) {
        return propose_with(&ctx.db, found, |c| {
            c.title = general.title.into_string();
            c.lay_summary = general.lay_summary.into_string();
            c.video_url = video(general.video_url);
            c.tags = topics;
        })
        .await;
    }
    let mut active: project::ActiveModel = found.into();
    active.updated_at = Set(kernel::clock::now());
    active.title = Set(general.title.into_string());
    active.lay_summary = Set(general.lay_summary.into_string());
    active.video_url = Set(video(general.video_url));
    let tx = kernel::db::begin_write(&ctx.db).await?;
    let saved = active.update(&tx).await?;
    tags::set(&tx, id, &topics).await?;
    tx.commit().await?;
    Ok(saved)
}

/// The address is kept only when one was given.
fn video(url: Option<String>) -> Option<String> {
    url.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// The project picture's size on the page, and its thumbnail's on the cards.
const IMAGE_SHAPE: Shape = Shape {
    max_width: 1200,
    thumbnail_side: 480,
};

/// Sets the project's picture (a JPEG or PNG checked by content), replacing the old one.
pub async fn set_image(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    upload: Vec<u8>,
) -> AppResult<project::Model> {
    ownership::changeable(&ctx.db, user, id).await?;
    let key = images::accept(ctx.storage.as_ref(), &image_folder(id), upload, IMAGE_SHAPE).await?;
    set_stored_image(ctx, user, id, key).await
}

/// Where project `id`'s pictures are stored.
pub fn image_folder(id: i64) -> String {
    format!("projects/{id}")
}

/// Points the project at a picture already stored at `key`, removing the one before.
pub async fn set_stored_image(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    key: String,
) -> AppResult<project::Model> {
    let current = ownership::changeable(&ctx.db, user, id).await?;
    if policy::edits_wait_for_staff(current.status) {
        let public = current.image.clone();
        let mut content = changes::working(&ctx.db, &current).await?;
        let proposed_before = content.image.replace(key);
        let saved = changes::propose(&ctx.db, current, content).await?;
        changes::discard_unless(ctx, proposed_before, public.as_ref()).await;
        return Ok(saved);
    }
    let old = current.image.clone();
    let mut active: project::ActiveModel = current.into();
    active.image = Set(Some(key));
    active.updated_at = Set(kernel::clock::now());
    let saved = active.update(&ctx.db).await?;
    if let Some(old) = old {
        media::documents::discard(ctx.storage.as_ref(), &old).await;
    }
    Ok(saved)
}

/// Saves step 2.
pub async fn set_research(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    research: Research,
) -> AppResult<project::Model> {
    let found = ownership::changeable(&ctx.db, user, id).await?;
    research.guarded(ctx, user, found.id).await?;
    if policy::edits_wait_for_staff(found.status) {
        return propose_with(&ctx.db, found, |c| {
            c.problem = research.problem.into_string();
            c.aims = research.aims.into_string();
            c.methods = research.methods.into_string();
            c.impact = research.impact.into_string();
            c.ethics_status = Some(research.ethics_status);
            c.conflicts = research.conflicts.into_string();
        })
        .await;
    }
    let mut active: project::ActiveModel = found.into();
    active.updated_at = Set(kernel::clock::now());
    active.problem = Set(research.problem.into_string());
    active.aims = Set(research.aims.into_string());
    active.methods = Set(research.methods.into_string());
    active.impact = Set(research.impact.into_string());
    active.ethics_status = Set(Some(research.ethics_status));
    active.conflicts = Set(research.conflicts.into_string());
    Ok(active.update(&ctx.db).await?)
}

/// Saves the Budget step: the total and its lines, the goal, the campaign's length and the
/// milestones, all checked together (see [`crate::budget::problems`]).
pub async fn set_budget(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    plan: Plan,
) -> AppResult<project::Model> {
    let errors = budget::problems(&plan);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let mut active = editable(&ctx.db, user, id, BUDGET_LOCKED).await?;
    active.total_budget_cents = Set(Some(plan.total_budget_cents));
    active.funding_goal_cents = Set(Some(plan.funding_goal_cents));
    active.campaign_days = Set(Some(plan.campaign_days));
    active.budget_lines = Set(BudgetLines(plan.lines));
    active.milestones = Set(Milestones(plan.milestones));
    Ok(active.update(&ctx.db).await?)
}

/// Sends the project to staff: the owner may still submit projects, and every step the
/// review needs is saved (each missing one is named on its field).
pub async fn submit(ctx: &AppContext, user: &CurrentUser, id: i64) -> AppResult<project::Model> {
    let mut active = editable(&ctx.db, user, id, ALREADY_SUBMITTED).await?;
    eligibility::require(ctx, user.id).await?;
    let missing = missing_for_review(&ownership::owned(&ctx.db, user, id).await?);
    if !missing.is_empty() {
        let required = kernel::validation::REQUIRED.to_owned();
        return Err(AppError::Validation(
            missing
                .into_iter()
                .map(|field| (field.to_owned(), vec![required.clone()]))
                .collect(),
        ));
    }
    active.status = Set(ProjectStatus::Submitted);
    active.rejection_reason = Set(None);
    active.submitted_at = Set(Some(kernel::clock::now()));
    let submitted = active.update(&ctx.db).await?;
    ctx.events
        .publish(crate::events::ProjectSubmitted {
            project: ProjectRef::of(&submitted),
        })
        .await;
    Ok(submitted)
}

/// The fields a submission still lacks (the General step is complete by construction).
fn missing_for_review(project: &project::Model) -> Vec<&'static str> {
    let sections = [
        ("problem", project.problem.is_empty()),
        ("aims", project.aims.is_empty()),
        ("methods", project.methods.is_empty()),
        ("impact", project.impact.is_empty()),
        ("ethics_status", project.ethics_status.is_none()),
        ("conflicts", project.conflicts.is_empty()),
        ("total_budget_cents", project.total_budget_cents.is_none()),
        ("funding_goal_cents", project.funding_goal_cents.is_none()),
        ("campaign_days", project.campaign_days.is_none()),
    ];
    sections
        .into_iter()
        .filter(|(_, missing)| *missing)
        .map(|(field, _)| field)
        .collect()
}

/// The title's slug, numbered when another project has it.
async fn unique_slug(db: &impl ConnectionTrait, title: &str) -> AppResult<String> {
    kernel::slug::numbered(
        kernel::slug::slugify(title, "project"),
        |candidate| async move {
            let found = project::Entity::find()
                .filter(project::Column::Slug.eq(candidate))
                .count(db)
                .await?;
            Ok(found > 0)
        },
    )
    .await
}
