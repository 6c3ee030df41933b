//! A public project's page as link previews and search engines show it: its picture, its
//! goal and how far it has come, and schema.org's `ResearchProject` funded by a
//! `MonetaryGrant` (issue 46 §3).

use chrono::{DateTime, Utc};
use kernel::page_meta::PageMeta;
use kernel::rich_text::plain_text;
use kernel::{AppContext, AppError, AppResult};
use serde_json::json;

use crate::budget::dollars;
use crate::entity::project;
use crate::service::browse;
use crate::service::ledger::CURRENCY;

/// `/project/{slug}` of a live or closed project.
pub async fn project(ctx: &AppContext, slug: &str) -> AppResult<Option<PageMeta>> {
    let project = AppError::found(browse::public(&ctx.db, slug).await)?;
    Ok(project.map(|project| {
        let image = project.image.as_deref().map(|key| ctx.storage.url(key));
        let about = format!(
            "{} {}",
            progress(&Figures::of(&project), kernel::clock::now()),
            plain_text(&project.lay_summary)
        );
        let thing = research_project(&project, image.as_deref());
        PageMeta::new(project.title, &about, image).describing(thing)
    }))
}

/// `/project/{slug}/protocol` of a live or closed project: its registered protocol's latest
/// version, with its hash, as schema.org's `CreativeWork` about the `ResearchProject`.
pub async fn protocol(ctx: &AppContext, slug: &str) -> AppResult<Option<PageMeta>> {
    let Some(project) = AppError::found(browse::public(&ctx.db, slug).await)? else {
        return Ok(None);
    };
    let latest = super::protocols::latest(&ctx.db, project.id).await?;
    let about = match &latest {
        Some(v) => format!(
            "The registered protocol of {}: version {} of {}, every version with what changed and why, and how to check none was changed.",
            project.title,
            v.version,
            v.registered_at.format("%Y-%m-%d"),
        ),
        None => format!("The protocol of {} is not registered yet.", project.title),
    };
    let mut thing = json!({
        "@type": "CreativeWork",
        "name": format!("Protocol: {}", project.title),
        "about": research_project(&project, None),
    });
    if let Some(v) = latest {
        thing["version"] = json!(v.version);
        thing["dateModified"] = json!(v.registered_at.to_rfc3339());
        thing["identifier"] = json!(format!("sha256:{}", v.content_hash));
    }
    Ok(Some(
        PageMeta::new(format!("Protocol: {}", project.title), &about, None).describing(thing),
    ))
}

/// The figures a campaign's progress is told with.
struct Figures {
    raised_cents: i64,
    goal_cents: Option<i64>,
    backers: i32,
    closes_at: Option<DateTime<Utc>>,
}

impl Figures {
    fn of(project: &project::Model) -> Self {
        Self {
            raised_cents: project.raised_cents,
            goal_cents: project.funding_goal_cents,
            backers: project.backers,
            closes_at: project.closes_at,
        }
    }
}

/// "CA$1,250 raised of CA$25,000 by 3 backers, 12 days left." as the project's page says it.
fn progress(project: &Figures, now: DateTime<Utc>) -> String {
    let raised = dollars(project.raised_cents);
    let of_goal = project
        .goal_cents
        .map(|goal| format!(" of {}", dollars(goal)))
        .unwrap_or_default();
    let backers = match project.backers {
        1 => "1 backer".to_owned(),
        n => format!("{n} backers"),
    };
    let left = project.closes_at.map(|closes| {
        // Whole days, counting a part day as one, as the page counts them.
        let seconds = (closes - now).num_seconds();
        let days = seconds / 86_400 + i64::from(seconds % 86_400 > 0);
        match days {
            ..=0 => ", campaign ended".to_owned(),
            1 => ", 1 day left".to_owned(),
            n => format!(", {n} days left"),
        }
    });
    format!(
        "{raised} raised{of_goal} by {backers}{}.",
        left.unwrap_or_default()
    )
}

/// The project in schema.org's words: what it studies and the money it asks for.
fn research_project(project: &project::Model, image: Option<&str>) -> serde_json::Value {
    let mut thing = json!({
        "@type": "ResearchProject",
        "name": project.title,
        "description": plain_text(&project.lay_summary),
    });
    if let Some(image) = image {
        thing["image"] = json!(image);
    }
    if let Some(goal) = project.funding_goal_cents {
        thing["funding"] = json!({
            "@type": "MonetaryGrant",
            "name": format!("Funding for {}", project.title),
            "amount": {
                "@type": "MonetaryAmount",
                "currency": CURRENCY.to_uppercase(),
                "value": goal as f64 / 100.0,
            },
        });
    }
    thing
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(
        goal: Option<i64>,
        raised: i64,
        backers: i32,
        hours: Option<i64>,
    ) -> (Figures, DateTime<Utc>) {
        let now = kernel::clock::now();
        let closes_at = hours.map(|h| now + chrono::Duration::hours(h));
        let figures = Figures {
            raised_cents: raised,
            goal_cents: goal,
            backers,
            closes_at,
        };
        (figures, now)
    }

    #[test]
    fn progress_reads_as_the_project_page_says_it() {
        let cases = [
            (
                figures(Some(2_500_000), 125_050, 3, Some(12 * 24)),
                "CA$1,250.50 raised of CA$25,000 by 3 backers, 12 days left.",
            ),
            (
                figures(Some(2_500_000), 0, 0, Some(5)),
                "CA$0 raised of CA$25,000 by 0 backers, 1 day left.",
            ),
            (
                figures(Some(100_000), 150_000, 1, Some(-1)),
                "CA$1,500 raised of CA$1,000 by 1 backer, campaign ended.",
            ),
            (figures(None, 0, 0, None), "CA$0 raised by 0 backers."),
        ];
        for ((figures, now), said) in cases {
            assert_eq!(progress(&figures, now), said);
        }
    }
}
