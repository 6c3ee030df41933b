use sea_orm_migration::sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};

use super::*;

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
