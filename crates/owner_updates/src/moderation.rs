//! What moderators do to an update once it is reported: a working group's and a project's
//! hide and delete the same way.

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, QueryFilter};

use kernel::AppResult;
use kernel::storage::Storage;

use crate::UpdateTable;

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
    if let Some(key) = T::row(&found).image {
        media::documents::discard(storage, &key).await;
    }
    Ok(())
}
