//! Public projects (live or closed) for the header's search.

use fulltext::{Index, Listed, PublicSource, SearchKind, Searchable};
use sea_orm::Iterable;
use sea_orm::sea_query::{Condition, Expr, ExprTrait};

use crate::entity::project;
use crate::enums::ProjectStatus;

/// The projects the public sees, by title and lay summary.
pub struct PublicProjects;

/// The search source the app registers.
pub type Projects = PublicSource<PublicProjects>;

impl Searchable for PublicProjects {
    type Entity = project::Entity;
    const KIND: SearchKind = SearchKind::Project;
    const INDEX: Index = Index {
        table: "projects",
        vector: "search_vector",
        fts: "projects_fts",
        weights: "10.0, 4.0",
        snippet_column: ("lay_summary", 1),
        rich: true,
    };

    fn id_column() -> project::Column {
        project::Column::Id
    }

    fn id_of(project: &project::Model) -> i64 {
        project.id
    }

    fn visible() -> Condition {
        let public: Vec<&str> = ProjectStatus::iter()
            .filter(|s| crate::policy::is_public(*s))
            .map(ProjectStatus::as_str)
            .collect();
        Condition::all().add(Expr::col(project::Column::Status).is_in(public))
    }

    fn listed(project: project::Model) -> Listed {
        Listed {
            id: project.id,
            route: format!("/project/{}", project.slug),
            title: project.title,
            place: None,
            at: project.live_at.unwrap_or(project.created_at),
        }
    }
}
