//! Direct messages: who is told that one arrived. The notice names the writer and links to
//! the conversation; it never carries the message's words (an e-mail would take them out
//! of the platform, past the patient-data guardrail's reach).

use kernel::notification_kinds::NotificationKind;

use super::effects::Effects;
use super::wording::page_notice;
use crate::policy;

/// What a notice about a message from `author` says.
pub const OPEN_TO_READ: &str = "Open the conversation to read it.";

pub fn received(conversation_id: i64, author: &str, author_id: i64, recipients: &[i64]) -> Effects {
    Effects::notices(
        recipients
            .iter()
            .filter(|r| policy::notify(**r, author_id))
            .map(|user_id| {
                page_notice(
                    *user_id,
                    NotificationKind::DirectMessage,
                    format!("{author} sent you a message"),
                    OPEN_TO_READ,
                    format!("/messages/{conversation_id}"),
                )
            }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_recipient_but_the_writer_hears_who_wrote_but_not_what() {
        let effects = received(7, "Ada Lovelace", 1, &[2, 1, 3]);
        let told: Vec<i64> = effects.notices.iter().map(|n| n.user_id).collect();
        assert_eq!(told, vec![2, 3]);
        let notice = &effects.notices[0];
        assert_eq!(notice.title, "Ada Lovelace sent you a message");
        assert_eq!(notice.message, OPEN_TO_READ);
        assert_eq!(notice.in_app_route.as_deref(), Some("/messages/7"));
        assert_eq!(notice.kind, NotificationKind::DirectMessage);
    }
}
