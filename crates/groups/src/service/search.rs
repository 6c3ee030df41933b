//! Working groups for the header's search: those anyone may see.

use async_trait::async_trait;
use kernel::search::{Found, FullText, Hit, Index, Rows, SearchKind, Source};
use kernel::{AppResult, CurrentUser};
use sea_orm::DatabaseConnection;

use crate::entity::working_group;

const INDEX: Index = Index {
    table: "working_groups",
    vector: "search_vector",
    fts: "working_groups_fts",
    weights: "10.0, 4.0",
    snippet_column: ("summary", 1),
    rich: true,
};

pub struct Groups {
    db: DatabaseConnection,
}

impl Groups {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl Source for Groups {
    fn kinds(&self) -> &'static [SearchKind] {
        &[SearchKind::Group]
    }

    async fn search(
        &self,
        query: &FullText,
        _kinds: &[SearchKind],
        _viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>> {
        let rows: Rows<working_group::Entity, _, _> = Rows {
            id: working_group::Column::Id,
            id_of: |g: &working_group::Model| g.id,
            hit: |f: &Found, group: working_group::Model| Hit {
                kind: SearchKind::Group,
                id: group.id,
                route: format!("/working-groups/{}", group.slug),
                title: group.title,
                place: None,
                snippet: f.snippet(&INDEX),
                score: f.score,
                at: group.created_at,
            },
        };
        INDEX
            .hits(
                &self.db,
                query,
                &[super::browse::public_condition()],
                limit,
                rows,
            )
            .await
    }
}
