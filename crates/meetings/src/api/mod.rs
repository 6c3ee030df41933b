//! The events API: one file per use case, handlers thin.

pub mod calendar;
pub mod dto;
pub mod events;

use utoipa_actix_web::service_config::ServiceConfig;

/// Registers the crate's handlers.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(events::list)
        .service(events::create)
        .service(events::update)
        .service(events::cancel)
        .service(events::answer)
        .service(events::mine)
        .service(calendar::show)
        .service(calendar::renew)
        .service(calendar::revoke)
        .service(calendar::feed);
}
