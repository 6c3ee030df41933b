use actix_web::{HttpRequest, patch, web};
use kernel::auth::bearer_token;
use kernel::extract::PatchJson;
use kernel::{AppContext, AppResult, Data, SignedIn};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::enums::{
    AgeGroup, CareerStage, FindAboutBy, Gender, LookingFor, ProfileTag, Pronouns, Race,
};
use crate::service::personalization::Answers;
use crate::service::profile::{self, PasswordChange, ProfileChange};

/// Either profile fields (with `current_password`; a field left out keeps its value, `null`
/// or `""` clears it, and `name` may not be cleared), or a password change
/// (`new_password`, `confirm_new_password`, and `current_password` when one is set).
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct UpdateMeRequest {
    #[validate(length(max = 255))]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "kernel::validation::blank_as_none")]
    #[validate(email)]
    #[schema(format = Email)]
    pub email: Option<String>,
    pub current_password: Option<String>,
    #[validate(length(max = 128))]
    pub new_password: Option<String>,
    pub confirm_new_password: Option<String>,
    #[validate(length(max = 255))]
    pub affiliation: Option<String>,
    #[validate(length(max = 255))]
    pub title: Option<String>,
    #[validate(length(max = 255))]
    pub location: Option<String>,
    #[serde(default, deserialize_with = "kernel::validation::blank_as_none")]
    #[validate(custom(function = "kernel::links::web_url"))]
    pub website: Option<String>,
    #[validate(length(max = 255))]
    pub social: Option<String>,
    #[validate(length(max = 5000))]
    pub bio: Option<String>,
    #[validate(length(max = 255))]
    pub address: Option<String>,
    #[serde(default)]
    #[validate(length(max = 50))]
    pub area_of_interest: Vec<i64>,
    #[serde(default)]
    #[validate(length(max = 2, message = "Select at most 2 tags."))]
    #[schema(max_items = 2)]
    pub tags: Vec<ProfileTag>,
    #[serde(default)]
    pub looking_for: Vec<LookingFor>,
    #[serde(default)]
    #[validate(length(max = 10))]
    pub race: Vec<Race>,
    pub gender: Option<Gender>,
    pub age_group: Option<AgeGroup>,
    #[validate(length(max = 64))]
    pub ethnicity: Option<String>,
    pub career_stage: Option<CareerStage>,
    pub pronouns: Option<Pronouns>,
    pub find_about_by: Option<FindAboutBy>,
    #[validate(length(max = 255))]
    pub find_about_by_other_info: Option<String>,
    pub is_project_creator: Option<bool>,
    pub profile_is_private: Option<bool>,
    /// An IANA time zone name (`America/Halifax`); empty for UTC. Digests go out at 08:00
    /// there.
    #[validate(length(max = 64))]
    pub time_zone: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UpdateMeResponse {
    pub message: String,
}

/// Update the profile
///
/// Saves the profile, or changes the password (ending every other session).
#[utoipa::path(
    operation_id = "updateMe",
    tag = "auth",
    security(("bearer" = [])),
    request_body = UpdateMeRequest,
    responses(
        (status = 200, description = "Saved.", body = Data<UpdateMeResponse>),
        (status = 400, description = "Invalid input or wrong current password.", body = kernel::ErrorBody),
        (status = 401, description = "Not signed in.", body = kernel::ErrorBody),
        (status = 403, description = "The account must choose a new password first.", body = kernel::ErrorBody),
    )
)]
#[patch("/me")]
pub async fn update_me(
    ctx: web::Data<AppContext>,
    SignedIn(user): SignedIn,
    req: HttpRequest,
    body: PatchJson<UpdateMeRequest>,
) -> AppResult<web::Json<Data<UpdateMeResponse>>> {
    let PatchJson {
        value: input,
        present,
    } = body;
    let message = if input.new_password.is_some() || input.confirm_new_password.is_some() {
        let change = input.password_change();
        profile::change_password(&ctx, user.id, &change, bearer_token(&req).as_deref()).await?;
        profile::PASSWORD_CHANGED
    } else if user.password_change_required {
        return Err(kernel::auth::password_change_required());
    } else {
        profile::update(&ctx, user.id, input.into(), &present).await?;
        profile::PROFILE_UPDATED
    };
    Ok(Data::new(UpdateMeResponse {
        message: message.to_owned(),
    }))
}

impl UpdateMeRequest {
    fn password_change(self) -> PasswordChange {
        PasswordChange {
            current_password: self.current_password,
            new_password: self.new_password,
            confirm_new_password: self.confirm_new_password,
        }
    }
}

impl From<UpdateMeRequest> for ProfileChange {
    fn from(request: UpdateMeRequest) -> Self {
        Self {
            current_password: request.current_password,
            name: request.name,
            email: request.email,
            affiliation: request.affiliation,
            title: request.title,
            location: request.location,
            website: request.website,
            social: request.social,
            bio: request.bio,
            address: request.address,
            tags: request.tags,
            pronouns: request.pronouns,
            find_about_by: request.find_about_by,
            find_about_by_other_info: request.find_about_by_other_info,
            is_project_creator: request.is_project_creator,
            profile_is_private: request.profile_is_private,
            time_zone: request.time_zone,
            answers: Answers {
                area_of_interest: request.area_of_interest,
                looking_for: request.looking_for,
                race: request.race,
                gender: request.gender,
                ethnicity: request.ethnicity,
                career_stage: request.career_stage,
                age_group: request.age_group,
            },
        }
    }
}
