use actix_web::{get, web};
use kernel::mail::dev_mailbox::MailMessage;
use kernel::sms::SmsMessage;
use kernel::{AppContext, AppError, AppResult, Page, PageParams};

/// Mail kept by the dev mailbox, newest first. Exists only while no SMTP server is
/// configured; otherwise 404.
#[utoipa::path(
    operation_id = "devMailboxList",
    tag = "dev",
    params(PageParams),
    responses(
        (status = 200, description = "A page of kept mail.", body = Page<MailMessage>),
        (status = 404, description = "A real mail transport is configured.", body = kernel::ErrorBody),
    )
)]
#[get("/dev/mailbox")]
pub async fn list(
    ctx: web::Data<AppContext>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<MailMessage>>> {
    let mailbox = ctx.dev_mailbox.as_ref().ok_or_else(AppError::not_found)?;
    Ok(web::Json(mailbox.list(&params).await?))
}

/// SMS kept by the dev outbox, newest first. Exists only while no SMS provider is
/// configured; otherwise 404.
#[utoipa::path(
    operation_id = "devOutboxList",
    tag = "dev",
    params(PageParams),
    responses(
        (status = 200, description = "A page of kept SMS.", body = Page<SmsMessage>),
        (status = 404, description = "A real SMS provider is configured.", body = kernel::ErrorBody),
    )
)]
#[get("/dev/outbox")]
pub async fn outbox(
    ctx: web::Data<AppContext>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<SmsMessage>>> {
    let outbox = ctx.dev_outbox.as_ref().ok_or_else(AppError::not_found)?;
    Ok(web::Json(outbox.list(&params).await?))
}
