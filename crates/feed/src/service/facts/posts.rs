//! Discussions and the blog: a new topic reaches the place's members and followers, a reply
//! the member it answers and the thread's followers; nobody who muted the thread hears of
//! either, and nobody hears twice. Both show in the feed, and an edit or deletion changes
//! what they show.

use std::collections::BTreeSet;

use kernel::notification_kinds::NotificationKind;

use super::effects::{Effects, Revision};
use super::wording::{excerpt, group_route, project_route};
use crate::enums::{ContentType, FeedEventType, FeedObjectType};
use crate::facts::{Mention, Place, Post, PostChange};
use crate::policy;
use crate::service::activity::{ItemContent, NewItem, PostNow, RelatedContent};
use crate::service::notices::Notice;

/// What a notification about a deleted post says in place of its excerpt.
const DELETED: &str = "Deleted";

/// Where a post was made, as its notifications and feed item name it.
struct Where {
    slug: String,
    title: String,
    route: String,
    group_id: Option<i64>,
    content_type: ContentType,
    event_type: FeedEventType,
}

fn place(at: &Place, is_topic: bool) -> Where {
    match at {
        Place::Group(group) => Where {
            slug: group.slug.clone(),
            title: group.title.clone(),
            route: group_route(group),
            group_id: Some(group.id),
            content_type: ContentType::WorkingGroup,
            event_type: if is_topic {
                FeedEventType::WorkingGroupDiscussionCreated
            } else {
                FeedEventType::WorkingGroupCommentCreated
            },
        },
        Place::Project(project) => Where {
            slug: project.slug.clone(),
            title: project.title.clone(),
            route: project_route(project),
            group_id: None,
            content_type: ContentType::Project,
            event_type: if is_topic {
                FeedEventType::ProjectDiscussionCreated
            } else {
                FeedEventType::ProjectCommentCreated
            },
        },
        Place::Blog { slug, title, .. } => Where {
            slug: slug.clone(),
            title: title.clone(),
            route: format!("/blog/{slug}"),
            group_id: None,
            content_type: ContentType::EntryPage,
            event_type: if is_topic {
                FeedEventType::BlogDiscussionCreated
            } else {
                FeedEventType::BlogCommentCreated
            },
        },
    }
}

/// A notice about post `post_id` at `at`, whose message is what `author` wrote.
fn about(
    at: &Where,
    post_id: i64,
    author: &str,
    text: &str,
) -> impl Fn(i64, NotificationKind, String) -> Notice + use<> {
    let (route, slug, content_type) = (at.route.clone(), at.slug.clone(), at.content_type);
    let message = format!("{author}: {text}");
    move |user_id, kind, heading| Notice {
        user_id,
        kind,
        title: heading,
        message: message.clone(),
        in_app_route: Some(route.clone()),
        object_slug: Some(slug.clone()),
        content_type: Some(content_type),
        invite_token: None,
        mailed_by_source: false,
        post_id: Some(post_id),
    }
}

/// The members among `mentioned` who hear of being @mentioned (not muted there, not the
/// author), each once.
fn told_of_mention(mentioned: &[i64], muted: &[i64], author_id: i64) -> BTreeSet<i64> {
    mentioned
        .iter()
        .copied()
        .filter(|u| !muted.contains(u) && policy::notify(*u, author_id))
        .collect()
}

fn mention_heading(author: &str, at: &Where) -> String {
    format!("{author} mentioned you in {}", at.title)
}

pub fn posted(post: Post, author: &str) -> Effects {
    let at = place(&post.place, post.is_topic);
    let text = excerpt(&post.text);
    let notice = about(&at, post.post_id, author, &text);
    let mentioned = told_of_mention(&post.mentioned, &post.muted, post.author_id);
    let muted: BTreeSet<i64> = post.muted.iter().copied().collect();
    // A member who is mentioned hears of the post as that, and of nothing else about it.
    let hears = |user_id: i64| {
        !muted.contains(&user_id)
            && !mentioned.contains(&user_id)
            && policy::notify(user_id, post.author_id)
    };
    let mut notices: Vec<Notice> = mentioned
        .iter()
        .map(|m| notice(*m, NotificationKind::Mention, mention_heading(author, &at)))
        .collect();
    if post.is_topic {
        let told: BTreeSet<i64> = post
            .followers
            .iter()
            .chain(&post.following)
            .copied()
            .filter(|u| hears(*u))
            .collect();
        for member in told {
            notices.push(notice(
                member,
                NotificationKind::NewTopic,
                format!("New discussion in {}", at.title),
            ));
        }
    } else {
        let answered = post.parent_author_id.filter(|p| hears(*p));
        if let Some(parent) = answered {
            notices.push(notice(
                parent,
                NotificationKind::Reply,
                format!("{author} replied to you"),
            ));
        }
        let told: BTreeSet<i64> = post
            .following
            .iter()
            .copied()
            .filter(|u| hears(*u) && Some(*u) != answered)
            .collect();
        for follower in told {
            notices.push(notice(
                follower,
                NotificationKind::Reply,
                format!("New reply in {}", at.title),
            ));
        }
    }
    let item = NewItem {
        event_type: at.event_type,
        object_type: if post.is_topic {
            FeedObjectType::Discussion
        } else {
            FeedObjectType::Comment
        },
        actor_id: Some(post.author_id),
        group_id: at.group_id,
        is_public: post.is_public,
        content: ItemContent {
            id: Some(post.post_id),
            text: Some(text.clone()),
            discussion_id: Some(post.topic_id),
            slug: Some(at.slug.clone()),
            image: None,
        },
        related: RelatedContent {
            slug: Some(at.slug.clone()),
            title: Some(at.title.clone()),
            ..Default::default()
        },
    };
    Effects::notices(notices).with_item(item)
}

/// The feed and the notifications show what the post reads now.
pub fn changed(change: PostChange, author: &str) -> Effects {
    let excerpt = change.text.as_deref().map(excerpt);
    let message = format!("{author}: {}", excerpt.as_deref().unwrap_or(DELETED));
    Effects {
        revision: Some(Revision {
            post: PostNow {
                topic_id: change.topic_id,
                post_id: change.post_id,
                excerpt,
                is_public: change.is_public,
            },
            message,
        }),
        ..Effects::default()
    }
}

/// An edit @mentions members it did not before: each who may hear of it is told.
pub fn mentioned(mention: &Mention, author: &str) -> Effects {
    let at = place(&mention.place, false);
    let notice = about(&at, mention.post_id, author, &excerpt(&mention.text));
    let told = told_of_mention(&mention.mentioned, &mention.muted, mention.author_id);
    let notices: Vec<Notice> = told
        .into_iter()
        .map(|m| notice(m, NotificationKind::Mention, mention_heading(author, &at)))
        .collect();
    Effects::notices(notices)
}

/// A published post is announced in everyone's feed.
pub fn blog_published(
    post_id: i64,
    slug: String,
    title: String,
    summary: &str,
    image: Option<String>,
    author_id: Option<i64>,
) -> Effects {
    Effects::default().with_item(NewItem {
        event_type: FeedEventType::BlogCreated,
        object_type: FeedObjectType::Blog,
        actor_id: author_id,
        group_id: None,
        is_public: true,
        content: ItemContent {
            id: Some(post_id),
            text: Some(excerpt(summary)),
            slug: Some(slug.clone()),
            image: image.clone(),
            ..Default::default()
        },
        related: RelatedContent {
            slug: Some(slug),
            title: Some(title),
            summary: Some(excerpt(summary)),
            image_link_thumbnail: image.clone(),
            image,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::membership::tests::group;
    use super::*;

    fn topic() -> Post {
        Post {
            place: Place::Group(group()),
            topic_id: 11,
            post_id: 11,
            author_id: 1,
            parent_author_id: None,
            is_public: false,
            is_topic: true,
            text: "Shall we pool our registries?".into(),
            followers: vec![1, 2, 3],
            following: Vec::new(),
            muted: Vec::new(),
            mentioned: Vec::new(),
        }
    }

    #[test]
    fn a_mentioned_member_hears_of_the_mention_only_and_the_muted_not_at_all() {
        let reply = Post {
            post_id: 12,
            is_topic: false,
            author_id: 2,
            parent_author_id: Some(1),
            following: vec![1, 5, 6],
            muted: vec![6],
            mentioned: vec![1, 2, 5, 6, 7],
            ..topic()
        };
        let told: Vec<(i64, NotificationKind, String)> = posted(reply, "Grace")
            .notices
            .into_iter()
            .map(|n| (n.user_id, n.kind, n.title))
            .collect();
        let mention = |u| {
            (
                u,
                NotificationKind::Mention,
                "Grace mentioned you in Registries".to_owned(),
            )
        };
        assert_eq!(
            told,
            [mention(1), mention(5), mention(7)],
            "no reply notice beside the mention; the author and the muted hear nothing"
        );

        let edit = Mention {
            place: Place::Group(group()),
            post_id: 12,
            author_id: 2,
            text: "Ask @Ada".into(),
            mentioned: vec![1, 6],
            muted: vec![6],
        };
        let effects = mentioned(&edit, "Grace");
        assert_eq!(effects.notices.len(), 1);
        assert_eq!(effects.notices[0].user_id, 1);
        assert_eq!(effects.notices[0].message, "Grace: Ask @Ada");
    }

    #[test]
    fn followers_hear_of_every_post_the_muted_of_none_and_nobody_twice() {
        let new_topic = Post {
            following: vec![3, 4],
            muted: vec![2],
            ..topic()
        };
        let told: Vec<i64> = posted(new_topic, "Ada")
            .notices
            .iter()
            .map(|n| n.user_id)
            .collect();
        assert_eq!(told, [3, 4], "the author and the muted hear nothing");

        let reply = Post {
            post_id: 12,
            is_topic: false,
            author_id: 2,
            parent_author_id: Some(1),
            following: vec![1, 2, 5, 6],
            muted: vec![6],
            ..topic()
        };
        let effects = posted(reply.clone(), "Grace");
        let told: Vec<(i64, NotificationKind, &str)> = effects
            .notices
            .iter()
            .map(|n| (n.user_id, n.kind, n.title.as_str()))
            .collect();
        assert_eq!(
            told,
            [
                (1, NotificationKind::Reply, "Grace replied to you"),
                (5, NotificationKind::Reply, "New reply in Registries"),
            ]
        );
        let parent_muted = Post {
            muted: vec![1, 6],
            ..reply
        };
        let told: Vec<i64> = posted(parent_muted, "Grace")
            .notices
            .iter()
            .map(|n| n.user_id)
            .collect();
        assert_eq!(told, [5], "muting silences even an answer to oneself");
    }

    #[test]
    fn a_new_topic_reaches_every_follower_but_its_author() {
        let effects = posted(topic(), "Ada");
        let told: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(told, [2, 3]);
        assert_eq!(effects.notices[0].title, "New discussion in Registries");
        assert_eq!(
            effects.notices[0].message,
            "Ada: Shall we pool our registries?"
        );
        assert_eq!(effects.notices[0].post_id, Some(11));
        let item = &effects.items[0];
        assert_eq!(
            item.event_type,
            FeedEventType::WorkingGroupDiscussionCreated
        );
        assert!(!item.is_public);
    }

    #[test]
    fn a_reply_reaches_the_member_it_answers() {
        let reply = Post {
            place: Place::Blog {
                id: 5,
                slug: "consent".into(),
                title: "Consent".into(),
            },
            post_id: 12,
            author_id: 2,
            parent_author_id: Some(1),
            is_public: true,
            is_topic: false,
            text: "Yes".into(),
            ..topic()
        };
        let effects = posted(reply.clone(), "Grace");
        assert_eq!(effects.notices.len(), 1);
        assert_eq!(effects.notices[0].user_id, 1);
        assert_eq!(effects.notices[0].title, "Grace replied to you");
        assert_eq!(
            effects.notices[0].in_app_route.as_deref(),
            Some("/blog/consent")
        );
        assert_eq!(
            effects.items[0].event_type,
            FeedEventType::BlogCommentCreated
        );
        let own = Post {
            parent_author_id: Some(2),
            ..reply
        };
        assert!(posted(own, "Grace").notices.is_empty(), "answering oneself");
    }

    #[test]
    fn a_topic_on_a_project_tells_its_owner_and_shows_as_a_project_event() {
        let on_project = Post {
            place: Place::Project(crate::facts::Project {
                id: 7,
                slug: "early-sepsis".into(),
                title: "Early sepsis".into(),
            }),
            is_public: true,
            followers: vec![9],
            ..topic()
        };
        let effects = posted(on_project.clone(), "Ada");
        assert_eq!(effects.notices.len(), 1);
        let notice = &effects.notices[0];
        assert_eq!(
            (notice.user_id, notice.title.as_str()),
            (9, "New discussion in Early sepsis")
        );
        assert_eq!(
            notice.in_app_route.as_deref(),
            Some("/project/early-sepsis")
        );
        assert_eq!(notice.content_type, Some(ContentType::Project));
        assert_eq!(
            effects.items[0].event_type,
            FeedEventType::ProjectDiscussionCreated
        );
        let reply = Post {
            is_topic: false,
            post_id: 12,
            parent_author_id: Some(9),
            ..on_project
        };
        assert_eq!(
            posted(reply, "Ada").items[0].event_type,
            FeedEventType::ProjectCommentCreated
        );
    }

    #[test]
    fn a_deleted_post_reads_deleted() {
        let effects = changed(
            PostChange {
                topic_id: 11,
                post_id: 12,
                author_id: 2,
                text: None,
                is_public: true,
            },
            "Grace",
        );
        let revision = effects.revision.unwrap();
        assert_eq!(revision.message, "Grace: Deleted");
        assert_eq!(revision.post.excerpt, None);
        assert!(effects.notices.is_empty() && effects.items.is_empty());
    }
}
