//! What Cohort holds about a member, table by table (issue 23, item 6: "Your data"). Each
//! crate states, for every table it owns, which rows are about a member, which columns are
//! secrets never handed out, which hold stored files, and what account deletion does to
//! those rows. The statements are data: one reader turns them into a member's export, one
//! eraser into their deletion, and a test fails when a table has no statement.

use sea_orm::sea_query::{
    Alias, Asterisk, Condition, Expr, ExprTrait, Func, Query, SelectStatement,
};
use sea_orm::{ConnectionTrait, FromQueryResult, JsonValue};

use crate::AppResult;

/// Which rows of a table are about a member.
#[derive(Debug, Clone, Copy)]
pub enum Rows {
    /// Those where any of these columns holds the member's id.
    Member(&'static [&'static str]),
    /// Those where this column holds the member's e-mail address (compared case-insensitively):
    /// what they sent before or without an account.
    Email(&'static str),
    /// Those whose `column` names a row of `table` whose `member_column` holds the member's id
    /// (a quiz attempt's answers, a post's files).
    Through {
        column: &'static str,
        table: &'static str,
        member_column: &'static str,
    },
    /// None: nothing in it is about one member (a lookup, a counter, the site's own content),
    /// and why.
    Nobody(&'static str),
}

/// What deleting an account does to a table's rows about the member.
#[derive(Debug, Clone, Copy)]
pub enum Erase {
    /// They go.
    Delete,
    /// They stay, and why (a thread keeps its shape, the books keep their entries); the
    /// account they point at is anonymised.
    Keep(&'static str),
}

/// One table's statement.
#[derive(Debug, Clone, Copy)]
pub struct TableExport {
    pub table: &'static str,
    pub rows: Rows,
    /// Columns never exported: hashes, secrets, one-time codes.
    pub secrets: &'static [&'static str],
    /// Columns holding a stored file's key: the file goes into the export too.
    pub files: &'static [&'static str],
    pub erase: Erase,
}

impl TableExport {
    /// The rows of `table` where `columns` name the member: exported, deleted with the account.
    pub const fn member(table: &'static str, columns: &'static [&'static str]) -> Self {
        Self {
            table,
            rows: Rows::Member(columns),
            secrets: &[],
            files: &[],
            erase: Erase::Delete,
        }
    }

    /// A table with nothing about any one member.
    pub const fn nobody(table: &'static str, why: &'static str) -> Self {
        Self {
            table,
            rows: Rows::Nobody(why),
            secrets: &[],
            files: &[],
            erase: Erase::Keep(why),
        }
    }

    pub const fn rows(mut self, rows: Rows) -> Self {
        self.rows = rows;
        self
    }

    pub const fn secrets(mut self, secrets: &'static [&'static str]) -> Self {
        self.secrets = secrets;
        self
    }

    pub const fn files(mut self, files: &'static [&'static str]) -> Self {
        self.files = files;
        self
    }

    pub const fn kept(mut self, why: &'static str) -> Self {
        self.erase = Erase::Keep(why);
        self
    }

    /// Whether the table holds anything about a member.
    pub fn is_personal(&self) -> bool {
        !matches!(self.rows, Rows::Nobody(_))
    }
}

/// The member an export or a deletion is about.
#[derive(Debug, Clone)]
pub struct Member {
    pub id: i64,
    pub email: String,
}

fn about(rows: Rows, member: &Member) -> Option<Condition> {
    let col = |name: &'static str| Expr::col(Alias::new(name));
    match rows {
        Rows::Member(columns) => Some(
            columns
                .iter()
                .fold(Condition::any(), |any, c| any.add(col(c).eq(member.id))),
        ),
        Rows::Email(column) => {
            Some(Condition::all().add(Func::lower(col(column)).eq(member.email.to_lowercase())))
        }
        Rows::Through {
            column,
            table,
            member_column,
        } => Some(
            Condition::all().add(
                col(column).in_subquery(
                    Query::select()
                        .column(Alias::new("id"))
                        .from(Alias::new(table))
                        .and_where(col(member_column).eq(member.id))
                        .to_owned(),
                ),
            ),
        ),
        Rows::Nobody(_) => None,
    }
}

fn select(spec: &TableExport, member: &Member) -> Option<SelectStatement> {
    let condition = about(spec.rows, member)?;
    Some(
        Query::select()
            .column(Asterisk)
            .from(Alias::new(spec.table))
            .cond_where(condition)
            .to_owned(),
    )
}

/// The member's rows of one table, each an object of its columns, without the secrets,
/// oldest first.
pub async fn rows(
    db: &impl ConnectionTrait,
    spec: &TableExport,
    member: &Member,
) -> AppResult<Vec<serde_json::Map<String, JsonValue>>> {
    let Some(select) = select(spec, member) else {
        return Ok(Vec::new());
    };
    let statement = db.get_database_backend().build(&select);
    let found = JsonValue::find_by_statement(statement).all(db).await?;
    Ok(found
        .into_iter()
        .filter_map(|row| match row {
            JsonValue::Object(mut columns) => {
                for secret in spec.secrets {
                    columns.remove(*secret);
                }
                Some(columns)
            }
            _ => None,
        })
        .collect())
}

/// The stored files the rows name.
pub fn files(spec: &TableExport, rows: &[serde_json::Map<String, JsonValue>]) -> Vec<String> {
    rows.iter()
        .flat_map(|row| spec.files.iter().filter_map(|c| row.get(*c)?.as_str()))
        .filter(|key| !key.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Deletes the member's rows of one table, as its statement says; kept rows stay.
pub async fn erase(
    db: &impl ConnectionTrait,
    spec: &TableExport,
    member: &Member,
) -> AppResult<u64> {
    if let Erase::Keep(_) = spec.erase {
        return Ok(0);
    }
    let Some(condition) = about(spec.rows, member) else {
        return Ok(0);
    };
    let delete = Query::delete()
        .from_table(Alias::new(spec.table))
        .cond_where(condition)
        .to_owned();
    Ok(db.execute(&delete).await?.rows_affected())
}

const TEST_PROCESSOR: &str =
    "The built-in test payment processor's own books (development and tests only).";
const DEV_ONLY: &str = "The development mailbox and outbox (development mode only).";

/// The kernel's own tables (and the migrations' record).
pub const TABLES: &[TableExport] = &[
    TableExport::member("audit_log", &["actor_id", "about_user_id"]).kept(
        "Staff decisions and moderation actions are kept for accountability, unchanged: each entry's hash is part of a published chain; the member shows as a former member.",
    ),
    TableExport::nobody(
        "audit_chain",
        "The audit chain's head: the last entry's place and hash.",
    ),
    TableExport::nobody(
        "audit_heads",
        "The audit chain's published daily heads: places and hashes, named by no one.",
    ),
    TableExport::member("phi_declarations", &["user_id"]),
    TableExport::nobody(
        "captcha_uses",
        "Spent proof-of-work challenges, named by no one.",
    ),
    TableExport::nobody("dev_mail", DEV_ONLY),
    TableExport::nobody("dev_sms", DEV_ONLY),
    TableExport::nobody("seaql_migrations", "Which schema changes ran."),
    TableExport::nobody("test_processor_accounts", TEST_PROCESSOR),
    TableExport::nobody("test_processor_charges", TEST_PROCESSOR),
    TableExport::nobody("test_processor_customers", TEST_PROCESSOR),
    TableExport::nobody("test_processor_methods", TEST_PROCESSOR),
    TableExport::nobody("test_processor_payouts", TEST_PROCESSOR),
    TableExport::nobody("test_processor_refunds", TEST_PROCESSOR),
    TableExport::nobody("test_processor_setups", TEST_PROCESSOR),
];

/// A part of the export: one crate's tables, in a folder of its name.
#[derive(Debug, Clone, Copy)]
pub struct Area {
    pub name: &'static str,
    pub tables: &'static [TableExport],
}

/// Every area `app` registered: the whole schema.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    pub areas: Vec<Area>,
}

impl Catalogue {
    pub fn with(mut self, name: &'static str, tables: &'static [TableExport]) -> Self {
        self.areas.push(Area { name, tables });
        self
    }

    /// Every table's statement with its area.
    pub fn tables(&self) -> impl Iterator<Item = (&'static str, &'static TableExport)> + '_ {
        self.areas
            .iter()
            .flat_map(|area| area.tables.iter().map(move |t| (area.name, t)))
    }
}
