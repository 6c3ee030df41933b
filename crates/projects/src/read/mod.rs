//! The projects read model (issue 48 §7, as Lemmy's `db_views`): what the endpoints answer
//! (`views`) and how each answer is read, for one project or a page of them, in a fixed
//! number of statements. Handlers write through the services and answer through here.

mod batch;
pub mod escrow;
mod page;
pub mod protocols;
pub mod results;
pub mod views;

pub use batch::{Version, cards, draft, drafts};
pub use page::page;
