//! Demo content, so a fresh `just run` shows a populated site.

mod group_discussions;
mod projects;
mod seeding;

use accounts::enums::{AgeGroup, CareerStage, Gender};
use accounts::{
    AdminCreated, Creator, DemoMember, account_exists, create_admin, demo_member,
    require_password_change,
};
use kernel::{AppContext, CurrentUser};
use seeding::seeding;

/// The demo admin that the seed creates. Its password is random, printed once and kept
/// in [`LOGINS_FILE`]; it must be changed at first sign-in. No published password ever
/// signs in to a deployment.
pub const DEMO_ADMIN_EMAIL: &str = "admin@cohort.local";

/// The demo member who writes the blog and starts the demo working groups.
pub const DEMO_MEMBER_EMAIL: &str = "amira@cohort.local";

/// Where the demo accounts' first passwords are kept, in the data dir, readable only by
/// the owner of the process.
pub const LOGINS_FILE: &str = "demo-logins.txt";

/// The demo accounts' passwords, when this seed created the accounts.
pub struct DemoLogins {
    pub admin_password: String,
    pub member_password: String,
}

impl DemoLogins {
    fn generate() -> Self {
        Self {
            admin_password: random_password(),
            member_password: random_password(),
        }
    }

    /// What is printed and kept: one `e-mail password` pair per line.
    pub fn text(&self) -> String {
        format!(
            "{DEMO_ADMIN_EMAIL} {}\n{DEMO_MEMBER_EMAIL} {}\n",
            self.admin_password, self.member_password
        )
    }
}

/// 24 URL-safe characters (144 random bits).
fn random_password() -> String {
    kernel::secret_token::generate().chars().take(24).collect()
}

/// Writes the logins where only the process's owner can read them.
fn keep(ctx: &AppContext, logins: &DemoLogins) -> anyhow::Result<()> {
    let path = ctx.config.data_dir.join(LOGINS_FILE);
    kernel::secret::write_private(&path, &logins.text())
        .map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))
}

/// A demo member as the services see them.
fn member(id: i64) -> CurrentUser {
    CurrentUser {
        id,
        staff_role: None,
        content_expert: false,
        password_change_required: false,
    }
}

/// Seeds demo content; running it twice changes nothing. Returns the new accounts'
/// passwords when this run created them (they are also kept in [`LOGINS_FILE`]).
pub async fn run(ctx: &AppContext) -> anyhow::Result<Option<DemoLogins>> {
    let logins = if account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await? {
        None
    } else {
        let logins = DemoLogins::generate();
        let created = create_admin(&ctx.db, DEMO_ADMIN_EMAIL, &logins.admin_password)
            .await
            .map_err(seeding("the demo admin"))?;
        debug_assert_eq!(created, AdminCreated::New);
        require_password_change(&ctx.db, DEMO_ADMIN_EMAIL)
            .await
            .map_err(seeding("the demo admin"))?;
        Some(logins)
    };
    let admin_id = ctx
        .users
        .by_email(DEMO_ADMIN_EMAIL)
        .await
        .map_err(seeding("the demo admin"))?
        .map(|u| u.id)
        .ok_or_else(|| anyhow::anyhow!("the demo admin is missing"))?;
    // One hash for every demo member: they share the password.
    let member_hash = accounts::service::password::hash(
        &logins
            .as_ref()
            .map_or_else(random_password, |l| l.member_password.clone()),
    )?;
    let member_id = demo_member(
        &ctx.db,
        DemoMember {
            email: DEMO_MEMBER_EMAIL,
            name: "Dr. Amira Haddad",
            password_hash: &member_hash,
            title: "Neurologist and trialist",
            affiliation: "University of Alberta",
            location: "Edmonton, Canada",
            bio: "Neurologist who ran stroke trials for ten years and now helps patients and researchers ask better questions together.",
            creator: Some(Creator {
                university_email: "amira.haddad@ualberta.example.edu",
                gender: Gender::Female,
                age_group: AgeGroup::From40To49,
                career_stage: CareerStage::SeniorStaff,
            }),
        },
    )
    .await
    .map_err(seeding("the demo member"))?;
    let mut people = vec![member_id];
    people.extend(projects::researchers(ctx, &member_hash).await?);
    content::seed::demo(ctx, member_id)
        .await
        .map_err(seeding("the site's content"))?;
    let groups = groups::seed::demo(ctx, member_id, admin_id, &people)
        .await
        .map_err(seeding("the working groups"))?;
    learning::seed::demo(ctx)
        .await
        .map_err(seeding("the quizzes"))?;
    let people: Vec<CurrentUser> = people.into_iter().map(member).collect();
    projects::demo(ctx, &people, admin_id).await?;
    group_discussions::demo(ctx, &groups, &people).await?;
    if let Some(logins) = &logins {
        keep(ctx, logins)?;
    }
    Ok(logins)
}

/// Seeds an empty embedded database when `COHORT_SEED_DEMO` allows it; the new
/// accounts' passwords when it did.
pub async fn seed_if_empty(ctx: &AppContext) -> anyhow::Result<Option<DemoLogins>> {
    if !(ctx.config.seed_demo && ctx.config.is_embedded_database()) {
        return Ok(None);
    }
    if account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await? {
        return Ok(None);
    }
    run(ctx).await
}

/// What `serve` and `seed` print so a newcomer can sign in: the passwords once, when the
/// accounts were just created; afterwards only where they are kept.
pub async fn demo_login_lines(ctx: &AppContext, created: Option<&DemoLogins>) -> Vec<String> {
    if let Some(logins) = created {
        return vec![
            format!(
                "Demo admin: {DEMO_ADMIN_EMAIL} / {} (choose a new password at first sign-in)",
                logins.admin_password
            ),
            format!(
                "Demo member: {DEMO_MEMBER_EMAIL} / {}",
                logins.member_password
            ),
            format!(
                "These passwords are shown once; they are kept in {} (readable only by you).",
                ctx.config.data_dir.join(LOGINS_FILE).display()
            ),
        ];
    }
    let kept = ctx.config.data_dir.join(LOGINS_FILE);
    match account_exists(&ctx.db, DEMO_ADMIN_EMAIL).await {
        Ok(true) if kept.exists() => vec![format!(
            "Demo logins ({DEMO_ADMIN_EMAIL}, {DEMO_MEMBER_EMAIL}): first passwords in {}",
            kept.display()
        )],
        _ => Vec::new(),
    }
}
