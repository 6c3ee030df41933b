//! What the messages crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

pub const TABLES: &[T] = &[
    T::nobody(
        "conversations",
        "A conversation's row holds when it began and its members' ids; what a member wrote and read there is in the tables below.",
    ),
    T::member("conversation_members", &["user_id"]),
    T::member("direct_messages", &["author_id"])
        .kept("A conversation keeps its shape for its other members; the author shows as a former member."),
    T::member("message_blocks", &["blocker_id"]),
    T::member("message_settings", &["user_id"]),
    T::member("message_quotas", &["user_id"]),
];
