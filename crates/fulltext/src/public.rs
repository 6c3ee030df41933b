//! A kind of thing anyone may find, answered the same way for every domain: the domain says
//! where its index is, which rows anyone may see and how a row reads in the results
//! ([`Searchable`]); [`find`] and [`PublicSource`] do the rest.

use std::marker::PhantomData;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Condition;
use sea_orm::{DatabaseConnection, EntityTrait};

use super::full_text::{Found, FullText, Index, Rows};
use super::hit::{Hit, SearchKind};
use super::source::Source;
use kernel::{AppResult, CurrentUser};

/// One table's rows whose visibility does not depend on who asks.
pub trait Searchable: Send + Sync + 'static {
    type Entity: EntityTrait;
    const KIND: SearchKind;
    const INDEX: Index;
    /// The table's id column, and a row's id.
    fn id_column() -> <Self::Entity as EntityTrait>::Column;
    fn id_of(row: &<Self::Entity as EntityTrait>::Model) -> i64;
    /// The rows anyone may find.
    fn visible() -> Condition;
    /// How a found row reads in the results.
    fn listed(row: <Self::Entity as EntityTrait>::Model) -> Listed;
}

/// A found row as the results list shows it (its kind, passage and score are added).
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub id: i64,
    pub title: String,
    /// Its page in the app.
    pub route: String,
    /// Where it sits, when it sits somewhere (a lecture's speaker, a member's title).
    pub place: Option<String>,
    pub at: DateTime<Utc>,
}

/// The best `limit` matches of `query` among the rows of `S` anyone may find, best first,
/// in two statements.
pub async fn find<S: Searchable>(
    db: &DatabaseConnection,
    query: &FullText,
    limit: u64,
) -> AppResult<Vec<Hit>> {
    let rows: Rows<S::Entity, _, _> = Rows {
        id: S::id_column(),
        id_of: S::id_of,
        hit: |found: &Found, row| {
            let listed = S::listed(row);
            Hit {
                kind: S::KIND,
                id: listed.id,
                title: listed.title,
                route: listed.route,
                place: listed.place,
                snippet: found.snippet(&S::INDEX),
                score: found.score,
                at: listed.at,
            }
        },
    };
    S::INDEX.hits(db, query, &[S::visible()], limit, rows).await
}

/// The search source of one [`Searchable`] kind.
pub struct PublicSource<S> {
    db: DatabaseConnection,
    kind: PhantomData<S>,
}

impl<S> PublicSource<S> {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            kind: PhantomData,
        }
    }
}

#[async_trait]
impl<S: Searchable> Source for PublicSource<S> {
    fn kinds(&self) -> &'static [SearchKind] {
        // A slice of the one list of kinds: `S::KIND` alone is no static.
        let at = SearchKind::ALL
            .iter()
            .position(|kind| *kind == S::KIND)
            .unwrap_or_default();
        &SearchKind::ALL[at..=at]
    }

    async fn search(
        &self,
        query: &FullText,
        _kinds: &[SearchKind],
        _viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>> {
        find::<S>(&self.db, query, limit).await
    }
}
