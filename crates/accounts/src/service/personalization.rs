//! The personalization modal's answers.

use kernel::json_list::JsonList;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, Set};

use super::me;
use crate::entity::user;
use crate::enums::{AgeGroup, CareerStage, Gender, LookingFor, Race};
use crate::policy;

pub const SAVED: &str = "Profile has been successfully updated.";

/// What a member answers about their interests and (for the equity questions) themselves:
/// the personalization modal asks these, and sign-up and the profile carry them too.
#[derive(Debug, Default)]
pub struct Answers {
    /// Tag ids.
    pub area_of_interest: Vec<i64>,
    pub looking_for: Vec<LookingFor>,
    pub race: Vec<Race>,
    pub gender: Option<Gender>,
    pub ethnicity: Option<String>,
    pub career_stage: Option<CareerStage>,
    pub age_group: Option<AgeGroup>,
}

pub async fn save(ctx: &AppContext, user_id: i64, input: Answers) -> AppResult<()> {
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
            .map(|f| {
                (
                    f.to_owned(),
                    vec![kernel::validation::REQUIRED_SHORT.to_owned()],
                )
            })
            .collect();
        return Err(AppError::Validation(errors));
    }
    let mut active: user::ActiveModel = account.into();
    active.area_of_interest = Set(JsonList(input.area_of_interest.clone()));
    active.looking_for = Set(JsonList(input.looking_for.clone()));
    if !input.race.is_empty() {
        active.race = Set(JsonList(input.race.clone()));
    }
    if let Some(gender) = input.gender {
        active.gender = Set(gender);
    }
    if let Some(age_group) = input.age_group {
        active.age_group = Set(age_group);
    }
    if let Some(career_stage) = input.career_stage {
        active.career_stage = Set(career_stage);
    }
    if let Some(ethnicity) = input.ethnicity.filter(|e| !e.trim().is_empty()) {
        active.ethnicity = Set(ethnicity.trim().to_owned());
    }
    active.update(&ctx.db).await?;
    Ok(())
}
