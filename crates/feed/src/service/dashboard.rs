//! The dashboard's counters (spec 1 §2 Dashboard), from the other crates' ports.

use kernel::{AppContext, AppResult};
use serde::Serialize;
use utoipa::ToSchema;

/// The counters shown on the dashboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct Counters {
    /// Active members of the platform.
    pub total_contributors: i64,
    /// Public working groups.
    pub total_working_groups: i64,
    /// Public groups the viewer joined.
    pub total_working_groups_joined: i64,
}

pub async fn counters(ctx: &AppContext, user_id: i64) -> AppResult<Counters> {
    Ok(Counters {
        total_contributors: ctx.users.count_members().await?,
        total_working_groups: ctx.groups.count_public().await?,
        total_working_groups_joined: ctx.groups.count_joined(user_id).await?,
    })
}
