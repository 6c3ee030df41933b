//! The public site's content: CMS pages and blocks, menus, banners, blog, lectures, contact messages and legal pages.
//!
//! The crate owns its tables, DTOs, services, policy and routes (DESIGN.md §2); its
//! features arrive with their issues.
