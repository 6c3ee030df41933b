//! Results that are reported (issue 50, item 3): once a project is paid out in full (its last
//! milestone verified, or its one payout made) its results are due within
//! `COHORT_RESULTS_DUE_MONTHS` (12 by default); its owner posts them once — a lay summary,
//! the outcomes, links to publications and data, each deviation from the registered protocol
//! named — and its backers and followers hear of it. The owner is reminded a month before
//! the date and told once it passed; a public tracker lists what is due and overdue, and an
//! overdue owner's profile says so.

use chrono::{DateTime, Months, Utc};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Page, PageParams};
use references::identifiers::Identifier;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TryInsertResult,
};

use super::{browse, favorites, ownership, pledging};
use crate::entity::project;
use crate::entity::results::{self, Deviation, Deviations, References};
use crate::events::{ResultsDue, ResultsPosted};
use crate::policy;

pub const NOT_YET: &str = "Results are posted once the project is paid out in full.";
pub const POSTED: &str = "The results were posted already: they stay as posted.";
pub const BAD_LINK: &str =
    "Enter a DOI, a PubMed id, a trial registry id (NCT or ISRCTN) or a web address (https://…).";
/// The most links of each kind, and deviations, one post gives.
pub const MAX_LINKS: usize = 20;
pub const MAX_DEVIATIONS: usize = 20;
/// How long before the date the owner is reminded.
pub const REMIND_DAYS: i64 = 30;

/// What the owner posts.
#[derive(Debug, Clone)]
pub struct Posting {
    pub lay_summary: String,
    pub outcomes: String,
    pub publications: Vec<String>,
    pub data: Vec<String>,
    pub deviations: Vec<Deviation>,
}

/// When results are due for a project paid out in full at `paid`.
pub fn due_after(ctx: &AppContext, paid: DateTime<Utc>) -> DateTime<Utc> {
    paid.checked_add_months(Months::new(ctx.config.results_due_months))
        .unwrap_or(paid)
}

/// Sets project `id`'s results date in `tx`, as it is paid out in full at `paid`.
pub async fn make_due(
    ctx: &AppContext,
    tx: &DatabaseTransaction,
    id: i64,
    paid: DateTime<Utc>,
) -> AppResult<()> {
    project::Entity::update_many()
        .col_expr(
            project::Column::ResultsDueAt,
            Expr::value(due_after(ctx, paid)),
        )
        .filter(project::Column::Id.eq(id))
        .filter(project::Column::ResultsDueAt.is_null())
        .exec(tx)
        .await?;
    Ok(())
}

/// A link as kept: an identifier in its canonical form, or a web address; the field's text
/// when it is neither.
pub fn link(text: &str) -> Result<String, &'static str> {
    if let Ok(id) = Identifier::parse(text) {
        return Ok(id.value);
    }
    let text = text.trim();
    let web = (text.starts_with("https://") || text.starts_with("http://"))
        && text.len() <= kernel::input::URL_MAX
        && !text.contains(char::is_whitespace)
        && text
            .split("://")
            .nth(1)
            .is_some_and(|rest| rest.contains('.'));
    if web {
        Ok(text.to_owned())
    } else {
        Err(BAD_LINK)
    }
}

/// Each of `given` checked as a link, or the field error (`{field}[i]`) of the first that is not.
pub fn links(field: &str, given: Vec<String>) -> AppResult<Vec<String>> {
    if given.len() > MAX_LINKS {
        return Err(AppError::field(field, format!("Give at most {MAX_LINKS}.")));
    }
    given
        .iter()
        .enumerate()
        .map(|(i, text)| link(text).map_err(|m| AppError::field(&format!("{field}[{i}]"), m)))
        .collect()
}

/// The owner posts project `id`'s results, once.
pub async fn post(
    ctx: &AppContext,
    user: &CurrentUser,
    id: i64,
    posting: Posting,
) -> AppResult<results::Model> {
    let found = ownership::owned(&ctx.db, user, id).await?;
    if !policy::may_post_results(found.funding_state) {
        return Err(AppError::bad_request("results_not_yet", NOT_YET));
    }
    let row = results::ActiveModel {
        project_id: Set(id),
        lay_summary: Set(posting.lay_summary),
        outcomes: Set(posting.outcomes),
        publications: Set(References(posting.publications)),
        data: Set(References(posting.data)),
        deviations: Set(Deviations(posting.deviations)),
        posted_by: Set(user.id),
        posted_at: Set(kernel::clock::now()),
        ..Default::default()
    };
    let inserted = results::Entity::insert(row)
        .on_conflict_do_nothing_on([results::Column::ProjectId])
        .exec(&ctx.db)
        .await?;
    let TryInsertResult::Inserted(_) = inserted else {
        return Err(posted());
    };
    let posted = of(&ctx.db, id).await?.ok_or_else(AppError::not_found)?;
    let mut audience =
        pledging::backers_with(&ctx.db, id, &[crate::enums::PledgeStatus::Charged]).await?;
    audience.extend(favorites::fans_of(&ctx.db, id).await?);
    audience.sort_unstable();
    audience.dedup();
    ctx.events
        .publish(ResultsPosted {
            project: browse::ProjectRef::of(&found),
            audience,
        })
        .await;
    Ok(posted)
}

/// The 409 of results posted twice.
pub fn posted() -> AppError {
    AppError::conflict("results_posted", POSTED)
}

/// Project `id`'s results, if posted.
pub async fn of(db: &impl ConnectionTrait, id: i64) -> AppResult<Option<results::Model>> {
    Ok(results::Entity::find()
        .filter(results::Column::ProjectId.eq(id))
        .one(db)
        .await?)
}

/// The projects whose results are due and not posted.
fn awaiting() -> sea_orm::Select<project::Entity> {
    let posted = Query::select()
        .column(results::Column::ProjectId)
        .from(results::Entity)
        .to_owned();
    project::Entity::find()
        .filter(project::Column::ResultsDueAt.is_not_null())
        .filter(project::Column::Id.not_in_subquery(posted))
}

/// The public tracker: projects whose results are due, the earliest date first (overdue
/// ones come first).
pub async fn tracker(
    db: &impl ConnectionTrait,
    params: &PageParams,
) -> AppResult<Page<project::Model>> {
    let select = awaiting()
        .order_by_asc(project::Column::ResultsDueAt)
        .order_by_asc(project::Column::Id);
    kernel::pagination::paginate(db, select, params, 20).await
}

/// Of `created` (one owner's public projects), those whose results are overdue at `now`.
pub async fn overdue_among(
    db: &impl ConnectionTrait,
    created: &[project::Model],
    now: DateTime<Utc>,
) -> AppResult<Vec<project::Model>> {
    let late: Vec<&project::Model> = created
        .iter()
        .filter(|p| p.results_due_at.is_some_and(|due| is_overdue(due, now)))
        .collect();
    if late.is_empty() {
        return Ok(Vec::new());
    }
    let posted: Vec<i64> = results::Entity::find()
        .select_only()
        .column(results::Column::ProjectId)
        .filter(results::Column::ProjectId.is_in(late.iter().map(|p| p.id)))
        .into_tuple()
        .all(db)
        .await?;
    Ok(late
        .into_iter()
        .filter(|p| !posted.contains(&p.id))
        .cloned()
        .collect())
}

/// Reminds owners whose results are due within a month, then tells them once the date has
/// passed: each once (a conditional update on how far they were reminded). How many it told.
pub async fn remind(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<usize> {
    let soon = now + chrono::Duration::days(REMIND_DAYS);
    let due = awaiting()
        .filter(project::Column::ResultsDueAt.lte(soon))
        .filter(project::Column::ResultsReminders.lt(2))
        .all(&ctx.db)
        .await?;
    let mut told = 0;
    for found in due {
        let Some(due_at) = found.results_due_at else {
            continue;
        };
        let overdue = due_at <= now;
        let step = if overdue { 2 } else { 1 };
        if found.results_reminders >= step {
            continue;
        }
        let moved = project::Entity::update_many()
            .col_expr(project::Column::ResultsReminders, Expr::value(step))
            .filter(project::Column::Id.eq(found.id))
            .filter(project::Column::ResultsReminders.eq(found.results_reminders))
            .exec(&ctx.db)
            .await?;
        if moved.rows_affected == 0 {
            continue;
        }
        told += 1;
        ctx.events
            .publish(ResultsDue {
                project: browse::ProjectRef::of(&found),
                due_at,
                overdue,
            })
            .await;
    }
    Ok(told)
}

/// The tracker's standing of a project whose results are due at `due_at`.
pub fn is_overdue(due_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    due_at <= now
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_an_identifier_in_its_canonical_form_or_a_web_address() {
        assert_eq!(
            link("doi:10.1056/NEJMoa2007764").as_deref(),
            Ok("10.1056/NEJMoa2007764")
        );
        assert_eq!(
            link("https://doi.org/10.1000/182").as_deref(),
            Ok("10.1000/182")
        );
        assert_eq!(link("nct04280705").as_deref(), Ok("NCT04280705"));
        assert_eq!(link("PMID: 32356627").as_deref(), Ok("32356627"));
        assert_eq!(
            link("https://osf.io/abc12/").as_deref(),
            Ok("https://osf.io/abc12/")
        );
        for bad in ["osf project", "ftp://example.org/x", "https://nohost", ""] {
            assert_eq!(link(bad), Err(BAD_LINK), "{bad}");
        }
    }

    #[test]
    fn results_fall_due_a_set_number_of_months_after_the_payout() {
        let paid = DateTime::parse_from_rfc3339("2027-01-31T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let due = paid.checked_add_months(Months::new(12)).unwrap();
        assert_eq!(due.to_rfc3339(), "2028-01-31T10:00:00+00:00");
        assert!(is_overdue(due, due));
        assert!(!is_overdue(due, due - chrono::Duration::seconds(1)));
    }
}
