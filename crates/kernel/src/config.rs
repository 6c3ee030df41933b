//! Typed settings read from the environment and validated once, at start-up.
//!
//! Every failure names the variable, so a misconfigured deployment says what to fix.

use std::path::PathBuf;

/// Where the app keeps its data and which services it talks to.
#[derive(Debug, Clone)]
pub struct Config {
    /// `COHORT_HOST`: interface to bind (default `0.0.0.0`).
    pub host: String,
    /// `PORT`: TCP port (default 8080; 0 picks a free one).
    pub port: u16,
    /// `COHORT_DATA_DIR`: SQLite file, uploads and dev mailbox live here (default `./data`).
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: PostgreSQL (or SQLite) URL; unset means SQLite in the data dir.
    pub database_url: Option<String>,
    /// `COHORT_PUBLIC_URL`: the address users reach the site at, used in e-mailed links.
    pub public_url: String,
    /// `COHORT_STATIC_DIR`: the built front end (default `frontend/dist`).
    pub static_dir: PathBuf,
    /// `COHORT_STORAGE_URL`: `s3://bucket/prefix` keeps uploads in an S3-compatible store
    /// (with `AWS_ENDPOINT_URL`, `AWS_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`);
    /// unset keeps them under the data dir.
    pub object_storage: Option<crate::storage::S3Location>,
    /// `COHORT_SMTP_URL`: `smtp://` or `smtps://` URL; unset keeps mail in the dev mailbox.
    pub smtp_url: Option<String>,
    /// `COHORT_SMTP_CA_FILE`: PEM certificates to trust, besides the system's, for the mail
    /// server's TLS (a relay with a private certificate authority).
    pub smtp_ca_file: Option<PathBuf>,
    /// `COHORT_SMTP_TIMEOUT`: seconds one message's delivery may take, connection included,
    /// before it counts as failed and is retried later (default 60).
    pub smtp_timeout_secs: u64,
    /// `COHORT_MAIL_FROM`: sender of outgoing mail.
    pub mail_from: String,
    /// `REDIS_URL`: fan-out of live notifications across instances; unset keeps it in-process.
    pub redis_url: Option<String>,
    /// `COHORT_MAIL_WORKER`: send the outbox's e-mail from this process (default on). Any
    /// number of instances may: each claims the rows it sends.
    pub mail_worker: bool,
    /// `COHORT_WEBHOOK_WORKER`: send webhook deliveries from this process (default on). Any
    /// number of instances may: each claims the deliveries it sends.
    pub webhook_worker: bool,
    /// `COHORT_SUPPORT_EMAIL`: where contact-form messages are sent.
    pub support_email: String,
    /// `COHORT_LOG_FORMAT`: `text` (default) or `json`.
    pub log_json: bool,
    /// `COHORT_SEED_DEMO`: seed demo content into an empty embedded database (default true).
    pub seed_demo: bool,
    /// `COHORT_CAPTCHA`: check the proof-of-work captcha on public forms (default on).
    pub captcha: bool,
    /// `COHORT_CAPTCHA_DIFFICULTY`: leading zero bits a solution needs (default 16).
    pub captcha_difficulty: u8,
    /// `COHORT_RATE_LIMITS`: per-IP limits on sign-in, sign-up, resets and SMS (default on).
    pub rate_limits: bool,
    /// `COHORT_RATE_LIMIT_PER_MINUTE`: requests per minute per IP on those forms (default 10).
    pub rate_limit_per_minute: u32,
    /// `COHORT_REPORTS_TO_HIDE`: independent reports that hide a topic, reply or update until
    /// a moderator reviews it (default 3).
    pub reports_to_hide: u32,
    /// `COHORT_REPORT_TRUST_DAYS`: how old an account with a confirmed e-mail must be for its
    /// reports to count toward hiding (default 3; 0 counts every confirmed account). Others'
    /// reports still reach the moderators' queue.
    pub report_trust_days: u32,
    /// `COHORT_OUTBOUND_ALLOWLIST`: origins (comma-separated, like
    /// `https://api.crossref.org`) the server may call to fetch metadata, such as a linked
    /// trial's or publication's title from its registry. Default none: no outbound call.
    pub outbound_allowlist: Vec<String>,
    /// `COHORT_REGISTRY_MIRROR`: one origin that answers the registries' API paths in their
    /// place (a caching mirror inside the network); it must be in the allowlist too.
    pub registry_mirror: Option<String>,
    /// `COHORT_TRUSTED_PROXIES`: addresses or networks (`10.0.0.0/8`, comma-separated) of the
    /// reverse proxies in front; only from them is the client's address read from
    /// `Forwarded` / `X-Forwarded-For` (default none: the peer is the client).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// `COHORT_SECRET_KEY`: key for signing challenges; unset keeps a generated one in the
    /// data dir.
    pub secret_key: Option<String>,
    /// `COHORT_SMS_URL`: HTTP endpoint of the SMS provider; unset keeps SMS in the dev outbox.
    pub sms_url: Option<String>,
    /// `COHORT_SMS_TOKEN`: bearer token for the SMS provider.
    pub sms_token: Option<String>,
    /// Google sign-in (`COHORT_GOOGLE_*`); off until a client id is set.
    pub google: Option<OAuthProvider>,
    /// Facebook sign-in (`COHORT_FACEBOOK_*`); off until a client id is set.
    pub facebook: Option<OAuthProvider>,
    /// ORCID sign-in and linking (`COHORT_ORCID_*`, OpenID Connect); off until a client id
    /// is set. `COHORT_ORCID_RECORD_URL` is the record API the affiliation is read from.
    pub orcid: Option<OAuthProvider>,
    /// `COHORT_DEV`: development mode (default off). Only then do the dev mailbox and
    /// outbox exist, and even then only staff may read them.
    pub dev: bool,
    /// `COHORT_EMBED_ORIGINS`: https origins whose pages may be embedded in frames, besides
    /// [`crate::embed::DEFAULT_EMBED_ORIGINS`] (comma-separated).
    pub embed_origins: Vec<String>,
    /// Origins whose pages may open the live channel: the public address's, plus
    /// `COHORT_ALLOWED_ORIGINS` (comma-separated).
    pub allowed_origins: Vec<String>,
    /// `COHORT_SHUTDOWN_GRACE`: seconds in-flight requests (uploads among them) get to
    /// finish after SIGTERM (default 30).
    pub shutdown_grace_secs: u64,
    /// `COHORT_HTTP_WORKERS`: threads that answer HTTP requests; 0 (the default), one per
    /// core. Each thread serves many connections at once (slow work runs on other threads).
    pub http_workers: u32,
    /// How costly new password hashes are: [`PasswordCost::Owasp`] wherever the environment
    /// configures the app (no variable sets it).
    pub password_cost: PasswordCost,
    /// `COHORT_LOG_SQL`: log every statement (`on`), with its values (`values`), or not
    /// (`off`, the default); with it on, responses say how many statements they ran.
    pub log_sql: crate::sql_trace::SqlLog,
    /// `COHORT_PAYMENTS`: `test` (the built-in test processor, the default) or `stripe`.
    pub payments: Payments,
    /// `COHORT_PAYMENTS_WEBHOOK_SECRET`: the secret the processor signs webhooks with
    /// (required with Stripe; the test processor derives one from the app's key otherwise).
    pub payments_webhook_secret: Option<String>,
    /// `COHORT_PLEDGE_MIN_CENTS`: the smallest pledge, in cents of CAD (default 500).
    pub pledge_min_cents: i64,
    /// `COHORT_PLEDGE_MAX_CENTS`: the largest pledge, in cents of CAD (default 1,000,000).
    pub pledge_max_cents: i64,
    /// `COHORT_METRICS_ADDR`: an address (`127.0.0.1:9464`) to serve Prometheus metrics on,
    /// instead of `/metrics` on the main port.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// `COHORT_TEST_PROCESSOR_LATENCY_MS`: how long the built-in test processor takes to
    /// answer a charge, as a real processor's network round trip does (default 0).
    pub test_processor_latency_ms: u32,
    /// `COHORT_CHARGE_GRACE_DAYS`: how long a donor whose charge failed has to give a new
    /// card (default 7 days).
    pub charge_grace_days: u32,
    /// `COHORT_PROTOCOL_REQUIRED`: a campaign takes pledges only once its project's protocol
    /// is registered (default on).
    pub protocol_required: bool,
    /// `COHORT_MILESTONE_INTERVAL_DAYS`: milestone n of a project whose funds are held in
    /// escrow is due n times this many days after the escrow opened (default 182, six months).
    pub milestone_interval_days: u32,
    /// `COHORT_MILESTONE_GRACE_DAYS`: how long after its deadline a milestone may still be
    /// reported before the project ends and the rest of its escrow is refunded (default 30).
    pub milestone_grace_days: u32,
    /// `COHORT_RESULTS_DUE_MONTHS`: how many months after a project is paid out in full (its
    /// last milestone verified) its results are due (default 12, as the US rule for trial
    /// results).
    pub results_due_months: u32,
    /// `COHORT_MIGRATE`: what starting does with a database behind this version.
    pub migrate: MigrateOnStart,
}

/// `COHORT_MIGRATE`: what an instance does, as it starts, with a database whose schema is
/// behind its own. With several instances, one upgraded instance migrating under the others
/// still serving is what `check` or `off` (and `cohort migrate` run once) avoid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MigrateOnStart {
    /// `auto` (the default): apply the pending migrations, as one instance alone may.
    #[default]
    Auto,
    /// `check`: refuse to start on a database that is behind (run `cohort migrate` first).
    Check,
    /// `off`: start whatever the schema (readiness reports a schema that is not this
    /// version's).
    Off,
}

/// The argon2id parameters new password hashes are made with (a stored hash names its own, so
/// every hash verifies whatever the setting).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PasswordCost {
    /// OWASP's parameters (m=19456 KiB, t=2, p=1): every deployment.
    #[default]
    Owasp,
    /// argon2's smallest (m=8 KiB, t=1), set in code by the test kit alone: the integration
    /// tests make and sign in thousands of accounts, and OWASP's hashes were a tenth of the
    /// test passes' time.
    TestsOnly,
}

/// Which processor takes payments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payments {
    /// The built-in test processor: test card numbers, state in the database.
    Test,
    Stripe(StripeKeys),
}

/// Stripe's keys and addresses (`COHORT_STRIPE_*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeKeys {
    /// `COHORT_STRIPE_SECRET_KEY` (`sk_…`), never sent to a browser.
    pub secret_key: String,
    /// `COHORT_STRIPE_PUBLISHABLE_KEY` (`pk_…`), for Stripe.js.
    pub publishable_key: String,
    /// `COHORT_STRIPE_API_URL` (default `https://api.stripe.com`).
    pub api_url: String,
    /// `COHORT_STRIPE_JS_URL` (default `https://js.stripe.com/v3/`).
    pub js_url: String,
}

/// The origins a page that enters cards with Stripe.js must allow in its
/// Content-Security-Policy: the script's, the frames it draws (its own origin and, with
/// Stripe's own Stripe.js, the 3-D Secure frames' origin), and the API it calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeOrigins {
    pub script: String,
    pub frames: Vec<String>,
    pub connect: String,
}

/// Where Stripe.js draws its 3-D Secure challenges (Stripe's published CSP guidance).
const STRIPE_HOOKS_ORIGIN: &str = "https://hooks.stripe.com";

impl StripeKeys {
    pub fn browser_origins(&self) -> StripeOrigins {
        let script = origin_of(&self.js_url);
        let mut frames = vec![script.clone()];
        if script == "https://js.stripe.com" {
            frames.push(STRIPE_HOOKS_ORIGIN.to_owned());
        }
        StripeOrigins {
            script,
            frames,
            connect: origin_of(&self.api_url),
        }
    }
}

/// `scheme://host[:port]` of an address the configuration has already checked.
fn origin_of(address: &str) -> String {
    url::Url::parse(address)
        .map(|u| u.origin().ascii_serialization())
        .unwrap_or_else(|_| address.trim_end_matches('/').to_owned())
}

/// `COHORT_PAYMENTS` and, for Stripe, its keys and addresses.
fn payments(get: &impl Fn(&str) -> Option<String>) -> Result<Payments, ConfigError> {
    match get("COHORT_PAYMENTS")
        .map(|v| v.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("test") => Ok(Payments::Test),
        Some("stripe") => {
            let key = |variable: &'static str, prefix: &str| {
                get(variable)
                    .filter(|k| k.starts_with(prefix))
                    .ok_or_else(|| {
                        ConfigError::new(
                            variable,
                            format!("must be set to a key starting {prefix}"),
                        )
                    })
            };
            let address = |variable: &'static str, default: &str| {
                let url = get(variable).unwrap_or_else(|| default.to_owned());
                if url.starts_with("https://") || url.starts_with("http://") {
                    Ok(url)
                } else {
                    Err(ConfigError::new(variable, "must be an http(s) address"))
                }
            };
            if get("COHORT_PAYMENTS_WEBHOOK_SECRET").is_none() {
                return Err(ConfigError::new(
                    "COHORT_PAYMENTS_WEBHOOK_SECRET",
                    "must be set with COHORT_PAYMENTS=stripe",
                ));
            }
            Ok(Payments::Stripe(StripeKeys {
                secret_key: key("COHORT_STRIPE_SECRET_KEY", "sk_")?,
                publishable_key: key("COHORT_STRIPE_PUBLISHABLE_KEY", "pk_")?,
                api_url: address("COHORT_STRIPE_API_URL", "https://api.stripe.com")?,
                js_url: address("COHORT_STRIPE_JS_URL", "https://js.stripe.com/v3/")?,
            }))
        }
        Some(other) => Err(ConfigError::new(
            "COHORT_PAYMENTS",
            format!("must be test or stripe, got {other:?}"),
        )),
    }
}

/// `COHORT_TRUSTED_PROXIES`: comma-separated addresses (one host) or networks in CIDR form.
/// A comma-separated list of origins (`https://host[:port]`), each written as an origin.
fn origins(variable: &'static str, value: Option<String>) -> Result<Vec<String>, ConfigError> {
    value
        .iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|entry| {
            crate::embed::origin_of(entry)
                .filter(|o| *o == entry.trim_end_matches('/').to_lowercase())
                .ok_or_else(|| {
                    ConfigError::new(
                        variable,
                        format!("must list origins like https://api.crossref.org, got {entry:?}"),
                    )
                })
        })
        .collect()
}

fn trusted_proxies(value: Option<String>) -> Result<Vec<ipnet::IpNet>, ConfigError> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    value
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<ipnet::IpNet>()
                .or_else(|_| part.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| {
                    ConfigError::new(
                        "COHORT_TRUSTED_PROXIES",
                        format!("{part:?} is not an address or a network such as 10.0.0.0/8"),
                    )
                })
        })
        .collect()
}

/// An OAuth provider's client registration and endpoints.
#[derive(Debug, Clone)]
pub struct OAuthProvider {
    pub client_id: String,
    pub client_secret: String,
    pub auth_url: String,
    pub token_url: String,
    pub userinfo_url: String,
    /// Where the person's public record is read (ORCID's record API); `None` for providers
    /// that have none.
    pub record_url: Option<String>,
}

/// Reads `COHORT_{NAME}_CLIENT_ID` / `_CLIENT_SECRET` and the endpoint overrides
/// `_AUTH_URL`, `_TOKEN_URL`, `_USERINFO_URL` (and `_RECORD_URL` where the provider has a
/// record API); `None` (sign-in off) without a client id.
fn oauth_provider(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    defaults: [&str; 3],
    record_default: Option<&str>,
) -> Result<Option<OAuthProvider>, ConfigError> {
    let var = |suffix: &str| format!("COHORT_{name}_{suffix}");
    let Some(client_id) = get(&var("CLIENT_ID")) else {
        return Ok(None);
    };
    let secret_var = var("CLIENT_SECRET");
    let client_secret = get(&secret_var).ok_or_else(|| ConfigError {
        variable: leak(secret_var),
        problem: "is required when the client id is set".into(),
    })?;
    let mut urls = Vec::new();
    let record = record_default.map(|d| ("RECORD_URL", d));
    for (suffix, default) in ["AUTH_URL", "TOKEN_URL", "USERINFO_URL"]
        .into_iter()
        .zip(defaults)
        .chain(record)
    {
        let url = get(&var(suffix)).unwrap_or_else(|| default.to_owned());
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            return Err(ConfigError {
                variable: leak(var(suffix)),
                problem: "must be an http(s) address".into(),
            });
        }
        urls.push(url);
    }
    let record_url = urls.get(3).cloned();
    urls.truncate(3);
    let [auth_url, token_url, userinfo_url]: [String; 3] = urls.try_into().unwrap_or_default();
    Ok(Some(OAuthProvider {
        client_id,
        client_secret,
        auth_url,
        token_url,
        userinfo_url,
        record_url,
    }))
}

/// Variable names are built at start-up, once; keeping them for the process is fine.
fn leak(name: String) -> &'static str {
    Box::leak(name.into_boxed_str())
}

/// A setting that is present but unusable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Environment variable {variable} {problem}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub problem: String,
}

impl ConfigError {
    fn new(variable: &'static str, problem: impl Into<String>) -> Self {
        Self {
            variable,
            problem: problem.into(),
        }
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|key| std::env::var(key).ok())
    }

    /// Reads settings through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        // An empty value means "not set": shells and compose files often export `VAR=`.
        let get = |key: &str| lookup(key).filter(|v| !v.trim().is_empty());

        let port = match get("PORT") {
            None => 8080,
            Some(raw) => raw.trim().parse::<u16>().map_err(|_| {
                ConfigError::new(
                    "PORT",
                    format!("must be a port number (0-65535), got {raw:?}"),
                )
            })?,
        };
        let database_url = get("DATABASE_URL");
        if let Some(url) = &database_url {
            let supported = ["postgres://", "postgresql://", "sqlite:"];
            if !supported.iter().any(|scheme| url.starts_with(scheme)) {
                return Err(ConfigError::new(
                    "DATABASE_URL",
                    "must start with postgres://, postgresql:// or sqlite:",
                ));
            }
        }
        let public_url = get("COHORT_PUBLIC_URL")
            .unwrap_or_else(|| format!("http://localhost:{port}"))
            .trim_end_matches('/')
            .to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            return Err(ConfigError::new(
                "COHORT_PUBLIC_URL",
                "must be an http:// or https:// address",
            ));
        }
        let object_storage = get("COHORT_STORAGE_URL")
            .map(|url| crate::storage::S3Location::parse(&url, get))
            .transpose()
            .map_err(|problem| ConfigError::new("COHORT_STORAGE_URL", problem))?;
        let smtp_url = get("COHORT_SMTP_URL");
        if let Some(url) = &smtp_url {
            crate::mail::server::check_url(url)
                .map_err(|problem| ConfigError::new("COHORT_SMTP_URL", problem))?;
        }
        let smtp_ca_file = get("COHORT_SMTP_CA_FILE").map(PathBuf::from);
        if let Some(path) = &smtp_ca_file {
            crate::mail::server::check_ca_file(path)
                .map_err(|problem| ConfigError::new("COHORT_SMTP_CA_FILE", problem))?;
        }
        let mail_from =
            get("COHORT_MAIL_FROM").unwrap_or_else(|| "Cohort <no-reply@cohort.local>".into());
        if mail_from.parse::<lettre::message::Mailbox>().is_err() {
            return Err(ConfigError::new(
                "COHORT_MAIL_FROM",
                "must be an address like \"Cohort <no-reply@example.org>\"",
            ));
        }
        let redis_url = get("REDIS_URL");
        if redis_url
            .as_ref()
            .is_some_and(|u| !(u.starts_with("redis://") || u.starts_with("rediss://")))
        {
            return Err(ConfigError::new(
                "REDIS_URL",
                "must be a redis:// or rediss:// address",
            ));
        }
        let mail_worker = parse_bool("COHORT_MAIL_WORKER", get("COHORT_MAIL_WORKER"), true)?;
        let webhook_worker =
            parse_bool("COHORT_WEBHOOK_WORKER", get("COHORT_WEBHOOK_WORKER"), true)?;
        let support_email =
            get("COHORT_SUPPORT_EMAIL").unwrap_or_else(|| "support@cohort.local".into());
        if support_email.parse::<lettre::Address>().is_err() {
            return Err(ConfigError::new(
                "COHORT_SUPPORT_EMAIL",
                "must be an e-mail address like support@example.org",
            ));
        }
        let log_json = match get("COHORT_LOG_FORMAT").as_deref() {
            None | Some("text") => false,
            Some("json") => true,
            Some(other) => {
                return Err(ConfigError::new(
                    "COHORT_LOG_FORMAT",
                    format!("must be text or json, got {other:?}"),
                ));
            }
        };
        let dev = parse_bool("COHORT_DEV", get("COHORT_DEV"), false)?;
        let log_sql = match get("COHORT_LOG_SQL") {
            None => crate::sql_trace::SqlLog::Off,
            Some(raw) => {
                crate::sql_trace::SqlLog::parse(&raw.to_ascii_lowercase()).ok_or_else(|| {
                    ConfigError::new(
                        "COHORT_LOG_SQL",
                        format!("must be off, on or values, got {raw:?}"),
                    )
                })?
            }
        };
        let mut embed_origins: Vec<String> = crate::embed::DEFAULT_EMBED_ORIGINS
            .iter()
            .map(|o| (*o).to_owned())
            .collect();
        for extra in get("COHORT_EMBED_ORIGINS")
            .iter()
            .flat_map(|v| v.split(','))
        {
            let origin = crate::embed::origin_of(extra.trim())
                .filter(|o| {
                    o.starts_with("https://")
                        && *o == extra.trim().trim_end_matches('/').to_lowercase()
                })
                .ok_or_else(|| {
                    ConfigError::new(
                        "COHORT_EMBED_ORIGINS",
                        format!(
                            "must list https origins like https://player.example.org, got {extra:?}"
                        ),
                    )
                })?;
            embed_origins.push(origin);
        }
        let seed_demo = parse_bool("COHORT_SEED_DEMO", get("COHORT_SEED_DEMO"), true)?;
        let captcha = parse_bool("COHORT_CAPTCHA", get("COHORT_CAPTCHA"), true)?;
        let captcha_difficulty = parse_number(
            "COHORT_CAPTCHA_DIFFICULTY",
            get("COHORT_CAPTCHA_DIFFICULTY"),
            16,
            1,
            32,
        )?;
        let rate_limits = parse_bool("COHORT_RATE_LIMITS", get("COHORT_RATE_LIMITS"), true)?;
        let rate_limit_per_minute = parse_number(
            "COHORT_RATE_LIMIT_PER_MINUTE",
            get("COHORT_RATE_LIMIT_PER_MINUTE"),
            10,
            1,
            100_000,
        )?;
        let reports_to_hide = parse_number(
            "COHORT_REPORTS_TO_HIDE",
            get("COHORT_REPORTS_TO_HIDE"),
            3,
            1,
            1_000,
        )?;
        let report_trust_days = parse_number(
            "COHORT_REPORT_TRUST_DAYS",
            get("COHORT_REPORT_TRUST_DAYS"),
            3,
            0,
            365,
        )?;
        let trusted_proxies = trusted_proxies(get("COHORT_TRUSTED_PROXIES"))?;
        let secret_key = get("COHORT_SECRET_KEY");
        let sms_url = get("COHORT_SMS_URL");
        if sms_url
            .as_ref()
            .is_some_and(|u| !(u.starts_with("https://") || u.starts_with("http://")))
        {
            return Err(ConfigError::new(
                "COHORT_SMS_URL",
                "must be an http:// or https:// address",
            ));
        }
        if secret_key.as_ref().is_some_and(|k| k.len() < 32) {
            return Err(ConfigError::new(
                "COHORT_SECRET_KEY",
                "must be at least 32 characters",
            ));
        }

        let pledge_min_cents = i64::from(parse_number(
            "COHORT_PLEDGE_MIN_CENTS",
            get("COHORT_PLEDGE_MIN_CENTS"),
            500,
            1,
            100_000_000,
        )?);
        let pledge_max_cents = i64::from(parse_number(
            "COHORT_PLEDGE_MAX_CENTS",
            get("COHORT_PLEDGE_MAX_CENTS"),
            1_000_000,
            1,
            100_000_000,
        )?);
        if pledge_max_cents < pledge_min_cents {
            return Err(ConfigError::new(
                "COHORT_PLEDGE_MAX_CENTS",
                "must be at least COHORT_PLEDGE_MIN_CENTS",
            ));
        }
        let test_processor_latency_ms = parse_number(
            "COHORT_TEST_PROCESSOR_LATENCY_MS",
            get("COHORT_TEST_PROCESSOR_LATENCY_MS"),
            0,
            0,
            10_000,
        )?;
        let protocol_required = parse_bool(
            "COHORT_PROTOCOL_REQUIRED",
            get("COHORT_PROTOCOL_REQUIRED"),
            true,
        )?;
        let milestone_interval_days = parse_number(
            "COHORT_MILESTONE_INTERVAL_DAYS",
            get("COHORT_MILESTONE_INTERVAL_DAYS"),
            182,
            1,
            1_000,
        )?;
        let milestone_grace_days = parse_number(
            "COHORT_MILESTONE_GRACE_DAYS",
            get("COHORT_MILESTONE_GRACE_DAYS"),
            30,
            0,
            365,
        )?;
        let results_due_months = parse_number(
            "COHORT_RESULTS_DUE_MONTHS",
            get("COHORT_RESULTS_DUE_MONTHS"),
            12,
            1,
            120,
        )?;
        let charge_grace_days = parse_number(
            "COHORT_CHARGE_GRACE_DAYS",
            get("COHORT_CHARGE_GRACE_DAYS"),
            7,
            1,
            60,
        )?;
        let mut allowed_origins: Vec<String> =
            crate::embed::origin_of(&public_url).into_iter().collect();
        for extra in get("COHORT_ALLOWED_ORIGINS")
            .iter()
            .flat_map(|v| v.split(','))
        {
            let origin = crate::embed::origin_of(extra.trim())
                .filter(|o| *o == extra.trim().trim_end_matches('/').to_lowercase())
                .ok_or_else(|| {
                    ConfigError::new(
                        "COHORT_ALLOWED_ORIGINS",
                        format!("must list origins like https://cohort.example.org, got {extra:?}"),
                    )
                })?;
            allowed_origins.push(origin);
        }
        let outbound_allowlist = origins(
            "COHORT_OUTBOUND_ALLOWLIST",
            get("COHORT_OUTBOUND_ALLOWLIST"),
        )?;
        let registry_mirror = origins("COHORT_REGISTRY_MIRROR", get("COHORT_REGISTRY_MIRROR"))?
            .into_iter()
            .next();

        Ok(Self {
            outbound_allowlist,
            registry_mirror,
            host: get("COHORT_HOST").unwrap_or_else(|| "0.0.0.0".into()),
            port,
            data_dir: get("COHORT_DATA_DIR")
                .unwrap_or_else(|| "./data".into())
                .into(),
            database_url,
            public_url,
            static_dir: get("COHORT_STATIC_DIR")
                .unwrap_or_else(|| "frontend/dist".into())
                .into(),
            object_storage,
            smtp_url,
            smtp_ca_file,
            mail_from,
            redis_url,
            mail_worker,
            webhook_worker,
            support_email,
            log_json,
            seed_demo,
            dev,
            embed_origins,
            allowed_origins,
            smtp_timeout_secs: u64::from(parse_number(
                "COHORT_SMTP_TIMEOUT",
                get("COHORT_SMTP_TIMEOUT"),
                60,
                1,
                600,
            )?),
            shutdown_grace_secs: u64::from(parse_number(
                "COHORT_SHUTDOWN_GRACE",
                get("COHORT_SHUTDOWN_GRACE"),
                30,
                1,
                600,
            )?),
            password_cost: PasswordCost::Owasp,
            http_workers: parse_number(
                "COHORT_HTTP_WORKERS",
                get("COHORT_HTTP_WORKERS"),
                0,
                0,
                256,
            )?,
            captcha,
            captcha_difficulty: u8::try_from(captcha_difficulty).unwrap_or(16),
            rate_limits,
            rate_limit_per_minute,
            reports_to_hide,
            report_trust_days,
            trusted_proxies,
            secret_key,
            sms_url,
            sms_token: get("COHORT_SMS_TOKEN"),
            log_sql,
            payments: payments(&get)?,
            payments_webhook_secret: get("COHORT_PAYMENTS_WEBHOOK_SECRET"),
            pledge_min_cents,
            pledge_max_cents,
            metrics_addr: match get("COHORT_METRICS_ADDR") {
                None => None,
                Some(text) => Some(text.parse().map_err(|_| {
                    ConfigError::new(
                        "COHORT_METRICS_ADDR",
                        "must be an address and port, as 127.0.0.1:9464",
                    )
                })?),
            },
            charge_grace_days,
            protocol_required,
            milestone_interval_days,
            milestone_grace_days,
            results_due_months,
            test_processor_latency_ms,
            migrate: match get("COHORT_MIGRATE")
                .map(|v| v.trim().to_ascii_lowercase())
                .as_deref()
            {
                None | Some("auto") => MigrateOnStart::Auto,
                Some("check") => MigrateOnStart::Check,
                Some("off") => MigrateOnStart::Off,
                Some(_) => {
                    return Err(ConfigError::new(
                        "COHORT_MIGRATE",
                        "must be auto, check or off",
                    ));
                }
            },
            google: oauth_provider(
                &get,
                "GOOGLE",
                [
                    "https://accounts.google.com/o/oauth2/v2/auth",
                    "https://oauth2.googleapis.com/token",
                    "https://openidconnect.googleapis.com/v1/userinfo",
                ],
                None,
            )?,
            facebook: oauth_provider(
                &get,
                "FACEBOOK",
                [
                    "https://www.facebook.com/v19.0/dialog/oauth",
                    "https://graph.facebook.com/v19.0/oauth/access_token",
                    "https://graph.facebook.com/me?fields=id,name,email",
                ],
                None,
            )?,
            orcid: oauth_provider(
                &get,
                "ORCID",
                [
                    "https://orcid.org/oauth/authorize",
                    "https://orcid.org/oauth/token",
                    "https://orcid.org/oauth/userinfo",
                ],
                Some("https://pub.orcid.org/v3.0"),
            )?,
        })
    }

    /// True while the database is the embedded SQLite file.
    pub fn is_embedded_database(&self) -> bool {
        self.database_url
            .as_deref()
            .is_none_or(|url| url.starts_with("sqlite:"))
    }
}

fn parse_number(
    variable: &'static str,
    raw: Option<String>,
    default: u32,
    min: u32,
    max: u32,
) -> Result<u32, ConfigError> {
    let Some(raw) = raw else { return Ok(default) };
    match raw.trim().parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(ConfigError::new(
            variable,
            format!("must be a whole number from {min} to {max}, got {raw:?}"),
        )),
    }
}

fn parse_bool(
    variable: &'static str,
    raw: Option<String>,
    default: bool,
) -> Result<bool, ConfigError> {
    match raw.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => Err(ConfigError::new(
            variable,
            format!("must be true or false, got {other:?}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_migrates_unless_told_to_check_or_leave_the_schema() {
        assert_eq!(with(&[]).unwrap().migrate, MigrateOnStart::Auto);
        for (value, mode) in [
            ("auto", MigrateOnStart::Auto),
            ("check", MigrateOnStart::Check),
            ("OFF", MigrateOnStart::Off),
        ] {
            assert_eq!(with(&[("COHORT_MIGRATE", value)]).unwrap().migrate, mode);
        }
        let error = with(&[("COHORT_MIGRATE", "sometimes")]).unwrap_err();
        assert_eq!(error.variable, "COHORT_MIGRATE");
        assert!(error.to_string().contains("auto, check or off"), "{error}");
    }

    #[test]
    fn no_outbound_origin_is_allowed_unless_listed() {
        let config = with(&[]).unwrap();
        assert!(config.outbound_allowlist.is_empty());
        assert_eq!(config.registry_mirror, None);
        let listed = with(&[(
            "COHORT_OUTBOUND_ALLOWLIST",
            "https://api.crossref.org, https://clinicaltrials.gov/",
        )])
        .unwrap();
        assert_eq!(
            listed.outbound_allowlist,
            ["https://api.crossref.org", "https://clinicaltrials.gov"]
        );
        let error = with(&[(
            "COHORT_OUTBOUND_ALLOWLIST",
            "https://api.crossref.org/works",
        )])
        .unwrap_err()
        .to_string();
        assert!(error.contains("COHORT_OUTBOUND_ALLOWLIST"), "{error}");
    }

    fn with(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(move |key| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
    }

    #[test]
    fn defaults_are_embedded() {
        let config = with(&[]).unwrap();
        assert_eq!(config.port, 8080);
        assert!(config.is_embedded_database());
        assert_eq!(config.public_url, "http://localhost:8080");
        assert!(config.smtp_url.is_none());
        assert!(config.seed_demo);
        assert!(!config.dev, "development mode is never the default");
        assert_eq!(config.embed_origins.len(), 6);
        assert_eq!(config.allowed_origins, ["http://localhost:8080"]);
        let extra = with(&[("COHORT_ALLOWED_ORIGINS", "https://app.example.org")]).unwrap();
        assert_eq!(extra.allowed_origins.len(), 2);
        let extra = with(&[("COHORT_EMBED_ORIGINS", "https://video.example.org")]).unwrap();
        assert!(
            extra
                .embed_origins
                .contains(&"https://video.example.org".to_owned())
        );
        assert_eq!(
            with(&[("COHORT_EMBED_ORIGINS", "http://x.example/path")])
                .unwrap_err()
                .variable,
            "COHORT_EMBED_ORIGINS"
        );
    }

    #[test]
    fn http_workers_are_one_per_core_unless_set() {
        assert_eq!(with(&[]).unwrap().http_workers, 0);
        assert_eq!(
            with(&[("COHORT_HTTP_WORKERS", "4")]).unwrap().http_workers,
            4
        );
        let err = with(&[("COHORT_HTTP_WORKERS", "1000")]).unwrap_err();
        assert_eq!(err.variable, "COHORT_HTTP_WORKERS");
    }

    #[test]
    fn bad_values_name_their_variable() {
        let err = with(&[("PORT", "eighty")]).unwrap_err();
        assert_eq!(err.variable, "PORT");
        assert!(
            err.to_string()
                .starts_with("Environment variable PORT must be")
        );
        assert_eq!(
            with(&[("DATABASE_URL", "mysql://x")]).unwrap_err().variable,
            "DATABASE_URL"
        );
        assert_eq!(
            with(&[("COHORT_SMTP_URL", "ftp://x")])
                .unwrap_err()
                .variable,
            "COHORT_SMTP_URL"
        );
        assert_eq!(
            with(&[("COHORT_SMTP_CA_FILE", "/no/such/ca.pem")])
                .unwrap_err()
                .variable,
            "COHORT_SMTP_CA_FILE"
        );
        assert_eq!(
            with(&[("COHORT_SMTP_CA_FILE", "Cargo.toml")])
                .unwrap_err()
                .variable,
            "COHORT_SMTP_CA_FILE"
        );
        assert_eq!(
            with(&[("COHORT_SMTP_TIMEOUT", "0")]).unwrap_err().variable,
            "COHORT_SMTP_TIMEOUT"
        );
        assert_eq!(
            with(&[("COHORT_MAIL_FROM", "not an address")])
                .unwrap_err()
                .variable,
            "COHORT_MAIL_FROM"
        );
        assert_eq!(
            with(&[("COHORT_LOG_FORMAT", "xml")]).unwrap_err().variable,
            "COHORT_LOG_FORMAT"
        );
        assert_eq!(
            with(&[("COHORT_SEED_DEMO", "maybe")]).unwrap_err().variable,
            "COHORT_SEED_DEMO"
        );
        assert_eq!(
            with(&[("COHORT_PUBLIC_URL", "example.org")])
                .unwrap_err()
                .variable,
            "COHORT_PUBLIC_URL"
        );
    }

    #[test]
    fn postgres_is_not_embedded_and_empty_means_unset() {
        let config = with(&[("DATABASE_URL", "postgres://u@h/db"), ("PORT", "")]).unwrap();
        assert!(!config.is_embedded_database());
        assert_eq!(config.port, 8080);
        assert!(with(&[("COHORT_SMTP_URL", "smtp://user:pw@mail.example.org:587")]).is_ok());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        assert!(with(&[]).unwrap().trusted_proxies.is_empty());
        let config = with(&[("COHORT_TRUSTED_PROXIES", "10.0.0.0/8, 127.0.0.1,::1")]).unwrap();
        let shown: Vec<String> = config
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(shown, ["10.0.0.0/8", "127.0.0.1/32", "::1/128"]);
        let wrong = with(&[("COHORT_TRUSTED_PROXIES", "10.0.0.0/8,proxy.local")]).unwrap_err();
        assert_eq!(wrong.variable, "COHORT_TRUSTED_PROXIES");
    }

    #[test]
    fn payments_default_to_the_test_processor_and_stripe_needs_its_keys() {
        assert_eq!(with(&[]).unwrap().payments, Payments::Test);
        let missing = with(&[
            ("COHORT_PAYMENTS", "stripe"),
            ("COHORT_PAYMENTS_WEBHOOK_SECRET", "whsec_1"),
        ]);
        assert_eq!(missing.unwrap_err().variable, "COHORT_STRIPE_SECRET_KEY");
        assert_eq!(
            with(&[("COHORT_PAYMENTS", "stripe")]).unwrap_err().variable,
            "COHORT_PAYMENTS_WEBHOOK_SECRET"
        );
        let stripe = with(&[
            ("COHORT_PAYMENTS", "stripe"),
            ("COHORT_PAYMENTS_WEBHOOK_SECRET", "whsec_1"),
            ("COHORT_STRIPE_SECRET_KEY", "sk_test_1"),
            ("COHORT_STRIPE_PUBLISHABLE_KEY", "pk_test_1"),
            ("COHORT_STRIPE_API_URL", "http://127.0.0.1:8420"),
        ])
        .unwrap();
        let Payments::Stripe(keys) = stripe.payments else {
            panic!("not stripe");
        };
        assert_eq!(keys.api_url, "http://127.0.0.1:8420");
        assert_eq!(keys.js_url, "https://js.stripe.com/v3/");
        let origins = keys.browser_origins();
        assert_eq!(origins.script, "https://js.stripe.com");
        assert_eq!(
            origins.frames,
            ["https://js.stripe.com", "https://hooks.stripe.com"]
        );
        assert_eq!(origins.connect, "http://127.0.0.1:8420");
        // localstripe serves its Stripe.js stand-in beside its API: one origin for all.
        let local = StripeKeys {
            js_url: "http://127.0.0.1:8420/js.stripe.com/v3/".into(),
            ..keys
        };
        let origins = local.browser_origins();
        assert_eq!(origins.script, "http://127.0.0.1:8420");
        assert_eq!(origins.frames, ["http://127.0.0.1:8420"]);
        assert_eq!(
            with(&[("COHORT_PAYMENTS", "paypal")]).unwrap_err().variable,
            "COHORT_PAYMENTS"
        );
    }
}
