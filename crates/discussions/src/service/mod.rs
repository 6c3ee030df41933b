//! The rules of discussions; handlers stay thin.

pub mod attachments;
pub mod mentions;
pub mod new_post;
pub mod place;
pub mod posts;
pub mod reactions;
pub mod replies;
pub mod reportable;
pub mod scale;
pub mod search;
pub mod subscriptions;
pub mod topics;
pub mod trends;
pub mod votes;
