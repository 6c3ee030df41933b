//! A notification: as it is written (`Notice`) and as members see it (`Notification`).

use chrono::Utc;
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::notification;
use crate::enums::ContentType;

/// A notification to write.
#[derive(Debug, Clone)]
pub struct Notice {
    pub user_id: i64,
    pub kind: kernel::notification_kinds::NotificationKind,
    pub title: String,
    pub message: String,
    pub in_app_route: Option<String>,
    pub object_slug: Option<String>,
    pub content_type: Option<ContentType>,
    pub invite_token: Option<String>,
    /// The source mails this itself (an invitation carries its link in its own e-mail):
    /// in-app only, so nobody gets the same news twice.
    pub mailed_by_source: bool,
    /// The post whose excerpt the message shows.
    pub post_id: Option<i64>,
}

/// A notification as members see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Notification {
    pub id: i64,
    /// What it is about: the kind members choose delivery for, and the page filters by.
    pub kind: kernel::notification_kinds::NotificationKind,
    pub title: String,
    pub message: String,
    pub read_at: Option<chrono::DateTime<Utc>>,
    pub created_at: chrono::DateTime<Utc>,
    pub in_app_route: Option<String>,
    pub object_slug: Option<String>,
    pub content_type: Option<ContentType>,
    pub invite_token: Option<String>,
}

impl Notification {
    pub(crate) fn from_entity(n: notification::Model) -> Self {
        Self {
            id: n.id,
            kind: n.kind,
            title: n.title,
            message: n.message,
            read_at: n.read_at,
            created_at: n.created_at,
            in_app_route: n.in_app_route,
            object_slug: n.object_slug,
            content_type: n.content_type,
            invite_token: n.invite_token,
        }
    }
}
