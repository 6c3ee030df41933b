//! What the webhooks crate tells the rest of the platform (the feed listens in `app`).

use kernel::events::Event;

/// A webhook failed so often in a row that it was turned off; its creator is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookDisabled {
    pub webhook_id: i64,
    pub created_by: i64,
    pub url: String,
    /// The working group it belongs to; `None` for a staff (platform) webhook.
    pub group_id: Option<i64>,
}

impl Event for WebhookDisabled {}
