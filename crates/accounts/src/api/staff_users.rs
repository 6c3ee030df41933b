//! `/staff/users`: the console's user administration. Staff only (404 for anyone else);
//! what a moderator may not do answers 403.

use actix_web::{get, post, put, web};
use audit::AuditRecord;
use chrono::{DateTime, Utc};
use kernel::extract::ValidJson;
use kernel::input::{Email, Given, Long, Text};
use kernel::{AppContext, AppResult, Data, Page, PageParams, Staff, StaffRole};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

use super::MessageResponse;
use crate::entity::user;
use crate::enums::{AccountState, AffiliationStatus, RoleFilter};
use crate::service::user_admin::{self, UserFilter};

/// An account in the console's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffUserRow {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub staff_role: Option<StaffRole>,
    pub state: AccountState,
    pub date_joined: DateTime<Utc>,
}

impl StaffUserRow {
    fn from_entity(account: user::Model) -> Self {
        Self {
            state: user_admin::state(&account),
            staff_role: account.staff_role,
            id: account.id,
            name: account.name,
            email: account.email,
            date_joined: account.date_joined,
        }
    }
}

/// One account as staff see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffUserDetail {
    #[serde(flatten)]
    pub row: StaffUserRow,
    pub email_confirmed: bool,
    pub phone_number: Option<String>,
    pub phone_confirmed: bool,
    pub deactivated_at: Option<DateTime<Utc>>,
    /// Set while the account is locked after failed sign-ins.
    pub locked_until: Option<DateTime<Utc>>,
    pub two_factor_enabled: bool,
    /// `google`, `facebook`.
    pub sign_in_providers: Vec<String>,
    /// Sessions that have not expired.
    pub active_sessions: u64,
    pub affiliation: Option<String>,
    pub affiliation_status: AffiliationStatus,
    pub university_affiliate_email: Option<String>,
    pub university_email_confirmed: bool,
    pub university_profile_page_url: Option<String>,
    /// Staff decisions about this account, newest first.
    pub history: Vec<AuditRecord>,
    /// The caller may deactivate or reactivate it and resend its confirmation.
    pub can_switch_state: bool,
    /// The caller may grant or revoke its staff role (admins, not on themselves).
    pub can_set_role: bool,
    /// The caller may reset its two-factor sign-in (admins).
    pub can_reset_two_factor: bool,
    /// Appointed to give funded projects their final approval.
    pub content_expert: bool,
    /// The caller may appoint or revoke it as a Content Expert (admins, staff accounts).
    pub can_appoint_content_expert: bool,
    /// The caller may delete it (a member's account, not yet deleted, not their own).
    pub can_delete: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    /// Name or e-mail contains it (any case).
    pub search: Option<String>,
    #[param(inline)]
    pub role: Option<RoleFilter>,
    #[param(inline)]
    pub state: Option<AccountState>,
}

/// Why a decision was taken; kept in the audit log.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
pub struct StaffReason {
    #[validate(length(
        max = 1000,
        message = "Ensure this field has no more than 1000 characters."
    ))]
    pub reason: Option<String>,
}

impl StaffReason {
    pub(super) fn text(self) -> Option<String> {
        self.reason
            .map(|r| r.trim().to_owned())
            .filter(|r| !r.is_empty())
    }
}

/// A staff role to grant, or `null` to revoke it.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct StaffRoleChange {
    pub staff_role: Option<StaffRole>,
    #[validate(length(
        max = 1000,
        message = "Ensure this field has no more than 1000 characters."
    ))]
    pub reason: Option<String>,
}

/// List accounts
///
/// Accounts, newest first, narrowed by search, role and state.
#[utoipa::path(
    operation_id = "staffListUsers",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(UserQuery, PageParams),
    responses(
        (status = 200, description = "A page of accounts.", body = Page<StaffUserRow>),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/users")]
pub async fn list(
    ctx: web::Data<AppContext>,
    _staff: Staff,
    query: web::Query<UserQuery>,
    params: web::Query<PageParams>,
) -> AppResult<web::Json<Page<StaffUserRow>>> {
    let UserQuery {
        search,
        role,
        state,
    } = query.into_inner();
    let filter = UserFilter {
        search,
        role,
        state,
    };
    let page = user_admin::list(&ctx, &filter, &params).await?;
    Ok(web::Json(page.map(StaffUserRow::from_entity)))
}

/// Get an account
///
/// One account: its state, sign-in methods, affiliation and the staff decisions about it.
#[utoipa::path(
    operation_id = "staffGetUser",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    responses(
        (status = 200, description = "The account.", body = Data<StaffUserDetail>),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[get("/staff/users/{id}")]
pub async fn detail(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<StaffUserDetail>>> {
    let view = user_admin::view(&ctx, &staff, path.into_inner()).await?;
    let account = view.account;
    Ok(Data::new(StaffUserDetail {
        email_confirmed: account.email_confirmed,
        phone_number: account.phone_number.clone(),
        phone_confirmed: account.phone_confirmed,
        deactivated_at: account.deactivated_at,
        locked_until: account
            .locked_until
            .filter(|until| *until > kernel::clock::now()),
        two_factor_enabled: view.two_factor_enabled,
        sign_in_providers: view.sign_in_providers,
        active_sessions: view.active_sessions,
        affiliation: account.affiliation.clone(),
        affiliation_status: account.affiliation_status,
        university_affiliate_email: account.university_affiliate_email.clone(),
        university_email_confirmed: account.university_email_confirmed,
        university_profile_page_url: account.university_profile_page_url.clone(),
        history: view.history,
        can_switch_state: view.allowed.switch_state,
        can_set_role: view.allowed.set_role,
        can_reset_two_factor: view.allowed.reset_two_factor,
        content_expert: account.content_expert,
        can_appoint_content_expert: view.allowed.appoint_content_expert,
        can_delete: view.allowed.delete,
        row: StaffUserRow::from_entity(account),
    }))
}

/// Deactivate an account
///
/// Deactivates an account: it can no longer sign in and its sessions answer 401 `user_inactive`.
/// Moderators may deactivate members only; nobody themselves.
#[utoipa::path(
    operation_id = "staffDeactivateUser",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    request_body = StaffReason,
    responses(
        (status = 200, description = "Deactivated.", body = Data<MessageResponse>, example = json!({"data": {"message": user_admin::DEACTIVATED}})),
        (status = 400, description = "Already deactivated.", body = kernel::ErrorBody),
        (status = 403, description = "A moderator acting on staff, or one's own account.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users/{id}/deactivate")]
pub async fn deactivate(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<StaffReason>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    user_admin::deactivate(&ctx, &staff, path.into_inner(), body.into_inner().text()).await?;
    Ok(MessageResponse::data(user_admin::DEACTIVATED))
}

/// Reactivate an account
///
/// Reactivates a deactivated account; its old sessions stay ended.
#[utoipa::path(
    operation_id = "staffReactivateUser",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    request_body = StaffReason,
    responses(
        (status = 200, description = "Reactivated.", body = Data<MessageResponse>, example = json!({"data": {"message": user_admin::REACTIVATED}})),
        (status = 400, description = "Not deactivated.", body = kernel::ErrorBody),
        (status = 403, description = "A moderator acting on staff, or one's own account.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users/{id}/reactivate")]
pub async fn reactivate(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<StaffReason>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    user_admin::reactivate(&ctx, &staff, path.into_inner(), body.into_inner().text()).await?;
    Ok(MessageResponse::data(user_admin::REACTIVATED))
}

/// Resend a confirmation link
///
/// Mails a new confirmation link to an account not yet confirmed.
#[utoipa::path(
    operation_id = "staffResendConfirmation",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    responses(
        (status = 200, description = "Sent.", body = Data<MessageResponse>, example = json!({"data": {"message": user_admin::CONFIRMATION_SENT}})),
        (status = 400, description = "Already confirmed, or deactivated.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users/{id}/resend-confirmation")]
pub async fn resend_confirmation(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    user_admin::resend_confirmation(&ctx, &staff, path.into_inner()).await?;
    Ok(MessageResponse::data(user_admin::CONFIRMATION_SENT))
}

/// Reset two-factor
///
/// Turns two-factor authentication off for an account (admins only).
#[utoipa::path(
    operation_id = "staffResetTwoFactor",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    request_body = StaffReason,
    responses(
        (status = 200, description = "Reset.", body = Data<MessageResponse>, example = json!({"data": {"message": user_admin::TWO_FACTOR_RESET}})),
        (status = 400, description = "The account has no two-factor.", body = kernel::ErrorBody),
        (status = 403, description = "Not an admin.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users/{id}/reset-two-factor")]
pub async fn reset_two_factor(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<StaffReason>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    user_admin::reset_two_factor(&ctx, &staff, path.into_inner(), body.into_inner().text()).await?;
    Ok(MessageResponse::data(user_admin::TWO_FACTOR_RESET))
}

/// Set a staff role
///
/// Grants, changes or revokes (`null`) an account's staff role (admins only, never their own).
#[utoipa::path(
    operation_id = "staffSetUserRole",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    request_body = StaffRoleChange,
    responses(
        (status = 200, description = "Saved.", body = Data<MessageResponse>, example = json!({"data": {"message": user_admin::ROLE_SAVED}})),
        (status = 403, description = "Not an admin, or one's own account.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/users/{id}/role")]
pub async fn set_role(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<StaffRoleChange>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let StaffRoleChange { staff_role, reason } = body.into_inner();
    let reason = StaffReason { reason }.text();
    user_admin::set_role(&ctx, &staff, path.into_inner(), staff_role, reason).await?;
    Ok(MessageResponse::data(user_admin::ROLE_SAVED))
}

/// Appoints (`true`) or revokes (`false`) a staff member as a Content Expert.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ContentExpertChange {
    pub content_expert: bool,
    #[validate(length(
        max = 1000,
        message = "Ensure this field has no more than 1000 characters."
    ))]
    pub reason: Option<String>,
}

/// Appoint a Content Expert
///
/// Appoints a staff member as a Content Expert, who gives funded projects their final approval, or
/// revokes it (admins only; audited).
#[utoipa::path(
    operation_id = "staffSetContentExpert",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    params(("id" = i64, Path, description = "The account's id")),
    request_body = ContentExpertChange,
    responses(
        (status = 200, description = "Saved.", body = Data<MessageResponse>, example = json!({"data": {"message": user_admin::CONTENT_EXPERT_SAVED}})),
        (status = 403, description = "Not an admin, or not a staff account.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff, or no such account.", body = kernel::ErrorBody),
    )
)]
#[put("/staff/users/{id}/content-expert")]
pub async fn set_content_expert(
    ctx: web::Data<AppContext>,
    staff: Staff,
    path: web::Path<i64>,
    body: ValidJson<ContentExpertChange>,
) -> AppResult<web::Json<Data<MessageResponse>>> {
    let ContentExpertChange {
        content_expert,
        reason,
    } = body.into_inner();
    let reason = StaffReason { reason }.text();
    user_admin::set_content_expert(&ctx, &staff, path.into_inner(), content_expert, reason).await?;
    Ok(MessageResponse::data(user_admin::CONTENT_EXPERT_SAVED))
}

/// A new account for someone (admins only): a name and an e-mail address.
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct StaffNewUser {
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Text<255, Long>>)]
    pub name: Given<Text<255, Long>>,
    #[validate(nested)]
    #[schema(schema_with = kernel::input::schema::<Email<Long>>)]
    pub email: Given<Email<Long>>,
}

/// Create an account
///
/// Makes an account for someone, who is mailed a link to choose their password (admins only).
#[utoipa::path(
    operation_id = "staffCreateUser",
    tag = "auth-staff",
    security(("bearer" = ["staff"])),
    request_body = StaffNewUser,
    responses(
        (status = 201, description = "Created; the link is on its way.", body = Data<StaffUserRow>),
        (status = 400, description = "A field is missing or the address is taken.", body = kernel::ErrorBody),
        (status = 403, description = "Not an admin.", body = kernel::ErrorBody),
        (status = 404, description = "Not staff.", body = kernel::ErrorBody),
    )
)]
#[post("/staff/users")]
pub async fn create(
    ctx: web::Data<AppContext>,
    staff: Staff,
    body: ValidJson<StaffNewUser>,
) -> AppResult<actix_web::HttpResponse> {
    let account = user_admin::create(&ctx, &staff, body.name.get()?, body.email.get()?).await?;
    Ok(actix_web::HttpResponse::Created().json(Data {
        data: StaffUserRow::from_entity(account),
    }))
}
