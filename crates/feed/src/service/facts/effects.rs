//! What a fact calls for (notices, feed items, a post's revision), and the names its words
//! use; `decide` says which.

use std::collections::HashMap;

use crate::service::activity::{NewItem, PostNow};
use crate::service::notices::Notice;

/// The notifications to send, the feed items to record, and the post to bring up to date.
#[derive(Debug, Default)]
pub struct Effects {
    pub notices: Vec<Notice>,
    pub items: Vec<NewItem>,
    pub revision: Option<Revision>,
}

impl Effects {
    pub fn notices(notices: impl IntoIterator<Item = Notice>) -> Self {
        Self {
            notices: notices.into_iter().collect(),
            ..Self::default()
        }
    }

    pub fn with_item(mut self, item: NewItem) -> Self {
        self.items.push(item);
        self
    }
}

/// A post's feed items and notifications show what it reads now.
#[derive(Debug)]
pub struct Revision {
    pub post: PostNow,
    /// The notifications' new message.
    pub message: String,
}

/// Members' names, as the words use them.
#[derive(Debug, Default)]
pub struct Names(HashMap<i64, String>);

impl Names {
    pub fn new(names: HashMap<i64, String>) -> Self {
        Self(names)
    }

    /// The member's name, or "A member" for an account that is gone.
    pub fn of(&self, user_id: i64) -> &str {
        self.0.get(&user_id).map_or("A member", String::as_str)
    }
}
