//! Direct messages between members (issue 49 §6): one-to-one and small-group conversations
//! (up to 10 members), unread counts, who may start a conversation with a member (everyone,
//! members of their working groups, nobody), blocks, the patient-data guardrail on every
//! message, fewer new conversations a day for new accounts, and reports into the moderation
//! queue. Staff read no conversation: only a message someone reported reaches them, through
//! [`service::reportable::Messages`], which `app` registers with the moderation crate.
//!
//! The crate owns its tables; it reads members through the kernel's `UserDirectory` and
//! their groups through `GroupDirectory`, and announces each message as
//! [`events::MessageSent`] (`app` carries it to the live channel and the feed).

pub mod api;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
pub mod policy;
pub mod read;
pub mod service;

pub use api::configure;

/// How many messages from others `user_id` has not read: the header's count.
pub struct UnreadCounter(sea_orm::DatabaseConnection);

impl UnreadCounter {
    pub fn new(db: sea_orm::DatabaseConnection) -> Self {
        Self(db)
    }
}

#[async_trait::async_trait]
impl kernel::community::MessageCounter for UnreadCounter {
    async fn unread(&self, user_id: i64) -> kernel::AppResult<i64> {
        service::reading::unread_total(&self.0, user_id).await
    }
}
