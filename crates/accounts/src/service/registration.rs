//! Signing up: validate, create an inactive account, mail a confirmation link.

use kernel::error::FieldErrors;
use kernel::json_list::JsonList;
use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::personalization::Answers;
use super::stored::{plain, text};
use super::tokens::{self, Purpose};
use super::{emails, password, password_policy, phone};
use crate::entity::user;
use crate::enums::{
    AgeGroup, CareerStage, FindAboutBy, Gender, LookingFor, ProfileTag, Pronouns, Race,
};
use crate::policy;

/// Spec §2: registration success shows a check-email message.
pub const CHECK_EMAIL: &str = "Thank you for signing up! Please check your email (including your spam folder) to confirm your account.";

/// Everything a sign-up gives.
#[derive(Debug, Default)]
pub struct NewAccount {
    /// Solution of the sign-up challenge.
    pub captcha: Option<String>,
    pub name: String,
    pub email: String,
    pub password: String,
    pub role: Option<String>,
    /// Where to go after confirming the e-mail (a path on this site).
    pub redirect_to: Option<String>,
    pub phone_number: Option<String>,
    pub is_project_creator: bool,
    pub affiliation: Option<String>,
    pub university_affiliate_email: Option<String>,
    pub university_profile_page_url: Option<String>,
    pub location: Option<String>,
    pub bio: Option<String>,
    pub social: Option<String>,
    pub tags: Vec<ProfileTag>,
    pub pronouns: Option<Pronouns>,
    pub find_about_by: Option<FindAboutBy>,
    pub find_about_by_other_info: Option<String>,
    pub answers: Answers,
}

pub struct Registered {
    pub sms_confirm_token: Option<String>,
}

/// A path on this site, never another origin.
pub fn is_safe_redirect(target: &str) -> bool {
    target.starts_with('/') && !target.starts_with("//") && !target.contains('\\')
}

fn rules(input: &NewAccount) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let mut add = |field: &str, text: &str| {
        errors
            .entry(field.to_owned())
            .or_default()
            .push(text.to_owned());
    };
    if kernel::rich_text::plain_field(&input.name).is_empty() {
        add("name", kernel::validation::REQUIRED_SHORT);
    }
    if let Some(problem) = password_policy::problem(&input.password) {
        add("password", problem);
    }
    if input
        .redirect_to
        .as_deref()
        .is_some_and(|r| !is_safe_redirect(r))
    {
        add("redirect_to", "Invalid redirect.");
    }
    let seeks_funding = input
        .answers
        .looking_for
        .contains(&LookingFor::LookingForFunding);
    if input.is_project_creator || seeks_funding {
        // Spec §6: funding requires university affiliation.
        for (field, value) in [
            ("affiliation", &input.affiliation),
            (
                "university_affiliate_email",
                &input.university_affiliate_email,
            ),
            (
                "university_profile_page_url",
                &input.university_profile_page_url,
            ),
        ] {
            if value.as_deref().is_none_or(|v| v.trim().is_empty()) {
                add(field, kernel::validation::REQUIRED_SHORT);
            }
        }
    }
    for field in policy::missing_equity_fields(
        input.is_project_creator,
        input.answers.gender.is_some(),
        input.answers.age_group.is_some(),
        input.answers.career_stage.is_some(),
    ) {
        add(field, kernel::validation::REQUIRED_SHORT);
    }
    errors
}

pub async fn register(ctx: &AppContext, input: NewAccount) -> AppResult<Registered> {
    let errors = rules(&input);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    ctx.captcha.verify(input.captcha.as_deref()).await?;

    let email = input.email.trim().to_lowercase();
    let existing = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(&ctx.db)
        .await?;
    if existing.is_some() {
        // Same answer as a new sign-up; the owner of the inbox learns what happened.
        deliver(
            ctx,
            emails::already_registered(&ctx.config.public_url, &email),
        )
        .await;
        return Ok(Registered {
            sms_confirm_token: None,
        });
    }

    let phone_number = match text(input.phone_number.clone()) {
        Some(raw) => Some(
            phone::normalize(&raw)
                .ok_or_else(|| AppError::field("phone_number", phone::INVALID_PHONE))?,
        ),
        None => None,
    };
    let password_hash = password::hash_async(input.password.clone()).await?;
    let answers = input.answers;
    let race = if answers.race.is_empty() {
        vec![Race::PreferNotToDisclose]
    } else {
        answers.race
    };
    let redirect_to = text(input.redirect_to.clone());
    let name = kernel::rich_text::plain_field(&input.name);
    let university_email = text(input.university_affiliate_email).map(|e| e.to_lowercase());

    let txn = kernel::db::begin_write(&ctx.db).await?;
    let created = user::ActiveModel {
        email: Set(email.clone()),
        name: Set(name.clone()),
        password_hash: Set(Some(password_hash)),
        is_active: Set(false),
        email_confirmed: Set(false),
        staff_role: Set(None),
        date_joined: Set(kernel::clock::now()),
        role: Set(input.role.clone().unwrap_or_default()),
        phone_number: Set(phone_number.clone()),
        is_project_creator: Set(input.is_project_creator),
        affiliation: Set(plain(input.affiliation)),
        university_affiliate_email: Set(university_email.clone()),
        university_profile_page_url: Set(text(input.university_profile_page_url)),
        location: Set(plain(input.location)),
        bio: Set(plain(input.bio)),
        social: Set(plain(input.social)),
        area_of_interest: Set(JsonList(answers.area_of_interest.clone())),
        tags: Set(JsonList(input.tags.clone())),
        looking_for: Set(JsonList(answers.looking_for.clone())),
        race: Set(JsonList(race.clone())),
        gender: Set(answers.gender.unwrap_or(Gender::PreferNotToDisclose)),
        age_group: Set(answers.age_group.unwrap_or(AgeGroup::PreferNotToDisclose)),
        ethnicity: Set(plain(answers.ethnicity).unwrap_or_else(|| "prefer_not_to_disclose".into())),
        career_stage: Set(answers
            .career_stage
            .unwrap_or(CareerStage::PreferNotToDisclose)),
        pronouns: Set(input.pronouns),
        find_about_by: Set(input.find_about_by),
        find_about_by_other_info: Set(plain(input.find_about_by_other_info)),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let token = tokens::issue(&txn, created.id, Purpose::ConfirmEmail, redirect_to.clone()).await?;
    // A university address given now is proven now too, as one set up later would be.
    let university = match university_email {
        Some(address) => {
            let token =
                tokens::issue(&txn, created.id, Purpose::ConfirmUniversityEmail, None).await?;
            Some(emails::confirm_university_email(
                &ctx.config.public_url,
                &address,
                &name,
                &token,
            ))
        }
        None => None,
    };
    txn.commit().await?;

    let mail = emails::confirm_account(
        &ctx.config.public_url,
        &email,
        &name,
        &token,
        redirect_to.as_deref(),
    );
    deliver(ctx, mail).await;
    if let Some(university) = university {
        deliver(ctx, university).await;
    }
    let sms_confirm_token = match &phone_number {
        Some(phone) => Some(
            phone::send_code(
                ctx,
                &ctx.db,
                created.id,
                phone,
                phone::Purpose::ConfirmAccount,
            )
            .await?,
        ),
        None => None,
    };
    Ok(Registered { sms_confirm_token })
}

/// Sends `mail`; a failed delivery is logged, not shown, since the user can resend.
pub(crate) async fn deliver(ctx: &AppContext, mail: kernel::mail::Email) {
    ctx.deliver_mail(mail).await;
}

#[cfg(test)]
mod tests {
    use super::is_safe_redirect;

    #[test]
    fn redirects_stay_on_site() {
        assert!(is_safe_redirect("/working-groups/x?joinGroup=true"));
        assert!(!is_safe_redirect("//evil.example"));
        assert!(!is_safe_redirect("https://evil.example"));
        assert!(!is_safe_redirect("/\\evil.example"));
    }
}
