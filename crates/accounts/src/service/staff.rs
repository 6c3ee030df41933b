//! Platform staff accounts, created from the command line.

use kernel::validation::validate;
use kernel::{AppError, AppResult, StaffRole};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use validator::Validate;

use super::password::{self, MIN_PASSWORD_LENGTH};
use crate::entity::user;

#[derive(Validate)]
struct AdminInput<'a> {
    #[validate(email)]
    email: &'a str,
    #[validate(length(
        min = MIN_PASSWORD_LENGTH,
        message = "This password is too short. It must contain at least 8 characters."
    ))]
    password: &'a str,
}

/// Outcome of [`create_admin`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminCreated {
    /// A new, active, confirmed admin account.
    New,
    /// An existing account was made admin and given the new password.
    Promoted,
}

/// Creates an active admin, or promotes the account with that e-mail and resets its
/// password: the command is how a locked-out operator gets back in.
pub async fn create_admin(
    db: &impl ConnectionTrait,
    email: &str,
    password: &str,
) -> AppResult<AdminCreated> {
    let email = email.trim().to_lowercase();
    validate(&AdminInput {
        email: &email,
        password,
    })?;
    let password_hash = Some(password::hash(password)?);
    let existing = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(db)
        .await?;
    let admin = Some(StaffRole::Admin);
    match existing {
        Some(found) => {
            let mut active: user::ActiveModel = found.into();
            active.password_hash = Set(password_hash);
            active.staff_role = Set(admin);
            active.is_active = Set(true);
            active.update(db).await?;
            Ok(AdminCreated::Promoted)
        }
        None => {
            let name = email.split('@').next().unwrap_or("admin").to_owned();
            user::ActiveModel {
                email: Set(email),
                name: Set(name),
                password_hash: Set(password_hash),
                is_active: Set(true),
                email_confirmed: Set(true),
                staff_role: Set(admin),
                date_joined: Set(kernel::clock::now()),
                ..Default::default()
            }
            .insert(db)
            .await
            .map_err(AppError::from)?;
            Ok(AdminCreated::New)
        }
    }
}

/// True when an account with this e-mail exists.
pub async fn account_exists(db: &impl ConnectionTrait, email: &str) -> AppResult<bool> {
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(email.trim().to_lowercase()))
        .one(db)
        .await?;
    Ok(found.is_some())
}

/// Makes the account with this e-mail choose a new password at its next sign-in, before
/// it may do anything else (a password that was handed out is not the owner's own).
pub async fn require_password_change(db: &impl ConnectionTrait, email: &str) -> AppResult<()> {
    user::Entity::update_many()
        .col_expr(
            user::Column::PasswordChangeRequired,
            sea_orm::sea_query::Expr::value(true),
        )
        .filter(user::Column::Email.eq(email.trim().to_lowercase()))
        .exec(db)
        .await?;
    Ok(())
}

/// True while the account with this e-mail still has to choose a new password.
pub async fn password_change_pending(db: &impl ConnectionTrait, email: &str) -> AppResult<bool> {
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(email.trim().to_lowercase()))
        .one(db)
        .await?;
    Ok(found.is_some_and(|u| u.password_change_required))
}
