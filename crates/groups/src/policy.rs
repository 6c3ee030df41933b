//! Who may do what with working groups. Plain functions of (viewer, group), tested here.

use chrono::{DateTime, Utc};
use kernel::StaffRole;

use crate::enums::{ActiveStatus, AgreementState, ApprovedStatus, MemberRole};

/// Listed for everyone: active, and approved (an approved group with changes awaiting
/// review keeps showing its approved version).
pub fn is_public(approved: ApprovedStatus, active: ActiveStatus) -> bool {
    active == ActiveStatus::Active && is_approved(approved)
}

/// Approved once: an approved version exists (it keeps showing while changes to it await
/// review), so the group may post updates.
pub fn is_approved(approved: ApprovedStatus) -> bool {
    matches!(
        approved,
        ApprovedStatus::Approved | ApprovedStatus::PendingApprovalForChanges
    )
}

/// Staff approve or reject a group while it waits for them: submitted and not yet
/// decided, or approved with changes proposed.
pub fn is_under_review(approved: ApprovedStatus, submitted: bool) -> bool {
    match approved {
        ApprovedStatus::WaitingForApproval => submitted,
        ApprovedStatus::PendingApprovalForChanges => true,
        ApprovedStatus::Approved | ApprovedStatus::NotApproved => false,
    }
}

/// A visitor or member not in the group may ask to join it while it is public.
pub fn may_ask_to_join(
    approved: ApprovedStatus,
    active: ActiveStatus,
    role: Option<MemberRole>,
) -> bool {
    role.is_none() && is_public(approved, active)
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

/// Where someone holding agreement version `held` stands at `now`, in a group whose current
/// version is `current` and whose grace period for it ends at `grace_until`.
pub fn agreement_state(
    current: Option<i32>,
    grace_until: Option<DateTime<Utc>>,
    held: Option<i32>,
    now: DateTime<Utc>,
) -> AgreementState {
    match current {
        None => AgreementState::None,
        Some(version) if held.is_some_and(|h| h >= version) => AgreementState::Current,
        Some(_) if grace_until.is_some_and(|until| now < until) => AgreementState::Due,
        Some(_) => AgreementState::Lapsed,
    }
}

/// Issue 24 §2: members read a group's private content (private topics, the member list,
/// the updates) while they hold its data-use agreement or its grace period runs; staff
/// read what they need to moderate.
pub fn may_read_private(role: Option<MemberRole>, is_staff: bool, state: AgreementState) -> bool {
    is_staff || (role.is_some() && state != AgreementState::Lapsed)
}

/// A member is asked to accept the current agreement while its grace period runs and
/// after it lapsed.
pub fn must_accept_agreement(role: Option<MemberRole>, state: AgreementState) -> bool {
    role.is_some() && matches!(state, AgreementState::Due | AgreementState::Lapsed)
}

/// Only the owner publishes the data-use agreement and exports who accepted it.
pub fn may_manage_agreement(role: Option<MemberRole>) -> bool {
    may_manage(role)
}

/// Only the owner makes the patient-data check blocking or not (issue 24 §1).
pub fn may_set_phi_check(role: Option<MemberRole>) -> bool {
    may_manage(role)
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
    fn an_agreement_binds_from_its_version_and_lapses_after_the_grace_period() {
        use AgreementState as S;
        let now = kernel::clock::now();
        let later = Some(now + chrono::Duration::days(3));
        let earlier = Some(now - chrono::Duration::seconds(1));
        assert_eq!(agreement_state(None, None, None, now), S::None);
        assert_eq!(agreement_state(Some(2), earlier, Some(2), now), S::Current);
        assert_eq!(agreement_state(Some(2), later, Some(1), now), S::Due);
        assert_eq!(agreement_state(Some(2), later, None, now), S::Due);
        assert_eq!(agreement_state(Some(2), earlier, Some(1), now), S::Lapsed);
        assert_eq!(agreement_state(Some(1), None, None, now), S::Lapsed);
    }

    #[test]
    fn members_accept_a_due_or_lapsed_agreement() {
        let member = Some(MemberRole::Member);
        assert!(must_accept_agreement(member, AgreementState::Due));
        assert!(must_accept_agreement(member, AgreementState::Lapsed));
        assert!(!must_accept_agreement(member, AgreementState::Current));
        assert!(!must_accept_agreement(member, AgreementState::None));
        assert!(!must_accept_agreement(None, AgreementState::Lapsed));
    }

    #[test]
    fn a_lapsed_agreement_closes_private_content_to_members_not_staff() {
        let member = Some(MemberRole::Member);
        assert!(may_read_private(member, false, AgreementState::None));
        assert!(may_read_private(member, false, AgreementState::Due));
        assert!(!may_read_private(member, false, AgreementState::Lapsed));
        assert!(!may_read_private(None, false, AgreementState::Current));
        assert!(may_read_private(None, true, AgreementState::Lapsed));
        assert!(may_manage_agreement(Some(MemberRole::Admin)));
        assert!(!may_manage_agreement(Some(MemberRole::Moderator)));
        assert!(may_set_phi_check(Some(MemberRole::Admin)));
        assert!(!may_set_phi_check(Some(MemberRole::Moderator)));
    }

    #[test]
    fn only_active_approved_groups_are_public() {
        assert!(is_public(Approved, Active));
        assert!(is_public(PendingApprovalForChanges, Active));
        assert!(!is_public(Approved, Suspended));
        assert!(!is_public(WaitingForApproval, Active));
        assert!(!is_public(NotApproved, Active));
    }

    #[test]
    fn approved_once_means_an_approved_version_exists() {
        assert!(is_approved(Approved) && is_approved(PendingApprovalForChanges));
        assert!(!is_approved(WaitingForApproval) && !is_approved(NotApproved));
    }

    #[test]
    fn staff_review_what_was_submitted_or_changed() {
        assert!(is_under_review(WaitingForApproval, true));
        assert!(!is_under_review(WaitingForApproval, false));
        assert!(is_under_review(PendingApprovalForChanges, false));
        assert!(!is_under_review(Approved, true) && !is_under_review(NotApproved, true));
    }

    #[test]
    fn outsiders_ask_to_join_public_groups_only() {
        assert!(may_ask_to_join(Approved, Active, None));
        assert!(may_ask_to_join(PendingApprovalForChanges, Active, None));
        assert!(!may_ask_to_join(Approved, Active, Some(MemberRole::Member)));
        assert!(!may_ask_to_join(Approved, Suspended, None));
        assert!(!may_ask_to_join(WaitingForApproval, Active, None));
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
        let current = AgreementState::Current;
        assert!(may_read_private(Some(MemberRole::Member), false, current));
        assert!(may_read_private(None, true, current));
        assert!(!may_read_private(None, false, current));
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
