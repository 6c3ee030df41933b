//! The [`UserDirectory`] other crates use to show members without reading our tables.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::storage::Storage;
use kernel::users::{Delivery, UserDirectory, UserSummary};
use kernel::{AppResult, images};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter};

use crate::entity::{tag, user};
use crate::enums::DeliveryMethod;

pub struct Directory {
    db: DatabaseConnection,
    storage: Arc<dyn Storage>,
}

impl Directory {
    pub fn new(db: DatabaseConnection, storage: Arc<dyn Storage>) -> Self {
        Self { db, storage }
    }

    fn summary(&self, user: user::Model) -> UserSummary {
        UserSummary {
            id: user.id,
            avatar: user.avatar.as_deref().map(|k| self.storage.url(k)),
            avatar_thumbnail: user
                .avatar
                .as_deref()
                .map(|k| self.storage.url(&images::thumbnail_key(k))),
            blurb: blurb(&user),
            is_private: user.profile_is_private,
            name: user.name,
            location: user.location,
            email: user.email,
            affiliation: user.affiliation,
        }
    }
}

/// Longest blurb shown beside a member's name.
const BLURB_CHARS: usize = 200;

fn blurb(user: &user::Model) -> Option<String> {
    if user.profile_is_private {
        return None;
    }
    let bio = user.bio.as_deref()?.trim();
    if bio.is_empty() {
        return None;
    }
    let mut cut: String = bio.chars().take(BLURB_CHARS).collect();
    if cut.len() < bio.len() {
        cut.push('…');
    }
    Some(cut)
}

#[async_trait]
impl UserDirectory for Directory {
    async fn summaries(&self, ids: &[i64]) -> AppResult<HashMap<i64, UserSummary>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let users = user::Entity::find()
            .filter(user::Column::Id.is_in(ids.to_vec()))
            .all(&self.db)
            .await?;
        Ok(users.into_iter().map(|u| (u.id, self.summary(u))).collect())
    }

    async fn by_email(&self, email: &str) -> AppResult<Option<UserSummary>> {
        let found = user::Entity::find()
            .filter(user::Column::Email.eq(email.trim().to_lowercase()))
            .one(&self.db)
            .await?;
        Ok(found.map(|u| self.summary(u)))
    }

    async fn delivery(&self, user_id: i64, kind: &str) -> AppResult<Delivery> {
        let settings = super::notification_settings::list(&self.db, user_id).await?;
        let chosen = settings.into_iter().find(|s| s.kind.id == kind);
        Ok(chosen.map_or(
            Delivery {
                in_app: true,
                email: true,
            },
            |s| Delivery {
                in_app: s.is_active && s.enabled.contains(&DeliveryMethod::InApp),
                email: s.is_active && s.enabled.contains(&DeliveryMethod::Email),
            },
        ))
    }

    async fn count_members(&self) -> AppResult<i64> {
        let count = user::Entity::find()
            .filter(user::Column::IsActive.eq(true))
            .count(&self.db)
            .await?;
        Ok(i64::try_from(count).unwrap_or(i64::MAX))
    }

    async fn interests(&self, user_id: i64) -> AppResult<Vec<String>> {
        let Some(found) = user::Entity::find_by_id(user_id).one(&self.db).await? else {
            return Ok(Vec::new());
        };
        let ids: Vec<i64> = serde_json::from_str(&found.area_of_interest).unwrap_or_default();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        Ok(tag::Entity::find()
            .filter(tag::Column::Id.is_in(ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| t.title)
            .collect())
    }
}
