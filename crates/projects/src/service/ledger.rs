//! The funding ledger, in double entry: every movement of a project's funding is one entry,
//! written in the transaction that made it (amounts in cents of CAD, the processor's
//! reference and the idempotency key when money moved at the processor), with its postings —
//! the amount taken out of one account and put into another, summing to zero (a set that
//! does not balance is refused before anything is written). A project's totals are the sums
//! of its entries, by the total each kind counts toward; its accounts' balances are the sums
//! of their postings, and reconciliation checks the two agree.

use std::collections::HashMap;

use kernel::{AppError, AppResult};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, TryInsertResult,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::{ledger, posting};
use crate::enums::{LedgerAccount, LedgerKind, Total};

/// The terms: the platform keeps 9% of what is charged.
pub const PLATFORM_FEE_PERCENT: u8 = 9;
/// The terms: the processor takes about 3 to 5%.
pub const PROCESSOR_FEE_PERCENT: [u8; 2] = [3, 5];

pub const CURRENCY: &str = "cad";

/// One entry to write.
pub struct Entry {
    pub project_id: i64,
    pub pledge_id: Option<i64>,
    pub kind: LedgerKind,
    pub amount_cents: i64,
    pub provider_ref: Option<String>,
    pub idempotency_key: Option<String>,
}

impl Entry {
    /// A pledge's entry that moves nothing at the processor.
    pub fn pledge(project_id: i64, pledge_id: i64, kind: LedgerKind, amount_cents: i64) -> Self {
        Self {
            project_id,
            pledge_id: Some(pledge_id),
            kind,
            amount_cents,
            provider_ref: None,
            idempotency_key: None,
        }
    }

    /// The entry of a movement at the processor: its reference and idempotency key.
    pub fn moved(mut self, provider_ref: Option<String>, key: String) -> Self {
        self.provider_ref = provider_ref;
        self.idempotency_key = Some(key);
        self
    }

    /// Writes it and its postings in a transaction of its own, unless an entry with its
    /// idempotency key is written already (a movement a run cut short, or a run beside this
    /// one, recorded first): whether this call wrote it. The insert itself skips a key that
    /// is taken, so two runs at once write it once and neither fails.
    pub async fn write_once(self, db: &DatabaseConnection) -> AppResult<bool> {
        self.write_once_with(Vec::new(), db).await
    }

    /// As [`Entry::write_once`], with the entries `then` that follow from it written in the
    /// same transaction (a charge and its refund: never one without the other).
    pub async fn write_once_with(
        self,
        then: Vec<Entry>,
        db: &DatabaseConnection,
    ) -> AppResult<bool> {
        let postings = balanced(self.postings())?;
        let project_id = self.project_id;
        let tx = kernel::db::begin_write(db).await?;
        let inserted = ledger::Entity::insert(self.row())
            .on_conflict_do_nothing_on([ledger::Column::IdempotencyKey])
            .exec(&tx)
            .await?;
        let TryInsertResult::Inserted(done) = inserted else {
            return Ok(false);
        };
        post(&tx, done.last_insert_id, project_id, &postings).await?;
        for entry in then {
            entry.write(&tx).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Its postings: the amount out of its kind's first account and into the second (a
    /// negative amount moves back); none for a marker, or an entry of nothing.
    pub fn postings(&self) -> Vec<Posting> {
        postings(self.kind, self.amount_cents)
    }

    /// Writes it and its postings in the caller's transaction.
    pub async fn write(self, db: &impl ConnectionTrait) -> AppResult<ledger::Model> {
        let postings = balanced(self.postings())?;
        let written = self.row().insert(db).await?;
        post(db, written.id, written.project_id, &postings).await?;
        Ok(written)
    }

    fn row(self) -> ledger::ActiveModel {
        ledger::ActiveModel {
            project_id: Set(self.project_id),
            pledge_id: Set(self.pledge_id),
            kind: Set(self.kind),
            amount_cents: Set(self.amount_cents),
            currency: Set(CURRENCY.to_owned()),
            provider_ref: Set(self.provider_ref),
            idempotency_key: Set(self.idempotency_key),
            created_at: Set(kernel::clock::now()),
            ..Default::default()
        }
    }
}

/// Writes entry `entry_id`'s postings (checked balanced) beside it.
async fn post(
    db: &impl ConnectionTrait,
    entry_id: i64,
    project_id: i64,
    postings: &[Posting],
) -> AppResult<()> {
    if postings.is_empty() {
        return Ok(());
    }
    posting::Entity::insert_many(postings.iter().map(|p| posting::ActiveModel {
        entry_id: Set(entry_id),
        project_id: Set(project_id),
        account: Set(p.account),
        amount_cents: Set(p.amount_cents),
        ..Default::default()
    }))
    .exec(db)
    .await?;
    Ok(())
}

/// One leg of an entry: into `account` (positive) or out of it (negative).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posting {
    pub account: LedgerAccount,
    pub amount_cents: i64,
}

impl Posting {
    pub fn new(account: LedgerAccount, amount_cents: i64) -> Self {
        Self {
            account,
            amount_cents,
        }
    }

    /// The order postings are compared in: by account, then amount.
    pub fn sort(postings: &mut [Posting]) {
        postings.sort_by_key(|p| (p.account.as_str(), p.amount_cents));
    }
}

/// The postings of an entry of `kind` for `amount_cents`: out of its kind's first account and
/// into the second (a negative amount moves back); none for a marker, or an entry of nothing.
pub fn postings(kind: LedgerKind, amount_cents: i64) -> Vec<Posting> {
    match kind.accounts() {
        Some((from, to)) if amount_cents != 0 => vec![
            Posting::new(from, -amount_cents),
            Posting::new(to, amount_cents),
        ],
        _ => Vec::new(),
    }
}

/// `postings`, when they may be written: none (a marker), or at least two, none of them
/// zero, that sum to zero. Anything else is a fault in the code that made them, refused
/// before the entry is written.
pub fn balanced(postings: Vec<Posting>) -> AppResult<Vec<Posting>> {
    let sum: i64 = postings.iter().map(|p| p.amount_cents).sum();
    let legs = postings.len();
    if legs == 0 || (legs >= 2 && sum == 0 && postings.iter().all(|p| p.amount_cents != 0)) {
        return Ok(postings);
    }
    Err(AppError::Internal(anyhow::anyhow!(
        "unbalanced ledger postings ({legs} legs summing to {sum}): {postings:?}"
    )))
}

/// Project `id`'s accounts, each with the sum of its postings (one query), in the order the
/// money flows.
pub async fn balances(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<(LedgerAccount, i64)>> {
    let sums: HashMap<LedgerAccount, i64> = posting::Entity::find()
        .select_only()
        .column(posting::Column::Account)
        .column_as(
            Expr::expr(Func::sum(Expr::col(posting::Column::AmountCents))).cast_as("BIGINT"),
            "balance",
        )
        .filter(posting::Column::ProjectId.eq(id))
        .group_by(posting::Column::Account)
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(LedgerAccount::ALL
        .iter()
        .filter_map(|a| sums.get(a).map(|cents| (*a, *cents)))
        .collect())
}

/// A project's totals, each the sum of its ledger's entries of that total.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Totals {
    /// What the standing pledges add up to (the project's raised amount).
    pub pledged_cents: i64,
    /// What was collected from cards, less refunds.
    pub collected_cents: i64,
    /// The platform's fee kept.
    pub fees_cents: i64,
    /// What was paid out to the owner.
    pub paid_out_cents: i64,
}

impl Totals {
    pub fn of(entries: &[ledger::Model]) -> Self {
        entries.iter().fold(Self::default(), |mut sums, e| {
            match e.kind.total() {
                Total::Pledged => sums.pledged_cents += e.amount_cents,
                Total::Collected => sums.collected_cents += e.amount_cents,
                Total::Fees => sums.fees_cents += e.amount_cents,
                Total::PaidOut => sums.paid_out_cents += e.amount_cents,
                Total::None => {}
            }
            sums
        })
    }
}

/// Project `id`'s entries, oldest first.
pub async fn entries(db: &impl ConnectionTrait, id: i64) -> AppResult<Vec<ledger::Model>> {
    Ok(ledger::Entity::find()
        .filter(ledger::Column::ProjectId.eq(id))
        .order_by_asc(ledger::Column::Id)
        .all(db)
        .await?)
}

/// Project `id`'s totals from its ledger.
pub async fn totals(db: &impl ConnectionTrait, id: i64) -> AppResult<Totals> {
    Ok(Totals::of(&entries(db, id).await?))
}

/// The platform's fee on `collected` cents: 9%, rounded to the nearest cent.
pub fn platform_fee(collected: i64) -> i64 {
    (collected * i64::from(PLATFORM_FEE_PERCENT) + 50) / 100
}

/// The platform's fee on the charged pledges of `amounts`: each pledge's fee as its pledge
/// dialog told its donor (9% of it, to the nearest cent), summed — never a cent apart from
/// what donors were shown, as a fee rounded once on the total could be.
pub fn fee_on_pledges(amounts: &[i64]) -> i64 {
    amounts.iter().map(|cents| platform_fee(*cents)).sum()
}

/// Project `id`'s ledger as CSV, oldest entry first.
pub fn csv(entries: &[ledger::Model]) -> String {
    use kernel::csv::{line, text};
    let mut out = line(
        [
            "id",
            "created_at",
            "kind",
            "pledge_id",
            "amount_cents",
            "currency",
            "provider_ref",
            "idempotency_key",
        ]
        .map(str::to_owned),
    );
    for e in entries {
        out.push_str(&line([
            e.id.to_string(),
            e.created_at.to_rfc3339(),
            e.kind.as_str().to_owned(),
            e.pledge_id.map(|p| p.to_string()).unwrap_or_default(),
            e.amount_cents.to_string(),
            text(&e.currency),
            text(e.provider_ref.as_deref().unwrap_or_default()),
            text(e.idempotency_key.as_deref().unwrap_or_default()),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postings_that_do_not_sum_to_zero_are_refused() {
        use LedgerAccount::{DonorCards, Escrow, PlatformFees};
        let pair = vec![Posting::new(DonorCards, -500), Posting::new(Escrow, 500)];
        assert_eq!(balanced(pair.clone()).ok(), Some(pair));
        assert!(balanced(Vec::new()).is_ok(), "a marker posts nothing");
        for wrong in [
            vec![Posting::new(DonorCards, -500), Posting::new(Escrow, 499)],
            vec![Posting::new(Escrow, 500)],
            vec![Posting::new(Escrow, 0), Posting::new(PlatformFees, 0)],
            vec![
                Posting::new(DonorCards, -500),
                Posting::new(Escrow, 455),
                Posting::new(PlatformFees, 46),
            ],
        ] {
            assert!(balanced(wrong.clone()).is_err(), "{wrong:?}");
        }
    }

    #[test]
    fn each_entry_moves_its_amount_between_two_accounts() {
        use LedgerAccount::{DonorCards, Escrow, OwnerPayout};
        let refund = Entry::pledge(1, 2, LedgerKind::Refunded, -700);
        assert_eq!(
            refund.postings(),
            [Posting::new(DonorCards, 700), Posting::new(Escrow, -700)],
            "a refund takes money out of escrow back to the card"
        );
        let payout = Entry::pledge(1, 2, LedgerKind::Payout, 900);
        assert_eq!(
            payout.postings(),
            [Posting::new(Escrow, -900), Posting::new(OwnerPayout, 900)]
        );
        assert!(
            Entry::pledge(1, 2, LedgerKind::Failed, 0)
                .postings()
                .is_empty()
        );
        assert!(
            Entry::pledge(1, 2, LedgerKind::GoalReached, 5)
                .postings()
                .is_empty()
        );
    }

    #[test]
    fn the_fee_is_nine_percent_to_the_nearest_cent() {
        assert_eq!(platform_fee(100_000), 9_000);
        assert_eq!(platform_fee(1_005), 90);
        assert_eq!(platform_fee(1_006), 91);
        assert_eq!(platform_fee(0), 0);
    }

    #[test]
    fn the_fee_kept_is_the_sum_of_what_each_donor_was_shown() {
        // Each donor of CA$10.05 is shown a fee of 90 cents: 180 kept, not 181.
        assert_eq!(fee_on_pledges(&[1_005, 1_005]), 180);
        assert_eq!(platform_fee(2_010), 181);
        assert_eq!(fee_on_pledges(&[]), 0);
    }
}
