//! What a signed-in member sees happening (spec 1 §2 bell and dashboard, spec 2 §2 Feed):
//! notifications turned from the other crates' facts, delivered in-app (live, through
//! [`live::Hub`]) and by e-mail (through a durable outbox), the activity feed, and the
//! dashboard's counters.

pub mod api;
mod entity;
pub mod enums;
pub mod export;
pub mod facts;
pub mod live;
mod policy;
pub mod service;

pub use api::configure;
pub use policy::SESSION_ONLY_OPERATIONS;
pub use service::outbox::MailOutbox;
pub use service::unread::UnreadCounter;
