//! The staff console's user administration: find accounts, see where they stand, switch
//! them off and on, resend a confirmation, reset two-factor, grant or revoke staff roles.
//! Every change is audited in its own transaction.

use audit::{self, AuditRecord, Decision};
use kernel::{AppContext, AppError, AppResult, Page, PageParams, Staff, StaffRole};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    Set,
};
use serde_json::json;

use super::tokens::{self, Purpose};
use super::{confirmation, emails, me, oauth, registration, session, totp};
use crate::entity::{session as session_entity, totp_device, user};
use crate::enums::{AccountState, RoleFilter};
use crate::policy::{self, Refusal};

const PER_PAGE: u64 = 25;
pub const DEACTIVATED: &str = "The account has been deactivated.";
pub const REACTIVATED: &str = "The account has been reactivated.";
pub const CONFIRMATION_SENT: &str = "A new confirmation link has been sent.";
pub const TWO_FACTOR_RESET: &str =
    "Two-factor authentication has been turned off for this account.";
pub const ROLE_SAVED: &str = "The staff role has been saved.";
pub const CONTENT_EXPERT_SAVED: &str = "The Content Expert appointment has been saved.";
pub const NOT_STAFF: &str = "Only staff members can be Content Experts.";
pub const ACCOUNT_CREATED: &str =
    "The account has been created. We e-mailed a link to choose a password.";
pub const ALREADY_DEACTIVATED: &str = "This account is already deactivated.";
pub const NOT_DEACTIVATED: &str = "This account is not deactivated.";
pub const NO_TWO_FACTOR: &str = "This account does not use two-factor authentication.";
const ADMIN_ONLY: &str = "Only an admin can do this.";
const OWN_ACCOUNT: &str = "You cannot do this to your own account.";

/// Where an account stands.
pub fn state(account: &user::Model) -> AccountState {
    if account.deactivated_at.is_some() {
        AccountState::Deactivated
    } else if !account.email_confirmed && !account.phone_confirmed {
        AccountState::Unconfirmed
    } else {
        AccountState::Active
    }
}

fn refused(refusal: Refusal) -> AppError {
    AppError::forbidden().with_detail(match refusal {
        Refusal::AdminOnly => ADMIN_ONLY,
        Refusal::OwnAccount => OWN_ACCOUNT,
        Refusal::NotStaff => NOT_STAFF,
    })
}

fn role_of(account: &user::Model) -> Option<StaffRole> {
    account.staff_role
}

/// What the console's user list is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    /// Name or e-mail contains it.
    pub search: Option<String>,
    pub role: Option<RoleFilter>,
    pub state: Option<AccountState>,
}

fn state_condition(state: AccountState) -> Condition {
    let unconfirmed = Condition::all()
        .add(user::Column::EmailConfirmed.eq(false))
        .add(user::Column::PhoneConfirmed.eq(false));
    match state {
        AccountState::Deactivated => {
            Condition::all().add(user::Column::DeactivatedAt.is_not_null())
        }
        AccountState::Unconfirmed => unconfirmed.add(user::Column::DeactivatedAt.is_null()),
        AccountState::Active => Condition::all()
            .add(user::Column::DeactivatedAt.is_null())
            .add(unconfirmed.not()),
    }
}

fn role_condition(role: RoleFilter) -> Condition {
    let column = user::Column::StaffRole;
    Condition::all().add(match role {
        RoleFilter::Member => column.is_null(),
        RoleFilter::Staff => column.is_not_null(),
        RoleFilter::Admin => column.eq(StaffRole::Admin),
        RoleFilter::Moderator => column.eq(StaffRole::Moderator),
    })
}

/// Accounts matching `filter`, newest first.
pub async fn list(
    ctx: &AppContext,
    filter: &UserFilter,
    params: &PageParams,
) -> AppResult<Page<user::Model>> {
    let mut select = user::Entity::find();
    if let Some(search) = filter
        .search
        .as_deref()
        .and_then(|text| fulltext::contains(&[user::Column::Name, user::Column::Email], text))
    {
        select = select.filter(search);
    }
    if let Some(role) = filter.role {
        select = select.filter(role_condition(role));
    }
    if let Some(state) = filter.state {
        select = select.filter(state_condition(state));
    }
    let select = select
        .order_by_desc(user::Column::DateJoined)
        .order_by_desc(user::Column::Id);
    kernel::pagination::paginate(&ctx.db, select, params, PER_PAGE).await
}

/// One account with what the console shows beside it.
pub struct AccountView {
    pub account: user::Model,
    /// What the staff member looking at it may do (from `policy`).
    pub allowed: Allowed,
    pub two_factor_enabled: bool,
    pub sign_in_providers: Vec<String>,
    pub active_sessions: u64,
    pub history: Vec<AuditRecord>,
}

/// The decisions open to a staff member on an account, as the policy decides them.
#[derive(Debug, Clone, Copy)]
pub struct Allowed {
    pub switch_state: bool,
    pub set_role: bool,
    pub reset_two_factor: bool,
    pub appoint_content_expert: bool,
    pub delete: bool,
}

fn allowed(staff: &Staff, account: &user::Model) -> Allowed {
    Allowed {
        switch_state: policy::may_switch_account(
            staff.role(),
            staff.id(),
            account.id,
            role_of(account),
        )
        .is_ok(),
        set_role: policy::may_set_staff_role(staff.role(), staff.id(), account.id).is_ok(),
        reset_two_factor: policy::may_reset_two_factor(staff.role()).is_ok(),
        appoint_content_expert: policy::may_appoint_content_expert(staff.role(), role_of(account))
            .is_ok(),
        delete: !super::erasure::is_erased(account)
            && policy::may_delete_account(staff.id(), account.id, role_of(account)).is_ok(),
    }
}

pub async fn view(ctx: &AppContext, staff: &Staff, user_id: i64) -> AppResult<AccountView> {
    let account = me::find(&ctx.db, user_id).await?;
    let allowed = allowed(staff, &account);
    let two_factor_enabled = !totp::confirmed_devices(&ctx.db, user_id).await?.is_empty();
    let sign_in_providers = oauth::links(&ctx.db, user_id)
        .await?
        .into_iter()
        .map(|link| link.provider)
        .collect();
    let active_sessions = session_entity::Entity::find()
        .filter(session_entity::Column::UserId.eq(user_id))
        .filter(session_entity::Column::ExpiresAt.gt(kernel::clock::now()))
        .count(&ctx.db)
        .await?;
    let mut history = audit::history(&ctx.db, "user", &user_id.to_string()).await?;
    audit::name_actors(ctx.users.as_ref(), &mut history).await?;
    Ok(AccountView {
        account,
        allowed,
        two_factor_enabled,
        sign_in_providers,
        active_sessions,
        history,
    })
}

/// Switches an account off: it cannot sign in, and each of its sessions now answers 401
/// `user_inactive` (so its browsers sign out with that reason, and its live channel
/// closes at the next heartbeat). The sessions are dropped for good on reactivation.
pub async fn deactivate(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
    reason: Option<String>,
) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "user.deactivate", "user", user_id)
        .await?
        .because(reason);
    let account = me::find(decision.db(), user_id).await?;
    policy::may_switch_account(staff.role(), staff.id(), user_id, role_of(&account))
        .map_err(refused)?;
    if account.deactivated_at.is_some() {
        return Err(AppError::bad_request(
            "already_deactivated",
            ALREADY_DEACTIVATED,
        ));
    }
    let before = state(&account);
    let mut active: user::ActiveModel = account.into();
    active.is_active = Set(false);
    active.deactivated_at = Set(Some(kernel::clock::now()));
    active.update(decision.db()).await?;
    decision
        .commit(
            json!({"state": before}),
            json!({"state": AccountState::Deactivated}),
        )
        .await?;
    Ok(())
}

/// Switches a deactivated account back on; one never confirmed still needs confirming.
pub async fn reactivate(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
    reason: Option<String>,
) -> AppResult<()> {
    let decision = Decision::by(&ctx.db, staff, "user.reactivate", "user", user_id)
        .await?
        .because(reason);
    let account = me::find(decision.db(), user_id).await?;
    policy::may_switch_account(staff.role(), staff.id(), user_id, role_of(&account))
        .map_err(refused)?;
    if account.deactivated_at.is_none() {
        return Err(AppError::bad_request("not_deactivated", NOT_DEACTIVATED));
    }
    let confirmed = account.email_confirmed || account.phone_confirmed;
    let mut active: user::ActiveModel = account.clone().into();
    active.is_active = Set(confirmed);
    active.deactivated_at = Set(None);
    let updated = active.update(decision.db()).await?;
    session::revoke_all(decision.db(), user_id, None).await?;
    decision
        .commit(
            json!({"state": AccountState::Deactivated}),
            json!({"state": state(&updated)}),
        )
        .await?;
    Ok(())
}

/// Mails a fresh confirmation link to an account not yet confirmed.
pub async fn resend_confirmation(ctx: &AppContext, staff: &Staff, user_id: i64) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    if account.deactivated_at.is_some() {
        return Err(AppError::bad_request(
            "already_deactivated",
            ALREADY_DEACTIVATED,
        ));
    }
    confirmation::resend(ctx, user_id).await?;
    Decision::by(&ctx.db, staff, "user.resend_confirmation", "user", user_id)
        .await?
        .commit((), json!({"email": account.email}))
        .await
}

/// Removes the account's authenticator devices (and recovery codes) so its owner can sign
/// in with the password alone (and set two-factor up again).
pub async fn reset_two_factor(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
    reason: Option<String>,
) -> AppResult<()> {
    policy::may_reset_two_factor(staff.role()).map_err(refused)?;
    let decision = Decision::by(&ctx.db, staff, "user.reset_two_factor", "user", user_id)
        .await?
        .because(reason);
    me::find(decision.db(), user_id).await?;
    let removed = totp_device::Entity::delete_many()
        .filter(totp_device::Column::UserId.eq(user_id))
        .exec(decision.db())
        .await?;
    if removed.rows_affected == 0 {
        return Err(AppError::bad_request("no_two_factor", NO_TWO_FACTOR));
    }
    super::recovery_codes::void(decision.db(), user_id).await?;
    decision
        .commit(
            json!({"two_factor_enabled": true}),
            json!({"two_factor_enabled": false}),
        )
        .await?;
    Ok(())
}

/// Grants a staff role, changes it, or (with `None`) revokes it.
pub async fn set_role(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
    role: Option<StaffRole>,
    reason: Option<String>,
) -> AppResult<()> {
    policy::may_set_staff_role(staff.role(), staff.id(), user_id).map_err(refused)?;
    let action = if role.is_some() {
        "user.grant_role"
    } else {
        "user.revoke_role"
    };
    let decision = Decision::by(&ctx.db, staff, action, "user", user_id)
        .await?
        .because(reason);
    let account = me::find(decision.db(), user_id).await?;
    let before = role_of(&account);
    let mut active: user::ActiveModel = account.into();
    active.staff_role = Set(role);
    active.update(decision.db()).await?;
    decision
        .commit(json!({"staff_role": before}), json!({"staff_role": role}))
        .await?;
    Ok(())
}

/// Appoints a staff member as a Content Expert (who gives funded projects their final
/// approval), or revokes the appointment; audited.
pub async fn set_content_expert(
    ctx: &AppContext,
    staff: &Staff,
    user_id: i64,
    appointed: bool,
    reason: Option<String>,
) -> AppResult<()> {
    let account = me::find(&ctx.db, user_id).await?;
    policy::may_appoint_content_expert(staff.role(), role_of(&account)).map_err(refused)?;
    if account.content_expert == appointed {
        return Ok(()); // Nothing changes, nothing to audit.
    }
    let action = if appointed {
        "user.appoint_content_expert"
    } else {
        "user.revoke_content_expert"
    };
    let decision = Decision::by(&ctx.db, staff, action, "user", user_id)
        .await?
        .because(reason);
    let before = account.content_expert;
    let mut active: user::ActiveModel = account.into();
    active.content_expert = Set(appointed);
    active.update(decision.db()).await?;
    decision
        .commit(
            json!({"content_expert": before}),
            json!({"content_expert": appointed}),
        )
        .await?;
    Ok(())
}

/// Adds an account for someone: it has no password until its owner chooses one from the
/// mailed link, which also proves the address is theirs. Returns the new account.
pub async fn create(
    ctx: &AppContext,
    staff: &Staff,
    name: &str,
    email: &str,
) -> AppResult<user::Model> {
    policy::may_create_account(staff.role()).map_err(refused)?;
    let email = email.trim().to_lowercase();
    let name = kernel::rich_text::plain_field(name);
    if me::id_by_email(&ctx.db, &email).await?.is_some() {
        return Err(AppError::field("email", super::profile::EMAIL_TAKEN));
    }
    let decision = Decision::creating(&ctx.db, staff, "user.create", "user").await?;
    let account = user::ActiveModel {
        email: Set(email.clone()),
        name: Set(name.clone()),
        password_hash: Set(None),
        is_active: Set(true),
        email_confirmed: Set(false),
        date_joined: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(decision.db())
    .await?;
    let token = tokens::issue(decision.db(), account.id, Purpose::SetPassword, None).await?;
    decision
        .on(account.id)
        .commit((), json!({"name": name, "email": email}))
        .await?;
    let mail = emails::account_created(&ctx.config.public_url, &email, &name, &token);
    registration::deliver(ctx, mail).await;
    Ok(account)
}
