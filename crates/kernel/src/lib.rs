//! Cohort's shared kernel: what every domain crate needs and no domain owns.
//! It holds no domain types (DESIGN.md §2).

pub mod artwork;
pub mod audit;
pub mod auth;
pub mod captcha;
pub mod clock;
pub mod community;
pub mod config;
pub mod context;
pub mod db;
pub mod documents;
pub mod embed;
pub mod enums;
pub mod error;
pub mod events;
pub mod extract;
pub mod file_links;
pub mod files;
pub mod hot;
pub mod images;
pub mod input;
pub mod json_list;
pub mod links;
pub mod mail;
pub mod memo;
pub mod notification_kinds;
pub mod pagination;
pub mod rate_limit;
pub mod response;
pub mod rich_text;
pub mod search;
pub mod secret;
pub mod secret_token;
pub mod slug;
pub mod sms;
pub mod sql_trace;
pub mod storage;
pub mod telemetry;
pub mod upload;
pub mod users;
pub mod validation;

pub use auth::{CurrentUser, SignedIn, Staff, StaffRole};
pub use context::AppContext;
pub use error::{AppError, AppResult, ErrorBody};
pub use pagination::{Page, PageParams, Pagination};
pub use response::{Data, MessageResponse};
