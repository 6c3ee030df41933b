//! Cohort's shared kernel: what every domain crate needs and no domain owns.
//! It holds no domain types (DESIGN.md §2).

pub mod auth;
pub mod captcha;
pub mod config;
pub mod context;
pub mod db;
pub mod error;
pub mod events;
pub mod extract;
pub mod mail;
pub mod pagination;
pub mod rate_limit;
pub mod response;
pub mod secret;
pub mod sms;
pub mod storage;
pub mod telemetry;
pub mod validation;

pub use auth::CurrentUser;
pub use context::AppContext;
pub use error::{AppError, AppResult, ErrorBody};
pub use pagination::{Page, PageParams, Pagination};
pub use response::Data;
