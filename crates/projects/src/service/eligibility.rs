//! Spec 1: "anyone seeking funding for a project must show university affiliation", and a
//! project creator gives gender, age group and career stage. Read through the kernel's
//! `UserDirectory`, never the users table.

use kernel::{AppContext, AppError, AppResult};

use crate::enums::CreatorGap;
use crate::policy;

/// Why a member may not submit a project yet, in words, with where to fix it.
pub fn explain(gap: CreatorGap) -> (&'static str, &'static str) {
    match gap {
        CreatorGap::Affiliation => (
            "Anyone seeking funding for a project must show university affiliation.",
            "/my-profile/affiliations",
        ),
        CreatorGap::AffiliationInReview => (
            "Your university affiliation is confirmed and waits for staff review: you can submit a project once they approve it.",
            "/my-profile/affiliations",
        ),
        CreatorGap::EquityProfile => (
            "Add your gender, age group and career stage to your profile.",
            "?openPersonalization",
        ),
    }
}

/// What keeps the member from submitting; empty when they may.
pub async fn gaps(ctx: &AppContext, user_id: i64) -> AppResult<Vec<CreatorGap>> {
    let readiness = ctx.users.creator_readiness(user_id).await?;
    Ok(policy::creator_gaps(readiness))
}

/// Refuses (403, with the first reason) a member who may not submit a project.
pub async fn require(ctx: &AppContext, user_id: i64) -> AppResult<()> {
    match gaps(ctx, user_id).await?.first() {
        None => Ok(()),
        Some(&gap) => Err(AppError::client(
            actix_web::http::StatusCode::FORBIDDEN,
            "not_eligible",
            explain(gap).0,
        )),
    }
}
