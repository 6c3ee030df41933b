//! Sign-ups for updates (spec 2 §1 landing page, §5).

use kernel::AppResult;
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};

use crate::entity::update_signup;

pub const THANK_YOU: &str = "Thank you for subscribing!";

/// Someone who wants news of the platform.
#[derive(Debug, Clone)]
pub struct Signup {
    pub full_name: String,
    pub email: String,
    pub message: String,
    pub consent: bool,
}

pub async fn add(db: &impl ConnectionTrait, signup: Signup) -> AppResult<()> {
    update_signup::ActiveModel {
        full_name: Set(signup.full_name),
        email: Set(signup.email.trim().to_lowercase()),
        message: Set(signup.message),
        consent: Set(signup.consent),
        created_at: Set(kernel::clock::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
