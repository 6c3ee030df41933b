//! Two-factor recovery codes (issue 49, item 1): the way in when the authenticator is lost.
//! Ten codes are made when two-factor is turned on and whenever the member asks for a new
//! set (which voids the old one); each is shown once, stored hashed and good once. Signing in
//! with one counts against the account's attempts as a wrong authenticator code does, and
//! tells the member by e-mail.

use kernel::{AppContext, AppResult, secret_token};
use rand::Rng;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::emails;
use crate::entity::{recovery_code, user};

/// How many codes a set holds.
pub const SET_SIZE: u64 = 10;
/// The characters a code is made of: no 0/o, 1/l/i, so a code copied by hand is read right.
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
/// Characters per code (about 79 bits), shown in groups of [`GROUP`].
const LENGTH: usize = 16;
const GROUP: usize = 4;

pub const INVALID_CODE: &str = "This recovery code is not valid, or was used already.";
pub const TWO_FACTOR_OFF: &str = "Turn on two-factor authentication first.";
pub const NEW_SET: &str = "Here are your new recovery codes. The old ones no longer work.";

/// A new code, as the member sees it (`abcd-efgh-jkmn-pqrs`).
fn new_code() -> String {
    let mut rng = rand::rng();
    let chars: Vec<char> = (0..LENGTH)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect();
    chars
        .chunks(GROUP)
        .map(|group| group.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// The stored form of a code as typed: case, spaces and dashes do not matter.
fn hash(code: &str) -> String {
    let typed: String = code
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    secret_token::hash(&typed)
}

/// Replaces the member's codes with a new set of [`SET_SIZE`]; the codes, to show once.
pub async fn replace(db: &impl ConnectionTrait, user_id: i64) -> AppResult<Vec<String>> {
    recovery_code::Entity::delete_many()
        .filter(recovery_code::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    let now = kernel::clock::now();
    let codes: Vec<String> = (0..SET_SIZE).map(|_| new_code()).collect();
    recovery_code::Entity::insert_many(codes.iter().map(|code| recovery_code::ActiveModel {
        user_id: Set(user_id),
        code_hash: Set(hash(code)),
        created_at: Set(now),
        used_at: Set(None),
        ..Default::default()
    }))
    .exec(db)
    .await?;
    Ok(codes)
}

/// Voids the member's codes (two-factor turned off).
pub async fn void(db: &impl ConnectionTrait, user_id: i64) -> AppResult<()> {
    recovery_code::Entity::delete_many()
        .filter(recovery_code::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// How many of the member's codes are still good.
pub async fn left(db: &impl ConnectionTrait, user_id: i64) -> AppResult<u64> {
    Ok(recovery_code::Entity::find()
        .filter(recovery_code::Column::UserId.eq(user_id))
        .filter(recovery_code::Column::UsedAt.is_null())
        .count(db)
        .await?)
}

/// Spends `code` for `user`'s sign-in: true when it was one of theirs and still good. One
/// conditional update, so a code raced against itself is spent once. The member is told.
pub async fn spend(ctx: &AppContext, user: &user::Model, code: &str) -> AppResult<bool> {
    let spent = recovery_code::Entity::update_many()
        .col_expr(
            recovery_code::Column::UsedAt,
            Expr::value(kernel::clock::now()),
        )
        .filter(recovery_code::Column::UserId.eq(user.id))
        .filter(recovery_code::Column::CodeHash.eq(hash(code)))
        .filter(recovery_code::Column::UsedAt.is_null())
        .exec(&ctx.db)
        .await?;
    if spent.rows_affected != 1 {
        return Ok(false);
    }
    let left = left(&ctx.db, user.id).await?;
    ctx.deliver_mail(emails::recovery_code_used(
        &ctx.config.public_url,
        &user.email,
        left,
    ))
    .await;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::{hash, new_code};

    #[test]
    fn a_code_is_four_groups_of_four_and_reads_the_same_however_typed() {
        let code = new_code();
        assert_eq!(code.len(), 19, "{code}");
        assert_eq!(code.split('-').count(), 4);
        assert_eq!(hash(&code), hash(&code.to_uppercase().replace('-', " ")));
        assert_ne!(new_code(), code);
    }
}
