//! Full-text indexes for the header's search (issue 23, item 4), each on the table its
//! crate owns: on PostgreSQL a generated, weighted `tsvector` column with a GIN index; on
//! SQLite an FTS5 table reading the table's own columns, kept in step by triggers. Either
//! way the database updates the index in the statement that changes the row, so what is
//! written is found at once and what is deleted vanishes at once. Rich text is indexed
//! without its markup on PostgreSQL; FTS5 reads words only, never tag brackets.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A searchable column: its name, its weight (A highest) and whether it holds markup.
struct Column(&'static str, char, bool);

/// The searchable columns of each table, in the FTS5 table's order.
const INDEXES: &[(&str, &[Column])] = &[
    (
        "working_groups",
        &[Column("title", 'A', false), Column("summary", 'B', true)],
    ),
    ("discussion_posts", &[Column("text", 'B', true)]),
    (
        "blog_posts",
        &[
            Column("title", 'A', false),
            Column("description", 'B', true),
            Column("body", 'C', true),
        ],
    ),
    (
        "lectures",
        &[
            Column("title", 'A', false),
            Column("author", 'B', false),
            Column("summary", 'C', true),
        ],
    ),
    (
        "users",
        &[
            Column("name", 'A', false),
            Column("title", 'B', false),
            Column("bio", 'C', false),
        ],
    ),
    (
        "projects",
        &[
            Column("title", 'A', false),
            Column("lay_summary", 'B', true),
        ],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let postgres = db.get_database_backend() == DatabaseBackend::Postgres;
        for (table, columns) in INDEXES {
            let statements = if postgres {
                postgres_index(table, columns)
            } else {
                sqlite_index(table, columns)
            };
            for statement in statements {
                db.execute_unprepared(&statement).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let postgres = db.get_database_backend() == DatabaseBackend::Postgres;
        for (table, _) in INDEXES {
            let statements = if postgres {
                vec![format!("ALTER TABLE {table} DROP COLUMN search_vector")]
            } else {
                let mut drops: Vec<String> = ["ai", "ad", "au"]
                    .iter()
                    .map(|t| format!("DROP TRIGGER {table}_fts_{t}"))
                    .collect();
                drops.push(format!("DROP TABLE {table}_fts"));
                drops
            };
            for statement in statements {
                db.execute_unprepared(&statement).await?;
            }
        }
        Ok(())
    }
}

/// A `search_vector` column the database computes from the row, and its GIN index.
fn postgres_index(table: &str, columns: &[Column]) -> Vec<String> {
    let vector = columns
        .iter()
        .map(|Column(name, weight, rich)| {
            let text = if *rich {
                format!("regexp_replace(coalesce({name}, ''), '<[^>]*>', ' ', 'g')")
            } else {
                format!("coalesce({name}, '')")
            };
            format!("setweight(to_tsvector('english', {text}), '{weight}')")
        })
        .collect::<Vec<_>>()
        .join(" || ");
    vec![
        format!(
            "ALTER TABLE {table} ADD COLUMN search_vector tsvector \
             GENERATED ALWAYS AS ({vector}) STORED"
        ),
        format!("CREATE INDEX idx_{table}_search ON {table} USING GIN (search_vector)"),
    ]
}

/// An FTS5 table over the table's columns (no copy of the text), the triggers that keep
/// it in step, and its first filling.
fn sqlite_index(table: &str, columns: &[Column]) -> Vec<String> {
    let names: Vec<&str> = columns.iter().map(|Column(name, ..)| *name).collect();
    let list = names.join(", ");
    let new = names
        .iter()
        .map(|n| format!("new.{n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let old = names
        .iter()
        .map(|n| format!("old.{n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let fts = format!("{table}_fts");
    let insert = format!("INSERT INTO {fts}(rowid, {list}) VALUES (new.id, {new});");
    let delete =
        format!("INSERT INTO {fts}({fts}, rowid, {list}) VALUES ('delete', old.id, {old});");
    vec![
        format!(
            "CREATE VIRTUAL TABLE {fts} USING fts5({list}, content='{table}', \
             content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')"
        ),
        format!("CREATE TRIGGER {fts}_ai AFTER INSERT ON {table} BEGIN {insert} END"),
        format!("CREATE TRIGGER {fts}_ad AFTER DELETE ON {table} BEGIN {delete} END"),
        format!(
            "CREATE TRIGGER {fts}_au AFTER UPDATE OF {list} ON {table} BEGIN {delete} {insert} END"
        ),
        format!("INSERT INTO {fts}({fts}) VALUES ('rebuild')"),
    ]
}
