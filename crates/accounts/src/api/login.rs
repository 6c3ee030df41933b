use actix_web::{HttpRequest, post, web};
use kernel::extract::ValidJson;
use kernel::input::{EMAIL_MAX, Given, Password, Text};
use kernel::{AppContext, AppResult, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use super::user_agent;
use crate::entity::totp_device;
use crate::service::login::{Credentials, LoginOutcome, SecondFactor};
use crate::service::totp::AuthenticatorCode;

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct LoginRequest {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<{ EMAIL_MAX }>>)]
    pub email: Given<Text<{ EMAIL_MAX }>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Password>)]
    pub password: Given<Password>,
    /// The authenticator's 6-digit code, once the server asked for it.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<AuthenticatorCode>)]
    pub token: Option<Given<AuthenticatorCode>>,
    /// Which device the code comes from (the first listed one by default).
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<32>>)]
    pub device_id: Option<Given<Text<32>>>,
    /// One of the member's two-factor recovery codes, in place of `token` (when the
    /// authenticator is lost). Good once; a wrong one counts as a failed attempt.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<64>>)]
    pub recovery_code: Option<Given<Text<64>>>,
}

/// An authenticator device of the account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Device {
    pub device_id: String,
    pub confirmed: bool,
}

impl From<totp_device::Model> for Device {
    fn from(device: totp_device::Model) -> Self {
        Self {
            device_id: device.id.to_string(),
            confirmed: device.confirmed,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoginResponse {
    /// Bearer token for the `Authorization` header; absent while a code is required.
    pub access: Option<String>,
    /// Set when two-factor is on and no code was sent: send one with `device_id`.
    pub devices: Vec<Device>,
}

/// Sign in
///
/// Signs in with e-mail and password (and the authenticator code, or a recovery code, when
/// two-factor is on). Attempts
/// are rate limited per client; repeated failures lock the account and mail its owner an unlock
/// link (`POST /api/unlock-account`).
#[utoipa::path(
    operation_id = "login",
    tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in, or a code is required.", body = Data<LoginResponse>),
        (status = 400, description = "Invalid credentials or token, or the e-mail is not confirmed.", body = kernel::ErrorBody),
        (status = 401, description = "The account is inactive.", body = kernel::ErrorBody),
        (status = 403, description = "Locked after repeated failures.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/login")]
pub async fn login(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<LoginRequest>,
) -> AppResult<web::Json<Data<LoginResponse>>> {
    ctx.rate_limits.check("login", &req).await?;
    let (email, password) = (body.email.get()?, body.password.get()?);
    ctx.rate_limits.check_account("login", email).await?;
    let credentials = Credentials {
        email,
        password,
        user_agent: user_agent::of(&req),
    };
    let second = SecondFactor {
        token: body
            .token
            .as_ref()
            .map(Given::get)
            .transpose()?
            .map(|c| &**c),
        device_id: body
            .device_id
            .as_ref()
            .map(Given::get)
            .transpose()?
            .map(|d| &**d),
        recovery_code: body
            .recovery_code
            .as_ref()
            .map(Given::get)
            .transpose()?
            .map(|c| &**c),
    };
    let response = match crate::service::login::login(&ctx, credentials, second).await? {
        LoginOutcome::Session(access) => LoginResponse {
            access: Some(access),
            devices: Vec::new(),
        },
        LoginOutcome::CodeRequired(devices) => LoginResponse {
            access: None,
            devices: devices.into_iter().map(Device::from).collect(),
        },
    };
    Ok(Data::new(response))
}
