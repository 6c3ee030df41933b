//! Structured logging. `RUST_LOG` filters (default `info`); `COHORT_LOG_FORMAT=json`
//! switches to one JSON object per line for log shippers.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// Installs the global subscriber, writing to standard output; a second call (as in tests)
/// is a no-op.
pub fn init(json: bool) {
    init_writing_to(json, std::io::stdout);
}

/// [`init`], the lines going to `writer` (a test reads what was logged).
pub fn init_writing_to<W>(json: bool, writer: W)
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_target(false);
    let _already_set = if json {
        builder.json().flatten_event(true).try_init()
    } else {
        builder.compact().try_init()
    };
}
