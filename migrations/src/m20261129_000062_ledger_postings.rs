//! The ledger in double entry (issue 42): every entry that moves money (or a pledge's
//! commitment) is a balanced set of postings between named accounts — a donor's card, the
//! escrow Cohort holds, the platform's fees, the owner's payout account, and the commitments
//! pledges make — whose amounts sum to zero. Entries written before are posted here from
//! their kind and signed amount, as the code posts them from now on.

use sea_orm::ConnectionTrait;
use sea_orm_migration::prelude::*;

use crate::columns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectLedgerPostings {
    Table,
    Id,
    EntryId,
    ProjectId,
    Account,
    AmountCents,
}

#[derive(DeriveIden)]
enum ProjectLedger {
    Table,
    Id,
}

/// Each entry kind's movement: from the first account to the second (the markers that move
/// nothing, `goal_reached` and `failed`, post nothing).
const MOVES: [(&str, &str, &str); 9] = [
    ("pledged", "commitments", "pledged"),
    ("changed", "commitments", "pledged"),
    ("released", "commitments", "pledged"),
    ("charged", "donor_cards", "escrow"),
    ("refunded", "donor_cards", "escrow"),
    ("fee", "escrow", "platform_fees"),
    ("fee_returned", "escrow", "platform_fees"),
    ("payout", "escrow", "owner_payout"),
    ("payout_reversed", "escrow", "owner_payout"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectLedgerPostings as P;
        manager
            .create_table(
                Table::create()
                    .table(P::Table)
                    .if_not_exists()
                    .col(columns::id(P::Id))
                    .col(ColumnDef::new(P::EntryId).big_integer().not_null())
                    .col(ColumnDef::new(P::ProjectId).big_integer().not_null())
                    .col(ColumnDef::new(P::Account).string_len(32).not_null())
                    // A posting moves something: a zero is no posting.
                    .col(
                        ColumnDef::new(P::AmountCents)
                            .big_integer()
                            .not_null()
                            .check(Expr::col(P::AmountCents).ne(0)),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(P::Table, P::EntryId)
                            .to(ProjectLedger::Table, ProjectLedger::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            (
                "idx_project_ledger_postings_account",
                [P::ProjectId, P::Account],
            ),
            ("idx_project_ledger_postings_entry", [P::EntryId, P::Id]),
        ] {
            let mut index = Index::create();
            index.name(name).table(P::Table);
            for col in cols {
                index.col(col);
            }
            manager.create_index(index.to_owned()).await?;
        }
        let db = manager.get_connection();
        for (kind, from, to) in MOVES {
            for (account, sign) in [(from, "-"), (to, "")] {
                db.execute_unprepared(&format!(
                    "INSERT INTO project_ledger_postings (entry_id, project_id, account, amount_cents) \
                     SELECT id, project_id, '{account}', {sign}amount_cents FROM project_ledger \
                     WHERE kind = '{kind}' AND amount_cents <> 0 ORDER BY id"
                ))
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ProjectLedgerPostings::Table).to_owned())
            .await
    }
}
