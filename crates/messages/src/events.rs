//! Facts the messages crate publishes: `app` carries them to the live channel and the feed.

use kernel::events::Event;
use serde::Serialize;
use utoipa::ToSchema;

/// A message was sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageSent {
    pub conversation_id: i64,
    pub message_id: i64,
    pub author_id: i64,
    /// Everyone in the conversation, the author too (their other tabs show it).
    pub members: Vec<i64>,
    /// Who had read everything there before it: they are notified; the others were told
    /// of the unread messages already and are not told again.
    pub notify: Vec<i64>,
}

impl Event for MessageSent {}

/// What the live channel tells a conversation's members (`{"direct_message": …}`): where a
/// message arrived, never what it says; the page fetches that through the API.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct MessageActivity {
    pub conversation_id: i64,
    pub message_id: i64,
    pub author_id: i64,
}

impl MessageSent {
    /// The frame each member's sockets receive.
    pub fn frames(&self) -> Vec<(i64, String)> {
        let payload = serde_json::json!({
            "direct_message": MessageActivity {
                conversation_id: self.conversation_id,
                message_id: self.message_id,
                author_id: self.author_id,
            }
        })
        .to_string();
        self.members
            .iter()
            .map(|member| (*member, payload.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_member_hears_where_but_not_what() {
        let sent = MessageSent {
            conversation_id: 4,
            message_id: 9,
            author_id: 1,
            members: vec![1, 2],
            notify: vec![2],
        };
        let frames = sent.frames();
        assert_eq!(frames.len(), 2);
        let read: serde_json::Value = serde_json::from_str(&frames[1].1).unwrap();
        assert_eq!(
            read,
            serde_json::json!({"direct_message": {"conversation_id": 4, "message_id": 9, "author_id": 1}})
        );
    }
}
