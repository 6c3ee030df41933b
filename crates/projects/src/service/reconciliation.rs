//! Reconciliation: every charge in the ledger checked against the processor's own record —
//! that it exists, collected the amount recorded, and was refunded exactly as the ledger
//! says. Any difference is flagged for staff; a ledger and processor in agreement show none.

use std::collections::HashMap;

use kernel::{AppContext, AppResult};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::pledging::processor_error;
use crate::entity::{ledger, project};
use crate::enums::LedgerKind;

/// One difference between Cohort's ledger and the processor's records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Discrepancy {
    pub project_id: i64,
    pub project_title: String,
    pub pledge_id: Option<i64>,
    /// The processor's id of the charge.
    pub charge_id: String,
    /// What differs, in words.
    pub problem: String,
    /// Cents, as Cohort's ledger has them (collected, refunded).
    pub ledger_cents: [i64; 2],
    /// Cents, as the processor has them (collected, refunded); none when it has no record.
    pub processor_cents: Option<[i64; 2]>,
}

/// The platform-wide report.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Report {
    /// Charges checked.
    pub charges: usize,
    pub discrepancies: Vec<Discrepancy>,
}

pub const NO_RECORD: &str = "The processor has no record of this charge.";
pub const NOT_COLLECTED: &str = "The processor did not collect this charge.";
pub const AMOUNT_DIFFERS: &str = "The processor collected a different amount.";
pub const REFUND_DIFFERS: &str = "The processor refunded a different amount.";

/// What is wrong with one charge, if anything.
fn problem(
    ledger: [i64; 2],
    processor: Option<&kernel::payments::ChargeRecord>,
) -> Option<&'static str> {
    let Some(record) = processor else {
        return Some(NO_RECORD);
    };
    if !record.succeeded {
        Some(NOT_COLLECTED)
    } else if record.amount_cents != ledger[0] {
        Some(AMOUNT_DIFFERS)
    } else if record.refunded_cents != ledger[1] {
        Some(REFUND_DIFFERS)
    } else {
        None
    }
}

/// Checks every charge in the ledger with the processor.
pub async fn report(ctx: &AppContext) -> AppResult<Report> {
    let entries = ledger::Entity::find()
        .filter(ledger::Column::Kind.is_in([LedgerKind::Charged, LedgerKind::Refunded]))
        .order_by_asc(ledger::Column::Id)
        .all(&ctx.db)
        .await?;
    // What the ledger refunded, by pledge.
    let mut refunded: HashMap<i64, i64> = HashMap::new();
    for e in entries.iter().filter(|e| e.kind == LedgerKind::Refunded) {
        *refunded.entry(e.pledge_id.unwrap_or_default()).or_default() -= e.amount_cents;
    }
    let charges: Vec<&ledger::Model> = entries
        .iter()
        .filter(|e| e.kind == LedgerKind::Charged)
        .collect();
    let ids: Vec<i64> = charges.iter().map(|e| e.project_id).collect();
    let titles: HashMap<i64, String> = project::Entity::find()
        .filter(project::Column::Id.is_in(ids))
        .all(&ctx.db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.title))
        .collect();
    let mut discrepancies = Vec::new();
    for charge in &charges {
        let Some(charge_id) = charge.provider_ref.clone() else {
            continue;
        };
        let ours = [
            charge.amount_cents,
            refunded
                .get(&charge.pledge_id.unwrap_or_default())
                .copied()
                .unwrap_or_default(),
        ];
        let theirs = ctx
            .payments
            .charge_record(&charge_id)
            .await
            .map_err(processor_error)?;
        if let Some(problem) = problem(ours, theirs.as_ref()) {
            discrepancies.push(Discrepancy {
                project_id: charge.project_id,
                project_title: titles.get(&charge.project_id).cloned().unwrap_or_default(),
                pledge_id: charge.pledge_id,
                charge_id,
                problem: problem.to_owned(),
                ledger_cents: ours,
                processor_cents: theirs.map(|r| [r.amount_cents, r.refunded_cents]),
            });
        }
    }
    Ok(Report {
        charges: charges.len(),
        discrepancies,
    })
}

#[cfg(test)]
mod tests {
    use kernel::payments::ChargeRecord;

    use super::*;

    fn record(amount_cents: i64, succeeded: bool, refunded_cents: i64) -> ChargeRecord {
        ChargeRecord {
            amount_cents,
            succeeded,
            refunded_cents,
        }
    }

    #[test]
    fn a_charge_agrees_or_says_what_differs() {
        assert_eq!(problem([500, 0], Some(&record(500, true, 0))), None);
        assert_eq!(problem([500, 500], Some(&record(500, true, 500))), None);
        assert_eq!(problem([500, 0], None), Some(NO_RECORD));
        assert_eq!(
            problem([500, 0], Some(&record(500, false, 0))),
            Some(NOT_COLLECTED)
        );
        assert_eq!(
            problem([500, 0], Some(&record(400, true, 0))),
            Some(AMOUNT_DIFFERS)
        );
        assert_eq!(
            problem([500, 0], Some(&record(500, true, 500))),
            Some(REFUND_DIFFERS)
        );
    }
}
