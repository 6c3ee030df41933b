//! The enumerations of projects, defined once here; they reach the client through the
//! OpenAPI contract once the endpoints exist.

use kernel::string_enum;

string_enum!(
    /// draft → submitted → live → closed; staff may reject a submission (with a reason the
    /// owner reads) or suspend a live project.
    ProjectStatus {
        Draft = "draft",
        Submitted = "submitted",
        Live = "live",
        Closed = "closed",
        Rejected = "rejected",
        Suspended = "suspended",
    }
);

string_enum!(
    /// Research ethics (REB) approval of the project's study.
    EthicsStatus {
        Approved = "approved",
        Pending = "pending",
        NotRequired = "not_required",
    }
);

string_enum!(
    /// What keeps a member from submitting a project, each with its own way to fix it.
    CreatorGap {
        /// No approved university affiliation yet.
        Affiliation = "affiliation",
        /// The affiliation is set up and confirmed; staff have yet to approve it.
        AffiliationInReview = "affiliation_in_review",
        /// Gender, age group or career stage not given.
        EquityProfile = "equity_profile",
    }
);

string_enum!(
    /// What Dynamic Review rates, each from 1 to 5.
    ReviewCriterion {
        ScientificMerit = "scientific_merit",
        Feasibility = "feasibility",
        RelevanceToPatients = "relevance_to_patients",
        Clarity = "clarity",
        Team = "team",
    }
);

impl ReviewCriterion {
    /// The criterion's name as members read it.
    pub fn label(self) -> &'static str {
        match self {
            Self::ScientificMerit => "Scientific merit",
            Self::Feasibility => "Feasibility",
            Self::RelevanceToPatients => "Relevance to patients",
            Self::Clarity => "Clarity",
            Self::Team => "Team",
        }
    }
}

string_enum!(
    /// What a project asks the community for (`/needs` lists them by kind).
    NeedKind {
        Participants = "participants",
        CoInvestigators = "co_investigators",
        Mentors = "mentors",
        Helpers = "helpers",
        Data = "data",
        Equipment = "equipment",
    }
);

string_enum!(
    /// How `/projects` orders live projects.
    ProjectSort {
        Newest = "newest",
        EndingSoon = "ending_soon",
        MostReviewed = "most_reviewed",
        MostFavorited = "most_favorited",
    }
);

string_enum!(
    /// What staff do to a public project: suspend it (with a reason the owner reads), make a
    /// suspended one live again, or close it.
    ProjectAction {
        Suspend = "suspend",
        Reactivate = "reactivate",
        Close = "close",
    }
);

string_enum!(
    /// Where a pledge stands (all or nothing): promised while the campaign runs, charged
    /// once the goal is met and approved, or undone.
    PledgeStatus {
        /// Promised; charged only if the goal is met and a Content Expert approves.
        Pledged = "pledged",
        /// Claimed by a charging run: the processor is being asked to charge it, and its
        /// answer is recorded next (a run cut short resumes it with the same key).
        Charging = "charging",
        Charged = "charged",
        /// Withdrawn by the backer before the goal was reached.
        Cancelled = "cancelled",
        Refunded = "refunded",
        /// The charge failed.
        Failed = "failed",
        /// Let go uncharged: the campaign ended without reaching its goal, the Content
        /// Expert did not approve, or the owner refunded before charging.
        Released = "released",
        /// The charge failed and the card was not updated within the grace period: it is
        /// no longer part of the funding.
        Lapsed = "lapsed",
    }
);

string_enum!(
    /// Where reconciliation found a difference.
    ReconciliationSide {
        /// The processor holds a movement the ledger lacks.
        Processor = "processor",
        /// The ledger holds a movement the processor lacks, or records it differently.
        Ledger = "ledger",
        /// A project's totals shown to people differ from its ledger or its pledges.
        Totals = "totals",
    }
);

impl PledgeStatus {
    /// A pledge counted in its project's raised amount and backers (a failed charge still
    /// counts until it lapses).
    pub const STANDING: [PledgeStatus; 4] = [
        PledgeStatus::Pledged,
        PledgeStatus::Charging,
        PledgeStatus::Charged,
        PledgeStatus::Failed,
    ];

    /// A pledge that makes its member a backer of the project.
    pub const BACKING: [PledgeStatus; 3] = [
        PledgeStatus::Pledged,
        PledgeStatus::Charging,
        PledgeStatus::Charged,
    ];
}

string_enum!(
    /// Where a live project's funding stands (all or nothing).
    FundingState {
        /// Taking pledges; backers may change or cancel theirs.
        Open = "open",
        /// The pledges reached the goal: they are locked, and a Content Expert decides.
        GoalReached = "goal_reached",
        /// A Content Expert approved: each pledge is being charged.
        Charging = "charging",
        /// Every pledge is charged (or lapsed); the platform's fee is kept.
        Funded = "funded",
        /// The funds wait in escrow, less the fee, and are paid out milestone by milestone as
        /// a Content Expert verifies each (a project whose budget lists milestones).
        InEscrow = "in_escrow",
        /// The funds were paid out to the owner's institutional account.
        Disbursed = "disbursed",
        /// A milestone was missed or sent back twice: the project ended and what was left in
        /// escrow went back to its donors, pro rata.
        Abandoned = "abandoned",
        /// The campaign ended without reaching its goal, or the Content Expert did not
        /// approve: every pledge was let go, no one is charged.
        Released = "released",
        /// The owner refunded every pledge: the contract is void.
        Refunded = "refunded",
    }
);

string_enum!(
    /// What a ledger entry records.
    LedgerKind {
        /// A pledge made (its amount).
        Pledged = "pledged",
        /// A pledge's amount changed (the difference).
        Changed = "changed",
        /// A pledge withdrawn or let go uncharged (minus its amount).
        Released = "released",
        /// The pledges reached the goal (no money moves; the total at that moment).
        GoalReached = "goal_reached",
        /// A pledge charged (its amount, now collected).
        Charged = "charged",
        /// A charge attempt failed (no money moves; the processor's reference).
        Failed = "failed",
        /// The platform's fee kept from what was collected.
        Fee = "fee",
        /// What was paid out to the owner's institutional account.
        Payout = "payout",
        /// A charged pledge refunded (minus its amount from what was collected).
        Refunded = "refunded",
        /// The payout taken back from the owner's account before a refund (minus it).
        PayoutReversed = "payout_reversed",
        /// The platform's fee given back before a refund (minus it).
        FeeReturned = "fee_returned",
    }
);

string_enum!(
    /// An account of a project's books (double entry): each ledger entry moves its amount
    /// from one account to another, so every account's balance is the sum of its postings.
    LedgerAccount {
        /// What pledges promise (the source of commitments; its balance is minus the pledged).
        Commitments = "commitments",
        /// What standing pledges add up to (the project's raised amount).
        Pledged = "pledged",
        /// The donors' cards (money comes from them and refunds go back to them).
        DonorCards = "donor_cards",
        /// What Cohort holds for the project between a charge and the payout.
        Escrow = "escrow",
        /// The platform's fee kept.
        PlatformFees = "platform_fees",
        /// The owner's institutional account the funds are paid out to.
        OwnerPayout = "owner_payout",
    }
);

/// The totals a ledger entry counts toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Total {
    /// What the standing pledges add up to (the project's `raised_cents`).
    Pledged,
    /// What was collected from cards (less refunds).
    Collected,
    Fees,
    PaidOut,
    /// A marker that moves no money.
    None,
}

impl LedgerKind {
    /// The accounts an entry of this kind moves its amount between (from, to); none for a
    /// marker that moves nothing. A negative amount moves back the other way.
    pub fn accounts(self) -> Option<(LedgerAccount, LedgerAccount)> {
        use LedgerAccount::{Commitments, DonorCards, Escrow, OwnerPayout, PlatformFees, Pledged};
        match self.total() {
            Total::Pledged => Some((Commitments, Pledged)),
            Total::Collected => Some((DonorCards, Escrow)),
            Total::Fees => Some((Escrow, PlatformFees)),
            Total::PaidOut => Some((Escrow, OwnerPayout)),
            Total::None => None,
        }
    }

    pub fn total(self) -> Total {
        match self {
            Self::Pledged | Self::Changed | Self::Released => Total::Pledged,
            Self::Charged | Self::Refunded => Total::Collected,
            Self::Fee | Self::FeeReturned => Total::Fees,
            Self::Payout | Self::PayoutReversed => Total::PaidOut,
            Self::GoalReached | Self::Failed => Total::None,
        }
    }
}

string_enum!(
    /// Where a milestone of a project's escrow stands.
    MilestoneState {
        /// Waiting for the owner's report, by its deadline.
        Pending = "pending",
        /// Reported done with evidence: a Content Expert verifies it.
        Reported = "reported",
        /// Sent back with a reason: the owner reports it again (a second return ends the
        /// project).
        Returned = "returned",
        /// Verified: its tranche was paid out.
        Verified = "verified",
        /// Not reported by its deadline and grace period: the project ended.
        Missed = "missed",
        /// Sent back twice: the project ended.
        Rejected = "rejected",
        /// The project ended before this milestone was due.
        Cancelled = "cancelled",
    }
);

impl MilestoneState {
    /// A milestone the owner may still report (and whose deadline still runs).
    pub const OPEN: [MilestoneState; 2] = [MilestoneState::Pending, MilestoneState::Returned];
}

string_enum!(
    /// How a paragraph or a file of a protocol version compares with the version before.
    DiffChange {
        Same = "same",
        Added = "added",
        Removed = "removed",
        /// Rewritten: the earlier paragraph beside the later one.
        Changed = "changed",
    }
);
