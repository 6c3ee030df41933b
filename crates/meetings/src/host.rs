//! What a meeting is held by: a working group or a project. The crate that owns the host
//! answers through [`Host`] (adapted in `app`), so this crate never reads their tables.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use kernel::{AppError, AppResult, CurrentUser};

use crate::enums::HostType;

/// Where a member stands with a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// Sees its events, answers and is reminded.
    pub member: bool,
    /// Schedules, changes and cancels them (owners and moderators).
    pub manage: bool,
}

/// A host as lists and reminders name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostName {
    pub title: String,
    /// Its page.
    pub route: String,
}

#[async_trait]
pub trait Host: Send + Sync {
    /// Where `viewer` stands with host `id`; `None` when there is no such host (for them).
    async fn standing(&self, id: i64, viewer: &CurrentUser) -> AppResult<Option<Standing>>;
    /// Every member of host `id`: who is reminded.
    async fn members(&self, id: i64) -> AppResult<Vec<i64>>;
    /// The hosts `user_id` is a member of: whose events their calendar holds.
    async fn hosts_of(&self, user_id: i64) -> AppResult<Vec<i64>>;
    /// The hosts among `ids`, named, in a fixed number of statements.
    async fn names(&self, ids: &[i64]) -> AppResult<HashMap<i64, HostName>>;
}

/// Every kind of host `app` registered.
#[derive(Clone, Default)]
pub struct Hosts(HashMap<HostType, Arc<dyn Host>>);

impl Hosts {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, kind: HostType, host: Arc<dyn Host>) -> Self {
        self.0.insert(kind, host);
        self
    }

    /// The host of `kind`; 404 for a kind nobody registered.
    pub fn get(&self, kind: HostType) -> AppResult<&Arc<dyn Host>> {
        self.0.get(&kind).ok_or_else(AppError::not_found)
    }

    /// Every registered kind, with its host.
    pub fn all(&self) -> impl Iterator<Item = (HostType, &Arc<dyn Host>)> {
        self.0.iter().map(|(kind, host)| (*kind, host))
    }
}
