//! Hot public reads: what a visitor (no `Authorization`) reads of the public lists and
//! details is answered from memory once it has been read, with an `ETag` so a browser
//! that has it gets a 304. Any write through the API, or any domain event, makes every
//! entry stale at once, on this instance and, through the live channel's Redis, on the
//! others; a short lifetime bounds what a change made outside the API could leave.
//!
//! Invalidating everything on any write is deliberate: a reply changes its topic, the
//! group's comment count in every list ordering and the landing page's cards, and a
//! rule that tried to follow each of those would one day miss one.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use std::time::{Duration, Instant};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use sha2::{Digest, Sha256};

use crate::http::compression;

/// The signal, on the live channel, that cached reads are stale.
pub const STALE: &str = "public-reads-stale";

/// Reads a visitor's answer is the same for every visitor: lists and details of public
/// content. Nothing here depends on anything but the URL and the database.
pub const CACHED_PREFIXES: &[&str] = &[
    "/api/groups",
    "/api/discussion/",
    "/api/blog/",
    "/api/projects",
    "/api/needs",
    "/api/expert-lectures",
    "/api/pages/",
    "/api/menus",
    "/api/banners/",
    "/api/fe-style",
    "/api/tags",
    "/api/profile/",
];
/// How long an entry may be served at most (file links in it stay valid far longer).
const LIFETIME: Duration = Duration::from_secs(60);
/// Entries kept at most; the oldest go first.
const MAX_ENTRIES: usize = 4096;
/// Largest body kept.
const MAX_BODY: usize = 512 * 1024;
/// How long a page waits for the reads it asks of its own instance.
const FILL_TIMEOUT: Duration = Duration::from_secs(2);

/// One stored answer, and its compressed copies once a browser has asked for them.
pub struct Entry {
    pub body: Bytes,
    pub etag: String,
    stored: Instant,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Entry {
    /// The body as the request accepts it (compressed once, then kept), and how.
    fn encoded(&self, req: &actix_web::HttpRequest) -> (Bytes, ContentEncoding) {
        if (self.body.len() as u64) < compression::MIN_BYTES {
            return (self.body.clone(), ContentEncoding::Identity);
        }
        let encoding = compression::negotiate(req);
        let slot = match encoding {
            ContentEncoding::Brotli => &self.brotli,
            ContentEncoding::Gzip => &self.gzip,
            _ => return (self.body.clone(), ContentEncoding::Identity),
        };
        let body =
            slot.get_or_init(|| compression::encode(&self.body, encoding, compression::KEPT));
        (body.clone(), encoding)
    }
}

#[derive(Default)]
struct Store {
    entries: HashMap<String, Arc<Entry>>,
    order: VecDeque<String>,
}

/// The cache, shared by every worker of this instance.
#[derive(Default)]
pub struct PublicReads {
    store: RwLock<Store>,
    /// Bumped by every invalidation; an answer read before one is not stored after it.
    generation: AtomicU64,
    /// Where this instance answers, to read for itself what a page needs (see [`Self::fill`]).
    own: OnceLock<(SocketAddr, reqwest::Client)>,
}

impl PublicReads {
    /// The fresh entry for `url` (path and query), if any.
    pub fn get(&self, url: &str) -> Option<Arc<Entry>> {
        let store = self.store.read().unwrap_or_else(|p| p.into_inner());
        store
            .entries
            .get(url)
            .filter(|e| e.stored.elapsed() < LIFETIME)
            .cloned()
    }

    fn put(&self, url: String, body: Bytes, generation: u64) -> Arc<Entry> {
        let entry = Arc::new(Entry {
            etag: etag_of(&body),
            body,
            stored: Instant::now(),
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
        });
        let mut store = self.store.write().unwrap_or_else(|p| p.into_inner());
        // Read before the last invalidation: it may already be stale.
        if generation == self.generation.load(Ordering::SeqCst) && entry.body.len() <= MAX_BODY {
            if store.entries.insert(url.clone(), entry.clone()).is_none() {
                store.order.push_back(url);
            }
            while store.order.len() > MAX_ENTRIES {
                if let Some(oldest) = store.order.pop_front() {
                    store.entries.remove(&oldest);
                }
            }
        }
        entry
    }

    /// Tells the cache where this instance answers (its listener's address).
    pub fn answering_at(&self, address: SocketAddr) {
        let host = match address.ip() {
            ip if ip.is_unspecified() && ip.is_ipv4() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            ip if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        let client = reqwest::Client::builder()
            .timeout(FILL_TIMEOUT)
            .no_proxy()
            .build();
        if let Ok(client) = client {
            let _ = self
                .own
                .set((SocketAddr::new(host, address.port()), client));
        }
    }

    /// Reads for itself, as a visitor, those of `urls` it does not hold, so a page that
    /// opens with them can be written with them (for a crawler's first visit too): their
    /// answers, by address. (They are cached too, unless a write made them stale meanwhile,
    /// which is why they are handed back rather than looked up again.) A read that fails or
    /// is not public stays out, as it would for any visitor.
    pub async fn fill(&self, urls: &[String]) -> HashMap<String, Bytes> {
        let Some((address, client)) = self.own.get() else {
            return HashMap::new();
        };
        let missing = urls.iter().filter(|url| self.get(url).is_none());
        let read = futures_util::future::join_all(missing.map(|url| async move {
            let response = client
                .get(format!("http://{address}{url}"))
                .send()
                .await
                .ok()
                .filter(|r| r.status() == reqwest::StatusCode::OK)?;
            Some((url.clone(), response.bytes().await.ok()?))
        }))
        .await;
        read.into_iter().flatten().collect()
    }

    /// Forgets every entry (something public may have changed).
    pub fn invalidate(&self) {
        let mut store = self.store.write().unwrap_or_else(|p| p.into_inner());
        self.generation.fetch_add(1, Ordering::SeqCst);
        store.entries.clear();
        store.order.clear();
    }
}

fn etag_of(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// The cache key of a request, when its answer may come from the cache.
fn cacheable(req: &ServiceRequest) -> Option<String> {
    let anonymous = !req.headers().contains_key(header::AUTHORIZATION);
    let path = req.path();
    let public = CACHED_PREFIXES.iter().any(|p| path.starts_with(p));
    (req.method() == Method::GET && anonymous && public).then(|| match req.query_string() {
        "" => path.to_owned(),
        query => format!("{path}?{query}"),
    })
}

fn writes(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The answer to a cached read: 304 when the browser holds this version.
fn answer(req: &actix_web::HttpRequest, entry: &Entry) -> HttpResponse {
    let holds = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|t| t.trim() == entry.etag || t.trim() == "*")
        });
    let mut res = if holds {
        HttpResponse::NotModified().finish()
    } else {
        let (body, encoding) = entry.encoded(req);
        let mut ok = HttpResponse::Ok();
        ok.content_type("application/json");
        if encoding != ContentEncoding::Identity {
            ok.insert_header((header::CONTENT_ENCODING, encoding.to_header_value()));
        }
        ok.body(body)
    };
    let headers = res.headers_mut();
    if let Ok(etag) = HeaderValue::from_str(&entry.etag) {
        headers.insert(header::ETAG, etag);
    }
    // Browsers keep it but ask again each time (the ETag makes that cheap); a signed-in
    // member's answer differs, so shared caches keep them apart.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, no-cache"),
    );
    headers.insert(
        header::VARY,
        HeaderValue::from_static("Authorization, Accept-Encoding"),
    );
    res
}

pub async fn serve(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(cache) = req.app_data::<web::Data<PublicReads>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    if writes(req.method()) && req.path().starts_with("/api/") {
        let res = next.call(req).await?;
        if let Some(hub) = res.request().app_data::<web::Data<feed::live::Hub>>() {
            hub.signal(STALE).await;
        } else {
            cache.invalidate();
        }
        return Ok(res.map_into_boxed_body());
    }
    let Some(key) = cacheable(&req) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    if let Some(entry) = cache.get(&key) {
        let (http, _) = req.into_parts();
        let res = answer(&http, &entry);
        return Ok(ServiceResponse::new(http, res));
    }
    let generation = cache.generation.load(Ordering::SeqCst);
    let res = next.call(req).await?;
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if res.status() != StatusCode::OK || !is_json {
        return Ok(res.map_into_boxed_body());
    }
    let (http, res) = res.into_parts();
    let body = actix_web::body::to_bytes_limited(res.into_body(), MAX_BODY * 4)
        .await
        .map_err(|_| actix_web::error::ErrorPayloadTooLarge("answer too large"))?
        .map_err(|_| actix_web::error::ErrorInternalServerError("answer unreadable"))?;
    let entry = cache.put(key, body, generation);
    let res = answer(&http, &entry);
    Ok(ServiceResponse::new(http, res))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalidation_forgets_and_refuses_answers_read_before_it() {
        let cache = PublicReads::default();
        let before = cache.generation.load(Ordering::SeqCst);
        cache.put("/api/groups".into(), Bytes::from_static(b"[1]"), before);
        assert!(cache.get("/api/groups").is_some());
        cache.invalidate();
        assert!(cache.get("/api/groups").is_none());
        // A read that started before the invalidation is not kept.
        cache.put("/api/groups".into(), Bytes::from_static(b"[1]"), before);
        assert!(cache.get("/api/groups").is_none());
    }

    #[test]
    fn the_oldest_entries_make_room() {
        let cache = PublicReads::default();
        for i in 0..=MAX_ENTRIES {
            cache.put(format!("/api/groups/{i}"), Bytes::from_static(b"{}"), 0);
        }
        assert!(cache.get("/api/groups/0").is_none());
        assert!(cache.get(&format!("/api/groups/{MAX_ENTRIES}")).is_some());
    }

    #[test]
    fn etags_follow_the_body() {
        assert_eq!(etag_of(b"a"), etag_of(b"a"));
        assert_ne!(etag_of(b"a"), etag_of(b"b"));
    }
}
