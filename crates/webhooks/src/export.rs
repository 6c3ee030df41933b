//! What the webhooks crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

pub const TABLES: &[T] = &[
    T::member("webhooks", &["created_by"]).secrets(&["secret"]),
    T::nobody(
        "webhook_deliveries",
        "What was sent to a webhook's receiver: the platform's events, not a member's data.",
    ),
];
