use actix_web::{get, web};
use fulltext::SearchKind;
use kernel::{AppResult, CurrentUser};
use serde::Deserialize;
use utoipa::IntoParams;

use super::dto::{SearchHit, SearchResults};
use crate::service::{self, Sources};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// What to look for: words (all of them), "a phrase", -excluded, `or` between
    /// alternatives. At most 200 characters.
    // Required in the contract; read as optional so that a missing `q` gets the field's own
    // message, as an empty one does.
    #[param(required = true)]
    pub q: Option<String>,
    /// Only this kind of result.
    #[param(inline)]
    pub r#type: Option<SearchKind>,
    /// 1-based page, at most 10.
    #[param(minimum = 1, maximum = 10)]
    pub page: Option<u64>,
}

/// Search everything
///
/// Working groups, discussion topics and replies, blog posts, lectures, public profiles
/// and projects that the viewer may read, ranked by relevance, 20 a page. A private
/// topic and its replies are found by the group's members only.
#[utoipa::path(
    operation_id = "search",
    tag = "system",
    security((), ("bearer" = [])),
    params(SearchQuery),
    responses(
        (status = 200, description = "A page of results.", body = SearchResults),
        (status = 400, description = "No words, more than 200 characters, or a page past the tenth.", body = kernel::ErrorBody),
    )
)]
#[get("/search")]
pub async fn search(
    sources: web::Data<Sources>,
    viewer: Option<CurrentUser>,
    query: web::Query<SearchQuery>,
) -> AppResult<web::Json<SearchResults>> {
    let query = query.into_inner();
    let page = query.page.unwrap_or(1).max(1);
    let results = service::search(
        &sources,
        query.q.as_deref().unwrap_or_default(),
        query.r#type,
        viewer.as_ref(),
        page,
    )
    .await?;
    Ok(web::Json(SearchResults {
        data: results.hits.into_iter().map(SearchHit::from).collect(),
        page,
        has_more: results.has_more,
    }))
}
