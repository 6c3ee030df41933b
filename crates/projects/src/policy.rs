//! Who may do what with projects. Plain functions, tested here.

use kernel::users::CreatorReadiness;

use crate::enums::{CreatorGap, FundingState, MilestoneState, ProjectAction, ProjectStatus};

/// What keeps a member from submitting a project; none means they may.
pub fn creator_gaps(readiness: CreatorReadiness) -> Vec<CreatorGap> {
    let mut gaps = Vec::new();
    if readiness.affiliation_in_review && !readiness.affiliation_approved {
        gaps.push(CreatorGap::AffiliationInReview);
    } else if !readiness.affiliation_approved {
        gaps.push(CreatorGap::Affiliation);
    }
    if !readiness.equity_given {
        gaps.push(CreatorGap::EquityProfile);
    }
    gaps
}

/// The owner edits a project while it is a draft or after staff sent it back.
pub fn may_edit(status: ProjectStatus) -> bool {
    matches!(status, ProjectStatus::Draft | ProjectStatus::Rejected)
}

/// The owner changes a live project too, but those changes wait for staff.
pub fn edits_wait_for_staff(status: ProjectStatus) -> bool {
    status == ProjectStatus::Live
}

/// What the owner may open in the wizard: a project they may edit, or a live one.
pub fn may_change(status: ProjectStatus) -> bool {
    may_edit(status) || edits_wait_for_staff(status)
}

/// The owner registers or amends the protocol at any stage but a suspension: before the
/// study (a draft, a submission) as much as during it (live or closed).
pub fn may_register_protocol(status: ProjectStatus) -> bool {
    status != ProjectStatus::Suspended
}

/// Staff decide on submitted projects only.
pub fn may_review(status: ProjectStatus) -> bool {
    status == ProjectStatus::Submitted
}

/// Shown to everyone: a project staff approved, while it runs and once it closed.
pub fn is_public(status: ProjectStatus) -> bool {
    matches!(status, ProjectStatus::Live | ProjectStatus::Closed)
}

/// A project's page opens for everyone once public, for its owner before, and for staff
/// once submitted (they review it as the public will see it: its picture, budget, milestones,
/// team and needs); a draft is its owner's alone.
pub fn may_view(status: ProjectStatus, is_owner: bool, is_staff: bool) -> bool {
    is_public(status) || is_owner || (is_staff && status != ProjectStatus::Draft)
}

/// Who sees a project's linked trials and publications (those who see the project, and
/// staff) and who edits them (its owner, and staff): `Some(edits)`, or `None` when hidden.
pub fn references(status: ProjectStatus, is_owner: bool, is_staff: bool) -> Option<bool> {
    (may_view(status, is_owner, is_staff) || is_staff).then_some(is_owner || is_staff)
}

/// A live project's campaign runs: it takes reviews, comments and (later) pledges.
pub fn campaign_open(status: ProjectStatus) -> bool {
    status == ProjectStatus::Live
}

/// A member other than the owner pledges while the campaign runs and its goal is not yet
/// reached; backers change or cancel their pledge until then too.
pub fn may_pledge(status: ProjectStatus, funding: FundingState, is_owner: bool) -> bool {
    campaign_open(status) && funding == FundingState::Open && !is_owner
}

/// A campaign opens for new pledges once its protocol is registered, where the setting
/// asks for one (`protocol_ready`).
pub fn takes_new_pledges(
    status: ProjectStatus,
    funding: FundingState,
    is_owner: bool,
    protocol_ready: bool,
) -> bool {
    may_pledge(status, funding, is_owner) && protocol_ready
}

/// Final approval of a project's funding is a Content Expert's: a staff member an admin
/// appointed.
pub fn may_decide_funding(user: &kernel::CurrentUser) -> bool {
    user.staff_role.is_some() && user.content_expert
}

/// A Content Expert decides once the pledges reached the goal, and only then.
pub fn awaits_final_approval(funding: FundingState) -> bool {
    funding == FundingState::GoalReached
}

/// The owner refunds every pledge at any time while there is funding to undo (which
/// voids the contract); never someone else.
pub fn may_refund(funding: FundingState, is_owner: bool) -> bool {
    is_owner
        && !matches!(
            funding,
            FundingState::Released | FundingState::Refunded | FundingState::Abandoned
        )
}

/// The owner reports a milestone of the project's escrow done (and attaches or removes its
/// evidence files) while it is open (waiting for its report, or sent back), the funds are
/// still in escrow, and its deadline and grace period have not passed (`missed`): a missed
/// milestone ends the project, whether or not the sweep has come by yet.
pub fn may_report_milestone(funding: FundingState, state: MilestoneState, missed: bool) -> bool {
    funding == FundingState::InEscrow && MilestoneState::OPEN.contains(&state) && !missed
}

/// The owner posts results once the project is paid out in full.
pub fn may_post_results(funding: FundingState) -> bool {
    funding == FundingState::Disbursed
}

/// A Content Expert verifies or sends back a reported milestone while the funds are in
/// escrow.
pub fn awaits_verification(funding: FundingState, state: MilestoneState) -> bool {
    funding == FundingState::InEscrow && state == MilestoneState::Reported
}

/// A donor whose charge failed gives a new card until the grace period ends.
pub fn may_update_card(
    status: crate::enums::PledgeStatus,
    grace_until: Option<chrono::DateTime<chrono::Utc>>,
    now: chrono::DateTime<chrono::Utc>,
) -> bool {
    status == crate::enums::PledgeStatus::Failed && grace_until.is_some_and(|until| until > now)
}

/// A donor completes with their bank a charge it wanted authenticated (on-session), while the
/// pledge waits for it within its grace period.
pub fn may_authenticate(
    status: crate::enums::PledgeStatus,
    failure_code: Option<&str>,
    grace_until: Option<chrono::DateTime<chrono::Utc>>,
    now: chrono::DateTime<chrono::Utc>,
) -> bool {
    may_update_card(status, grace_until, now)
        && failure_code == Some(kernel::payments::AUTHENTICATION_REQUIRED)
}

/// Dynamic Review: any signed-in member but the owner rates a live project (a closed one
/// keeps its reviews as they were).
pub fn may_rate(status: ProjectStatus, is_owner: bool) -> bool {
    campaign_open(status) && !is_owner
}

/// A viewer's rights in a project's discussion (`topicType` `projects`): (may write, may
/// moderate), or none while the project is not public. Signed-in members write while it is
/// live; staff moderate (not the owner: an open review is not the owner's to prune).
pub fn discussion(status: ProjectStatus, signed_in: bool, is_staff: bool) -> Option<(bool, bool)> {
    is_public(status).then_some((signed_in && status == ProjectStatus::Live, is_staff))
}

/// The owner posts updates once the project is public (live, or closed and reporting).
pub fn may_post_update(status: ProjectStatus, is_owner: bool) -> bool {
    is_owner && is_public(status)
}

/// Where staff's `action` takes a project in `status`, if it may.
pub fn after(status: ProjectStatus, action: ProjectAction) -> Option<ProjectStatus> {
    use ProjectAction::*;
    use ProjectStatus::*;
    match (status, action) {
        (Live, Suspend) => Some(Suspended),
        (Suspended, Reactivate) => Some(Live),
        (Live, Close) => Some(Closed),
        _ => None,
    }
}

/// What staff may do to a project in `status` beyond reviewing a submission.
pub fn staff_actions(status: ProjectStatus) -> Vec<ProjectAction> {
    ProjectAction::ALL
        .iter()
        .copied()
        .filter(|&action| after(status, action).is_some())
        .collect()
}

/// The funds were paid out to the owner's institution: a refund takes that payout back
/// first.
pub fn paid_out(funding: FundingState) -> bool {
    funding == FundingState::Disbursed
}

/// A campaign staff close releases its pledges while its funding is not yet approved (all
/// or nothing); once charging began, what was charged stays with the owner's refund.
pub fn releases_on_close(state: FundingState) -> bool {
    matches!(state, FundingState::Open | FundingState::GoalReached)
}

/// Spec: a campaign runs 15 to 60 days.
pub const CAMPAIGN_DAYS: std::ops::RangeInclusive<i32> = 15..=60;

#[cfg(test)]
mod tests {
    use super::*;

    fn user(staff: Option<kernel::StaffRole>, content_expert: bool) -> kernel::CurrentUser {
        kernel::CurrentUser {
            id: 1,
            staff_role: staff,
            content_expert,
            password_change_required: false,
        }
    }

    #[test]
    fn only_content_experts_among_staff_decide_funding() {
        use kernel::StaffRole::*;
        assert!(may_decide_funding(&user(Some(Moderator), true)));
        assert!(may_decide_funding(&user(Some(Admin), true)));
        assert!(!may_decide_funding(&user(Some(Admin), false)));
        assert!(!may_decide_funding(&user(None, true)));
    }

    #[test]
    fn final_approval_waits_for_the_goal_and_happens_once() {
        assert!(awaits_final_approval(FundingState::GoalReached));
        for state in [
            FundingState::Open,
            FundingState::Charging,
            FundingState::Funded,
            FundingState::Disbursed,
            FundingState::Released,
            FundingState::Refunded,
        ] {
            assert!(!awaits_final_approval(state), "{state:?}");
        }
    }

    #[test]
    fn only_the_owner_refunds_and_only_funding_still_standing() {
        assert!(may_refund(FundingState::Open, true));
        assert!(may_refund(FundingState::Disbursed, true));
        assert!(!may_refund(FundingState::Charging, false));
        assert!(!may_refund(FundingState::Released, true));
        assert!(!may_refund(FundingState::Refunded, true));
    }

    #[test]
    fn a_milestone_is_reported_while_open_in_escrow_and_not_missed() {
        use MilestoneState as M;
        assert!(may_report_milestone(
            FundingState::InEscrow,
            M::Pending,
            false
        ));
        assert!(may_report_milestone(
            FundingState::InEscrow,
            M::Returned,
            false
        ));
        assert!(!may_report_milestone(
            FundingState::InEscrow,
            M::Pending,
            true
        ));
        assert!(!may_report_milestone(
            FundingState::InEscrow,
            M::Reported,
            false
        ));
        assert!(!may_report_milestone(
            FundingState::Abandoned,
            M::Pending,
            false
        ));
    }

    #[test]
    fn a_failed_pledge_takes_a_new_card_within_its_grace_period() {
        use crate::enums::PledgeStatus;
        let now = kernel::clock::now();
        let later = Some(now + chrono::Duration::days(1));
        assert!(may_update_card(PledgeStatus::Failed, later, now));
        assert!(!may_update_card(
            PledgeStatus::Failed,
            Some(now - chrono::Duration::days(1)),
            now
        ));
        assert!(!may_update_card(PledgeStatus::Charged, later, now));
    }

    #[test]
    fn only_a_charge_the_bank_wants_authenticated_is_confirmed_within_the_grace_period() {
        use crate::enums::PledgeStatus;
        use kernel::payments::AUTHENTICATION_REQUIRED;
        let now = kernel::clock::now();
        let later = Some(now + chrono::Duration::days(1));
        let auth = Some(AUTHENTICATION_REQUIRED);
        assert!(may_authenticate(PledgeStatus::Failed, auth, later, now));
        assert!(!may_authenticate(
            PledgeStatus::Failed,
            Some("card_declined"),
            later,
            now
        ));
        assert!(!may_authenticate(
            PledgeStatus::Failed,
            auth,
            Some(now),
            now
        ));
        assert!(!may_authenticate(PledgeStatus::Charged, auth, later, now));
    }

    #[test]
    fn only_an_affiliated_member_with_the_equity_fields_may_submit() {
        let ready = CreatorReadiness {
            affiliation_approved: true,
            affiliation_in_review: false,
            equity_given: true,
        };
        assert!(creator_gaps(ready).is_empty());
        assert_eq!(
            creator_gaps(CreatorReadiness::default()),
            vec![CreatorGap::Affiliation, CreatorGap::EquityProfile]
        );
        let no_profile = CreatorReadiness {
            equity_given: false,
            ..ready
        };
        assert_eq!(creator_gaps(no_profile), vec![CreatorGap::EquityProfile]);
        let in_review = CreatorReadiness {
            affiliation_approved: false,
            affiliation_in_review: true,
            ..ready
        };
        assert_eq!(
            creator_gaps(in_review),
            vec![CreatorGap::AffiliationInReview]
        );
    }

    #[test]
    fn drafts_and_rejected_projects_are_edited_and_only_submissions_reviewed() {
        use ProjectStatus::*;
        for status in [Draft, Rejected] {
            assert!(may_edit(status) && !may_review(status));
        }
        for status in [Submitted, Live, Closed, Suspended] {
            assert!(!may_edit(status));
        }
        assert!(may_review(Submitted));
    }

    #[test]
    fn live_projects_take_changes_that_wait_for_staff() {
        use ProjectStatus::*;
        assert!(edits_wait_for_staff(Live) && may_change(Live) && !may_edit(Live));
        for status in [Draft, Rejected] {
            assert!(may_change(status) && !edits_wait_for_staff(status));
        }
        for status in [Submitted, Suspended, Closed] {
            assert!(!may_change(status), "{status:?}");
        }
    }

    #[test]
    fn the_public_sees_live_and_closed_projects_owners_their_own_and_staff_what_was_sent() {
        use ProjectStatus::*;
        for status in [Live, Closed] {
            assert!(is_public(status) && may_view(status, false, false));
        }
        for status in [Draft, Submitted, Rejected, Suspended] {
            assert!(!may_view(status, false, false) && may_view(status, true, false));
        }
        for status in [Submitted, Rejected, Suspended] {
            assert!(may_view(status, false, true), "staff review {status:?}");
        }
        assert!(!may_view(Draft, false, true), "a draft is its owner's");
    }

    #[test]
    fn members_discuss_live_projects_and_staff_moderate() {
        use ProjectStatus::*;
        assert_eq!(discussion(Live, true, false), Some((true, false)));
        assert_eq!(discussion(Live, false, false), Some((false, false)));
        assert_eq!(
            discussion(Closed, true, true),
            Some((false, true)),
            "read only once closed"
        );
        for status in [Draft, Submitted, Rejected, Suspended] {
            assert_eq!(discussion(status, true, true), None);
        }
    }

    #[test]
    fn staff_suspend_and_close_live_projects_and_reactivate_suspended_ones() {
        use ProjectAction::*;
        use ProjectStatus::*;
        assert_eq!(after(Live, Suspend), Some(Suspended));
        assert_eq!(after(Suspended, Reactivate), Some(Live));
        assert_eq!(after(Live, Close), Some(Closed));
        for status in [Draft, Submitted, Rejected, Closed] {
            for action in [Suspend, Reactivate, Close] {
                assert_eq!(after(status, action), None, "{status:?} {action:?}");
            }
        }
        assert_eq!(after(Suspended, Close), None, "reactivate first");
        assert_eq!(after(Live, Reactivate), None);
    }

    #[test]
    fn staff_are_offered_the_actions_a_project_s_status_allows() {
        use ProjectAction::*;
        use ProjectStatus::*;
        assert_eq!(staff_actions(Live), [Suspend, Close]);
        assert_eq!(staff_actions(Suspended), [Reactivate]);
        assert!(staff_actions(Submitted).is_empty() && staff_actions(Closed).is_empty());
        assert!(may_review(Submitted) && !may_review(Live));
    }

    #[test]
    fn only_a_disbursed_campaign_was_paid_out() {
        for state in FundingState::ALL {
            assert_eq!(paid_out(*state), *state == FundingState::Disbursed);
        }
    }

    #[test]
    fn owners_post_updates_once_their_project_is_public() {
        use ProjectStatus::*;
        for status in [Live, Closed] {
            assert!(may_post_update(status, true) && !may_post_update(status, false));
        }
        for status in [Draft, Submitted, Rejected, Suspended] {
            assert!(!may_post_update(status, true));
        }
    }

    #[test]
    fn members_pledge_to_live_projects_of_others_until_the_goal_is_reached() {
        use FundingState::*;
        use ProjectStatus::*;
        assert!(may_pledge(Live, Open, false));
        assert!(!may_pledge(Live, Open, true), "never to one's own");
        assert!(
            !may_pledge(Live, GoalReached, false),
            "locked once the goal is reached"
        );
        for status in [Draft, Submitted, Rejected, Suspended, Closed] {
            assert!(!may_pledge(status, Open, false), "{status:?}");
        }
    }

    #[test]
    fn members_rate_live_projects_other_than_their_own() {
        use ProjectStatus::*;
        assert!(may_rate(Live, false));
        assert!(!may_rate(Live, true), "never one's own");
        for status in [Draft, Submitted, Rejected, Suspended, Closed] {
            assert!(!may_rate(status, false));
        }
    }

    #[test]
    fn a_close_releases_the_pledges_of_a_campaign_not_yet_charging() {
        use FundingState::*;
        assert!(releases_on_close(Open));
        assert!(
            releases_on_close(GoalReached),
            "not approved: no one is charged"
        );
        for state in [Charging, Funded, Disbursed, Released, Refunded] {
            assert!(!releases_on_close(state), "{state:?}");
        }
    }
}
