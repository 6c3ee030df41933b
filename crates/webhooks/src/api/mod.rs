//! HTTP endpoints of the webhooks crate. Managing webhooks needs a session: an API token
//! cannot point the platform's events somewhere else.

pub mod deliveries;
pub mod webhooks;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(webhooks::list)
        .service(webhooks::create)
        .service(webhooks::update)
        .service(webhooks::delete)
        .service(deliveries::list)
        .service(deliveries::redeliver);
}
