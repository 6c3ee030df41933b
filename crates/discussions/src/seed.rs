//! Demo discussions for a fresh site (`cohort seed`), made through the same services a
//! member's topics, replies and votes go through (the guardrail, the counts, the events).

use kernel::{AppContext, AppResult, CurrentUser, PageParams};

use crate::enums::{Reaction, TopicType};
use crate::service::place::Place;
use crate::service::replies::{self, ReplyInput};
use crate::service::topics::{self, TopicInput};
use crate::service::votes::{self, Voted};
use crate::target::Targets;

/// A demo topic: who starts it (an index into the participants), whether the public reads
/// it, its text, its replies in order and who votes it up.
pub struct Thread {
    pub author: usize,
    pub public: bool,
    pub text: &'static str,
    pub replies: &'static [Reply],
    pub up_votes: &'static [usize],
}

/// A demo reply: its author, its text, the earlier reply of the same topic it quotes (an
/// index into the topic's replies) and who votes it up.
pub struct Reply {
    pub author: usize,
    pub text: &'static str,
    pub quotes: Option<usize>,
    pub up_votes: &'static [usize],
}

/// Starts `threads` on a target that has no topic yet, as `participants` (who must be
/// allowed to write there); whether it did. Indices that name no participant or no
/// earlier reply are skipped.
pub async fn threads(
    ctx: &AppContext,
    targets: &Targets,
    participants: &[CurrentUser],
    topic_type: TopicType,
    target_id: i64,
    threads: &[Thread],
) -> AppResult<bool> {
    let Some(first) = participants.first() else {
        return Ok(false);
    };
    let place = Place::of(targets, topic_type, target_id, Some(first)).await?;
    let one = PageParams {
        page: Some(1),
        per_page: Some(1),
    };
    if crate::read::topics_page(ctx, Some(first), &place, &one)
        .await?
        .pagination
        .count
        > 0
    {
        return Ok(false);
    }
    for thread in threads {
        let Some(author) = participants.get(thread.author) else {
            continue;
        };
        let input = TopicInput {
            text: Some(thread.text.to_owned()),
            is_public: Some(thread.public),
            parent: None,
            // The demo's own texts pass the patient-data guardrail without a declaration.
            phi_declared: false,
            files: Vec::new(),
        };
        let (_, topic, _) =
            topics::create(ctx, targets, author, topic_type, target_id, input).await?;
        vote_up(
            ctx,
            targets,
            participants,
            Voted::Topic,
            topic.id,
            thread.up_votes,
        )
        .await?;
        let mut posted = Vec::with_capacity(thread.replies.len());
        for reply in thread.replies {
            let Some(author) = participants.get(reply.author) else {
                posted.push(None);
                continue;
            };
            let input = ReplyInput {
                text: Some(reply.text.to_owned()),
                parent: reply.quotes.and_then(|i| posted.get(i).copied().flatten()),
                phi_declared: false,
                files: Vec::new(),
            };
            let (_, saved, _) = replies::create(ctx, targets, author, topic.id, input).await?;
            vote_up(
                ctx,
                targets,
                participants,
                Voted::Reply,
                saved.id,
                reply.up_votes,
            )
            .await?;
            posted.push(Some(saved.id));
        }
    }
    Ok(true)
}

async fn vote_up(
    ctx: &AppContext,
    targets: &Targets,
    participants: &[CurrentUser],
    voted: Voted,
    post_id: i64,
    voters: &[usize],
) -> AppResult<()> {
    for voter in voters.iter().filter_map(|i| participants.get(*i)) {
        votes::vote(ctx, targets, voter, post_id, voted, Reaction::Up).await?;
    }
    Ok(())
}
