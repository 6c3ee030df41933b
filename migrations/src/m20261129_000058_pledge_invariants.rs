//! What the database holds of the money path (issue 42): one standing pledge per member and
//! project (a partial unique index, so pledges sent at once cannot all stand), and no
//! negative amount, total or backer count (CHECK constraints on PostgreSQL; SQLite cannot add
//! a constraint to a table it has, so triggers refuse the same writes there). On PostgreSQL
//! the checks are NOT VALID: rows written before them are left for reconciliation to list,
//! every write from now on is held to them.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProjectPledges {
    Table,
    ProjectId,
    BackerId,
    Status,
}

const ONE_STANDING: &str = "uq_project_pledges_one_standing";

/// Each rule: its name, its table, the columns it reads and the condition it holds.
const CHECKS: [(&str, &str, &str, &str); 2] = [
    (
        "ck_projects_funding_not_negative",
        "projects",
        "raised_cents, backers",
        "raised_cents >= 0 AND backers >= 0",
    ),
    (
        "ck_project_pledges_amount_positive",
        "project_pledges",
        "amount_cents",
        "amount_cents > 0",
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ProjectPledges as P;
        manager
            .create_index(
                Index::create()
                    .name(ONE_STANDING)
                    .table(P::Table)
                    .col(P::ProjectId)
                    .col(P::BackerId)
                    .unique()
                    .and_where(Expr::col(P::Status).eq("pledged"))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        for (name, table, columns, holds) in CHECKS {
            let statements = match manager.get_database_backend() {
                DbBackend::Sqlite => vec![
                    trigger(name, "INSERT", table, holds, columns),
                    trigger(name, &format!("UPDATE OF {columns}"), table, holds, columns),
                ],
                _ => vec![format!(
                    "ALTER TABLE {table} ADD CONSTRAINT {name} CHECK ({holds}) NOT VALID"
                )],
            };
            for sql in statements {
                db.execute_unprepared(&sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (name, table, _, _) in CHECKS {
            let statements = match manager.get_database_backend() {
                DbBackend::Sqlite => vec![
                    format!("DROP TRIGGER IF EXISTS {name}_insert"),
                    format!("DROP TRIGGER IF EXISTS {name}_update"),
                ],
                _ => vec![format!(
                    "ALTER TABLE {table} DROP CONSTRAINT IF EXISTS {name}"
                )],
            };
            for sql in statements {
                db.execute_unprepared(&sql).await?;
            }
        }
        manager
            .drop_index(
                Index::drop()
                    .name(ONE_STANDING)
                    .table(ProjectPledges::Table)
                    .to_owned(),
            )
            .await
    }
}

/// SQLite's stand-in for CHECK constraint `name`: a trigger that refuses, `before` a write
/// (`INSERT`, `UPDATE OF …`) to `table`, a row where `holds` is false.
fn trigger(name: &str, before: &str, table: &str, holds: &str, columns: &str) -> String {
    let event = before
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_lowercase();
    // The condition on the row being written.
    let on_new = columns
        .split(", ")
        .fold(holds.to_owned(), |condition, column| {
            condition.replace(column, &format!("NEW.{column}"))
        });
    format!(
        "CREATE TRIGGER IF NOT EXISTS {name}_{event} BEFORE {before} ON {table} \
         WHEN NOT ({on_new}) BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: {name}'); END"
    )
}
