//! HTTP endpoints of the projects crate, one file per use case.

pub mod browse;
pub mod dto;
pub mod my_projects;
pub mod staff_projects;

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
        .service(my_projects::submit)
        .service(browse::list)
        .service(browse::detail)
        .service(staff_projects::queue)
        .service(staff_projects::decide);
}
