use actix_web::{get, web};
use kernel::captcha::CaptchaChallenge;
use kernel::{AppContext, Data};

/// A fresh proof-of-work challenge for a public form (sign-up, contact, updates).
#[utoipa::path(
    operation_id = "getCaptcha",
    tag = "system",
    responses((status = 200, description = "A signed, expiring, single-use challenge.", body = Data<CaptchaChallenge>))
)]
#[get("/captcha")]
pub async fn challenge(ctx: web::Data<AppContext>) -> web::Json<Data<CaptchaChallenge>> {
    Data::new(ctx.captcha.challenge())
}
