//! Who may do what with events, and the rules of a meeting's times.

use chrono::{DateTime, Utc};

use crate::host::Standing;

/// The longest meeting: a week (a conference, not a season).
pub const LONGEST_DAYS: i64 = 7;

pub const ENDS_BEFORE_START: &str = "The end comes after the start.";
pub const STARTS_IN_PAST: &str = "An event starts in the future.";
pub const TOO_LONG: &str = "An event lasts at most 7 days.";
pub const NOWHERE: &str = "Give an online link or a place.";
pub const NOT_A_MANAGER: &str = "Only the owners and moderators schedule events.";
pub const OVER: &str = "This event is over or cancelled.";
pub const CANCELLED: &str = "The event is cancelled.";

/// Whether a member of this standing sees the host's events.
pub fn may_see(standing: Option<Standing>) -> bool {
    standing.is_some_and(|s| s.member || s.manage)
}

/// Whether they schedule, change and cancel them.
pub fn may_manage(standing: Option<Standing>) -> bool {
    standing.is_some_and(|s| s.manage)
}

/// Whether they answer (members, while the meeting has not ended and is not cancelled).
pub fn may_answer(
    standing: Option<Standing>,
    ends_at: DateTime<Utc>,
    cancelled: bool,
    now: DateTime<Utc>,
) -> bool {
    standing.is_some_and(|s| s.member) && !cancelled && ends_at > now
}

/// What is wrong with a meeting's times, as (field, text); a new one must start later than
/// `now`.
pub fn times(
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<(&'static str, &'static str)> {
    if starts_at <= now {
        Some(("starts_at", STARTS_IN_PAST))
    } else if ends_at <= starts_at {
        Some(("ends_at", ENDS_BEFORE_START))
    } else if ends_at - starts_at > chrono::Duration::days(LONGEST_DAYS) {
        Some(("ends_at", TOO_LONG))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;

    #[test]
    fn members_see_and_answer_managers_schedule() {
        let member = Some(Standing {
            member: true,
            manage: false,
        });
        let owner = Some(Standing {
            member: true,
            manage: true,
        });
        let now = kernel::clock::now();
        assert!(may_see(member) && !may_manage(member) && may_manage(owner));
        assert!(!may_see(None) && !may_see(Some(Standing::default())));
        assert!(may_answer(member, now + Duration::hours(1), false, now));
        assert!(!may_answer(member, now - Duration::hours(1), false, now));
        assert!(!may_answer(member, now + Duration::hours(1), true, now));
    }

    #[test]
    fn a_meeting_starts_later_ends_after_it_starts_and_lasts_at_most_a_week() {
        let now = kernel::clock::now();
        let hour = Duration::hours(1);
        assert_eq!(
            times(now - hour, now + hour, now),
            Some(("starts_at", STARTS_IN_PAST))
        );
        assert_eq!(
            times(now + hour, now + hour, now),
            Some(("ends_at", ENDS_BEFORE_START))
        );
        assert_eq!(
            times(now + hour, now + Duration::days(8), now),
            Some(("ends_at", TOO_LONG))
        );
        assert_eq!(times(now + hour, now + hour * 2, now), None);
    }
}
