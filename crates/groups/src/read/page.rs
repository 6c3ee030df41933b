//! A working group's page as a viewer reads it.

use kernel::{AppContext, AppResult, CurrentUser};

use super::views::{Comments, GroupDetail, Relation};
use crate::service::{detail as viewing, join_requests, wizard};

/// The group at `slug` as `viewer` sees it, with their relation to it: the approved version
/// (pending changes wait for staff), and whether they asked to join.
pub async fn page(
    ctx: &AppContext,
    slug: &str,
    viewer: Option<&CurrentUser>,
) -> AppResult<GroupDetail> {
    let viewed = viewing::by_slug(&ctx.db, slug, viewer).await?;
    let content = wizard::stored_content(&ctx.db, &viewed.group).await?;
    let pending = join_requests::is_pending(&ctx.db, viewed.group.id, viewer.map(|v| v.id)).await?;
    let comments = Comments::for_viewer(viewed.reads_private(viewer));
    let relation = Relation::of(&viewed);
    let mut detail = super::detail_of(ctx, viewed.group, content, relation, comments).await?;
    detail.has_join_request = pending;
    Ok(detail)
}
