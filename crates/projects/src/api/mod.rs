//! HTTP endpoints of the projects crate, one file per use case.

pub mod authentication;
pub mod backed;
pub mod browse;
pub mod dto;
pub mod dynamic_review;
pub mod favorites;
pub mod funding;
pub mod my_projects;
pub mod pledges;
pub mod staff_projects;
pub mod team;
pub mod updates;
pub mod webhook;

use kernel::{AppContext, AppResult, Page};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::entity::project;
use crate::service::tags;
use dto::{ProjectCard, ProjectDraft};

pub fn configure(cfg: &mut ServiceConfig) {
    // Fixed paths before `/me/projects/{id}`.
    cfg.service(my_projects::may_submit)
        .service(my_projects::list)
        .service(my_projects::create)
        .service(my_projects::get)
        .service(my_projects::save_general)
        .service(my_projects::save_research)
        .service(my_projects::save_budget)
        .service(my_projects::set_image)
        .service(team::get)
        .service(team::save)
        .service(team::list)
        .service(updates::mine)
        .service(updates::create)
        .service(updates::get)
        .service(updates::get_by_id)
        .service(updates::edit)
        .service(updates::set_image)
        .service(my_projects::submit)
        .service(my_projects::withdraw_changes)
        .service(favorites::list)
        .service(backed::mine)
        .service(webhook::receive)
        .service(pledges::card_entry)
        .service(funding::payout_account)
        .service(funding::onboarding)
        .service(funding::refund)
        .service(funding::start_card_update)
        .service(funding::update_card)
        .service(authentication::start)
        .service(authentication::complete)
        .service(pledges::list)
        .service(pledges::receipt)
        .service(pledges::change)
        .service(pledges::cancel)
        .service(pledges::start_card)
        .service(pledges::make)
        .service(backed::on_profile)
        .service(browse::list)
        .service(browse::detail)
        .service(favorites::add)
        .service(favorites::remove)
        .service(dynamic_review::save)
        .service(dynamic_review::list)
        .service(updates::approved)
        .service(funding::queue)
        .service(funding::reconcile)
        .service(funding::ledger_csv)
        .service(funding::file)
        .service(funding::decide)
        .service(staff_projects::queue)
        .service(staff_projects::decide)
        .service(staff_projects::act)
        .service(staff_projects::changes_queue)
        .service(staff_projects::compare_changes)
        .service(staff_projects::decide_changes)
        .service(updates::queue)
        .service(updates::review);
}

/// Cards for a page of projects, their owners and topics read in one call each.
async fn cards(ctx: &AppContext, page: Page<project::Model>) -> AppResult<Page<ProjectCard>> {
    let owners: Vec<i64> = page.data.iter().map(|p| p.owner_id).collect();
    let people = ctx.users.summaries(&owners).await?;
    let ids: Vec<i64> = page.data.iter().map(|p| p.id).collect();
    let mut topics = tags::of(ctx, &ids).await?;
    Ok(page.map(|p| {
        let owner = people.get(&p.owner_id).cloned();
        let tags = topics.remove(&p.id).unwrap_or_default();
        ProjectCard::of(p, owner, tags, ctx.storage.as_ref())
    }))
}

/// Which version of a project a view shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Version {
    /// The approved one, as the public sees it.
    Public,
    /// The owner's: a live project's changes waiting for staff, when it has some.
    Working,
}

/// Projects as their owner edits them, with their topic ids (one statement for all).
async fn drafts(
    ctx: &AppContext,
    projects: Vec<project::Model>,
    version: Version,
) -> AppResult<Vec<ProjectDraft>> {
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    let mut topics = tags::ids_of(&ctx.db, &ids).await?;
    Ok(projects
        .into_iter()
        .map(|mut p| {
            let stored = topics.remove(&p.id).unwrap_or_default();
            let tags = match p.pending_changes.clone() {
                Some(changes) if version == Version::Working => changes.overlay(&mut p),
                _ => stored,
            };
            ProjectDraft::of(p, tags, ctx.storage.as_ref())
        })
        .collect())
}

/// [`drafts`] of one project, in the owner's working version.
async fn draft(ctx: &AppContext, project: project::Model) -> AppResult<ProjectDraft> {
    let mut one = drafts(ctx, vec![project], Version::Working).await?;
    Ok(one.remove(0))
}

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;

    use crate::budget::{MAX_LINES, MAX_MILESTONES};
    use crate::service::{tags::MAX_TAGS, team};

    fn max_items<T: PartialSchema>(field: &str) -> Option<u64> {
        let schema = serde_json::to_value(T::schema()).ok()?;
        schema["properties"][field]["maxItems"].as_u64()
    }

    #[test]
    fn the_contract_states_the_list_limits_the_service_enforces() {
        use super::my_projects::{BudgetStep, GeneralStep};
        use super::team::TeamStep;
        let limit = |n: usize| Some(n as u64);
        assert_eq!(max_items::<TeamStep>("team"), limit(team::MAX_TEAM));
        assert_eq!(max_items::<TeamStep>("needs"), limit(team::MAX_NEEDS));
        assert_eq!(max_items::<BudgetStep>("budget_lines"), limit(MAX_LINES));
        assert_eq!(max_items::<BudgetStep>("milestones"), limit(MAX_MILESTONES));
        assert_eq!(max_items::<GeneralStep>("tags"), limit(MAX_TAGS));
    }
}
