//! The rules of the content crate; handlers stay thin.

pub mod authoring;
pub mod banners;
pub mod banners_admin;
pub mod blog;
pub mod blog_admin;
pub mod contact;
pub mod inbox;
pub mod lecture_captions;
pub mod lectures;
pub mod lectures_admin;
pub mod menus;
pub mod menus_admin;
pub mod pages;
pub mod pages_admin;
pub mod previews;
pub mod scale;
pub mod search;
pub mod signups;
pub mod sitemap;
