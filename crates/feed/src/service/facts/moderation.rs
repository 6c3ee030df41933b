//! Staff decisions: the owner or author hears the outcome (with the reason staff gave), and
//! what became public shows in the feed.

use kernel::moderation::{ModerationAction, ReportSubject};
use kernel::notification_kinds::NotificationKind;

use super::effects::Effects;
use super::wording::{about_group, because, excerpt, page_notice};
use crate::enums::{ContentType, FeedEventType, FeedObjectType};
use crate::facts::{Group, GroupOutcome};
use crate::service::activity::{ItemContent, NewItem, RelatedContent};
use crate::service::notices::Notice;

/// The owner hears the decision; a newly approved group is announced in the feed.
pub fn group_reviewed(
    group: Group,
    owner_id: i64,
    outcome: GroupOutcome,
    reason: Option<&str>,
    summary: &str,
    image: Option<String>,
) -> Effects {
    let because = because(reason);
    let (title, message) = match outcome {
        GroupOutcome::Approved => (
            "Working group approved",
            format!("{} is approved and now public.", group.title),
        ),
        GroupOutcome::ChangesApproved => (
            "Changes approved",
            format!("Your changes to {} are approved.", group.title),
        ),
        GroupOutcome::Rejected => (
            "Working group not approved",
            format!("{} was not approved.{because}", group.title),
        ),
        GroupOutcome::Suspended => (
            "Working group suspended",
            format!("{} was suspended.{because}", group.title),
        ),
        GroupOutcome::Reactivated => (
            "Working group reactivated",
            format!("{} is active again.", group.title),
        ),
    };
    let effects = Effects::notices([about_group(
        owner_id,
        NotificationKind::GroupModeration,
        &group,
        title,
        message,
    )]);
    if outcome != GroupOutcome::Approved {
        return effects;
    }
    effects.with_item(NewItem {
        event_type: FeedEventType::WorkingGroupCreated,
        object_type: FeedObjectType::WorkingGroup,
        actor_id: Some(owner_id),
        group_id: Some(group.id),
        is_public: true,
        content: ItemContent {
            id: Some(group.id),
            text: Some(excerpt(summary)),
            slug: Some(group.slug.clone()),
            image: image.clone(),
            ..Default::default()
        },
        related: RelatedContent {
            slug: Some(group.slug),
            title: Some(group.title),
            summary: Some(excerpt(summary)),
            image_link_thumbnail: image.clone(),
            image,
        },
    })
}

/// The author hears it; the group's members see the update in their feed.
pub fn update_approved(
    group: Group,
    author_id: i64,
    update_id: i64,
    title: &str,
    text: &str,
    image: Option<String>,
) -> Effects {
    Effects::notices([about_group(
        author_id,
        NotificationKind::UpdateModeration,
        &group,
        "Update approved",
        format!("Your update \"{title}\" in {} is approved.", group.title),
    )])
    .with_item(NewItem {
        event_type: FeedEventType::WorkingGroupUpdateCreated,
        object_type: FeedObjectType::WorkingGroupPost,
        actor_id: Some(author_id),
        group_id: Some(group.id),
        // Updates are for the group's members.
        is_public: false,
        content: ItemContent {
            id: Some(update_id),
            text: Some(excerpt(&format!("{title}: {text}"))),
            slug: Some(group.slug.clone()),
            image,
            ..Default::default()
        },
        related: RelatedContent {
            slug: Some(group.slug),
            title: Some(group.title),
            ..Default::default()
        },
    })
}

pub fn update_rejected(
    group: &Group,
    author_id: i64,
    title: &str,
    reason: Option<&str>,
) -> Effects {
    let because = because(reason);
    Effects::notices([about_group(
        author_id,
        NotificationKind::UpdateModeration,
        group,
        "Update not approved",
        format!(
            "Your update \"{title}\" in {} was not approved.{because}",
            group.title
        ),
    )])
}

/// What an item is called in a member's notification.
fn item_name(subject_type: ReportSubject) -> &'static str {
    match subject_type {
        ReportSubject::Topic => "topic",
        ReportSubject::Reply => "reply",
        ReportSubject::Group => "working group",
        ReportSubject::GroupUpdate | ReportSubject::ProjectUpdate => "update",
        ReportSubject::Profile => "profile",
        ReportSubject::Message => "message",
    }
}

/// The author hears that a moderator hid or deleted their item, or warned them, and why.
pub fn content_moderated(
    author_id: i64,
    subject_type: ReportSubject,
    title: &str,
    route: String,
    action: ModerationAction,
    reason: Option<&str>,
) -> Effects {
    let item = item_name(subject_type);
    let because = because(reason);
    let (heading, message) = match action {
        ModerationAction::Hide => (
            "Hidden by the moderators",
            format!("Your {item} \"{title}\" is hidden from other members.{because}"),
        ),
        ModerationAction::Delete => (
            "Removed by the moderators",
            format!("Your {item} \"{title}\" was removed by the moderators.{because}"),
        ),
        ModerationAction::Warn => (
            "A warning from the moderators",
            format!("The moderators warn you about your {item} \"{title}\".{because}"),
        ),
        // Nothing to tell: the reports were unfounded, or the account is switched off.
        ModerationAction::Dismiss | ModerationAction::Suspend => return Effects::default(),
    };
    Effects::notices([Notice {
        user_id: author_id,
        kind: NotificationKind::Moderation,
        title: heading.to_owned(),
        message,
        in_app_route: (action != ModerationAction::Delete && !route.is_empty()).then_some(route),
        object_slug: None,
        content_type: Some(ContentType::EntryPage),
        invite_token: None,
        mailed_by_source: false,
        post_id: None,
    }])
}

pub fn affiliation_reviewed(user_id: i64, approved: bool, reason: Option<&str>) -> Effects {
    let (title, message) = if approved {
        (
            "Affiliation approved",
            "Your university affiliation is approved: you can now seek funding for proposals."
                .to_owned(),
        )
    } else {
        (
            "Affiliation not approved",
            match reason {
                Some(reason) => format!("Your university affiliation was not approved: {reason}"),
                None => "Your university affiliation was not approved.".to_owned(),
            },
        )
    };
    Effects::notices([Notice {
        user_id,
        kind: NotificationKind::AffiliationApproved,
        title: title.to_owned(),
        message,
        in_app_route: Some("/my-profile/affiliations".into()),
        object_slug: None,
        content_type: Some(ContentType::EntryPage),
        invite_token: None,
        mailed_by_source: false,
        post_id: None,
    }])
}

/// A webhook the member set up was turned off for failing: they fix the receiver and turn
/// it back on where it is managed (`route`).
pub fn webhook_disabled(user_id: i64, url: &str, failures: i32, route: String) -> Effects {
    Effects::notices([page_notice(
        user_id,
        NotificationKind::Webhooks,
        "Webhook turned off",
        format!(
            "Your webhook to {url} was turned off after {failures} failed attempts in a row. Fix the receiver, then turn it back on."
        ),
        route,
    )])
}

#[cfg(test)]
mod tests {
    use super::super::membership::tests::group;
    use super::*;

    #[test]
    fn a_webhook_turned_off_tells_its_creator_where_to_turn_it_on() {
        let notice = &webhook_disabled(
            4,
            "https://hooks.example.org/in",
            20,
            "/staff/webhooks".into(),
        )
        .notices[0];
        assert_eq!(notice.user_id, 4);
        assert_eq!(notice.kind, NotificationKind::Webhooks);
        assert_eq!(
            notice.message,
            "Your webhook to https://hooks.example.org/in was turned off after 20 failed attempts in a row. Fix the receiver, then turn it back on."
        );
        assert_eq!(notice.in_app_route.as_deref(), Some("/staff/webhooks"));
    }

    #[test]
    fn only_a_first_approval_reaches_the_feed() {
        let approved = group_reviewed(group(), 3, GroupOutcome::Approved, None, "About", None);
        assert_eq!(approved.notices[0].title, "Working group approved");
        assert_eq!(
            approved.notices[0].message,
            "Registries is approved and now public."
        );
        assert_eq!(approved.items.len(), 1);
        assert!(approved.items[0].is_public);
        assert_eq!(
            approved.items[0].event_type,
            FeedEventType::WorkingGroupCreated
        );
        for outcome in [
            GroupOutcome::ChangesApproved,
            GroupOutcome::Rejected,
            GroupOutcome::Suspended,
            GroupOutcome::Reactivated,
        ] {
            let effects = group_reviewed(group(), 3, outcome, None, "About", None);
            assert_eq!(effects.notices.len(), 1);
            assert!(effects.items.is_empty(), "{outcome:?}");
        }
    }

    #[test]
    fn a_reason_is_given_with_a_refusal() {
        let rejected = group_reviewed(
            group(),
            3,
            GroupOutcome::Rejected,
            Some("Too vague"),
            "",
            None,
        );
        assert_eq!(
            rejected.notices[0].message,
            "Registries was not approved. Reason: Too vague"
        );
        let update = update_rejected(&group(), 4, "Week 1", None);
        assert_eq!(
            update.notices[0].message,
            "Your update \"Week 1\" in Registries was not approved."
        );
        let affiliation = affiliation_reviewed(5, false, Some("No such university"));
        assert_eq!(
            affiliation.notices[0].message,
            "Your university affiliation was not approved: No such university"
        );
    }

    #[test]
    fn an_approved_update_is_for_the_members_feed() {
        let effects = update_approved(group(), 4, 9, "Week 1", "We met.", None);
        assert_eq!(
            effects.notices[0].message,
            "Your update \"Week 1\" in Registries is approved."
        );
        let item = &effects.items[0];
        assert!(!item.is_public);
        assert_eq!(item.content.text.as_deref(), Some("Week 1: We met."));
        assert_eq!(item.group_id, Some(7));
    }
}
