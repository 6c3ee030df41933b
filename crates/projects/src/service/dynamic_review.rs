//! Dynamic Review: signed-in members other than the owner rate a live project from 1 to 5
//! on five criteria, with an optional comment. One row per member and project (a unique
//! index, written by an upsert), so racing saves stay one review and the averages exact.

use std::borrow::Cow;

use kernel::input::Parse;
use kernel::validation::FieldText;
use kernel::{AppError, AppResult, CurrentUser, Page, PageParams};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::browse;
use crate::entity::{project, review};
use crate::enums::ReviewCriterion;
use crate::policy;

/// Reviews come 10 a page under the panel.
const PER_PAGE: u64 = 10;

/// The terms' comment and review guidelines (8 criteria), shown before a first review.
pub const GUIDELINES: [&str; 8] = [
    "Share your firsthand experience and expertise.",
    "Be respectful: no abuse or discrimination.",
    "No false statements: say what you know, and how you know it.",
    "Do not disclose anyone's private or health information.",
    "No advertising or self-promotion.",
    "Stay on topic: review this project's research.",
    "Declare any conflict of interest you have with the project.",
    "No organised campaigns to push a rating up or down.",
];

/// A rating from 1 to 5, parsed at the edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating(i16);

impl Rating {
    pub fn get(self) -> i16 {
        self.0
    }
}

impl Parse for Rating {
    const MISSING: FieldText = FieldText::FieldRequired;

    fn parse(value: serde_json::Value) -> Result<Self, Cow<'static, str>> {
        value
            .as_i64()
            .filter(|n| (1..=5).contains(n))
            .and_then(|n| i16::try_from(n).ok())
            .map(Self)
            .ok_or(Cow::Borrowed(FieldText::Rating.as_str()))
    }
}

impl utoipa::PartialSchema for Rating {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .minimum(Some(1))
            .maximum(Some(5))
            .into()
    }
}

/// A member's ratings, in [`ReviewCriterion::ALL`]'s order, and their comment.
#[derive(Debug, Clone)]
pub struct Review {
    pub ratings: [Rating; 5],
    pub comment: String,
}

/// The number of reviews and each criterion's sum, as one row answers them.
type CountAndSums = (
    i64,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

/// A project's reviews in numbers, and the viewer's own.
#[derive(Debug, Clone)]
pub struct Tally {
    pub count: u64,
    /// Each criterion's average, in [`ReviewCriterion::ALL`]'s order; none before a review.
    pub averages: [Option<f64>; 5],
    pub mine: Option<review::Model>,
}

/// The ratings of a stored review, in [`ReviewCriterion::ALL`]'s order.
pub fn ratings_of(r: &review::Model) -> [i16; 5] {
    [
        r.scientific_merit,
        r.feasibility,
        r.relevance_to_patients,
        r.clarity,
        r.team,
    ]
}

fn column(criterion: ReviewCriterion) -> review::Column {
    match criterion {
        ReviewCriterion::ScientificMerit => review::Column::ScientificMerit,
        ReviewCriterion::Feasibility => review::Column::Feasibility,
        ReviewCriterion::RelevanceToPatients => review::Column::RelevanceToPatients,
        ReviewCriterion::Clarity => review::Column::Clarity,
        ReviewCriterion::Team => review::Column::Team,
    }
}

/// The project's count and averages in one statement, and the viewer's review.
pub async fn tally(
    db: &impl ConnectionTrait,
    project_id: i64,
    viewer: Option<i64>,
) -> AppResult<Tally> {
    // Sums rather than AVG: both databases answer a sum of small integers as a 64-bit
    // integer, where AVG is a decimal on PostgreSQL and a float on SQLite.
    let mut select = review::Entity::find()
        .select_only()
        .column_as(Expr::col(review::Column::Id).count(), "count")
        .filter(review::Column::ProjectId.eq(project_id));
    for criterion in ReviewCriterion::ALL {
        select = select.column_as(Expr::col(column(*criterion)).sum(), criterion.as_str());
    }
    let row: Option<CountAndSums> = select.into_tuple().one(db).await?;
    let (count, a, b, c, d, e) = row.unwrap_or_default();
    let average = |sum: Option<i64>| {
        (count > 0).then(|| {
            // Counts and sums of ratings are far below 2^53: exact as floats.
            #[allow(clippy::cast_precision_loss)]
            let mean = sum.unwrap_or_default() as f64 / count as f64;
            (mean * 10.0).round() / 10.0
        })
    };
    let mine = match viewer {
        Some(user_id) => {
            review::Entity::find()
                .filter(review::Column::ProjectId.eq(project_id))
                .filter(review::Column::UserId.eq(user_id))
                .one(db)
                .await?
        }
        None => None,
    };
    Ok(Tally {
        count: u64::try_from(count).unwrap_or_default(),
        averages: [a, b, c, d, e].map(average),
        mine,
    })
}

/// Saves the member's review of the live project at `slug` (a second save edits it).
pub async fn save(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    slug: &str,
    review: Review,
) -> AppResult<Tally> {
    let found: project::Model = browse::public(db, slug).await?;
    if !policy::may_rate(found.status, found.owner_id == user.id) {
        return Err(AppError::forbidden());
    }
    let now = kernel::clock::now();
    let [merit, feasibility, relevance, clarity, team] = review.ratings.map(Rating::get);
    review::Entity::insert(review::ActiveModel {
        project_id: Set(found.id),
        user_id: Set(user.id),
        scientific_merit: Set(merit),
        feasibility: Set(feasibility),
        relevance_to_patients: Set(relevance),
        clarity: Set(clarity),
        team: Set(team),
        comment: Set(review.comment),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([review::Column::ProjectId, review::Column::UserId])
            .update_columns([
                review::Column::ScientificMerit,
                review::Column::Feasibility,
                review::Column::RelevanceToPatients,
                review::Column::Clarity,
                review::Column::Team,
                review::Column::Comment,
                review::Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec(db)
    .await?;
    tally(db, found.id, Some(user.id)).await
}

/// The public project's reviews, the latest changed first.
pub async fn list(
    db: &impl ConnectionTrait,
    slug: &str,
    params: &PageParams,
) -> AppResult<Page<review::Model>> {
    let found = browse::public(db, slug).await?;
    let select = review::Entity::find()
        .filter(review::Column::ProjectId.eq(found.id))
        .order_by_desc(review::Column::UpdatedAt)
        .order_by_desc(review::Column::Id);
    kernel::pagination::paginate(db, select, params, PER_PAGE).await
}
