//! What the site tells crawlers and feed readers: `/robots.txt` (everything public may be
//! crawled; private screens, the console and the API may not) and `/sitemap.xml` (the
//! public screens, then every public group, blog post, lecture and live project, each
//! domain naming its own: one statement per kind, whatever the site's size). The blog's
//! Atom feed is the content crate's, mounted here at `/blog/atom.xml`.

use actix_web::{HttpResponse, web};
use kernel::sitemap::{Location, xml_escape};
use kernel::{AppContext, AppResult};

/// The public screens that are not one record's page.
const PUBLIC_SCREENS: &[&str] = &[
    "/",
    "/working-groups",
    "/working-groups/list",
    "/projects",
    "/needs",
    "/results",
    "/blog",
    "/lecture-series",
    "/certificates",
    "/lgp-prize",
    "/about",
    "/our-model",
    "/get-involved",
    "/meet-the-team",
    "/press-and-media",
    "/faq",
    "/working-group-faq",
    "/researcher-guide",
    "/scientific-review-committee",
    "/contact-us",
    "/terms-of-use",
    "/privacy-policy",
    "/cookie-policy",
];

/// Private screens and the machinery: never crawled.
const PRIVATE_PREFIXES: &[&str] = &[
    "/api/",
    "/staff",
    "/dev/",
    "/files/",
    "/dashboard",
    "/feed",
    "/my-profile",
    "/my-projects",
    "/working-groups/my",
    "/working-groups/create",
    "/working-groups/edit/",
    "/submit-project",
    "/choose-password",
    "/login",
    "/register",
    "/forgot-password",
    "/notifications",
    "/messages",
    "/events",
    "/personalization",
];

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/robots.txt", web::get().to(robots))
        .route("/sitemap.xml", web::get().to(sitemap))
        .route("/blog/atom.xml", web::get().to(content::api::atom::feed));
}

async fn robots(ctx: web::Data<AppContext>) -> HttpResponse {
    let site = ctx.config.public_url.trim_end_matches('/');
    let mut text = String::from("User-agent: *\n");
    for prefix in PRIVATE_PREFIXES {
        text.push_str(&format!("Disallow: {prefix}\n"));
    }
    text.push_str(&format!("\nSitemap: {site}/sitemap.xml\n"));
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(text)
}

async fn sitemap(ctx: web::Data<AppContext>) -> AppResult<HttpResponse> {
    let mut locations: Vec<Location> = PUBLIC_SCREENS
        .iter()
        .map(|path| Location::new(*path, None))
        .collect();
    locations.extend(groups::service::sitemap::locations(&ctx).await?);
    locations.extend(content::service::sitemap::locations(&ctx).await?);
    locations.extend(projects::service::sitemap::locations(&ctx).await?);
    let site = ctx.config.public_url.trim_end_matches('/');
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for location in &locations {
        xml.push_str(&format!(
            "<url><loc>{site}{}</loc>",
            xml_escape(&location.path)
        ));
        if let Some(updated) = location.updated {
            xml.push_str(&format!(
                "<lastmod>{}</lastmod>",
                updated.format("%Y-%m-%d")
            ));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    Ok(HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(xml))
}
