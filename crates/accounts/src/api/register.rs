use actix_web::{HttpRequest, HttpResponse, post, web};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given, HttpUrl, SignUp, Text, given_text};
use kernel::{AppContext, AppResult, Data};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::enums::{
    AgeGroup, CareerStage, FindAboutBy, Gender, LookingFor, ProfileTag, Pronouns, Race,
};
use crate::service;
use crate::service::personalization::Answers;
use crate::service::registration::NewAccount;

/// The registration payload.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct RegisterRequest {
    /// The solved challenge from `GET /api/captcha`: `{challenge}:{nonce}`, with a nonce (a
    /// decimal number) for which `sha256` of this whole text starts with `difficulty` zero bits.
    pub captcha: Option<String>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<255>>)]
    pub name: Given<Text<255>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email<SignUp>>)]
    pub email: Given<Email<SignUp>>,
    #[validate(length(
        min = 8,
        message = "This password is too short. It must contain at least 8 characters."
    ))]
    #[schema(min_length = 8)]
    pub password: String,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<64>>)]
    pub role: Option<Given<Text<64>>>,
    #[serde(default)]
    pub looking_for: Vec<LookingFor>,
    pub gender: Option<Gender>,
    #[serde(default)]
    #[validate(length(max = 10))]
    pub race: Vec<Race>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<64>>)]
    pub ethnicity: Option<Given<Text<64>>>,
    pub age_group: Option<AgeGroup>,
    pub career_stage: Option<CareerStage>,
    /// Where to go after confirming the e-mail (a path on this site).
    pub redirect_to: Option<String>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub affiliation: Option<Given<Text<255>>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<HttpUrl>)]
    pub university_profile_page_url: Option<Given<HttpUrl>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Email<SignUp>>)]
    pub university_affiliate_email: Option<Given<Email<SignUp>>>,
    #[serde(default)]
    pub is_project_creator: bool,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<32>>)]
    pub phone_number: Option<Given<Text<32>>>,
    pub pronouns: Option<Pronouns>,
    pub find_about_by: Option<FindAboutBy>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub find_about_by_other_info: Option<Given<Text<255>>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub location: Option<Given<Text<255>>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<5000>>)]
    pub bio: Option<Given<Text<5000>>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub social: Option<Given<Text<255>>>,
    /// Tag ids from `GET /api/tags`.
    #[serde(default)]
    #[validate(length(max = 50))]
    pub area_of_interest: Vec<i64>,
    #[serde(default)]
    #[validate(length(max = 2, message = "Select at most 2 tags."))]
    #[schema(max_items = 2)]
    pub tags: Vec<ProfileTag>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RegisterResponse {
    pub message: String,
    /// Present when a phone number was given: confirm it with the SMS code.
    pub sms_confirm_token: Option<String>,
}

/// Sign up
///
/// Creates an account and e-mails a confirmation link. The answer is the same whether or not the
/// e-mail is already registered. Protected by the form challenge (`GET /api/captcha`) and a rate
/// limit.
#[utoipa::path(
    operation_id = "register",
    tag = "auth",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Check your e-mail.", body = Data<RegisterResponse>),
        (status = 400, description = "Invalid input or captcha.", body = kernel::ErrorBody),
        (status = 429, description = "Too many attempts.", body = kernel::ErrorBody),
    )
)]
#[post("/register")]
pub async fn register(
    ctx: web::Data<AppContext>,
    req: HttpRequest,
    body: ValidJson<RegisterRequest>,
) -> AppResult<HttpResponse> {
    ctx.rate_limits.check("register", &req).await?;
    let outcome = service::registration::register(&ctx, body.into_inner().try_into()?).await?;
    Ok(HttpResponse::Created().json(Data {
        data: RegisterResponse {
            message: service::registration::CHECK_EMAIL.to_owned(),
            sms_confirm_token: outcome.sms_confirm_token,
        },
    }))
}

impl TryFrom<RegisterRequest> for NewAccount {
    type Error = kernel::AppError;

    fn try_from(request: RegisterRequest) -> Result<Self, Self::Error> {
        Ok(Self {
            captcha: request.captcha,
            name: request.name.value()?.into_string(),
            email: request.email.value()?.into_string(),
            password: request.password,
            role: given_text(request.role)?,
            redirect_to: request.redirect_to,
            phone_number: given_text(request.phone_number)?,
            is_project_creator: request.is_project_creator,
            affiliation: given_text(request.affiliation)?,
            university_affiliate_email: given_text(request.university_affiliate_email)?,
            university_profile_page_url: given_text(request.university_profile_page_url)?,
            location: given_text(request.location)?,
            bio: given_text(request.bio)?,
            social: given_text(request.social)?,
            tags: request.tags,
            pronouns: request.pronouns,
            find_about_by: request.find_about_by,
            find_about_by_other_info: given_text(request.find_about_by_other_info)?,
            answers: Answers {
                area_of_interest: request.area_of_interest,
                looking_for: request.looking_for,
                race: request.race,
                gender: request.gender,
                ethnicity: given_text(request.ethnicity)?,
                career_stage: request.career_stage,
                age_group: request.age_group,
            },
        })
    }
}
