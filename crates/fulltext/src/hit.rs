//! One thing found, and the kinds of things there are to find.

use chrono::{DateTime, Utc};

use super::snippet::Snippet;

kernel::string_enum!(
    /// What a search result is. Defined once, here: the crates that own each kind answer
    /// for it, and the client's filter chips come from this list through the contract.
    SearchKind {
        Group = "group",
        Topic = "topic",
        Reply = "reply",
        BlogPost = "blog_post",
        Lecture = "lecture",
        Profile = "profile",
        Project = "project",
    }
);

/// One thing found, as the results list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub kind: SearchKind,
    pub id: i64,
    pub title: String,
    /// Its page in the app, `/working-groups/{slug}` for instance.
    pub route: String,
    /// Where it sits (a topic's working group, say), when it sits somewhere.
    pub place: Option<String>,
    /// The passage that matched, with the matching words marked.
    pub snippet: Snippet,
    /// Relevance from the database's own ranking: higher is better, comparable between
    /// the sources of one database.
    pub score: f64,
    pub at: DateTime<Utc>,
}
