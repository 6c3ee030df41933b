//! Preload links for the public pages. The front end's build writes `preloads.json`
//! (from `frontend/routes.json`): the app's scripts every page needs and, for each page,
//! the scripts of its screen, the API reads it opens with, and where in them its largest
//! picture is. The scripts are named in the page's `<head>` (on a page rendered on the
//! server, listed for its entry to ask for once the page is shown), so they download
//! beside the entry instead of one import after another; a read already in the public cache is written into the page itself (a visitor's
//! app takes it from there instead of asking), and the largest picture it names is
//! preloaded.
//!
//! Reads are not preloaded with `<link rel="preload" as="fetch">`: the browser would fetch
//! them without the member's `Authorization` and hand that visitor's answer to the app's
//! signed-in request for the same address.

use std::path::Path;

use actix_web::web::Bytes;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
pub struct Preloads {
    #[serde(rename = "everyPage")]
    every_page: EveryPage,
    routes: Vec<Route>,
    /// The cookies a rendered page depends on (`src/lib/page-cookies.json`).
    #[serde(default)]
    cookies: Vec<PageCookie>,
}

/// A cookie that changes a page when it holds `value` (a banner closed, say).
#[derive(Debug, Deserialize)]
struct PageCookie {
    name: String,
    value: String,
}

#[derive(Debug, Default, Deserialize)]
struct EveryPage {
    fetch: Vec<String>,
    /// The app's scripts every page needs beside the entry `index.html` names.
    #[serde(default)]
    modules: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Route {
    /// `/blog/{id}`: a `{name}` segment matches one segment of letters, digits, `-` and `_`.
    path: String,
    /// Values a `{name}` segment does not take (other pages' literal paths).
    #[serde(default)]
    except: Vec<String>,
    modules: Vec<String>,
    fetch: Vec<String>,
    /// The server renders the page from its reads (`crate::site::prerender`).
    #[serde(default)]
    render: bool,
    /// Where the page's largest picture is named.
    #[serde(rename = "lcpImage", default)]
    lcp_image: Option<LcpImage>,
}

/// The page's largest picture: named in one of its reads, shown with a `srcset` of the
/// picture and its thumbnail (`src/ui/Picture.tsx`).
#[derive(Debug, Deserialize)]
struct LcpImage {
    /// The read that names it.
    read: String,
    /// JSON pointers to the picture and its thumbnail in that read.
    src: String,
    thumbnail: Option<String>,
    /// The `sizes` its `<img>` declares, so the preload picks the same copy.
    sizes: Option<String>,
}

/// The widths `src/ui/Picture.tsx` declares for the thumbnail and the picture.
const THUMBNAIL_WIDTH: u32 = 480;
const FULL_WIDTH: u32 = 1200;

/// What a page's `<head>` gains.
#[derive(Debug, Default, PartialEq)]
pub struct Head {
    /// `<link>` tags (the page's largest picture).
    pub links: String,
    /// The scripts the page needs (the app's and its screen's), by URL.
    pub modules: Vec<String>,
    /// Reads written into the page, as a JSON object from URL to answer (escaped for a
    /// `<script>` element).
    pub data: Option<String>,
    /// The server renders the page from the reads written into it.
    pub render: bool,
}

impl Preloads {
    /// Reads `preloads.json` from the static dir; none (an older build) preloads nothing.
    pub fn load(static_dir: &Path) -> Self {
        let path = static_dir.join("preloads.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Self::default();
        };
        serde_json::from_str(&text).unwrap_or_else(|e| {
            tracing::warn!(path = %path.display(), "ignoring unreadable preloads: {e}");
            Self::default()
        })
    }

    /// The public page at `path`: the table's route and the path's parameters.
    fn route_of<'p>(&self, path: &'p str) -> Option<(&Route, Vec<(&str, &'p str)>)> {
        self.routes
            .iter()
            .find_map(|r| r.matches(path).map(|params| (r, params)))
    }

    /// The reads the page at `path` opens with, when the server renders it from them.
    pub fn rendered_from(&self, path: &str) -> Option<Vec<String>> {
        self.route_of(path)
            .filter(|(route, _)| route.render)
            .map(|route| self.reads(Some(&route)))
    }

    /// Every page's reads and `route`'s own.
    fn reads(&self, route: Option<&(&Route, Vec<(&str, &str)>)>) -> Vec<String> {
        let mut reads: Vec<String> = self.every_page.fetch.clone();
        if let Some((route, params)) = route {
            reads.extend(route.fetch.iter().map(|url| fill(url, params)));
        }
        reads
    }

    /// The cookies of a request's `Cookie` header that change a page, as `document.cookie`
    /// would list them: only those the table names, and only when they hold the value that
    /// changes the page, so a page has as few renderings as those cookies make, whatever a
    /// request carries.
    pub fn page_cookies(&self, header: Option<&str>) -> String {
        let given: Vec<(&str, &str)> = header
            .unwrap_or_default()
            .split(';')
            .filter_map(|pair| pair.trim().split_once('='))
            .collect();
        self.cookies
            .iter()
            .filter(|cookie| given.contains(&(cookie.name.as_str(), cookie.value.as_str())))
            .map(|cookie| format!("{}={}", cookie.name, cookie.value))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// What the page at `path` preloads; `cached` gives the cached answer to a read.
    pub fn head(&self, path: &str, cached: impl Fn(&str) -> Option<Bytes>) -> Head {
        let route = self.route_of(path);
        let reads = self.reads(route.as_ref());
        let mut head = Head {
            render: route.as_ref().is_some_and(|(route, _)| route.render),
            modules: self.every_page.modules.clone(),
            ..Head::default()
        };
        let data: Vec<(String, Bytes)> = reads
            .into_iter()
            .filter_map(|url| cached(&url).map(|body| (url, body)))
            .collect();
        if let Some((route, params)) = &route {
            if let Some(picture) = route.picture(params, &data) {
                head.links.push_str(&picture);
            }
            head.modules.extend(route.modules.iter().cloned());
        }
        if !data.is_empty() {
            head.data = Some(inline(&data));
        }
        head
    }
}

impl Head {
    /// The page's scripts as preload links, fetched beside the entry.
    pub fn module_links(&self) -> String {
        self.modules
            .iter()
            .map(|module| {
                format!(
                    "<link rel=\"modulepreload\" crossorigin href=\"{}\">",
                    attribute(module)
                )
            })
            .collect()
    }

    /// The page's scripts as a JSON list, safe inside `<script type="application/json">`:
    /// a page rendered on the server has its entry ask for them once the page is shown.
    pub fn module_list(&self) -> String {
        serde_json::Value::from(self.modules.clone())
            .to_string()
            .replace('<', "\\u003c")
    }
}

/// `{"url": answer, ...}`, safe inside `<script type="application/json">`: no `<` can
/// close the element (JSON allows `\u003c` wherever `<` may stand).
fn inline(data: &[(String, Bytes)]) -> String {
    let mut json = String::from("{");
    for (i, (url, body)) in data.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&serde_json::Value::String(url.clone()).to_string());
        json.push(':');
        json.push_str(&String::from_utf8_lossy(body));
    }
    json.push('}');
    json.replace('<', "\\u003c")
}

/// Text safe inside a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl Route {
    /// The preload of the page's largest picture, when the read that names it is at hand:
    /// paths on this site (uploads), never anything a member could point elsewhere.
    fn picture(&self, params: &[(&str, &str)], data: &[(String, Bytes)]) -> Option<String> {
        let image = self.lcp_image.as_ref()?;
        let read = fill(&image.read, params);
        let (_, body) = data.iter().find(|(url, _)| *url == read)?;
        let json: serde_json::Value = serde_json::from_slice(body).ok()?;
        let local = |pointer: &str| {
            json.pointer(pointer)
                .and_then(serde_json::Value::as_str)
                .filter(|p| p.starts_with('/') && !p.starts_with("//"))
                .map(attribute)
        };
        let src = local(&image.src)?;
        let choice = match (image.thumbnail.as_deref().and_then(local), &image.sizes) {
            (Some(thumbnail), Some(sizes)) => format!(
                " imagesrcset=\"{thumbnail} {THUMBNAIL_WIDTH}w, {src} {FULL_WIDTH}w\" imagesizes=\"{}\"",
                attribute(sizes)
            ),
            _ => String::new(),
        };
        Some(format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{src}\"{choice}>"
        ))
    }

    /// The parameters of `path` when it is this route's page.
    fn matches<'p>(&self, path: &'p str) -> Option<Vec<(&str, &'p str)>> {
        let wanted: Vec<&str> = self.path.split('/').collect();
        let given: Vec<&str> = path.trim_end_matches('/').split('/').collect();
        let given = if path == "/" { vec!["", ""] } else { given };
        if wanted.len() != given.len() {
            return None;
        }
        let mut params = Vec::new();
        for (want, got) in wanted.iter().zip(&given) {
            match want.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
                Some(name) => {
                    // Only plain slugs and ids reach the page's HTML: nothing to escape.
                    let plain = !got.is_empty()
                        && got
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                    if !plain || self.except.iter().any(|e| e == got) {
                        return None;
                    }
                    params.push((name, *got));
                }
                None if want == got => {}
                None => return None,
            }
        }
        Some(params)
    }
}

fn fill(url: &str, params: &[(&str, &str)]) -> String {
    params.iter().fold(url.to_owned(), |url, (name, value)| {
        url.replace(&format!("{{{name}}}"), value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Preloads {
        serde_json::from_value(serde_json::json!({
            "everyPage": { "fetch": ["/api/menus"], "modules": ["/assets/start.js"] },
            "routes": [
                { "path": "/", "modules": ["/assets/Home.js"], "fetch": ["/api/groups?perPage=3&ordering=-created_at"] },
                { "path": "/working-groups/list", "modules": ["/assets/List.js"], "fetch": [] },
                {
                    "path": "/working-groups/{slug}", "except": ["create", "list"],
                    "modules": ["/assets/Group.js"], "fetch": ["/api/groups/{slug}"],
                    "lcpImage": {
                        "read": "/api/groups/{slug}", "src": "/data/image",
                        "thumbnail": "/data/image_thumbnail", "sizes": "100vw"
                    }
                }
            ]
        }))
        .unwrap()
    }

    fn nothing_cached(_: &str) -> Option<Bytes> {
        None
    }

    #[test]
    fn a_page_depends_on_the_cookies_it_names_and_their_values_only() {
        let table: Preloads = serde_json::from_value(serde_json::json!({
            "everyPage": { "fetch": [] },
            "routes": [],
            "cookies": [
                { "name": "cookie_consent", "value": "true" },
                { "name": "top_banner", "value": "closed" }
            ]
        }))
        .unwrap();
        assert_eq!(table.page_cookies(None), "");
        assert_eq!(
            table.page_cookies(Some("top_banner=closed; session=abc; cookie_consent=true")),
            "cookie_consent=true; top_banner=closed"
        );
        // Another value, another cookie, or a name that only starts the same: no change.
        assert_eq!(
            table.page_cookies(Some(
                "cookie_consent=maybe;top_banner=closed;top_banner_x=closed"
            )),
            "top_banner=closed"
        );
        assert_eq!(table.page_cookies(Some("random=1; other=2")), "");
    }

    #[test]
    fn a_page_gets_the_app_and_its_screen_and_never_a_preloaded_read() {
        let head = table().head("/working-groups/heart-study", nothing_cached);
        let links = head.module_links();
        assert_eq!(
            links,
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/start.js\">\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/Group.js\">"
        );
        assert_eq!(
            head.module_list(),
            r#"["/assets/start.js","/assets/Group.js"]"#
        );
        // The browser would fetch a read without the member's token and answer the
        // member's own request with that visitor's version.
        assert!(!head.links.contains("as=\"fetch\""), "{}", head.links);
        let home = table().head("/", nothing_cached).module_links();
        assert!(home.contains("/assets/Home.js"));
        let list = table()
            .head("/working-groups/list", nothing_cached)
            .module_links();
        assert!(list.contains("/assets/List.js"));
    }

    #[test]
    fn a_listed_script_cannot_end_its_element() {
        let head = Head {
            modules: vec!["/assets/a</script><script>.js".to_owned()],
            ..Head::default()
        };
        assert!(!head.module_list().contains('<'), "{}", head.module_list());
        assert!(!head.module_links().contains("</script>"));
    }

    #[test]
    fn other_pages_and_odd_paths_get_the_app_and_no_screen() {
        for path in [
            "/working-groups/create",
            "/working-groups/a\"><script>",
            "/working-groups/x/y",
            "/dashboard",
        ] {
            let head = table().head(path, nothing_cached);
            assert_eq!(head.modules, ["/assets/start.js"], "{path}");
            assert!(head.links.is_empty(), "{path}: {}", head.links);
        }
    }

    #[test]
    fn cached_reads_are_written_in_and_name_the_picture() {
        let group = br#"{"data":{"title":"</script><script>alert(1)</script>","image":"/media/groups/1/a.jpg","image_thumbnail":"/media/groups/1/a-thumb.jpg"}}"#;
        let head = table().head("/working-groups/heart-study", |url| {
            (url == "/api/groups/heart-study").then(|| Bytes::from_static(group))
        });
        assert!(head.links.contains(
            "as=\"image\" fetchpriority=\"high\" href=\"/media/groups/1/a.jpg\" \
             imagesrcset=\"/media/groups/1/a-thumb.jpg 480w, /media/groups/1/a.jpg 1200w\" imagesizes=\"100vw\""
        ));
        let data = head.data.unwrap();
        assert!(!data.contains('<'), "{data}");
        let parsed: serde_json::Value = serde_json::from_str(&data).unwrap();
        assert_eq!(
            parsed["/api/groups/heart-study"]["data"]["title"],
            "</script><script>alert(1)</script>"
        );
    }

    #[test]
    fn pictures_elsewhere_are_not_preloaded() {
        let group = br#"{"data":{"image":"//evil.example/a.jpg"}}"#;
        let head = table().head("/working-groups/heart-study", |_| {
            Some(Bytes::from_static(group))
        });
        assert!(!head.links.contains("as=\"image\""));
    }

    #[test]
    fn no_table_no_links() {
        assert_eq!(
            Preloads::load(Path::new("/no/such/dir")).head("/", nothing_cached),
            Head::default()
        );
    }
}
