//! Reports and moderation (issue 23, item 2): what a member may report and why, what a
//! moderator may do about it, and the ports through which the `moderation` crate reaches
//! content and accounts that other crates own. Defined once here, so the contract, the
//! client and every crate agree.

use std::collections::HashMap;

use crate::{AppResult, CurrentUser, Staff};
use async_trait::async_trait;

crate::string_enum!(
    /// What a member may report.
    ReportSubject {
        Topic = "topic",
        Reply = "reply",
        Group = "group",
        GroupUpdate = "group_update",
        ProjectUpdate = "project_update",
        Profile = "profile",
        /// A direct message (only its conversation's members may report it; staff review it).
        Message = "message",
    }
);

crate::string_enum!(
    /// Why, in the words of the terms' review guidelines.
    ReportReason {
        Spam = "spam",
        Abuse = "abuse",
        MedicalMisinformation = "medical_misinformation",
        PatientPrivacy = "patient_privacy",
        Other = "other",
    }
);

crate::string_enum!(
    /// What a moderator did about what was reported.
    ModerationAction {
        /// The reports are unfounded; a hidden item shows again.
        Dismiss = "dismiss",
        /// Hidden from everyone but its author (who sees the reason) and the moderators.
        Hide = "hide",
        Delete = "delete",
        /// Its author is told, with the reason; it stays.
        Warn = "warn",
        /// Its author's account is switched off (staff only).
        Suspend = "suspend",
    }
);

/// What was reported, as the queue and the moderation log name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    pub author_id: Option<i64>,
    /// The working group whose owner and moderators review it; `None` for staff only.
    pub group_id: Option<i64>,
    /// A short name: a topic's first words, a group's or update's title, a member's name.
    pub title: String,
    /// Its page.
    pub route: String,
    pub hidden: bool,
}

/// One kind of reportable thing, implemented by the crate that owns it.
#[async_trait]
pub trait Reportable: Send + Sync {
    /// The subjects among `ids` that still exist (not deleted), in a fixed number of
    /// statements.
    async fn describe(&self, ids: &[i64]) -> AppResult<HashMap<i64, Subject>>;

    /// Whether `viewer` may read subject `id`: only what one can read can be reported.
    async fn readable(&self, id: i64, viewer: &CurrentUser) -> AppResult<bool>;

    /// Whether this kind can be hidden and deleted by moderators (content can; a group
    /// or a profile is dealt with through its author, or by staff in their console). A kind
    /// that can implements the two methods below; the policy offers them to no other.
    fn removable(&self) -> bool {
        false
    }

    /// Hides subject `id` with `reason` shown to its author, or (`None`) shows it again.
    /// Doing it twice changes nothing: the moderation records the action after it.
    async fn set_hidden(&self, _id: i64, _reason: Option<&str>) -> AppResult<()> {
        Ok(())
    }

    /// Deletes subject `id` as moderator `by` (already deleted: nothing to do).
    async fn delete(&self, _id: i64, _by: i64) -> AppResult<()> {
        Ok(())
    }
}

/// What staff may do to an author's account, implemented by `accounts`.
#[async_trait]
pub trait Sanctions: Send + Sync {
    /// Switches the account off (audited in the staff log, as from the console).
    async fn suspend(&self, staff: &Staff, user_id: i64, reason: &str) -> AppResult<()>;
}
