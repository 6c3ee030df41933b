//! Turning facts into notifications and feed items (spec 1 §3 Notification; the kinds of
//! `kernel::notification_kinds`). Who hears of what, in which words, and what the feed
//! shows is decided without I/O, one family of facts a module (`membership`, `moderation`,
//! `posts`), each unit-tested; `handle` looks up the names the words need and sends.

mod decide;
mod effects;
mod funding;
mod membership;
mod messages;
mod moderation;
mod posts;
mod projects;
mod wording;

use std::collections::HashMap;

use kernel::{AppContext, AppResult};

use super::{activity, notify};
use crate::facts::Fact;
use crate::live::Hub;
use effects::Names;

/// Notifies and records what `fact` calls for.
pub async fn handle(ctx: &AppContext, hub: &Hub, fact: Fact) -> AppResult<()> {
    let names = look_up(ctx, &decide::named(&fact)).await?;
    let effects = decide::of(fact, &names);
    notify::send_all(ctx, hub, effects.notices).await?;
    for item in effects.items {
        activity::record(&ctx.db, item).await?;
    }
    if let Some(revision) = effects.revision {
        activity::revise(&ctx.db, &revision.post).await?;
        notify::revise(&ctx.db, revision.post.post_id, &revision.message).await?;
    }
    Ok(())
}

/// The members' names, in one lookup (none when the words name nobody).
async fn look_up(ctx: &AppContext, ids: &[i64]) -> AppResult<Names> {
    if ids.is_empty() {
        return Ok(Names::default());
    }
    let found: HashMap<i64, String> = ctx
        .users
        .summaries(ids)
        .await?
        .into_iter()
        .map(|(id, user)| (id, user.name))
        .collect();
    Ok(Names::new(found))
}
