//! Where the domain crates meet: each adapter implements one crate's port with another's
//! answer (discussion targets, event hosts, reference places, report subjects, search sources), or turns
//! one crate's events into another's facts (the feed's, the projects', the webhooks'), or
//! reads a table every crate contributes to (the data catalogue, the API tokens' routes).

pub mod data_catalogue;
pub(crate) mod discussion_targets;
pub(crate) mod feed_facts;
pub(crate) mod live_threads;
pub mod meeting_hosts;
pub(crate) mod project_facts;
pub(crate) mod reference_places;
pub(crate) mod report_subjects;
pub(crate) mod search_sources;
pub(crate) mod token_routes;
pub(crate) mod webhook_occurrences;
