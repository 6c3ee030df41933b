//! The content crate's tables; they never leave the crate.

pub mod banner;
pub mod blog_category;
pub mod blog_post;
pub mod blog_post_category;
pub mod contact_message;
pub mod lecture;
pub mod lecture_caption;
pub mod menu_item;
pub mod page;
pub mod update_signup;
