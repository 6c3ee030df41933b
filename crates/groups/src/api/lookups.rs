use actix_web::{get, web};
use kernel::{AppContext, AppResult, Data};

use crate::read::views::LookupItem;
use crate::service::lookups;

fn items(entries: Vec<lookups::Entry>) -> web::Json<Data<Vec<LookupItem>>> {
    Data::new(entries.into_iter().map(LookupItem::from_entry).collect())
}

/// Project tags
///
/// Project tags (the Topics filter and the wizard's tags).
#[utoipa::path(
    operation_id = "listProjectTags",
    tag = "groups",
    responses((status = 200, description = "Every project tag.", body = Data<Vec<LookupItem>>))
)]
#[get("/groups/tags")]
pub async fn tags(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Vec<LookupItem>>>> {
    Ok(items(lookups::tags(&ctx.db).await?))
}

/// Working-group goals
///
/// The goals a working group may have; `other` asks for free text.
#[utoipa::path(
    operation_id = "listGroupGoals",
    tag = "groups",
    responses((status = 200, description = "Every goal.", body = Data<Vec<LookupItem>>))
)]
#[get("/groups/goals-of-working-group")]
pub async fn goals(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Vec<LookupItem>>>> {
    Ok(items(lookups::goals(&ctx.db).await?))
}

/// Industry-partner roles
///
/// The roles an industry partner may play; `other` asks for free text.
#[utoipa::path(
    operation_id = "listIndustryPartnerRoles",
    tag = "groups",
    responses((status = 200, description = "Every role.", body = Data<Vec<LookupItem>>))
)]
#[get("/groups/role-of-industry-partner")]
pub async fn roles(ctx: web::Data<AppContext>) -> AppResult<web::Json<Data<Vec<LookupItem>>>> {
    Ok(items(lookups::roles(&ctx.db).await?))
}
