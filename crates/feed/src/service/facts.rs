//! Turning facts into notifications and feed items: who hears of what (spec 1 §3
//! Notification; the kinds of `kernel::notification_kinds`), and what the feed shows.

use kernel::notification_kinds as kind;
use kernel::{AppContext, AppResult};

use super::activity::{self, ItemContent, NewItem, PostNow, RelatedContent};
use super::notify::{self, Notice};
use crate::enums::{ContentType, FeedEventType, FeedObjectType};
use crate::facts::{Fact, Group, GroupOutcome, Place, Post, PostChange};
use crate::live::Hub;
use crate::policy;

/// Longest excerpt of a post in a notification or feed item.
const EXCERPT: usize = 200;

fn excerpt(text: &str) -> String {
    let mut cut: String = text.chars().take(EXCERPT).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

fn group_route(group: &Group) -> String {
    format!("/working-groups/{}", group.slug)
}

fn about_group(
    user_id: i64,
    kind: &'static str,
    group: &Group,
    title: String,
    message: String,
) -> Notice {
    Notice {
        user_id,
        kind,
        title,
        message,
        in_app_route: Some(group_route(group)),
        object_slug: Some(group.slug.clone()),
        content_type: Some(ContentType::WorkingGroup),
        invite_token: None,
        mailed_by_source: false,
        post_id: None,
    }
}

async fn name_of(ctx: &AppContext, user_id: i64) -> AppResult<String> {
    Ok(ctx
        .users
        .summaries(&[user_id])
        .await?
        .remove(&user_id)
        .map_or_else(|| "A member".to_owned(), |u| u.name))
}

/// Notifies and records what `fact` calls for.
pub async fn handle(ctx: &AppContext, hub: &Hub, fact: Fact) -> AppResult<()> {
    match fact {
        Fact::JoinRequested {
            group,
            asker_id,
            curators,
        } => {
            let asker = name_of(ctx, asker_id).await?;
            for curator in curators
                .into_iter()
                .filter(|c| policy::notify(*c, asker_id))
            {
                let notice = about_group(
                    curator,
                    kind::JOIN_REQUEST_RECEIVED,
                    &group,
                    "New join request".into(),
                    format!("{asker} asked to join {}.", group.title),
                );
                notify::send(ctx, hub, notice).await?;
            }
        }
        Fact::JoinAnswered {
            group,
            actor_id,
            member_id,
            accepted,
        } if policy::notify(member_id, actor_id) => {
            let (title, message) = if accepted {
                (
                    "Join request accepted",
                    format!("You are now a member of {}.", group.title),
                )
            } else {
                (
                    "Join request declined",
                    format!("Your request to join {} was declined.", group.title),
                )
            };
            let notice = about_group(
                member_id,
                kind::JOIN_REQUEST_ANSWERED,
                &group,
                title.into(),
                message,
            );
            notify::send(ctx, hub, notice).await?;
        }
        Fact::Invited {
            group,
            actor_id,
            member_id,
            invite_token,
        } if policy::notify(member_id, actor_id) => {
            let inviter = name_of(ctx, actor_id).await?;
            let mut notice = about_group(
                member_id,
                kind::INVITATION_RECEIVED,
                &group,
                format!("Invitation to {}", group.title),
                format!("{inviter} invited you to join {}.", group.title),
            );
            notice.in_app_route = Some(format!(
                "{}?invite_token={invite_token}",
                group_route(&group)
            ));
            notice.invite_token = Some(invite_token);
            notice.mailed_by_source = true;
            notify::send(ctx, hub, notice).await?;
        }
        Fact::RoleChanged {
            group,
            actor_id,
            member_id,
            role,
        } if policy::notify(member_id, actor_id) => {
            let notice = about_group(
                member_id,
                kind::ROLE_CHANGED,
                &group,
                "Your role changed".into(),
                format!("You are now a {role} of {}.", group.title),
            );
            notify::send(ctx, hub, notice).await?;
        }
        Fact::Removed {
            group,
            actor_id,
            member_id,
        } if policy::notify(member_id, actor_id) => {
            let notice = about_group(
                member_id,
                kind::ROLE_CHANGED,
                &group,
                "Removed from a working group".into(),
                format!("You were removed from {}.", group.title),
            );
            notify::send(ctx, hub, notice).await?;
        }
        Fact::GroupReviewed {
            group,
            owner_id,
            outcome,
            reason,
            summary,
            image,
        } => {
            reviewed(ctx, hub, group, owner_id, outcome, reason, summary, image).await?;
        }
        Fact::UpdateApproved {
            group,
            author_id,
            update_id,
            title,
            text,
            image,
        } => {
            let notice = about_group(
                author_id,
                kind::UPDATE_MODERATION,
                &group,
                "Update approved".into(),
                format!("Your update \"{title}\" in {} is approved.", group.title),
            );
            notify::send(ctx, hub, notice).await?;
            activity::record(
                &ctx.db,
                NewItem {
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
                },
            )
            .await?;
        }
        Fact::UpdateRejected {
            group,
            author_id,
            title,
            reason,
        } => {
            let because = reason.map(|r| format!(" Reason: {r}")).unwrap_or_default();
            let notice = about_group(
                author_id,
                kind::UPDATE_MODERATION,
                &group,
                "Update not approved".into(),
                format!(
                    "Your update \"{title}\" in {} was not approved.{because}",
                    group.title
                ),
            );
            notify::send(ctx, hub, notice).await?;
        }
        Fact::AffiliationReviewed {
            user_id,
            approved,
            reason,
        } => {
            let (title, message) = if approved {
                (
                    "Affiliation approved".to_owned(),
                    "Your university affiliation is approved: you can now seek funding for proposals."
                        .to_owned(),
                )
            } else {
                (
                    "Affiliation not approved".to_owned(),
                    match reason {
                        Some(reason) => {
                            format!("Your university affiliation was not approved: {reason}")
                        }
                        None => "Your university affiliation was not approved.".to_owned(),
                    },
                )
            };
            let notice = Notice {
                user_id,
                kind: kind::AFFILIATION_APPROVED,
                title,
                message,
                in_app_route: Some("/my-profile/affiliations".into()),
                object_slug: None,
                content_type: Some(ContentType::EntryPage),
                invite_token: None,
                mailed_by_source: false,
                post_id: None,
            };
            notify::send(ctx, hub, notice).await?;
        }
        Fact::Posted(post) => posted(ctx, hub, post).await?,
        Fact::PostChanged(change) => changed(ctx, change).await?,
        Fact::BlogPublished {
            post_id,
            slug,
            title,
            summary,
            image,
            author_id,
        } => {
            activity::record(
                &ctx.db,
                NewItem {
                    event_type: FeedEventType::BlogCreated,
                    object_type: FeedObjectType::Blog,
                    actor_id: author_id,
                    group_id: None,
                    is_public: true,
                    content: ItemContent {
                        id: Some(post_id),
                        text: Some(excerpt(&summary)),
                        slug: Some(slug.clone()),
                        image: image.clone(),
                        ..Default::default()
                    },
                    related: RelatedContent {
                        slug: Some(slug),
                        title: Some(title),
                        summary: Some(excerpt(&summary)),
                        image_link_thumbnail: image.clone(),
                        image,
                    },
                },
            )
            .await?;
        }
        // An actor's own action: nobody to tell.
        Fact::JoinAnswered { .. }
        | Fact::Invited { .. }
        | Fact::RoleChanged { .. }
        | Fact::Removed { .. } => {}
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn reviewed(
    ctx: &AppContext,
    hub: &Hub,
    group: Group,
    owner_id: i64,
    outcome: GroupOutcome,
    reason: Option<String>,
    summary: String,
    image: Option<String>,
) -> AppResult<()> {
    let because = reason.map(|r| format!(" Reason: {r}")).unwrap_or_default();
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
    let notice = about_group(
        owner_id,
        kind::GROUP_MODERATION,
        &group,
        title.into(),
        message,
    );
    notify::send(ctx, hub, notice).await?;
    if outcome == GroupOutcome::Approved {
        activity::record(
            &ctx.db,
            NewItem {
                event_type: FeedEventType::WorkingGroupCreated,
                object_type: FeedObjectType::WorkingGroup,
                actor_id: Some(owner_id),
                group_id: Some(group.id),
                is_public: true,
                content: ItemContent {
                    id: Some(group.id),
                    text: Some(excerpt(&summary)),
                    slug: Some(group.slug.clone()),
                    image: image.clone(),
                    ..Default::default()
                },
                related: RelatedContent {
                    slug: Some(group.slug),
                    title: Some(group.title),
                    summary: Some(excerpt(&summary)),
                    image_link_thumbnail: image.clone(),
                    image,
                },
            },
        )
        .await?;
    }
    Ok(())
}

/// What a notification about a deleted post says in place of its excerpt.
const DELETED: &str = "Deleted";

/// The feed and the notifications show what the post reads now.
async fn changed(ctx: &AppContext, change: PostChange) -> AppResult<()> {
    let excerpt = change.text.as_deref().map(excerpt);
    activity::revise(
        &ctx.db,
        &PostNow {
            topic_id: change.topic_id,
            post_id: change.post_id,
            excerpt: excerpt.clone(),
            is_public: change.is_public,
        },
    )
    .await?;
    let author = name_of(ctx, change.author_id).await?;
    let message = format!("{author}: {}", excerpt.as_deref().unwrap_or(DELETED));
    notify::revise(&ctx.db, change.post_id, &message).await
}

async fn posted(ctx: &AppContext, hub: &Hub, post: Post) -> AppResult<()> {
    let author = name_of(ctx, post.author_id).await?;
    let (slug, title, route, group_id, content_type, event_type) = match &post.place {
        Place::Group(group) => (
            group.slug.clone(),
            group.title.clone(),
            group_route(group),
            Some(group.id),
            ContentType::WorkingGroup,
            if post.is_topic {
                FeedEventType::WorkingGroupDiscussionCreated
            } else {
                FeedEventType::WorkingGroupCommentCreated
            },
        ),
        Place::Blog { slug, title, .. } => (
            slug.clone(),
            title.clone(),
            format!("/blog/{slug}"),
            None,
            ContentType::EntryPage,
            if post.is_topic {
                FeedEventType::BlogDiscussionCreated
            } else {
                FeedEventType::BlogCommentCreated
            },
        ),
    };
    let text = excerpt(&post.text);
    let notice = |user_id, kind, heading: String| Notice {
        user_id,
        kind,
        title: heading,
        message: format!("{author}: {text}"),
        in_app_route: Some(route.clone()),
        object_slug: Some(slug.clone()),
        content_type: Some(content_type),
        invite_token: None,
        mailed_by_source: false,
        post_id: Some(post.post_id),
    };
    if post.is_topic {
        for follower in post
            .followers
            .iter()
            .copied()
            .filter(|f| policy::notify(*f, post.author_id))
        {
            notify::send(
                ctx,
                hub,
                notice(
                    follower,
                    kind::NEW_TOPIC,
                    format!("New discussion in {title}"),
                ),
            )
            .await?;
        }
    } else if let Some(parent) = post
        .parent_author_id
        .filter(|p| policy::notify(*p, post.author_id))
    {
        notify::send(
            ctx,
            hub,
            notice(parent, kind::REPLY, format!("{author} replied to you")),
        )
        .await?;
    }
    activity::record(
        &ctx.db,
        NewItem {
            event_type,
            object_type: if post.is_topic {
                FeedObjectType::Discussion
            } else {
                FeedObjectType::Comment
            },
            actor_id: Some(post.author_id),
            group_id,
            is_public: post.is_public,
            content: ItemContent {
                id: Some(post.post_id),
                text: Some(text.clone()),
                discussion_id: Some(post.topic_id),
                slug: Some(slug.clone()),
                image: None,
            },
            related: RelatedContent {
                slug: Some(slug.clone()),
                title: Some(title.clone()),
                ..Default::default()
            },
        },
    )
    .await
}
