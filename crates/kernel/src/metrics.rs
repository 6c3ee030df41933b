//! The process's metrics, for Prometheus: requests by route template and status with their
//! latency, background job runs and failures, and the gauges read when scraped (database
//! pool, mail outbox, live connections). One registry per process; every part of the app
//! records into it, and `GET /metrics` renders it in the OpenMetrics text format.

use std::sync::LazyLock;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
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

/// What is read at scrape time, from the parts that know it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    /// Open database connections, and how many of them are idle.
    pub pool_open: i64,
    pub pool_idle: i64,
    /// E-mails waiting in the outbox, and the age in seconds of the oldest (0 when none).
    pub outbox_depth: i64,
    pub outbox_oldest_seconds: i64,
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
    live_connections: Gauge,
}

/// Latency buckets from 5 ms to 10 s: the spread of an API call, a first page and an upload.
fn latency_histogram() -> Histogram {
    Histogram::new([
        0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
    ])
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let mut registry = Registry::with_prefix("cohort");
    let requests = Family::<RequestLabels, Counter>::default();
    let latency =
        Family::<RouteLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> _);
    let job_runs = Family::<JobLabels, Counter>::default();
    let job_failures = Family::<JobLabels, Counter>::default();
    let pool = Family::<PoolLabels, Gauge>::default();
    let outbox_depth = Gauge::default();
    let outbox_oldest = Gauge::default();
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
        "live_connections",
        "Live notification sockets open on this instance",
        live_connections.clone(),
    );
    Metrics {
        registry,
        requests,
        latency,
        job_runs,
        job_failures,
        pool,
        outbox_depth,
        outbox_oldest,
        live_connections,
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
    if !ok {
        METRICS.job_failures.get_or_create(&labels).inc();
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
    metrics.outbox_depth.set(readings.outbox_depth);
    metrics.outbox_oldest.set(readings.outbox_oldest_seconds);
    metrics.live_connections.set(readings.live_connections);
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
            outbox_depth: 7,
            outbox_oldest_seconds: 42,
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
        assert_eq!(sample(&text, "cohort_live_connections"), Some(5.0));
        assert!(text.ends_with("# EOF\n"));
    }
}
