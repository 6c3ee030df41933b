//! Milestone escrow: the owner reports a milestone done with evidence; Content Experts see
//! the reported milestones waiting and verify each (its tranche is paid out) or send it back
//! with a reason.

use actix_web::{get, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Parse, Reason, RichText};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, Page, PageParams, Staff};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::read::escrow::EscrowMilestone;
use crate::service::escrow::decide::{self, MAX_LINKS, Report};
use crate::service::{escrow, ownership};

/// The evidence of a milestone report: rich text, at most 20,000 characters as sent.
pub type Evidence = RichText<20_000, kernel::input::Long>;

/// A milestone reported done: what was done, and links to what shows it (publications,
/// data, registry records).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct MilestoneReport {
    /// HTML.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Evidence>)]
    pub evidence: Given<Evidence>,
    /// Web addresses (http or https), at most 10.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub links: Vec<String>,
}

/// Each link checked as a web address, or the field error of the first that is not.
fn links(given: Vec<String>) -> AppResult<Vec<String>> {
    if given.len() > MAX_LINKS {
        return Err(AppError::field("links", "Give at most 10 links."));
    }
    given
        .into_iter()
        .enumerate()
        .map(|(i, link)| {
            <kernel::input::HttpUrl>::parse(serde_json::Value::String(link))
                .map(|url| url.to_string())
                .map_err(|message| AppError::field(&format!("links[{i}]"), message))
        })
        .collect()
}

/// Report a milestone
///
/// The owner reports milestone `position` of their funded project done, with evidence; a
/// Content Expert then verifies it (its tranche is paid out) or sends it back.
#[utoipa::path(
    operation_id = "reportMilestone",
    tag = "projects",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The project's id"),
        ("position" = i32, Path, description = "The milestone's place, 1 for the first"),
    ),
    request_body = MilestoneReport,
    responses(
        (status = 200, description = "Reported; the milestone as it now stands.", body = Data<EscrowMilestone>),
        (status = 400, description = "No evidence, a link that is not a web address, or the project's funds are not in escrow.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project, or no such milestone.", body = kernel::ErrorBody),
        (status = 409, description = "The milestone is not waiting for a report (reported already, or decided).", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/milestones/{position}/report")]
pub async fn report(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<(i64, i32)>,
    body: ValidJson<MilestoneReport>,
) -> AppResult<web::Json<Data<EscrowMilestone>>> {
    let (id, position) = path.into_inner();
    let MilestoneReport {
        evidence,
        links: given,
    } = body.into_inner();
    let report = Report {
        evidence: evidence.value()?.into_string(),
        links: links(given)?,
    };
    let reported = decide::report(&ctx, &user, id, position, report).await?;
    let found = ownership::owned(&ctx.db, &user, id).await?;
    view(&ctx, reported, found.funding_state, true).await
}

/// Milestone `m` of a project in `funding`, with its files, as the owner or staff see it.
async fn view(
    ctx: &AppContext,
    m: crate::entity::milestone::Model,
    funding: crate::enums::FundingState,
    is_owner: bool,
) -> AppResult<web::Json<Data<EscrowMilestone>>> {
    let files = escrow::evidence::of_milestones(&ctx.db, &[m.id]).await?;
    Ok(Data::new(EscrowMilestone::of(
        ctx, m, funding, is_owner, &files,
    )))
}

/// A reported milestone waiting for a Content Expert, with its project.
#[derive(Debug, Serialize, ToSchema)]
pub struct MilestoneToVerify {
    pub project_id: i64,
    pub slug: String,
    pub title: String,
    pub milestone: EscrowMilestone,
}

/// Milestones to verify
///
/// Reported milestones of projects in escrow, the longest waiting first (every staff member
/// sees them; Content Experts decide).
#[utoipa::path(
    operation_id = "staffMilestones",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of reported milestones.", body = Page<MilestoneToVerify>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/milestones")]
pub async fn queue(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<MilestoneToVerify>>> {
    let (Page { data, pagination }, projects) = escrow::decide::waiting(&ctx.db, &params).await?;
    let ids: Vec<i64> = data.iter().map(|m| m.id).collect();
    let files = escrow::evidence::of_milestones(&ctx.db, &ids).await?;
    let data = data
        .into_iter()
        .filter_map(|m| {
            let p = projects.get(&m.project_id)?;
            Some(MilestoneToVerify {
                project_id: p.id,
                slug: p.slug.clone(),
                title: p.title.clone(),
                milestone: EscrowMilestone::of(&ctx, m, p.funding_state, false, &files),
            })
        })
        .collect();
    Ok(web::Json(Page { data, pagination }))
}

/// Verify a milestone
///
/// A Content Expert verifies a reported milestone: its tranche is paid out to the owner's
/// institution (the last one disburses the project); audited.
#[utoipa::path(
    operation_id = "staffVerifyMilestone",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(
        ("id" = i64, Path, description = "The project's id"),
        ("position" = i32, Path, description = "The milestone's place, 1 for the first"),
    ),
    responses(
        (status = 200, description = "Verified; the milestone as it now stands.", body = Data<EscrowMilestone>),
        (status = 403, description = "Not a Content Expert.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such public project or milestone.", body = kernel::ErrorBody),
        (status = 409, description = "The milestone is not waiting for verification.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/projects/{id}/milestones/{position}/verify")]
pub async fn verify(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, i32)>,
) -> AppResult<web::Json<Data<EscrowMilestone>>> {
    let (id, position) = path.into_inner();
    let verified = decide::verify(&ctx, &staff, id, position).await?;
    staff_view(&ctx, id, verified).await
}

/// Why a milestone is sent back (the owner and backers read it).
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct MilestoneReturn {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Reason>)]
    pub reason: Given<Reason>,
}

/// Send a milestone back
///
/// A Content Expert sends a reported milestone back with a reason: the owner reports it
/// again. The second time it is rejected: the project ends and what is left in escrow is
/// refunded to its donors pro rata. Audited.
#[utoipa::path(
    operation_id = "staffReturnMilestone",
    tag = "projects-staff",
    security(("bearer" = ["staff"])),
    params(
        ("id" = i64, Path, description = "The project's id"),
        ("position" = i32, Path, description = "The milestone's place, 1 for the first"),
    ),
    request_body = MilestoneReturn,
    responses(
        (status = 200, description = "Sent back (or rejected); the milestone as it now stands.", body = Data<EscrowMilestone>),
        (status = 400, description = "No reason.", body = kernel::ErrorBody),
        (status = 403, description = "Not a Content Expert.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such public project or milestone.", body = kernel::ErrorBody),
        (status = 409, description = "The milestone is not waiting for verification.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/projects/{id}/milestones/{position}/return")]
pub async fn send_back(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<(i64, i32)>,
    body: ValidJson<MilestoneReturn>,
) -> AppResult<web::Json<Data<EscrowMilestone>>> {
    let (id, position) = path.into_inner();
    let reason = body.into_inner().reason.value()?.to_string();
    let sent_back = decide::send_back(&ctx, &staff, id, position, reason).await?;
    staff_view(&ctx, id, sent_back).await
}

async fn staff_view(
    ctx: &AppContext,
    id: i64,
    m: crate::entity::milestone::Model,
) -> AppResult<web::Json<Data<EscrowMilestone>>> {
    let found = crate::service::final_approval::find(ctx, id).await?;
    view(ctx, m, found.funding_state, false).await
}
