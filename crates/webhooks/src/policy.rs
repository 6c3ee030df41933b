//! Who may set up webhooks, and for what.

use kernel::{CurrentUser, StaffRole};

use crate::enums::EventKind;

/// Whose events a webhook receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The platform's: staff webhooks.
    Platform,
    /// One working group's.
    Group(i64),
}

impl Scope {
    pub fn of(group_id: Option<i64>) -> Self {
        group_id.map_or(Self::Platform, Self::Group)
    }
}

/// The platform's webhooks are for admins (they carry every project's funding); a working
/// group's for its owner.
pub fn may_manage(scope: Scope, user: &CurrentUser, owned_groups: &[i64]) -> bool {
    match scope {
        Scope::Platform => user.staff_role == Some(StaffRole::Admin),
        Scope::Group(id) => owned_groups.contains(&id),
    }
}

/// The staff console offers the platform's webhooks to those who may manage them.
pub fn may_manage_platform(user: &CurrentUser) -> bool {
    may_manage(Scope::Platform, user, &[])
}

/// A group's webhook takes only what happens in a group.
pub fn may_subscribe(scope: Scope, kind: EventKind) -> bool {
    match scope {
        Scope::Platform => true,
        Scope::Group(_) => kind.in_groups(),
    }
}

/// Failed attempts in a row after which a webhook is turned off.
pub const DISABLE_AFTER: i32 = 20;
/// Webhooks one scope (the platform, a group) may have.
pub const MAX_PER_SCOPE: u64 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    fn user(staff_role: Option<StaffRole>) -> CurrentUser {
        CurrentUser {
            id: 1,
            staff_role,
            content_expert: false,
            password_change_required: false,
        }
    }

    #[test]
    fn admins_manage_the_platforms_webhooks_and_owners_their_groups() {
        assert!(may_manage(
            Scope::Platform,
            &user(Some(StaffRole::Admin)),
            &[]
        ));
        assert!(!may_manage(
            Scope::Platform,
            &user(Some(StaffRole::Moderator)),
            &[]
        ));
        assert!(!may_manage(Scope::Platform, &user(None), &[7]));
        assert!(may_manage(Scope::Group(7), &user(None), &[7]));
        assert!(!may_manage(Scope::Group(8), &user(None), &[7]));
        assert!(!may_manage(
            Scope::Group(8),
            &user(Some(StaffRole::Admin)),
            &[7]
        ));
    }

    #[test]
    fn a_groups_webhook_takes_only_group_events() {
        for kind in EventKind::ALL {
            assert!(may_subscribe(Scope::Platform, *kind));
            assert_eq!(may_subscribe(Scope::Group(1), *kind), kind.in_groups());
        }
        assert!(may_subscribe(Scope::Group(1), EventKind::MemberJoined));
        assert!(!may_subscribe(Scope::Group(1), EventKind::PledgeMade));
    }
}
