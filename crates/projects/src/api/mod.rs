//! HTTP endpoints of the projects crate, one file per use case.

pub mod authentication;
pub mod backed;
pub mod browse;
pub mod dynamic_review;
pub mod favorites;
pub mod funding;
pub mod milestone_files;
pub mod milestones;
pub mod my_projects;
pub mod pledges;
pub mod protocols;
pub mod results;
pub mod staff_projects;
pub mod team;
pub mod updates;
pub mod webhook;

use utoipa_actix_web::service_config::ServiceConfig;

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
        .service(protocols::mine)
        .service(protocols::register)
        .service(protocols::upload)
        .service(protocols::remove)
        .service(milestones::report)
        .service(milestone_files::upload)
        .service(milestone_files::remove)
        .service(results::post_results)
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
        // Before `/projects/{slug}`, which would take `results-due` for a slug.
        .service(results::due)
        .service(browse::detail)
        .service(protocols::public)
        .service(protocols::compare)
        .service(protocols::datacite)
        .service(protocols::record)
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
        .service(milestones::queue)
        .service(milestones::verify)
        .service(milestones::send_back)
        .service(staff_projects::queue)
        .service(staff_projects::decide)
        .service(staff_projects::act)
        .service(staff_projects::changes_queue)
        .service(staff_projects::compare_changes)
        .service(staff_projects::decide_changes)
        .service(updates::queue)
        .service(updates::review);
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
        assert_eq!(
            max_items::<super::milestones::MilestoneReport>("links"),
            limit(crate::service::escrow::decide::MAX_LINKS)
        );
        use super::results::ResultsForm;
        use crate::service::results::{MAX_DEVIATIONS, MAX_LINKS as MAX_RESULT_LINKS};
        assert_eq!(
            max_items::<ResultsForm>("publications"),
            limit(MAX_RESULT_LINKS)
        );
        assert_eq!(max_items::<ResultsForm>("data"), limit(MAX_RESULT_LINKS));
        assert_eq!(
            max_items::<ResultsForm>("deviations"),
            limit(MAX_DEVIATIONS)
        );
    }
}
