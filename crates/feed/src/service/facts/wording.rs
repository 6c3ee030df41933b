//! What the words and links of notifications and feed items share.

use kernel::notification_kinds::NotificationKind;

use crate::enums::ContentType;
use crate::facts::{Group, Project};
use crate::service::notices::Notice;

/// Longest excerpt of a post in a notification or feed item.
const EXCERPT: usize = 200;

/// The first characters of `text`, with an ellipsis when cut.
pub fn excerpt(text: &str) -> String {
    kernel::rich_text::excerpt(text, EXCERPT)
}

pub fn group_route(group: &Group) -> String {
    format!("/working-groups/{}", group.slug)
}

/// " Reason: …" when staff gave one.
pub fn because(reason: Option<&str>) -> String {
    reason.map(|r| format!(" Reason: {r}")).unwrap_or_default()
}

/// A notification that leads to the group's page.
/// A project's page.
pub fn project_route(project: &Project) -> String {
    format!("/project/{}", project.slug)
}

pub fn about_group(
    user_id: i64,
    kind: NotificationKind,
    group: &Group,
    title: impl Into<String>,
    message: String,
) -> Notice {
    Notice {
        user_id,
        kind,
        title: title.into(),
        message,
        in_app_route: Some(group_route(group)),
        object_slug: Some(group.slug.clone()),
        content_type: Some(ContentType::WorkingGroup),
        invite_token: None,
        mailed_by_source: false,
        post_id: None,
    }
}

/// A notice about a page of the site that is neither a group nor a project (a conversation,
/// a webhook's settings).
pub fn page_notice(
    user_id: i64,
    kind: NotificationKind,
    title: impl Into<String>,
    message: impl Into<String>,
    route: String,
) -> Notice {
    Notice {
        user_id,
        kind,
        title: title.into(),
        message: message.into(),
        in_app_route: Some(route),
        object_slug: None,
        content_type: Some(ContentType::EntryPage),
        invite_token: None,
        mailed_by_source: false,
        post_id: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_cut_at_two_hundred_characters() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(250);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), 201);
        assert!(cut.ends_with('…'));
    }
}
