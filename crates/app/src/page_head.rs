//! The head a page is served with before any script runs: its title, description and the
//! OpenGraph and Twitter tags link previews read. A record's page (a group, a blog post, a
//! lecture, a project) is described by the crate that owns the record, as a visitor sees it;
//! when a visitor may not see it, the page is answered with status 404.

use kernel::AppContext;
use kernel::page_meta::PageMeta;
use kernel::sitemap::xml_escape;

/// What the app's `index.html` says when nothing more is known (as HTML, escaped).
#[derive(Debug, Clone, Default)]
pub struct Defaults {
    pub title: String,
    pub description: String,
}

/// The path's record, when the path is a record's page: `Some(None)` when there is no such
/// record for a visitor.
pub async fn record(ctx: &AppContext, path: &str) -> Option<Option<PageMeta>> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let found = match segments.as_slice() {
        ["working-groups", slug] => groups::service::previews::group(ctx, slug).await,
        ["blog", key] => content::service::previews::post(ctx, key).await,
        ["lecture-series", id] => content::service::previews::lecture(ctx, id).await,
        ["project", slug] => projects::service::previews::project(ctx, slug).await,
        _ => return None,
    };
    // A failed lookup must not cost the visitor the page: it is served as a screen.
    found
        .map_err(|e| tracing::warn!(path, "describing the page failed: {e}"))
        .ok()
}

/// The tags for `path`: the record's when there is one, the site's otherwise.
pub fn tags(
    site: &str,
    defaults: &Defaults,
    path: &str,
    record: Option<&PageMeta>,
    not_found: bool,
) -> String {
    let site = site.trim_end_matches('/');
    let (title, description) = match (record, not_found) {
        (Some(meta), _) => (
            format!("{} | {}", defaults.title, xml_escape(&meta.title)),
            xml_escape(&meta.description),
        ),
        (None, true) => (
            format!("{} | Page not found", defaults.title),
            defaults.description.clone(),
        ),
        (None, false) => (defaults.title.clone(), defaults.description.clone()),
    };
    let mut head = format!(
        "<title>{title}</title>\
         <meta name=\"description\" content=\"{description}\">\
         <meta property=\"og:site_name\" content=\"{}\">\
         <meta property=\"og:type\" content=\"{}\">\
         <meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:description\" content=\"{description}\">\
         <meta property=\"og:url\" content=\"{site}{}\">",
        defaults.title,
        if record.is_some() {
            "article"
        } else {
            "website"
        },
        xml_escape(path),
    );
    let image = record.and_then(|meta| meta.image.as_deref()).map(|image| {
        if image.starts_with('/') {
            format!("{site}{image}")
        } else {
            image.to_owned()
        }
    });
    match image {
        Some(image) => head.push_str(&format!(
            "<meta property=\"og:image\" content=\"{}\">\
             <meta name=\"twitter:card\" content=\"summary_large_image\">",
            xml_escape(&image)
        )),
        None => head.push_str("<meta name=\"twitter:card\" content=\"summary\">"),
    }
    head
}

/// `html`'s `<title>` and description, taken out of it: the page's own take their place.
pub fn take_defaults(html: &mut String) -> Defaults {
    Defaults {
        title: take(html, "<title>", "</title>").unwrap_or_default(),
        description: take(html, "<meta name=\"description\" content=\"", "\" />")
            .unwrap_or_default(),
    }
}

fn take(html: &mut String, open: &str, close: &str) -> Option<String> {
    let start = html.find(open)?;
    let end = start + open.len() + html[start + open.len()..].find(close)?;
    let inner = html[start + open.len()..end].to_owned();
    html.replace_range(start..end + close.len(), "");
    Some(inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_and_description_are_taken_out_of_the_template() {
        let mut html = String::from(
            "<head><meta name=\"description\" content=\"Better &amp; together\" />\n<title>Cohort</title><style></style>",
        );
        let defaults = take_defaults(&mut html);
        assert_eq!(defaults.title, "Cohort");
        assert_eq!(defaults.description, "Better &amp; together");
        assert_eq!(html, "<head>\n<style></style>");
    }
}
