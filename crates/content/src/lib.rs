//! The public site's content (spec 2 §1, §2 Blog, Lectures, Static pages; spec 1 §1 menus):
//! CMS pages with landing blocks, menus, banners, the blog, expert lectures, legal pages,
//! contact messages and sign-ups for updates, and the demo content a fresh site shows.

pub mod api;
pub mod blocks;
mod entity;
pub mod enums;
pub mod events;
pub mod export;
mod policy;
pub mod read;
pub mod seed;
pub mod service;

pub use api::configure;
