use sea_orm::entity::prelude::*;

use crate::budget::{BudgetLines, Milestones};
use crate::content::Content;
use crate::enums::{EthicsStatus, FundingState, ProjectStatus};

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "projects")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub owner_id: i64,
    #[sea_orm(unique)]
    pub slug: String,
    pub title: String,
    /// Rich text for patients and the public, sanitised on write.
    pub lay_summary: String,
    /// Storage key of the project's picture (its thumbnail beside it).
    pub image: Option<String>,
    pub video_url: Option<String>,
    /// Rich text, sanitised on write; empty until the Research step is saved.
    pub problem: String,
    pub aims: String,
    pub methods: String,
    pub impact: String,
    pub ethics_status: Option<EthicsStatus>,
    /// The conflicts-of-interest declaration.
    pub conflicts: String,
    /// The funding goal in cents of CAD.
    pub funding_goal_cents: Option<i64>,
    /// What the whole project costs, in cents of CAD (the terms require it).
    pub total_budget_cents: Option<i64>,
    #[sea_orm(column_type = "Json")]
    pub budget_lines: BudgetLines,
    #[sea_orm(column_type = "Json")]
    pub milestones: Milestones,
    /// How long the campaign runs once live (15 to 60 days).
    pub campaign_days: Option<i32>,
    pub status: ProjectStatus,
    /// Staff's reason, when they rejected the submission.
    pub rejection_reason: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub submitted_at: Option<DateTimeUtc>,
    pub live_at: Option<DateTimeUtc>,
    /// When the campaign ends: set when staff approve it (`live_at` plus its days).
    pub closes_at: Option<DateTimeUtc>,
    /// Changes the owner proposed to the live project, waiting for staff.
    #[sea_orm(column_type = "Json", nullable)]
    pub pending_changes: Option<Content>,
    /// When the waiting changes were first proposed (staff's queue, oldest first).
    pub changes_proposed_at: Option<DateTimeUtc>,
    /// What the pledges standing now add up to, in cents of CAD (the ledger's sum).
    pub raised_cents: i64,
    /// How many members' pledges stand now.
    pub backers: i32,
    pub funding_state: FundingState,
    /// When the pledges first reached the goal (they are locked from then on).
    pub goal_reached_at: Option<DateTimeUtc>,
    /// How many milestones the pledges reached so far (each is announced once).
    pub milestones_reached: i32,
    /// When and by which Content Expert the funding was approved or not, and why not.
    pub funding_decided_at: Option<DateTimeUtc>,
    pub funding_decided_by: Option<i64>,
    pub funding_reason: Option<String>,
    /// When its results are due: set once it is paid out in full.
    pub results_due_at: Option<DateTimeUtc>,
    /// 0 until its owner is reminded the results are due, 1 once reminded, 2 once told they
    /// are overdue.
    pub results_reminders: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// Shows `changes` in place of this project's own content (the owner's view of waiting
    /// changes); their topics are returned, as they live apart from the row.
    pub(crate) fn overlay(&mut self, changes: Content) -> Vec<i64> {
        self.title = changes.title;
        self.lay_summary = changes.lay_summary;
        self.image = changes.image;
        self.video_url = changes.video_url;
        self.problem = changes.problem;
        self.aims = changes.aims;
        self.methods = changes.methods;
        self.impact = changes.impact;
        self.ethics_status = changes.ethics_status;
        self.conflicts = changes.conflicts;
        changes.tags
    }
}
