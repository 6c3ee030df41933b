//! Where the database's schema stands against this binary's migrations: behind (migrations
//! to apply), current, or ahead (applied by a newer version of Cohort, which this one must
//! not serve: it would read and write tables it does not know).

use anyhow::Context;
use migration::{Migrator, MigratorTrait};
use sea_orm::DatabaseConnection;

/// The migrations this binary has and the database has not, and the other way round.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SchemaState {
    pub pending: Vec<String>,
    pub unknown: Vec<String>,
}

impl SchemaState {
    pub fn is_current(&self) -> bool {
        self.pending.is_empty() && self.unknown.is_empty()
    }

    /// One line for an operator.
    pub fn describe(&self) -> String {
        if !self.unknown.is_empty() {
            format!(
                "the database was migrated by a newer version of Cohort ({} migration(s) this \
                 version does not have: {}); run that version, or restore a backup made for this one",
                self.unknown.len(),
                self.unknown.join(", ")
            )
        } else if !self.pending.is_empty() {
            format!(
                "the database is behind: {} migration(s) to apply ({}); run `cohort migrate`",
                self.pending.len(),
                self.pending.join(", ")
            )
        } else {
            "the database is current".to_owned()
        }
    }
}

/// Compares the migrations recorded in the database with this binary's.
pub async fn state(db: &DatabaseConnection) -> anyhow::Result<SchemaState> {
    let applied = applied(db).await?;
    let known: Vec<String> = Migrator::migrations()
        .iter()
        .map(|migration| migration.name().to_owned())
        .collect();
    Ok(SchemaState {
        pending: known
            .iter()
            .filter(|m| !applied.contains(m))
            .cloned()
            .collect(),
        unknown: applied
            .iter()
            .filter(|m| !known.contains(m))
            .cloned()
            .collect(),
    })
}

/// The last migration the database had applied (`None` for a database without any).
pub async fn last_applied(db: &DatabaseConnection) -> anyhow::Result<Option<String>> {
    Ok(applied(db).await?.into_iter().max())
}

/// The migrations the database records, read without creating anything: a database without
/// the bookkeeping table has none (looking, as `doctor` and `migrate --check` do, must not
/// change it; the migrator's own reader creates the table first).
async fn applied(db: &DatabaseConnection) -> anyhow::Result<Vec<String>> {
    let manager = migration::SchemaManager::new(db);
    if !manager
        .has_table("seaql_migrations")
        .await
        .context("looking for the migrations table")?
    {
        return Ok(Vec::new());
    }
    Ok(Migrator::get_migration_models(db)
        .await
        .context("reading the applied migrations")?
        .into_iter()
        .map(|model| model.version)
        .collect())
}

/// Whether the database holds none of Cohort's migrations, without creating anything in it
/// (a restore needs it empty, bookkeeping table included).
pub async fn is_empty(db: &DatabaseConnection) -> anyhow::Result<bool> {
    Ok(Migrator::get_applied_migrations_read_only(db)
        .await
        .context("reading the applied migrations")?
        .is_empty())
}
