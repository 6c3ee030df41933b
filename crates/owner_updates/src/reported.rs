//! Updates as members report them (issue 23, item 2), one implementation for every kind: the
//! domain says only where its owners' pages are, who reviews the reports, and who may read
//! an owner's approved updates.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::moderation::{Reportable, Subject};
use kernel::storage::Storage;
use kernel::{AppContext, AppResult, CurrentUser};
use sea_orm::{ColumnTrait, DatabaseConnection, QueryFilter};

use crate::{UpdateStatus, UpdateTable};

/// Where an owner's updates are read, as a report names them.
pub struct Place {
    /// The owner's page.
    pub route: String,
    /// The working group whose owner and moderators review the reports; `None`: staff only.
    pub group_id: Option<i64>,
}

/// The owners of one kind of update (working groups, projects), as reports need them.
#[async_trait]
pub trait Owners: Send + Sync {
    /// The places of the owners among `ids` that exist, in a fixed number of statements.
    async fn places(&self, db: &DatabaseConnection, ids: &[i64]) -> AppResult<HashMap<i64, Place>>;

    /// Whether `viewer` may read owner `owner_id`'s approved updates.
    async fn may_read(
        &self,
        db: &DatabaseConnection,
        owner_id: i64,
        viewer: &CurrentUser,
    ) -> AppResult<bool>;
}

/// Updates of table `T` owned as `O` says, reportable; moderators may hide or delete one.
pub struct ReportedUpdates<T, O> {
    db: DatabaseConnection,
    storage: Arc<dyn Storage>,
    owners: O,
    table: PhantomData<fn() -> T>,
}

impl<T, O> ReportedUpdates<T, O> {
    pub fn new(ctx: &AppContext, owners: O) -> Self {
        Self {
            db: ctx.db.clone(),
            storage: ctx.storage.clone(),
            owners,
            table: PhantomData,
        }
    }
}

#[async_trait]
impl<T: UpdateTable, O: Owners> Reportable for ReportedUpdates<T, O> {
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>> {
        let rows: Vec<_> = T::find()
            .filter(T::ID.is_in(ids.iter().copied()))
            .all(&self.db)
            .await?
            .iter()
            .map(T::row)
            .collect();
        let owners: Vec<i64> = rows.iter().map(|u| u.owner_id).collect();
        let places = self.owners.places(&self.db, &owners).await?;
        Ok(rows
            .into_iter()
            .filter_map(|u| {
                let place = places.get(&u.owner_id)?;
                let subject = Subject {
                    author_id: Some(u.created_by_id),
                    group_id: place.group_id,
                    title: u.title,
                    route: place.route.clone(),
                    hidden: u.hidden_at.is_some(),
                };
                Some((u.id, subject))
            })
            .collect())
    }

    async fn readable(&self, id: i64, viewer: &CurrentUser) -> AppResult<bool> {
        let Some(found) = T::find().filter(T::ID.eq(id)).one(&self.db).await? else {
            return Ok(false);
        };
        let row = T::row(&found);
        Ok(row.approved_status == UpdateStatus::Approved
            && self.owners.may_read(&self.db, row.owner_id, viewer).await?)
    }

    fn removable(&self) -> bool {
        true
    }

    async fn set_hidden(&self, id: i64, reason: Option<&str>) -> AppResult<()> {
        crate::set_hidden::<T>(&self.db, id, reason).await
    }

    async fn delete(&self, id: i64, _by: i64) -> AppResult<()> {
        crate::delete::<T>(&self.db, self.storage.as_ref(), id).await
    }
}
