//! Reactions (issue 49 §4): a member who takes part in a discussion gives a live post any of
//! the fixed set of reactions, each once; giving it again or taking it back is harmless,
//! and two at once store one (the table's key).

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};

use super::posts;
use crate::Targets;
use crate::entity::{post, reaction};
use crate::enums::Emoji;
use crate::events::DiscussionVoted;
use crate::policy;
use crate::read::{ReactionCount, emoji_of};

/// What refuses a reaction on a deleted or hidden post, or from someone who only reads.
pub const NOT_HERE: &str = "You can react only to live posts in discussions you take part in.";

/// Gives (`on`) or takes back `emoji` on post `id` as `user`; the post's reactions now.
pub async fn set(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    id: i64,
    emoji: Emoji,
    on: bool,
) -> AppResult<Vec<ReactionCount>> {
    let item = post::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let topic_id = item.topic_id.unwrap_or(item.id);
    let (place, _) = posts::readable_topic(&ctx.db, targets, topic_id, Some(user)).await?;
    if !policy::may_react(
        item.deleted_at.is_some(),
        item.hidden_at.is_some(),
        place.access,
    ) {
        return Err(AppError::client(
            actix_web::http::StatusCode::FORBIDDEN,
            "may_not_react",
            NOT_HERE,
        ));
    }
    let changed = if on {
        let given = reaction::ActiveModel {
            post_id: Set(item.id),
            user_id: Set(user.id),
            emoji: Set(emoji),
            created_at: Set(kernel::clock::now()),
        };
        reaction::Entity::insert(given)
            .on_conflict(
                OnConflict::columns([
                    reaction::Column::PostId,
                    reaction::Column::UserId,
                    reaction::Column::Emoji,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(&ctx.db)
            .await?
    } else {
        reaction::Entity::delete_by_id((item.id, user.id, emoji))
            .exec(&ctx.db)
            .await?
            .rows_affected
    };
    if changed > 0 {
        ctx.events
            .publish(DiscussionVoted {
                topic_type: item.target_type,
                target_id: item.target_id,
                topic_id,
                post_id: item.id,
                is_public: item.is_public,
            })
            .await;
    }
    let mut now = emoji_of(&ctx.db, Some(user.id), &[item.id]).await?;
    Ok(now.remove(&item.id).unwrap_or_default())
}
