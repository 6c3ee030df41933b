//! News that owners post (working group updates, project updates): public once staff
//! approve it; an edit sends it back for review. One status for both, so the contract and
//! the client know one set of values.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use kernel::AppResult;
use kernel::storage::Storage;

kernel::string_enum!(
    /// Where an update stands with staff.
    UpdateStatus {
        Approved = "approved",
        WaitingForApproval = "waiting_for_approval",
        NotApproved = "not_approved",
    }
);

kernel::string_enum!(
    /// The `{action}` of a staff review path (anything else is no page).
    Review {
        Approve = "approve",
        Reject = "reject",
    }
);

/// A table of owners' updates, as moderators act on one once it is reported (issue 48 §2):
/// a working group's and a project's hide and delete the same way, through [`set_hidden`]
/// and [`delete`], so the next kind of update gets them by naming its columns.
pub trait UpdateTable: EntityTrait {
    const ID: Self::Column;
    const HIDDEN_AT: Self::Column;
    const HIDDEN_REASON: Self::Column;
    /// Its picture's storage key, discarded with it.
    fn picture(update: &Self::Model) -> Option<&str>;
}

/// Hides update `id` with `reason` shown to its author, or (`None`) shows it again; one
/// statement, and nothing when it is gone.
pub async fn set_hidden<T: UpdateTable>(
    db: &impl ConnectionTrait,
    id: i64,
    reason: Option<&str>,
) -> AppResult<()> {
    T::update_many()
        .col_expr(
            T::HIDDEN_AT,
            Expr::value(reason.map(|_| kernel::clock::now())),
        )
        .col_expr(T::HIDDEN_REASON, Expr::value(reason.map(str::to_owned)))
        .filter(T::ID.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Deletes update `id`, then its picture once nothing points at it (gone already: nothing
/// to do).
pub async fn delete<T: UpdateTable>(
    db: &impl ConnectionTrait,
    storage: &dyn Storage,
    id: i64,
) -> AppResult<()> {
    let Some(found) = T::find().filter(T::ID.eq(id)).one(db).await? else {
        return Ok(());
    };
    T::delete_many().filter(T::ID.eq(id)).exec(db).await?;
    if let Some(key) = T::picture(&found) {
        media::documents::discard(storage, key).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_path_says_approve_or_reject() {
        assert_eq!(Review::parse("approve"), Some(Review::Approve));
        assert_eq!(Review::parse("reject"), Some(Review::Reject));
        assert_eq!(Review::parse("publish"), None);
    }
}
