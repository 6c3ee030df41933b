//! Facts the meetings crate publishes (the feed turns them into notifications).

use chrono::{DateTime, Utc};
use kernel::events::Event;

use crate::enums::Lead;

/// A meeting starts within a day (or an hour): these members, reminded of it for the first
/// time at this lead, are to be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MeetingReminder {
    pub meeting_id: i64,
    pub title: String,
    pub host_title: String,
    /// Where its host lists it.
    pub route: String,
    pub starts_at: DateTime<Utc>,
    pub time_zone: String,
    pub lead: Lead,
    pub members: Vec<i64>,
}

impl Event for MeetingReminder {}
