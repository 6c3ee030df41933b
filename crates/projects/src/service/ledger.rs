//! The funding ledger: every movement of a project's funding is one entry, written in the
//! transaction that made it (amounts in cents of CAD, the processor's reference and the
//! idempotency key when money moved at the processor). A project's totals are the sums of
//! its entries, by the total each kind counts toward.

use kernel::AppResult;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::ledger;
use crate::enums::{LedgerKind, Total};

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

    /// Writes it unless an entry with its idempotency key is already written (a movement a
    /// run cut short recorded before): whether this call wrote it.
    pub async fn write_once(self, db: &impl ConnectionTrait) -> AppResult<bool> {
        if let Some(key) = &self.idempotency_key {
            let written = ledger::Entity::find()
                .filter(ledger::Column::IdempotencyKey.eq(key.as_str()))
                .one(db)
                .await?;
            if written.is_some() {
                return Ok(false);
            }
        }
        self.write(db).await?;
        Ok(true)
    }

    /// Writes it in the caller's transaction.
    pub async fn write(self, db: &impl ConnectionTrait) -> AppResult<ledger::Model> {
        Ok(ledger::ActiveModel {
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
        .insert(db)
        .await?)
    }
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
    (collected * i64::from(super::pledging::PLATFORM_FEE_PERCENT) + 50) / 100
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
    fn the_fee_is_nine_percent_to_the_nearest_cent() {
        assert_eq!(platform_fee(100_000), 9_000);
        assert_eq!(platform_fee(1_005), 90);
        assert_eq!(platform_fee(1_006), 91);
        assert_eq!(platform_fee(0), 0);
    }
}
