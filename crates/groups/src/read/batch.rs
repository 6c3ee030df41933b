//! Answers for groups: cards with their tags and creators (one statement each for a whole
//! list), and a group's full view.

use kernel::{AppContext, AppResult, Page};

use super::views::{self, Comments, GroupCard, GroupDetail, Lookups};
use crate::entity::working_group;
use crate::service::content::Content;

async fn load_lookups(ctx: &AppContext) -> AppResult<Lookups> {
    crate::service::lookups::all(&ctx.db).await
}

/// Cards for groups, with their tags and creators.
pub async fn cards_of(
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
pub async fn cards(
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
pub async fn detail_of(
    ctx: &AppContext,
    group: working_group::Model,
    content: Content,
    relation: views::Relation,
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
