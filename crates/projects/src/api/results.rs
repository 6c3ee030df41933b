//! Results that are reported: the owner posts a paid-out project's results once; anyone reads
//! them on the project's page, and the public tracker lists the projects whose results are due
//! or overdue.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Given, RichText, Text};
use kernel::users::UserSummary;
use kernel::{AppContext, AppError, AppResult, CurrentUser, Data, Page, PageParams};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::entity::results::Deviation;
use crate::read::results::ProjectResults;
use crate::service::results::{self, MAX_DEVIATIONS, Posting};

/// A lay summary or the outcomes: rich text, at most 50,000 characters as sent.
pub type ResultsText = RichText<50_000, kernel::input::Long>;

/// A deviation as the form sends it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct DeviationForm {
    /// The part of the registered protocol done differently.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<200>>)]
    pub what: Given<Text<200>>,
    /// Why.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<2000, kernel::input::Long>>)]
    pub why: Given<Text<2000, kernel::input::Long>>,
}

/// A project's results, as its owner posts them.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ResultsForm {
    /// HTML: what was found, for anyone.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<ResultsText>)]
    pub lay_summary: Given<ResultsText>,
    /// HTML: the outcomes, primary and secondary.
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<ResultsText>)]
    pub outcomes: Given<ResultsText>,
    /// DOIs, PubMed ids, trial registry ids (NCT, ISRCTN) or web addresses, at most 20.
    #[serde(default)]
    #[schema(max_items = 20)]
    pub publications: Vec<String>,
    /// Where the data are: DOIs, registry ids or web addresses, at most 20.
    #[serde(default)]
    #[schema(max_items = 20)]
    pub data: Vec<String>,
    /// Each departure from the registered protocol, named; none when it was followed.
    #[serde(default)]
    #[validate(nested)]
    #[schema(max_items = 20)]
    pub deviations: Vec<DeviationForm>,
}

/// Post the results
///
/// The owner posts their paid-out project's results, once: they stay as posted. Its backers
/// and followers are told.
#[utoipa::path(
    operation_id = "postResults",
    tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The project's id")),
    request_body = ResultsForm,
    responses(
        (status = 201, description = "Posted.", body = Data<ProjectResults>),
        (status = 400, description = "A missing summary or outcomes, a link that is neither an identifier nor a web address, or the project is not paid out in full.", body = kernel::ErrorBody),
        (status = 404, description = "Not the caller's project.", body = kernel::ErrorBody),
        (status = 409, description = "The results were posted already.", body = kernel::ErrorBody),
    )
)]
#[post("/me/projects/{id}/results")]
pub async fn post_results(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    path: web::Path<i64>,
    body: ValidJson<ResultsForm>,
) -> AppResult<HttpResponse> {
    let form = body.into_inner();
    if form.deviations.len() > MAX_DEVIATIONS {
        return Err(AppError::field(
            "deviations",
            format!("Name at most {MAX_DEVIATIONS}."),
        ));
    }
    let deviations = form
        .deviations
        .into_iter()
        .map(|d| {
            Ok(Deviation {
                what: d.what.value()?.to_string(),
                why: d.why.value()?.to_string(),
            })
        })
        .collect::<AppResult<Vec<_>>>()?;
    let posting = Posting {
        lay_summary: form.lay_summary.value()?.into_string(),
        outcomes: form.outcomes.value()?.into_string(),
        publications: results::links("publications", form.publications)?,
        data: results::links("data", form.data)?,
        deviations,
    };
    let saved = results::post(&ctx, &user, *path, posting).await?;
    Ok(HttpResponse::Created().json(Data::new(ProjectResults::from(saved))))
}

/// A project whose results are due, on the tracker.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResultsDueRow {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub owner: Option<UserSummary>,
    pub due_at: DateTime<Utc>,
    /// The date has passed and nothing is posted.
    pub overdue: bool,
}

/// Results due
///
/// The public tracker: paid-out projects whose results are not posted yet, the earliest date
/// first (the overdue ones first of all).
#[utoipa::path(
    operation_id = "listResultsDue",
    tag = "projects",
    params(PageParams),
    responses((status = 200, description = "A page of projects whose results are due.", body = Page<ResultsDueRow>))
)]
#[get("/projects/results-due")]
pub async fn due(
    ctx: web::Data<AppContext>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<ResultsDueRow>>> {
    let Page { data, pagination } = results::tracker(&ctx.db, &params).await?;
    let owners: Vec<i64> = data.iter().map(|p| p.owner_id).collect();
    let people = ctx.users.summaries(&owners).await?;
    let now = kernel::clock::now();
    let data = data
        .into_iter()
        .filter_map(|p| {
            let due_at = p.results_due_at?;
            Some(ResultsDueRow {
                owner: people.get(&p.owner_id).cloned(),
                overdue: results::is_overdue(due_at, now),
                id: p.id,
                slug: p.slug,
                title: p.title,
                due_at,
            })
        })
        .collect();
    Ok(web::Json(Page { data, pagination }))
}
