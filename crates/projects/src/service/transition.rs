//! A pledge's life, written once: which status may follow which, and the one conditional
//! write that moves a pledge. The write names the status and amount its caller read inside
//! its own transaction; when another request moved the pledge first, no row matches and the
//! caller is refused, so a pledge is never released twice or changed after it was let go.

use kernel::{AppError, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter};

use crate::entity::pledge;
use crate::enums::PledgeStatus;

/// Whether a pledge in status `from` may become `to` (`Pledged` to `Pledged` is a new amount).
pub fn may_become(from: PledgeStatus, to: PledgeStatus) -> bool {
    use PledgeStatus::{Cancelled, Charged, Failed, Lapsed, Pledged, Refunded, Released};
    matches!(
        (from, to),
        (Pledged, Pledged | Cancelled | Released | Charged | Failed)
            | (Failed, Pledged | Released | Lapsed)
            | (Charged, Refunded)
    )
}

/// Moves `found` (as read in `tx`) to `to` with `amount_cents`: the pledge as written, or
/// not found when another request moved it first.
pub async fn pledge(
    tx: &DatabaseTransaction,
    found: &pledge::Model,
    to: PledgeStatus,
    amount_cents: i64,
) -> AppResult<pledge::Model> {
    if !may_become(found.status, to) {
        return Err(AppError::not_found());
    }
    let now = kernel::clock::now();
    let moved = pledge::Entity::update_many()
        .col_expr(pledge::Column::Status, Expr::value(to))
        .col_expr(pledge::Column::AmountCents, Expr::value(amount_cents))
        .col_expr(pledge::Column::UpdatedAt, Expr::value(now))
        .filter(pledge::Column::Id.eq(found.id))
        .filter(pledge::Column::Status.eq(found.status))
        .filter(pledge::Column::AmountCents.eq(found.amount_cents))
        .exec(tx)
        .await?;
    if moved.rows_affected != 1 {
        return Err(AppError::not_found());
    }
    Ok(pledge::Model {
        status: to,
        amount_cents,
        updated_at: now,
        ..found.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use PledgeStatus::*;

    #[test]
    fn a_pledge_let_go_never_comes_back_and_only_a_charge_is_refunded() {
        for ended in [Cancelled, Released, Lapsed, Refunded] {
            for to in [
                Pledged, Charged, Failed, Cancelled, Released, Lapsed, Refunded,
            ] {
                assert!(!may_become(ended, to), "{ended:?} → {to:?}");
            }
        }
        assert!(may_become(Pledged, Pledged), "a new amount");
        assert!(may_become(Pledged, Cancelled));
        assert!(may_become(Failed, Pledged), "a new card");
        assert!(!may_become(Pledged, Refunded), "nothing was charged");
        assert!(!may_become(Failed, Cancelled), "locked once charging began");
        assert!(may_become(Charged, Refunded));
        assert!(!may_become(Charged, Released));
    }
}
