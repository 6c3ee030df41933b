//! The span every request is logged under. It names the path but never the query string:
//! links carry tokens there (a mailed reset link, a live-channel ticket), and a log line is
//! no place for a secret.

use actix_web::Error;
use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::web;
use kernel::AppContext;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

pub struct PathOnly;

impl RootSpanBuilder for PathOnly {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map(ToString::to_string)
            .unwrap_or_default();
        let route = request.match_pattern().unwrap_or_else(|| "default".into());
        // The address the rate limits key on: forwarding headers count from trusted proxies only.
        let client = request
            .app_data::<web::Data<AppContext>>()
            .and_then(|ctx| ctx.rate_limits.client_of(request.request()))
            .map(|ip| ip.to_string())
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %route,
            http.target = %request.path(),
            http.client_ip = %client,
            request_id = %request_id,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}
