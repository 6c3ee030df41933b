//! The messages API: one file per use case, handlers thin.

pub mod blocks;
pub mod conversations;
pub mod dto;
pub mod messages;
mod sent;
pub mod settings;

use utoipa_actix_web::service_config::ServiceConfig;

/// Registers the crate's handlers.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(conversations::list)
        .service(conversations::start)
        .service(conversations::show)
        .service(conversations::messages)
        .service(conversations::mark_read)
        .service(conversations::recipients)
        .service(messages::send)
        .service(settings::show)
        .service(settings::update)
        .service(blocks::list)
        .service(blocks::block)
        .service(blocks::unblock);
}
