//! Public projects (live or closed) for the header's search.

use async_trait::async_trait;
use kernel::search::{FullText, Hit, Index, SearchKind, Source, with_models};
use kernel::{AppResult, CurrentUser};
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, Iterable, QueryFilter};

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
        let visible = Query::select()
            .column(project::Column::Id)
            .from(project::Entity)
            .and_where(Expr::col(project::Column::Status).is_in(public))
            .to_owned();
        let found = INDEX.find(&self.db, query, &visible, limit).await?;
        let projects = project::Entity::find()
            .filter(project::Column::Id.is_in(found.iter().map(|f| f.id)))
            .all(&self.db)
            .await?;
        Ok(with_models(&found, projects.into_iter().map(|p| (p.id, p)))
            .into_iter()
            .map(|(f, project)| Hit {
                kind: SearchKind::Project,
                id: project.id,
                route: format!("/project/{}", project.slug),
                title: project.title,
                place: None,
                snippet: f.snippet(&INDEX),
                score: f.score,
                at: project.live_at.unwrap_or(project.created_at),
            })
            .collect())
    }
}
