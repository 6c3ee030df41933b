//! The process's metrics, for Prometheus: requests by route template and status with their
//! latency, background job runs and failures, the gauges read when scraped (database pool,
//! mail outbox, live connections), the process's own series (CPU, memory, files) and which
//! build this is. One registry per process; every part of the app records into it, and
//! `GET /metrics` renders it in the OpenMetrics text format.

mod process;

use std::sync::LazyLock;
use std::sync::atomic::AtomicU64;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry;

/// The media type of the rendered metrics.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The route label of a request that matched no route (the front end's pages, unknown
/// paths): one label for all, so made-up paths cannot grow the series without bound.
pub const OTHER_ROUTE: &str = "other";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: String,
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct JobLabels {
    job: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    state: String,
}

/// Work waiting in an outbox: how much, and the age in seconds of the oldest (0 when none).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Backlog {
    pub waiting: i64,
    pub oldest_seconds: i64,
}

/// What is read at scrape time, from the parts that know it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    /// Open database connections, and how many of them are idle.
    pub pool_open: i64,
    pub pool_idle: i64,
    /// E-mails waiting in the outbox.
    pub mail: Backlog,
    /// Webhook deliveries waiting for their (next) attempt.
    pub webhooks: Backlog,
    /// Live notification sockets open on this instance.
    pub live_connections: i64,
}

struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    job_runs: Family<JobLabels, Counter>,
    job_failures: Family<JobLabels, Counter>,
    pool: Family<PoolLabels, Gauge>,
    outbox_depth: Gauge,
    outbox_oldest: Gauge,
    webhooks_waiting: Gauge,
    webhooks_oldest: Gauge,
    live_connections: Gauge,
    process: ProcessSeries,
}

/// The process's own series, set from `/proc/self` when scraped.
#[derive(Default)]
struct ProcessSeries {
    cpu_seconds: Counter<f64, AtomicU64>,
    resident_bytes: Gauge,
    virtual_bytes: Gauge,
    open_fds: Gauge,
    max_fds: Gauge,
    start_time_seconds: Gauge<f64, AtomicU64>,
}

impl ProcessSeries {
    /// Registers them unprefixed, under the names every Prometheus client uses, so the
    /// usual dashboards and alerts find them.
    fn register(&self, registry: &mut Registry) {
        let process = registry.sub_registry_with_prefix("process");
        process.register(
            "cpu_seconds",
            "User and system CPU time spent, in seconds",
            self.cpu_seconds.clone(),
        );
        process.register(
            "resident_memory_bytes",
            "Resident memory size, in bytes",
            self.resident_bytes.clone(),
        );
        process.register(
            "virtual_memory_bytes",
            "Virtual memory size, in bytes",
            self.virtual_bytes.clone(),
        );
        process.register("open_fds", "Open file descriptors", self.open_fds.clone());
        process.register(
            "max_fds",
            "Most file descriptors the process may open",
            self.max_fds.clone(),
        );
        process.register(
            "start_time_seconds",
            "When the process started, in seconds since the Unix epoch",
            self.start_time_seconds.clone(),
        );
    }

    /// Sets them from what `/proc/self` says now.
    fn read(&self) {
        let Some(usage) = process::usage() else {
            return;
        };
        let counted = self.cpu_seconds.get();
        if usage.cpu_seconds > counted {
            self.cpu_seconds.inc_by(usage.cpu_seconds - counted);
        }
        self.resident_bytes.set(usage.resident_bytes);
        self.virtual_bytes.set(usage.virtual_bytes);
        self.open_fds.set(usage.open_fds);
        self.max_fds.set(usage.max_fds);
        self.start_time_seconds.set(usage.start_time_seconds);
    }
}

/// Latency buckets from 5 ms to 10 s: the spread of an API call, a first page and an upload.
fn latency_histogram() -> Histogram {
    Histogram::new([
        0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
    ])
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let mut root = Registry::default();
    let process = ProcessSeries::default();
    process.register(&mut root);
    let registry = root.sub_registry_with_prefix("cohort");
    registry.register(
        "build",
        "The build answering: its version",
        Info::new(vec![("version", env!("CARGO_PKG_VERSION"))]),
    );
    let requests = Family::<RequestLabels, Counter>::default();
    let latency =
        Family::<RouteLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> _);
    let job_runs = Family::<JobLabels, Counter>::default();
    let job_failures = Family::<JobLabels, Counter>::default();
    let pool = Family::<PoolLabels, Gauge>::default();
    let outbox_depth = Gauge::default();
    let outbox_oldest = Gauge::default();
    let webhooks_waiting = Gauge::default();
    let webhooks_oldest = Gauge::default();
    let live_connections = Gauge::default();
    registry.register(
        "http_requests",
        "HTTP requests answered, by method, route template and status",
        requests.clone(),
    );
    registry.register(
        "http_request_duration_seconds",
        "Time to answer an HTTP request, by method and route template",
        latency.clone(),
    );
    registry.register("job_runs", "Rounds of a background job", job_runs.clone());
    registry.register(
        "job_failures",
        "Rounds of a background job that failed",
        job_failures.clone(),
    );
    registry.register(
        "db_pool_connections",
        "Database connections of this instance, open and idle",
        pool.clone(),
    );
    registry.register(
        "mail_outbox_depth",
        "E-mails waiting to be sent",
        outbox_depth.clone(),
    );
    registry.register(
        "mail_outbox_oldest_age_seconds",
        "Age of the oldest e-mail waiting to be sent",
        outbox_oldest.clone(),
    );
    registry.register(
        "webhook_deliveries_waiting",
        "Webhook deliveries waiting for their first or next attempt",
        webhooks_waiting.clone(),
    );
    registry.register(
        "webhook_deliveries_oldest_age_seconds",
        "Age of the oldest webhook delivery waiting",
        webhooks_oldest.clone(),
    );
    registry.register(
        "live_connections",
        "Live notification sockets open on this instance",
        live_connections.clone(),
    );
    Metrics {
        registry: root,
        requests,
        latency,
        job_runs,
        job_failures,
        pool,
        outbox_depth,
        outbox_oldest,
        webhooks_waiting,
        webhooks_oldest,
        live_connections,
        process,
    }
});

/// Records one answered request; `route` is the matched template, or [`OTHER_ROUTE`].
pub fn record_request(method: &str, route: &str, status: u16, seconds: f64) {
    let metrics = &*METRICS;
    metrics
        .requests
        .get_or_create(&RequestLabels {
            method: method.to_owned(),
            route: route.to_owned(),
            status,
        })
        .inc();
    metrics
        .latency
        .get_or_create(&RouteLabels {
            method: method.to_owned(),
            route: route.to_owned(),
        })
        .observe(seconds);
}

/// Records one round of a background job, and whether it failed.
pub fn record_job(job: &str, ok: bool) {
    let labels = JobLabels {
        job: job.to_owned(),
    };
    METRICS.job_runs.get_or_create(&labels).inc();
    // Created at the job's first round, failed or not: an alert on its rate then sees 0
    // before the first failure instead of no series.
    let failures = METRICS.job_failures.get_or_create(&labels);
    if !ok {
        failures.inc();
    }
}

/// The metrics in the OpenMetrics text format, with the gauges set from `readings`.
pub fn render(readings: Readings) -> String {
    let metrics = &*METRICS;
    let pool = |state: &str| PoolLabels {
        state: state.to_owned(),
    };
    metrics
        .pool
        .get_or_create(&pool("open"))
        .set(readings.pool_open);
    metrics
        .pool
        .get_or_create(&pool("idle"))
        .set(readings.pool_idle);
    metrics.outbox_depth.set(readings.mail.waiting);
    metrics.outbox_oldest.set(readings.mail.oldest_seconds);
    metrics.webhooks_waiting.set(readings.webhooks.waiting);
    metrics
        .webhooks_oldest
        .set(readings.webhooks.oldest_seconds);
    metrics.live_connections.set(readings.live_connections);
    metrics.process.read();
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut text, &metrics.registry);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of one sample line of `text`, by its name and labels as written.
    fn sample(text: &str, series: &str) -> Option<f64> {
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.trim().parse().ok())
    }

    #[test]
    fn requests_jobs_and_readings_are_rendered() {
        record_request("GET", "/api/groups/{slug}", 200, 0.012);
        record_request("GET", "/api/groups/{slug}", 200, 0.3);
        record_job("metrics-test", false);
        let text = render(Readings {
            pool_open: 3,
            pool_idle: 2,
            mail: Backlog {
                waiting: 7,
                oldest_seconds: 42,
            },
            webhooks: Backlog {
                waiting: 3,
                oldest_seconds: 90,
            },
            live_connections: 5,
        });
        let counted = sample(
            &text,
            r#"cohort_http_requests_total{method="GET",route="/api/groups/{slug}",status="200"}"#,
        );
        assert!(counted.is_some_and(|n| n >= 2.0), "{text}");
        assert!(text.contains(
            r#"cohort_http_request_duration_seconds_bucket{le="0.025",method="GET",route="/api/groups/{slug}"}"#
        ));
        assert_eq!(
            sample(&text, r#"cohort_job_failures_total{job="metrics-test"}"#),
            Some(1.0)
        );
        assert_eq!(
            sample(&text, r#"cohort_db_pool_connections{state="idle"}"#),
            Some(2.0)
        );
        assert_eq!(sample(&text, "cohort_mail_outbox_depth"), Some(7.0));
        assert_eq!(
            sample(&text, "cohort_mail_outbox_oldest_age_seconds"),
            Some(42.0)
        );
        assert_eq!(
            sample(&text, "cohort_webhook_deliveries_waiting"),
            Some(3.0)
        );
        assert_eq!(
            sample(&text, "cohort_webhook_deliveries_oldest_age_seconds"),
            Some(90.0)
        );
        assert_eq!(sample(&text, "cohort_live_connections"), Some(5.0));
        // Issue 47 §10: which build this is, the process's own series, and a job's failures
        // at 0 from its first round.
        assert_eq!(
            sample(
                &text,
                &format!(
                    r#"cohort_build_info{{version="{}"}}"#,
                    env!("CARGO_PKG_VERSION")
                )
            ),
            Some(1.0),
            "{text}"
        );
        // (A test process may not have used a tick of CPU yet.)
        assert!(
            sample(&text, "process_cpu_seconds_total").is_some(),
            "{text}"
        );
        for series in [
            "process_resident_memory_bytes",
            "process_virtual_memory_bytes",
            "process_open_fds",
            "process_max_fds",
            "process_start_time_seconds",
        ] {
            assert!(
                sample(&text, series).is_some_and(|v| v > 0.0),
                "{series}: {text}"
            );
        }
        record_job("metrics-test-sound", true);
        let text = render(Readings::default());
        assert_eq!(
            sample(
                &text,
                r#"cohort_job_failures_total{job="metrics-test-sound"}"#
            ),
            Some(0.0),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"));
    }
}
