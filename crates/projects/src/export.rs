//! What the projects crate holds about a member, table by table (see `kernel::export`).

use kernel::export::{Rows, TableExport as T};

const RECORDS: &str = "Payment records are kept as the law requires (privacy policy).";
const PROJECT: &str =
    "A project stays with its backers and reviewers; its owner shows as a former member.";
const MILESTONE: &str = "A milestone's report and decision are the record of what a project's donors paid for: they stay with the project.";
const PROTOCOL: &str = "A registered protocol is a public record, checked against its hash: it stays as registered; its registrant shows as a former member.";

pub const TABLES: &[T] = &[
    T::member("projects", &["owner_id"])
        .files(&["image"])
        .kept(PROJECT),
    T::member("project_needs", &[])
        .rows(Rows::Through {
            column: "project_id",
            table: "projects",
            member_column: "owner_id",
        })
        .kept(PROJECT),
    T::member("project_updates", &["created_by_id"])
        .files(&["image"])
        .kept(PROJECT),
    T::member("project_protocols", &["registered_by"]).kept(PROTOCOL),
    T::member("project_protocol_files", &[])
        .rows(Rows::Through {
            column: "project_id",
            table: "projects",
            member_column: "owner_id",
        })
        .files(&["storage_key"])
        .kept(PROTOCOL),
    T::member("project_milestones", &[])
        .rows(Rows::Through {
            column: "project_id",
            table: "projects",
            member_column: "owner_id",
        })
        .kept(MILESTONE),
    T::member("project_milestone_files", &[])
        .rows(Rows::Through {
            column: "project_id",
            table: "projects",
            member_column: "owner_id",
        })
        .files(&["storage_key"])
        .kept(MILESTONE),
    T::member("project_results", &["posted_by"])
        .kept("Posted results are the public record of what a funded project found: they stay as posted; the poster shows as a former member."),
    T::member("project_team_members", &["user_id"]),
    T::member("project_favorites", &["user_id"]),
    T::member("project_commenters", &["user_id"]),
    T::member("project_reviews", &["user_id"])
        .kept("An open review stays with the project; its author shows as a former member."),
    T::member("project_pledges", &["backer_id"]).kept(RECORDS),
    T::member("project_ledger", &[])
        .rows(Rows::Through {
            column: "pledge_id",
            table: "project_pledges",
            member_column: "backer_id",
        })
        .kept(RECORDS),
    T::member("payment_customers", &["user_id"]).kept(RECORDS),
    T::member("payout_accounts", &["user_id"]).kept(RECORDS),
    T::nobody(
        "project_ledger_postings",
        "Each ledger entry's amount between two accounts (the entries of a member's pledges are exported).",
    ),
    T::nobody("project_tag_links", "Which topics a project has."),
    T::nobody(
        "payment_webhook_events",
        "The processor's notices, about payments rather than people.",
    ),
];
