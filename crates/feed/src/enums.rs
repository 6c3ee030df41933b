//! The enumerations of spec 2 §3 (Feed item) and spec 1 §3 (Notification), defined once.

use kernel::string_enum;

string_enum!(
    /// What happened.
    FeedEventType {
        BlogCreated = "BLOG_CREATED",
        ProjectCreated = "PROJECT_CREATED",
        WorkingGroupCreated = "WORKING_GROUP_CREATED",
        BlogCommentCreated = "BLOG_COMMENT_CREATED",
        ProjectCommentCreated = "PROJECT_COMMENT_CREATED",
        WorkingGroupCommentCreated = "WORKING_GROUP_COMMENT_CREATED",
        BlogDiscussionCreated = "BLOG_DISCUSSION_CREATED",
        ProjectDiscussionCreated = "PROJECT_DISCUSSION_CREATED",
        WorkingGroupDiscussionCreated = "WORKING_GROUP_DISCUSSION_CREATED",
        ProjectUpdateCreated = "PROJECT_UPDATE_CREATED",
        WorkingGroupUpdateCreated = "WORKING_GROUP_UPDATE_CREATED",
        ProjectFundingCompleted = "PROJECT_FUNDING_COMPLETED",
        ProjectReachedMilestone = "PROJECT_REACHED_MILESTONE",
        /// A public project's protocol was registered or amended.
        ProjectProtocolRegistered = "PROJECT_PROTOCOL_REGISTERED",
        /// A Content Expert verified a milestone of a project's escrow: its tranche was paid.
        ProjectMilestoneVerified = "PROJECT_MILESTONE_VERIFIED",
        /// A funded project posted its results.
        ProjectResultsPosted = "PROJECT_RESULTS_POSTED",
    }
);

string_enum!(
    /// What it happened to.
    FeedObjectType {
        Project = "PROJECT",
        Comment = "COMMENT",
        Discussion = "DISCUSSION",
        WorkingGroup = "WORKING_GROUP",
        Blog = "BLOG",
        ProjectPost = "PROJECT_POST",
        WorkingGroupPost = "WORKING_GROUP_POST",
    }
);

string_enum!(
    /// What a notification is about.
    ContentType {
        Project = "project",
        WorkingGroup = "workinggroup",
        EntryPage = "entrypage",
    }
);

string_enum!(
    /// Where a queued e-mail stands.
    OutboxStatus {
        /// Waiting for its first attempt or its next retry.
        Pending = "pending",
        Sent = "sent",
        /// Given up after the last attempt.
        Failed = "failed",
    }
);
