//! The enumerations of spec 2 §3/§4 for working groups, defined once here; they reach the
//! client through the OpenAPI contract.

use kernel::string_enum;

string_enum!(ActiveStatus {
    Active = "active",
    Suspended = "suspended",
});

string_enum!(
    /// Only staff move a group to `approved` or `not_approved`.
    ApprovedStatus {
        Approved = "approved",
        NotApproved = "not_approved",
        WaitingForApproval = "waiting_for_approval",
        PendingApprovalForChanges = "pending_approval_for_changes",
    }
);

string_enum!(YesNo {
    Yes = "yes",
    No = "no",
});

string_enum!(
    /// `admin` is the owner; only `member` and `moderator` can be assigned.
    MemberRole {
        Admin = "admin",
        Moderator = "moderator",
        Member = "member",
    }
);

string_enum!(
    /// Browse orderings: newest, title, popular, and recommended (signed in).
    GroupOrdering {
        Newest = "-created_at",
        Title = "title",
        Popular = "popular",
        Recommended = "recommended",
    }
);

string_enum!(
    /// How a supplementary item is edited; fixed once saved.
    MaterialKind {
        Document = "document",
        Link = "link",
    }
);

string_enum!(
    /// What a supplementary item is, as the list shows it: a document's type is decided
    /// by its content.
    MaterialType {
        Image = "image",
        Gif = "gif",
        Pdf = "pdf",
        Link = "link",
    }
);

/// Group updates are reviewed as project updates are.
pub use owner_updates::UpdateStatus;

string_enum!(
    /// The lookups staff maintain: project tags, group goals, industry-partner roles.
    LookupKind {
        Tags = "tags",
        Goals = "goals",
        Roles = "roles",
    }
);

string_enum!(
    /// The staff console's group lists: waiting for review (default), or every group.
    StaffGroupList {
        Waiting = "waiting",
        All = "all",
    }
);

string_enum!(
    /// Where a member stands with the group's data-use agreement (issue 24 §2): `none`
    /// when the group has no agreement, `current` when they accepted its current version,
    /// `due` while they may still read private content under an older one (the grace
    /// period), `lapsed` once that ran out.
    AgreementState {
        None = "none",
        Current = "current",
        Due = "due",
        Lapsed = "lapsed",
    }
);
