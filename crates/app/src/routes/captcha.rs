use actix_web::{get, web};
use kernel::captcha::CaptchaChallenge;
use kernel::{AppContext, Data};

/// Get a form challenge
///
/// A fresh proof-of-work challenge for a public form (sign-up, contact, updates). The browser
/// solves it and sends the solution with the form; each challenge works once and expires.
#[utoipa::path(
    operation_id = "getCaptcha",
    tag = "system",
    responses((status = 200, description = "A signed, expiring, single-use challenge.", body = Data<CaptchaChallenge>))
)]
#[get("/captcha")]
pub async fn challenge(ctx: web::Data<AppContext>) -> web::Json<Data<CaptchaChallenge>> {
    Data::new(ctx.captcha.challenge())
}
