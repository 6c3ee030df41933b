//! HTTP endpoints of the feed crate, one file per use case; the live channel's socket is
//! mounted by `app` outside `/api` (at `/ws/notifications`).

pub mod dashboard;
pub mod feed;
pub mod live;
pub mod live_ticket;
pub mod notifications;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(notifications::list)
        .service(notifications::read)
        .service(notifications::read_one)
        .service(notifications::unread_one)
        .service(feed::list)
        .service(live_ticket::create)
        .service(dashboard::counters);
}
