//! Working groups for the header's search: those anyone may see.

use async_trait::async_trait;
use kernel::search::{FullText, Hit, Index, SearchKind, Source, with_models};
use kernel::{AppResult, CurrentUser};
use sea_orm::DatabaseConnection;

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
        let found = INDEX
            .find(&self.db, query, &super::browse::public_ids(), limit)
            .await?;
        let ids: Vec<i64> = found.iter().map(|f| f.id).collect();
        let groups = super::browse::in_order(&self.db, &ids).await?;
        Ok(with_models(&found, groups.into_iter().map(|g| (g.id, g)))
            .into_iter()
            .map(|(f, group)| Hit {
                kind: SearchKind::Group,
                id: group.id,
                route: format!("/working-groups/{}", group.slug),
                title: group.title,
                place: None,
                snippet: f.snippet(&INDEX),
                score: f.score,
                at: group.created_at,
            })
            .collect())
    }
}
