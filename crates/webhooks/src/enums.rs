//! The webhooks crate's enumerations, as stored and as the contract shows them.

kernel::string_enum!(
    /// What a webhook can be subscribed to. Staff webhooks take every kind, a working
    /// group's webhooks the kinds that happen in a group: new topics and new members.
    EventKind {
        ProjectSubmitted = "project.submitted",
        ProjectApproved = "project.approved",
        PledgeMade = "pledge.made",
        FundingReached = "project.funding_reached",
        ProjectFunded = "project.funded",
        TopicCreated = "topic.created",
        MemberJoined = "member.joined",
    }
);

impl EventKind {
    /// Kinds a working group's webhook may take: what happens inside a group.
    pub const fn in_groups(self) -> bool {
        matches!(self, Self::TopicCreated | Self::MemberJoined)
    }

    /// What it means, as the subscription form explains it.
    pub const fn description(self) -> &'static str {
        match self {
            Self::ProjectSubmitted => "A research project is submitted for review.",
            Self::ProjectApproved => "A research project is approved and goes live.",
            Self::PledgeMade => "Someone pledges to a project (the amount, never who).",
            Self::FundingReached => "A project's pledges reach its funding goal.",
            Self::ProjectFunded => "A project's pledges are charged and paid out.",
            Self::TopicCreated => "A discussion topic is started.",
            Self::MemberJoined => "Someone joins a working group.",
        }
    }
}

kernel::string_enum!(
    /// Where a delivery stands.
    DeliveryStatus {
        /// Waiting for its first attempt or its next retry.
        Pending = "pending",
        /// The receiver answered 2xx.
        Delivered = "delivered",
        /// Given up: every attempt failed, or the webhook was turned off.
        Failed = "failed",
    }
);
