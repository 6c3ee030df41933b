//! The aspect-in-stroke landing page (spec 2 §2): a carousel, article lists, an embedded
//! viewer and HTML, built from blocks.

use kernel::{AppContext, AppResult};
use media::artwork;

use crate::blocks::{Article, Articles, Block, Carousel, Slide};
use crate::enums::TitleAlign;
use crate::service::{lectures, pages};

pub const SLUG: &str = "aspect-in-stroke/home";

pub async fn seed(ctx: &AppContext) -> AppResult<()> {
    if pages::exists(&ctx.db, SLUG).await? {
        return Ok(());
    }
    let mut slides = Vec::new();
    for (seed, (title, text)) in [
        (
            "Imaging after stroke",
            "How perfusion imaging guides treatment in the first hours.",
        ),
        (
            "Recovery, slice by slice",
            "Scroll through a recovery time line with your keyboard.",
        ),
        (
            "Join the working group",
            "Clinicians, researchers and survivors compare notes every month.",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let image = artwork::demo(
            ctx.storage.as_ref(),
            "pages",
            1200,
            500,
            u32::try_from(seed).unwrap_or(0) + 2,
        )
        .await?;
        slides.push(Slide {
            description: format!("<h3>{title}</h3><p>{text}</p>"),
            image: Some(ctx.storage.url(&image)),
            iframe: None,
            button_link: Some("/working-groups/list".into()),
            button_label: Some("Explore".into()),
        });
    }
    let mut articles = Vec::new();
    for (seed, (title, text, link)) in [
        (
            "What is ASPECTS?",
            "A ten-point score of early ischaemic change on CT.",
            "/blog",
        ),
        (
            "Reading the scans",
            "Which regions count, and common pitfalls.",
            "/lecture-series",
        ),
        (
            "Research questions",
            "What our working group wants to answer next.",
            "/working-groups/list",
        ),
        (
            "Take the quiz",
            "Test yourself and earn a certificate.",
            "/certificates",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let image = artwork::demo(
            ctx.storage.as_ref(),
            "pages",
            640,
            360,
            u32::try_from(seed).unwrap_or(0),
        )
        .await?;
        articles.push(Article {
            title: title.into(),
            description: format!("<p>{text}</p>"),
            image: Some(ctx.storage.url(&image)),
            link: Some(link.into()),
        });
    }
    let viewer = lectures::list(&ctx.db, &kernel::PageParams::default())
        .await?
        .data
        .into_iter()
        .find_map(|l| l.video_file)
        .map(|key| ctx.storage.url(&key));
    let mut blocks = vec![
        Block::Carousel(Carousel { slides }),
        Block::Html("<h2>Aspect in stroke</h2><p>An open teaching and research space on early CT signs in acute ischaemic stroke, run by the Cohort stroke working group.</p>".into()),
        Block::MultipleArticlesPagesPagination(Articles {
            articles: articles.clone(),
            articles_in_line: Some(3),
            first_alone: true,
        }),
    ];
    if let Some(url) = viewer {
        blocks.push(Block::Iframe(url));
    }
    blocks.push(Block::MultipleArticlesPages(Articles {
        articles: articles.into_iter().rev().take(2).collect(),
        articles_in_line: Some(2),
        first_alone: false,
    }));
    pages::save(
        &ctx.db,
        pages::PageDraft {
            slug: SLUG.into(),
            title: "Aspect in stroke".into(),
            before_title: None,
            title_align: TitleAlign::None,
            body: String::new(),
            blocks,
            articles_in_line: Some(3),
            first_alone: true,
            meta_title: Some("Aspect in stroke | Cohort".into()),
            meta_description: Some("Early CT signs in acute ischaemic stroke: teaching material and research questions.".into()),
        },
    )
    .await?;
    Ok(())
}
