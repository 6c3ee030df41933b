//! Wiring the other crates' events to the feed: each event becomes the fact the feed
//! understands, with what the feed cannot look up itself (a group's curators or members,
//! a post's title). The feed decides who hears of it.

use std::collections::HashSet;
use std::future::Future;
use std::sync::Arc;

use discussions::enums::TopicType;
use discussions::events::{DiscussionChanged, DiscussionPosted};
use feed::facts::{
    Fact, Group, GroupOutcome, Mention, Place, Post, PostChange, Project, ProjectOutcome,
    ProjectUpdate, ReleaseCause,
};
use feed::live::Hub;
use groups::events::{
    Decision, GroupModerated, GroupRef, MembershipChange, MembershipChanged, UpdateReviewed,
};
use kernel::events::Event;
use kernel::{AppContext, AppResult};
use moderation::events::Moderated;

fn group(g: &GroupRef) -> Group {
    Group {
        id: g.id,
        slug: g.slug.clone(),
        title: g.title.clone(),
    }
}

/// Subscribes `translate` to events of type `E`: the facts it returns go to the feed;
/// a failure is logged (the action that caused the event has already happened).
fn on<E, F, Fut>(ctx: &AppContext, hub: &Hub, translate: F)
where
    E: Event,
    F: Fn(AppContext, Arc<E>) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = AppResult<Vec<Fact>>> + Send + 'static,
{
    let translate = Arc::new(translate);
    let (context, hub) = (ctx.clone(), hub.clone());
    ctx.events.subscribe(move |event: Arc<E>| {
        let (ctx, hub, translate) = (context.clone(), hub.clone(), Arc::clone(&translate));
        async move {
            let handled = async {
                for fact in translate(ctx.clone(), event).await? {
                    feed::service::facts::handle(&ctx, &hub, fact).await?;
                }
                AppResult::Ok(())
            }
            .await;
            if let Err(err) = handled {
                tracing::error!(error = %err, "could not turn an event into notifications");
            }
        }
    });
}

async fn membership(ctx: AppContext, e: Arc<MembershipChanged>) -> AppResult<Vec<Fact>> {
    let g = group(&e.group);
    let Some(member_id) = e.member_id else {
        return Ok(Vec::new());
    };
    Ok(match &e.change {
        MembershipChange::RequestSent => vec![Fact::JoinRequested {
            group: g,
            asker_id: member_id,
            curators: groups::service::membership::curators(&ctx.db, e.group.id).await?,
        }],
        MembershipChange::RequestAccepted | MembershipChange::RequestDeclined => {
            vec![Fact::JoinAnswered {
                group: g,
                actor_id: e.actor_id,
                member_id,
                accepted: e.change == MembershipChange::RequestAccepted,
            }]
        }
        MembershipChange::Invited { invite_token, .. } => vec![Fact::Invited {
            group: g,
            actor_id: e.actor_id,
            member_id,
            invite_token: invite_token.clone(),
        }],
        MembershipChange::RoleChanged { role } => vec![Fact::RoleChanged {
            group: g,
            actor_id: e.actor_id,
            member_id,
            role: role.as_str().to_owned(),
        }],
        MembershipChange::Removed => vec![Fact::Removed {
            group: g,
            actor_id: e.actor_id,
            member_id,
        }],
        MembershipChange::RequestCancelled | MembershipChange::Joined | MembershipChange::Left => {
            Vec::new()
        }
    })
}

async fn moderated(_ctx: AppContext, e: Arc<GroupModerated>) -> AppResult<Vec<Fact>> {
    let outcome = match e.decision {
        Decision::Approved => GroupOutcome::Approved,
        Decision::ChangesApproved => GroupOutcome::ChangesApproved,
        Decision::Rejected => GroupOutcome::Rejected,
        Decision::Suspended => GroupOutcome::Suspended,
        Decision::Reactivated => GroupOutcome::Reactivated,
    };
    Ok(vec![Fact::GroupReviewed {
        group: group(&e.group),
        owner_id: e.owner_id,
        outcome,
        reason: e.reason.clone(),
        summary: kernel::rich_text::plain_text(&e.summary),
        image: e.image.clone(),
    }])
}

async fn update_reviewed(_ctx: AppContext, e: Arc<UpdateReviewed>) -> AppResult<Vec<Fact>> {
    if !e.approved {
        return Ok(vec![Fact::UpdateRejected {
            group: group(&e.group),
            author_id: e.author_id,
            title: e.title.clone(),
            reason: e.reason.clone(),
        }]);
    }
    Ok(vec![Fact::UpdateApproved {
        group: group(&e.group),
        author_id: e.author_id,
        update_id: e.update_id,
        title: e.title.clone(),
        text: kernel::rich_text::plain_text(&e.text),
        image: e.image.clone(),
    }])
}

async fn posted(ctx: AppContext, e: Arc<DiscussionPosted>) -> AppResult<Vec<Fact>> {
    let is_topic = e.topic_id == e.post_id;
    let thread = (!is_topic).then_some(e.topic_id);
    let audience = discussions::audience(&ctx.db, e.topic_type, e.target_id, thread).await?;
    let mut following = audience.following;
    let mut parent_author_id = e.parent_author_id;
    let (place, followers) = match e.topic_type {
        TopicType::Groups => {
            let Some(g) = groups::service::membership::reference(&ctx.db, e.target_id).await?
            else {
                return Ok(Vec::new());
            };
            // Private: only members whose data-use agreement has not lapsed (issue 44, item 7).
            let members = if !e.is_public {
                ctx.groups.private_readers_of(e.target_id).await?
            } else if is_topic {
                ctx.groups.members_of(e.target_id).await?
            } else {
                Vec::new()
            };
            // A private thread reaches only those who may still read it.
            if !e.is_public {
                let readers: HashSet<i64> = members.iter().copied().collect();
                following.retain(|u| readers.contains(u));
                parent_author_id = parent_author_id.filter(|u| readers.contains(u));
            }
            let followers = if is_topic { members } else { Vec::new() };
            (Place::Group(group(&g)), followers)
        }
        TopicType::Blog => {
            let Some((slug, title)) =
                content::service::blog::reference(&ctx.db, e.target_id).await?
            else {
                return Ok(Vec::new());
            };
            (
                Place::Blog {
                    id: e.target_id,
                    slug,
                    title,
                },
                Vec::new(),
            )
        }
        TopicType::Projects => {
            let Some(project) = projects::service::browse::reference(&ctx.db, e.target_id).await?
            else {
                return Ok(Vec::new());
            };
            // A new topic on a project is news for its owner.
            let followers = if is_topic {
                vec![project.owner_id]
            } else {
                Vec::new()
            };
            (Place::Project(project_place(project)), followers)
        }
    };
    Ok(vec![Fact::Posted(Post {
        place,
        topic_id: e.topic_id,
        post_id: e.post_id,
        author_id: e.author_id,
        parent_author_id,
        is_public: e.is_public,
        is_topic,
        text: e.text.clone(),
        followers,
        following,
        muted: audience.muted,
        mentioned: e.mentioned.clone(),
    })])
}

/// Where a discussion is, as the feed names it; `None` once its target is gone.
async fn place_of(
    ctx: &AppContext,
    topic_type: TopicType,
    target_id: i64,
) -> AppResult<Option<Place>> {
    Ok(match topic_type {
        TopicType::Groups => groups::service::membership::reference(&ctx.db, target_id)
            .await?
            .map(|g| Place::Group(group(&g))),
        TopicType::Blog => content::service::blog::reference(&ctx.db, target_id)
            .await?
            .map(|(slug, title)| Place::Blog {
                id: target_id,
                slug,
                title,
            }),
        TopicType::Projects => projects::service::browse::reference(&ctx.db, target_id)
            .await?
            .map(|p| Place::Project(project_place(p))),
    })
}

fn project_place(p: projects::service::browse::ProjectRef) -> Project {
    Project {
        id: p.id,
        slug: p.slug,
        title: p.title,
    }
}

async fn project_reviewed(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectReviewed>,
) -> AppResult<Vec<Fact>> {
    use projects::events::Outcome;
    let outcome = match e.outcome {
        Outcome::Approved => ProjectOutcome::Approved,
        Outcome::Rejected => ProjectOutcome::Rejected,
        Outcome::Suspended => ProjectOutcome::Suspended,
        Outcome::Reactivated => ProjectOutcome::Reactivated,
        Outcome::Closed => ProjectOutcome::Closed,
        Outcome::ChangesApproved => ProjectOutcome::ChangesApproved,
        Outcome::ChangesRejected => ProjectOutcome::ChangesRejected,
        Outcome::CampaignEnded => ProjectOutcome::CampaignEnded,
    };
    Ok(vec![Fact::ProjectReviewed {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        outcome,
        reason: e.reason.clone(),
        summary: kernel::rich_text::plain_text(&e.summary),
    }])
}

async fn project_goal_reached(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectGoalReached>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ProjectGoalReached {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        backers: e.backers.clone(),
        raised_cents: e.raised_cents,
        summary: kernel::rich_text::plain_text(&e.summary),
    }])
}

async fn project_released(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectReleased>,
) -> AppResult<Vec<Fact>> {
    use projects::events::ReleaseCause as Why;
    Ok(vec![Fact::ProjectReleased {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        backers: e.backers.clone(),
        cause: match &e.cause {
            Why::Ended => ReleaseCause::Ended,
            Why::ClosedByStaff => ReleaseCause::ClosedByStaff,
            Why::NotApproved(reason) => ReleaseCause::NotApproved(reason.clone()),
            Why::FellShort => ReleaseCause::FellShort,
        },
    }])
}

async fn pledge_made(
    _ctx: AppContext,
    e: Arc<projects::events::PledgeMade>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::PledgeMade {
        project: project_place(e.project.clone()),
        backer_id: e.backer_id,
        amount_cents: e.amount_cents,
        card: e.card.clone(),
    }])
}

async fn pledge_lapsed(
    _ctx: AppContext,
    e: Arc<projects::events::PledgeLapsed>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::PledgeLapsed {
        project: project_place(e.project.clone()),
        backer_id: e.backer_id,
        amount_cents: e.amount_cents,
    }])
}

async fn project_funded(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectFunded>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ProjectFunded {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        backers: e.backers.clone(),
        collected_cents: e.collected_cents,
        paid_out_cents: e.paid_out_cents,
        in_escrow: e.in_escrow,
    }])
}

async fn results_posted(
    _ctx: AppContext,
    e: Arc<projects::events::ResultsPosted>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ResultsPosted {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        audience: e.audience.clone(),
    }])
}

async fn results_due(
    _ctx: AppContext,
    e: Arc<projects::events::ResultsDue>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ResultsDue {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        due_at: e.due_at,
        overdue: e.overdue,
    }])
}

async fn milestone_moved(
    _ctx: AppContext,
    e: Arc<projects::events::MilestoneMoved>,
) -> AppResult<Vec<Fact>> {
    use feed::facts::MilestoneStep;
    use projects::enums::MilestoneState;
    let reason = e.reason.clone().unwrap_or_default();
    let step = match e.state {
        MilestoneState::Reported => MilestoneStep::Reported,
        MilestoneState::Verified => MilestoneStep::Verified {
            tranche_cents: e.cents,
        },
        MilestoneState::Returned => MilestoneStep::Returned(reason),
        MilestoneState::Missed | MilestoneState::Rejected => MilestoneStep::Ended {
            reason,
            returned_cents: e.cents,
        },
        MilestoneState::Pending | MilestoneState::Cancelled => return Ok(Vec::new()),
    };
    Ok(vec![Fact::MilestoneMoved {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        backers: e.backers.clone(),
        position: e.position,
        title: e.title.clone(),
        step,
    }])
}

async fn pledge_charge_failed(
    _ctx: AppContext,
    e: Arc<projects::events::PledgeChargeFailed>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::PledgeChargeFailed {
        project: project_place(e.project.clone()),
        backer_id: e.backer_id,
        amount_cents: e.amount_cents,
        grace_until: e.grace_until,
        needs_authentication: e.needs_authentication,
    }])
}

async fn project_reached_milestone(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectReachedMilestone>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ProjectReachedMilestone {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        number: e.number,
        title: e.title.clone(),
        raised_cents: e.raised_cents,
    }])
}

async fn protocol_registered(
    _ctx: AppContext,
    e: Arc<projects::events::ProtocolRegistered>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ProtocolRegistered {
        owner_id: e.project.owner_id,
        project: project_place(e.project.clone()),
        version: e.version,
        reason: e.reason.clone(),
        audience: e.audience.clone(),
        public: e.public,
    }])
}

async fn project_refunded(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectRefunded>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ProjectRefunded {
        project: project_place(e.project.clone()),
        backers: e.backers.clone(),
    }])
}

async fn project_update_reviewed(
    _ctx: AppContext,
    e: Arc<projects::events::ProjectUpdateReviewed>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ProjectUpdateReviewed(ProjectUpdate {
        project: project_place(e.project.clone()),
        author_id: e.author_id,
        update_id: e.update_id,
        approved: e.approved,
        reason: e.reason.clone(),
        title: e.title.clone(),
        text: kernel::rich_text::plain_text(&e.text),
        image: e.image.clone(),
        followers: e.followers.clone(),
    })])
}

/// Where the creator of a webhook turned off for failing manages it.
async fn webhook_disabled(
    ctx: AppContext,
    e: Arc<webhooks::events::WebhookDisabled>,
) -> AppResult<Vec<Fact>> {
    let route = match e.group_id {
        None => "/staff/webhooks".to_owned(),
        Some(id) => match groups::service::membership::reference(&ctx.db, id).await? {
            Some(g) => format!("/working-groups/{}?tab=webhooks", g.slug),
            None => return Ok(Vec::new()),
        },
    };
    Ok(vec![Fact::WebhookDisabled {
        user_id: e.created_by,
        url: e.url.clone(),
        failures: webhooks::DISABLE_AFTER,
        route,
    }])
}

async fn affiliation(
    _ctx: AppContext,
    e: Arc<accounts::events::AffiliationReviewed>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::AffiliationReviewed {
        user_id: e.user_id,
        approved: e.approved,
        reason: e.reason.clone(),
    }])
}

async fn published(
    _ctx: AppContext,
    e: Arc<content::events::BlogPostPublished>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::BlogPublished {
        post_id: e.post_id,
        slug: e.slug.clone(),
        title: e.title.clone(),
        summary: e.summary.clone(),
        image: e.image.clone(),
        author_id: e.author_id,
    }])
}

/// Subscribes the feed to every event it turns into notifications and activity.
pub fn wire(ctx: &AppContext, hub: &Hub) {
    on(ctx, hub, message_sent);
    on(ctx, hub, meeting_reminder);
    on(ctx, hub, membership);
    on(ctx, hub, moderated);
    on(ctx, hub, update_reviewed);
    on(ctx, hub, posted);
    on(ctx, hub, changed);
    on(ctx, hub, affiliation);
    on(ctx, hub, webhook_disabled);
    on(ctx, hub, published);
    on(ctx, hub, project_reviewed);
    on(ctx, hub, project_update_reviewed);
    on(ctx, hub, project_goal_reached);
    on(ctx, hub, project_released);
    on(ctx, hub, project_funded);
    on(ctx, hub, pledge_charge_failed);
    on(ctx, hub, pledge_lapsed);
    on(ctx, hub, pledge_made);
    on(ctx, hub, project_refunded);
    on(ctx, hub, protocol_registered);
    on(ctx, hub, milestone_moved);
    on(ctx, hub, results_posted);
    on(ctx, hub, results_due);
    on(ctx, hub, project_reached_milestone);
    on(ctx, hub, content_moderated);
}

async fn content_moderated(_: AppContext, e: Arc<Moderated>) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::ContentModerated {
        author_id: e.author_id,
        subject_type: e.subject_type,
        title: e.title.clone(),
        route: e.route.clone(),
        action: e.action,
        reason: e.reason.clone(),
    }])
}

async fn changed(ctx: AppContext, e: Arc<DiscussionChanged>) -> AppResult<Vec<Fact>> {
    let mut facts = vec![Fact::PostChanged(PostChange {
        topic_id: e.topic_id,
        post_id: e.post_id,
        author_id: e.author_id,
        text: e.text.clone(),
        is_public: e.is_public,
    })];
    if let (false, Some(text)) = (e.mentioned.is_empty(), &e.text)
        && let Some(place) = place_of(&ctx, e.topic_type, e.target_id).await?
    {
        let audience =
            discussions::audience(&ctx.db, e.topic_type, e.target_id, Some(e.topic_id)).await?;
        facts.push(Fact::Mentioned(Mention {
            place,
            post_id: e.post_id,
            author_id: e.author_id,
            text: text.clone(),
            mentioned: e.mentioned.clone(),
            muted: audience.muted,
        }));
    }
    Ok(facts)
}

async fn message_sent(
    _: AppContext,
    e: Arc<messages::events::MessageSent>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::MessageReceived {
        conversation_id: e.conversation_id,
        author_id: e.author_id,
        recipients: e.notify.clone(),
    }])
}

async fn meeting_reminder(
    _: AppContext,
    e: Arc<meetings::events::MeetingReminder>,
) -> AppResult<Vec<Fact>> {
    Ok(vec![Fact::EventReminder(feed::facts::Reminder {
        title: e.title.clone(),
        host_title: e.host_title.clone(),
        route: e.route.clone(),
        starts_at: e.starts_at,
        time_zone: e.time_zone.clone(),
        within_hour: e.lead == meetings::enums::Lead::Hour,
        members: e.members.clone(),
    })])
}
