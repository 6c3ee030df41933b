//! What a fact calls for, decided without I/O.

use super::effects::{Effects, Names};
use super::{funding, membership, messages, moderation, posts, projects};
use crate::facts::Fact;

/// Whose names the words about `fact` use.
pub fn named(fact: &Fact) -> Vec<i64> {
    match fact {
        Fact::JoinRequested { asker_id, .. } => vec![*asker_id],
        Fact::Invited { actor_id, .. } => vec![*actor_id],
        Fact::Posted(post) => vec![post.author_id],
        Fact::PostChanged(change) => vec![change.author_id],
        Fact::Mentioned(mention) => vec![mention.author_id],
        Fact::MessageReceived { author_id, .. } => vec![*author_id],
        _ => Vec::new(),
    }
}

/// What `fact` calls for.
pub fn of(fact: Fact, names: &Names) -> Effects {
    match fact {
        Fact::EventReminder(reminder) => messages::reminded(&reminder),
        Fact::MessageReceived {
            conversation_id,
            author_id,
            recipients,
        } => messages::received(conversation_id, names.of(author_id), author_id, &recipients),
        Fact::JoinRequested {
            group,
            asker_id,
            curators,
        } => membership::join_requested(&group, names.of(asker_id), asker_id, &curators),
        Fact::JoinAnswered {
            group,
            actor_id,
            member_id,
            accepted,
        } => membership::join_answered(&group, actor_id, member_id, accepted),
        Fact::Invited {
            group,
            actor_id,
            member_id,
            invite_token,
        } => membership::invited(
            &group,
            names.of(actor_id),
            actor_id,
            member_id,
            invite_token,
        ),
        Fact::RoleChanged {
            group,
            actor_id,
            member_id,
            role,
        } => membership::role_changed(&group, actor_id, member_id, &role),
        Fact::Removed {
            group,
            actor_id,
            member_id,
        } => membership::removed(&group, actor_id, member_id),
        Fact::GroupReviewed {
            group,
            owner_id,
            outcome,
            reason,
            summary,
            image,
        } => {
            moderation::group_reviewed(group, owner_id, outcome, reason.as_deref(), &summary, image)
        }
        Fact::UpdateApproved {
            group,
            author_id,
            update_id,
            title,
            text,
            image,
        } => moderation::update_approved(group, author_id, update_id, &title, &text, image),
        Fact::UpdateRejected {
            group,
            author_id,
            title,
            reason,
        } => moderation::update_rejected(&group, author_id, &title, reason.as_deref()),
        Fact::ContentModerated {
            author_id,
            subject_type,
            title,
            route,
            action,
            reason,
        } => moderation::content_moderated(
            author_id,
            subject_type,
            &title,
            route,
            action,
            reason.as_deref(),
        ),
        Fact::AffiliationReviewed {
            user_id,
            approved,
            reason,
        } => moderation::affiliation_reviewed(user_id, approved, reason.as_deref()),
        Fact::WebhookDisabled {
            user_id,
            url,
            failures,
            route,
        } => moderation::webhook_disabled(user_id, &url, failures, route),
        Fact::ProjectReviewed {
            project,
            owner_id,
            outcome,
            reason,
            summary,
        } => projects::project_reviewed(project, owner_id, outcome, reason.as_deref(), &summary),
        Fact::ProjectUpdateReviewed(update) => projects::update_reviewed(update),
        Fact::ProjectReleased {
            project,
            owner_id,
            backers,
            cause,
        } => funding::released(&project, owner_id, &backers, &cause),
        Fact::PledgeMade {
            project,
            backer_id,
            amount_cents,
            card,
        } => funding::pledged(&project, backer_id, amount_cents, &card),
        Fact::PledgeLapsed {
            project,
            backer_id,
            amount_cents,
        } => funding::lapsed(&project, backer_id, amount_cents),
        Fact::ProjectFunded {
            project,
            owner_id,
            backers,
            collected_cents,
            paid_out_cents,
            in_escrow,
        } => funding::funded(
            &project,
            owner_id,
            &backers,
            [collected_cents, paid_out_cents],
            in_escrow,
        ),
        Fact::ResultsPosted {
            project,
            owner_id,
            audience,
        } => funding::results_posted(&project, owner_id, &audience),
        Fact::ResultsDue {
            project,
            owner_id,
            due_at,
            overdue,
        } => funding::results_due(&project, owner_id, due_at, overdue),
        Fact::MilestoneMoved {
            project,
            owner_id,
            backers,
            position,
            title,
            step,
        } => funding::milestone_moved(
            &project,
            owner_id,
            &backers,
            &funding::Milestone {
                position,
                title,
                step,
            },
        ),
        Fact::PledgeChargeFailed {
            project,
            backer_id,
            amount_cents,
            grace_until,
            needs_authentication,
        } => {
            let failed = funding::FailedCharge {
                backer_id,
                amount_cents,
                grace_until,
                needs_authentication,
            };
            funding::charge_failed(&project, &failed)
        }
        Fact::ProjectRefunded { project, backers } => funding::refunded(&project, &backers),
        Fact::ProtocolRegistered {
            project,
            owner_id,
            version,
            reason,
            audience,
            public,
        } => projects::protocol_registered(
            project,
            owner_id,
            projects::Registration {
                version,
                reason: reason.as_deref(),
                public,
            },
            &audience,
        ),
        Fact::ProjectReachedMilestone {
            project,
            owner_id,
            number,
            title,
            raised_cents,
        } => funding::milestone(project, owner_id, number, &title, raised_cents),
        Fact::ProjectGoalReached {
            project,
            owner_id,
            backers,
            raised_cents,
            summary,
        } => projects::goal_reached(project, owner_id, &backers, raised_cents, &summary),
        Fact::Posted(post) => {
            let author = names.of(post.author_id).to_owned();
            posts::posted(post, &author)
        }
        Fact::PostChanged(change) => {
            let author = names.of(change.author_id).to_owned();
            posts::changed(change, &author)
        }
        Fact::Mentioned(mention) => {
            let author = names.of(mention.author_id).to_owned();
            posts::mentioned(&mention, &author)
        }
        Fact::BlogPublished {
            post_id,
            slug,
            title,
            summary,
            image,
            author_id,
        } => posts::blog_published(post_id, slug, title, &summary, image, author_id),
    }
}
