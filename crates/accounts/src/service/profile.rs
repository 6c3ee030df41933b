//! Editing one's own account: profile fields (the current password confirms the save)
//! and password changes (which end every other session).

use std::collections::BTreeSet;

use kernel::error::FieldErrors;
use kernel::json_list::JsonList;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::personalization::Answers;
use super::stored::{plain, text};
use super::tokens::{self, Purpose};
use super::{emails, me, password, password_policy, registration, session, totp};
use crate::entity::user;
use crate::enums::{AgeGroup, CareerStage, FindAboutBy, Gender, ProfileTag, Pronouns};
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

/// The profile's fields; `update` saves those the request carried.
#[derive(Debug, Default)]
pub struct ProfileChange {
    /// Confirms the save when the account has a password.
    pub current_password: Option<String>,
    pub name: Option<String>,
    pub email: Option<String>,
    pub affiliation: Option<String>,
    pub title: Option<String>,
    pub location: Option<String>,
    pub website: Option<String>,
    pub social: Option<String>,
    pub bio: Option<String>,
    pub address: Option<String>,
    pub tags: Vec<ProfileTag>,
    pub pronouns: Option<Pronouns>,
    pub find_about_by: Option<FindAboutBy>,
    pub find_about_by_other_info: Option<String>,
    pub is_project_creator: Option<bool>,
    pub profile_is_private: Option<bool>,
    /// A time zone name, or empty for UTC; `None` leaves it as it is.
    pub time_zone: Option<String>,
    pub answers: Answers,
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

/// Saves the profile fields the request carried (`present`; the others keep their value);
/// nothing is saved unless every rule passes.
pub async fn update(
    ctx: &AppContext,
    user_id: i64,
    input: ProfileChange,
    present: &BTreeSet<String>,
) -> AppResult<()> {
    let given = |field: &str| present.contains(field);
    let account = me::find(&ctx.db, user_id).await?;
    let mut errors = FieldErrors::new();
    let mut add = |field: &str, message: &str| {
        errors
            .entry(field.to_owned())
            .or_default()
            .push(message.to_owned())
    };
    let name = match &input.name {
        Some(name) => kernel::rich_text::plain_field(name),
        None if !given("name") => account.name.clone(),
        None => String::new(),
    };
    if name.is_empty() {
        add("name", kernel::validation::REQUIRED_SHORT);
    }
    if input
        .current_password
        .as_deref()
        .unwrap_or_default()
        .is_empty()
        && account.password_hash.is_some()
    {
        add("current_password", kernel::validation::REQUIRED_SHORT);
    }
    let creator = input
        .is_project_creator
        .unwrap_or(account.is_project_creator);
    // A field left out counts with its stored answer.
    let answered = |field: &str, sent: bool, stored_answer: bool| {
        if given(field) { sent } else { stored_answer }
    };
    for field in policy::missing_equity_fields(
        creator,
        answered(
            "gender",
            input.answers.gender.is_some(),
            account.gender != Gender::PreferNotToDisclose,
        ),
        answered(
            "age_group",
            input.answers.age_group.is_some(),
            account.age_group != AgeGroup::PreferNotToDisclose,
        ),
        answered(
            "career_stage",
            input.answers.career_stage.is_some(),
            account.career_stage != CareerStage::PreferNotToDisclose,
        ),
    ) {
        add(field, kernel::validation::REQUIRED_SHORT);
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let time_zone = match input.time_zone.as_deref().map(str::trim) {
        None => None,
        Some("") => Some(None),
        Some(name) => {
            let zone = kernel::time_zones::parse(name)
                .ok_or_else(|| AppError::field("time_zone", kernel::time_zones::UNKNOWN))?;
            Some(Some(zone.name().to_owned()))
        }
    };
    totp::require_password(&account, input.current_password.as_deref()).await?;

    let new_email = input
        .email
        .as_deref()
        .map(|e| e.trim().to_lowercase())
        .filter(|e| !e.is_empty() && *e != account.email);
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
            $(if given(stringify!($field)) {
                active.$field = Set($value);
            })+
        };
    }
    let undisclosed = || UNDISCLOSED.to_owned();
    let answers = input.answers;
    patch! {
        affiliation = plain(input.affiliation);
        title = plain(input.title);
        location = plain(input.location);
        website = text(input.website);
        social = plain(input.social);
        bio = plain(input.bio);
        address = plain(input.address);
        area_of_interest = JsonList(answers.area_of_interest.clone());
        tags = JsonList(input.tags.clone());
        looking_for = JsonList(answers.looking_for.clone());
        gender = answers.gender.unwrap_or(Gender::PreferNotToDisclose);
        age_group = answers.age_group.unwrap_or(AgeGroup::PreferNotToDisclose);
        career_stage = answers.career_stage.unwrap_or(CareerStage::PreferNotToDisclose);
        ethnicity = plain(answers.ethnicity).unwrap_or_else(undisclosed);
        pronouns = input.pronouns;
        find_about_by = input.find_about_by;
        find_about_by_other_info = plain(input.find_about_by_other_info);
    }
    if !answers.race.is_empty() {
        active.race = Set(JsonList(answers.race.clone()));
    }
    active.is_project_creator = Set(creator);
    if let Some(private) = input.profile_is_private {
        active.profile_is_private = Set(private);
    }
    if let Some(zone) = time_zone {
        active.time_zone = Set(zone);
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
