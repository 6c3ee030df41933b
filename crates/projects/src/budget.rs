//! A project's money plan: the total budget (the terms require owners to state it), the
//! line items it is made of, the funding goal asked of donors, and the milestones that goal
//! pays for. Amounts are cents of CAD. The rules are plain functions, tested here.

use std::borrow::Cow;

use kernel::error::FieldErrors;
use kernel::input::Parse;
use kernel::validation::FieldText;
use sea_orm::FromJsonQueryResult;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An amount in cents of CAD as a form sends it: a whole number, required in the wizard's
/// words ("This field is required"); the plan's rules check its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cents(pub i64);

impl Parse for Cents {
    const MISSING: FieldText = FieldText::FieldRequired;

    fn parse(value: serde_json::Value) -> Result<Self, Cow<'static, str>> {
        value
            .as_i64()
            .map(Self)
            .ok_or(Cow::Borrowed(kernel::extract::INVALID_VALUE))
    }
}

impl utoipa::PartialSchema for Cents {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <i64 as utoipa::PartialSchema>::schema()
    }
}

/// The most line items and milestones one project lists.
pub const MAX_LINES: usize = 30;
pub const MAX_MILESTONES: usize = 12;

/// One line of the budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BudgetLine {
    pub label: String,
    /// Cents of CAD.
    pub amount_cents: i64,
}

/// What a part of the funding goal pays for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Milestone {
    pub title: String,
    /// Cents of CAD.
    pub amount_cents: i64,
    /// What this part of the money pays for.
    pub description: String,
}

/// The line items, stored as one JSON list on the project's row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct BudgetLines(pub Vec<BudgetLine>);

/// The milestones, stored as one JSON list on the project's row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult)]
pub struct Milestones(pub Vec<Milestone>);

impl Milestones {
    /// How many milestones a total of `raised` cents reaches: the money comes in order, so
    /// milestone `n` is reached once the amounts of the first `n` are raised.
    pub fn reached_by(&self, raised: i64) -> usize {
        let mut sum = 0i64;
        self.0
            .iter()
            .take_while(|m| {
                sum = sum.saturating_add(m.amount_cents);
                sum <= raised
            })
            .count()
    }
}

/// The Budget step, its texts already parsed.
#[derive(Clone, Debug)]
pub struct Plan {
    pub total_budget_cents: i64,
    pub funding_goal_cents: i64,
    pub campaign_days: i32,
    pub lines: Vec<BudgetLine>,
    pub milestones: Vec<Milestone>,
}

pub const AT_LEAST_ONE: &str = "Ensure this value is at least 1.";
pub const CAMPAIGN_LENGTH: &str = "Ensure this value is between 15 and 60.";
pub const GOAL_OVER_BUDGET: &str = "The funding goal cannot be more than the total budget.";
pub const TOO_MANY_LINES: &str = "List at most 30 line items.";
pub const TOO_MANY_MILESTONES: &str = "List at most 12 milestones.";

/// Every problem of the plan, by field (`budget_lines[2].amount_cents` for a row's).
pub fn problems(plan: &Plan) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let mut say = |field: String, text: String| errors.entry(field).or_default().push(text);
    if plan.total_budget_cents < 1 {
        say("total_budget_cents".into(), AT_LEAST_ONE.into());
    }
    if plan.funding_goal_cents < 1 {
        say("funding_goal_cents".into(), AT_LEAST_ONE.into());
    } else if plan.total_budget_cents >= 1 && plan.funding_goal_cents > plan.total_budget_cents {
        say("funding_goal_cents".into(), GOAL_OVER_BUDGET.into());
    }
    if !crate::policy::CAMPAIGN_DAYS.contains(&plan.campaign_days) {
        say("campaign_days".into(), CAMPAIGN_LENGTH.into());
    }
    if plan.lines.len() > MAX_LINES {
        say("budget_lines".into(), TOO_MANY_LINES.into());
    }
    for (i, line) in plan.lines.iter().enumerate() {
        if line.amount_cents < 1 {
            say(
                format!("budget_lines[{i}].amount_cents"),
                AT_LEAST_ONE.into(),
            );
        }
    }
    let lines = total(plan.lines.iter().map(|l| l.amount_cents));
    if !plan.lines.is_empty() && plan.total_budget_cents >= 1 && lines != plan.total_budget_cents {
        say(
            "budget_lines".into(),
            format!(
                "The line items add up to {}, not the total budget of {}.",
                dollars(lines),
                dollars(plan.total_budget_cents)
            ),
        );
    }
    if plan.milestones.len() > MAX_MILESTONES {
        say("milestones".into(), TOO_MANY_MILESTONES.into());
    }
    for (i, milestone) in plan.milestones.iter().enumerate() {
        if milestone.amount_cents < 1 {
            say(format!("milestones[{i}].amount_cents"), AT_LEAST_ONE.into());
        }
    }
    let paid = total(plan.milestones.iter().map(|m| m.amount_cents));
    if plan.funding_goal_cents >= 1 && paid > plan.funding_goal_cents {
        say(
            "milestones".into(),
            format!(
                "The milestones add up to {}, more than the funding goal of {}.",
                dollars(paid),
                dollars(plan.funding_goal_cents)
            ),
        );
    }
    errors
}

/// The sum of the positive amounts, held at `i64::MAX`: absurd amounts are an error on
/// their fields, never an overflow.
fn total(amounts: impl Iterator<Item = i64>) -> i64 {
    amounts.fold(0, |sum, cents| sum.saturating_add(cents.max(0)))
}

/// Cents as the site writes dollars: `CA$25,000` or `CA$1,250.50`.
pub fn dollars(cents: i64) -> String {
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    match cents % 100 {
        0 => format!("CA${grouped}"),
        rest => format!("CA${grouped}.{rest:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milestones_are_reached_in_order_as_the_money_comes_in() {
        let part = |amount_cents| Milestone {
            title: "Part".into(),
            amount_cents,
            description: String::new(),
        };
        let plan = Milestones(vec![part(1_000), part(2_000), part(500)]);
        assert_eq!(plan.reached_by(0), 0);
        assert_eq!(plan.reached_by(999), 0);
        assert_eq!(plan.reached_by(1_000), 1);
        assert_eq!(plan.reached_by(2_999), 1);
        assert_eq!(plan.reached_by(3_500), 3);
        assert_eq!(Milestones::default().reached_by(10_000), 0);
    }

    fn plan() -> Plan {
        Plan {
            total_budget_cents: 4_000_000,
            funding_goal_cents: 2_500_000,
            campaign_days: 30,
            lines: vec![
                BudgetLine {
                    label: "Staff".into(),
                    amount_cents: 3_000_000,
                },
                BudgetLine {
                    label: "Assays".into(),
                    amount_cents: 1_000_000,
                },
            ],
            milestones: vec![Milestone {
                title: "Recruitment".into(),
                amount_cents: 1_000_000,
                description: "Two research nurses for six months.".into(),
            }],
        }
    }

    #[test]
    fn a_consistent_plan_has_no_problem() {
        assert!(problems(&plan()).is_empty());
        let no_lines = Plan {
            lines: vec![],
            milestones: vec![],
            ..plan()
        };
        assert!(
            problems(&no_lines).is_empty(),
            "lines and milestones are optional"
        );
    }

    #[test]
    fn lines_add_up_to_the_total_and_milestones_fit_in_the_goal() {
        let mut off = plan();
        off.lines[1].amount_cents = 950_050;
        off.milestones[0].amount_cents = 2_600_000;
        let errors = problems(&off);
        assert_eq!(
            errors["budget_lines"],
            ["The line items add up to CA$39,500.50, not the total budget of CA$40,000."]
        );
        assert_eq!(
            errors["milestones"],
            ["The milestones add up to CA$26,000, more than the funding goal of CA$25,000."]
        );
    }

    #[test]
    fn each_amount_and_limit_is_named_on_its_field() {
        let mut bad = plan();
        bad.funding_goal_cents = 5_000_000;
        bad.campaign_days = 61;
        bad.lines[0].amount_cents = 0;
        bad.milestones[0].amount_cents = -5;
        let errors = problems(&bad);
        assert_eq!(errors["funding_goal_cents"], [GOAL_OVER_BUDGET]);
        assert_eq!(errors["campaign_days"], [CAMPAIGN_LENGTH]);
        assert_eq!(errors["budget_lines[0].amount_cents"], [AT_LEAST_ONE]);
        assert_eq!(errors["milestones[0].amount_cents"], [AT_LEAST_ONE]);
        let zero = Plan {
            total_budget_cents: 0,
            funding_goal_cents: 0,
            ..plan()
        };
        let errors = problems(&zero);
        assert_eq!(errors["total_budget_cents"], [AT_LEAST_ONE]);
        assert_eq!(errors["funding_goal_cents"], [AT_LEAST_ONE]);
    }

    #[test]
    fn huge_amounts_are_named_not_overflowed() {
        let mut huge = plan();
        huge.lines[0].amount_cents = i64::MAX;
        huge.milestones[0].amount_cents = i64::MAX;
        huge.milestones.push(huge.milestones[0].clone());
        let errors = problems(&huge);
        assert!(errors["budget_lines"][0].starts_with("The line items add up to"));
        assert!(errors["milestones"][0].starts_with("The milestones add up to"));
    }

    #[test]
    fn dollars_read_as_the_site_writes_them() {
        assert_eq!(dollars(2_500_000), "CA$25,000");
        assert_eq!(dollars(125_050), "CA$1,250.50");
        assert_eq!(dollars(99), "CA$0.99");
        assert_eq!(dollars(100_000_000), "CA$1,000,000");
    }
}
