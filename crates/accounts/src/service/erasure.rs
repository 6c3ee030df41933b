//! Deleting an account (issue 23, item 6), as the privacy policy says: the member's
//! personal records are deleted, what others rely on stays (threads, groups, the books) and
//! names a former member, because the account itself is anonymised. Staff decide it; the
//! audit log keeps who did it, why, and how many records went from each table.

use audit::Decision;
use kernel::export::{self, Catalogue, Erase, Member};
use kernel::json_list::JsonList;
use kernel::{AppContext, AppError, AppResult, Staff};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::json;

use super::me;
use crate::entity::user;
use crate::enums::{AffiliationStatus, AgeGroup, CareerStage, Gender};
use crate::policy::{self, DeleteRefusal};

pub const ERASED: &str =
    "The account is deleted: its personal records are gone and what stays names a former member.";
pub const ALREADY: &str = "This account has already been deleted.";
pub const STAFF_ACCOUNT: &str = "Take away the staff role before deleting a staff account.";
pub const OWN_ACCOUNT: &str = "You cannot delete your own account here.";
/// What a deleted account is called wherever it is still named.
pub const FORMER_MEMBER: &str = "Former member";

fn erased_address(user_id: i64) -> String {
    format!("deleted-{user_id}@deleted.invalid")
}

/// Whether the account was deleted already (it keeps only its anonymised row).
pub fn is_erased(account: &user::Model) -> bool {
    account.email == erased_address(account.id)
}

/// `staff` deletes the account `user_id`, for `reason`.
pub async fn erase(
    ctx: &AppContext,
    catalogue: &Catalogue,
    staff: &Staff,
    user_id: i64,
    reason: Option<String>,
) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "user.delete", "user", user_id)
        .await?
        .because(reason);
    let account = me::find(decision.db(), user_id).await?;
    if is_erased(&account) {
        return Err(AppError::bad_request("already_deleted", ALREADY));
    }
    match policy::may_delete_account(staff.id(), user_id, account.staff_role) {
        Err(DeleteRefusal::StaffAccount) => {
            return Err(AppError::bad_request("staff_account", STAFF_ACCOUNT));
        }
        Err(DeleteRefusal::OwnAccount) => {
            return Err(AppError::bad_request("own_account", OWN_ACCOUNT));
        }
        Ok(()) => {}
    }
    let member = Member {
        id: account.id,
        email: account.email.clone(),
    };
    let mut gone = serde_json::Map::new();
    let mut files = Vec::new();
    // In the catalogue's order: a table that points at another comes before it.
    for (_, spec) in catalogue.tables() {
        if !matches!(spec.erase, Erase::Delete) || !spec.is_personal() {
            continue;
        }
        files.extend(export::files(
            spec,
            &export::rows(decision.db(), spec, &member).await?,
        ));
        let deleted = export::erase(decision.db(), spec, &member).await?;
        if deleted > 0 {
            gone.insert(spec.table.to_owned(), json!(deleted));
        }
    }
    files.extend(account.avatar.clone());
    files.extend(account.profile_background.clone());
    anonymise(decision.db(), account).await?;
    decision
        .commit_replacing(
            json!({"account": "active"}),
            json!({"account": "deleted", "records_deleted": gone}),
            ctx.storage.as_ref(),
            files,
        )
        .await
}

/// The account stays as a name others' records point at: "Former member", with nothing
/// personal left and no way to sign in.
async fn anonymise(db: &impl sea_orm::ConnectionTrait, account: user::Model) -> AppResult<()> {
    let id = account.id;
    let mut row: user::ActiveModel = account.into();
    row.email = Set(erased_address(id));
    row.name = Set(FORMER_MEMBER.to_owned());
    row.password_hash = Set(None);
    row.is_active = Set(false);
    row.email_confirmed = Set(false);
    row.content_expert = Set(false);
    row.phone_number = Set(None);
    row.phone_confirmed = Set(false);
    row.is_project_creator = Set(false);
    row.affiliation = Set(None);
    row.affiliation_status = Set(AffiliationStatus::NotApproved);
    row.university_affiliate_email = Set(None);
    row.university_email_confirmed = Set(false);
    row.university_profile_page_url = Set(None);
    row.title = Set(None);
    row.location = Set(None);
    row.website = Set(None);
    row.social = Set(None);
    row.bio = Set(None);
    row.address = Set(None);
    row.avatar = Set(None);
    row.profile_background = Set(None);
    row.profile_is_private = Set(true);
    row.time_zone = Set(None);
    row.area_of_interest = Set(JsonList::default());
    row.tags = Set(JsonList::default());
    row.looking_for = Set(JsonList::default());
    row.race = Set(JsonList::default());
    row.gender = Set(Gender::PreferNotToDisclose);
    row.age_group = Set(AgeGroup::PreferNotToDisclose);
    row.ethnicity = Set(String::new());
    row.career_stage = Set(CareerStage::PreferNotToDisclose);
    row.pronouns = Set(None);
    row.find_about_by = Set(None);
    row.find_about_by_other_info = Set(None);
    row.deactivated_at = Set(Some(kernel::clock::now()));
    row.update(db).await?;
    Ok(())
}
