//! HTTP endpoints of the accounts crate, one file per use case.

pub mod login;
pub mod logout;
pub mod me;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(login::login)
        .service(logout::logout)
        .service(me::me);
}
