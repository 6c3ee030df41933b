//! "Download my data" (issue 23, item 6): everything Cohort holds about a member, gathered
//! in the background into a ZIP (a JSON file per table, in a folder per area, and the files
//! they uploaded), and handed out once through a link that is e-mailed and expires.
//! Staff may ask for the same export (audited); the link then goes to them.

use std::io::Write;

use actix_web::http::StatusCode;
use audit::Decision;
use kernel::export::{self, Catalogue, Member};
use kernel::mail::{Email, link};
use kernel::{AppContext, AppError, AppResult, CurrentUser, Staff, secret_token};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde_json::json;

use super::me;
use crate::entity::data_export;
use crate::enums::ExportStatus;

pub const PREPARING: &str =
    "We are gathering your data. A link to download it will reach you by e-mail in a few minutes.";
pub const PREPARING_FOR_STAFF: &str =
    "The member's data is being gathered. A link to download it will reach you by e-mail.";
/// Asked again while the last request is still being gathered.
pub const STILL_PREPARING: &str = "We are still gathering the data you asked for. A link to download it will reach you by e-mail in a few minutes.";
/// Asked again within the hour after the link was sent.
pub const TOO_SOON: &str =
    "Your data was sent to you by e-mail less than an hour ago. Use that link, or ask again later.";
pub const USED: &str =
    "This download link has already been used. Ask for your data again from your account.";
pub const EXPIRED: &str =
    "This download link has expired. Ask for your data again from your account.";

/// How long a download link works.
pub const LINK_HOURS: i64 = 72;
/// How often a member may ask.
const ONCE_PER_MINUTES: i64 = 60;
/// An export still "preparing" this long after its attempt started was cut short (a crash,
/// a restart): gathering takes seconds.
const STALE_MINUTES: i64 = 10;
/// How many times an export is attempted before it is marked failed (the member may ask again).
const MAX_ATTEMPTS: i32 = 3;
/// How often each instance looks for exports cut short.
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(5 * 60);

/// The member asks for their own data.
pub async fn request(ctx: &AppContext, catalogue: &Catalogue, user: &CurrentUser) -> AppResult<()> {
    let account = me::find(&ctx.db, user.id).await?;
    let since = kernel::clock::now() - chrono::Duration::minutes(ONCE_PER_MINUTES);
    let recent = data_export::Entity::find()
        .filter(data_export::Column::UserId.eq(user.id))
        .filter(data_export::Column::RequestedById.is_null())
        .filter(data_export::Column::CreatedAt.gt(since))
        .filter(data_export::Column::Status.ne(ExportStatus::Failed))
        .one(&ctx.db)
        .await?;
    if let Some(recent) = recent {
        // What is true of the last request: still being gathered, or sent.
        let message = if recent.status == ExportStatus::Preparing {
            STILL_PREPARING
        } else {
            TOO_SOON
        };
        return Err(AppError::client(
            StatusCode::CONFLICT,
            "export_recent",
            message,
        ));
    }
    let row = started(&ctx.db, user.id, None).await?;
    let member = Member {
        id: account.id,
        email: account.email.clone(),
    };
    spawn(ctx, catalogue, row.id, member, account.email, account.name);
    Ok(())
}

/// Staff ask for a member's data: audited; the link goes to the staff member.
pub async fn request_for(
    ctx: &AppContext,
    catalogue: &Catalogue,
    staff: &Staff,
    user_id: i64,
) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "user.export", "user", user_id).await?;
    let account = me::find(decision.db(), user_id).await?;
    let row = started(decision.db(), user_id, Some(staff.id())).await?;
    decision
        .commit((), json!({"export": row.id, "sent_to": staff.id()}))
        .await?;
    let to = me::find(&ctx.db, staff.id()).await?;
    let member = Member {
        id: account.id,
        email: account.email,
    };
    spawn(ctx, catalogue, row.id, member, to.email, to.name);
    Ok(())
}

async fn started(
    db: &impl ConnectionTrait,
    user_id: i64,
    requested_by_id: Option<i64>,
) -> AppResult<data_export::Model> {
    let now = kernel::clock::now();
    Ok(data_export::ActiveModel {
        user_id: Set(user_id),
        requested_by_id: Set(requested_by_id),
        status: Set(ExportStatus::Preparing),
        created_at: Set(now),
        started_at: Set(Some(now)),
        attempts: Set(1),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

/// Gathers in the background: the request answers at once.
fn spawn(
    ctx: &AppContext,
    catalogue: &Catalogue,
    export_id: i64,
    member: Member,
    to: String,
    name: String,
) {
    let (ctx, catalogue) = (ctx.clone(), catalogue.clone());
    tokio::spawn(async move {
        if let Err(err) = build(&ctx, &catalogue, export_id, &member, &to, &name).await {
            tracing::error!(error = %err, export_id, "could not build a data export");
            if let Err(err) = mark_failed(&ctx.db, export_id).await {
                tracing::error!(error = %err, export_id, "could not mark a data export failed");
            }
        }
    });
}

/// Looks for exports cut short when the server starts and every few minutes after.
pub async fn resume_loop(ctx: AppContext, catalogue: Catalogue) {
    loop {
        if let Err(err) = resume(&ctx, &catalogue).await {
            tracing::error!(error = %err, "could not resume the data exports cut short");
        }
        tokio::time::sleep(SWEEP_EVERY).await;
    }
}

/// Builds again each export left "preparing" past [`STALE_MINUTES`] (the process that was
/// building it stopped): an instance claims it with a conditional update, so of several
/// instances one resumes it; after [`MAX_ATTEMPTS`] it is marked failed, and the member may
/// ask again. Returns how many were resumed.
pub async fn resume(ctx: &AppContext, catalogue: &Catalogue) -> AppResult<usize> {
    let now = kernel::clock::now();
    let stale = now - chrono::Duration::minutes(STALE_MINUTES);
    let stuck = data_export::Entity::find()
        .filter(data_export::Column::Status.eq(ExportStatus::Preparing))
        .filter(data_export::Column::StartedAt.lt(stale))
        .all(&ctx.db)
        .await?;
    let mut resumed = 0;
    for export in stuck {
        let last = export.attempts >= MAX_ATTEMPTS;
        let mut claim = data_export::Entity::update_many()
            .filter(data_export::Column::Id.eq(export.id))
            .filter(data_export::Column::Status.eq(ExportStatus::Preparing))
            .filter(data_export::Column::Attempts.eq(export.attempts));
        claim = if last {
            claim.col_expr(
                data_export::Column::Status,
                Expr::value(ExportStatus::Failed),
            )
        } else {
            claim
                .col_expr(data_export::Column::StartedAt, Expr::value(now))
                .col_expr(
                    data_export::Column::Attempts,
                    Expr::value(export.attempts + 1),
                )
        };
        if claim.exec(&ctx.db).await?.rows_affected == 0 || last {
            continue;
        }
        // An account deleted meanwhile ends its export; the others are still resumed.
        let people = async {
            let account = me::find(&ctx.db, export.user_id).await?;
            let to = me::find(&ctx.db, export.requested_by_id.unwrap_or(export.user_id)).await?;
            AppResult::Ok((account, to))
        };
        let (account, to) = match people.await {
            Ok(found) => found,
            Err(err) => {
                tracing::warn!(error = %err, export_id = export.id, "an export cut short has no one to go to");
                mark_failed(&ctx.db, export.id).await?;
                continue;
            }
        };
        let member = Member {
            id: account.id,
            email: account.email,
        };
        tracing::info!(export_id = export.id, "resuming a data export cut short");
        spawn(ctx, catalogue, export.id, member, to.email, to.name);
        resumed += 1;
    }
    Ok(resumed)
}

/// Marks export `id` failed: the member may ask again at once.
async fn mark_failed(db: &impl ConnectionTrait, id: i64) -> AppResult<()> {
    data_export::Entity::update_many()
        .col_expr(
            data_export::Column::Status,
            Expr::value(ExportStatus::Failed),
        )
        .filter(data_export::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

async fn build(
    ctx: &AppContext,
    catalogue: &Catalogue,
    export_id: i64,
    member: &Member,
    to: &str,
    name: &str,
) -> AppResult<()> {
    let zip = assemble(ctx, catalogue, member).await?;
    let key = format!(
        "exports/{}/{}.zip",
        member.id,
        kernel::storage::unique_name()
    );
    ctx.storage
        .put(&key, &zip)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    let token = secret_token::generate();
    let now = kernel::clock::now();
    let mut row: data_export::ActiveModel = data_export::Entity::find_by_id(export_id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?
        .into();
    row.status = Set(ExportStatus::Ready);
    row.token_hash = Set(Some(secret_token::hash(&token)));
    row.file_key = Set(Some(key));
    row.ready_at = Set(Some(now));
    row.expires_at = Set(Some(now + chrono::Duration::hours(LINK_HOURS)));
    row.update(&ctx.db).await?;
    ctx.deliver_mail(ready_mail(&ctx.config.public_url, to, name, &token))
        .await;
    Ok(())
}

fn ready_mail(public_url: &str, to: &str, name: &str, token: &str) -> Email {
    let url = link(public_url, &format!("/api/data-export/{token}"), &[]);
    Email {
        to: to.to_owned(),
        subject: "Your Cohort data is ready to download".into(),
        text: format!(
            "Hello {name},\n\nThe data you asked for is ready: a ZIP file with a JSON file for each kind of record and the files that were uploaded.\n\nDownload it here:\n\n{url}\n\nThe link works once and for {LINK_HOURS} hours. If you did not ask for it, tell us by replying to this e-mail.\n\nThe Cohort team"
        ),
        html: None,
        unsubscribe: None,
    }
}

/// The ZIP: `README.txt`, then `{area}/{table}.json` for every table with rows about the
/// member, then `files/{key}` for each stored file those rows name.
pub async fn assemble(
    ctx: &AppContext,
    catalogue: &Catalogue,
    member: &Member,
) -> AppResult<Vec<u8>> {
    let mut documents = Vec::new();
    let mut files = Vec::new();
    for (area, spec) in catalogue.tables().filter(|(_, t)| t.is_personal()) {
        let rows = export::rows(&ctx.db, spec, member).await?;
        if rows.is_empty() {
            continue;
        }
        files.extend(export::files(spec, &rows));
        let body = serde_json::to_vec_pretty(&rows).map_err(|e| AppError::Internal(e.into()))?;
        documents.push((format!("{area}/{}.json", spec.table), body));
    }
    let mut stored = Vec::new();
    for key in files {
        match ctx.storage.get(&key).await {
            Ok(Some(bytes)) => stored.push((format!("files/{key}"), bytes)),
            Ok(None) => {}
            Err(err) => return Err(AppError::Internal(err.into())),
        }
    }
    zip(readme(&documents), documents.into_iter().chain(stored))
}

fn readme(documents: &[(String, Vec<u8>)]) -> String {
    let mut text = String::from(
        "Everything Cohort holds about you, as of the day this file was made.\n\n\
         Each JSON file is one kind of record, as stored: one object per record. Secrets \
         (password hashes, session tokens, one-time codes) are left out. The files folder \
         holds what you uploaded.\n\nContents:\n",
    );
    for (name, _) in documents {
        text.push_str(&format!("- {name}\n"));
    }
    text
}

fn zip(readme: String, entries: impl Iterator<Item = (String, Vec<u8>)>) -> AppResult<Vec<u8>> {
    let failed = |e: zip::result::ZipError| AppError::Internal(e.into());
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    writer.start_file("README.txt", options).map_err(failed)?;
    writer
        .write_all(readme.as_bytes())
        .map_err(|e| AppError::Internal(e.into()))?;
    for (name, bytes) in entries {
        writer.start_file(name, options).map_err(failed)?;
        writer
            .write_all(&bytes)
            .map_err(|e| AppError::Internal(e.into()))?;
    }
    Ok(writer.finish().map_err(failed)?.into_inner())
}

/// The ZIP behind a download link, once: the link is spent and the stored file removed.
pub async fn download(ctx: &AppContext, token: &str) -> AppResult<(Vec<u8>, String)> {
    let found = data_export::Entity::find()
        .filter(data_export::Column::TokenHash.eq(secret_token::hash(token)))
        .order_by_desc(data_export::Column::Id)
        .one(&ctx.db)
        .await?
        .ok_or_else(AppError::not_found)?;
    let gone = |message| AppError::client(StatusCode::GONE, "export_link_spent", message);
    if found.downloaded_at.is_some() {
        return Err(gone(USED));
    }
    if found.expires_at.is_none_or(|at| at <= kernel::clock::now()) {
        return Err(gone(EXPIRED));
    }
    let key = found.file_key.clone().ok_or_else(AppError::not_found)?;
    // Spent before it is read: of two clicks at once, one gets the file.
    let spent = data_export::Entity::update_many()
        .col_expr(
            data_export::Column::DownloadedAt,
            Expr::value(kernel::clock::now()),
        )
        .col_expr(
            data_export::Column::Status,
            Expr::value(ExportStatus::Downloaded),
        )
        .filter(data_export::Column::Id.eq(found.id))
        .filter(data_export::Column::DownloadedAt.is_null())
        .exec(&ctx.db)
        .await?;
    if spent.rows_affected == 0 {
        return Err(gone(USED));
    }
    let bytes = ctx
        .storage
        .get(&key)
        .await
        .map_err(|e| AppError::Internal(e.into()))?
        .ok_or_else(AppError::not_found)?;
    media::documents::discard(ctx.storage.as_ref(), &key).await;
    let day = found.created_at.format("%Y-%m-%d");
    Ok((bytes, format!("cohort-data-{day}.zip")))
}
