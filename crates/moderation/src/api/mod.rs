//! HTTP endpoints of the moderation crate.

pub mod dto;
pub mod log;
pub mod queue;
pub mod reports;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(reports::report)
        .service(queue::list)
        .service(queue::act)
        .service(log::list);
}
