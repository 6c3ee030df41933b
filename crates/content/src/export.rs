//! What the content crate holds about a member, table by table (see `kernel::export`).

use kernel::export::{Rows, TableExport as T};

const SITE: &str = "The site's own content.";

pub const TABLES: &[T] = &[
    T::member("blog_posts", &["author_id"])
        .files(&["header_image"])
        .kept("Published articles stay; their author shows as a former member."),
    T::member("contact_messages", &[]).rows(Rows::Email("email")),
    T::member("update_signups", &[]).rows(Rows::Email("email")),
    T::nobody("blog_categories", SITE),
    T::nobody("blog_post_categories", SITE),
    T::nobody("content_pages", SITE),
    T::nobody("menu_items", SITE),
    T::nobody("banners", SITE),
    T::nobody("lectures", SITE),
    T::nobody("lecture_captions", SITE),
];
