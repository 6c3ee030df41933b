//! Dynamic Review: a member's ratings of a live project, and the reviews it received.

use actix_web::{get, put, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Text, given_text};
use kernel::{AppContext, AppResult, CurrentUser, Data, Page, PageParams};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use crate::read::views::{ProjectReview, ReviewSummary};
use crate::service::dynamic_review::{self, Rating, Review};

/// A review: every criterion rated from 1 to 5, and an optional comment.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ReviewInput {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Rating>)]
    pub scientific_merit: Given<Rating>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Rating>)]
    pub feasibility: Given<Rating>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Rating>)]
    pub relevance_to_patients: Given<Rating>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Rating>)]
    pub clarity: Given<Rating>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Rating>)]
    pub team: Given<Rating>,
    /// Plain text, at most 2,000 characters.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<2000>>)]
    pub comment: Option<Given<Text<2000>>>,
}

impl ReviewInput {
    fn parsed(self) -> AppResult<Review> {
        Ok(Review {
            ratings: [
                self.scientific_merit.value()?,
                self.feasibility.value()?,
                self.relevance_to_patients.value()?,
                self.clarity.value()?,
                self.team.value()?,
            ],
            comment: given_text(self.comment)?.unwrap_or_default(),
        })
    }
}

/// Review a project
///
/// Saves the caller's review of a live project (one per member; saving again edits it). Scores
/// scientific merit, feasibility, impact, clarity and relevance to patients, with a comment.
#[utoipa::path(
    operation_id = "reviewProject",
    tag = "projects",
    security(("bearer" = [])),
    params(("slug" = String, Path, description = "The project's address")),
    request_body = ReviewInput,
    responses(
        (status = 200, description = "The project's reviews in numbers, with the caller's.", body = Data<ReviewSummary>),
        (status = 400, description = "A rating is missing or not from 1 to 5.", body = kernel::ErrorBody),
        (status = 403, description = "The caller owns the project, or it is not live.", body = kernel::ErrorBody),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
    )
)]
#[put("/projects/{slug}/review")]
pub async fn save(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<String>,
    body: ValidJson<ReviewInput>,
) -> AppResult<web::Json<Data<ReviewSummary>>> {
    let review = body.into_inner().parsed()?;
    let tally = dynamic_review::save(&ctx.db, &user, &path, review).await?;
    Ok(Data::new(tally.into()))
}

/// List a project's reviews
///
/// A public project's reviews, the latest changed first (10 a page).
#[utoipa::path(
    operation_id = "listProjectReviews",
    tag = "projects",
    params(("slug" = String, Path, description = "The project's address"), PageParams),
    responses(
        (status = 200, description = "A page of reviews.", body = Page<ProjectReview>),
        (status = 404, description = "No such public project.", body = kernel::ErrorBody),
    )
)]
#[get("/projects/{slug}/reviews")]
pub async fn list(
    ctx: web::Data<AppContext>,
    path: web::Path<String>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ProjectReview>>> {
    let page = dynamic_review::list(&ctx.db, &path, &params).await?;
    let ids: Vec<i64> = page.data.iter().map(|r| r.user_id).collect();
    let people = ctx.users.summaries(&ids).await?;
    Ok(web::Json(page.map(|r| {
        let reviewer = people.get(&r.user_id).cloned();
        ProjectReview::of(r, reviewer)
    })))
}
