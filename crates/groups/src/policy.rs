//! Who may do what with working groups. Plain functions of (viewer, group), tested here.

use crate::enums::{ActiveStatus, ApprovedStatus, MemberRole};
use kernel::StaffRole;

/// Listed for everyone: active, and approved (an approved group with changes awaiting
/// review keeps showing its approved version).
pub fn is_public(approved: ApprovedStatus, active: ActiveStatus) -> bool {
    active == ActiveStatus::Active
        && matches!(
            approved,
            ApprovedStatus::Approved | ApprovedStatus::PendingApprovalForChanges
        )
}

/// A group that is not public is seen only by its owner, its moderators and staff.
pub fn may_view(
    approved: ApprovedStatus,
    active: ActiveStatus,
    role: Option<MemberRole>,
    is_staff: bool,
) -> bool {
    is_public(approved, active)
        || is_staff
        || matches!(role, Some(MemberRole::Admin | MemberRole::Moderator))
}

/// Editing, submitting and deleting a group through `/me/groups` belong to its owner.
pub fn may_manage(role: Option<MemberRole>) -> bool {
    role == Some(MemberRole::Admin)
}

/// Owners and moderators post updates and edit supplementary materials.
pub fn may_curate(role: Option<MemberRole>) -> bool {
    matches!(role, Some(MemberRole::Admin | MemberRole::Moderator))
}

/// The group's activity over time (who joined, posted, read the updates) is for the people
/// who run it: its owner and moderators.
pub fn may_see_activity(role: Option<MemberRole>) -> bool {
    may_curate(role)
}

/// The owner edits any update; a moderator only the ones they wrote.
pub fn may_edit_update(role: Option<MemberRole>, is_author: bool) -> bool {
    role == Some(MemberRole::Admin) || (is_author && may_curate(role))
}

/// Members (and staff) see the member list and the group's updates.
pub fn may_see_members(role: Option<MemberRole>, is_staff: bool) -> bool {
    role.is_some() || is_staff
}

/// Spec 2 §2: the group page's Members and Updates tabs are for its members (staff read
/// what they need from the console).
pub fn may_open_member_tabs(role: Option<MemberRole>) -> bool {
    role.is_some()
}

/// Owners and moderators decide on join requests and handle invitations.
pub fn may_manage_requests(role: Option<MemberRole>) -> bool {
    may_curate(role)
}

/// Only the owner gives or takes the moderator role, never to or from the owner.
pub fn may_change_role(actor: Option<MemberRole>, target: MemberRole, to: MemberRole) -> bool {
    actor == Some(MemberRole::Admin) && target != MemberRole::Admin && to != MemberRole::Admin
}

/// The owner removes members and moderators; a moderator removes members only.
pub fn may_remove(actor: Option<MemberRole>, target: MemberRole) -> bool {
    match actor {
        Some(MemberRole::Admin) => target != MemberRole::Admin,
        Some(MemberRole::Moderator) => target == MemberRole::Member,
        _ => false,
    }
}

/// Everyone but the owner may leave (a group always keeps its owner).
pub fn may_leave(role: Option<MemberRole>) -> bool {
    matches!(role, Some(MemberRole::Moderator | MemberRole::Member))
}

/// Both staff roles moderate groups.
pub fn may_moderate(staff_role: StaffRole) -> bool {
    matches!(staff_role, StaffRole::Admin | StaffRole::Moderator)
}

/// The `other` entry of a lookup keeps its slug: it is how the wizard knows to ask for
/// free text.
pub fn may_rename_lookup(current_slug: &str, new_slug: &str) -> bool {
    current_slug != crate::service::lookups::OTHER || new_slug == current_slug
}

#[cfg(test)]
mod tests {
    use super::*;
    use ActiveStatus::*;
    use ApprovedStatus::*;

    #[test]
    fn only_active_approved_groups_are_public() {
        assert!(is_public(Approved, Active));
        assert!(is_public(PendingApprovalForChanges, Active));
        assert!(!is_public(Approved, Suspended));
        assert!(!is_public(WaitingForApproval, Active));
        assert!(!is_public(NotApproved, Active));
    }

    #[test]
    fn hidden_groups_are_seen_by_owner_moderators_and_staff_only() {
        assert!(may_view(
            WaitingForApproval,
            Active,
            Some(MemberRole::Admin),
            false
        ));
        assert!(may_view(
            Approved,
            Suspended,
            Some(MemberRole::Moderator),
            false
        ));
        assert!(may_view(NotApproved, Active, None, true));
        assert!(!may_view(
            WaitingForApproval,
            Active,
            Some(MemberRole::Member),
            false
        ));
        assert!(!may_view(Approved, Suspended, None, false));
    }

    #[test]
    fn a_groups_activity_is_for_its_owner_and_moderators() {
        assert!(may_see_activity(Some(MemberRole::Admin)));
        assert!(may_see_activity(Some(MemberRole::Moderator)));
        assert!(!may_see_activity(Some(MemberRole::Member)));
        assert!(!may_see_activity(None));
    }

    #[test]
    fn owners_edit_every_update_and_moderators_their_own() {
        assert!(may_curate(Some(MemberRole::Moderator)) && may_curate(Some(MemberRole::Admin)));
        assert!(!may_curate(Some(MemberRole::Member)) && !may_curate(None));
        assert!(may_edit_update(Some(MemberRole::Admin), false));
        assert!(may_edit_update(Some(MemberRole::Moderator), true));
        assert!(!may_edit_update(Some(MemberRole::Moderator), false));
        assert!(!may_edit_update(Some(MemberRole::Member), true));
    }

    #[test]
    fn members_see_members_and_curators_handle_requests() {
        assert!(may_see_members(Some(MemberRole::Member), false));
        assert!(may_see_members(None, true));
        assert!(!may_see_members(None, false));
        assert!(may_manage_requests(Some(MemberRole::Moderator)));
        assert!(may_manage_requests(Some(MemberRole::Admin)));
        assert!(!may_manage_requests(Some(MemberRole::Member)));
        assert!(!may_manage_requests(None));
    }

    #[test]
    fn only_the_owner_changes_roles_and_never_to_or_from_admin() {
        use MemberRole::*;
        assert!(may_change_role(Some(Admin), Member, Moderator));
        assert!(may_change_role(Some(Admin), Moderator, Member));
        assert!(!may_change_role(Some(Admin), Member, Admin));
        assert!(!may_change_role(Some(Admin), Admin, Member));
        assert!(!may_change_role(Some(Moderator), Member, Moderator));
        assert!(!may_change_role(Some(Member), Member, Moderator));
        assert!(!may_change_role(None, Member, Moderator));
    }

    #[test]
    fn removal_follows_rank_and_the_owner_stays() {
        use MemberRole::*;
        assert!(may_remove(Some(Admin), Member) && may_remove(Some(Admin), Moderator));
        assert!(!may_remove(Some(Admin), Admin));
        assert!(may_remove(Some(Moderator), Member));
        assert!(!may_remove(Some(Moderator), Moderator) && !may_remove(Some(Moderator), Admin));
        assert!(!may_remove(Some(Member), Member) && !may_remove(None, Member));
        assert!(may_leave(Some(Member)) && may_leave(Some(Moderator)));
        assert!(!may_leave(Some(Admin)) && !may_leave(None));
    }

    #[test]
    fn only_the_owner_manages_and_only_staff_moderate() {
        assert!(may_manage(Some(MemberRole::Admin)));
        assert!(!may_manage(Some(MemberRole::Moderator)));
        assert!(!may_manage(None));
        assert!(may_moderate(StaffRole::Moderator) && may_moderate(StaffRole::Admin));
    }

    #[test]
    fn the_other_entry_keeps_its_slug() {
        assert!(may_rename_lookup("stroke", "stroke-care"));
        assert!(may_rename_lookup("other", "other"));
        assert!(!may_rename_lookup("other", "something-else"));
    }
}
