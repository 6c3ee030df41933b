//! Direct messages and event reminders: what a member is told personally. A message's
//! notice names the writer and links to the conversation; it never carries the message's
//! words (an e-mail would take them out of the platform, past the patient-data guardrail's
//! reach). A reminder names the event, its host and its time in the event's own zone.

use kernel::notification_kinds::NotificationKind;

use super::effects::Effects;
use super::wording::page_notice;
use crate::facts::Reminder;
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

/// Members are reminded of a meeting a day or an hour before it starts.
pub fn reminded(reminder: &Reminder) -> Effects {
    let when = if reminder.within_hour {
        "within the hour"
    } else {
        "within a day"
    };
    let local = reminder
        .time_zone
        .parse::<chrono_tz::Tz>()
        .map(|zone| {
            reminder
                .starts_at
                .with_timezone(&zone)
                .format("%A %-d %B, %H:%M %Z")
                .to_string()
        })
        .unwrap_or_else(|_| {
            reminder
                .starts_at
                .format("%A %-d %B, %H:%M UTC")
                .to_string()
        });
    Effects::notices(reminder.members.iter().map(|user_id| {
        page_notice(
            *user_id,
            NotificationKind::EventReminder,
            format!("{} starts {when}", reminder.title),
            format!("{}: {local}", reminder.host_title),
            reminder.route.clone(),
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reminder_names_the_event_its_host_and_its_local_time() {
        let reminder = Reminder {
            title: "Journal club".into(),
            host_title: "Stroke talk".into(),
            route: "/working-groups/stroke-talk#events".into(),
            starts_at: "2026-12-08T17:00:00Z".parse().unwrap(),
            time_zone: "Europe/Paris".into(),
            within_hour: false,
            members: vec![3, 4],
        };
        let effects = reminded(&reminder);
        assert_eq!(effects.notices.len(), 2);
        assert_eq!(effects.notices[0].title, "Journal club starts within a day");
        assert_eq!(
            effects.notices[0].message,
            "Stroke talk: Tuesday 8 December, 18:00 CET"
        );
        assert_eq!(effects.notices[1].kind, NotificationKind::EventReminder);
    }

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
