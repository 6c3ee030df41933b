//! Votes (spec 2 §4 Voting): up or down; the same direction again clears the vote, the
//! other switches it. Counts move in the database itself, so concurrent votes all land.

use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::place::Place;
use super::posts;
use crate::Targets;
use crate::entity::{post, vote};
use crate::enums::Reaction;
use crate::events::DiscussionVoted;
use crate::policy::{self, VoteRefusal};
use crate::target::Access;

pub const OWN_POST: &str = "You cannot vote on your own post.";
pub const DELETED_POST: &str = "You cannot vote on a deleted post.";
pub const SIGN_IN_TO_VOTE: &str = "Sign in to vote.";
pub const MEMBERS_VOTE: &str =
    "Only those who take part in this discussion vote (in a working group, its members).";

/// Why the viewer cannot vote on a post (`None`: they can), in the words the vote's
/// refusal would use.
pub fn refusal(viewer: Option<i64>, item: &post::Model, access: Access) -> Option<&'static str> {
    let Some(viewer) = viewer else {
        return Some(SIGN_IN_TO_VOTE);
    };
    let allowed = policy::may_vote(
        item.created_by_id == viewer,
        item.deleted_at.is_some(),
        access,
    );
    allowed.err().map(words)
}

fn words(refusal: VoteRefusal) -> &'static str {
    match refusal {
        VoteRefusal::OwnPost => OWN_POST,
        VoteRefusal::Deleted => DELETED_POST,
        VoteRefusal::NotMember => MEMBERS_VOTE,
    }
}

/// Which kind of post a vote route addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voted {
    Topic,
    Reply,
}

fn column(reaction: Reaction) -> post::Column {
    match reaction {
        Reaction::Up => post::Column::VotesUp,
        Reaction::Down => post::Column::VotesDown,
    }
}

/// Records the viewer's vote and returns the post with its counts and the viewer's new
/// reaction (none when the vote was cleared).
pub async fn vote(
    ctx: &AppContext,
    targets: &Targets,
    user: &CurrentUser,
    id: i64,
    voted: Voted,
    reaction: Reaction,
) -> AppResult<(Place, post::Model, Option<Reaction>)> {
    let item = post::Entity::find_by_id(id)
        .one(&ctx.db)
        .await?
        .filter(|p| p.topic_id.is_none() == (voted == Voted::Topic))
        .ok_or_else(AppError::not_found)?;
    let topic_id = item.topic_id.unwrap_or(item.id);
    let (place, _) = posts::readable_topic(&ctx.db, targets, topic_id, Some(user)).await?;
    let allowed = policy::may_vote(
        item.created_by_id == user.id,
        item.deleted_at.is_some(),
        place.access,
    );
    match allowed {
        Ok(()) => {}
        Err(refused @ (VoteRefusal::OwnPost | VoteRefusal::NotMember)) => {
            let code = match refused {
                VoteRefusal::OwnPost => "own_post",
                _ => "not_member",
            };
            return Err(AppError::client(
                actix_web::http::StatusCode::FORBIDDEN,
                code,
                words(refused),
            ));
        }
        Err(VoteRefusal::Deleted) => {
            return Err(AppError::bad_request("post_deleted", DELETED_POST));
        }
    }

    let txn = kernel::db::begin_write(&ctx.db).await?;
    let previous = vote::Entity::find_by_id((item.id, user.id))
        .one(&txn)
        .await?
        .map(|v| v.reaction);
    let now_reaction = if previous == Some(reaction) {
        None
    } else {
        Some(reaction)
    };
    match (previous, now_reaction) {
        (Some(_), None) => {
            vote::Entity::delete_by_id((item.id, user.id))
                .exec(&txn)
                .await?;
        }
        (Some(_), Some(next)) => {
            vote::ActiveModel {
                post_id: Set(item.id),
                user_id: Set(user.id),
                reaction: Set(next),
                created_at: Set(kernel::clock::now()),
            }
            .update(&txn)
            .await?;
        }
        (None, Some(next)) => {
            let inserted = vote::ActiveModel {
                post_id: Set(item.id),
                user_id: Set(user.id),
                reaction: Set(next),
                created_at: Set(kernel::clock::now()),
            }
            .insert(&txn)
            .await;
            match inserted {
                Ok(_) => {}
                Err(e) if kernel::db::is_unique_violation(&e) => {
                    return Err(AppError::conflict(
                        "vote_in_progress",
                        "Your previous vote is still being saved. Please try again.",
                    ));
                }
                Err(e) => return Err(e.into()),
            }
        }
        (None, None) => {}
    }
    let mut update = post::Entity::update_many().filter(post::Column::Id.eq(item.id));
    if let Some(old) = previous {
        update = update.col_expr(column(old), Expr::col(column(old)).sub(1));
    }
    if let Some(new) = now_reaction {
        update = update.col_expr(column(new), Expr::col(column(new)).add(1));
    }
    if previous.is_some() || now_reaction.is_some() {
        update.exec(&txn).await?;
    }
    txn.commit().await?;
    let saved = post::Entity::find_by_id(item.id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    if previous != now_reaction {
        ctx.events
            .publish(DiscussionVoted {
                topic_type: saved.target_type,
                target_id: saved.target_id,
                topic_id,
                post_id: saved.id,
                is_public: saved.is_public,
            })
            .await;
    }
    Ok((place, saved, now_reaction))
}
