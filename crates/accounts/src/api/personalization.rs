use actix_web::{post, web};
use kernel::extract::ValidJson;
use kernel::input::{Given, Text, given_text};
use kernel::{AppContext, AppResult, CurrentUser, Data};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use super::MessageResponse;
use crate::enums::{AgeGroup, CareerStage, Gender, LookingFor, Race};
use crate::service::personalization;

/// The personalization modal's fields.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PersonalizationRequest {
    /// Tag ids from `GET /api/tags`.
    #[serde(default)]
    #[validate(length(max = 50))]
    pub area_of_interest: Vec<i64>,
    #[serde(default)]
    pub looking_for: Vec<LookingFor>,
    #[serde(default)]
    #[validate(length(max = 10))]
    pub race: Vec<Race>,
    pub gender: Option<Gender>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<64>>)]
    pub ethnicity: Option<Given<Text<64>>>,
    pub career_stage: Option<CareerStage>,
    pub age_group: Option<AgeGroup>,
}

/// Save personalization
///
/// Saves the personalization answers (gender, age group and career stage are required for project
/// creators).
#[utoipa::path(
    operation_id = "personalizationUpdate",
    tag = "auth",
    security(("bearer" = [])),
    request_body = PersonalizationRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<MessageResponse>, example = json!({"data": {"message": personalization::SAVED}})),
        (status = 400, description = "Invalid input.", body = kernel::ErrorBody),
    )
)]
#[post("/me/personalization-update")]
pub async fn personalization_update(
    ctx: web::Data<AppContext>,
    user: CurrentUser,
    body: ValidJson<PersonalizationRequest>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    personalization::save(&ctx, user.id, body.into_inner().try_into()?).await?;
    Ok(MessageResponse::data(personalization::SAVED))
}

impl TryFrom<PersonalizationRequest> for personalization::Answers {
    type Error = kernel::AppError;

    fn try_from(request: PersonalizationRequest) -> Result<Self, Self::Error> {
        Ok(Self {
            area_of_interest: request.area_of_interest,
            looking_for: request.looking_for,
            race: request.race,
            gender: request.gender,
            ethnicity: given_text(request.ethnicity)?,
            career_stage: request.career_stage,
            age_group: request.age_group,
        })
    }
}
