//! The [`GroupDirectory`] other crates use to know who belongs where, without reading our
//! tables.

use std::collections::HashMap;

use async_trait::async_trait;
use kernel::AppResult;
use kernel::community::{GroupDirectory, ProjectTag};
use kernel::memo::Memo;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::browse;
use crate::entity::{member, project_tag, working_group};
use crate::enums::MemberRole;

/// How old the platform-wide group count on the dashboard may be.
const PLATFORM_TOTALS_LIFETIME: std::time::Duration = std::time::Duration::from_secs(30);

pub struct Directory {
    db: DatabaseConnection,
    /// The public group count, shown on every dashboard: counted once per period.
    public: Memo<i64>,
}

impl Directory {
    pub fn new(db: DatabaseConnection) -> Self {
        Self {
            db,
            public: Memo::new(PLATFORM_TOTALS_LIFETIME),
        }
    }
}

fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[async_trait]
impl GroupDirectory for Directory {
    async fn groups_of(&self, user_id: i64) -> AppResult<Vec<i64>> {
        super::discussion::member_of(&self.db, user_id).await
    }

    async fn curated_by(&self, user_id: i64) -> AppResult<Vec<i64>> {
        Ok(member::Entity::find()
            .filter(member::Column::UserId.eq(user_id))
            .filter(member::Column::Role.ne(MemberRole::Member))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|m| m.group_id)
            .collect())
    }

    async fn owned_by(&self, user_id: i64) -> AppResult<Vec<i64>> {
        Ok(member::Entity::find()
            .filter(member::Column::UserId.eq(user_id))
            .filter(member::Column::Role.eq(MemberRole::Admin))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|m| m.group_id)
            .collect())
    }

    async fn members_of(&self, group_id: i64) -> AppResult<Vec<i64>> {
        Ok(member::Entity::find()
            .filter(member::Column::GroupId.eq(group_id))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|m| m.user_id)
            .collect())
    }

    async fn co_members(&self, user_id: i64) -> AppResult<Vec<i64>> {
        let theirs = sea_orm::sea_query::Query::select()
            .column(member::Column::GroupId)
            .from(member::Entity)
            .and_where(member::Column::UserId.eq(user_id))
            .to_owned();
        Ok(member::Entity::find()
            .select_only()
            .column(member::Column::UserId)
            .distinct()
            .filter(member::Column::GroupId.in_subquery(theirs))
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    async fn private_readers_of(&self, group_id: i64) -> AppResult<Vec<i64>> {
        super::discussion::private_readers_of(&self.db, group_id).await
    }

    async fn count_public(&self) -> AppResult<i64> {
        self.public
            .get_or_load(|| async {
                let n = working_group::Entity::find()
                    .filter(browse::public_condition())
                    .count(&self.db)
                    .await?;
                Ok(count(n))
            })
            .await
    }

    async fn count_joined(&self, user_id: i64) -> AppResult<i64> {
        let n = member::Entity::find()
            .filter(member::Column::UserId.eq(user_id))
            .filter(member::Column::Role.ne(MemberRole::Admin))
            .filter(member::Column::GroupId.in_subquery(browse::public_ids()))
            .count(&self.db)
            .await?;
        Ok(count(n))
    }

    async fn topics(&self, ids: &[i64]) -> AppResult<HashMap<i64, ProjectTag>> {
        // Asked even for no ids: a list runs the same statements whatever it holds.
        Ok(project_tag::Entity::find()
            .filter(project_tag::Column::Id.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| {
                let topic = ProjectTag {
                    id: t.id,
                    slug: t.slug,
                    title: t.title,
                };
                (t.id, topic)
            })
            .collect())
    }

    async fn all_topics(&self) -> AppResult<Vec<ProjectTag>> {
        Ok(project_tag::Entity::find()
            .order_by_asc(project_tag::Column::Title)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| ProjectTag {
                id: t.id,
                slug: t.slug,
                title: t.title,
            })
            .collect())
    }
}
