//! Demo content, so a fresh `just run` shows a populated site.

use accounts::{AdminCreated, DemoMember, account_exists, create_admin, demo_member};
use kernel::AppContext;

/// Login of the demo admin that the seed creates. Demo data only: the seed runs by
/// itself only on an empty embedded database.
pub const DEMO_ADMIN_EMAIL: &str = "admin@cohort.local";
pub const DEMO_ADMIN_PASSWORD: &str = "cohort-demo-admin";

/// The demo member who writes the blog and starts the demo working groups.
pub const DEMO_MEMBER_EMAIL: &str = "amira@cohort.local";
pub const DEMO_MEMBER_PASSWORD: &str = "cohort-demo-member";

fn seeding(what: &'static str) -> impl Fn(kernel::AppError) -> anyhow::Error {
    move |e| anyhow::anyhow!("seeding {what}: {e}")
}

/// Seeds demo content; running it twice changes nothing.
pub async fn run(ctx: &AppContext) -> anyhow::Result<()> {
    if !account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await? {
        let created = create_admin(&ctx.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)
            .await
            .map_err(seeding("the demo admin"))?;
        debug_assert_eq!(created, AdminCreated::New);
    }
    let admin_id = ctx
        .users
        .by_email(DEMO_ADMIN_EMAIL)
        .await
        .map_err(seeding("the demo admin"))?
        .map(|u| u.id)
        .ok_or_else(|| anyhow::anyhow!("the demo admin is missing"))?;
    let member_id = demo_member(
        &ctx.db,
        DemoMember {
            email: DEMO_MEMBER_EMAIL,
            name: "Dr. Amira Haddad",
            password: DEMO_MEMBER_PASSWORD,
            title: "Neurologist and trialist",
            affiliation: "University of Alberta",
            location: "Edmonton, Canada",
            bio: "Neurologist who ran stroke trials for ten years and now helps patients and researchers ask better questions together.",
        },
    )
    .await
    .map_err(seeding("the demo member"))?;
    content::seed::demo(ctx, member_id)
        .await
        .map_err(seeding("the site's content"))?;
    groups::seed::demo(ctx, member_id, admin_id)
        .await
        .map_err(seeding("the working groups"))?;
    learning::seed::demo(ctx)
        .await
        .map_err(seeding("the quizzes"))?;
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
            "Demo admin: {DEMO_ADMIN_EMAIL} / {DEMO_ADMIN_PASSWORD}; demo member: {DEMO_MEMBER_EMAIL} / {DEMO_MEMBER_PASSWORD}"
        )),
        _ => None,
    }
}
