//! The kinds of notification the platform sends: the catalogue members choose delivery
//! methods for (accounts) and the feed sends by (feed). Defined once, here.

pub const JOIN_REQUEST_RECEIVED: &str = "join_request_received";
pub const JOIN_REQUEST_ANSWERED: &str = "join_request_answered";
pub const INVITATION_RECEIVED: &str = "invitation_received";
pub const ROLE_CHANGED: &str = "role_changed";
pub const NEW_TOPIC: &str = "new_topic";
pub const REPLY: &str = "reply";
pub const GROUP_MODERATION: &str = "group_moderation";
pub const UPDATE_MODERATION: &str = "update_moderation";
pub const AFFILIATION_APPROVED: &str = "affiliation_approved";
pub const PROJECT_MODERATION: &str = "project_moderation";
pub const PROJECT_UPDATE: &str = "project_update";
pub const PROJECT_FUNDING: &str = "project_funding";
pub const MODERATION: &str = "moderation";
pub const WEBHOOKS: &str = "webhooks";

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
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
}

/// Every kind, in the order the settings page lists them.
pub const KINDS: &[Kind] = &[
    Kind {
        id: JOIN_REQUEST_RECEIVED,
        name: "Join requests",
        description: "Someone asks to join a working group you manage.",
    },
    Kind {
        id: JOIN_REQUEST_ANSWERED,
        name: "Join request answers",
        description: "Your request to join a working group is accepted or declined.",
    },
    Kind {
        id: INVITATION_RECEIVED,
        name: "Invitations",
        description: "You are invited to a working group.",
    },
    Kind {
        id: ROLE_CHANGED,
        name: "Role changes",
        description: "Your role in a working group changes, or you are removed from it.",
    },
    Kind {
        id: NEW_TOPIC,
        name: "New discussions",
        description: "A new topic starts in a working group you belong to, or in a discussion you follow.",
    },
    Kind {
        id: REPLY,
        name: "Replies",
        description: "Someone replies to your topic or comment, or in a discussion you follow.",
    },
    Kind {
        id: GROUP_MODERATION,
        name: "Working group reviews",
        description: "Your working group is approved, rejected or suspended.",
    },
    Kind {
        id: UPDATE_MODERATION,
        name: "Update reviews",
        description: "Your update on a working group or project is approved, or not approved with a reason.",
    },
    Kind {
        id: PROJECT_MODERATION,
        name: "Project reviews",
        description: "Your research project is approved, or sent back with a reason.",
    },
    Kind {
        id: PROJECT_UPDATE,
        name: "Project updates",
        description: "A project you favourited posts an update.",
    },
    Kind {
        id: PROJECT_FUNDING,
        name: "Project funding",
        description: "A project you own or back reaches its funding goal, or ends without reaching it.",
    },
    Kind {
        id: MODERATION,
        name: "Moderation",
        description: "Moderators hide or remove something you wrote, or warn you about it.",
    },
    Kind {
        id: AFFILIATION_APPROVED,
        name: "Affiliation",
        description: "Your university affiliation is approved, or not approved with a reason.",
    },
    Kind {
        id: WEBHOOKS,
        name: "Webhooks",
        description: "A webhook you set up is turned off after failing again and again.",
    },
];
