//! HTTP endpoints of the groups crate, one file per use case.

pub mod agreement;
pub mod browse;
pub mod detail;
pub mod dto;
pub mod guardrail;
pub mod invitations;
pub mod join_requests;
pub mod lookups;
pub mod materials;
pub mod members;
pub mod my_groups;
pub mod my_memberships;
pub mod profile_groups;
pub mod staff_groups;
pub mod staff_lookups;
pub mod updates;

use crate::api::dto::Comments;
use kernel::{AppContext, AppResult, Page};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::entity::working_group;
use crate::service::content::Content;
use dto::{GroupCard, GroupDetail, Lookups};

pub fn configure(cfg: &mut ServiceConfig) {
    // Fixed paths first: `/groups/{slug}` would otherwise take them.
    cfg.service(lookups::tags)
        .service(lookups::goals)
        .service(lookups::roles)
        .service(browse::list)
        .service(detail::detail)
        .service(my_memberships::joined)
        .service(my_memberships::applied)
        .service(my_groups::list)
        .service(my_groups::create)
        .service(my_groups::get)
        .service(my_groups::update)
        .service(my_groups::delete)
        .service(my_groups::set_image)
        .service(profile_groups::created)
        .service(join_requests::send)
        .service(join_requests::cancel)
        .service(join_requests::list)
        .service(join_requests::decide)
        .service(invitations::invite)
        .service(invitations::list)
        .service(invitations::resend)
        .service(invitations::cancel)
        .service(invitations::check)
        .service(invitations::accept)
        .service(agreement::get)
        .service(agreement::publish)
        .service(agreement::accept)
        .service(agreement::export)
        .service(guardrail::set)
        .service(members::leave)
        .service(members::list)
        .service(members::change_role)
        .service(members::remove)
        .service(materials::list_public)
        .service(materials::list_editable)
        .service(materials::create)
        .service(materials::update)
        .service(materials::delete)
        .service(updates::list_approved)
        .service(updates::list_all)
        .service(updates::create)
        .service(updates::get)
        .service(updates::update)
        .service(updates::set_image)
        .service(updates::queue)
        .service(updates::review)
        .service(staff_groups::queue)
        .service(staff_groups::review)
        .service(staff_groups::act)
        .service(staff_lookups::list)
        .service(staff_lookups::create)
        .service(staff_lookups::update)
        .service(staff_lookups::remove);
}

pub use kernel::MessageResponse;

async fn load_lookups(ctx: &AppContext) -> AppResult<Lookups> {
    crate::service::lookups::all(&ctx.db).await
}

/// Cards for groups, with their tags and creators.
async fn cards_of(
    ctx: &AppContext,
    groups: Vec<working_group::Model>,
    comments: Comments,
) -> AppResult<Vec<GroupCard>> {
    let ids: Vec<i64> = groups.iter().map(|g| g.id).collect();
    let creators: Vec<i64> = groups.iter().map(|g| g.created_by_id).collect();
    let mut tags = crate::service::lookups::tags_of(&ctx.db, &ids).await?;
    let users = ctx.users.summaries(&creators).await?;
    Ok(groups
        .into_iter()
        .map(|group| {
            let group_tags = tags.remove(&group.id).unwrap_or_default();
            let creator = users.get(&group.created_by_id).cloned();
            GroupCard::build(group, group_tags, creator, comments, ctx.storage.as_ref())
        })
        .collect())
}

/// Cards for a page of groups.
async fn cards(
    ctx: &AppContext,
    page: Page<working_group::Model>,
    comments: Comments,
) -> AppResult<Page<GroupCard>> {
    let Page { data, pagination } = page;
    Ok(Page {
        data: cards_of(ctx, data, comments).await?,
        pagination,
    })
}

/// The full view of a group, with the given content (approved or proposed).
async fn detail_of(
    ctx: &AppContext,
    group: working_group::Model,
    content: Content,
    relation: dto::Relation,
    comments: Comments,
) -> AppResult<GroupDetail> {
    let lookups = load_lookups(ctx).await?;
    let creator = ctx
        .users
        .summaries(&[group.created_by_id])
        .await?
        .remove(&group.created_by_id);
    Ok(GroupDetail::build(
        group,
        content,
        &lookups,
        creator,
        relation,
        comments,
        ctx.storage.as_ref(),
    ))
}
