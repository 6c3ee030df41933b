//! `cohort seed --scale large`: the data set the benchmark runs on (issue 16) — 10,000
//! members, 2,000 working groups, 20,000 topics with 200,000 replies (one thread 2,000
//! deep), 1,000 blog posts and 50,000 feed items — on top of the demo content. The same
//! rows on every run, written a few hundred to a statement; a second run adds nothing.

use std::time::Instant;

use discussions::enums::TopicType;
use kernel::AppContext;
use sea_orm::ConnectionTrait;

use crate::cli::seed::{self, DEMO_MEMBER_EMAIL};

/// Where the scale members' shared password is kept, in the data dir, readable only by
/// the owner of the process.
pub const LOGINS_FILE: &str = "scale-logins.txt";

/// How much to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scale {
    /// The sizes the benchmark and its targets are stated for.
    Large,
    /// A hundredth of that, for trying the command.
    Small,
}

struct Sizes {
    members: usize,
    groups: usize,
    topics: usize,
    replies: usize,
    posts: usize,
    feed: usize,
}

impl Scale {
    fn sizes(self) -> Sizes {
        let large = Sizes {
            members: 10_000,
            groups: 2_000,
            topics: 20_000,
            replies: 200_000,
            posts: 1_000,
            feed: 50_000,
        };
        match self {
            Self::Large => large,
            Self::Small => Sizes {
                members: large.members / 100,
                groups: large.groups / 100,
                topics: large.topics / 100,
                replies: large.replies / 100,
                posts: large.posts / 100,
                feed: large.feed / 100,
            },
        }
    }
}

fn seeding(what: &'static str) -> impl Fn(kernel::AppError) -> anyhow::Error {
    move |e| anyhow::anyhow!("seeding {what}: {e}")
}

/// Adds the scale data set (and the demo content, when missing); returns what to print.
pub async fn run(ctx: &AppContext, scale: Scale) -> anyhow::Result<Vec<String>> {
    let started = Instant::now();
    let mut lines = Vec::new();
    if let Some(created) = seed::run(ctx).await? {
        lines.extend(seed::demo_login_lines(ctx, Some(&created)).await);
    }
    let sizes = scale.sizes();
    let password = kernel::secret_token::generate()
        .chars()
        .take(24)
        .collect::<String>();
    let hash = accounts::service::password::hash(&password)?;
    let members = accounts::service::scale::members(&ctx.db, sizes.members, &hash)
        .await
        .map_err(seeding("the members"))?;
    let written = members.len() == sizes.members && !ctx.config.data_dir.join(LOGINS_FILE).exists();
    let groups = groups::service::scale::groups(&ctx.db, &members, sizes.groups)
        .await
        .map_err(seeding("the working groups"))?;
    let comments = discussions::scale::threads(
        &ctx.db,
        TopicType::Groups,
        &groups,
        &members,
        discussions::scale::Sizes {
            topics: sizes.topics,
            replies: sizes.replies,
        },
    )
    .await
    .map_err(seeding("the discussions"))?;
    let comments = comments
        .into_iter()
        .map(|(group, gained)| (group, (gained.all, gained.public)))
        .collect();
    groups::service::scale::add_comments(&ctx.db, &comments)
        .await
        .map_err(seeding("the comment counts"))?;
    let author = ctx
        .users
        .by_email(DEMO_MEMBER_EMAIL)
        .await
        .map_err(seeding("the blog"))?
        .map_or(members[0], |u| u.id);
    content::service::scale::posts(&ctx.db, author, sizes.posts)
        .await
        .map_err(seeding("the blog"))?;
    feed::service::scale::items(&ctx.db, &members, &groups, sizes.feed)
        .await
        .map_err(seeding("the feed"))?;
    // As after any bulk load: without statistics PostgreSQL takes a word in most posts for
    // a rare one (it assumes one row in 200 matches) and plans the search for that.
    if ctx.db.get_database_backend() == sea_orm::DbBackend::Postgres {
        ctx.db
            .execute_unprepared("ANALYZE")
            .await
            .map_err(|e| anyhow::anyhow!("analysing the tables: {e}"))?;
    }
    if written {
        let path = ctx.config.data_dir.join(LOGINS_FILE);
        kernel::secret::write_private(&path, &format!("{password}\n"))
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
        lines.push(format!(
            "Scale members {} … {} share the password {password} (kept in {}, readable only by you).",
            accounts::service::scale::email(1),
            accounts::service::scale::email(sizes.members),
            path.display()
        ));
    }
    lines.push(format!(
        "Scale data ({} members, {} groups, {} topics, {} replies, {} posts, {} feed items) ready in {:.1} s.",
        sizes.members,
        sizes.groups,
        sizes.topics,
        sizes.replies,
        sizes.posts,
        sizes.feed,
        started.elapsed().as_secs_f64()
    ));
    Ok(lines)
}
