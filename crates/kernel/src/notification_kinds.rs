//! The kinds of notification the platform sends: the catalogue members choose delivery
//! methods for (accounts) and the feed sends by (feed). Defined once, here.

crate::string_enum!(
    /// A kind of notification: what members switch on and off (accounts) and what the feed
    /// sends by. Stored as its text in notifications, digests and members' settings.
    NotificationKind {
        JoinRequestReceived = "join_request_received",
        JoinRequestAnswered = "join_request_answered",
        InvitationReceived = "invitation_received",
        RoleChanged = "role_changed",
        NewTopic = "new_topic",
        Reply = "reply",
        Mention = "mention",
        DirectMessage = "direct_message",
        EventReminder = "event_reminder",
        GroupModeration = "group_moderation",
        UpdateModeration = "update_moderation",
        AffiliationApproved = "affiliation_approved",
        ProjectModeration = "project_moderation",
        ProjectUpdate = "project_update",
        ProjectFunding = "project_funding",
        Moderation = "moderation",
        Webhooks = "webhooks",
    }
);

crate::string_enum!(
    /// When a kind's e-mails are sent: each at once, or gathered into one digest e-mail
    /// sent at the member's local morning, daily or on Mondays.
    EmailFrequency {
        Instant = "instant",
        Daily = "daily",
        Weekly = "weekly",
    }
);

/// Not a kind: a digest's one-click unsubscribe link names this, and stops the e-mail of
/// every kind gathered into digests.
pub const DIGESTS: &str = "digests";

/// One kind of notification in the catalogue.
pub struct Kind {
    pub id: NotificationKind,
    pub name: &'static str,
    pub description: &'static str,
}

/// Every kind, in the order the settings page lists them.
pub const KINDS: &[Kind] = &[
    Kind {
        id: NotificationKind::JoinRequestReceived,
        name: "Join requests",
        description: "Someone asks to join a working group you manage.",
    },
    Kind {
        id: NotificationKind::JoinRequestAnswered,
        name: "Join request answers",
        description: "Your request to join a working group is accepted or declined.",
    },
    Kind {
        id: NotificationKind::InvitationReceived,
        name: "Invitations",
        description: "You are invited to a working group.",
    },
    Kind {
        id: NotificationKind::RoleChanged,
        name: "Role changes",
        description: "Your role in a working group changes, or you are removed from it.",
    },
    Kind {
        id: NotificationKind::NewTopic,
        name: "New discussions",
        description: "A new topic starts in a working group you belong to, or in a discussion you follow.",
    },
    Kind {
        id: NotificationKind::Reply,
        name: "Replies",
        description: "Someone replies to your topic or comment, or in a discussion you follow.",
    },
    Kind {
        id: NotificationKind::Mention,
        name: "Mentions",
        description: "Someone mentions you (@your name) in a discussion you can read.",
    },
    Kind {
        id: NotificationKind::DirectMessage,
        name: "Direct messages",
        description: "Someone writes to you in a direct message, and you had read everything before it.",
    },
    Kind {
        id: NotificationKind::EventReminder,
        name: "Event reminders",
        description: "An event of your working group or project starts in a day, or in an hour.",
    },
    Kind {
        id: NotificationKind::GroupModeration,
        name: "Working group reviews",
        description: "Your working group is approved, rejected or suspended.",
    },
    Kind {
        id: NotificationKind::UpdateModeration,
        name: "Update reviews",
        description: "Your update on a working group or project is approved, or not approved with a reason.",
    },
    Kind {
        id: NotificationKind::ProjectModeration,
        name: "Project reviews",
        description: "Your research project is approved, or sent back with a reason.",
    },
    Kind {
        id: NotificationKind::ProjectUpdate,
        name: "Project updates",
        description: "A project you favourited posts an update.",
    },
    Kind {
        id: NotificationKind::ProjectFunding,
        name: "Project funding",
        description: "A project you own or back reaches its funding goal, or ends without reaching it.",
    },
    Kind {
        id: NotificationKind::Moderation,
        name: "Moderation",
        description: "Moderators hide or remove something you wrote, or warn you about it.",
    },
    Kind {
        id: NotificationKind::AffiliationApproved,
        name: "Affiliation",
        description: "Your university affiliation is approved, or not approved with a reason.",
    },
    Kind {
        id: NotificationKind::Webhooks,
        name: "Webhooks",
        description: "A webhook you set up is turned off after failing again and again.",
    },
];
