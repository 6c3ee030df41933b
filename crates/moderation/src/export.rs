//! What the moderation crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

pub const TABLES: &[T] = &[
    T::member("reports", &["reporter_id"]),
    T::member("moderation_actions", &["author_id", "actor_id"])
        .kept("The moderation log stays; the people in it show as former members."),
];
