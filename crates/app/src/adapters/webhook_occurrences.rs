//! Wiring the other crates' events to webhooks: each event a webhook may subscribe to
//! becomes an [`Occurrence`] holding what a receiver may know (ids, titles, links, amounts;
//! never who pledged, nor a post's text).

use std::future::Future;
use std::sync::Arc;

use discussions::enums::TopicType;
use discussions::events::DiscussionPosted;
use groups::events::{MembershipChange, MembershipChanged};
use kernel::events::Event;
use kernel::{AppContext, AppResult};
use projects::events::{
    Outcome, PledgeMade, ProjectFunded, ProjectGoalReached, ProjectReviewed, ProjectSubmitted,
};
use projects::service::browse::ProjectRef;
use serde_json::{Value, json};
use webhooks::Occurrence;
use webhooks::enums::EventKind;

/// Subscribes `translate` to events of type `E`: the occurrence it returns, if any, is
/// queued for the webhooks subscribed to it; a failure is logged (the action that caused
/// the event has already happened).
fn on<E, F, Fut>(ctx: &AppContext, translate: F)
where
    E: Event,
    F: Fn(AppContext, Arc<E>) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = AppResult<Option<Occurrence>>> + Send + 'static,
{
    let translate = Arc::new(translate);
    let context = ctx.clone();
    ctx.events.subscribe(move |event: Arc<E>| {
        let (ctx, translate) = (context.clone(), Arc::clone(&translate));
        async move {
            let queued = async {
                if let Some(occurrence) = translate(ctx.clone(), event).await? {
                    webhooks::record(&ctx, occurrence).await?;
                }
                AppResult::Ok(())
            }
            .await;
            if let Err(err) = queued {
                tracing::error!(error = %err, "could not queue an event for webhooks");
            }
        }
    });
}

/// Subscribes webhooks to every event they may be told of.
pub fn wire(ctx: &AppContext) {
    on(ctx, project_submitted);
    on(ctx, project_reviewed);
    on(ctx, pledge_made);
    on(ctx, funding_reached);
    on(ctx, project_funded);
    on(ctx, topic_created);
    on(ctx, member_joined);
}

fn link(ctx: &AppContext, route: &str) -> String {
    format!("{}{route}", ctx.config.public_url.trim_end_matches('/'))
}

fn project(ctx: &AppContext, p: &ProjectRef) -> Value {
    json!({"id": p.id, "slug": p.slug, "title": p.title, "url": link(ctx, &format!("/project/{}", p.slug))})
}

/// A project's occurrence: projects are the platform's, told to staff webhooks.
fn about_project(kind: EventKind, data: Value) -> Option<Occurrence> {
    Some(Occurrence {
        kind,
        group_id: None,
        public: true,
        data,
    })
}

async fn project_submitted(
    ctx: AppContext,
    e: Arc<ProjectSubmitted>,
) -> AppResult<Option<Occurrence>> {
    Ok(about_project(
        EventKind::ProjectSubmitted,
        json!({"project": project(&ctx, &e.project)}),
    ))
}

async fn project_reviewed(
    ctx: AppContext,
    e: Arc<ProjectReviewed>,
) -> AppResult<Option<Occurrence>> {
    Ok((e.outcome == Outcome::Approved)
        .then(|| {
            about_project(
                EventKind::ProjectApproved,
                json!({"project": project(&ctx, &e.project)}),
            )
        })
        .flatten())
}

async fn pledge_made(ctx: AppContext, e: Arc<PledgeMade>) -> AppResult<Option<Occurrence>> {
    Ok(about_project(
        EventKind::PledgeMade,
        json!({"project": project(&ctx, &e.project), "amount_cents": e.amount_cents, "currency": "CAD"}),
    ))
}

async fn funding_reached(
    ctx: AppContext,
    e: Arc<ProjectGoalReached>,
) -> AppResult<Option<Occurrence>> {
    Ok(about_project(
        EventKind::FundingReached,
        json!({"project": project(&ctx, &e.project), "raised_cents": e.raised_cents, "currency": "CAD"}),
    ))
}

async fn project_funded(ctx: AppContext, e: Arc<ProjectFunded>) -> AppResult<Option<Occurrence>> {
    Ok(about_project(
        EventKind::ProjectFunded,
        json!({
            "project": project(&ctx, &e.project),
            "collected_cents": e.collected_cents,
            "paid_out_cents": e.paid_out_cents,
            "in_escrow": e.in_escrow,
            "currency": "CAD",
        }),
    ))
}

/// A new topic (not a reply) in a working group or on a project.
async fn topic_created(ctx: AppContext, e: Arc<DiscussionPosted>) -> AppResult<Option<Occurrence>> {
    if e.topic_id != e.post_id {
        return Ok(None);
    }
    let topic = |url: String| json!({"id": e.topic_id, "public": e.is_public, "url": url});
    let occurrence = match e.topic_type {
        TopicType::Groups => {
            let Some(g) = groups::service::membership::reference(&ctx.db, e.target_id).await?
            else {
                return Ok(None);
            };
            let place = link(&ctx, &format!("/working-groups/{}", g.slug));
            Occurrence {
                kind: EventKind::TopicCreated,
                group_id: Some(g.id),
                public: e.is_public,
                data: json!({
                    "topic": topic(place.clone()),
                    "group": {"id": g.id, "slug": g.slug, "title": g.title, "url": place},
                }),
            }
        }
        TopicType::Projects => {
            let Some(p) = projects::service::browse::reference(&ctx.db, e.target_id).await? else {
                return Ok(None);
            };
            let data = project(&ctx, &p);
            Occurrence {
                kind: EventKind::TopicCreated,
                group_id: None,
                public: e.is_public,
                data: json!({"topic": topic(data["url"].as_str().unwrap_or_default().to_owned()), "project": data}),
            }
        }
        TopicType::Blog => return Ok(None),
    };
    Ok(Some(occurrence))
}

/// Someone joined a working group: accepted on request, or by an invitation.
async fn member_joined(
    ctx: AppContext,
    e: Arc<MembershipChanged>,
) -> AppResult<Option<Occurrence>> {
    let joined = matches!(
        e.change,
        MembershipChange::Joined | MembershipChange::RequestAccepted
    );
    let Some(member_id) = e.member_id.filter(|_| joined) else {
        return Ok(None);
    };
    let g = &e.group;
    Ok(Some(Occurrence {
        kind: EventKind::MemberJoined,
        group_id: Some(g.id),
        public: true,
        data: json!({
            "group": {"id": g.id, "slug": g.slug, "title": g.title, "url": link(&ctx, &format!("/working-groups/{}", g.slug))},
            "member_id": member_id,
        }),
    }))
}
