//! Working groups for the header's search: those anyone may see.

use fulltext::{Index, Listed, PublicSource, SearchKind, Searchable};
use sea_orm::sea_query::Condition;

use crate::entity::working_group;

/// The public working groups, by title and summary.
pub struct PublicGroups;

/// The search source the app registers.
pub type Groups = PublicSource<PublicGroups>;

impl Searchable for PublicGroups {
    type Entity = working_group::Entity;
    const KIND: SearchKind = SearchKind::Group;
    const INDEX: Index = Index {
        table: "working_groups",
        vector: "search_vector",
        fts: "working_groups_fts",
        weights: "10.0, 4.0",
        snippet_column: ("summary", 1),
        rich: true,
    };

    fn id_column() -> working_group::Column {
        working_group::Column::Id
    }

    fn id_of(group: &working_group::Model) -> i64 {
        group.id
    }

    fn visible() -> Condition {
        super::browse::public_condition()
    }

    fn listed(group: working_group::Model) -> Listed {
        Listed {
            id: group.id,
            route: format!("/working-groups/{}", group.slug),
            title: group.title,
            place: None,
            at: group.created_at,
        }
    }
}
