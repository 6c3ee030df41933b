use kernel::json_list::JsonList;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "quizzes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    /// HTML, sanitised on write.
    pub description: String,
    /// A JSON list of category names.
    pub categories: JsonList<String>,
    /// Storage key of the banner picture.
    pub banner: Option<String>,
    pub banner_link: Option<String>,
    /// Percent of right answers needed to pass.
    pub pass_mark: i32,
    pub attempts_allowed: i32,
    /// Hours to wait after a failed attempt.
    pub delay_hours: i32,
    pub published: bool,
    pub created_at: DateTimeUtc,
    /// How long a certificate of this quiz is valid; none: for good.
    pub validity_months: Option<i32>,
    /// Continuing professional development time a certificate records.
    pub cpd_minutes: Option<i32>,
    /// When members see which questions they got wrong, with the explanations.
    pub feedback: crate::enums::FeedbackShown,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
