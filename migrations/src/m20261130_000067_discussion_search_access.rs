//! SQLite: the discussions' FTS5 index also holds who may find each post (issue 45 §1). A
//! common word's newest matches in the scale data sit in private topics: walking 36,000 of
//! them to find the 1,000 newest a visitor may read took most of a search. A second indexed
//! column, `search_access`, holds one word per post — `accesspublic` for a live post in a
//! live public topic, `access<target type><target id>` for one in a live private topic
//! (found by the target's members), nothing for a deleted or hidden post or one in a
//! deleted or hidden topic — and a search matches its words in `text` and one of the
//! viewer's access words in `search_access`, so FTS5 skips what the viewer may not read
//! instead of walking it. The words are a virtual generated column of the row (the
//! discussions crate's `search::access_word` makes the same words for the query); the
//! triggers re-index a post when its text or any of the columns they come from changes.
//! PostgreSQL reads visibility from the row beside its GIN index: nothing changes there.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TOKENIZE: &str = "tokenize='porter unicode61 remove_diacritics 2'";

/// The triggers that keep `discussion_posts_fts` in step with `columns` (its columns, in
/// order), re-indexing on a change to any of `watched`.
fn index(columns: &[&str], watched: &str) -> Vec<String> {
    let list = columns.join(", ");
    let of = |row: &str| {
        columns
            .iter()
            .map(|c| format!("{row}.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (fts, new, old) = ("discussion_posts_fts", of("new"), of("old"));
    let insert = format!("INSERT INTO {fts}(rowid, {list}) VALUES (new.id, {new});");
    let delete =
        format!("INSERT INTO {fts}({fts}, rowid, {list}) VALUES ('delete', old.id, {old});");
    vec![
        format!(
            "CREATE VIRTUAL TABLE {fts} USING fts5({list}, content='discussion_posts', \
             content_rowid='id', {TOKENIZE})"
        ),
        format!("CREATE TRIGGER {fts}_ai AFTER INSERT ON discussion_posts BEGIN {insert} END"),
        format!("CREATE TRIGGER {fts}_ad AFTER DELETE ON discussion_posts BEGIN {delete} END"),
        format!(
            "CREATE TRIGGER {fts}_au AFTER UPDATE OF {watched} ON discussion_posts \
             BEGIN {delete} {insert} END"
        ),
        format!("INSERT INTO {fts}({fts}) VALUES ('rebuild')"),
    ]
}

const DROP_INDEX: [&str; 4] = [
    "DROP TRIGGER discussion_posts_fts_ai",
    "DROP TRIGGER discussion_posts_fts_ad",
    "DROP TRIGGER discussion_posts_fts_au",
    "DROP TABLE discussion_posts_fts",
];

async fn run(manager: &SchemaManager<'_>, statements: Vec<String>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    if db.get_database_backend() != DatabaseBackend::Sqlite {
        return Ok(());
    }
    for statement in statements {
        db.execute_unprepared(&statement).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut statements: Vec<String> = DROP_INDEX.iter().map(|s| (*s).to_owned()).collect();
        statements.push(
            "ALTER TABLE discussion_posts ADD COLUMN search_access TEXT GENERATED ALWAYS AS (\
             CASE WHEN deleted_at IS NOT NULL OR hidden_at IS NOT NULL OR NOT topic_live \
             THEN '' WHEN is_public THEN 'accesspublic' \
             ELSE 'access' || replace(target_type, '/', '') || target_id END) VIRTUAL"
                .to_owned(),
        );
        statements.extend(index(
            &["text", "search_access"],
            "text, is_public, topic_live, deleted_at, hidden_at, target_type, target_id",
        ));
        run(manager, statements).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut statements: Vec<String> = DROP_INDEX.iter().map(|s| (*s).to_owned()).collect();
        statements.push("ALTER TABLE discussion_posts DROP COLUMN search_access".to_owned());
        statements.extend(index(&["text"], "text"));
        run(manager, statements).await
    }
}
