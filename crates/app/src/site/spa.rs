//! Serving the built React app: files from the static dir, `index.html` for every
//! other non-API path so client-side routes survive a reload, with the preload links of
//! the page asked for ([`Preloads`]). The build leaves brotli
//! and gzip copies beside each script and stylesheet (`app.js.br`, `app.js.gz`); the
//! browser gets the smallest it accepts, never compressed again per request.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, ContentEncoding, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use kernel::AppContext;

use crate::http::compression;
use crate::site::known_paths::KnownPaths;
use crate::site::page_head::{self, Defaults};
use crate::site::preloads::Preloads;
use crate::site::prerender::{self, Prerender, Rendered};
use crate::site::public_reads::PublicReads;

/// Where Vite puts hashed assets, under the static dir and in URLs.
const ASSETS: &str = "assets";
/// The element the app reads the page's written-in reads from (`src/lib/preloaded.ts`).
const PRELOADED_ID: &str = "cohort-preloaded";

/// The element the app reads the server's rendering's reads from (`src/lib/server-rendered.ts`).
const RENDERED_ID: &str = "cohort-rendered";
/// The element a rendered page lists its scripts in (`src/lib/first-view.ts`).
const MODULES_ID: &str = "cohort-modules";
/// The element the app renders into, as `index.html` opens it.
const ROOT_OPEN: &str = "<div id=\"root\">";

/// `index.html`, split where a page's preload links go.
struct Page {
    head: String,
    /// `head` for a page rendered on the server: its scripts fetched at low priority.
    rendered_head: String,
    tail: String,
    /// Where `tail` holds what `#root` opens with (the bar painted before any script),
    /// which a page rendered on the server replaces.
    root: Option<(usize, usize)>,
    preloads: Preloads,
    prerender: Option<Prerender>,
    paths: Option<KnownPaths>,
    defaults: Defaults,
    built: Option<SystemTime>,
}

impl Page {
    fn load(dir: &Path, public_url: &str) -> std::io::Result<Self> {
        let index = dir.join("index.html");
        let built = std::fs::metadata(&index)?.modified().ok();
        let mut html = std::fs::read_to_string(&index)?;
        let defaults = page_head::take_defaults(&mut html);
        let at = html.find("</head>").unwrap_or(0);
        let tail = html[at..].to_owned();
        Ok(Self {
            head: html[..at].to_owned(),
            rendered_head: prerender::scripts_at_low_priority(&html[..at]),
            root: root_of(&tail),
            tail,
            preloads: Preloads::load(dir),
            prerender: Prerender::load(dir, public_url),
            paths: KnownPaths::load(dir),
            defaults,
            built,
        })
    }
}

/// The page every front-end route is served, read again when the front end is rebuilt
/// while the server runs (its scripts' names change with every build).
pub struct Shell {
    dir: PathBuf,
    public_url: String,
    page: RwLock<Arc<Page>>,
}

impl Shell {
    fn load(dir: &Path, public_url: &str) -> std::io::Result<Self> {
        Ok(Self {
            dir: dir.to_path_buf(),
            public_url: public_url.to_owned(),
            page: RwLock::new(Arc::new(Page::load(dir, public_url)?)),
        })
    }

    fn current(&self) -> Arc<Page> {
        let page = self
            .page
            .read()
            .map(|p| p.clone())
            .unwrap_or_else(|p| p.into_inner().clone());
        let built = std::fs::metadata(self.dir.join("index.html"))
            .and_then(|m| m.modified())
            .ok();
        if built == page.built {
            return page;
        }
        match Page::load(&self.dir, &self.public_url) {
            Ok(fresh) => {
                let fresh = Arc::new(fresh);
                if let Ok(mut slot) = self.page.write() {
                    *slot = fresh.clone();
                }
                fresh
            }
            Err(_) => page,
        }
    }

    /// The page at `path`: 404 when it is none of the router's pages or its record is not
    /// there for a visitor (the app still shows its "Page not found").
    async fn respond(
        &self,
        req: &HttpRequest,
        ctx: &AppContext,
        reads: &PublicReads,
    ) -> HttpResponse {
        let path = req.path();
        // The server renders a page from its path alone: one with a query (a list's second
        // page, a search) is built by script.
        let renderable = req.query_string().is_empty();
        let page = self.current();
        let screen = page
            .paths
            .as_ref()
            .is_none_or(|paths| paths.is_screen(path));
        let record = if screen {
            None
        } else {
            page_head::record(ctx, path).await
        };
        let known = page.paths.as_ref().is_none_or(|paths| paths.contains(path));
        let not_found = !known || matches!(record, Some(None));
        // A page the server renders is written with its reads, read now if need be (a
        // crawler's first visit finds the page whole).
        let filled = match page
            .preloads
            .rendered_from(path)
            .filter(|_| page.prerender.is_some() && renderable && !not_found)
        {
            Some(wanted) => reads.fill(&wanted).await,
            None => Default::default(),
        };
        let tags = page_head::tags(
            &ctx.config.public_url,
            &page.defaults,
            path,
            record.flatten().as_ref(),
            not_found,
        );
        let head = page.preloads.head(path, |url| {
            reads
                .get(url)
                .map(|entry| entry.body.clone())
                .or_else(|| filled.get(url).cloned())
        });
        let rendered = match (&page.prerender, &head.data, page.root) {
            (Some(prerender), Some(reads), Some(_)) if head.render && renderable && !not_found => {
                let cookies = req
                    .headers()
                    .get(actix_web::http::header::COOKIE)
                    .and_then(|v| v.to_str().ok());
                prerender
                    .page(path, reads, &page.preloads.page_cookies(cookies))
                    .await
            }
            _ => None,
        };
        let mut res = if not_found {
            HttpResponse::NotFound()
        } else {
            HttpResponse::Ok()
        };
        let body = match (rendered, page.root) {
            (Some(rendered), Some((from, to))) => format!(
                "{}{tags}{}<script type=\"application/json\" id=\"{MODULES_ID}\">{}</script>{}{}{}{}{}",
                page.rendered_head,
                head.links,
                head.module_list(),
                prerender::style_tag(&rendered),
                state_script(&rendered),
                &page.tail[..from],
                rendered.html,
                &page.tail[to..]
            ),
            _ => {
                let data = head.data.as_ref().map_or_else(String::new, |json| {
                    format!(
                        "<script type=\"application/json\" id=\"{PRELOADED_ID}\">{json}</script>"
                    )
                });
                format!(
                    "{}{tags}{}{}{data}{}",
                    page.head,
                    head.links,
                    head.module_links(),
                    page.tail
                )
            }
        };
        res.content_type("text/html; charset=utf-8").body(body)
    }
}

/// Where `#root`'s content is in the page's tail: from its opening tag to its closing one
/// (what `index.html` puts there holds no `<div>` of its own).
fn root_of(tail: &str) -> Option<(usize, usize)> {
    let from = tail.find(ROOT_OPEN)? + ROOT_OPEN.len();
    let to = from + tail[from..].find("</div>")?;
    Some((from, to))
}

/// The reads a rendering came from, for the browser's query cache: no `<` can close the
/// element (JSON allows `\u003c` wherever `<` may stand).
fn state_script(rendered: &Rendered) -> String {
    let json = rendered.state.to_string().replace('<', "\\u003c");
    format!("<script type=\"application/json\" id=\"{RENDERED_ID}\">{json}</script>")
}

/// The built front end, loaded once and shared by every worker (one page-rendering engine
/// for the instance); none when it is not built.
#[derive(Clone)]
pub struct Site(Option<Arc<Shell>>);

impl Site {
    /// Loads the front end in `static_dir`, for the site at `public_url`, and starts its
    /// page-rendering engine, so the first visitor after a start gets a rendered page.
    pub fn load(static_dir: &Path, public_url: &str) -> Self {
        match Shell::load(static_dir, public_url) {
            Ok(shell) => {
                if let Some(prerender) = &shell.current().prerender {
                    prerender.start();
                }
                Self(Some(Arc::new(shell)))
            }
            Err(_) => {
                tracing::warn!(dir = %static_dir.display(), "front end not built; run `just build`");
                Self(None)
            }
        }
    }
}

/// Registers the front end at `/`; call after every other service.
pub fn configure(
    site: &Site,
    ctx: web::Data<AppContext>,
    reads: web::Data<PublicReads>,
) -> impl FnOnce(&mut web::ServiceConfig) + use<> {
    let shell = site.0.clone();
    move |cfg: &mut web::ServiceConfig| {
        let Some(shell) = shell else {
            cfg.default_service(web::to(not_built));
            return;
        };
        let assets = shell.dir.join(ASSETS);
        cfg.route(
            &format!("/{ASSETS}/{{file}}"),
            web::get().to(move |req: HttpRequest| {
                let assets = assets.clone();
                async move { asset(&req, &assets).await }
            }),
        );
        let (home, home_ctx, home_reads) = (shell.clone(), ctx.clone(), reads.clone());
        cfg.route(
            "/",
            web::get().to(move |req: HttpRequest| {
                let (home, ctx, reads) = (home.clone(), home_ctx.clone(), home_reads.clone());
                async move { home.respond(&req, &ctx, &reads).await }
            }),
        );
        let dir = shell.dir.clone();
        cfg.service(Files::new("/", &dir).default_handler(fn_service(
            move |req: ServiceRequest| {
                let (shell, ctx, reads) = (shell.clone(), ctx.clone(), reads.clone());
                async move {
                    let (req, _) = req.into_parts();
                    let page = shell.respond(&req, &ctx, &reads).await;
                    Ok(ServiceResponse::new(req, page))
                }
            },
        )));
    }
}

/// One hashed asset, as the precompressed copy the request accepts when there is one.
async fn asset(req: &HttpRequest, assets: &Path) -> actix_web::Result<HttpResponse> {
    let name = req.match_info().query("file");
    if name.starts_with('.') || name.contains(['/', '\\']) {
        return Ok(HttpResponse::NotFound().finish());
    }
    let original = assets.join(name);
    if !original.is_file() {
        return Ok(HttpResponse::NotFound().finish());
    }
    let extension = original
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let mime = actix_files::file_extension_to_mime(extension);
    let encoding = compression::negotiate(req);
    let precompressed = match encoding {
        ContentEncoding::Brotli => Some("br"),
        ContentEncoding::Gzip => Some("gz"),
        _ => None,
    }
    .map(|suffix| assets.join(format!("{name}.{suffix}")))
    .filter(|path| path.is_file());
    let mut res = match precompressed {
        Some(path) => NamedFile::open_async(path)
            .await?
            .set_content_type(mime)
            .set_content_encoding(encoding)
            .into_response(req),
        None => NamedFile::open_async(&original).await?.into_response(req),
    };
    if compression::is_compressible(res.headers()) {
        compression::vary_on_encoding(res.headers_mut());
    }
    Ok(res)
}

async fn not_built() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .body("The Cohort front end has not been built. Run `just build` (or `just run`).")
}

/// Caching of every answer. The API's are never stored (a member's data must not stay in
/// a shared or disk cache), except the hot public reads, which say so themselves. Vite's
/// assets carry a content hash, so they are kept for a year; the HTML shell is revalidated
/// on every load so a deploy reaches users.
pub fn cache_headers<B>(res: &mut ServiceResponse<B>) {
    if res.request().path().starts_with("/api") {
        if !res.headers().contains_key(CACHE_CONTROL) {
            res.headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        }
        return;
    }
    if !res.status().is_success() {
        return;
    }
    let is_html = res
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let path = res.request().path();
    let policy = if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if path.starts_with("/fonts/") {
        // Not renamed per build, but replaced only with a new name: kept for a week.
        "public, max-age=604800"
    } else if is_html {
        "no-cache"
    } else {
        return;
    };
    res.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(policy));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_s_opening_content_is_what_a_rendered_page_replaces() {
        let tail = "</head><body><div id=\"root\"><header class=\"boot-bar\"><a href=\"/\">Cohort</a></header></div><script src=\"/a.js\"></script></body></html>";
        let (from, to) = root_of(tail).unwrap();
        assert_eq!(
            &tail[from..to],
            "<header class=\"boot-bar\"><a href=\"/\">Cohort</a></header>"
        );
        assert_eq!(
            format!("{}<main>page</main>{}", &tail[..from], &tail[to..]),
            "</head><body><div id=\"root\"><main>page</main></div><script src=\"/a.js\"></script></body></html>"
        );
        assert_eq!(root_of("<body><div id=\"app\"></div></body>"), None);
    }
}
