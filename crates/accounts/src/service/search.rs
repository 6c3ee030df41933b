//! Public profiles for the header's search: active members whose profile is not private,
//! by name, title and bio (what their public profile shows).

use fulltext::{Index, Listed, PublicSource, SearchKind, Searchable};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};

use crate::entity::user;

/// The public profiles.
pub struct PublicProfiles;

/// The search source the app registers.
pub type Profiles = PublicSource<PublicProfiles>;

impl Searchable for PublicProfiles {
    type Entity = user::Entity;
    const KIND: SearchKind = SearchKind::Profile;
    const INDEX: Index = Index {
        table: "users",
        vector: "search_vector",
        fts: "users_fts",
        weights: "10.0, 4.0, 1.0",
        snippet_column: ("bio", 2),
        rich: false,
    };

    fn id_column() -> user::Column {
        user::Column::Id
    }

    fn id_of(member: &user::Model) -> i64 {
        member.id
    }

    fn visible() -> Condition {
        Condition::all()
            .add(Expr::col(user::Column::IsActive).eq(true))
            .add(Expr::col(user::Column::ProfileIsPrivate).eq(false))
            .add(Expr::col(user::Column::DeactivatedAt).is_null())
    }

    fn listed(member: user::Model) -> Listed {
        Listed {
            id: member.id,
            route: format!("/profile/{}", member.id),
            title: member.name,
            place: member.title.filter(|t| !t.trim().is_empty()),
            at: member.date_joined,
        }
    }
}
