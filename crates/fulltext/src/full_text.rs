//! Full-text matching on either database, from what a member typed: the words, "quoted
//! phrases", `-excluded` words and `or`, as PostgreSQL's `websearch_to_tsquery` reads them.

use super::hit::Hit;
use super::snippet::Snippet;
use kernel::AppResult;
use sea_orm::sea_query::{
    Alias, Asterisk, Condition, Expr, ExprTrait, JoinType, Order, Query, SelectStatement,
    SimpleExpr, UnionType,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, QueryFilter, Statement,
};

/// A search text with something in it to look for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullText {
    /// As typed (trimmed): PostgreSQL parses it itself.
    text: String,
    /// The same query in FTS5's syntax, every term quoted so nothing typed is an operator.
    fts5: String,
    /// [`FullText::fts5`] without the scope's words: what rows are ranked and highlighted
    /// by, once found.
    words: String,
}

/// A term of the query: a word or a quoted phrase, maybe excluded.
struct Term {
    text: String,
    excluded: bool,
}

impl FullText {
    /// `None` when the text holds nothing to look for (blank, only punctuation, only
    /// excluded words).
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let alternatives: Vec<String> = alternatives(text)
            .iter()
            .filter_map(|terms| fts5_conjunction(terms))
            .collect();
        if alternatives.is_empty() {
            return None;
        }
        let fts5 = if alternatives.len() == 1 {
            alternatives.concat()
        } else {
            alternatives
                .iter()
                .map(|a| format!("({a})"))
                .collect::<Vec<_>>()
                .join(" OR ")
        };
        Some(Self {
            text: text.to_owned(),
            words: fts5.clone(),
            fts5,
        })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The query in FTS5's syntax.
    pub fn fts5(&self) -> &str {
        &self.fts5
    }

    /// The query's words in FTS5's syntax, without a scope: `bm25` counts the rows each
    /// word of its query is in, and counting the scope's word (one in every public post)
    /// took more than the rest of a search.
    pub fn fts5_words(&self) -> &str {
        &self.words
    }

    /// The same search, which on SQLite looks for its words in `column` only and finds only
    /// rows whose `scope` column holds one of `words` (an FTS5 table that indexes who may
    /// find each row beside its text; the walk then skips the rows no word opens instead
    /// of reading them). PostgreSQL's query is unchanged: there the source's visibility
    /// statement decides. No word: nothing is found.
    pub fn scoped(&self, column: &str, scope: &str, words: &[String]) -> Self {
        let quoted: Vec<String> = words
            .iter()
            .map(|w| format!("\"{}\"", w.replace('"', "\"\"")))
            .collect();
        let fts5 = if quoted.is_empty() {
            // A word no row holds (the scope's words start with a letter).
            format!("{column} : ({}) AND {scope} : \"0\"", self.fts5)
        } else {
            format!(
                "{column} : ({}) AND {scope} : ({})",
                self.fts5,
                quoted.join(" OR ")
            )
        };
        Self {
            text: self.text.clone(),
            fts5,
            words: format!("{column} : ({})", self.fts5),
        }
    }
}

/// The text split at each `or` into lists of terms.
fn alternatives(text: &str) -> Vec<Vec<Term>> {
    let mut groups = vec![Vec::new()];
    let mut chars = text.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        let Some(&first) = chars.peek() else { break };
        let excluded = first == '-';
        if excluded {
            chars.next();
        }
        let quoted = chars.next_if_eq(&'"').is_some();
        let mut word = String::new();
        while let Some(c) = chars.next_if(|&c| if quoted { c != '"' } else { !c.is_whitespace() }) {
            word.push(c);
        }
        if quoted {
            chars.next();
        }
        if !quoted && !excluded && word.eq_ignore_ascii_case("or") {
            groups.push(Vec::new());
        } else if word.chars().any(char::is_alphanumeric)
            && let Some(group) = groups.last_mut()
        {
            group.push(Term {
                text: word,
                excluded,
            });
        }
    }
    groups
}

/// One alternative in FTS5's syntax: every wanted term, then `NOT` each excluded one;
/// `None` when it wants nothing.
fn fts5_conjunction(terms: &[Term]) -> Option<String> {
    let quote = |t: &Term| format!("\"{}\"", t.text.replace('"', "\"\""));
    let wanted: Vec<String> = terms.iter().filter(|t| !t.excluded).map(quote).collect();
    if wanted.is_empty() {
        return None;
    }
    let mut conjunction = wanted.join(" AND ");
    for term in terms.iter().filter(|t| t.excluded) {
        conjunction = format!("{conjunction} NOT {}", quote(term));
    }
    Some(conjunction)
}

/// A table's full-text index, as the migrations made it.
#[derive(Debug, Clone, Copy)]
pub struct Index {
    /// The table searched.
    pub table: &'static str,
    /// PostgreSQL: the table's generated, weighted `tsvector` column (GIN-indexed).
    pub vector: &'static str,
    /// SQLite: the FTS5 table over the table (its rowid is the table's id).
    pub fts: &'static str,
    /// SQLite: the weight of each of the FTS5 table's columns, in order, for `bm25`.
    pub weights: &'static str,
    /// The column snippets are cut from, and its place among the FTS5 table's columns.
    pub snippet_column: (&'static str, u8),
    /// That column holds rich text, whose markup a snippet drops.
    pub rich: bool,
}

/// Words either side of the matching ones in a snippet.
const SNIPPET_WORDS: u32 = 24;

/// How many of the newest matching rows are ranked. A word in most posts matches hundreds
/// of thousands of rows; ranking and highlighting each took seconds. The index finds the
/// newest matches the viewer may read, these are ranked, and only the page's rows are
/// highlighted: a rare word (fewer matches than this) is ranked over every match as before.
/// Ranking is most of a common word's cost (`ts_rank` and `bm25` read each candidate's
/// words): 250 rather than 1,000 took the common word's statements from 13.8 to 5.6 ms on
/// PostgreSQL (docs/benchmarks-notes.md), and 250 recent matches are more than the ten
/// pages a search shows.
pub const CANDIDATES: u64 = 250;

/// The table's alias in the statements that rank and highlight.
const T: &str = "t";

impl Index {
    /// Whether the row of `on` (the table or its alias) matches `query`; on SQLite, the
    /// statement joins the FTS5 table.
    fn matches(&self, backend: DbBackend, on: &str, query: &FullText) -> SimpleExpr {
        match backend {
            DbBackend::Postgres => Expr::cust_with_values(
                format!(
                    "{on}.{vector} @@ websearch_to_tsquery('english', $1)",
                    vector = self.vector
                ),
                [query.text()],
            ),
            _ => Expr::cust_with_values(format!("{} MATCH ?", self.fts), [query.fts5()]),
        }
    }

    /// PostgreSQL: relevance of the row of `on` (the table or its alias), higher is better.
    fn ts_rank(&self, on: &str, query: &FullText) -> SimpleExpr {
        Expr::cust_with_values(
            format!(
                "ts_rank({on}.{vector}, websearch_to_tsquery('english', $1))::float8",
                vector = self.vector
            ),
            [query.text()],
        )
    }

    /// PostgreSQL: the passage of the row aliased `t`, the matching words between `\u{1}`
    /// and `\u{2}`.
    fn headline(&self, query: &FullText) -> SimpleExpr {
        let (column, _) = self.snippet_column;
        let text = if self.rich {
            format!("regexp_replace({T}.{column}, '<[^>]*>', ' ', 'g')")
        } else {
            format!("coalesce({T}.{column}, '')")
        };
        Expr::cust_with_values(
            format!(
                "ts_headline('english', {text}, websearch_to_tsquery('english', $1), \
                 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || \
                 ', MaxWords={max}, MinWords={min}, ShortWord=2, MaxFragments=1')",
                max = SNIPPET_WORDS * 2,
                min = SNIPPET_WORDS / 2,
            ),
            [query.text()],
        )
    }

    /// SQLite: the same from the FTS5 table's matching row.
    fn snippet(&self) -> String {
        let (_, position) = self.snippet_column;
        format!(
            "snippet({}, {position}, char(1), char(2), '…', {SNIPPET_WORDS})",
            self.fts
        )
    }

    /// The newest [`CANDIDATES`] rows matching `query` among the visible ones (those for
    /// which any of `visible`, conditions on the table, holds), with their rank. SQLite
    /// takes them in one pass of its index, in its order. PostgreSQL walks each
    /// alternative on its own and keeps the newest of their candidates: a walk under one
    /// condition can follow a partial index made for it (the public posts'), where the
    /// alternatives joined by `OR` would walk every row and skip the invisible ones.
    fn candidates(
        &self,
        backend: DbBackend,
        query: &FullText,
        visible: &[Condition],
    ) -> SelectStatement {
        if backend != DbBackend::Postgres || visible.len() < 2 {
            let any = match visible {
                [only] => only.clone(),
                _ => visible
                    .iter()
                    .cloned()
                    .fold(Condition::any(), Condition::add),
            };
            return self.newest_matches(backend, query, any);
        }
        let (id, newest) = (Alias::new("id"), Alias::new("newest"));
        let walks = visible.iter().enumerate().map(|(i, condition)| {
            Query::select()
                .column(Asterisk)
                .from_subquery(
                    self.newest_matches(backend, query, condition.clone()),
                    Alias::new(format!("walk{i}")),
                )
                .to_owned()
        });
        // Not `UNION ALL`: alternatives that overlap give a row once.
        let union = walks
            .reduce(|mut union, walk| {
                union.union(UnionType::Distinct, walk);
                union
            })
            .unwrap_or_else(Query::select);
        Query::select()
            .column(Asterisk)
            .from_subquery(union, newest.clone())
            .order_by((newest, id), Order::Desc)
            .limit(CANDIDATES)
            .to_owned()
    }

    /// The newest [`CANDIDATES`] rows matching `query` for which `visible` holds (on
    /// PostgreSQL with their rank): one pass of the index, in its order.
    fn newest_matches(
        &self,
        backend: DbBackend,
        query: &FullText,
        visible: Condition,
    ) -> SelectStatement {
        let mut candidates = Query::select()
            .column((Alias::new(self.table), Alias::new("id")))
            .from(Alias::new(self.table))
            .cond_where(visible)
            .to_owned();
        // Newest first by the index's own order on SQLite, so FTS5 walks its lists from
        // the end and stops at the limit. `+ 0` keeps the planner from leading with the
        // table and asking FTS5 about each row (SQLite 3.51 did, for the groups: 188 ms
        // instead of 1), since FTS5 reads a word's whole list for every such question.
        let newest = match backend {
            DbBackend::Postgres => format!("{}.id", self.table),
            _ => {
                candidates.join(
                    JoinType::InnerJoin,
                    Alias::new(self.fts),
                    Expr::cust(format!(
                        "{table}.id = {fts}.rowid + 0",
                        fts = self.fts,
                        table = self.table
                    )),
                );
                format!("{}.rowid", self.fts)
            }
        };
        if backend == DbBackend::Postgres {
            candidates.expr_as(self.ts_rank(self.table, query), Alias::new("score"));
        }
        candidates
            .and_where(self.matches(backend, self.table, query))
            .order_by_expr(Expr::cust(newest), Order::Desc)
            .limit(CANDIDATES);
        candidates
    }

    /// PostgreSQL: the best `limit` of the candidates, their ids and ranks.
    fn ranked(candidates: SelectStatement, limit: u64) -> SelectStatement {
        let (id, score, c) = (
            Alias::new("id"),
            Alias::new("score"),
            Alias::new("candidates"),
        );
        Query::select()
            .column((c.clone(), id.clone()))
            .column((c.clone(), score.clone()))
            .from_subquery(candidates, c.clone())
            .order_by((c.clone(), score), Order::Desc)
            .order_by((c, id), Order::Desc)
            .limit(limit)
            .to_owned()
    }

    /// The statement [`Index::find`] runs: the candidates ranked, the best `limit` of them
    /// highlighted. On SQLite the candidates are found by the query, scope included, and
    /// ranked and highlighted by its words alone, each by one more walk of the index over
    /// the ids they span (FTS5 reads a word's whole list for every lookup, so one lookup
    /// per row cost milliseconds each for a common word).
    fn statement(
        &self,
        backend: DbBackend,
        query: &FullText,
        visible: &[Condition],
        limit: u64,
    ) -> Statement {
        let candidates = self.candidates(backend, query, visible);
        let limit = Ord::min(limit, MAX_FOUND);
        if backend == DbBackend::Postgres {
            let (id, r) = (Alias::new("id"), Alias::new("ranked"));
            let page = Query::select()
                .column((r.clone(), id.clone()))
                .column((r.clone(), Alias::new("score")))
                .expr_as(self.headline(query), Alias::new("snippet"))
                .from_subquery(Self::ranked(candidates, limit), r.clone())
                .join_as(
                    JoinType::InnerJoin,
                    Alias::new(self.table),
                    Alias::new(T),
                    Expr::col((Alias::new(T), id.clone())).equals((r.clone(), id.clone())),
                )
                .order_by((r.clone(), Alias::new("score")), Order::Desc)
                .order_by((r, id), Order::Desc)
                .to_owned();
            return backend.build(&page);
        }
        let candidates = backend.build(&candidates);
        let fts = self.fts;
        // The rows of `among` (a table of ids) in one walk of the words' lists.
        let walk = |among: &str| {
            format!(
                "{fts} MATCH ? \
                 AND {fts}.rowid >= (SELECT min(id) FROM {among}) \
                 AND {fts}.rowid <= (SELECT max(id) FROM {among}) \
                 AND {among}.id = {fts}.rowid"
            )
        };
        let sql = format!(
            "WITH candidates AS ({candidates}), \
             ranked AS (SELECT candidates.id AS id, -bm25({fts}, {weights}) AS score \
             FROM {fts} CROSS JOIN candidates WHERE {in_candidates} \
             ORDER BY score DESC, id DESC LIMIT {limit}) \
             SELECT ranked.id AS id, ranked.score AS score, {snippet} AS snippet \
             FROM {fts} CROSS JOIN ranked WHERE {in_ranked} \
             ORDER BY ranked.score DESC, ranked.id DESC",
            candidates = candidates.sql,
            weights = self.weights,
            in_candidates = walk("candidates"),
            in_ranked = walk("ranked"),
            snippet = self.snippet(),
        );
        let mut values = candidates.values.map(|v| v.0).unwrap_or_default();
        values.push(query.fts5_words().into());
        values.push(query.fts5_words().into());
        Statement::from_sql_and_values(backend, sql, values)
    }
}

/// A row [`Index::find`] found.
#[derive(Debug, Clone, FromQueryResult)]
pub struct Found {
    pub id: i64,
    pub score: f64,
    /// The matching words between `\u{1}` and `\u{2}`.
    pub snippet: Option<String>,
}

impl Found {
    /// The snippet without its marks' bytes: runs of text, hit or not.
    pub fn snippet(&self, index: &Index) -> Snippet {
        Snippet::from_marked(self.snippet.as_deref().unwrap_or_default(), index.rich)
    }
}

/// Each found row with its model, in the order found; a row whose model is not among
/// `models` (gone since) is left out.
fn with_models<T>(found: &[Found], models: impl IntoIterator<Item = (i64, T)>) -> Vec<(&Found, T)> {
    let mut models: std::collections::HashMap<i64, T> = models.into_iter().collect();
    found
        .iter()
        .filter_map(|f| models.remove(&f.id).map(|m| (f, m)))
        .collect()
}

/// How a source whose rows are one entity reads them: the entity's id column, a row's id,
/// and the hit a found row makes.
pub struct Rows<E: EntityTrait, I, H> {
    pub id: E::Column,
    pub id_of: I,
    pub hit: H,
}

/// How many rows a source may ask for at most.
pub const MAX_FOUND: u64 = 200;

impl Index {
    /// The best `limit` rows matching `query` among those for which any of `visible`
    /// (conditions on the table, unaliased) holds, best first, in one statement: the newest
    /// [`CANDIDATES`] matches ranked, the page's rows highlighted.
    pub async fn find(
        &self,
        db: &impl ConnectionTrait,
        query: &FullText,
        visible: &[Condition],
        limit: u64,
    ) -> AppResult<Vec<Found>> {
        let backend = db.get_database_backend();
        let statement = self.statement(backend, query, visible, limit);
        Ok(Found::find_by_statement(statement).all(db).await?)
    }

    /// [`Index::find`], then the rows found read in one more statement and made hits, best
    /// first.
    pub async fn hits<E, I, H>(
        &self,
        db: &impl ConnectionTrait,
        query: &FullText,
        visible: &[Condition],
        limit: u64,
        rows: Rows<E, I, H>,
    ) -> AppResult<Vec<Hit>>
    where
        E: EntityTrait,
        I: Fn(&E::Model) -> i64,
        H: Fn(&Found, E::Model) -> Hit,
    {
        let found = self.find(db, query, visible, limit).await?;
        if found.is_empty() {
            return Ok(Vec::new());
        }
        let models = E::find()
            .filter(rows.id.is_in(found.iter().map(|f| f.id)))
            .all(db)
            .await?;
        Ok(
            with_models(&found, models.into_iter().map(|m| ((rows.id_of)(&m), m)))
                .into_iter()
                .map(|(f, m)| (rows.hit)(f, m))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fts5(text: &str) -> Option<String> {
        FullText::parse(text).map(|q| q.fts5().to_owned())
    }

    #[test]
    fn words_are_all_wanted_and_quoted() {
        assert_eq!(
            fts5("stroke rehab").as_deref(),
            Some("\"stroke\" AND \"rehab\"")
        );
        assert_eq!(
            fts5("  NEAR(a b) ").as_deref(),
            Some("\"NEAR(a\" AND \"b)\"")
        );
        assert_eq!(fts5("say \"hi"), Some("\"say\" AND \"hi\"".to_owned()));
    }

    #[test]
    fn phrases_exclusions_and_or_follow_websearch() {
        assert_eq!(
            fts5("\"blood pressure\" -mice").as_deref(),
            Some("\"blood pressure\" NOT \"mice\"")
        );
        assert_eq!(
            fts5("stroke or aphasia trial").as_deref(),
            Some("(\"stroke\") OR (\"aphasia\" AND \"trial\")")
        );
        assert_eq!(
            fts5("a \"quote\"\"d\"").as_deref(),
            Some("\"a\" AND \"quote\" AND \"d\"")
        );
    }

    #[test]
    fn a_scoped_search_looks_in_its_column_among_the_rows_its_words_open() {
        let query = FullText::parse("stroke or \"blood pressure\" -mice").unwrap();
        let scoped = query.scoped("text", "access", &["public".into(), "g\"1".into()]);
        assert_eq!(
            scoped.fts5(),
            "text : ((\"stroke\") OR (\"blood pressure\" NOT \"mice\")) \
             AND access : (\"public\" OR \"g\"\"1\")"
        );
        assert_eq!(
            scoped.fts5_words(),
            "text : ((\"stroke\") OR (\"blood pressure\" NOT \"mice\"))",
            "ranked and highlighted by its words alone"
        );
        assert_eq!(query.fts5_words(), query.fts5());
        assert_eq!(
            scoped.text(),
            query.text(),
            "PostgreSQL's query is unchanged"
        );
        assert!(
            query
                .scoped("text", "access", &[])
                .fts5()
                .ends_with("AND access : \"0\"")
        );
    }

    #[test]
    fn nothing_to_look_for_is_none() {
        for text in ["", "   ", "!!! ...", "-mice", "or", "\"\""] {
            assert_eq!(fts5(text), None, "{text:?}");
        }
    }
}
