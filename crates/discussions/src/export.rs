//! What the discussions crate holds about a member, table by table (see `kernel::export`).

use kernel::export::{Rows, TableExport as T};

const THREAD: &str = "A thread keeps its shape; its author shows as a former member.";

pub const TABLES: &[T] = &[
    T::member("discussion_attachments", &[])
        .rows(Rows::Through {
            column: "post_id",
            table: "discussion_posts",
            member_column: "created_by_id",
        })
        .files(&["file_key"])
        .kept(THREAD),
    T::member("discussion_posts", &["created_by_id"]).kept(THREAD),
    T::member("discussion_votes", &["user_id"])
        .kept("A vote counts in its post's score; it names only the anonymised account."),
    T::member("discussion_reactions", &["user_id"])
        .kept("A reaction counts on its post; it names only the anonymised account."),
    T::member("discussion_subscriptions", &["user_id"]),
];
