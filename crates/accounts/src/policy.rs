//! Who may do what with accounts. Plain functions of (viewer, resource), tested here.

use kernel::{CurrentUser, StaffRole, TokenScope};

use crate::enums::{AffiliationProgress, AffiliationStatus};

/// A member may give their API token any scope but the staff ones, which only staff may.
pub fn may_grant(user: &CurrentUser, scope: TokenScope) -> bool {
    scope.area() != "staff" || user.staff_role.is_some()
}

/// The account operations an API token may use (with `account:read` or `account:write`).
/// Every other account operation needs a session: signing in or out, the password, the
/// e-mail address, the phone, two-step, sign-in providers, data exports and tokens.
pub const TOKEN_ACCOUNT_OPERATIONS: &[&str] = &[
    "getMe",
    "listNotificationSettings",
    "updateNotificationSettings",
    "personalizationUpdate",
    "setAvatar",
    "setBackground",
    "importFromOrcid",
    "getPublicProfile",
    "listTags",
];

/// A user may remove only their own provider links.
pub fn may_disconnect(viewer_id: i64, association_owner_id: i64) -> bool {
    viewer_id == association_owner_id
}

/// The last way to sign in cannot be removed: an account with no password needs at
/// least one provider link.
pub fn may_remove_sign_in_method(has_password: bool, links_left_after: usize) -> bool {
    has_password || links_left_after > 0
}

/// Spec §5/§6: a project creator must give gender, age group and career stage. Returns
/// the fields still missing (none for other users).
pub fn missing_equity_fields(
    is_project_creator: bool,
    gender_given: bool,
    age_group_given: bool,
    career_stage_given: bool,
) -> Vec<&'static str> {
    if !is_project_creator {
        return Vec::new();
    }
    [
        ("gender", gender_given),
        ("age_group", age_group_given),
        ("career_stage", career_stage_given),
    ]
    .into_iter()
    .filter(|(_, given)| !given)
    .map(|(field, _)| field)
    .collect()
}

/// Staff roles that review university affiliations: both of them (issue 11: moderators
/// run the moderation queues, admins everything).
pub fn may_review_affiliations(staff_role: StaffRole) -> bool {
    matches!(staff_role, StaffRole::Admin | StaffRole::Moderator)
}

/// An affiliation can be approved only once its university e-mail is confirmed; it can
/// always be set back to not approved.
pub fn may_approve_affiliation(university_email_confirmed: bool, approve: bool) -> bool {
    university_email_confirmed || !approve
}

/// What a member's affiliation waits for: staff approved it, or the member gives a
/// university e-mail, confirms it, then staff review it.
pub fn affiliation_progress(
    status: AffiliationStatus,
    has_university_email: bool,
    university_email_confirmed: bool,
) -> AffiliationProgress {
    match status {
        AffiliationStatus::Approved => AffiliationProgress::Approved,
        _ if !has_university_email => AffiliationProgress::NeedsEmail,
        _ if !university_email_confirmed => AffiliationProgress::NeedsConfirmation,
        _ => AffiliationProgress::PendingModeration,
    }
}

/// Why a staff member may not act on an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Only admins do this.
    AdminOnly,
    /// Staff do not do this to their own account (they would lock themselves out).
    OwnAccount,
    /// Only staff members take this capability.
    NotStaff,
}

/// Admins grant and revoke staff roles, never their own (so the platform always keeps
/// the admin who is acting).
pub fn may_set_staff_role(actor: StaffRole, actor_id: i64, target_id: i64) -> Result<(), Refusal> {
    if actor != StaffRole::Admin {
        Err(Refusal::AdminOnly)
    } else if actor_id == target_id {
        Err(Refusal::OwnAccount)
    } else {
        Ok(())
    }
}

/// Admins appoint Content Experts (and revoke them) among staff: final approval of funding
/// is a staff capability.
pub fn may_appoint_content_expert(
    actor: StaffRole,
    target_role: Option<StaffRole>,
) -> Result<(), Refusal> {
    if actor != StaffRole::Admin {
        Err(Refusal::AdminOnly)
    } else if target_role.is_none() {
        Err(Refusal::NotStaff)
    } else {
        Ok(())
    }
}

/// Moderators deactivate and reactivate members; admins anyone; nobody themselves.
pub fn may_switch_account(
    actor: StaffRole,
    actor_id: i64,
    target_id: i64,
    target_role: Option<StaffRole>,
) -> Result<(), Refusal> {
    if actor_id == target_id {
        Err(Refusal::OwnAccount)
    } else if target_role.is_some() && actor != StaffRole::Admin {
        Err(Refusal::AdminOnly)
    } else {
        Ok(())
    }
}

/// Admins add accounts for people (who then choose their password from a mailed link).
pub fn may_create_account(actor: StaffRole) -> Result<(), Refusal> {
    if actor == StaffRole::Admin {
        Ok(())
    } else {
        Err(Refusal::AdminOnly)
    }
}

/// Turning off someone's second factor is an admin's decision (it weakens the account).
pub fn may_reset_two_factor(actor: StaffRole) -> Result<(), Refusal> {
    if actor == StaffRole::Admin {
        Ok(())
    } else {
        Err(Refusal::AdminOnly)
    }
}

/// Why an account may not be deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeleteRefusal {
    /// Staff do not delete their own account here.
    OwnAccount,
    /// A staff account loses its role first.
    StaffAccount,
}

/// Staff delete a member's account (issue 23 §6): never their own, never a staff account.
pub fn may_delete_account(
    actor_id: i64,
    target_id: i64,
    target_role: Option<StaffRole>,
) -> Result<(), DeleteRefusal> {
    if actor_id == target_id {
        Err(DeleteRefusal::OwnAccount)
    } else if target_role.is_some() {
        Err(DeleteRefusal::StaffAccount)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_affiliation_waits_for_an_email_its_confirmation_then_staff() {
        use AffiliationProgress::*;
        use AffiliationStatus::NotApproved;
        assert_eq!(
            affiliation_progress(AffiliationStatus::Approved, false, false),
            Approved
        );
        assert_eq!(affiliation_progress(NotApproved, false, false), NeedsEmail);
        assert_eq!(
            affiliation_progress(NotApproved, true, false),
            NeedsConfirmation
        );
        assert_eq!(
            affiliation_progress(NotApproved, true, true),
            PendingModeration
        );
    }

    #[test]
    fn only_staff_give_a_token_a_staff_scope() {
        let member = CurrentUser {
            id: 1,
            staff_role: None,
            content_expert: false,
            password_change_required: false,
        };
        let moderator = CurrentUser {
            staff_role: Some(StaffRole::Moderator),
            ..member.clone()
        };
        for scope in TokenScope::ALL {
            assert_eq!(
                may_grant(&member, *scope),
                scope.area() != "staff",
                "{scope:?}"
            );
            assert!(may_grant(&moderator, *scope), "{scope:?}");
        }
    }

    #[test]
    fn staff_delete_members_only_never_themselves_or_other_staff() {
        assert_eq!(may_delete_account(1, 2, None), Ok(()));
        assert_eq!(
            may_delete_account(1, 1, None),
            Err(DeleteRefusal::OwnAccount)
        );
        assert_eq!(
            may_delete_account(1, 2, Some(StaffRole::Moderator)),
            Err(DeleteRefusal::StaffAccount)
        );
    }

    #[test]
    fn both_staff_roles_review_affiliations_and_nobody_else() {
        assert!(may_review_affiliations(StaffRole::Admin));
        assert!(may_review_affiliations(StaffRole::Moderator));
    }

    #[test]
    fn approval_waits_for_the_confirmed_university_email() {
        assert!(!may_approve_affiliation(false, true));
        assert!(may_approve_affiliation(true, true));
        assert!(may_approve_affiliation(false, false));
    }

    #[test]
    fn project_creators_owe_the_equity_fields() {
        assert!(missing_equity_fields(false, false, false, false).is_empty());
        assert_eq!(
            missing_equity_fields(true, true, false, false),
            vec!["age_group", "career_stage"]
        );
        assert!(missing_equity_fields(true, true, true, true).is_empty());
    }

    #[test]
    fn only_admins_add_accounts() {
        assert_eq!(may_create_account(StaffRole::Admin), Ok(()));
        assert_eq!(
            may_create_account(StaffRole::Moderator),
            Err(Refusal::AdminOnly)
        );
    }

    #[test]
    fn only_the_owner_disconnects() {
        assert!(may_disconnect(7, 7));
        assert!(!may_disconnect(7, 8));
    }

    #[test]
    fn the_last_sign_in_method_stays() {
        assert!(may_remove_sign_in_method(true, 0));
        assert!(may_remove_sign_in_method(false, 1));
        assert!(!may_remove_sign_in_method(false, 0));
    }

    #[test]
    fn only_admins_appoint_content_experts_and_only_among_staff() {
        let staff = Some(StaffRole::Moderator);
        assert_eq!(may_appoint_content_expert(StaffRole::Admin, staff), Ok(()));
        assert_eq!(
            may_appoint_content_expert(StaffRole::Admin, Some(StaffRole::Admin)),
            Ok(())
        );
        assert_eq!(
            may_appoint_content_expert(StaffRole::Moderator, staff),
            Err(Refusal::AdminOnly)
        );
        assert_eq!(
            may_appoint_content_expert(StaffRole::Admin, None),
            Err(Refusal::NotStaff)
        );
    }

    #[test]
    fn only_admins_set_staff_roles_and_never_their_own() {
        assert_eq!(may_set_staff_role(StaffRole::Admin, 1, 2), Ok(()));
        assert_eq!(
            may_set_staff_role(StaffRole::Admin, 1, 1),
            Err(Refusal::OwnAccount)
        );
        assert_eq!(
            may_set_staff_role(StaffRole::Moderator, 1, 2),
            Err(Refusal::AdminOnly)
        );
    }

    #[test]
    fn moderators_switch_members_admins_anyone_nobody_themselves() {
        assert_eq!(may_switch_account(StaffRole::Moderator, 1, 2, None), Ok(()));
        assert_eq!(
            may_switch_account(StaffRole::Moderator, 1, 2, Some(StaffRole::Moderator)),
            Err(Refusal::AdminOnly)
        );
        assert_eq!(
            may_switch_account(StaffRole::Admin, 1, 2, Some(StaffRole::Admin)),
            Ok(())
        );
        assert_eq!(
            may_switch_account(StaffRole::Admin, 1, 1, None),
            Err(Refusal::OwnAccount)
        );
    }

    #[test]
    fn only_admins_reset_two_factor() {
        assert_eq!(may_reset_two_factor(StaffRole::Admin), Ok(()));
        assert_eq!(
            may_reset_two_factor(StaffRole::Moderator),
            Err(Refusal::AdminOnly)
        );
    }
}
