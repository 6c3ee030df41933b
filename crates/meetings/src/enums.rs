//! The enumerations of events, defined once here.

use chrono::Duration;

kernel::string_enum!(
    /// What hosts a meeting, as its URL names it (`/{host_type}/{id}/events`).
    HostType {
        Groups = "groups",
        Projects = "projects",
    }
);

kernel::string_enum!(
    /// A member's answer to a meeting.
    Answer {
        Going = "going",
        Maybe = "maybe",
        NotGoing = "not_going",
    }
);

kernel::string_enum!(
    /// How long before a meeting a reminder goes.
    Lead {
        Day = "day",
        Hour = "hour",
    }
);

impl Lead {
    /// How long before the start.
    pub fn before(self) -> Duration {
        match self {
            Self::Day => Duration::hours(24),
            Self::Hour => Duration::hours(1),
        }
    }
}
