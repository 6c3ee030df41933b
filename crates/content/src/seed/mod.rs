//! Demo content for a fresh site (the pages of spec 2 §2 with real text, menus, banners,
//! a blog and lectures with their pictures and videos). Everything ships with the binary
//! or is drawn by it; running the seed again adds only what is missing.

mod landing;

use chrono::Duration;
use kernel::{AppContext, AppError, AppResult};
use media::{artwork, images};
use serde::Deserialize;

use crate::enums::{BannerPlacement, CaptionLanguage, MenuName, TitleAlign};
use crate::service::banners;
use crate::service::blog::{self, PostDraft};
use crate::service::lecture_captions;
use crate::service::lectures::{self, LectureDraft};
use crate::service::menus::{self, NewItem};
use crate::service::pages::{self, PageDraft};

/// (slug, title, text over the title, the body).
const PAGES: &[(&str, &str, Option<&str>, &str)] = &[
    (
        "about-us",
        "About Cohort",
        Some("Better medicine together"),
        include_str!("pages/about-us.html"),
    ),
    (
        "our-model",
        "Our model",
        Some("Dynamic Review and PrecisionFunding"),
        include_str!("pages/our-model.html"),
    ),
    (
        "press-and-media",
        "Press and media",
        None,
        include_str!("pages/press-and-media.html"),
    ),
    (
        "get-involved",
        "Get involved",
        None,
        include_str!("pages/get-involved.html"),
    ),
    (
        "meet-the-team",
        "Meet the team",
        None,
        include_str!("pages/meet-the-team.html"),
    ),
    (
        "faqs",
        "Frequently asked questions",
        None,
        include_str!("pages/faqs.html"),
    ),
    (
        "working-group-faq",
        "Working group FAQ",
        None,
        include_str!("pages/working-group-faq.html"),
    ),
    (
        "collavidence-researcher-guide",
        "Researcher guide",
        Some("From idea to funded study"),
        include_str!("pages/collavidence-researcher-guide.html"),
    ),
    (
        "scientific-review-committee",
        "Scientific Review Committee",
        None,
        include_str!("pages/scientific-review-committee.html"),
    ),
    (
        "learn-more-working-group",
        "Working groups",
        Some("Learn more"),
        include_str!("pages/learn-more-working-group.html"),
    ),
    (
        "terms-of-use",
        "Terms of use",
        None,
        include_str!("pages/terms-of-use.html"),
    ),
    (
        "privacy-policy",
        "Privacy policy",
        None,
        include_str!("pages/privacy-policy.html"),
    ),
    (
        "cookie-policy",
        "Cookie policy",
        None,
        include_str!("pages/cookie-policy.html"),
    ),
    (
        "lgp-prize",
        "The Cohort prize",
        Some("$25,000 CAD catalyst grant"),
        include_str!("pages/lgp-prize.html"),
    ),
    (
        "lgp-prize-page",
        "Enter the Cohort prize",
        None,
        include_str!("pages/lgp-prize-page.html"),
    ),
    (
        "lgp/prize-terms-and-conditions",
        "Prize terms and conditions",
        None,
        include_str!("pages/prize-terms-and-conditions.html"),
    ),
];

/// The lectures' texts; `scripts/seed_media.py` (`just seed-media`) made each one's narrated
/// video and captions from them.
#[derive(Deserialize)]
struct LectureSeed {
    title: String,
    speaker: String,
    description: String,
    tags: Vec<String>,
}

/// Each lecture's video and English captions, in the order of `lectures.json`.
const TALKS: [(&[u8], &[u8]); 6] = [
    (
        include_bytes!("media/lecture-1.webm"),
        include_bytes!("media/lecture-1.en.vtt"),
    ),
    (
        include_bytes!("media/lecture-2.webm"),
        include_bytes!("media/lecture-2.en.vtt"),
    ),
    (
        include_bytes!("media/lecture-3.webm"),
        include_bytes!("media/lecture-3.en.vtt"),
    ),
    (
        include_bytes!("media/lecture-4.webm"),
        include_bytes!("media/lecture-4.en.vtt"),
    ),
    (
        include_bytes!("media/lecture-5.webm"),
        include_bytes!("media/lecture-5.en.vtt"),
    ),
    (
        include_bytes!("media/lecture-6.webm"),
        include_bytes!("media/lecture-6.en.vtt"),
    ),
];

#[derive(Deserialize)]
struct BlogSeed {
    categories: Vec<CategorySeed>,
    posts: Vec<PostSeed>,
}

#[derive(Deserialize)]
struct CategorySeed {
    slug: String,
    name: String,
}

#[derive(Deserialize)]
struct PostSeed {
    slug: String,
    title: String,
    categories: Vec<String>,
    description: String,
    body: String,
    tags: Vec<String>,
    days_ago: i64,
}

/// Stores a demo picture (prepared ahead of time); returns its storage key.
async fn picture(
    ctx: &AppContext,
    folder: &str,
    width: u32,
    height: u32,
    seed: u32,
) -> AppResult<String> {
    artwork::demo(ctx.storage.as_ref(), folder, width, height, seed).await
}

/// Seeds the demo content, with `author_id` as the blog's author.
pub async fn demo(ctx: &AppContext, author_id: i64) -> AppResult<()> {
    seed_lectures(ctx).await?;
    seed_pages(ctx).await?;
    seed_menus(ctx).await?;
    seed_banners(ctx).await?;
    seed_blog(ctx, author_id).await
}

async fn seed_pages(ctx: &AppContext) -> AppResult<()> {
    for (slug, title, before_title, body) in PAGES {
        if pages::exists(&ctx.db, slug).await? {
            continue;
        }
        pages::save(
            &ctx.db,
            PageDraft {
                slug: (*slug).to_owned(),
                title: (*title).to_owned(),
                before_title: before_title.map(str::to_owned),
                title_align: TitleAlign::Left,
                body: (*body).to_owned(),
                blocks: Vec::new(),
                articles_in_line: None,
                first_alone: false,
                meta_title: Some(format!("{title} | Cohort")),
                meta_description: Some(
                    kernel::rich_text::plain_text(body)
                        .chars()
                        .take(155)
                        .collect(),
                ),
            },
        )
        .await?;
    }
    landing::seed(ctx).await
}

async fn seed_menus(ctx: &AppContext) -> AppResult<()> {
    if !menus::tree(&ctx.db, MenuName::Main).await?.is_empty() {
        return Ok(());
    }
    let page = |title, slug| NewItem {
        title,
        page_slug: Some(slug),
        link_url: None,
        children: Vec::new(),
    };
    let link = |title, url| NewItem {
        title,
        page_slug: None,
        link_url: Some(url),
        children: Vec::new(),
    };
    menus::replace(
        &ctx.db,
        MenuName::Main,
        vec![
            NewItem {
                children: vec![
                    link("Browse working groups", "/working-groups/list"),
                    page("Learn more", "learn-more-working-group"),
                    page("Working group FAQ", "working-group-faq"),
                ],
                ..link("Working groups", "/working-groups")
            },
            NewItem {
                children: vec![
                    link("Browse projects", "/projects"),
                    link("Needs", "/needs"),
                    link("Results tracker", "/results"),
                    link("Submit a project", "/submit-project"),
                ],
                ..link("Projects", "/projects")
            },
            NewItem {
                children: vec![
                    link("Blog", "/blog"),
                    link("Lecture series", "/lecture-series"),
                    link("Certificates", "/certificates"),
                    page("Researcher guide", "collavidence-researcher-guide"),
                    page("FAQ", "faqs"),
                ],
                ..link("Learn", "/lecture-series")
            },
            NewItem {
                children: vec![
                    page("About us", "about-us"),
                    page("Our model", "our-model"),
                    page("Meet the team", "meet-the-team"),
                    page("Scientific Review Committee", "scientific-review-committee"),
                    page("Press and media", "press-and-media"),
                    page("Get involved", "get-involved"),
                    link("Contact us", "/contact-us"),
                ],
                ..page("About", "about-us")
            },
            page("Prize", "lgp-prize"),
        ],
    )
    .await?;
    menus::replace(
        &ctx.db,
        MenuName::Lgp,
        vec![
            page("The prize", "lgp-prize"),
            page("Enter", "lgp-prize-page"),
            page("Terms & Conditions", "lgp/prize-terms-and-conditions"),
            page("Aspect in stroke", "aspect-in-stroke/home"),
        ],
    )
    .await
}

/// A banner's message, drawn into its picture by `scripts/seed_media.py`.
#[derive(Deserialize)]
struct BannerSeed {
    placement: BannerPlacement,
    link: String,
}

/// The banners' pictures, in the order of `banners.json`.
const BANNERS: [&[u8]; 2] = [
    include_bytes!("media/banner-1.jpg"),
    include_bytes!("media/banner-2.jpg"),
];

async fn seed_banners(ctx: &AppContext) -> AppResult<()> {
    let seeds: Vec<BannerSeed> = serde_json::from_str(include_str!("banners.json"))
        .map_err(|e| AppError::Internal(e.into()))?;
    for (seed, picture) in seeds.into_iter().zip(BANNERS) {
        let placement = seed.placement;
        if banners::get(&ctx.db, placement).await?.is_none() {
            let image = images::accept(
                ctx.storage.as_ref(),
                "banners",
                picture.to_vec(),
                media::artwork::PREPARED_SHAPE,
            )
            .await?;
            banners::set(&ctx.db, placement, Some(image), Some(seed.link)).await?;
        }
    }
    Ok(())
}

async fn seed_blog(ctx: &AppContext, author_id: i64) -> AppResult<()> {
    let data: BlogSeed = serde_json::from_str(include_str!("blog.json"))
        .map_err(|e| AppError::Internal(e.into()))?;
    let mut categories = std::collections::HashMap::new();
    for category in &data.categories {
        let saved = blog::category(&ctx.db, &category.slug, &category.name).await?;
        categories.insert(category.slug.clone(), saved.id);
    }
    let existing = blog::list(
        &ctx.db,
        &Default::default(),
        &kernel::PageParams {
            page: Some(1),
            per_page: Some(100),
        },
    )
    .await?;
    let now = kernel::clock::now();
    for (index, post) in data.posts.into_iter().enumerate() {
        if existing.data.iter().any(|p| p.slug == post.slug) {
            continue;
        }
        let image = picture(ctx, "blog", 1200, 630, u32::try_from(index).unwrap_or(0)).await?;
        let saved = blog::save(
            &ctx.db,
            PostDraft {
                slug: post.slug,
                title: post.title,
                description: post.description,
                body: post.body,
                header_image: Some(image),
                date: now - Duration::days(post.days_ago),
                author_id: Some(author_id),
                published: true,
                can_create_discussion: true,
                tags: post.tags,
                categories: post
                    .categories
                    .iter()
                    .filter_map(|c| categories.get(c).copied())
                    .collect(),
            },
        )
        .await?;
        blog::announce(ctx, &saved).await;
    }
    Ok(())
}

async fn seed_lectures(ctx: &AppContext) -> AppResult<()> {
    let existing = lectures::list(
        &ctx.db,
        &kernel::PageParams {
            page: Some(1),
            per_page: Some(100),
        },
    )
    .await?;
    let seeds: Vec<LectureSeed> = serde_json::from_str(include_str!("lectures.json"))
        .map_err(|e| AppError::Internal(e.into()))?;
    for (index, (lecture, (video, captions))) in seeds.into_iter().zip(TALKS).enumerate() {
        if existing.data.iter().any(|l| l.title == lecture.title) {
            continue;
        }
        let seed = u32::try_from(index).unwrap_or(0);
        let poster = picture(ctx, "lectures", 640, 360, seed).await?;
        let name = kernel::storage::unique_name();
        let video_key = format!("lectures/{name}.webm");
        let captions_key = format!("lectures/{name}.en.vtt");
        for (key, bytes) in [(&video_key, video), (&captions_key, captions)] {
            ctx.storage
                .put(key, bytes)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
        }
        let saved = lectures::add_once(
            &ctx.db,
            LectureDraft {
                title: lecture.title,
                author: lecture.speaker,
                summary: Some(lecture.description),
                tags: lecture.tags,
                image: Some(poster),
                video_file: Some(video_key),
                video_url: None,
                position: i32::try_from(index).unwrap_or(0),
            },
        )
        .await?;
        lecture_captions::add_once(&ctx.db, saved.id, CaptionLanguage::English, captions_key)
            .await?;
    }
    Ok(())
}
