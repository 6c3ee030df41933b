//! Every table's statement of what it holds about a member, by crate: what "Download my
//! data" exports and account deletion erases (issue 23, item 6). A table missing here
//! fails `tests/app/data_export.rs`.

use kernel::export::Catalogue;

pub fn catalogue() -> Catalogue {
    Catalogue::default()
        .with("account", accounts::export::TABLES)
        .with("groups", groups::export::TABLES)
        .with("discussions", discussions::export::TABLES)
        .with("messages", messages::export::TABLES)
        .with("events", meetings::export::TABLES)
        .with("projects", projects::export::TABLES)
        .with("learning", learning::export::TABLES)
        .with("notifications", feed::export::TABLES)
        .with("content", content::export::TABLES)
        .with("moderation", moderation::export::TABLES)
        .with("references", references::export::TABLES)
        .with("webhooks", webhooks::export::TABLES)
        .with("records", kernel::export::TABLES)
}
