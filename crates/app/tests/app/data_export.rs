//! Issue 23 §6, export completeness against the schema: every table says what it holds
//! about a member (`kernel::export`), so "Download my data" and account deletion cover the
//! whole database. A new table without a statement fails here, as does a statement naming
//! a column the table does not have.

use std::collections::{BTreeMap, BTreeSet};

use kernel::export::{Member, Rows};
use sea_orm::{DatabaseBackend, FromQueryResult, JsonValue, Statement};

/// Every table of the schema with its columns. SQLite's full-text index tables
/// (`*_fts*`) are the search index of a table that has its own statement.
async fn schema(db: &sea_orm::DatabaseConnection) -> BTreeMap<String, BTreeSet<String>> {
    let backend = db.get_database_backend();
    let sql = match backend {
        DatabaseBackend::Postgres => {
            "SELECT table_name AS t, column_name AS c FROM information_schema.columns \
             WHERE table_schema = current_schema()"
        }
        _ => {
            "SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '%_fts%'"
        }
    };
    let mut tables: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for row in JsonValue::find_by_statement(Statement::from_string(backend, sql))
        .all(db)
        .await
        .unwrap()
    {
        tables
            .entry(row["t"].as_str().unwrap().to_owned())
            .or_default()
            .insert(row["c"].as_str().unwrap().to_owned());
    }
    tables
}

#[tokio::test]
async fn every_table_of_the_schema_says_what_it_holds_about_a_member() {
    let app = testkit::spawn_app().await;
    let db = &app.ctx.db;
    let schema = schema(db).await;
    let catalogue = app::adapters::data_catalogue::catalogue();

    let mut stated = BTreeSet::new();
    let mut twice = Vec::new();
    for (_, spec) in catalogue.tables() {
        if !stated.insert(spec.table) {
            twice.push(spec.table);
        }
    }
    let missing: Vec<&String> = schema
        .keys()
        .filter(|t| !stated.contains(t.as_str()))
        .collect();
    let unknown: Vec<&&str> = stated
        .iter()
        .filter(|t| !schema.contains_key(**t))
        .collect();
    assert!(
        missing.is_empty(),
        "tables without an export statement: {missing:?}"
    );
    assert!(unknown.is_empty(), "statements about no table: {unknown:?}");
    assert!(twice.is_empty(), "tables stated twice: {twice:?}");

    // Every column a statement names exists: a misspelt secret would otherwise leak.
    for (_, spec) in catalogue.tables() {
        let columns = &schema[spec.table];
        let mut named: Vec<&str> = spec.secrets.iter().chain(spec.files).copied().collect();
        match spec.rows {
            Rows::Member(cols) => named.extend(cols),
            Rows::Email(col) => named.push(col),
            Rows::Through {
                column,
                table,
                member_column,
            } => {
                named.push(column);
                assert!(
                    schema[table].contains(member_column),
                    "{}: {table}.{member_column}",
                    spec.table
                );
            }
            Rows::Nobody(_) => {}
        }
        for column in named {
            assert!(
                columns.contains(column),
                "{}.{column} does not exist",
                spec.table
            );
        }
        let member = Member {
            id: 1,
            email: "someone@example.org".into(),
        };
        kernel::export::rows(db, spec, &member)
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", spec.table));
    }
}
