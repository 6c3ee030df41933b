//! HTTP endpoints of the references crate.

pub mod references;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(references::list)
        .service(references::add)
        .service(references::remove);
}
