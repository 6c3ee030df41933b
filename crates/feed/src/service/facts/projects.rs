//! Research projects: the owner hears staff's decisions on the project and its updates;
//! a project that went live, and each approved update, show in everyone's feed; the
//! project's followers (its favouriters) hear of its updates.

use kernel::notification_kinds::NotificationKind;

use super::effects::Effects;
use super::wording::{because, excerpt, project_route};
use crate::enums::{ContentType, FeedEventType, FeedObjectType};
use crate::facts::{Project, ProjectOutcome, ProjectUpdate};
use crate::policy;
use crate::service::activity::{ItemContent, NewItem, RelatedContent};
use crate::service::notices::Notice;

/// A notification about `project`, opening `route`.
pub(super) fn about_project(
    user_id: i64,
    kind: NotificationKind,
    project: &Project,
    title: &str,
    message: String,
    route: String,
) -> Notice {
    Notice {
        user_id,
        kind,
        title: title.to_owned(),
        message,
        in_app_route: Some(route),
        object_slug: Some(project.slug.clone()),
        content_type: Some(ContentType::Project),
        invite_token: None,
        mailed_by_source: false,
        post_id: None,
    }
}

/// The owner hears the decision (with staff's reason); a project that went live is
/// announced in everyone's feed.
pub fn project_reviewed(
    project: Project,
    owner_id: i64,
    outcome: ProjectOutcome,
    reason: Option<&str>,
    summary: &str,
) -> Effects {
    let because = because(reason);
    let name = &project.title;
    let (title, message) = match outcome {
        ProjectOutcome::Approved => (
            "Project approved",
            format!("{name} is approved and now live."),
        ),
        ProjectOutcome::Rejected => (
            "Project sent back",
            format!("{name} was sent back.{because}"),
        ),
        ProjectOutcome::Suspended => (
            "Project suspended",
            format!("{name} was suspended.{because}"),
        ),
        ProjectOutcome::Reactivated => ("Project reactivated", format!("{name} is live again.")),
        ProjectOutcome::Closed => ("Project closed", format!("{name} was closed.{because}")),
        ProjectOutcome::ChangesApproved => (
            "Project changes approved",
            format!("Your changes to {name} are approved and now public."),
        ),
        ProjectOutcome::ChangesRejected => (
            "Project changes sent back",
            format!(
                "Your changes to {name} were not approved; the project stays as it was.{because}"
            ),
        ),
        ProjectOutcome::CampaignEnded => (
            "Campaign ended",
            format!("The campaign of {name} has ended."),
        ),
    };
    let approved = outcome == ProjectOutcome::Approved;
    let public = matches!(
        outcome,
        ProjectOutcome::Approved
            | ProjectOutcome::Reactivated
            | ProjectOutcome::Closed
            | ProjectOutcome::ChangesApproved
            | ProjectOutcome::CampaignEnded
    );
    let route = if public {
        project_route(&project)
    } else {
        "/my-projects".to_owned()
    };
    let effects = Effects::notices([about_project(
        owner_id,
        NotificationKind::ProjectModeration,
        &project,
        title,
        message,
        route,
    )]);
    if !approved {
        return effects;
    }
    effects.with_item(project_item(
        FeedEventType::ProjectCreated,
        owner_id,
        project,
        excerpt(summary),
        Some(excerpt(summary)),
    ))
}

/// A public item in everyone's feed about `project`, by its owner: `text` as the item says
/// it, with the project's summary when the card shows one.
pub(super) fn project_item(
    event_type: FeedEventType,
    owner_id: i64,
    project: Project,
    text: String,
    summary: Option<String>,
) -> NewItem {
    NewItem {
        event_type,
        object_type: FeedObjectType::Project,
        actor_id: Some(owner_id),
        group_id: None,
        is_public: true,
        content: ItemContent {
            id: Some(project.id),
            text: Some(text),
            slug: Some(project.slug.clone()),
            ..Default::default()
        },
        related: RelatedContent {
            slug: Some(project.slug),
            title: Some(project.title),
            summary,
            ..Default::default()
        },
    }
}

/// What a protocol's registration was.
pub struct Registration<'a> {
    pub version: i32,
    /// The amendment's reason; none for version 1.
    pub reason: Option<&'a str>,
    /// The project is public: everyone's feed shows the registration.
    pub public: bool,
}

/// A registration or an amendment of a project's protocol: its backers and followers hear
/// of it, with the amendment's reason, and open the version; a public project's shows in
/// everyone's feed.
pub fn protocol_registered(
    project: Project,
    owner_id: i64,
    registration: Registration<'_>,
    audience: &[i64],
) -> Effects {
    let Registration {
        version,
        reason,
        public,
    } = registration;
    let (title, message) = match reason {
        None => (
            "Protocol registered",
            format!("{} registered its protocol.", project.title),
        ),
        Some(reason) => (
            "Protocol amended",
            excerpt(&format!(
                "{} amended its protocol (version {version}): {reason}",
                project.title
            )),
        ),
    };
    let route = format!("/project/{}/protocol?version={version}", project.slug);
    let effects = Effects::notices(
        audience
            .iter()
            .copied()
            .filter(|member| policy::notify(*member, owner_id))
            .map(|member| {
                about_project(
                    member,
                    NotificationKind::ProjectUpdate,
                    &project,
                    title,
                    message.clone(),
                    route.clone(),
                )
            }),
    );
    if !public {
        return effects;
    }
    effects.with_item(project_item(
        FeedEventType::ProjectProtocolRegistered,
        owner_id,
        project,
        message,
        None,
    ))
}

/// The author hears staff's decision; an approved update reaches the project's followers
/// and everyone's feed.
pub fn update_reviewed(update: ProjectUpdate) -> Effects {
    let ProjectUpdate {
        project,
        author_id,
        update_id,
        approved,
        reason,
        title,
        text,
        image,
        followers,
    } = update;
    let route = project_route(&project);
    if !approved {
        let message = format!(
            "Your update \"{title}\" on {} was not approved.{}",
            project.title,
            because(reason.as_deref())
        );
        return Effects::notices([about_project(
            author_id,
            NotificationKind::UpdateModeration,
            &project,
            "Update not approved",
            message,
            format!("/project-updates/{}", project.id),
        )]);
    }
    let mut notices = vec![about_project(
        author_id,
        NotificationKind::UpdateModeration,
        &project,
        "Update approved",
        format!("Your update \"{title}\" on {} is approved.", project.title),
        route.clone(),
    )];
    notices.extend(
        followers
            .iter()
            .copied()
            .filter(|f| policy::notify(*f, author_id))
            .map(|follower| {
                about_project(
                    follower,
                    NotificationKind::ProjectUpdate,
                    &project,
                    &format!("New update on {}", project.title),
                    excerpt(&format!("{title}: {text}")),
                    route.clone(),
                )
            }),
    );
    Effects::notices(notices).with_item(NewItem {
        event_type: FeedEventType::ProjectUpdateCreated,
        object_type: FeedObjectType::ProjectPost,
        actor_id: Some(author_id),
        group_id: None,
        is_public: true,
        content: ItemContent {
            id: Some(update_id),
            text: Some(excerpt(&format!("{title}: {text}"))),
            slug: Some(project.slug.clone()),
            image: image.clone(),
            ..Default::default()
        },
        related: RelatedContent {
            slug: Some(project.slug),
            title: Some(project.title),
            image_link_thumbnail: image.clone(),
            image,
            ..Default::default()
        },
    })
}

/// The owner and every backer hear that the pledges reached the goal (they are locked
/// now, and charged only if a Content Expert approves the funding); everyone's feed shows it.
pub fn goal_reached(
    project: Project,
    owner_id: i64,
    backers: &[i64],
    raised_cents: i64,
    summary: &str,
) -> Effects {
    let route = project_route(&project);
    let pledged = kernel::money::cad(raised_cents);
    let mut notices = vec![about_project(
        owner_id,
        NotificationKind::ProjectFunding,
        &project,
        "Funding goal reached",
        format!(
            "{} reached its funding goal with {pledged} pledged. A Content Expert will now review it for funding.",
            project.title
        ),
        route.clone(),
    )];
    notices.extend(backers.iter().copied().filter(|b| *b != owner_id).map(|backer| {
        about_project(
            backer,
            NotificationKind::ProjectFunding,
            &project,
            "A project you back reached its goal",
            format!(
                "{} reached its funding goal. Your pledge is locked and is charged only if a Content Expert approves the funding.",
                project.title
            ),
            route.clone(),
        )
    }));
    let text = format!(
        "{} reached its funding goal with {pledged} pledged.",
        project.title
    );
    Effects::notices(notices).with_item(project_item(
        FeedEventType::ProjectFundingCompleted,
        owner_id,
        project,
        text,
        Some(excerpt(summary)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(approved: bool) -> ProjectUpdate {
        ProjectUpdate {
            project: Project {
                id: 7,
                slug: "early-sepsis".into(),
                title: "Early sepsis".into(),
            },
            author_id: 1,
            update_id: 3,
            approved,
            reason: Some("Add the dates.".into()),
            title: "First patients".into(),
            text: "Forty children so far.".into(),
            image: None,
            followers: vec![1, 5, 6],
        }
    }

    #[test]
    fn an_approved_update_reaches_the_author_the_followers_and_the_feed() {
        let effects = update_reviewed(update(true));
        let told: Vec<(i64, &str)> = effects
            .notices
            .iter()
            .map(|n| (n.user_id, n.title.as_str()))
            .collect();
        assert_eq!(
            told,
            [
                (1, "Update approved"),
                (5, "New update on Early sepsis"),
                (6, "New update on Early sepsis"),
            ]
        );
        assert_eq!(effects.notices[1].kind, NotificationKind::ProjectUpdate);
        assert_eq!(
            effects.notices[1].in_app_route.as_deref(),
            Some("/project/early-sepsis")
        );
        assert_eq!(
            effects.items[0].event_type,
            FeedEventType::ProjectUpdateCreated
        );
        assert!(effects.items[0].is_public);
    }

    #[test]
    fn a_rejected_update_tells_only_its_author_why() {
        let effects = update_reviewed(update(false));
        assert_eq!(effects.notices.len(), 1);
        assert_eq!(
            effects.notices[0].message,
            "Your update \"First patients\" on Early sepsis was not approved. Reason: Add the dates."
        );
        assert!(effects.items.is_empty());
    }

    #[test]
    fn an_amendment_tells_the_backers_and_followers_why_and_shows_in_the_feed() {
        let project = update(true).project;
        let amended = Registration {
            version: 2,
            reason: Some("Recruitment is faster than planned."),
            public: true,
        };
        let effects = protocol_registered(project.clone(), 1, amended, &[1, 5, 6]);
        let told: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(told, [5, 6], "not the owner who amended it");
        assert_eq!(effects.notices[0].title, "Protocol amended");
        assert_eq!(
            effects.notices[0].message,
            "Early sepsis amended its protocol (version 2): Recruitment is faster than planned."
        );
        assert_eq!(
            effects.notices[0].in_app_route.as_deref(),
            Some("/project/early-sepsis/protocol?version=2")
        );
        assert_eq!(
            effects.items[0].event_type,
            FeedEventType::ProjectProtocolRegistered
        );
        let draft = Registration {
            version: 1,
            reason: None,
            public: false,
        };
        let first = protocol_registered(project, 1, draft, &[5]);
        assert_eq!(
            first.notices[0].message,
            "Early sepsis registered its protocol."
        );
        assert!(
            first.items.is_empty(),
            "a draft's registration is not in the feed"
        );
    }
}
