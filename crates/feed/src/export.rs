//! What the feed crate holds about a member, table by table (see `kernel::export`).

use kernel::export::{Rows, TableExport as T};

pub const TABLES: &[T] = &[
    T::member("notifications", &["user_id"]),
    // Before the digests they were sent in: deletion goes in this order.
    T::member("digest_entries", &["user_id"]),
    T::member("digests", &["user_id"]),
    T::member("feed_items", &["actor_id"])
        .kept("A group's activity stays; its actor shows as a former member."),
    T::member("live_tickets", &["user_id"]).secrets(&["ticket_hash", "session_hash"]),
    T::member("email_outbox", &[])
        .rows(Rows::Email("to_email"))
        .secrets(&["unsubscribe_url"]),
    T::nobody("feed_counts", "Counts of the feed's items."),
];
