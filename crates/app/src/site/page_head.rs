//! The head a page is served with before any script runs: its title, description, canonical
//! address, the OpenGraph and Twitter tags link previews read, and schema.org's JSON-LD for
//! search engines (issue 46 §3). A record's page (a group, a blog post, a lecture, a project,
//! a content page)
//! is described by the crate that owns the record, as a visitor sees it; when a visitor may
//! not see it, the page is answered with status 404.

use kernel::AppContext;
use kernel::page_meta::PageMeta;
use kernel::rich_text::decode_entities;
use kernel::sitemap::xml_escape;
use serde_json::{Value, json};

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
        ["project", slug, "protocol"] => projects::service::previews::protocol(ctx, slug).await,
        ["pages", slug] => content::service::previews::page(ctx, slug).await,
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
    let address = format!(
        "{site}{}",
        record
            .and_then(|meta| meta.canonical_path.as_deref())
            .unwrap_or(path)
    );
    let mut head = format!(
        "<title>{title}</title>\
         <meta name=\"description\" content=\"{description}\">\
         <meta property=\"og:site_name\" content=\"{}\">\
         <meta property=\"og:type\" content=\"{}\">\
         <meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:description\" content=\"{description}\">\
         <meta property=\"og:url\" content=\"{}\">",
        defaults.title,
        if record.is_some() {
            "article"
        } else {
            "website"
        },
        xml_escape(&address),
    );
    if !not_found {
        head.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\">",
            xml_escape(&address)
        ));
    }
    let thing = match record {
        Some(meta) => meta.structured.clone(),
        None if path == "/" && !not_found => Some(organization(defaults)),
        None => None,
    };
    if let Some(thing) = thing {
        head.push_str(&json_ld(thing, site, &address, defaults));
    }
    let image = record
        .and_then(|meta| meta.image.as_deref())
        .map(|image| absolute(site, image));
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

/// A path on this site made a full address; other addresses as they are.
fn absolute(site: &str, url: &str) -> String {
    if url.starts_with('/') {
        format!("{site}{url}")
    } else {
        url.to_owned()
    }
}

/// The site itself, for the landing page.
fn organization(defaults: &Defaults) -> Value {
    json!({
        "@type": "Organization",
        "description": decode_entities(&defaults.description),
    })
}

/// `thing` as a JSON-LD script: in schema.org's context, at `address`, its picture a full
/// address, and the site named where the type expects it (an article's publisher, a
/// course's provider, the organization's own name).
fn json_ld(mut thing: Value, site: &str, address: &str, defaults: &Defaults) -> String {
    let site_itself = json!({
        "@type": "Organization",
        "name": decode_entities(&defaults.title),
        "url": format!("{site}/"),
    });
    if let Some(object) = thing.as_object_mut() {
        object.insert("@context".into(), json!("https://schema.org"));
        object.insert("url".into(), json!(address));
        if let Some(Value::String(image)) = object.get_mut("image") {
            *image = absolute(site, image);
        }
        let named_as = match object.get("@type").and_then(Value::as_str) {
            Some("Article") => Some("publisher"),
            Some("Course") => Some("provider"),
            _ => None,
        };
        if let Some(key) = named_as {
            object.insert(key.into(), site_itself.clone());
        }
        if object.get("@type") == Some(&json!("Organization")) {
            object.insert("name".into(), site_itself["name"].clone());
        }
    }
    // `<` written as its JSON escape: no text in the object can close the script element.
    let text = thing.to_string().replace('<', "\\u003c");
    format!("<script type=\"application/ld+json\">{text}</script>")
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

    fn defaults() -> Defaults {
        Defaults {
            title: "Cohort".into(),
            description: "Research &amp; care, together.".into(),
        }
    }

    /// The JSON-LD script of `head`, read back.
    fn structured(head: &str) -> Value {
        let open = "<script type=\"application/ld+json\">";
        let start = head.find(open).expect("a JSON-LD script") + open.len();
        let end = start + head[start..].find("</script>").unwrap();
        serde_json::from_str(&head[start..end]).unwrap()
    }

    #[test]
    fn the_landing_page_is_the_organization_and_names_its_address() {
        let head = tags("https://cohort.test/", &defaults(), "/", None, false);
        assert!(
            head.contains("<link rel=\"canonical\" href=\"https://cohort.test/\">"),
            "{head}"
        );
        assert_eq!(
            structured(&head),
            json!({
                "@context": "https://schema.org",
                "@type": "Organization",
                "name": "Cohort",
                "description": "Research & care, together.",
                "url": "https://cohort.test/",
            })
        );
        let missing = tags("https://cohort.test", &defaults(), "/nowhere", None, true);
        assert!(
            !missing.contains("canonical") && !missing.contains("ld+json"),
            "{missing}"
        );
        let list = tags("https://cohort.test", &defaults(), "/blog", None, false);
        assert!(list.contains("href=\"https://cohort.test/blog\"") && !list.contains("ld+json"));
    }

    #[test]
    fn a_record_is_filed_under_its_own_address_and_cannot_close_its_script() {
        let meta = PageMeta::new(
            "A </script><b>post",
            "About it.",
            Some("/media/a.png".into()),
        )
        .at("/blog/a-post")
        .describing(
            json!({"@type": "Article", "headline": "A </script><b>post", "image": "/media/a.png"}),
        );
        let head = tags(
            "https://cohort.test",
            &defaults(),
            "/blog/7",
            Some(&meta),
            false,
        );
        assert!(
            head.contains("<link rel=\"canonical\" href=\"https://cohort.test/blog/a-post\">"),
            "{head}"
        );
        assert!(
            head.contains("og:url\" content=\"https://cohort.test/blog/a-post\""),
            "{head}"
        );
        assert_eq!(head.matches("</script>").count(), 1, "{head}");
        let article = structured(&head);
        assert_eq!(article["headline"], "A </script><b>post");
        assert_eq!(article["url"], "https://cohort.test/blog/a-post");
        assert_eq!(article["image"], "https://cohort.test/media/a.png");
        assert_eq!(article["publisher"]["name"], "Cohort");
    }

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
