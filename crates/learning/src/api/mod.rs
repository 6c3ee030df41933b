//! HTTP endpoints of the learning crate, one file per use case.

pub mod certificates;
pub mod feedback;
pub mod quizzes;
pub mod staff_quizzes;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(quizzes::list)
        .service(quizzes::detail)
        .service(quizzes::complete)
        .service(feedback::last_attempt)
        .service(certificates::verify)
        .service(certificates::download)
        .service(certificates::download_credential)
        .service(certificates::verify_credential)
        .service(staff_quizzes::list)
        .service(staff_quizzes::create)
        .service(staff_quizzes::detail)
        .service(staff_quizzes::update)
        .service(staff_quizzes::remove)
        .service(staff_quizzes::set_banner);
}
