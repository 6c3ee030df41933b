//! Structured logging. `RUST_LOG` filters (default `info`); `COHORT_LOG_FORMAT=json`
//! switches to one JSON object per line for log shippers.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber; a second call (as in tests) is a no-op.
pub fn init(json: bool) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    let _already_set = if json {
        builder.json().flatten_event(true).try_init()
    } else {
        builder.compact().try_init()
    };
}
