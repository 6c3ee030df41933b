//! A group owner's choice for the patient-data guardrail (issue 24 §1): by default an author
//! may publish flagged text with a declaration; the owner can make the check blocking, so
//! flagged text in the group's discussion and updates must be edited first.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::detail;
use crate::entity::working_group;
use crate::policy;

pub const BLOCKING: &str =
    "Posts that may identify a patient are now held back until their author edits them.";
pub const ADVISORY: &str = "Authors may now publish posts that may identify a patient once they confirm they may share them.";

/// Sets whether the check blocks in the group `slug` (its owner only).
pub async fn set_blocking(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    blocking: bool,
) -> AppResult<&'static str> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    if !policy::may_set_phi_check(viewed.role) {
        return Err(AppError::forbidden());
    }
    working_group::Entity::update_many()
        .col_expr(working_group::Column::PhiBlocking, blocking.into())
        .filter(working_group::Column::Id.eq(viewed.group.id))
        .exec(&ctx.db)
        .await?;
    Ok(if blocking { BLOCKING } else { ADVISORY })
}
