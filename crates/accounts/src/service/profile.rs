//! Editing one's own account: profile fields (the current password confirms the save)
//! and password changes (which end every other session).

use std::collections::BTreeSet;

use kernel::error::FieldErrors;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::stored::{json_list, plain, text};
use super::tokens::{self, Purpose};
use super::{emails, me, password, password_policy, registration, session, totp};
use crate::api::update_me::UpdateMeRequest;
use crate::entity::user;
use crate::policy;

/// What an unanswered equity question is stored as.
const UNDISCLOSED: &str = "prefer_not_to_disclose";

pub const PROFILE_UPDATED: &str = "Profile has been successfully updated.";
pub const PASSWORD_CHANGED: &str = "Password has been successfully changed.";
pub const PASSWORDS_DONT_MATCH: &str = "The password don't match";
pub const EMAIL_TAKEN: &str = "A user with this email already exists.";
/// Shown when a password that was handed out is chosen again as one's own.
pub const CHOOSE_ANOTHER: &str = "Choose a password other than the one you were given.";

/// Changes the password. `session_token` is the caller's session, which stays signed in.
pub async fn change_password(
    ctx: &AppContext,
    user_id: i64,
    input: &UpdateMeRequest,
    session_token: Option<&str>,
) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    let mut errors = FieldErrors::new();
    let new = input.new_password.as_deref().unwrap_or_default();
    if new.is_empty() {
        errors.insert("new_password".into(), vec!["This field is required".into()]);
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
    input: UpdateMeRequest,
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
        add("name", "Required");
    }
    if input
        .current_password
        .as_deref()
        .unwrap_or_default()
        .is_empty()
        && account.password_hash.is_some()
    {
        add("current_password", "Required");
    }
    let creator = input
        .is_project_creator
        .unwrap_or(account.is_project_creator);
    // A field left out counts with its stored answer.
    let answered = |field: &str, sent: bool, stored: &str| {
        if given(field) {
            sent
        } else {
            stored != UNDISCLOSED
        }
    };
    for field in policy::missing_equity_fields(
        creator,
        answered("gender", input.gender.is_some(), &account.gender),
        answered("age_group", input.age_group.is_some(), &account.age_group),
        answered(
            "career_stage",
            input.career_stage.is_some(),
            &account.career_stage,
        ),
    ) {
        add(field, "Required");
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
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
    patch! {
        affiliation = plain(input.affiliation);
        title = plain(input.title);
        location = plain(input.location);
        website = text(input.website);
        social = plain(input.social);
        bio = plain(input.bio);
        address = plain(input.address);
        area_of_interest = json_list(&input.area_of_interest)?;
        tags = json_list(&input.tags)?;
        looking_for = json_list(&input.looking_for)?;
        gender = input.gender.map_or_else(undisclosed, |g| g.as_str().to_owned());
        age_group = input.age_group.map_or_else(undisclosed, |a| a.as_str().to_owned());
        career_stage = input.career_stage.map_or_else(undisclosed, |c| c.as_str().to_owned());
        ethnicity = plain(input.ethnicity).unwrap_or_else(undisclosed);
        pronouns = input.pronouns.map(|p| p.as_str().to_owned());
        find_about_by = input.find_about_by.map(|f| f.as_str().to_owned());
        find_about_by_other_info = plain(input.find_about_by_other_info);
    }
    if !input.race.is_empty() {
        active.race = Set(json_list(&input.race)?);
    }
    active.is_project_creator = Set(creator);
    if let Some(private) = input.profile_is_private {
        active.profile_is_private = Set(private);
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
