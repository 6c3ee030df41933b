//! HTTP endpoints of the content crate, one file per use case.

pub mod atom;
pub mod banners;
pub mod blog;
pub mod contact;
pub mod lectures;
pub mod menus;
pub mod pages;
pub mod signups;
pub mod staff_banners;
pub mod staff_blog;
pub mod staff_inbox;
pub mod staff_lectures;
pub mod staff_menus;
pub mod staff_pages;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(menus::main)
        .service(menus::lgp)
        .service(pages::page)
        .service(banners::fe_style)
        .service(banners::certificates)
        // Categories before `{id}`, which would take the word.
        .service(blog::categories)
        .service(blog::list)
        .service(blog::detail)
        .service(lectures::list)
        .service(lectures::detail)
        .service(contact::send)
        .service(signups::add)
        .service(staff_blog::list)
        .service(staff_blog::create)
        .service(staff_blog::detail)
        .service(staff_blog::update)
        .service(staff_blog::remove)
        .service(staff_blog::set_image)
        .service(staff_blog::categories)
        .service(staff_blog::create_category)
        .service(staff_blog::update_category)
        .service(staff_blog::delete_category)
        .service(staff_pages::list)
        .service(staff_pages::create)
        .service(staff_pages::detail)
        .service(staff_pages::update)
        .service(staff_pages::remove)
        .service(staff_menus::tree)
        .service(staff_menus::create)
        .service(staff_menus::update)
        .service(staff_menus::move_item)
        .service(staff_menus::remove)
        .service(staff_menus::set_image)
        .service(staff_banners::list)
        .service(staff_banners::update)
        .service(staff_banners::set_image)
        .service(staff_lectures::list)
        .service(staff_lectures::create)
        .service(staff_lectures::detail)
        .service(staff_lectures::update)
        .service(staff_lectures::remove)
        .service(staff_lectures::set_poster)
        .service(staff_lectures::set_video)
        .service(staff_lectures::set_captions)
        .service(staff_lectures::remove_captions)
        .service(staff_inbox::messages)
        .service(staff_inbox::handle)
        .service(staff_inbox::export)
        .service(staff_inbox::signups);
}

pub use kernel::MessageResponse;
