//! What the groups API returns. Built from the crate's rows and lookups; entities never
//! leave the crate.

use chrono::{DateTime, Utc};
use kernel::storage::Storage;
use kernel::users::UserSummary;
use serde::Serialize;
use utoipa::ToSchema;

use crate::entity::working_group;
use crate::enums::{ActiveStatus, AgreementState, ApprovedStatus, MemberRole, YesNo};
use crate::policy;
use crate::service::content::Content;
use crate::service::lookups::{self, Entry};

/// A project tag, goal or industry-partner role. Slug `other` asks for free text.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LookupItem {
    pub id: i64,
    pub slug: String,
    pub title: String,
}

impl LookupItem {
    pub fn from_entry(entry: Entry) -> Self {
        Self {
            id: entry.id,
            slug: entry.slug,
            title: entry.title,
        }
    }

    fn list(all: &[Entry], ids: &[i64]) -> Vec<Self> {
        lookups::pick(all, ids)
            .into_iter()
            .map(Self::from_entry)
            .collect()
    }
}

/// The lookups a group's ids are resolved against.
pub use crate::service::lookups::Lookups;

fn image_urls(storage: &dyn Storage, key: Option<&str>) -> (Option<String>, Option<String>) {
    (
        key.map(|k| storage.url(k)),
        key.map(|k| storage.url(&media::images::thumbnail_key(k))),
    )
}

/// Which comment count a viewer is shown: the posts of public topics, or all of them (to
/// the group's members and staff).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comments {
    Public,
    All,
}

impl Comments {
    /// All posts for those who may read private topics, the public ones for everyone else.
    pub fn for_viewer(reads_private: bool) -> Self {
        if reads_private {
            Self::All
        } else {
            Self::Public
        }
    }

    fn of(self, group: &working_group::Model) -> i32 {
        match self {
            Self::Public => group.public_comments_count,
            Self::All => group.comments_count,
        }
    }
}

/// A group in a list (browse, My Working Groups, a profile).
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupCard {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub image: Option<String>,
    pub image_thumbnail: Option<String>,
    /// Rich text (sanitised).
    pub summary: String,
    pub tags: Vec<LookupItem>,
    pub created_by: Option<UserSummary>,
    /// Number of members.
    pub members: i32,
    /// Number of live posts in the group's discussion the viewer may read.
    pub comments: i32,
    pub active_status: ActiveStatus,
    pub approved_status: ApprovedStatus,
    /// Where the group stands, as the server's rules read the two statuses.
    pub standing: GroupStanding,
    /// Saved in the wizard and never submitted: staff have not seen it yet.
    pub is_draft: bool,
    pub created_at: DateTime<Utc>,
}

/// What a group's statuses mean, read by `groups::policy` once, so no screen compares
/// statuses to decide what to show or offer.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct GroupStanding {
    /// Listed, readable by everyone and open to join requests.
    pub is_public: bool,
    /// An approved version exists (changes to it may be awaiting review): updates may be
    /// posted.
    pub is_approved: bool,
    /// Changes its owner proposed await review; the approved version shows meanwhile.
    pub has_pending_changes: bool,
    /// Staff may approve or reject it now.
    pub is_under_review: bool,
    /// Taken off the site by staff until reactivated.
    pub is_suspended: bool,
}

impl GroupStanding {
    pub fn of(group: &working_group::Model) -> Self {
        let approved = group.approved_status;
        Self {
            is_public: policy::is_public(approved, group.active_status),
            is_approved: policy::is_approved(approved),
            has_pending_changes: approved == ApprovedStatus::PendingApprovalForChanges,
            is_under_review: policy::is_under_review(approved, group.submitted_at.is_some()),
            is_suspended: group.active_status == ActiveStatus::Suspended,
        }
    }
}

impl GroupCard {
    pub fn build(
        group: working_group::Model,
        tags: Vec<Entry>,
        creator: Option<UserSummary>,
        comments: Comments,
        storage: &dyn Storage,
    ) -> Self {
        let (image, image_thumbnail) = image_urls(storage, group.image.as_deref());
        let comments = comments.of(&group);
        let standing = GroupStanding::of(&group);
        Self {
            id: group.id,
            slug: group.slug,
            title: group.title,
            image,
            image_thumbnail,
            summary: group.summary,
            tags: tags.into_iter().map(LookupItem::from_entry).collect(),
            created_by: creator,
            members: group.members_count,
            comments,
            active_status: group.active_status,
            approved_status: group.approved_status,
            standing,
            is_draft: group.submitted_at.is_none(),
            created_at: group.created_at,
        }
    }
}

/// Every field of a working group with the viewer's relation to it.
#[derive(Debug, Serialize, ToSchema)]
pub struct GroupDetail {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub image: Option<String>,
    pub image_thumbnail: Option<String>,
    /// A video address; the page embeds it only for known video hosts.
    pub embedded_link: Option<String>,
    pub tags: Vec<LookupItem>,
    pub summary: String,
    pub additional_info: Option<String>,
    pub created_by: Option<UserSummary>,
    pub goals_of_working_group: Vec<LookupItem>,
    pub other_goals_of_wg: Option<String>,
    pub industry_partner_likely: Option<YesNo>,
    pub role_of_industry_partner: Vec<LookupItem>,
    pub other_role_of_industry_partner: Option<String>,
    /// Rich text (sanitised).
    pub member_obligations: String,
    pub members: i32,
    pub comments: i32,
    pub active_status: ActiveStatus,
    pub approved_status: ApprovedStatus,
    /// Where the group stands, as the server's rules read the two statuses.
    pub standing: GroupStanding,
    pub created_at: DateTime<Utc>,
    pub is_owner: bool,
    pub is_moderator: bool,
    pub is_member: bool,
    pub has_join_request: bool,
    /// What the viewer may do here, as `groups::policy` decides it.
    pub abilities: GroupAbilities,
    /// The group's data-use agreement and where the viewer stands with it.
    pub agreement: AgreementStanding,
    /// Text the patient-data guardrail flags is not published here, even with a
    /// declaration (the owner's choice).
    pub phi_blocking: bool,
}

/// A group's data-use agreement as the viewer stands with it (issue 24 §2).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AgreementStanding {
    /// The current version; absent while the group has none.
    pub version: Option<i32>,
    pub state: AgreementState,
    /// Until when members holding an older version still read private content.
    pub grace_until: Option<DateTime<Utc>>,
    /// The viewer is a member asked to accept the current version (due or lapsed).
    pub must_accept: bool,
    /// While the viewer's grace period runs: the day by which they accept to keep reading.
    pub accept_by: Option<DateTime<Utc>>,
}

/// The viewer's relation to a group: their role and where they stand with its agreement.
#[derive(Debug, Clone, Copy)]
pub struct Relation {
    pub role: Option<MemberRole>,
    pub agreement: AgreementState,
}

impl Relation {
    pub fn of(viewed: &crate::service::detail::Viewed) -> Self {
        Self {
            role: viewed.role,
            agreement: viewed.agreement,
        }
    }

    /// Staff reading the console: no role, nothing to accept.
    pub fn staff() -> Self {
        Self {
            role: None,
            agreement: AgreementState::None,
        }
    }

    /// The owner, who accepts each version as they publish it.
    pub fn owner(group: &working_group::Model) -> Self {
        let agreement = match group.agreement_version {
            Some(_) => AgreementState::Current,
            None => AgreementState::None,
        };
        Self {
            role: Some(MemberRole::Admin),
            agreement,
        }
    }
}

/// What a viewer may do with a group: computed once, by the policy, so no screen decides
/// a permission itself.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct GroupAbilities {
    /// Send a join request (a visitor is asked to sign in first): the group is public and
    /// the viewer not in it.
    pub can_join: bool,
    /// Edit, submit for review and delete the group (its owner).
    pub can_edit: bool,
    /// Edit the supplementary materials.
    pub can_edit_materials: bool,
    pub can_post_update: bool,
    /// The page's Members and Updates tabs.
    pub can_see_members: bool,
    /// Decide on join requests and handle invitations.
    pub can_manage_requests: bool,
    pub can_leave: bool,
    /// The group's activity over time (`GET /groups/{slug}/activity`).
    pub can_see_activity: bool,
    /// Publish the data-use agreement and export its acceptances (its owner).
    pub can_manage_agreement: bool,
}

impl GroupAbilities {
    pub fn of(
        group: &working_group::Model,
        role: Option<MemberRole>,
        agreement: AgreementState,
    ) -> Self {
        Self {
            can_join: policy::may_ask_to_join(group.approved_status, group.active_status, role),
            can_edit: policy::may_manage(role),
            can_edit_materials: policy::may_curate(role),
            can_post_update: policy::may_curate(role),
            can_see_members: policy::may_open_member_tabs(role)
                && policy::may_read_private(role, false, agreement),
            can_manage_requests: policy::may_manage_requests(role),
            can_leave: policy::may_leave(role),
            can_see_activity: policy::may_see_activity(role),
            can_manage_agreement: policy::may_manage_agreement(role),
        }
    }
}

impl GroupDetail {
    pub fn build(
        group: working_group::Model,
        content: Content,
        lookups: &Lookups,
        creator: Option<UserSummary>,
        relation: Relation,
        comments: Comments,
        storage: &dyn Storage,
    ) -> Self {
        let role = relation.role;
        let agreement = AgreementStanding {
            version: group.agreement_version,
            state: relation.agreement,
            grace_until: group.agreement_grace_until,
            must_accept: policy::must_accept_agreement(role, relation.agreement),
            accept_by: group
                .agreement_grace_until
                .filter(|_| relation.agreement == AgreementState::Due),
        };
        let (image, image_thumbnail) = image_urls(storage, content.image.as_deref());
        let comments = comments.of(&group);
        let standing = GroupStanding::of(&group);
        let abilities = GroupAbilities::of(&group, role, relation.agreement);
        Self {
            id: group.id,
            slug: group.slug,
            title: content.title,
            image,
            image_thumbnail,
            embedded_link: content.embedded_link,
            tags: LookupItem::list(&lookups.tags, &content.tags),
            summary: content.summary,
            additional_info: content.additional_info,
            created_by: creator,
            goals_of_working_group: LookupItem::list(
                &lookups.goals,
                &content.goals_of_working_group,
            ),
            other_goals_of_wg: content.other_goals_of_wg,
            industry_partner_likely: content.industry_partner_likely,
            role_of_industry_partner: LookupItem::list(
                &lookups.roles,
                &content.role_of_industry_partner,
            ),
            other_role_of_industry_partner: content.other_role_of_industry_partner,
            member_obligations: content.member_obligations,
            members: group.members_count,
            comments,
            active_status: group.active_status,
            approved_status: group.approved_status,
            standing,
            created_at: group.created_at,
            is_owner: role == Some(MemberRole::Admin),
            is_moderator: role == Some(MemberRole::Moderator),
            is_member: role.is_some(),
            has_join_request: false,
            abilities,
            agreement,
            phi_blocking: group.phi_blocking,
        }
    }
}
