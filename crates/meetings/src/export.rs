//! What the meetings crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

pub const TABLES: &[T] = &[
    T::member("meetings", &["created_by_id"])
        .kept("A meeting stays on its host's calendar; its organiser shows as a former member."),
    T::member("meeting_answers", &["user_id"]),
    T::member("meeting_reminders", &["user_id"]),
    T::member("calendar_feeds", &["user_id"]),
];
