//! Blocks: a member stops another writing to them. Blocking twice, or unblocking someone
//! not blocked, changes nothing (the pair is the table's key).

use kernel::{AppContext, AppError, AppResult};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entity::block;
use crate::read::{BlockedMember, Participant};

pub const NOT_YOURSELF: &str = "You cannot block yourself.";

/// `me` blocks `other` (a member: 404 otherwise).
pub async fn block(ctx: &AppContext, me: i64, other: i64) -> AppResult<()> {
    if me == other {
        return Err(AppError::bad_request("not_yourself", NOT_YOURSELF));
    }
    if ctx.users.summaries(&[other]).await?.is_empty() {
        return Err(AppError::not_found());
    }
    let row = block::ActiveModel {
        blocker_id: Set(me),
        blocked_id: Set(other),
        created_at: Set(kernel::clock::now()),
    };
    block::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([block::Column::BlockerId, block::Column::BlockedId])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(&ctx.db)
        .await?;
    Ok(())
}

/// `me` unblocks `other`.
pub async fn unblock(ctx: &AppContext, me: i64, other: i64) -> AppResult<()> {
    block::Entity::delete_by_id((me, other))
        .exec(&ctx.db)
        .await?;
    Ok(())
}

/// Whom `me` blocked, newest first: two statements whatever their number.
pub async fn blocked_by(ctx: &AppContext, me: i64) -> AppResult<Vec<BlockedMember>> {
    let rows = block::Entity::find()
        .filter(block::Column::BlockerId.eq(me))
        .order_by_desc(block::Column::CreatedAt)
        .all(&ctx.db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|b| b.blocked_id).collect();
    let people = ctx.users.summaries(&ids).await?;
    Ok(rows
        .into_iter()
        .filter_map(|b| {
            people.get(&b.blocked_id).map(|u| BlockedMember {
                member: Participant::of(u),
                blocked_at: b.created_at,
            })
        })
        .collect())
}
