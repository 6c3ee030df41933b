//! University affiliation: the user names it and proves the university address; staff
//! then approve it (spec §4: the four status messages follow from these fields).

use kernel::{AppContext, AppError, AppResult};
use sea_orm::{ActiveModelTrait, Set};

use super::tokens::{self, Purpose};
use super::{emails, me, registration};
use crate::entity::user;
use crate::enums::AffiliationStatus;

pub const UPDATED: &str = "Affiliations has been successfully updated. Please check your email (including your spam folder).";
pub const CONFIRMED: &str = "Your university email has been successfully verified.";
pub const INVALID_TOKEN: &str = "Invalid or expired token.";

pub struct Affiliation {
    pub affiliation: String,
    pub university_affiliate_email: String,
    pub university_profile_page_url: String,
}

/// Saves the affiliation and mails a confirmation link to the university address. A
/// changed affiliation goes back to review.
pub async fn set_up(ctx: &AppContext, user_id: i64, input: Affiliation) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    let name = account.name.clone();
    let email = input.university_affiliate_email.trim().to_lowercase();
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let mut active: user::ActiveModel = account.into();
    active.affiliation = Set(Some(input.affiliation.trim().to_owned()));
    active.university_affiliate_email = Set(Some(email.clone()));
    active.university_profile_page_url =
        Set(Some(input.university_profile_page_url.trim().to_owned()));
    active.university_email_confirmed = Set(false);
    active.affiliation_status = Set(AffiliationStatus::NotApproved);
    active.affiliation_rejected_at = Set(None);
    active.update(&txn).await?;
    let token = tokens::issue(&txn, user_id, Purpose::ConfirmUniversityEmail, None).await?;
    txn.commit().await?;
    registration::deliver(
        ctx,
        emails::confirm_university_email(&ctx.config.public_url, &email, &name, &token),
    )
    .await;
    Ok(())
}

/// Confirms the university address from the mailed link.
pub async fn confirm(ctx: &AppContext, token: &str) -> AppResult<()> {
    let txn = kernel::db::begin_write(&ctx.db).await?;
    let spent = tokens::consume(&txn, token, Purpose::ConfirmUniversityEmail)
        .await?
        .ok_or_else(|| AppError::non_field(INVALID_TOKEN))?;
    let account = me::find(&txn, spent.user_id).await?;
    let mut active: user::ActiveModel = account.into();
    active.university_email_confirmed = Set(true);
    active.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}
