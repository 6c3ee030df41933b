//! Renewal reminders: a certificate that expires (its quiz sets a validity period) brings
//! its holder one e-mail when it comes due for renewal, 30 days before it expires; passing
//! the quiz again renews it (`certificates::issue_once`). A sweep every hour sends them;
//! each reminder is claimed with a conditional update first, so several servers send it once.

use chrono::{DateTime, Utc};
use kernel::mail::Email;
use kernel::{AppContext, AppResult};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::certificates::RENEWAL_WINDOW_DAYS;
use crate::entity::certificate;

/// How often the sweep looks.
const ROUND: std::time::Duration = std::time::Duration::from_secs(3600);

/// Reminds the holders of certificates due for renewal at `now`; returns how many.
pub async fn remind_due(ctx: &AppContext, now: DateTime<Utc>) -> AppResult<u64> {
    let due = certificate::Entity::find()
        .filter(certificate::Column::RemindedAt.is_null())
        .filter(
            certificate::Column::ExpiresAt.lte(now + chrono::Duration::days(RENEWAL_WINDOW_DAYS)),
        )
        .all(&ctx.db)
        .await?;
    let holders: Vec<i64> = due.iter().map(|c| c.user_id).collect();
    let people = ctx.users.summaries(&holders).await?;
    let mut sent = 0;
    for cert in due {
        let claimed = certificate::Entity::update_many()
            .col_expr(certificate::Column::RemindedAt, Expr::value(now))
            .filter(certificate::Column::Id.eq(cert.id))
            .filter(certificate::Column::RemindedAt.is_null())
            .exec(&ctx.db)
            .await?
            .rows_affected;
        let (1, Some(holder), Some(expires)) =
            (claimed, people.get(&cert.user_id), cert.expires_at)
        else {
            continue;
        };
        ctx.deliver_mail(reminder(
            ctx,
            &cert,
            &holder.name,
            &holder.email,
            expires,
            now,
        ))
        .await;
        sent += 1;
    }
    Ok(sent)
}

fn reminder(
    ctx: &AppContext,
    cert: &certificate::Model,
    name: &str,
    email: &str,
    expires: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Email {
    let date = expires.format("%B %d, %Y");
    let (subject, when) = if expires > now {
        (
            format!("Your certificate “{}” expires on {date}", cert.quiz_name),
            format!("is valid until {date}"),
        )
    } else {
        (
            format!("Your certificate “{}” expired on {date}", cert.quiz_name),
            format!("expired on {date}"),
        )
    };
    let quiz = format!("{}/certificates/{}", ctx.config.public_url, cert.quiz_id);
    Email {
        to: email.to_owned(),
        subject,
        text: format!(
            "Hello {name},\n\nYour Cohort certificate “{}” {when}. To renew it, pass the quiz again:\n\n{quiz}\n\nThe renewed certificate keeps its verification code ({}) and is valid for another period from the day you pass.\n",
            cert.quiz_name, cert.code
        ),
        html: None,
        unsubscribe: None,
    }
}

/// The sweep: reminds every round until the process ends; the first round is a minute
/// after start, out of the way of start-up.
pub async fn run(ctx: AppContext) {
    let first = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut ticker = tokio::time::interval_at(first, ROUND);
    loop {
        ticker.tick().await;
        let reminded = remind_due(&ctx, kernel::clock::now()).await;
        if let Err(err) = &reminded {
            tracing::error!(error = %err, "the certificate renewal reminders failed");
        }
        kernel::metrics::record_job("certificate_renewals", reminded.is_ok());
    }
}
