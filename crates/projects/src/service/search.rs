//! Public projects (live or closed) for the header's search.

use async_trait::async_trait;
use kernel::search::{Found, FullText, Hit, Index, Rows, SearchKind, Source};
use kernel::{AppResult, CurrentUser};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{DatabaseConnection, Iterable};

use crate::entity::project;
use crate::enums::ProjectStatus;

const INDEX: Index = Index {
    table: "projects",
    vector: "search_vector",
    fts: "projects_fts",
    weights: "10.0, 4.0",
    snippet_column: ("lay_summary", 1),
    rich: true,
};

pub struct Projects {
    db: DatabaseConnection,
}

impl Projects {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl Source for Projects {
    fn kinds(&self) -> &'static [SearchKind] {
        &[SearchKind::Project]
    }

    async fn search(
        &self,
        query: &FullText,
        _kinds: &[SearchKind],
        _viewer: Option<&CurrentUser>,
        limit: u64,
    ) -> AppResult<Vec<Hit>> {
        let public: Vec<&str> = ProjectStatus::iter()
            .filter(|s| crate::policy::is_public(*s))
            .map(ProjectStatus::as_str)
            .collect();
        let visible = Condition::all().add(Expr::col(project::Column::Status).is_in(public));
        let rows: Rows<project::Entity, _, _> = Rows {
            id: project::Column::Id,
            id_of: |p: &project::Model| p.id,
            hit: |f: &Found, project: project::Model| Hit {
                kind: SearchKind::Project,
                id: project.id,
                route: format!("/project/{}", project.slug),
                title: project.title,
                place: None,
                snippet: f.snippet(&INDEX),
                score: f.score,
                at: project.live_at.unwrap_or(project.created_at),
            },
        };
        INDEX.hits(&self.db, query, &[visible], limit, rows).await
    }
}
