//! The dev mailbox and outbox: mail and SMS kept instead of sent. They exist only in
//! development mode (`COHORT_DEV=on`) while no real transport is configured, and answer
//! only staff: a reset link or an SMS code read by anyone else is an account takeover.
//! Everyone else gets the 404 of a route that does not exist.

use actix_web::{get, web};
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff};
use mail::dev_mailbox::{DevMailbox, MailMessage};
use sms::{DevOutbox, SmsMessage};

/// The kept messages' store, when development mode shows it.
fn shown<'a, T>(ctx: &AppContext, store: Option<&'a T>) -> AppResult<&'a T> {
    store
        .filter(|_| ctx.config.dev)
        .ok_or_else(AppError::not_found)
}

/// Dev mailbox
///
/// Mail kept by the dev mailbox, newest first. Staff only, in development mode, while no SMTP
/// server is configured; otherwise 404.
#[utoipa::path(
    operation_id = "devMailboxList",
    tag = "dev",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of kept mail.", body = Page<MailMessage>),
        (status = 400, description = "Invalid page parameters.", body = kernel::ErrorBody),
        (status = 404, description = "Not development mode, a real mail transport is configured, or the caller is not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/dev/mailbox")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<MailMessage>>> {
    let mailbox = shown(&ctx, DevMailbox::of(&ctx))?;
    Ok(web::Json(mailbox.list(&params).await?))
}

/// Dev SMS outbox
///
/// SMS kept by the dev outbox, newest first. Staff only, in development mode, while no SMS provider
/// is configured; otherwise 404.
#[utoipa::path(
    operation_id = "devOutboxList",
    tag = "dev",
    security(("bearer" = ["staff"])),
    params(PageParams),
    responses(
        (status = 200, description = "A page of kept SMS.", body = Page<SmsMessage>),
        (status = 400, description = "Invalid page parameters.", body = kernel::ErrorBody),
        (status = 404, description = "Not development mode, a real SMS provider is configured, or the caller is not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/dev/outbox")]
pub async fn outbox(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<SmsMessage>>> {
    let outbox = shown(&ctx, DevOutbox::of(&ctx))?;
    Ok(web::Json(outbox.list(&params).await?))
}
