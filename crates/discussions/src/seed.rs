//! Demo discussions for a fresh site (`cohort seed`), made through the same service a
//! member's post goes through.

use kernel::{AppContext, AppResult, CurrentUser, PageParams};

use crate::enums::TopicType;
use crate::service::place::Place;
use crate::service::topics::{self, TopicInput};
use crate::target::Targets;

/// Starts a public topic by `author` on a target that has none yet; whether it did.
pub async fn first_topic(
    ctx: &AppContext,
    targets: &Targets,
    author: &CurrentUser,
    topic_type: TopicType,
    target_id: i64,
    text: &str,
) -> AppResult<bool> {
    let place = Place::of(targets, topic_type, target_id, Some(author)).await?;
    let one = PageParams {
        page: Some(1),
        per_page: Some(1),
    };
    if topics::list(&ctx.db, &place, &one).await?.pagination.count > 0 {
        return Ok(false);
    }
    let input = TopicInput {
        text: Some(text.to_owned()),
        is_public: None,
        parent: None,
        // The demo's own texts pass the patient-data guardrail without a declaration.
        phi_declared: false,
        files: Vec::new(),
    };
    topics::create(ctx, targets, author, topic_type, target_id, input).await?;
    Ok(true)
}
