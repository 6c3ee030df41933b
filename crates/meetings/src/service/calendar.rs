//! Each member's calendar feed: a secret address (only its hash is kept) that a calendar
//! app subscribes to, serving the events of the member's hosts as iCalendar (RFC 5545).
//! Making a new address revokes the old one; revoking leaves none.

use chrono::{DateTime, Duration, Utc};
use kernel::{AppContext, AppError, AppResult};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entity::feed;
use crate::enums::Answer;
use crate::host::Hosts;
use crate::read::Meeting;

/// What revoking answers.
pub const REVOKED: &str = "Your calendar address no longer works.";

/// How far back the feed reaches: a calendar keeps last month's meetings.
const PAST_DAYS: i64 = 30;

/// The address a member subscribes to, with its secret.
pub fn address(ctx: &AppContext, token: &str) -> String {
    format!(
        "{}/api/calendar/{token}",
        ctx.config.public_url.trim_end_matches('/')
    )
}

/// A new secret for `user_id`'s feed (the old one stops working): its address, shown once.
pub async fn renew(ctx: &AppContext, user_id: i64) -> AppResult<String> {
    let token = kernel::secret_token::generate();
    let row = feed::ActiveModel {
        user_id: Set(user_id),
        token_hash: Set(kernel::secret_token::hash(&token)),
        created_at: Set(kernel::clock::now()),
    };
    feed::Entity::insert(row)
        .on_conflict(
            OnConflict::column(feed::Column::UserId)
                .update_columns([feed::Column::TokenHash, feed::Column::CreatedAt])
                .to_owned(),
        )
        .exec_without_returning(&ctx.db)
        .await?;
    Ok(address(ctx, &token))
}

/// When `user_id`'s current feed was made, if they have one.
pub async fn made_at(ctx: &AppContext, user_id: i64) -> AppResult<Option<DateTime<Utc>>> {
    Ok(feed::Entity::find_by_id(user_id)
        .one(&ctx.db)
        .await?
        .map(|f| f.created_at))
}

/// Revokes `user_id`'s feed.
pub async fn revoke(ctx: &AppContext, user_id: i64) -> AppResult<()> {
    feed::Entity::delete_by_id(user_id).exec(&ctx.db).await?;
    Ok(())
}

/// The calendar behind secret `token`: 404 for one that is not (or no longer) a feed.
pub async fn calendar(ctx: &AppContext, hosts: &Hosts, token: &str) -> AppResult<String> {
    let owner = feed::Entity::find()
        .filter(feed::Column::TokenHash.eq(kernel::secret_token::hash(token)))
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let now = kernel::clock::now();
    let since = now - Duration::days(PAST_DAYS);
    let meetings = super::listing::of_member(ctx, hosts, owner.user_id, since, true).await?;
    let kept: Vec<Meeting> = meetings
        .into_iter()
        .filter(|m| m.my_answer != Some(Answer::NotGoing))
        .collect();
    Ok(ics(&ctx.config.public_url, &kept, now))
}

/// `meetings` as an iCalendar document.
pub fn ics(site: &str, meetings: &[Meeting], now: DateTime<Utc>) -> String {
    let site = site.trim_end_matches('/');
    let host = site.split("://").nth(1).unwrap_or(site);
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Cohort//Events//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "X-WR-CALNAME:Cohort events".to_owned(),
    ];
    for m in meetings {
        lines.push("BEGIN:VEVENT".to_owned());
        lines.push(format!("UID:meeting-{}@{host}", m.id));
        lines.push(format!("DTSTAMP:{}", stamp(now)));
        lines.push(format!("DTSTART:{}", stamp(m.starts_at)));
        lines.push(format!("DTEND:{}", stamp(m.ends_at)));
        lines.push(format!("SUMMARY:{}", text(&m.title)));
        let mut about = format!("{}\n\n{}", m.host_title, m.description);
        if let Some(url) = &m.online_url {
            about.push_str(&format!("\n\nJoin: {url}"));
        }
        lines.push(format!("DESCRIPTION:{}", text(about.trim())));
        if let Some(place) = m.place.as_ref().or(m.online_url.as_ref()) {
            lines.push(format!("LOCATION:{}", text(place)));
        }
        lines.push(format!("URL:{site}{}", m.host_route));
        lines.push(format!(
            "STATUS:{}",
            if m.cancelled {
                "CANCELLED"
            } else {
                "CONFIRMED"
            }
        ));
        lines.push("END:VEVENT".to_owned());
    }
    lines.push("END:VCALENDAR".to_owned());
    lines.iter().map(|l| fold(l)).collect::<Vec<_>>().join("")
}

/// A UTC time as iCalendar writes it.
fn stamp(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// Text as an iCalendar value: backslashes, semicolons, commas and line breaks escaped.
fn text(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace("\r\n", "\\n")
        .replace('\n', "\\n")
}

/// One content line, folded at 75 octets (never inside a character), ended with CRLF.
fn fold(line: &str) -> String {
    let mut out = String::new();
    let mut width = 0;
    for ch in line.chars() {
        if width + ch.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(ch);
        width += ch.len_utf8();
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_long_lines_fold_between_characters() {
        assert_eq!(text("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
        let long = format!("SUMMARY:{}", "é".repeat(60));
        let folded = fold(&long);
        assert!(folded.ends_with("\r\n"));
        for part in folded.trim_end().split("\r\n") {
            assert!(part.len() <= 75, "{part}");
        }
        assert_eq!(folded.replace("\r\n ", "").trim_end(), long);
    }
}
