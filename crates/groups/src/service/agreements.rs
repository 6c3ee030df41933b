//! Data-use agreements (issue 24 §2): the owner publishes versions of a rich-text
//! agreement; joining needs the current version accepted; a new version asks every member
//! to accept it again, and once its grace period ends those who have not lose the group's
//! private content until they do. Every acceptance is kept for the owner's export.

use chrono::{DateTime, Duration, Utc};
use kernel::input::RichText;
use kernel::{AppContext, AppError, AppResult, CurrentUser};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};

use super::detail::{self, Viewed};
use crate::entity::{agreement, agreement_acceptance, member, working_group};
use crate::policy;

pub const PUBLISHED: &str = "The data-use agreement has been published.";
pub const ACCEPTED: &str = "Thank you: you have accepted the data-use agreement.";
pub const MUST_ACCEPT: &str = "Accept the working group's data-use agreement to join.";
pub const NOT_CURRENT: &str = "The data-use agreement has changed since you opened it. Read the current version and accept it.";
pub const NO_AGREEMENT: &str = "This working group has no data-use agreement.";
pub const MEMBERS_ONLY: &str = "Only members of this working group accept its data-use agreement.";
pub const PUBLISHED_MEANWHILE: &str =
    "Another version was published at the same time. Reload the page and try again.";

/// The agreement's text: up to 100 000 characters of sanitised rich text.
pub type Body = RichText<100_000, kernel::input::Long>;
/// How long members holding the previous version keep reading private content.
pub const GRACE_DAYS_MAX: u32 = 90;
/// The grace period the editor proposes.
pub const GRACE_DAYS_DEFAULT: u32 = 14;

fn no_agreement() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::NOT_FOUND,
        "no_agreement",
        NO_AGREEMENT,
    )
}

/// The group's current agreement, for anyone who may see the group (so an asker reads
/// what they accept), with the viewer's relation.
pub async fn current(
    db: &impl ConnectionTrait,
    viewer: Option<&CurrentUser>,
    slug: &str,
) -> AppResult<(Viewed, agreement::Model)> {
    let viewed = detail::by_slug(db, slug, viewer).await?;
    let version = viewed.group.agreement_version.ok_or_else(no_agreement)?;
    let found = agreement::Entity::find()
        .filter(agreement::Column::GroupId.eq(viewed.group.id))
        .filter(agreement::Column::Version.eq(version))
        .one(db)
        .await?
        .ok_or_else(AppError::not_found)?;
    Ok((viewed, found))
}

/// Publishes the next version; the owner accepts it by publishing it. Members holding an
/// older version (or none, for a first agreement) read private content for `grace_days`
/// more.
pub async fn publish(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    body: &Body,
    grace_days: u32,
) -> AppResult<agreement::Model> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    if !policy::may_manage_agreement(viewed.role) {
        return Err(AppError::forbidden());
    }
    let group = viewed.group;
    let grace_days = grace_days.min(GRACE_DAYS_MAX);
    let now = kernel::clock::now();
    let version = group.agreement_version.unwrap_or(0) + 1;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let row = agreement::ActiveModel {
        group_id: Set(group.id),
        version: Set(version),
        body: Set(body.to_string()),
        grace_days: Set(i32::try_from(grace_days).unwrap_or(0)),
        published_by_id: Set(user.id),
        published_at: Set(now),
        ..Default::default()
    };
    let saved = match row.insert(&txn).await {
        Ok(saved) => saved,
        Err(e) if kernel::db::is_unique_violation(&e) => {
            return Err(AppError::conflict("agreement_changed", PUBLISHED_MEANWHILE));
        }
        Err(e) => return Err(e.into()),
    };
    working_group::Entity::update_many()
        .col_expr(working_group::Column::AgreementVersion, version.into())
        .col_expr(
            working_group::Column::AgreementGraceUntil,
            (now + Duration::days(i64::from(grace_days))).into(),
        )
        .filter(working_group::Column::Id.eq(group.id))
        .exec(&txn)
        .await?;
    record(&txn, group.id, user.id, version, now).await?;
    txn.commit().await?;
    Ok(saved)
}

/// The member accepts `version`, which must be the current one.
pub async fn accept(
    ctx: &AppContext,
    user: &CurrentUser,
    slug: &str,
    version: i32,
) -> AppResult<()> {
    let viewed = detail::by_slug(&ctx.db, slug, Some(user)).await?;
    if viewed.role.is_none() {
        return Err(AppError::bad_request("not_member", MEMBERS_ONLY));
    }
    if viewed.group.agreement_version.is_none() {
        return Err(no_agreement());
    }
    required(&viewed.group, Some(version), "version")?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    record(
        &txn,
        viewed.group.id,
        user.id,
        version,
        kernel::clock::now(),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// The version someone joining `group` must have accepted: `None` when it has no
/// agreement, otherwise `given`, which must be the current version (an error on `field`).
pub fn required(
    group: &working_group::Model,
    given: Option<i32>,
    field: &str,
) -> AppResult<Option<i32>> {
    match (group.agreement_version, given) {
        (None, _) => Ok(None),
        (Some(current), Some(given)) if given == current => Ok(Some(current)),
        (Some(_), Some(_)) => Err(AppError::field(field, NOT_CURRENT)),
        (Some(_), None) => Err(AppError::field(field, MUST_ACCEPT)),
    }
}

/// Keeps that `user_id` accepted `version` at `at`, and makes it the version they hold.
pub async fn record(
    db: &impl ConnectionTrait,
    group_id: i64,
    user_id: i64,
    version: i32,
    at: DateTime<Utc>,
) -> AppResult<()> {
    agreement_acceptance::Entity::insert(agreement_acceptance::ActiveModel {
        group_id: Set(group_id),
        user_id: Set(user_id),
        version: Set(version),
        accepted_at: Set(at),
        ..Default::default()
    })
    .on_conflict_do_nothing_on([
        agreement_acceptance::Column::GroupId,
        agreement_acceptance::Column::UserId,
        agreement_acceptance::Column::Version,
    ])
    .exec_without_returning(db)
    .await?;
    member::Entity::update_many()
        .col_expr(member::Column::AgreementVersion, version.into())
        .filter(member::Column::GroupId.eq(group_id))
        .filter(member::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Every acceptance of the group's agreement, oldest first, for its owner.
pub async fn acceptances(
    db: &impl ConnectionTrait,
    user: &CurrentUser,
    slug: &str,
) -> AppResult<(working_group::Model, Vec<agreement_acceptance::Model>)> {
    let viewed = detail::by_slug(db, slug, Some(user)).await?;
    if !policy::may_manage_agreement(viewed.role) {
        return Err(AppError::forbidden());
    }
    let rows = agreement_acceptance::Entity::find()
        .filter(agreement_acceptance::Column::GroupId.eq(viewed.group.id))
        .order_by_asc(agreement_acceptance::Column::AcceptedAt)
        .order_by_asc(agreement_acceptance::Column::Id)
        .all(db)
        .await?;
    Ok((viewed.group, rows))
}

/// The export's lines: who (name and e-mail), which version, when (UTC, RFC 3339).
pub fn csv(rows: &[(String, String, i32, DateTime<Utc>)]) -> String {
    use kernel::csv::{line, text};
    let mut out = line(["Member", "Email", "Version", "Accepted at (UTC)"].map(String::from));
    for (name, email, version, at) in rows {
        out.push_str(&line([
            text(name),
            text(email),
            version.to_string(),
            at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_export_names_who_accepted_which_version_when() {
        let at = "2026-11-28T10:00:00Z".parse().unwrap_or_default();
        let out = csv(&[("Ada, L.".into(), "ada@example.org".into(), 2, at)]);
        assert_eq!(
            out,
            "Member,Email,Version,Accepted at (UTC)\r\n\"Ada, L.\",ada@example.org,2,2026-11-28T10:00:00Z\r\n"
        );
    }
}
