//! HTTP endpoints of the groups crate, one file per use case.

pub mod agreement;
pub mod browse;
pub mod detail;
pub mod guardrail;
pub mod invitations;
pub mod join_requests;
pub mod lookups;
pub mod materials;
pub mod members;
pub mod my_groups;
pub mod my_memberships;
pub mod profile_groups;
pub mod staff_groups;
pub mod staff_lookups;
pub mod updates;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    // Fixed paths first: `/groups/{slug}` would otherwise take them.
    cfg.service(lookups::tags)
        .service(lookups::goals)
        .service(lookups::roles)
        .service(browse::list)
        .service(detail::detail)
        .service(my_memberships::joined)
        .service(my_memberships::applied)
        .service(my_groups::list)
        .service(my_groups::create)
        .service(my_groups::get)
        .service(my_groups::update)
        .service(my_groups::delete)
        .service(my_groups::set_image)
        .service(profile_groups::created)
        .service(join_requests::send)
        .service(join_requests::cancel)
        .service(join_requests::list)
        .service(join_requests::decide)
        .service(invitations::invite)
        .service(invitations::list)
        .service(invitations::resend)
        .service(invitations::cancel)
        .service(invitations::check)
        .service(invitations::accept)
        .service(agreement::get)
        .service(agreement::publish)
        .service(agreement::accept)
        .service(agreement::export)
        .service(guardrail::set)
        .service(members::leave)
        .service(members::list)
        .service(members::change_role)
        .service(members::remove)
        .service(materials::list_public)
        .service(materials::list_editable)
        .service(materials::create)
        .service(materials::update)
        .service(materials::delete)
        .service(updates::list_approved)
        .service(updates::list_all)
        .service(updates::create)
        .service(updates::get)
        .service(updates::update)
        .service(updates::set_image)
        .service(updates::queue)
        .service(updates::review)
        .service(staff_groups::queue)
        .service(staff_groups::review)
        .service(staff_groups::act)
        .service(staff_lookups::list)
        .service(staff_lookups::create)
        .service(staff_lookups::update)
        .service(staff_lookups::remove);
}

pub use kernel::MessageResponse;
