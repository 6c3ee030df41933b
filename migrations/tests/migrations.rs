//! The migrator as the app runs it: each migration in one transaction, on SQLite as on
//! PostgreSQL. An integration test, so that the crate (70 migrations) is compiled once for
//! the tests and the app alike instead of a second time with its unit tests.
#![allow(clippy::unwrap_used, clippy::expect_used)]
use migration::{InTransaction, Migrator};
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};

/// Creates a table, then fails, as a migration with a mistake in its second statement does.
struct HalfDone;

impl MigrationName for HalfDone {
    fn name(&self) -> &str {
        "m20990101_000001_half_done"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for HalfDone {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared("CREATE TABLE made_first (id INTEGER PRIMARY KEY)")
            .await?;
        manager
            .get_connection()
            .execute_unprepared("CREATE TABLE broken (")
            .await?;
        Ok(())
    }
}

struct Wrapped;

#[async_trait::async_trait]
impl MigratorTrait for Wrapped {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(InTransaction(Box::new(HalfDone)))]
    }
}

/// SeaORM's default on SQLite: no transaction.
struct Bare;

#[async_trait::async_trait]
impl MigratorTrait for Bare {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(HalfDone)]
    }
}

async fn sqlite(dir: &tempfile::TempDir) -> DatabaseConnection {
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("db.sqlite").display()
    );
    Database::connect(url).await.unwrap()
}

async fn has_table(db: &DatabaseConnection, name: &str) -> bool {
    let found = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '{name}'"),
        ))
        .await
        .unwrap();
    found.is_some()
}

#[tokio::test]
async fn a_migration_failing_halfway_on_sqlite_leaves_the_schema_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir).await;
    assert!(Wrapped::up(&db, None).await.is_err());
    assert!(!has_table(&db, "made_first").await);
    assert!(
        Wrapped::get_applied_migrations(&db)
            .await
            .unwrap()
            .is_empty()
    );

    // Without the wrapper (SeaORM's default on SQLite), the first half stays behind, and a
    // second start fails on a table that already exists.
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir).await;
    assert!(Bare::up(&db, None).await.is_err());
    assert!(has_table(&db, "made_first").await);
}

#[test]
fn every_migration_runs_in_a_transaction() {
    for migration in Migrator::migrations() {
        assert_eq!(
            migration.use_transaction(),
            Some(true),
            "{}",
            migration.name()
        );
    }
}

/// Entries written before the ledger kept double entry get the postings the code writes now:
/// each moving entry's amount out of one account and into the other, markers none.
#[tokio::test]
async fn the_ledgers_entries_before_double_entry_are_posted_balanced() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(&dir).await;
    // Every migration before the one that posts the ledger's entries.
    let before = Migrator::migrations()
        .iter()
        .position(|m| m.name() == "m20261129_000062_ledger_postings")
        .unwrap();
    Migrator::up(
        &db,
        Some(<u32 as TryFrom<usize>>::try_from(before).unwrap()),
    )
    .await
    .unwrap();
    db.execute_unprepared("PRAGMA foreign_keys = OFF")
        .await
        .unwrap();
    for (kind, cents) in [
        ("pledged", 1_000),
        ("goal_reached", 1_000),
        ("charged", 1_000),
        ("fee", 90),
        ("payout", 910),
        ("payout_reversed", -910),
        ("refunded", -1_000),
        ("failed", 0),
    ] {
        db.execute_unprepared(&format!(
            "INSERT INTO project_ledger (project_id, kind, amount_cents, currency, created_at) \
             VALUES (7, '{kind}', {cents}, 'cad', '2026-11-01T00:00:00Z')"
        ))
        .await
        .unwrap();
    }
    Migrator::up(&db, None).await.unwrap();
    let balances = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT account, SUM(amount_cents) AS cents, COUNT(*) AS legs \
             FROM project_ledger_postings GROUP BY account ORDER BY account",
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| {
            (
                row.try_get::<String>("", "account").unwrap(),
                row.try_get::<i64>("", "cents").unwrap(),
                row.try_get::<i64>("", "legs").unwrap(),
            )
        })
        .collect::<Vec<_>>();
    let expected = [
        ("commitments", -1_000, 1),
        ("donor_cards", 0, 2),
        ("escrow", -90, 5),
        ("owner_payout", 0, 2),
        ("platform_fees", 90, 1),
        ("pledged", 1_000, 1),
    ]
    .map(|(a, c, n)| (a.to_owned(), c, n));
    assert_eq!(balances, expected);
    let total: i64 = balances.iter().map(|b| b.1).sum();
    assert_eq!(total, 0, "the books balance");
}
