//! Demo content, so a fresh `just run` shows a populated site.

use accounts::{AdminCreated, account_exists, create_admin};
use kernel::AppContext;

/// Login of the demo admin that the seed creates. Demo data only: the seed runs by
/// itself only on an empty embedded database.
pub const DEMO_ADMIN_EMAIL: &str = "admin@cohort.local";
pub const DEMO_ADMIN_PASSWORD: &str = "cohort-demo-admin";

/// Seeds demo content; running it twice changes nothing.
pub async fn run(ctx: &AppContext) -> anyhow::Result<()> {
    if !account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await? {
        let created = create_admin(&ctx.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
            .await
            .map_err(|e| anyhow::anyhow!("seeding the demo admin: {e}"))?;
        debug_assert_eq!(created, AdminCreated::New);
    }
    Ok(())
}

/// Seeds an empty embedded database when `COHORT_SEED_DEMO` allows it.
pub async fn seed_if_empty(ctx: &AppContext) -> anyhow::Result<bool> {
    if !(ctx.config.seed_demo && ctx.config.is_embedded_database()) {
        return Ok(false);
    }
    if account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await? {
        return Ok(false);
    }
    run(ctx).await?;
    Ok(true)
}

/// The line `serve` and `seed` print so a newcomer can sign in.
pub async fn demo_login_line(ctx: &AppContext) -> Option<String> {
    match account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await {
        Ok(true) => Some(format!(
            "Demo admin: {DEMO_ADMIN_EMAIL} / {DEMO_ADMIN_PASSWORD}"
        )),
        _ => None,
    }
}
