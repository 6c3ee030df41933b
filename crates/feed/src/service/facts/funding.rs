//! A project's funding (PrecisionFunding) after its goal: backers and owner hear when the
//! pledges are let go (the campaign ended short, staff closed it, a Content Expert did not
//! approve, or lapses left it short of the goal), when the project is funded and paid out,
//! when a donor's charge failed or lapsed, and when the owner refunded everyone. Notifications only: the feed announces the goal itself.

use chrono::{DateTime, Utc};
use kernel::notification_kinds::NotificationKind;

use super::effects::Effects;
use super::projects::{about_project, project_item};
use super::wording::{because, excerpt, project_route};
use crate::enums::FeedEventType;
use crate::facts::{MilestoneStep, Project, ReleaseCause};

/// The pledges were let go: the backers hear why (with a Content Expert's reason) and that
/// they are not charged (a charge made is refunded), and the owner hears when it was not the campaign's days running out
/// or staff closing it: with a Content Expert's reason, or because lapses left it short.
pub fn released(
    project: &Project,
    owner_id: i64,
    backers: &[i64],
    cause: &ReleaseCause,
) -> Effects {
    let route = project_route(project);
    let name = &project.title;
    let (title, what, to_owner) = match cause {
        ReleaseCause::ClosedByStaff => (
            "Campaign closed",
            format!("{name} was closed before its funding was approved."),
            None,
        ),
        ReleaseCause::NotApproved(reason) => (
            "Funding not approved",
            format!("A Content Expert did not approve the funding of {name}."),
            Some(because(Some(reason))),
        ),
        ReleaseCause::Ended => (
            "Campaign ended without reaching its goal",
            format!("{name} ended without reaching its funding goal."),
            None,
        ),
        ReleaseCause::FellShort => (
            "Campaign fell short of its goal",
            format!(
                "Pledges to {name} whose cards could not be charged lapsed, and what was \
                 collected fell short of the goal."
            ),
            Some(" Every charge is refunded in full; nothing is paid out.".to_owned()),
        ),
    };
    let to_backers = match cause {
        ReleaseCause::FellShort => {
            " Your payment is refunded in full: you are not charged.".to_owned()
        }
        // Backers are promised the Content Expert's reason too.
        ReleaseCause::NotApproved(reason) => format!(
            "{} Your pledge is released: you are not charged.",
            because(Some(reason))
        ),
        _ => " Your pledge is released: you are not charged.".to_owned(),
    };
    let mut notices: Vec<_> = backers
        .iter()
        .map(|backer| {
            about_project(
                *backer,
                NotificationKind::ProjectFunding,
                project,
                title,
                format!("{what}{to_backers}"),
                route.clone(),
            )
        })
        .collect();
    if let Some(why) = to_owner {
        notices.push(about_project(
            owner_id,
            NotificationKind::ProjectFunding,
            project,
            title,
            format!("{what} Every pledge is released.{why}"),
            route,
        ));
    }
    Effects::notices(notices)
}

/// A member pledged: their confirmation (in-app and by e-mail, as they chose for project
/// funding) of what they promised and when it is charged.
pub fn pledged(project: &Project, backer_id: i64, amount_cents: i64, card: &str) -> Effects {
    Effects::notices([about_project(
        backer_id,
        NotificationKind::ProjectFunding,
        project,
        "Thank you for your pledge",
        format!(
            "You pledged {} to {} with your {card}. Nothing is charged unless the project \
             reaches its goal and a Content Expert approves it; until the goal is reached you may \
             change or cancel your pledge.",
            kernel::money::cad(amount_cents),
            project.title,
        ),
        project_route(project),
    )])
}

/// A donor's pledge lapsed: they hear it no longer counts and that they are not charged.
pub fn lapsed(project: &Project, backer_id: i64, amount_cents: i64) -> Effects {
    Effects::notices([about_project(
        backer_id,
        NotificationKind::ProjectFunding,
        project,
        "Your pledge lapsed",
        format!(
            "Your pledge of {} to {} could not be charged and no new card came in time: it no \
             longer counts toward the funding, and you are not charged.",
            kernel::money::cad(amount_cents),
            project.title,
        ),
        project_route(project),
    )])
}

/// The project is funded and paid out: the owner and each charged backer hear of it.
pub fn funded(
    project: &Project,
    owner_id: i64,
    backers: &[i64],
    [collected_cents, paid_out_cents]: [i64; 2],
    in_escrow: bool,
) -> Effects {
    let route = project_route(project);
    let collected = kernel::money::cad(collected_cents);
    let paid = kernel::money::cad(paid_out_cents);
    let (owner_message, backer_message) = if in_escrow {
        (
            format!(
                "{} is funded: {collected} was collected. It is held in escrow and paid out to your institution's account milestone by milestone, as each is verified.",
                project.title
            ),
            format!(
                "{} is funded. Your pledge was charged; the funds are held in escrow and paid out milestone by milestone.",
                project.title
            ),
        )
    } else {
        (
            format!(
                "{} is funded: {collected} was collected and {paid} paid out to your institution's account.",
                project.title
            ),
            format!(
                "{} is funded. Your pledge was charged; its receipt is under My profile, Pledges.",
                project.title
            ),
        )
    };
    let mut notices = vec![about_project(
        owner_id,
        NotificationKind::ProjectFunding,
        project,
        "Project funded",
        owner_message,
        route.clone(),
    )];
    notices.extend(backers.iter().filter(|b| **b != owner_id).map(|backer| {
        about_project(
            *backer,
            NotificationKind::ProjectFunding,
            project,
            "A project you back is funded",
            backer_message.clone(),
            route.clone(),
        )
    }));
    Effects::notices(notices)
}

/// A project's backers and followers hear its results are posted (never its owner).
pub fn results_posted(project: &Project, owner_id: i64, audience: &[i64]) -> Effects {
    let route = format!("{}#results", project_route(project));
    let message = format!("{} posted its results.", project.title);
    Effects::notices(
        audience
            .iter()
            .copied()
            .filter(|member| *member != owner_id)
            .map(|member| {
                about_project(
                    member,
                    NotificationKind::ProjectUpdate,
                    project,
                    "Results posted",
                    message.clone(),
                    route.clone(),
                )
            }),
    )
    .with_item(project_item(
        FeedEventType::ProjectResultsPosted,
        owner_id,
        project.clone(),
        message,
        None,
    ))
}

/// A project's owner hears its results are due by a date, then that they are overdue.
pub fn results_due(
    project: &Project,
    owner_id: i64,
    due_at: DateTime<Utc>,
    overdue: bool,
) -> Effects {
    let route = format!("{}#results", project_route(project));
    let date = due_at.format("%b %d, %Y");
    let (title, message) = if overdue {
        (
            "Results overdue",
            format!(
                "The results of {} were due on {date}: post them now. Until you do, your profile and the results tracker show them as overdue.",
                project.title
            ),
        )
    } else {
        (
            "Results due",
            format!(
                "The results of {} are due by {date}: post them from the project's page.",
                project.title
            ),
        )
    };
    Effects::notices([about_project(
        owner_id,
        NotificationKind::ProjectFunding,
        project,
        title,
        message,
        route,
    )])
}

/// A milestone of a project's escrow, and where it went.
pub struct Milestone {
    pub position: i32,
    pub title: String,
    pub step: MilestoneStep,
}

/// The owner and the backers hear where a milestone went (the owner is not told of their own
/// report).
pub fn milestone_moved(
    project: &Project,
    owner_id: i64,
    backers: &[i64],
    milestone: &Milestone,
) -> Effects {
    let route = format!("{}#milestones", project_route(project));
    let name = format!(
        "milestone {} of {} (\u{201c}{}\u{201d})",
        milestone.position, project.title, milestone.title
    );
    let (title, message, owner_too) = match &milestone.step {
        MilestoneStep::Reported => (
            "Milestone reported",
            format!("The owner reported {name} done; a Content Expert verifies it next."),
            false,
        ),
        MilestoneStep::Verified { tranche_cents } => (
            "Milestone verified",
            format!(
                "A Content Expert verified {name}: {} was paid out of escrow.",
                kernel::money::cad(*tranche_cents)
            ),
            true,
        ),
        MilestoneStep::Returned(reason) => (
            "Milestone sent back",
            excerpt(&format!("A Content Expert sent {name} back: {reason}")),
            true,
        ),
        MilestoneStep::Ended {
            reason,
            returned_cents,
        } => (
            "Project ended",
            excerpt(&format!(
                "{} ended on {name}: {reason} The {} left in escrow is refunded to its donors, each in proportion to their pledge.",
                project.title,
                kernel::money::cad(*returned_cents)
            )),
            true,
        ),
    };
    let owner = owner_too.then_some(owner_id);
    let notices = Effects::notices(
        backers
            .iter()
            .copied()
            .filter(|b| *b != owner_id)
            .chain(owner)
            .map(|member| {
                about_project(
                    member,
                    NotificationKind::ProjectFunding,
                    project,
                    title,
                    message.clone(),
                    route.clone(),
                )
            }),
    );
    match &milestone.step {
        MilestoneStep::Verified { .. } => notices.with_item(project_item(
            FeedEventType::ProjectMilestoneVerified,
            owner_id,
            project.clone(),
            message,
            None,
        )),
        _ => notices,
    }
}

/// A donor's charge that failed.
pub struct FailedCharge {
    pub backer_id: i64,
    pub amount_cents: i64,
    pub grace_until: DateTime<Utc>,
    /// Their bank wants it authenticated: they confirm the payment rather than give a card.
    pub needs_authentication: bool,
}

/// A donor's charge failed: they are asked, before the grace period ends, for a new card or,
/// when their bank wants the charge authenticated, to confirm the payment.
pub fn charge_failed(project: &Project, failed: &FailedCharge) -> Effects {
    let amount = kernel::money::cad(failed.amount_cents);
    let by = failed.grace_until.format("%B %-d, %Y");
    let (title, text) = if failed.needs_authentication {
        (
            "Confirm your payment",
            format!(
                "Your bank asks you to confirm your pledge of {amount} to {}. Confirm it by {by} to keep backing it.",
                project.title
            ),
        )
    } else {
        (
            "Update your card",
            format!(
                "Your pledge of {amount} to {} could not be charged. Give a new card by {by} to keep backing it.",
                project.title
            ),
        )
    };
    Effects::notices([about_project(
        failed.backer_id,
        NotificationKind::ProjectFunding,
        project,
        title,
        text,
        project_route(project),
    )])
}

/// A milestone reached: the owner hears of it, and everyone's feed shows it.
pub fn milestone(
    project: Project,
    owner_id: i64,
    number: usize,
    title: &str,
    raised_cents: i64,
) -> Effects {
    let text = format!(
        "{} reached milestone {number}, {title}, with {} pledged.",
        project.title,
        kernel::money::cad(raised_cents)
    );
    Effects::notices([about_project(
        owner_id,
        NotificationKind::ProjectFunding,
        &project,
        "Milestone reached",
        text.clone(),
        project_route(&project),
    )])
    .with_item(project_item(
        FeedEventType::ProjectReachedMilestone,
        owner_id,
        project,
        text,
        None,
    ))
}

/// The owner refunded every pledge: each backer hears of it.
pub fn refunded(project: &Project, backers: &[i64]) -> Effects {
    let route = project_route(project);
    Effects::notices(backers.iter().map(|backer| {
        about_project(
            *backer,
            NotificationKind::ProjectFunding,
            project,
            "Pledge refunded",
            format!(
                "The owner of {} refunded every pledge: anything charged is returned to your card, and nothing more will be.",
                project.title
            ),
            route.clone(),
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> Project {
        Project {
            id: 7,
            slug: "early-sepsis".into(),
            title: "Early sepsis".into(),
        }
    }

    #[test]
    fn a_content_experts_refusal_tells_the_backers_and_the_owner_why() {
        let effects = released(
            &project(),
            1,
            &[5, 6],
            &ReleaseCause::NotApproved("No ethics approval.".into()),
        );
        let to: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(to, [5, 6, 1]);
        assert!(
            effects.notices[2]
                .message
                .ends_with("Reason: No ethics approval.")
        );
        assert_eq!(
            effects.notices[0].message,
            "A Content Expert did not approve the funding of Early sepsis. Reason: No ethics \
             approval. Your pledge is released: you are not charged."
        );
        assert!(effects.items.is_empty());
    }

    #[test]
    fn a_milestone_tells_the_owner_and_shows_in_everyones_feed() {
        let effects = milestone(project(), 1, 2, "Recruitment", 1_250_000);
        assert_eq!(effects.notices[0].user_id, 1);
        assert_eq!(
            effects.notices[0].message,
            "Early sepsis reached milestone 2, Recruitment, with CA$12,500 pledged."
        );
        assert_eq!(
            effects.items[0].event_type,
            FeedEventType::ProjectReachedMilestone
        );
        assert!(effects.items[0].is_public);
    }

    #[test]
    fn a_campaign_that_ended_short_tells_only_the_backers() {
        let effects = released(&project(), 1, &[5], &ReleaseCause::Ended);
        assert_eq!(effects.notices.len(), 1);
        assert_eq!(
            effects.notices[0].title,
            "Campaign ended without reaching its goal"
        );
    }

    #[test]
    fn a_campaign_staff_closed_tells_its_backers_they_are_not_charged() {
        let effects = released(&project(), 1, &[5], &ReleaseCause::ClosedByStaff);
        let to: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(to, [5], "the owner hears of the close itself");
        assert_eq!(effects.notices[0].title, "Campaign closed");
        assert_eq!(
            effects.notices[0].message,
            "Early sepsis was closed before its funding was approved. Your pledge is released: you are not charged."
        );
    }

    #[test]
    fn a_campaign_left_short_by_lapses_tells_everyone_the_charges_are_refunded() {
        let effects = released(&project(), 1, &[5], &ReleaseCause::FellShort);
        let to: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(to, [5, 1]);
        assert_eq!(effects.notices[0].title, "Campaign fell short of its goal");
        assert!(
            effects.notices[0]
                .message
                .ends_with("Your payment is refunded in full: you are not charged.")
        );
        assert!(effects.notices[1].message.contains("nothing is paid out"));
        let lapsed = lapsed(&project(), 6, 50_000);
        assert_eq!(lapsed.notices[0].user_id, 6);
        assert_eq!(
            lapsed.notices[0].message,
            "Your pledge of CA$500 to Early sepsis could not be charged and no new card came in \
             time: it no longer counts toward the funding, and you are not charged."
        );
    }

    #[test]
    fn a_pledge_is_confirmed_to_its_donor() {
        let effects = pledged(&project(), 5, 5_000, "visa ending 4242");
        assert_eq!(effects.notices[0].user_id, 5);
        assert_eq!(effects.notices[0].title, "Thank you for your pledge");
        assert!(
            effects.notices[0]
                .message
                .starts_with("You pledged CA$50 to Early sepsis with your visa ending 4242.")
        );
    }

    #[test]
    fn a_funded_project_tells_its_owner_the_amounts_and_its_backers_of_receipts() {
        let effects = funded(&project(), 1, &[5], [100_000, 91_000], false);
        assert!(
            effects.notices[0]
                .message
                .contains("CA$1,000 was collected")
        );
        assert!(effects.notices[0].message.contains("CA$910 paid out"));
        assert_eq!(effects.notices[1].user_id, 5);
    }

    #[test]
    fn a_milestone_tells_the_backers_each_step_and_the_owner_all_but_their_own_report() {
        let step = |step| Milestone {
            position: 2,
            title: "Recruitment".into(),
            step,
        };
        let heard = |effects: Effects| {
            effects
                .notices
                .iter()
                .map(|n| (n.user_id, n.title.clone(), n.message.clone()))
                .collect::<Vec<_>>()
        };
        let quiet = milestone_moved(&project(), 1, &[5, 1], &step(MilestoneStep::Reported));
        assert!(
            quiet.items.is_empty(),
            "a report is not news in everyone's feed"
        );
        let paid = milestone_moved(
            &project(),
            1,
            &[5],
            &step(MilestoneStep::Verified { tranche_cents: 100 }),
        );
        assert_eq!(
            paid.items.iter().map(|i| i.event_type).collect::<Vec<_>>(),
            [FeedEventType::ProjectMilestoneVerified]
        );
        let posted = results_posted(&project(), 1, &[1, 5, 6]);
        assert_eq!(
            posted.notices.iter().map(|n| n.user_id).collect::<Vec<_>>(),
            [5, 6],
            "not the owner who posted"
        );
        assert_eq!(
            posted.items[0].event_type,
            FeedEventType::ProjectResultsPosted
        );
        let reported = heard(milestone_moved(
            &project(),
            1,
            &[5, 1],
            &step(MilestoneStep::Reported),
        ));
        assert_eq!(
            reported.len(),
            1,
            "not the owner who reported: {reported:?}"
        );
        assert_eq!(reported[0].0, 5);
        let verified = heard(milestone_moved(
            &project(),
            1,
            &[5],
            &step(MilestoneStep::Verified {
                tranche_cents: 45_550,
            }),
        ));
        assert_eq!(verified.len(), 2);
        assert!(
            verified[0].2.contains("CA$455.50 was paid out of escrow"),
            "{verified:?}"
        );
        let ended = heard(milestone_moved(
            &project(),
            1,
            &[5],
            &step(MilestoneStep::Ended {
                reason: "Not verifiable.".into(),
                returned_cents: 10_001,
            }),
        ));
        assert_eq!(ended[0].1, "Project ended");
        assert!(
            ended[0].2.contains("milestone 2 of Early sepsis"),
            "{ended:?}"
        );
        assert!(
            ended[0].2.contains("CA$100.01 left in escrow is refunded"),
            "{ended:?}"
        );
    }

    #[test]
    fn a_failed_charge_asks_its_donor_for_a_new_card_by_a_date() {
        let until = chrono::DateTime::parse_from_rfc3339("2026-12-01T12:00:00Z")
            .map(|d| d.with_timezone(&Utc))
            .ok()
            .unwrap_or_default();
        let mut failed = FailedCharge {
            backer_id: 5,
            amount_cents: 2_500,
            grace_until: until,
            needs_authentication: false,
        };
        let effects = charge_failed(&project(), &failed);
        assert_eq!(
            effects.notices[0].in_app_route.as_deref(),
            Some("/project/early-sepsis")
        );
        assert_eq!(effects.notices[0].title, "Update your card");
        assert!(effects.notices[0].message.contains("by December 1, 2026"));

        failed.needs_authentication = true;
        let effects = charge_failed(&project(), &failed);
        assert_eq!(effects.notices[0].title, "Confirm your payment");
        assert!(
            effects.notices[0]
                .message
                .starts_with("Your bank asks you to confirm your pledge of CA$25")
        );
        assert!(effects.notices[0].message.contains("by December 1, 2026"));
    }
}
