//! Public profiles for the header's search: active members whose profile is not private,
//! by name, title and bio (what their public profile shows).

use async_trait::async_trait;
use kernel::search::{Found, FullText, Hit, Index, Rows, SearchKind, Source};
use kernel::{AppResult, CurrentUser};
use sea_orm::DatabaseConnection;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};

use crate::entity::user;

const INDEX: Index = Index {
    table: "users",
    vector: "search_vector",
    fts: "users_fts",
    weights: "10.0, 4.0, 1.0",
    snippet_column: ("bio", 2),
    rich: false,
};

pub struct Profiles {
    db: DatabaseConnection,
}

impl Profiles {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl Source for Profiles {
    fn kinds(&self) -> &'static [SearchKind] {
        &[SearchKind::Profile]
    }

    async fn search(
        &self,
        query: &FullText,
        _kinds: &[SearchKind],
        _viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>> {
        let public = Condition::all()
            .add(Expr::col(user::Column::IsActive).eq(true))
            .add(Expr::col(user::Column::ProfileIsPrivate).eq(false))
            .add(Expr::col(user::Column::DeactivatedAt).is_null());
        let rows: Rows<user::Entity, _, _> = Rows {
            id: user::Column::Id,
            id_of: |u: &user::Model| u.id,
            hit: |f: &Found, member: user::Model| Hit {
                kind: SearchKind::Profile,
                id: member.id,
                route: format!("/profile/{}", member.id),
                title: member.name,
                place: member.title.filter(|t| !t.trim().is_empty()),
                snippet: f.snippet(&INDEX),
                score: f.score,
                at: member.date_joined,
            },
        };
        INDEX.hits(&self.db, query, &[public], limit, rows).await
    }
}
