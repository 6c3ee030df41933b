//! Who may report, review and act, decided without I/O.

use chrono::{DateTime, Utc};
use kernel::moderation::ModerationAction;
use kernel::users::Standing;

/// Someone reviewing the reports about one item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reviewer {
    /// Platform staff review everything.
    pub is_staff: bool,
    /// The owner or a moderator of the item's working group.
    pub curates: bool,
    /// They wrote the item: a group's moderator does not judge their own.
    pub is_author: bool,
}

/// Members report what others wrote, never their own.
pub fn may_report(is_author: bool) -> bool {
    !is_author
}

/// Whether the reviewer may act on the item at all.
pub fn may_review(reviewer: Reviewer) -> bool {
    reviewer.is_staff || (reviewer.curates && !reviewer.is_author)
}

/// Whether the reviewer may take `action` on an item that can be hidden and deleted
/// (`removable`) or not.
pub fn may_take(action: ModerationAction, reviewer: Reviewer, removable: bool) -> bool {
    may_review(reviewer)
        && match action {
            ModerationAction::Dismiss | ModerationAction::Warn => true,
            ModerationAction::Hide | ModerationAction::Delete => removable,
            // An account is the platform's: only staff switch one off.
            ModerationAction::Suspend => reviewer.is_staff,
        }
}

/// The actions offered to the reviewer, in the order the queue shows them.
pub fn actions(reviewer: Reviewer, removable: bool) -> Vec<ModerationAction> {
    [
        ModerationAction::Dismiss,
        ModerationAction::Hide,
        ModerationAction::Delete,
        ModerationAction::Warn,
        ModerationAction::Suspend,
    ]
    .into_iter()
    .filter(|&action| may_take(action, reviewer, removable))
    .collect()
}

/// The author is told why their item was hidden, or why they are warned or suspended.
pub fn needs_reason(action: ModerationAction) -> bool {
    matches!(
        action,
        ModerationAction::Hide | ModerationAction::Warn | ModerationAction::Suspend
    )
}

/// A group's moderation log is for its members (and staff).
pub fn may_read_log(is_member: bool, is_staff: bool) -> bool {
    is_member || is_staff
}

/// Whether a member's report counts toward hiding what they report (issue 44, item 4): their
/// e-mail is confirmed and their account at least `trust_days` old, so a handful of accounts
/// made minutes earlier cannot hide another member's post. Every report reaches the queue.
pub fn counts_toward_hiding(
    standing: Option<Standing>,
    now: DateTime<Utc>,
    trust_days: u32,
) -> bool {
    standing.is_some_and(|s| {
        s.email_confirmed && now - s.joined >= chrono::Duration::days(i64::from(trust_days))
    })
}

/// Whether a report just filed hides the item until it is reviewed: enough independent
/// reports that count are open on an item that can be hidden and is not.
pub fn hides_now(open_reports: u64, threshold: u32, removable: bool, hidden: bool) -> bool {
    removable && !hidden && open_reports >= u64::from(threshold)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ModerationAction::*;

    const STAFF: Reviewer = Reviewer {
        is_staff: true,
        curates: false,
        is_author: false,
    };
    const CURATOR: Reviewer = Reviewer {
        is_staff: false,
        curates: true,
        is_author: false,
    };
    const MEMBER: Reviewer = Reviewer {
        is_staff: false,
        curates: false,
        is_author: false,
    };

    #[test]
    fn a_group_curator_acts_on_content_but_suspends_no_account() {
        assert_eq!(actions(CURATOR, true), vec![Dismiss, Hide, Delete, Warn]);
        assert_eq!(
            actions(STAFF, true),
            vec![Dismiss, Hide, Delete, Warn, Suspend]
        );
        // A group or a profile is not hidden from the queue.
        assert_eq!(actions(STAFF, false), vec![Dismiss, Warn, Suspend]);
        assert!(actions(MEMBER, true).is_empty());
    }

    #[test]
    fn nobody_but_staff_judges_their_own_item() {
        let own = Reviewer {
            is_author: true,
            ..CURATOR
        };
        assert!(!may_review(own));
        assert!(actions(own, true).is_empty());
        assert!(may_review(Reviewer {
            is_author: true,
            ..STAFF
        }));
        assert!(!may_report(true));
        assert!(may_report(false));
    }

    #[test]
    fn only_confirmed_accounts_old_enough_count_toward_hiding() {
        let now = kernel::clock::now();
        let standing = |days: i64, email_confirmed: bool| {
            Some(Standing {
                joined: now - chrono::Duration::days(days) - chrono::Duration::minutes(1),
                email_confirmed,
            })
        };
        assert!(counts_toward_hiding(standing(3, true), now, 3));
        assert!(!counts_toward_hiding(standing(2, true), now, 3));
        assert!(!counts_toward_hiding(standing(30, false), now, 3));
        assert!(!counts_toward_hiding(None, now, 3));
        assert!(counts_toward_hiding(standing(0, true), now, 0));
    }

    #[test]
    fn the_threshold_hides_once_and_only_what_can_be_hidden() {
        assert!(!hides_now(2, 3, true, false));
        assert!(hides_now(3, 3, true, false));
        assert!(!hides_now(3, 3, true, true));
        assert!(!hides_now(9, 3, false, false));
    }

    #[test]
    fn the_author_is_told_why_when_it_touches_them() {
        assert!(needs_reason(Hide) && needs_reason(Warn) && needs_reason(Suspend));
        assert!(!needs_reason(Dismiss) && !needs_reason(Delete));
        assert!(may_read_log(true, false) && may_read_log(false, true));
        assert!(!may_read_log(false, false));
    }
}
