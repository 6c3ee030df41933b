//! HTTP endpoints of the discussions crate, one file per use case.

pub mod dto;
pub mod form;
pub mod mentions;
pub mod reactions;
pub mod replies;
pub mod subscriptions;
pub mod topics;
pub mod votes;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(topics::list)
        .service(topics::create)
        .service(topics::update)
        .service(topics::remove)
        // The file route before `{comment_id}` would take "image".
        .service(replies::remove_image)
        .service(replies::list)
        .service(replies::create)
        .service(replies::update)
        .service(replies::remove)
        .service(reactions::add)
        .service(reactions::remove)
        .service(votes::topic)
        .service(votes::reply)
        .service(mentions::list)
        .service(subscriptions::list)
        .service(subscriptions::set);
}

pub use kernel::MessageResponse;
