//! What projects learn from the other crates' events: who comments on a project's
//! discussion (the prize's "10 comments from unique users").

use std::sync::Arc;

use discussions::enums::TopicType;
use discussions::events::DiscussionPosted;
use kernel::AppContext;

/// Subscribes projects to the discussion events they count.
pub fn wire(ctx: &AppContext) {
    let context = ctx.clone();
    ctx.events.subscribe(move |e: Arc<DiscussionPosted>| {
        let ctx = context.clone();
        async move {
            if e.topic_type != TopicType::Projects {
                return;
            }
            let noted = projects::service::prize::commented(&ctx.db, e.target_id, e.author_id);
            if let Err(err) = noted.await {
                // The comment is posted already; only the prize's count missed it.
                tracing::error!(error = %err, "could not count a project commenter");
            }
        }
    });
}
