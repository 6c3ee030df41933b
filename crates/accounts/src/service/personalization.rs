//! The personalization modal's answers.

use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, Set};

use super::me;
use super::stored::json_list;
use crate::api::personalization::PersonalizationRequest;
use crate::entity::user;
use crate::policy;

pub const SAVED: &str = "Profile has been successfully updated.";

pub async fn save(ctx: &AppContext, user_id: i64, input: PersonalizationRequest) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    let missing = policy::missing_equity_fields(
        account.is_project_creator,
        input.gender.is_some(),
        input.age_group.is_some(),
        input.career_stage.is_some(),
    );
    if !missing.is_empty() {
        let errors = missing
            .into_iter()
            .map(|f| (f.to_owned(), vec!["Required".to_owned()]))
            .collect();
        return Err(AppError::Validation(errors));
    }
    let mut active: user::ActiveModel = account.into();
    active.area_of_interest = Set(json_list(&input.area_of_interest)?);
    active.looking_for = Set(json_list(&input.looking_for)?);
    if !input.race.is_empty() {
        active.race = Set(json_list(&input.race)?);
    }
    if let Some(gender) = input.gender {
        active.gender = Set(gender.as_str().to_owned());
    }
    if let Some(age_group) = input.age_group {
        active.age_group = Set(age_group.as_str().to_owned());
    }
    if let Some(career_stage) = input.career_stage {
        active.career_stage = Set(career_stage.as_str().to_owned());
    }
    if let Some(ethnicity) = input.ethnicity.filter(|e| !e.trim().is_empty()) {
        active.ethnicity = Set(ethnicity.trim().to_owned());
    }
    active.update(&ctx.db).await?;
    Ok(())
}
