//! The blog as an Atom feed (RFC 4287) at `/blog/atom.xml`, for feed readers.

use actix_web::{HttpResponse, web};
use kernel::sitemap::xml_escape;
use kernel::{AppContext, AppResult};

use crate::service::blog;

/// The newest posts a feed carries.
const ENTRIES: u64 = 20;

/// The newest published posts, as Atom.
pub async fn feed(ctx: web::Data<AppContext>) -> AppResult<HttpResponse> {
    let posts = blog::newest(&ctx.db, ENTRIES).await?;
    let site = ctx.config.public_url.trim_end_matches('/');
    let updated = posts
        .iter()
        .map(|p| p.updated_at)
        .max()
        .unwrap_or_else(kernel::clock::now);
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\
         <feed xmlns=\"http://www.w3.org/2005/Atom\">\n\
         <title>Cohort blog</title>\n\
         <id>{site}/blog</id>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{site}/blog\"/>\n\
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{site}/blog/atom.xml\"/>\n\
         <updated>{}</updated>\n",
        updated.to_rfc3339()
    );
    for post in &posts {
        let link = format!("{site}/blog/{}", xml_escape(&post.slug));
        xml.push_str(&format!(
            "<entry>\n<title>{}</title>\n<id>{link}</id>\n\
             <link rel=\"alternate\" type=\"text/html\" href=\"{link}\"/>\n\
             <published>{}</published>\n<updated>{}</updated>\n\
             <author><name>Cohort</name></author>\n<summary>{}</summary>\n</entry>\n",
            xml_escape(&post.title),
            post.date.to_rfc3339(),
            post.updated_at.to_rfc3339(),
            xml_escape(&post.description),
        ));
    }
    xml.push_str("</feed>\n");
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(xml))
}
