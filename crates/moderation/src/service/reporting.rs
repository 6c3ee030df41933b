//! A member reports something: one open report per member and item, and the item is
//! hidden once enough members have reported it, until a moderator reviews it.

use actix_web::http::StatusCode;
use kernel::moderation::{ModerationAction, ReportReason, ReportSubject};
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::{Reportables, acting};
use crate::entity::report;
use crate::policy;

pub const THANKS: &str = "Thank you. The moderators will review your report.";
pub const ALREADY: &str = "You have already reported this; the moderators will review it.";
pub const OWN: &str = "You cannot report yourself or something you wrote.";
pub const DETAILS_NEEDED: &str = "Tell the moderators what is wrong.";
pub const DETAILS_TOO_LONG: &str = "Use at most 1000 characters.";
pub const TOO_MANY: &str =
    "You have sent many reports in a short time. Please try again in an hour.";
/// What the author reads about an item hidden by the threshold.
pub const AUTO_HIDDEN: &str =
    "Hidden after several members reported it, until a moderator reviews it.";

pub const DETAILS_MAX_CHARS: usize = 1000;
/// Reports one member may send in an hour.
const PER_HOUR: u64 = 30;

/// What a member reports.
#[derive(Debug, Clone)]
pub struct NewReport {
    pub subject_type: ReportSubject,
    pub subject_id: i64,
    pub reason: ReportReason,
    pub details: Option<String>,
}

/// The details as kept: trimmed, none when blank, required for "other".
fn details(report: &NewReport) -> AppResult<Option<String>> {
    let details = report
        .details
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(str::to_owned);
    match &details {
        Some(d) if d.chars().count() > DETAILS_MAX_CHARS => {
            Err(AppError::field("details", DETAILS_TOO_LONG))
        }
        None if report.reason == ReportReason::Other => {
            Err(AppError::field("details", DETAILS_NEEDED))
        }
        _ => Ok(details),
    }
}

fn open_on(kind: ReportSubject, id: i64) -> sea_orm::Condition {
    sea_orm::Condition::all()
        .add(report::Column::SubjectType.eq(kind))
        .add(report::Column::SubjectId.eq(id))
        .add(report::Column::ResolvedAt.is_null())
}

/// Files `reporter`'s report; hides the item when it is the report that reaches the
/// threshold of reports that count ([`policy::counts_toward_hiding`]).
pub async fn file(
    ctx: &AppContext,
    reportables: &Reportables,
    reporter: &CurrentUser,
    new: NewReport,
) -> AppResult<()> {
    let details = details(&new)?;
    let (kind, id) = (new.subject_type, new.subject_id);
    let owner = reportables.get(kind)?;
    // What the reporter may not read does not exist for them.
    if !owner.readable(id, reporter).await? {
        return Err(AppError::not_found());
    }
    let subject = owner
        .describe(&[id])
        .await?
        .remove(&id)
        .ok_or_else(AppError::not_found)?;
    if !policy::may_report(subject.author_id == Some(reporter.id)) {
        return Err(AppError::bad_request("own_item", OWN));
    }
    let hour_ago = kernel::clock::now() - chrono::Duration::hours(1);
    let recent = report::Entity::find()
        .filter(report::Column::ReporterId.eq(reporter.id))
        .filter(report::Column::CreatedAt.gt(hour_ago))
        .count(&ctx.db)
        .await?;
    if recent >= PER_HOUR {
        return Err(AppError::client(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_reports",
            TOO_MANY,
        ));
    }
    let mine = report::Entity::find()
        .filter(open_on(kind, id))
        .filter(report::Column::ReporterId.eq(reporter.id))
        .count(&ctx.db)
        .await?;
    if mine > 0 {
        return Err(already());
    }
    let standing = ctx.users.standing(reporter.id).await?;
    let counts =
        policy::counts_toward_hiding(standing, kernel::clock::now(), ctx.config.report_trust_days);
    let inserted = report::ActiveModel {
        subject_type: Set(kind),
        subject_id: Set(id),
        group_id: Set(subject.group_id),
        reporter_id: Set(reporter.id),
        reason: Set(new.reason),
        details: Set(details),
        created_at: Set(kernel::clock::now()),
        counts_to_hide: Set(counts),
        ..Default::default()
    }
    .insert(&ctx.db)
    .await;
    // A second report sent at the same moment meets the unique index.
    if let Err(err) = inserted {
        return match err.sql_err() {
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => Err(already()),
            _ => Err(err.into()),
        };
    }
    if !counts {
        return Ok(());
    }
    let open = report::Entity::find()
        .filter(open_on(kind, id))
        .filter(report::Column::CountsToHide.eq(true))
        .count(&ctx.db)
        .await?;
    if policy::hides_now(
        open,
        ctx.config.reports_to_hide,
        owner.removable(),
        subject.hidden,
    ) {
        owner.set_hidden(id, Some(AUTO_HIDDEN)).await?;
        let taken = acting::Taken {
            kind,
            id,
            subject: &subject,
            actor_id: None,
            action: ModerationAction::Hide,
            reason: Some(AUTO_HIDDEN.to_owned()),
        };
        // The reports stay open: a moderator still reviews them.
        acting::record(ctx, &taken, false).await?;
        acting::tell_author(ctx, &taken).await;
    }
    Ok(())
}

pub fn already() -> AppError {
    AppError::client(StatusCode::CONFLICT, "already_reported", ALREADY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(reason: ReportReason, details: Option<&str>) -> NewReport {
        NewReport {
            subject_type: ReportSubject::Reply,
            subject_id: 1,
            reason,
            details: details.map(str::to_owned),
        }
    }

    #[test]
    fn details_are_trimmed_bounded_and_needed_for_other() {
        assert_eq!(
            details(&report(ReportReason::Spam, Some("  ads  "))).unwrap(),
            Some("ads".to_owned())
        );
        assert_eq!(
            details(&report(ReportReason::Spam, Some("   "))).unwrap(),
            None
        );
        assert!(details(&report(ReportReason::Other, Some(" "))).is_err());
        assert!(details(&report(ReportReason::Other, Some("a name"))).is_ok());
        let long = "x".repeat(DETAILS_MAX_CHARS + 1);
        assert!(details(&report(ReportReason::Abuse, Some(&long))).is_err());
        let full = "é".repeat(DETAILS_MAX_CHARS);
        assert!(details(&report(ReportReason::Abuse, Some(&full))).is_ok());
    }
}
