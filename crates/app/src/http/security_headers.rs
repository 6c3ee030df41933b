//! Headers every response carries so a browser holds the site to what it is: no script
//! but our own bundles, no framing by other sites, no type sniffing, frames only from the
//! embeds the product uses, and uploaded files never rendered as pages.

use actix_web::dev::ServiceResponse;
use actix_web::http::header::{
    CONTENT_DISPOSITION, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HeaderName, HeaderValue,
    REFERRER_POLICY, STRICT_TRANSPORT_SECURITY, X_CONTENT_TYPE_OPTIONS,
};
use kernel::config::{Config, Payments};

/// The header values, computed once from the configuration.
#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
    hsts: Option<HeaderValue>,
}

/// Uploaded files may be shown, never run: no script, no plugin, no navigation; framed by
/// no one.
const MEDIA_CSP: &str = "default-src 'none'; img-src 'self'; media-src 'self'; \
     style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
/// Pictures and videos may also be framed by our own pages (a page's embedded viewer).
const SHOWN_MEDIA_CSP: &str = "default-src 'none'; img-src 'self'; media-src 'self'; \
     style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";
const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

impl SecurityHeaders {
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        // The live channel is a WebSocket on our own origin.
        let socket = config
            .public_url
            .replacen("https://", "wss://", 1)
            .replacen("http://", "ws://", 1);
        let mut frames = config.embed_origins.clone();
        let mut scripts = vec!["'self'".to_owned()];
        let mut connects = vec!["'self'".to_owned(), socket];
        // With Stripe, cards are entered in Stripe.js, which loads, draws its frames and
        // calls its API from Stripe's origins (the card never touches ours).
        if let Payments::Stripe(keys) = &config.payments {
            let stripe = keys.browser_origins();
            scripts.push(stripe.script);
            frames.extend(stripe.frames);
            connects.push(stripe.connect);
        }
        let (scripts, connects, frames) = (scripts.join(" "), connects.join(" "), frames.join(" "));
        let csp = format!(
            "default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob: https:; media-src 'self' blob:; font-src 'self' data:; \
             connect-src {connects}; frame-src 'self' {frames}; object-src 'none'; \
             base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        );
        let hsts = config
            .public_url
            .starts_with("https://")
            .then(|| HeaderValue::from_static("max-age=31536000; includeSubDomains"));
        Ok(Self {
            csp: HeaderValue::from_str(&csp)?,
            hsts,
        })
    }

    /// Adds the headers to `res`; `media_prefixes` name where uploads are served.
    pub fn apply<B>(&self, res: &mut ServiceResponse<B>, media_prefixes: &[&str]) {
        let path = res.request().path();
        let is_media = media_prefixes.iter().any(|prefix| path.starts_with(prefix));
        // Swagger UI's page is not ours to hold to our script policy.
        let is_docs = path.starts_with("/api/docs");
        // Pictures and videos show in the page (a lecture's video plays in a frame); SVG
        // can carry script, so it never counts as a picture here.
        let shown_inline = res
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                (v.starts_with("image/") && !v.starts_with("image/svg"))
                    || v.starts_with("video/")
                    || v.starts_with("audio/")
            });
        let headers = res.headers_mut();
        headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        headers.insert(
            REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        );
        headers.insert(
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static(PERMISSIONS_POLICY),
        );
        headers.insert(
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        );
        // Only our own pages frame our pictures and videos; nothing else is framed.
        let framing = if is_media && shown_inline {
            "SAMEORIGIN"
        } else {
            "DENY"
        };
        headers.insert(
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static(framing),
        );
        if let Some(hsts) = &self.hsts {
            headers.insert(STRICT_TRANSPORT_SECURITY, hsts.clone());
        }
        if is_media && shown_inline {
            headers.insert(
                CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(SHOWN_MEDIA_CSP),
            );
        } else if is_media {
            headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(MEDIA_CSP));
            // Anything else (documents, pages) downloads instead of opening as a page of
            // this origin.
            headers.insert(CONTENT_DISPOSITION, HeaderValue::from_static("attachment"));
        } else if !is_docs {
            headers.insert(CONTENT_SECURITY_POLICY, self.csp.clone());
        }
    }
}
