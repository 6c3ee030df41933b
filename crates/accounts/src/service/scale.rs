//! Members for `cohort seed --scale large`: many confirmed, active accounts, made in a
//! few statements, the same on every run.

use kernel::AppResult;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::entity::user;

/// The domain of the scale members' addresses: `scale-1@bench.cohort.local`, ….
pub const EMAIL_DOMAIN: &str = "bench.cohort.local";

/// The address of scale member `n` (from 1).
pub fn email(n: usize) -> String {
    format!("scale-{n}@{EMAIL_DOMAIN}")
}

/// Makes the scale members up to `count` (those already there stay), new ones sharing
/// `password_hash`; returns the first `count` ids in order.
pub async fn members(
    db: &impl ConnectionTrait,
    count: usize,
    password_hash: &str,
) -> AppResult<Vec<i64>> {
    let existing = ids(db).await?.len();
    let rows: Vec<user::ActiveModel> = (existing + 1..=count)
        .map(|n| user::ActiveModel {
            email: Set(email(n)),
            name: Set(format!("Member {n}")),
            password_hash: Set(Some(password_hash.to_owned())),
            is_active: Set(true),
            email_confirmed: Set(true),
            title: Set(Some(
                ["Researcher", "Clinician", "Patient partner", "Funder"][n % 4].into(),
            )),
            location: Set(Some(
                ["Toronto", "Montréal", "Vancouver", "Halifax", "Calgary"][n % 5].into(),
            )),
            date_joined: Set(kernel::stats::spread(n, count)),
            ..Default::default()
        })
        .collect();
    kernel::db::insert_batched(db, rows).await?;
    Ok(ids(db).await?.into_iter().take(count).collect())
}

async fn ids(db: &impl ConnectionTrait) -> AppResult<Vec<i64>> {
    Ok(user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .filter(user::Column::Email.ends_with(format!("@{EMAIL_DOMAIN}")))
        .order_by_asc(user::Column::Id)
        .into_tuple()
        .all(db)
        .await?)
}
