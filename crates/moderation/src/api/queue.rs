use actix_web::{get, post, web};
use kernel::extract::ValidJson;
use kernel::moderation::ReportSubject;
use kernel::{AppContext, AppResult, CurrentUser, Data, MessageResponse, PageParams};

use super::dto::{
    GroupScope, ReasonCount, ReportDecision, ReportedAuthor, ReportedItem, ReportedItemPage,
};
use crate::Reportables;
use crate::service::{acting, queue};

/// List reported items
///
/// The review queue: items with open reports, most reported first, 20 a page. Staff see
/// every item (or one group's); a working group's owner and moderators see their groups'
/// topics, replies and updates. Reporters are not named.
#[utoipa::path(
    operation_id = "listReportedItems",
    tag = "moderation",
    security(("bearer" = [])),
    params(GroupScope, PageParams),
    responses(
        (status = 200, description = "A page of the queue.", body = ReportedItemPage),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 404, description = "The caller reviews no such queue.", body = kernel::ErrorBody),
    )
)]
#[get("/moderation/reports")]
pub async fn list(
    ctx: web::Data<AppContext>,
    reportables: web::Data<Reportables>,
    user: CurrentUser,
    scope: web::Query<GroupScope>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<ReportedItemPage>> {
    let page = queue::list(&ctx, &reportables, &user, scope.group_id, &params).await?;
    let page = page.map(view);
    Ok(web::Json(ReportedItemPage {
        data: page.data,
        pagination: page.pagination,
    }))
}

fn view(item: queue::Queued) -> ReportedItem {
    ReportedItem {
        subject_type: item.kind,
        subject_id: item.id,
        title: item.subject.as_ref().map(|s| s.title.clone()),
        route: item
            .subject
            .as_ref()
            .map(|s| s.route.clone())
            .filter(|r| !r.is_empty()),
        author: item.author.map(|a| ReportedAuthor {
            id: a.id,
            name: a.name,
        }),
        group_id: item.group_id,
        hidden: item.subject.as_ref().is_some_and(|s| s.hidden),
        reports: item.reports,
        reasons: item
            .reasons
            .into_iter()
            .map(|(reason, count)| ReasonCount { reason, count })
            .collect(),
        details: item.details,
        first_reported_at: item.first_reported_at,
        last_reported_at: item.last_reported_at,
        actions: item.actions,
    }
}

/// Act on a reported item
///
/// Dismisses its reports (a hidden item shows again), hides it with a reason its author
/// reads, deletes it, warns its author, or (staff) suspends its author's account. The
/// action settles every open report about it and enters the moderation log.
#[utoipa::path(
    operation_id = "moderateReportedItem",
    tag = "moderation",
    security(("bearer" = [])),
    params(
        ("subject_type" = inline(ReportSubject), Path, description = "What was reported"),
        ("subject_id" = i64, Path, description = "Its id"),
    ),
    request_body = ReportDecision,
    responses(
        (status = 200, description = "Done.", body = Data<MessageResponse>, example = json!({"data": {"message": acting::DONE}})),
        (status = 400, description = "A reason missing or too long, or the item is gone.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "Not an action the caller may take here.", body = kernel::ErrorBody),
        (status = 404, description = "No open reports that the caller reviews.", body = kernel::ErrorBody),
    )
)]
#[post("/moderation/reports/{subject_type}/{subject_id}")]
pub async fn act(
    ctx: web::Data<AppContext>,
    reportables: web::Data<Reportables>,
    user: CurrentUser,
    path: web::Path<(ReportSubject, i64)>,
    body: ValidJson<ReportDecision>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let (kind, id) = path.into_inner();
    let body = body.into_inner();
    acting::act(
        &ctx,
        &reportables,
        &user,
        kind,
        id,
        body.action,
        body.reason,
    )
    .await?;
    Ok(MessageResponse::data(acting::DONE))
}
