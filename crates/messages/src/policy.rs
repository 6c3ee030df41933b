//! Who may write to whom, and how many conversations a member may start: decided here
//! from facts the services read, so the answers and the screens agree.

use chrono::{DateTime, Duration, Utc};
use kernel::users::Standing;

use crate::enums::WhoMayMessage;

/// The most members a conversation has, its starter included.
pub const MAX_MEMBERS: usize = 10;
/// The longest message, in characters.
pub const BODY_MAX: usize = 5000;
/// An account younger than this, or whose address is unconfirmed, is new.
pub const NEW_ACCOUNT_DAYS: i64 = 7;
/// Conversations a new account may start in a day.
pub const NEW_ACCOUNT_STARTS_PER_DAY: i32 = 3;
/// Conversations any other member may start in a day.
pub const STARTS_PER_DAY: i32 = 30;

/// How many conversations a member of `standing` may start in a day: fewer while new,
/// so a throwaway account cannot write to the whole directory.
pub fn starts_per_day(standing: Standing, now: DateTime<Utc>) -> i32 {
    let new = !standing.email_confirmed || now - standing.joined < Duration::days(NEW_ACCOUNT_DAYS);
    if new {
        NEW_ACCOUNT_STARTS_PER_DAY
    } else {
        STARTS_PER_DAY
    }
}

/// Whether a member whose setting is `who` takes a new conversation from someone who
/// `shares_a_group` with them.
pub fn takes_conversation(who: WhoMayMessage, shares_a_group: bool) -> bool {
    match who {
        WhoMayMessage::Everyone => true,
        WhoMayMessage::MyGroups => shares_a_group,
        WhoMayMessage::Nobody => false,
    }
}

/// Why a member may not write to another, in the words the form shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// They blocked the writer.
    BlockedYou(String),
    /// The writer blocked them.
    YouBlocked(String),
    /// Their setting says nobody.
    TakesNone(String),
    /// Their setting says members of their groups, and the writer is not one.
    GroupsOnly(String),
}

impl Refusal {
    pub fn text(&self) -> String {
        match self {
            Self::BlockedYou(name) => format!("{name} does not take messages from you."),
            Self::YouBlocked(name) => {
                format!("You blocked {name}. Unblock them to write to them.")
            }
            Self::TakesNone(name) => format!("{name} does not take direct messages."),
            Self::GroupsOnly(name) => {
                format!("{name} takes direct messages only from members of their working groups.")
            }
        }
    }
}

/// What stands between a writer and one other member of a conversation: a block either
/// way. (Their setting is asked only when a conversation starts.) A writer who blocked
/// someone may still write where others are listening too; only a one-to-one
/// conversation with them is closed.
pub fn block_between(
    name: &str,
    blocked_you: bool,
    you_blocked: bool,
    one_to_one: bool,
) -> Option<Refusal> {
    if blocked_you {
        Some(Refusal::BlockedYou(name.to_owned()))
    } else if you_blocked && one_to_one {
        Some(Refusal::YouBlocked(name.to_owned()))
    } else {
        None
    }
}

/// Whether `viewer` may report a message: someone else's, still there.
pub fn may_report(viewer: i64, author: i64, deleted: bool) -> bool {
    viewer != author && !deleted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(now: DateTime<Utc>, days: i64, confirmed: bool) -> Standing {
        Standing {
            joined: now - Duration::days(days),
            email_confirmed: confirmed,
        }
    }

    #[test]
    fn new_or_unconfirmed_accounts_start_fewer_conversations() {
        let now = kernel::clock::now();
        assert_eq!(starts_per_day(standing(now, 1, true), now), 3);
        assert_eq!(starts_per_day(standing(now, 30, false), now), 3);
        assert_eq!(starts_per_day(standing(now, 30, true), now), 30);
    }

    #[test]
    fn a_setting_decides_who_starts_a_conversation() {
        assert!(takes_conversation(WhoMayMessage::Everyone, false));
        assert!(takes_conversation(WhoMayMessage::MyGroups, true));
        assert!(!takes_conversation(WhoMayMessage::MyGroups, false));
        assert!(!takes_conversation(WhoMayMessage::Nobody, true));
    }

    #[test]
    fn a_block_closes_the_way_it_was_meant() {
        assert_eq!(
            block_between("Ada", true, false, false),
            Some(Refusal::BlockedYou("Ada".into()))
        );
        assert_eq!(
            block_between("Ada", false, true, true),
            Some(Refusal::YouBlocked("Ada".into()))
        );
        assert_eq!(block_between("Ada", false, true, false), None);
        assert_eq!(block_between("Ada", false, false, true), None);
    }

    #[test]
    fn only_others_live_messages_are_reported() {
        assert!(may_report(1, 2, false));
        assert!(!may_report(1, 1, false));
        assert!(!may_report(1, 2, true));
    }
}
