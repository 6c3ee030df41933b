//! The span every request is logged under. It names the path but never the query string:
//! links carry tokens there (a mailed reset link, a live-channel ticket), and a log line is
//! no place for a secret. Nor for personal data beyond user ids: the client's address is
//! logged as a pseudonym, the same for one address while the process runs (enough to follow
//! one client through the log), never the address itself.

use actix_web::Error;
use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::web;
use kernel::AppContext;
use sha2::{Digest, Sha256};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

pub struct PathOnly;

/// When the request arrived, for its access line's latency.
#[derive(Clone, Copy)]
struct Arrived(std::time::Instant);

impl RootSpanBuilder for PathOnly {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map(ToString::to_string)
            .unwrap_or_default();
        request
            .extensions_mut()
            .insert(Arrived(std::time::Instant::now()));
        let route = request.match_pattern().unwrap_or_else(|| "default".into());
        // The address the rate limits key on: forwarding headers count from trusted proxies only.
        let client = request
            .app_data::<web::Data<AppContext>>()
            .and_then(|ctx| ctx.rate_limits.client_of(request.request()))
            .map(pseudonym)
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %request.path(),
            client = %client,
            request_id = %request_id,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        if let Ok(response) = outcome {
            access_line(&span, response);
        }
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// One line per request at info, inside the request's span (its method, route, path, client
/// and id): the status, how long it took and who asked (a user id, or none for a visitor).
fn access_line<B>(span: &Span, response: &ServiceResponse<B>) {
    let extensions = response.request().extensions();
    let latency_ms = extensions
        .get::<Arrived>()
        .map(|arrived| arrived.0.elapsed().as_secs_f64() * 1000.0)
        .unwrap_or_default();
    let user_id = extensions
        .get::<kernel::auth::CurrentUser>()
        .map(|user| user.id);
    tracing::info!(
        parent: span,
        status = response.status().as_u16(),
        latency_ms = (latency_ms * 10.0).round() / 10.0,
        user_id,
        "request"
    );
}

/// A short name for `address` that cannot be turned back into it: a digest keyed by a
/// random value this process drew at its start.
fn pseudonym(address: std::net::IpAddr) -> String {
    static KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    // 128 random bits.
    let key = KEY.get_or_init(kernel::storage::unique_name);
    let digest = Sha256::new()
        .chain_update(key)
        .chain_update(address.to_string())
        .finalize();
    digest[..6].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::pseudonym;

    #[test]
    fn one_address_one_pseudonym_which_is_not_the_address() {
        let a = "203.0.113.7".parse().unwrap();
        let b = "203.0.113.8".parse().unwrap();
        assert_eq!(pseudonym(a), pseudonym(a));
        assert_ne!(pseudonym(a), pseudonym(b));
        // Twelve hex digits: it cannot carry a dotted (or colon-separated) address. (A
        // check for "203" failed one run in about four hundred, when the hash held it.)
        let shown = pseudonym(a);
        assert_eq!(shown.len(), 12);
        assert!(shown.chars().all(|c| c.is_ascii_hexdigit()), "{shown}");
    }
}
