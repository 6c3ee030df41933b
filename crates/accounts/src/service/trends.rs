//! The staff console's member charts: sign-ups, those of them who confirmed their address,
//! and the members who signed in, per day.

use kernel::AppResult;
use kernel::stats::{Count, Period, per_day};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::entity::{session, user};

/// Members' daily counts over a period.
#[derive(Debug, Clone)]
pub struct MemberTrends {
    /// Accounts made that day.
    pub signups: Vec<i64>,
    /// Of those, the ones whose address is confirmed now.
    pub confirmed: Vec<i64>,
    /// Different members who signed in that day.
    pub active: Vec<i64>,
}

pub async fn daily(db: &impl ConnectionTrait, period: Period) -> AppResult<MemberTrends> {
    let joined = user::Column::DateJoined;
    Ok(MemberTrends {
        signups: per_day(db, user::Entity::find(), joined, Count::Rows, period).await?,
        confirmed: per_day(
            db,
            user::Entity::find().filter(user::Column::EmailConfirmed.eq(true)),
            joined,
            Count::Rows,
            period,
        )
        .await?,
        active: per_day(
            db,
            session::Entity::find(),
            session::Column::CreatedAt,
            Count::Distinct(session::Column::UserId),
            period,
        )
        .await?,
    })
}
