//! What wraps every request: the error envelope, compression, `HEAD`, security headers,
//! the request's span and access line, the staff gate, statement counts and metrics.

pub(crate) mod compression;
pub(crate) mod envelope;
pub(crate) mod methods;
pub(crate) mod metrics;
pub(crate) mod request_span;
pub(crate) mod security_headers;
pub(crate) mod staff_gate;
pub mod statements;
