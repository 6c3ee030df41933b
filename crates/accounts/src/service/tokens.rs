//! Single-use, expiring tokens that prove control of an inbox or a phone.

use chrono::Duration;
use kernel::AppResult;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::entity::account_token;
use kernel::secret_token;

/// What a token lets its holder do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    ConfirmEmail,
    ResetPassword,
    SetPassword,
    ConfirmUniversityEmail,
    /// Lifts a sign-in lock at once (mailed to the owner when the lock starts).
    UnlockAccount,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::ConfirmEmail => "confirm_email",
            Self::ResetPassword => "reset_password",
            Self::SetPassword => "set_password",
            Self::ConfirmUniversityEmail => "confirm_university_email",
            Self::UnlockAccount => "unlock_account",
        }
    }

    /// How long a mailed link stays valid.
    pub fn lifetime(self) -> Duration {
        match self {
            // A first password is chosen when the owner gets to it, not within the hour.
            Self::ConfirmEmail | Self::ConfirmUniversityEmail | Self::SetPassword => {
                Duration::days(3)
            }
            Self::ResetPassword => Duration::hours(2),
            Self::UnlockAccount => Duration::hours(1),
        }
    }
}

/// Issues a token for `user_id`, replacing unused ones of the same purpose.
pub async fn issue(
    db: &impl ConnectionTrait,
    user_id: i64,
    purpose: Purpose,
    payload: Option<String>,
) -> AppResult<String> {
    account_token::Entity::delete_many()
        .filter(account_token::Column::UserId.eq(user_id))
        .filter(account_token::Column::Purpose.eq(purpose.as_str()))
        .filter(account_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    let token = secret_token::generate();
    let now = kernel::clock::now();
    account_token::ActiveModel {
        user_id: Set(user_id),
        purpose: Set(purpose.as_str().to_owned()),
        token_hash: Set(secret_token::hash(&token)),
        payload: Set(payload),
        created_at: Set(now),
        expires_at: Set(now + purpose.lifetime()),
        used_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// The live, unused token of that purpose, if any (without spending it).
pub async fn peek(
    db: &impl ConnectionTrait,
    token: &str,
    purpose: Purpose,
) -> AppResult<Option<account_token::Model>> {
    Ok(account_token::Entity::find()
        .filter(account_token::Column::TokenHash.eq(secret_token::hash(token)))
        .filter(account_token::Column::Purpose.eq(purpose.as_str()))
        .filter(account_token::Column::UsedAt.is_null())
        .filter(account_token::Column::ExpiresAt.gt(kernel::clock::now()))
        .one(db)
        .await?)
}

/// Spends the token; `None` when it is unknown, used or expired. The update is
/// conditional on `used_at IS NULL`, so two concurrent uses cannot both succeed.
pub async fn consume(
    db: &impl ConnectionTrait,
    token: &str,
    purpose: Purpose,
) -> AppResult<Option<account_token::Model>> {
    let Some(found) = peek(db, token, purpose).await? else {
        return Ok(None);
    };
    let spent = account_token::Entity::update_many()
        .col_expr(
            account_token::Column::UsedAt,
            sea_orm::sea_query::Expr::value(kernel::clock::now()),
        )
        .filter(account_token::Column::Id.eq(found.id))
        .filter(account_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok((spent.rows_affected == 1).then_some(found))
}
