//! The [`UserDirectory`] other crates use to show members without reading our tables.

use std::collections::HashMap;
use std::sync::Arc;

use kernel::hot::{Changes, HotCache};
use kernel::memo::Memo;

use async_trait::async_trait;
use kernel::AppResult;
use kernel::storage::Storage;
use kernel::users::{CreatorReadiness, Delivery, Standing, UserDirectory, UserSummary};
use media::images;
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use crate::entity::{tag, user};
use crate::enums::{AffiliationStatus, AgeGroup, CareerStage, DeliveryMethod, Gender};

/// How long a member's summary is kept at most (a change made outside the app).
const SUMMARIES_KEPT_FOR: std::time::Duration = std::time::Duration::from_secs(60);

/// How old the platform-wide totals on the dashboard may be.
const PLATFORM_TOTALS_LIFETIME: std::time::Duration = std::time::Duration::from_secs(30);

pub struct Directory {
    db: DatabaseConnection,
    storage: Arc<dyn Storage>,
    /// The platform's member count, shown on every dashboard: counted once per period.
    members: Memo<i64>,
    /// Members' summaries (every list shows its authors), until anything changes.
    summaries: HotCache<i64, UserSummary>,
}

impl Directory {
    pub fn new(db: DatabaseConnection, storage: Arc<dyn Storage>, changes: Changes) -> Self {
        Self {
            db,
            storage,
            members: Memo::new(PLATFORM_TOTALS_LIFETIME),
            summaries: HotCache::new(changes, SUMMARIES_KEPT_FOR, 50_000),
        }
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
            time_zone: user
                .time_zone
                .as_deref()
                .and_then(kernel::time_zones::parse)
                .unwrap_or(kernel::time_zones::Tz::UTC),
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
        let mut found = HashMap::new();
        let mut missing = Vec::new();
        for &id in ids {
            match self.summaries.get(&id) {
                Some(summary) => {
                    found.insert(id, summary);
                }
                None => missing.push(id),
            }
        }
        if missing.is_empty() {
            return Ok(found);
        }
        let read_at = self.summaries.now();
        let users = user::Entity::find()
            .filter(user::Column::Id.is_in(missing))
            .all(&self.db)
            .await?;
        for user in users {
            let summary = self.summary(user);
            self.summaries.keep(summary.id, summary.clone(), read_at);
            found.insert(summary.id, summary);
        }
        Ok(found)
    }

    async fn named_among(
        &self,
        ids: &[i64],
        text: &str,
        limit: u64,
    ) -> AppResult<Vec<UserSummary>> {
        let mut query = user::Entity::find()
            .filter(user::Column::Id.is_in(ids.iter().copied()))
            .filter(user::Column::IsActive.eq(true));
        if let Some(named) = fulltext::contains(&[user::Column::Name], text) {
            query = query.filter(named);
        }
        let users = query
            .order_by_asc(user::Column::Name)
            .order_by_asc(user::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?;
        Ok(users.into_iter().map(|u| self.summary(u)).collect())
    }

    async fn by_email(&self, email: &str) -> AppResult<Option<UserSummary>> {
        let found = user::Entity::find()
            .filter(user::Column::Email.eq(email.trim().to_lowercase()))
            .one(&self.db)
            .await?;
        Ok(found.map(|u| self.summary(u)))
    }

    async fn deliveries(
        &self,
        user_ids: &[i64],
        kind: kernel::notification_kinds::NotificationKind,
    ) -> AppResult<HashMap<i64, Delivery>> {
        let chosen =
            super::notification_settings::choices_of_kind(&self.db, user_ids, kind).await?;
        Ok(user_ids
            .iter()
            .map(|&id| {
                let default = super::notification_settings::Choice::default();
                let c = chosen.get(&id).unwrap_or(&default);
                let delivery = Delivery {
                    in_app: c.is_active && c.enabled.contains(&DeliveryMethod::InApp),
                    email: c.is_active && c.enabled.contains(&DeliveryMethod::Email),
                    email_frequency: c.frequency,
                };
                (id, delivery)
            })
            .collect())
    }

    async fn count_members(&self) -> AppResult<i64> {
        self.members
            .get_or_load(|| async {
                let count = user::Entity::find()
                    .filter(user::Column::IsActive.eq(true))
                    .count(&self.db)
                    .await?;
                Ok(i64::try_from(count).unwrap_or(i64::MAX))
            })
            .await
    }

    async fn interests(&self, user_id: i64) -> AppResult<Vec<String>> {
        let Some(found) = user::Entity::find_by_id(user_id).one(&self.db).await? else {
            return Ok(Vec::new());
        };
        let ids = found.area_of_interest.0;
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

    async fn creator_readiness(&self, user_id: i64) -> AppResult<CreatorReadiness> {
        let Some(found) = user::Entity::find_by_id(user_id).one(&self.db).await? else {
            return Ok(CreatorReadiness::default());
        };
        let missing = crate::policy::missing_equity_fields(
            true,
            found.gender != Gender::PreferNotToDisclose,
            found.age_group != AgeGroup::PreferNotToDisclose,
            found.career_stage != CareerStage::PreferNotToDisclose,
        );
        Ok(CreatorReadiness {
            affiliation_approved: found.affiliation_status == AffiliationStatus::Approved,
            affiliation_in_review: super::affiliation_review::awaits_review(&found),
            equity_given: missing.is_empty(),
        })
    }

    async fn standing(&self, user_id: i64) -> AppResult<Option<Standing>> {
        Ok(user::Entity::find_by_id(user_id)
            .one(&self.db)
            .await?
            .map(|found| Standing {
                joined: found.date_joined,
                email_confirmed: found.email_confirmed,
            }))
    }
}
