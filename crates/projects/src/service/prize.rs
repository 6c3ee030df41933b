//! The prize's eligibility targets (spec 2, prize page): $1,000 CAD crowdfunded, 10
//! comments from unique users (other than the owner), 25 likes (favourites). Each live
//! project shows how far it is.

use kernel::AppResult;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set,
};

use crate::entity::{commenter, project};

/// Cents of CAD a project must raise.
pub const RAISED_TARGET_CENTS: i64 = 100_000;
/// Members, each counted once, who commented.
pub const COMMENTERS_TARGET: u64 = 10;
/// Favourites ("likes").
pub const FAVORITES_TARGET: u64 = 25;

/// How far a project is toward each target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Cents of CAD crowdfunded: the pledges that stand (charged once funded).
    pub raised_cents: i64,
    pub commenters: u64,
    pub favorites: u64,
}

impl Progress {
    /// Every target is reached.
    pub fn eligible(self) -> bool {
        self.raised_cents >= RAISED_TARGET_CENTS
            && self.commenters >= COMMENTERS_TARGET
            && self.favorites >= FAVORITES_TARGET
    }
}

/// Notes that `user_id` commented on project `project_id` (again is the same). The
/// owner's own answers are not the community's comments, so they do not count.
pub async fn commented(db: &impl ConnectionTrait, project_id: i64, user_id: i64) -> AppResult<()> {
    let owner = project::Entity::find_by_id(project_id)
        .select_only()
        .column(project::Column::OwnerId)
        .into_tuple::<i64>()
        .one(db)
        .await?;
    if owner.is_none_or(|owner| owner == user_id) {
        return Ok(());
    }
    commenter::Entity::insert(commenter::ActiveModel {
        project_id: Set(project_id),
        user_id: Set(user_id),
    })
    .on_conflict_do_nothing_on([commenter::Column::ProjectId, commenter::Column::UserId])
    .exec(db)
    .await?;
    Ok(())
}

/// How many members commented on project `project_id`, each once.
pub async fn commenters(db: &impl ConnectionTrait, project_id: i64) -> AppResult<u64> {
    Ok(commenter::Entity::find()
        .filter(commenter::Column::ProjectId.eq(project_id))
        .count(db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_project_is_eligible_once_every_target_is_reached() {
        let reached = Progress {
            raised_cents: RAISED_TARGET_CENTS,
            commenters: COMMENTERS_TARGET,
            favorites: FAVORITES_TARGET,
        };
        assert!(reached.eligible());
        for short in [
            Progress {
                raised_cents: RAISED_TARGET_CENTS - 1,
                ..reached
            },
            Progress {
                commenters: COMMENTERS_TARGET - 1,
                ..reached
            },
            Progress {
                favorites: FAVORITES_TARGET - 1,
                ..reached
            },
        ] {
            assert!(!short.eligible());
        }
    }
}
