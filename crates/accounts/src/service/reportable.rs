//! Members' profiles as others report them, and the sanction staff may take against an
//! author (issue 23, item 2). A profile is not hidden from the queue: staff warn its
//! owner or suspend the account.

use std::collections::HashMap;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Sanctions, Subject};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Staff};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use super::user_admin;
use crate::entity::user;

/// Public profiles (active accounts).
pub struct Profiles {
    db: DatabaseConnection,
}

impl Profiles {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn live(account: &user::Model) -> bool {
    account.is_active && account.deactivated_at.is_none()
}

#[async_trait]
impl Reportable for Profiles {
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>> {
        Ok(user::Entity::find()
            .filter(user::Column::Id.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|u| {
                let subject = Subject {
                    author_id: Some(u.id),
                    group_id: None,
                    title: u.name.clone(),
                    route: format!("/profile/{}", u.id),
                    hidden: !live(&u),
                };
                (u.id, subject)
            })
            .collect())
    }

    async fn readable(&self, id: i64, _viewer: &CurrentUser) -> AppResult<bool> {
        Ok(user::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .is_some_and(|u| live(&u)))
    }
}

/// Suspending an author is deactivating their account, as from the console's Users.
pub struct Suspensions {
    ctx: AppContext,
}

impl Suspensions {
    pub fn new(ctx: AppContext) -> Self {
        Self { ctx }
    }
}

#[async_trait]
impl Sanctions for Suspensions {
    async fn suspend(&self, staff: &Staff, user_id: i64, reason: &str) -> AppResult<()> {
        match user_admin::deactivate(&self.ctx, staff, user_id, Some(reason.to_owned())).await {
            // Suspended already (by another report, or from the console): nothing to do.
            Err(AppError::Client {
                code: "already_deactivated",
                ..
            }) => Ok(()),
            other => other,
        }
    }
}
