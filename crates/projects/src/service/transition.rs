//! A pledge's life, written once: which status may follow which, and the one conditional
//! write that moves a pledge. The write names the status, amount and charge attempt its
//! caller read inside its own transaction; when another request moved the pledge first, no
//! row matches and the caller is refused (or the job skips), so a pledge is never released
//! twice, changed after it was let go, or charged after its project's money was refunded.

use kernel::{AppError, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, UpdateMany};

use crate::entity::pledge;
use crate::enums::PledgeStatus;

/// Whether a pledge in status `from` may become `to` (`Pledged` to `Pledged` is a new amount).
/// A charge is claimed (`Charging`) before the processor is asked, and only the claim's
/// holder records the answer; a failed charge its donor then authenticated with their bank is
/// claimed again to record what the processor collected.
pub fn may_become(from: PledgeStatus, to: PledgeStatus) -> bool {
    use PledgeStatus::{Cancelled, Charged, Charging, Failed, Lapsed, Pledged, Refunded, Released};
    matches!(
        (from, to),
        (Pledged, Pledged | Cancelled | Released | Charging)
            | (Charging, Charged | Failed)
            | (Failed, Pledged | Released | Lapsed | Charging)
            | (Charged, Refunded)
    )
}

/// The write that moves `found` to `to`, matching only the pledge as it was read (status,
/// amount and charge attempt); the caller adds the columns it sets and runs it with [`run`].
pub fn moving(found: &pledge::Model, to: PledgeStatus) -> AppResult<UpdateMany<pledge::Entity>> {
    if !may_become(found.status, to) {
        return Err(AppError::not_found());
    }
    Ok(pledge::Entity::update_many()
        .col_expr(pledge::Column::Status, Expr::value(to))
        .col_expr(pledge::Column::UpdatedAt, Expr::value(kernel::clock::now()))
        .filter(pledge::Column::Id.eq(found.id))
        .filter(pledge::Column::Status.eq(found.status))
        .filter(pledge::Column::AmountCents.eq(found.amount_cents))
        .filter(pledge::Column::ChargeAttempt.eq(found.charge_attempt)))
}

/// Runs a [`moving`] write: whether it moved the pledge (false when another request did first).
pub async fn run(db: &impl ConnectionTrait, write: UpdateMany<pledge::Entity>) -> AppResult<bool> {
    Ok(write.exec(db).await?.rows_affected == 1)
}

/// Moves `found` (as read in `tx`) to `to` with `amount_cents`: the pledge as written, or
/// not found when another request moved it first.
pub async fn pledge(
    tx: &impl ConnectionTrait,
    found: &pledge::Model,
    to: PledgeStatus,
    amount_cents: i64,
) -> AppResult<pledge::Model> {
    let write = moving(found, to)?.col_expr(pledge::Column::AmountCents, Expr::value(amount_cents));
    if !run(tx, write).await? {
        return Err(AppError::not_found());
    }
    Ok(pledge::Model {
        status: to,
        amount_cents,
        updated_at: kernel::clock::now(),
        ..found.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use PledgeStatus::*;

    const ALL: [PledgeStatus; 8] = [
        Pledged, Charging, Charged, Failed, Cancelled, Released, Lapsed, Refunded,
    ];

    #[test]
    fn a_pledge_let_go_never_comes_back_and_only_a_charge_is_refunded() {
        for ended in [Cancelled, Released, Lapsed, Refunded] {
            for to in ALL {
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

    #[test]
    fn a_charge_is_claimed_before_it_is_made_and_a_claim_is_never_let_go() {
        assert!(
            !may_become(Pledged, Charged),
            "only a claimed pledge is charged"
        );
        assert!(!may_become(Pledged, Failed));
        assert!(may_become(Pledged, Charging));
        for to in ALL {
            assert_eq!(
                may_become(Charging, to),
                matches!(to, Charged | Failed),
                "Charging → {to:?}: only the processor's answer ends a claim"
            );
        }
    }
}
