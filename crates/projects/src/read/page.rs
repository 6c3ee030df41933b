//! A project's page: the project and its parts (owner, topics, team, hearts, reviews, the
//! prize's progress), read at once.

use kernel::{AppContext, AppResult, CurrentUser};

use super::views::{PageParts, ProjectPage};
use crate::service::{
    browse, dynamic_review, escrow, favorites, prize, protocols, results, tags, team,
};

/// The page of the project at `slug` as `viewer` sees it: public once live; its owner sees
/// it before.
pub async fn page(
    ctx: &AppContext,
    slug: &str,
    viewer: Option<&CurrentUser>,
) -> AppResult<ProjectPage> {
    let project = browse::by_slug(&ctx.db, slug, viewer).await?;
    let viewer = viewer.map(|v| v.id);
    let (id, owners, ids) = (project.id, [project.owner_id], [project.id]);
    // The page's parts are independent reads: asked at once, the page waits for the slowest.
    let (
        mut owner,
        mut tags,
        team,
        hearts,
        tally,
        commenters,
        (protocol, milestones, evidence, posted),
    ) = futures_util::try_join!(
        ctx.users.summaries(&owners),
        tags::of(ctx, &ids),
        team::of(&ctx.db, id),
        favorites::hearts(&ctx.db, id, viewer),
        dynamic_review::tally(&ctx.db, id, viewer),
        prize::commenters(&ctx.db, id),
        async {
            futures_util::try_join!(
                protocols::latest(&ctx.db, id),
                escrow::of_project(&ctx.db, id),
                escrow::evidence::of_project(&ctx.db, id),
                results::of(&ctx.db, id)
            )
        },
    )?;
    let progress = prize::Progress {
        raised_cents: project.raised_cents,
        commenters,
        favorites: hearts.count,
    };
    let parts = PageParts {
        owner: owner.remove(&project.owner_id),
        tags: tags.remove(&id).unwrap_or_default(),
        team,
        favorites: hearts.into(),
        reviews: tally.into(),
        prize: progress.into(),
        protocol_ready: protocol.is_some() || !ctx.config.protocol_required,
        protocol: protocol.map(Into::into),
        escrow: super::escrow::Escrow::of(
            ctx,
            milestones,
            &evidence,
            project.funding_state,
            viewer == Some(project.owner_id),
        ),
        results: posted.map(Into::into),
    };
    Ok(ProjectPage::of(
        project,
        viewer,
        parts,
        ctx.storage.as_ref(),
    ))
}
