use actix_web::{HttpRequest, patch, web};
use kernel::auth::bearer_token;
use kernel::extract::ValidJson;
use kernel::input::{
    Change, Checked, Email, Given, HttpUrl, Password, Text, TimeZoneName, given_text,
};
use kernel::{AppContext, AppResult, Data, SignedIn};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::enums::{
    AgeGroup, CareerStage, FindAboutBy, Gender, LookingFor, ProfileTag, Pronouns, Race,
};
use crate::service::profile::{self, AnswersChange, PasswordChange, ProfileChange};

/// Either profile fields (with `current_password`; a field left out keeps its value, `null`
/// or `""` clears it, and `name` may not be cleared), or a password change
/// (`new_password`, `confirm_new_password`, and `current_password` when one is set).
/// `time_zone` is an IANA name (`America/Halifax`), `null` for UTC: digests go out at 08:00
/// there. `gender`, `age_group` and `career_stage` set to `null` answer "prefer not to
/// disclose"; an empty `race` keeps the stored answer.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct UpdateMeRequest {
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub name: Change<Text<255>>,
    /// A new address (to be confirmed); left out or blank keeps the current one.
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Email>)]
    pub email: Option<Given<Email>>,
    #[serde(default, deserialize_with = "kernel::input::optional")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Password>)]
    pub current_password: Option<Given<Password>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Password<128>>)]
    pub new_password: Change<Password<128>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Password>)]
    pub confirm_new_password: Change<Password>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub affiliation: Change<Text<255>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub title: Change<Text<255>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub location: Change<Text<255>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<HttpUrl>)]
    pub website: Change<HttpUrl>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub social: Change<Text<255>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<5000>>)]
    pub bio: Change<Text<5000>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub address: Change<Text<255>>,
    /// Tag ids from `GET /api/tags`.
    #[serde(default)]
    #[validate(length(max = 50))]
    pub area_of_interest: Option<Vec<i64>>,
    #[serde(default)]
    #[validate(length(max = 2, message = "Select at most 2 tags."))]
    #[schema(max_items = 2)]
    pub tags: Option<Vec<ProfileTag>>,
    #[serde(default)]
    pub looking_for: Option<Vec<LookingFor>>,
    #[serde(default)]
    #[validate(length(max = 10))]
    pub race: Option<Vec<Race>>,
    #[serde(default, deserialize_with = "kernel::input::present")]
    #[schema(value_type = Option<Gender>)]
    pub gender: Option<Option<Gender>>,
    #[serde(default, deserialize_with = "kernel::input::present")]
    #[schema(value_type = Option<AgeGroup>)]
    pub age_group: Option<Option<AgeGroup>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<64>>)]
    pub ethnicity: Change<Text<64>>,
    #[serde(default, deserialize_with = "kernel::input::present")]
    #[schema(value_type = Option<CareerStage>)]
    pub career_stage: Option<Option<CareerStage>>,
    #[serde(default, deserialize_with = "kernel::input::present")]
    #[schema(value_type = Option<Pronouns>)]
    pub pronouns: Option<Option<Pronouns>>,
    #[serde(default, deserialize_with = "kernel::input::present")]
    #[schema(value_type = Option<FindAboutBy>)]
    pub find_about_by: Option<Option<FindAboutBy>>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<Text<255>>)]
    pub find_about_by_other_info: Change<Text<255>>,
    pub is_project_creator: Option<bool>,
    pub profile_is_private: Option<bool>,
    #[serde(default, deserialize_with = "kernel::input::change")]
    #[validate(nested)]
    #[schema(schema_with = kernel::input::optional_schema::<TimeZoneName>)]
    pub time_zone: Change<TimeZoneName>,
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
    body: ValidJson<UpdateMeRequest>,
) -> AppResult<web::Json<Data<UpdateMeResponse>>> {
    let input = body.into_inner();
    let message = if input.new_password.is_sent() || input.confirm_new_password.is_sent() {
        let change = input.password_change()?;
        profile::change_password(&ctx, user.id, &change, bearer_token(&req).as_deref()).await?;
        profile::PASSWORD_CHANGED
    } else if user.password_change_required {
        return Err(kernel::auth::password_change_required());
    } else {
        profile::update(&ctx, user.id, input.profile_change()?).await?;
        profile::PROFILE_UPDATED
    };
    Ok(Data::new(UpdateMeResponse {
        message: message.to_owned(),
    }))
}

/// A cleared text is kept as nothing: `Some(None)`.
fn text<R>(field: Change<Checked<R>>) -> AppResult<Option<Option<String>>> {
    Ok(field.value()?.map(|text| text.map(Checked::into_string)))
}

impl UpdateMeRequest {
    fn password_change(self) -> AppResult<PasswordChange> {
        Ok(PasswordChange {
            current_password: given_text(self.current_password)?,
            new_password: text(self.new_password)?.flatten(),
            confirm_new_password: text(self.confirm_new_password)?.flatten(),
        })
    }

    fn profile_change(self) -> AppResult<ProfileChange> {
        Ok(ProfileChange {
            current_password: given_text(self.current_password)?,
            name: text(self.name)?,
            email: given_text(self.email)?,
            affiliation: text(self.affiliation)?,
            title: text(self.title)?,
            location: text(self.location)?,
            website: text(self.website)?,
            social: text(self.social)?,
            bio: text(self.bio)?,
            address: text(self.address)?,
            tags: self.tags,
            pronouns: self.pronouns,
            find_about_by: self.find_about_by,
            find_about_by_other_info: text(self.find_about_by_other_info)?,
            is_project_creator: self.is_project_creator,
            profile_is_private: self.profile_is_private,
            time_zone: text(self.time_zone)?,
            answers: AnswersChange {
                area_of_interest: self.area_of_interest,
                looking_for: self.looking_for,
                race: self.race.filter(|race| !race.is_empty()),
                gender: self.gender,
                ethnicity: text(self.ethnicity)?,
                career_stage: self.career_stage,
                age_group: self.age_group,
            },
        })
    }
}
