//! Editing one's own account: profile fields (the current password confirms the save)
//! and password changes (which end every other session).

use kernel::error::FieldErrors;
use kernel::json_list::JsonList;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::stored::plain;
use super::tokens::{self, Purpose};
use super::{emails, me, password, password_policy, registration, session, totp};
use crate::entity::user;
use crate::enums::{
    AgeGroup, CareerStage, FindAboutBy, Gender, LookingFor, ProfileTag, Pronouns, Race,
};
use crate::policy;

/// What an unanswered equity question is stored as.
const UNDISCLOSED: &str = "prefer_not_to_disclose";

pub const PROFILE_UPDATED: &str = "Profile has been successfully updated.";
pub const PASSWORD_CHANGED: &str = "Password has been successfully changed.";
pub const PASSWORDS_DONT_MATCH: &str = "The password don't match";
pub const EMAIL_TAKEN: &str = "A user with this email already exists.";
/// Shown when a password that was handed out is chosen again as one's own.
pub const CHOOSE_ANOTHER: &str = "Choose a password other than the one you were given.";

/// A password change: the new one twice, and the current one when the account has one.
#[derive(Debug, Default)]
pub struct PasswordChange {
    pub current_password: Option<String>,
    pub new_password: Option<String>,
    pub confirm_new_password: Option<String>,
}

/// A profile edit: each field is `None` to keep what is stored, else its new value (a
/// cleared text or choice is `Some(None)`).
#[derive(Debug, Default)]
pub struct ProfileChange {
    /// Confirms the save when the account has a password.
    pub current_password: Option<String>,
    pub name: Option<Option<String>>,
    /// A new address; the current one is kept without it.
    pub email: Option<String>,
    pub affiliation: Option<Option<String>>,
    pub title: Option<Option<String>>,
    pub location: Option<Option<String>>,
    pub website: Option<Option<String>>,
    pub social: Option<Option<String>>,
    pub bio: Option<Option<String>>,
    pub address: Option<Option<String>>,
    pub tags: Option<Vec<ProfileTag>>,
    pub pronouns: Option<Option<Pronouns>>,
    pub find_about_by: Option<Option<FindAboutBy>>,
    pub find_about_by_other_info: Option<Option<String>>,
    pub is_project_creator: Option<bool>,
    pub profile_is_private: Option<bool>,
    /// A known time zone's name, or `Some(None)` for UTC.
    pub time_zone: Option<Option<String>>,
    pub answers: AnswersChange,
}

/// The personalization answers of a profile edit, each `None` to keep the stored one.
#[derive(Debug, Default)]
pub struct AnswersChange {
    /// Tag ids.
    pub area_of_interest: Option<Vec<i64>>,
    pub looking_for: Option<Vec<LookingFor>>,
    pub race: Option<Vec<Race>>,
    pub gender: Option<Option<Gender>>,
    pub ethnicity: Option<Option<String>>,
    pub career_stage: Option<Option<CareerStage>>,
    pub age_group: Option<Option<AgeGroup>>,
}

/// Changes the password. `session_token` is the caller's session, which stays signed in.
pub async fn change_password(
    ctx: &AppContext,
    user_id: i64,
    input: &PasswordChange,
    session_token: Option<&str>,
) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    let mut errors = FieldErrors::new();
    let new = input.new_password.as_deref().unwrap_or_default();
    if new.is_empty() {
        errors.insert(
            "new_password".into(),
            vec![kernel::validation::REQUIRED.into()],
        );
    } else if let Some(problem) = password_policy::problem(new) {
        errors.insert("new_password".into(), vec![problem.into()]);
    }
    if input.confirm_new_password.as_deref() != Some(new) {
        errors.insert(
            "confirm_new_password".into(),
            vec![PASSWORDS_DONT_MATCH.into()],
        );
    }
    if account.password_change_required && input.current_password.as_deref() == Some(new) {
        errors.insert("new_password".into(), vec![CHOOSE_ANOTHER.into()]);
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    totp::require_password(&account, input.current_password.as_deref()).await?;
    let hash = password::hash_async(new.to_owned()).await?;
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let mut active: user::ActiveModel = account.into();
    active.password_hash = Set(Some(hash));
    active.password_change_required = Set(false);
    active.update(&txn).await?;
    session::revoke_all(&txn, user_id, session_token).await?;
    txn.commit().await?;
    Ok(())
}

/// Saves the profile fields the request carried (the others keep their value); nothing is
/// saved unless every rule passes.
pub async fn update(ctx: &AppContext, user_id: i64, input: ProfileChange) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    let mut errors = FieldErrors::new();
    let mut add = |field: &str, message: &str| {
        errors
            .entry(field.to_owned())
            .or_default()
            .push(message.to_owned())
    };
    let name = match &input.name {
        None => account.name.clone(),
        Some(name) => plain(name.clone()).unwrap_or_default(),
    };
    if name.is_empty() {
        add("name", kernel::validation::REQUIRED_SHORT);
    }
    if input.current_password.is_none() && account.password_hash.is_some() {
        add("current_password", kernel::validation::REQUIRED_SHORT);
    }
    let creator = input
        .is_project_creator
        .unwrap_or(account.is_project_creator);
    let answers = input.answers;
    // A field left out counts with its stored answer.
    let answered = |sent: Option<bool>, stored_answer: bool| sent.unwrap_or(stored_answer);
    for field in policy::missing_equity_fields(
        creator,
        answered(
            answers.gender.map(|gender| gender.is_some()),
            account.gender != Gender::PreferNotToDisclose,
        ),
        answered(
            answers.age_group.map(|age| age.is_some()),
            account.age_group != AgeGroup::PreferNotToDisclose,
        ),
        answered(
            answers.career_stage.map(|stage| stage.is_some()),
            account.career_stage != CareerStage::PreferNotToDisclose,
        ),
    ) {
        add(field, kernel::validation::REQUIRED_SHORT);
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    totp::require_password(&account, input.current_password.as_deref()).await?;

    let new_email = input
        .email
        .map(|e| e.to_lowercase())
        .filter(|e| *e != account.email);
    if let Some(email) = &new_email {
        let taken = user::Entity::find()
            .filter(user::Column::Email.eq(email))
            .one(&ctx.db)
            .await?;
        if taken.is_some() {
            return Err(AppError::field("email", EMAIL_TAKEN));
        }
    }

    let old_email = account.email.clone();
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let mut active: user::ActiveModel = account.into();
    active.name = Set(name.clone());
    // Only what the request carried changes (a partial update).
    macro_rules! patch {
        ($($field:ident = $value:expr;)+) => {
            $(if let Some(value) = $value {
                active.$field = Set(value);
            })+
        };
    }
    let undisclosed = || UNDISCLOSED.to_owned();
    patch! {
        affiliation = input.affiliation.map(plain);
        title = input.title.map(plain);
        location = input.location.map(plain);
        website = input.website;
        social = input.social.map(plain);
        bio = input.bio.map(plain);
        address = input.address.map(plain);
        area_of_interest = answers.area_of_interest.map(JsonList);
        tags = input.tags.map(JsonList);
        looking_for = answers.looking_for.map(JsonList);
        race = answers.race.map(JsonList);
        gender = answers.gender.map(|gender| gender.unwrap_or(Gender::PreferNotToDisclose));
        age_group = answers.age_group.map(|age| age.unwrap_or(AgeGroup::PreferNotToDisclose));
        career_stage = answers
            .career_stage
            .map(|stage| stage.unwrap_or(CareerStage::PreferNotToDisclose));
        ethnicity = answers
            .ethnicity
            .map(|ethnicity| plain(ethnicity).unwrap_or_else(undisclosed));
        pronouns = input.pronouns;
        find_about_by = input.find_about_by;
        find_about_by_other_info = input.find_about_by_other_info.map(plain);
        is_project_creator = Some(creator);
        profile_is_private = input.profile_is_private;
        time_zone = input.time_zone;
    }
    let mut confirm = None;
    if let Some(email) = &new_email {
        // A new address must be proven before it counts as confirmed.
        active.email = Set(email.clone());
        active.email_confirmed = Set(false);
        confirm = Some(tokens::issue(&txn, user_id, Purpose::ConfirmEmail, None).await?);
    }
    active.update(&txn).await?;
    txn.commit().await?;
    if let (Some(email), Some(token)) = (new_email, confirm) {
        let url = &ctx.config.public_url;
        registration::deliver(ctx, emails::confirm_new_email(url, &email, &name, &token)).await;
        // The old address hears of it too: if this was not its owner, they can act.
        let notice = emails::email_changed(url, &old_email, &name, &email);
        registration::deliver(ctx, notice).await;
    }
    Ok(())
}
