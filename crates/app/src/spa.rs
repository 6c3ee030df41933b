//! Serving the built React app: files from the static dir, `index.html` for every
//! other non-API path so client-side routes survive a reload.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use actix_web::{HttpResponse, web};

/// Registers the front end at `/`; call after every other service.
pub fn configure(static_dir: &Path) -> impl FnOnce(&mut web::ServiceConfig) + use<> {
    let dir = static_dir.to_path_buf();
    move |cfg: &mut web::ServiceConfig| {
        let index = dir.join("index.html");
        if !index.is_file() {
            tracing::warn!(dir = %dir.display(), "front end not built; run `just build`");
            cfg.default_service(web::to(not_built));
            return;
        }
        cfg.service(
            Files::new("/", &dir)
                .index_file("index.html")
                .default_handler(fn_service(move |req: ServiceRequest| {
                    let index = index.clone();
                    async move { serve_index(req, index).await }
                })),
        );
    }
}

async fn serve_index(req: ServiceRequest, index: PathBuf) -> actix_web::Result<ServiceResponse> {
    let (req, _) = req.into_parts();
    let res = NamedFile::open_async(&index).await?.into_response(&req);
    Ok(ServiceResponse::new(req, res))
}

async fn not_built() -> HttpResponse {
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .body("The Cohort front end has not been built. Run `just build` (or `just run`).")
}

/// Caching of the front end: Vite's assets carry a content hash, so they are kept for
/// a year; the HTML shell is revalidated on every load so a deploy reaches users.
pub fn cache_headers<B>(res: &mut ServiceResponse<B>) {
    if !res.status().is_success() || res.request().path().starts_with("/api") {
        return;
    }
    let is_html = res
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let policy = if res.request().path().starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if is_html {
        "no-cache"
    } else {
        return;
    };
    res.headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static(policy));
}
