//! What the groups crate holds about a member, table by table (see `kernel::export`).

use kernel::export::TableExport as T;

const STAYS: &str = "It belongs to the group's members too; its author shows as a former member.";
const LOOKUP: &str = "A list members choose from.";

pub const TABLES: &[T] = &[
    T::member("working_groups", &["created_by_id"])
        .files(&["image"])
        .kept(STAYS),
    T::member("working_group_members", &["user_id"]),
    T::member("working_group_join_requests", &["user_id"]),
    T::member("working_group_invitations", &[])
        .rows(kernel::export::Rows::Email("email"))
        .secrets(&["token_hash"]),
    T::member("group_updates", &["created_by_id"])
        .files(&["image"])
        .kept(STAYS),
    T::member("group_update_views", &["user_id"]),
    T::member("group_agreements", &["published_by_id"]).kept(STAYS),
    T::member("group_agreement_acceptances", &["user_id"]),
    T::member("supplementary_materials", &["created_by_id"])
        .files(&["file_key"])
        .kept(STAYS),
    T::nobody("working_group_goals", "Which goals a group chose."),
    T::nobody(
        "working_group_roles",
        "Which industry partner roles a group chose.",
    ),
    T::nobody("working_group_tags", "Which topics a group chose."),
    T::nobody("group_goals", LOOKUP),
    T::nobody("industry_partner_roles", LOOKUP),
    T::nobody("project_tags", LOOKUP),
];
