//! What the moderation tells other crates.

use kernel::events::Event;
use kernel::moderation::{ModerationAction, ReportSubject};

/// A moderator acted on something a member wrote: its author is told (the feed decides
/// how).
#[derive(Debug, Clone)]
pub struct Moderated {
    pub author_id: i64,
    pub subject_type: ReportSubject,
    pub title: String,
    pub route: String,
    pub action: ModerationAction,
    pub reason: Option<String>,
}

impl Event for Moderated {}
