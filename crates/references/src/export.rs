//! What the references crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

pub const TABLES: &[T] = &[T::member("research_references", &["added_by_id"]).kept(
    "A place's references belong to the group or project; who added one shows as a former member.",
)];
