//! HTTP endpoints of the search crate.

pub mod dto;
pub mod search;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(search::search);
}
