use actix_web::{get, web};
use kernel::mail::dev_mailbox::MailMessage;
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
