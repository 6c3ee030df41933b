//! Building the shared context and the HTTP server from a [`Config`].

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_files::Files;
use actix_web::dev::{Server, Service, ServiceRequest, ServiceResponse, fn_service};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::{App, HttpMessage, HttpResponse, HttpServer, web};
use anyhow::Context;
use captcha::ProofOfWork;
use credentials::Issuer;
use kernel::captcha::Captcha;
use kernel::client_address::TrustedProxies;
use kernel::config::{Config, MigrateOnStart, Payments};
use kernel::events::EventBus;
use kernel::file_links::{FILES_PREFIX, FileLinks};
use kernel::hot::Changes;
use kernel::mail::Mailer;
use kernel::payments::PaymentProvider;
use kernel::rate_limit::RateLimits;
use kernel::rate_limit::shared::SharedCounters;
use kernel::sms::Sms;
use kernel::storage::Storage;
use kernel::unsubscribe::UnsubscribeLinks;
use kernel::{AppContext, db, extract};
use mail::dev_mailbox::DevMailbox;
use mail::smtp::{SmtpMailer, SmtpServer};
use migration::{Migrator, MigratorTrait};
use payments::stripe::{StripeProvider, StripeSettings};
use payments::test_processor::TestProcessor;
use sea_orm::DatabaseConnection;
use sms::{DevOutbox, HttpSms};
use storage::{LocalStorage, S3Storage};
use tracing_actix_web::{RequestId, TracingLogger};
use utoipa_swagger_ui::SwaggerUi;

use feed::live::Hub;

use crate::adapters::{
    data_catalogue, discussion_targets, feed_facts, live_threads, meeting_hosts, project_facts,
    reference_places, report_subjects, search_sources, token_routes, webhook_occurrences,
};
use crate::api;
use crate::http::request_span::PathOnly;
use crate::http::security_headers::SecurityHeaders;
use crate::http::{compression, envelope, methods, metrics, staff_gate, statements};
use crate::site::public_reads::{self, PublicReads};
use crate::site::{private_files, site_index, spa, well_known};

/// Where members' browsers open the live notification channel.
const LIVE_PATH: &str = "/ws/notifications";
/// URL prefix under which uploaded files are served from local storage.
const MEDIA_PREFIX: &str = "/media";
/// How long an idle client connection is kept open (see `server`).
const KEEP_ALIVE: Duration = Duration::from_secs(75);
/// Largest non-JSON body (uploads are multipart and capped again per field).
const PAYLOAD_LIMIT_BYTES: usize = 25 * 1024 * 1024;

/// Applies every pending migration; refuses a database a newer version of Cohort migrated.
pub async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    let state = crate::schema::state(db).await?;
    if !state.unknown.is_empty() {
        anyhow::bail!("{}", state.describe());
    }
    Migrator::up(db, None)
        .await
        .context("applying migrations")?;
    let chained = audit::chain::seal_pending(db)
        .await
        .context("chaining the audit entries written before the chain")?;
    if chained > 0 {
        tracing::info!(chained, "chained earlier audit entries");
    }
    Ok(())
}

/// What starting does with the schema (`COHORT_MIGRATE`): migrates it, refuses one that is
/// not this version's, or leaves it be. A database a newer version migrated is refused
/// whatever the setting, as `migrate` refuses it.
async fn on_start(db: &DatabaseConnection, mode: MigrateOnStart) -> anyhow::Result<()> {
    match mode {
        MigrateOnStart::Auto => migrate(db).await,
        MigrateOnStart::Check => {
            let state = crate::schema::state(db).await?;
            anyhow::ensure!(
                state.is_current(),
                "{} (COHORT_MIGRATE=check: this instance does not migrate)",
                state.describe()
            );
            Ok(())
        }
        MigrateOnStart::Off => {
            let state = crate::schema::state(db).await?;
            anyhow::ensure!(state.unknown.is_empty(), "{}", state.describe());
            if !state.is_current() {
                tracing::warn!(
                    "{} (COHORT_MIGRATE=off: starting anyway; readiness says the schema is not this version's)",
                    state.describe()
                );
            }
            Ok(())
        }
    }
}

/// The shared context and the live channel's hub, wired together, and the instance as the
/// issuer of verifiable credentials (its `did:web` and Ed25519 key, from the app's secret).
pub struct Parts {
    pub ctx: AppContext,
    pub hub: Hub,
    pub issuer: Issuer,
}

/// Connects the database (migrated), storage and mailer that `config` names.
pub async fn build_context(config: Config) -> anyhow::Result<AppContext> {
    Ok(build_parts(config).await?.ctx)
}

/// The context, the hub (in-process, or across instances through Redis), and the feed
/// subscribed to the other crates' events.
pub async fn build_parts(config: Config) -> anyhow::Result<Parts> {
    let hub = match &config.redis_url {
        Some(url) => Hub::with_redis(url)
            .await
            .with_context(|| format!("connecting to Redis ({})", db::redact(url)))?,
        None => Hub::in_process(),
    };
    let (ctx, secret) = context(config).await?;
    let issuer = Issuer::new(&secret, &ctx.config.public_url);
    // First: a thread's watchers hear of a change before its notifications go out.
    live_threads::wire(&ctx, &hub);
    feed_facts::wire(&ctx, &hub);
    project_facts::wire(&ctx);
    webhook_occurrences::wire(&ctx);
    Ok(Parts { ctx, hub, issuer })
}

/// The context, and the app's secret that keys what it signs.
async fn context(config: Config) -> anyhow::Result<(AppContext, Vec<u8>)> {
    let url = db::database_url(&config)?;
    let db = db::connect(&url, config.log_sql).await?;
    on_start(&db, config.migrate).await?;
    // Pooled SQLite connections opened before a migration can go on using the schema they
    // saw (a column added since reads as NULL on them, whatever its default): the app
    // gets connections opened after the migrations.
    db.close()
        .await
        .context("closing the migration connections")?;
    let db = db::connect(&url, config.log_sql).await?;
    let search_db = db::connect_value_planned(&url, config.log_sql, &db).await?;

    let storage = storage_for(&config)?;
    announce_mode(&config);
    kernel::links::set_embed_origins(config.embed_origins.clone());
    accounts::service::password::set_cost(config.password_cost);
    let mailer: Arc<dyn Mailer> = match &config.smtp_url {
        Some(url) => Arc::new(smtp_for(&config, url)?),
        None => Arc::new(DevMailbox::new(db.clone())),
    };
    let sms: Arc<dyn Sms> = match &config.sms_url {
        Some(url) => Arc::new(HttpSms::new(url.clone(), config.sms_token.clone())),
        None => Arc::new(DevOutbox::new(db.clone())),
    };
    let secret = kernel::secret::load_or_create(config.secret_key.as_deref(), &config.data_dir)?;
    let captcha: Arc<dyn Captcha> = if config.captcha {
        Arc::new(ProofOfWork::new(
            &secret,
            db.clone(),
            config.captcha_difficulty,
        ))
    } else {
        tracing::warn!("COHORT_CAPTCHA=off: public forms accept any captcha value");
        Arc::new(captcha::Disabled)
    };
    if !config.rate_limits {
        tracing::warn!("COHORT_RATE_LIMITS=off: sign-in and sign-up are not rate limited");
    }
    let payments = payments(&config, &db, &secret);
    let changes = Changes::default();
    let mut rate_limits = RateLimits::behind(
        config.rate_limits,
        config.rate_limit_per_minute,
        TrustedProxies::new(config.trusted_proxies.clone()),
    );
    if let (Some(redis), true) = (&config.redis_url, config.rate_limits) {
        let counters = SharedCounters::connect(redis, &url)
            .with_context(|| format!("connecting to Redis ({})", db::redact(redis)))?;
        rate_limits = rate_limits.shared_through(counters);
    }
    let rate_limits = Arc::new(rate_limits);
    let mail_queue = Arc::new(feed::MailOutbox::new(db.clone()));
    let ctx = AppContext {
        payments,
        sms,
        captcha,
        rate_limits,
        config: Arc::new(config),
        sessions: Arc::new(accounts::SessionStore::new(db.clone(), changes.clone())),
        users: Arc::new(accounts::Directory::new(
            db.clone(),
            storage.clone(),
            changes.clone(),
        )),
        groups: Arc::new(groups::Directory::new(db.clone())),
        notices: Arc::new(feed::UnreadCounter::new(db.clone())),
        unread_messages: Arc::new(messages::UnreadCounter::new(db.clone())),
        db,
        search_db,
        events: EventBus::new(),
        storage,
        file_links: FileLinks::new(&secret),
        unsubscribes: UnsubscribeLinks::new(&secret),
        mailer,
        mail_queue,
        changes,
    };
    Ok((ctx, secret))
}

/// The store `COHORT_STORAGE_URL` names, or the data dir's `media/`.
pub fn storage_for(config: &Config) -> anyhow::Result<Arc<dyn Storage>> {
    Ok(match &config.object_storage {
        Some(location) => Arc::new(
            S3Storage::new(location, MEDIA_PREFIX)
                .with_context(|| format!("opening {}", location.url()))?,
        ),
        None => {
            let media_root = config.data_dir.join("media");
            std::fs::create_dir_all(&media_root)
                .with_context(|| format!("creating {}", media_root.display()))?;
            Arc::new(LocalStorage::new(media_root, MEDIA_PREFIX))
        }
    })
}

/// The mailer for the SMTP server at `url`, as the configuration says to reach it.
pub fn smtp_for(config: &Config, url: &str) -> anyhow::Result<SmtpMailer> {
    let server = SmtpServer {
        url,
        ca_file: config.smtp_ca_file.as_deref(),
        timeout: Duration::from_secs(config.smtp_timeout_secs),
    };
    Ok(SmtpMailer::new(
        &server,
        &config.mail_from,
        &config.public_url,
    )?)
}

/// Says loudly what development mode opens, and where mail and SMS go without a real
/// transport, so nobody runs a deployment that way by accident.
fn announce_mode(config: &Config) {
    if config.log_sql == kernel::sql_trace::SqlLog::Values {
        tracing::warn!(
            "COHORT_LOG_SQL=values: every SQL statement is logged WITH ITS VALUES (addresses, \
             token hashes). For benchmarks on test data only."
        );
    }
    if config.dev {
        tracing::warn!(
            "COHORT_DEV=on: DEVELOPMENT MODE. Staff can read every e-mail and SMS the site sends \
             (reset links, codes) at /dev/mailbox. Never run a deployment this way."
        );
    } else {
        // Each named only when it is missing: a warning about mail with a mail server set
        // sends an operator looking for a fault that is not there.
        if config.smtp_url.is_none() {
            tracing::warn!(
                "no COHORT_SMTP_URL: mail is kept in the database, not delivered (set \
                 COHORT_DEV=on to read it as staff on a development machine)"
            );
        }
        if config.sms_url.is_none() {
            tracing::warn!(
                "no COHORT_SMS_URL: SMS are kept in the database, not delivered (set \
                 COHORT_DEV=on to read them as staff on a development machine)"
            );
        }
    }
}

/// An answer to a rate-limited form says where its client stands with the quota
/// (`RateLimit-*`), not only once it is refused: a client slows down before the 429. A
/// refusal's own headers (with `Retry-After`) stand.
fn rate_limit_headers<B>(res: &mut actix_web::dev::ServiceResponse<B>) {
    let standing = res
        .request()
        .extensions()
        .get::<kernel::rate_limit::standing::Standing>()
        .copied();
    let Some(standing) = standing else {
        return;
    };
    if res.headers().contains_key("ratelimit-limit") {
        return;
    }
    for (name, value) in standing.headers() {
        if let Ok(value) = HeaderValue::from_str(&value) {
            res.headers_mut()
                .insert(HeaderName::from_static(name), value);
        }
    }
}

/// A bound, not yet running, server.
pub struct Application {
    port: u16,
    server: Server,
    context: AppContext,
    hub: Hub,
}

/// The card processor `COHORT_PAYMENTS` names; the test processor signs its webhooks with
/// the configured secret, or one derived from the app's key.
fn payments(
    config: &Config,
    db: &DatabaseConnection,
    app_secret: &[u8],
) -> Arc<dyn PaymentProvider> {
    match &config.payments {
        Payments::Stripe(keys) => {
            let settings = StripeSettings {
                api_url: keys.api_url.clone(),
                secret_key: keys.secret_key.clone(),
                webhook_secret: config.payments_webhook_secret.clone().unwrap_or_default(),
            };
            Arc::new(StripeProvider::new(settings))
        }
        Payments::Test => {
            let derived = || {
                let mut seed = app_secret.to_vec();
                seed.extend_from_slice(b"test-processor webhooks");
                format!(
                    "whsec_{}",
                    kernel::secret_token::hash(&String::from_utf8_lossy(&seed))
                )
            };
            let secret = config
                .payments_webhook_secret
                .clone()
                .unwrap_or_else(derived);
            let latency = std::time::Duration::from_millis(config.test_processor_latency_ms.into());
            let processor = TestProcessor::new(db.clone(), secret).with_latency(latency);
            Arc::new(processor)
        }
    }
}

impl Application {
    /// Builds the context from `config` and binds `COHORT_HOST:PORT`.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::with_parts(build_parts(config).await?)
    }

    /// Binds a server around an existing context, and starts the e-mail and digest workers
    /// and the campaign deadline sweep.
    pub fn with_parts(parts: Parts) -> anyhow::Result<Self> {
        let Parts {
            ctx: context,
            hub,
            issuer,
        } = parts;
        let address = format!("{}:{}", context.config.host, context.config.port);
        let listener = TcpListener::bind(&address).with_context(|| format!("binding {address}"))?;
        let port = listener.local_addr()?.port();
        let server = server(listener, context.clone(), hub.clone(), issuer)?;
        if context.config.mail_worker {
            tokio::spawn(feed::service::outbox::run(context.clone()));
            tokio::spawn(feed::service::digests::run(context.clone()));
        }
        if context.config.webhook_worker {
            tokio::spawn(webhooks::service::worker::run(context.clone()));
        }
        tokio::spawn(projects::service::deadlines::run(context.clone()));
        tokio::spawn(meetings::service::reminders::run(
            context.clone(),
            meeting_hosts::hosts(&context),
        ));
        tokio::spawn(projects::service::reconciliation::nightly(context.clone()));
        tokio::spawn(audit::heads::run(context.clone()));
        // Exports a crash or a restart cut short are built again (issue 44, item 5).
        tokio::spawn(accounts::service::your_data::resume_loop(
            context.clone(),
            data_catalogue::catalogue(),
        ));
        if context.config.mail_worker {
            tokio::spawn(learning::service::renewals::run(context.clone()));
        }
        Ok(Self {
            port,
            server,
            context,
            hub,
        })
    }

    /// The live channel's hub (how many members are connected here).
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn context(&self) -> &AppContext {
        &self.context
    }

    /// Serves until the server is stopped (tests drop it with the runtime).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }

    /// Serves until `shutdown` resolves; then live sockets are closed at once (1001, going
    /// away: clients reconnect to another instance), new connections are refused, and
    /// in-flight requests (uploads among them) get `COHORT_SHUTDOWN_GRACE` seconds to
    /// finish.
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
        let handle = self.server.handle();
        let server = tokio::spawn(self.server);
        shutdown.await;
        tracing::info!("shutting down: closing live sockets, draining in-flight requests");
        self.hub.close_all();
        handle.stop(true).await;
        server.await.map_err(std::io::Error::other)?
    }
}

/// Resolves on the first SIGTERM or SIGINT. The handlers are installed when this is
/// called, not when it is first polled, so no signal is missed while start-up finishes.
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => {}
            _ = interrupt.recv() => {}
        }
    })
}

/// Serves `/metrics` alone on `address` (a port the proxy does not expose), for as long as
/// the runtime runs.
fn serve_metrics_on(
    address: std::net::SocketAddr,
    data: web::Data<AppContext>,
    hub: web::Data<Hub>,
) -> anyhow::Result<()> {
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .app_data(hub.clone())
            .route(metrics::PATH, web::get().to(metrics::serve))
    })
    .workers(1)
    .bind(address)
    .with_context(|| format!("binding the metrics address {address}"))?
    .disable_signals()
    .run();
    tokio::spawn(server);
    Ok(())
}

fn server(
    listener: TcpListener,
    context: AppContext,
    hub: Hub,
    issuer: Issuer,
) -> anyhow::Result<Server> {
    let issuer = web::Data::new(issuer);
    let routed = api::routed_paths();
    let method_table = web::Data::new(std::sync::Arc::new(methods::MethodTable::from_contract(
        &routed,
    )));
    let token_routes: web::Data<kernel::auth::TokenRoutes> = web::Data::new(std::sync::Arc::new(
        token_routes::TokenRoutes::from_contract(&routed),
    ));
    let contract = web::Data::new(api::ContractJson::default());
    let static_dir = context.config.static_dir.clone();
    let media_root = context
        .storage
        .local_root()
        .map(std::path::Path::to_path_buf);
    let targets = discussion_targets::targets(&context);
    let sources = web::Data::new(search_sources::sources(&context, targets.clone()));
    let reportables = web::Data::new(report_subjects::reportables(&context, &targets));
    let catalogue = web::Data::new(data_catalogue::catalogue());
    let places = web::Data::new(reference_places::places(&context));
    let gatekeeper = web::Data::new(live_threads::gatekeeper(targets.clone()));
    let targets = web::Data::new(targets);
    let hosts = web::Data::new(meeting_hosts::hosts(&context));
    let reads = web::Data::new(PublicReads::default());
    reads.answering_at(listener.local_addr()?);
    let site = spa::Site::load(&static_dir, &context.config.public_url);
    {
        let reads = reads.clone();
        let changes = context.changes.clone();
        hub.on_signal(public_reads::STALE, move || {
            changes.bump();
            reads.invalidate();
        });
        let signals = hub.clone();
        context.events.watch_all(move || {
            let hub = signals.clone();
            async move { hub.signal(public_reads::STALE).await }
        });
    }
    let hub = web::Data::new(hub);
    let security = SecurityHeaders::new(&context.config)?;
    let grace = context.config.shutdown_grace_secs;
    let workers = context.config.http_workers;
    let log_sql = context.config.log_sql;
    let metrics_addr = context.config.metrics_addr;
    let separate_metrics = metrics_addr.is_some();
    let data = web::Data::new(context);
    if let Some(address) = metrics_addr {
        serve_metrics_on(address, data.clone(), hub.clone())?;
    }
    let mut server = HttpServer::new(move || {
        let app = App::new()
            .app_data(data.clone())
            .app_data(targets.clone())
            .app_data(hosts.clone())
            .app_data(sources.clone())
            .app_data(reportables.clone())
            .app_data(places.clone())
            .app_data(issuer.clone())
            .app_data(catalogue.clone())
            .app_data(hub.clone())
            .app_data(gatekeeper.clone())
            .app_data(reads.clone())
            .app_data(extract::json_config())
            .app_data(extract::query_config())
            .app_data(extract::path_config())
            .app_data(web::PayloadConfig::new(PAYLOAD_LIMIT_BYTES))
            .app_data(method_table.clone())
            .app_data(token_routes.clone())
            // The staff gate wraps the method check: to anyone but staff a staff path does
            // not exist, whatever the method.
            .wrap(actix_web::middleware::from_fn(methods::method_allowed))
            .wrap(actix_web::middleware::from_fn(methods::head_as_get))
            .wrap(actix_web::middleware::from_fn(staff_gate::staff_only))
            .wrap(actix_web::middleware::from_fn(public_reads::serve))
            .wrap(actix_web::middleware::from_fn(move |req, next| {
                statements::count(req, next, log_sql)
            }))
            .wrap(envelope::error_handlers())
            .wrap_fn({
                let security = security.clone();
                move |req, srv| {
                    let response = srv.call(req);
                    let security = security.clone();
                    async move {
                        let mut res = response.await?;
                        let request_id = res.request().extensions().get::<RequestId>().copied();
                        if let Some(value) =
                            request_id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok())
                        {
                            res.headers_mut()
                                .insert(HeaderName::from_static("x-request-id"), value);
                        }
                        rate_limit_headers(&mut res);
                        spa::cache_headers(&mut res);
                        security.apply(&mut res, &[MEDIA_PREFIX, FILES_PREFIX]);
                        Ok(res)
                    }
                }
            })
            .wrap(actix_web::middleware::from_fn(compression::compress))
            .wrap(actix_web::middleware::from_fn(metrics::record))
            .wrap(TracingLogger::<PathOnly>::new())
            // Registered before `/api` so the scope's catch-all does not shadow them (and the
            // guide before Swagger UI's catch-all).
            .route(api::GUIDE_PATH, web::get().to(api::guide))
            .service(
                SwaggerUi::new("/api/docs/{_:.*}")
                    .config(utoipa_swagger_ui::Config::from(api::CONTRACT_PATH)),
            )
            .service(
                web::resource(api::CONTRACT_PATH)
                    .app_data(contract.clone())
                    .route(web::get().to(api::contract)),
            )
            .route(LIVE_PATH, web::get().to(feed::api::live::socket))
            .configure(|cfg| {
                if !separate_metrics {
                    cfg.route(metrics::PATH, web::get().to(metrics::serve));
                }
            })
            .route(
                &format!("{FILES_PREFIX}/{{key:.*}}"),
                web::get().to(private_files::serve),
            );
        let (app, _) = api::mount(app);
        // A missing upload is a 404, not the front end's index page; files only some may
        // see are not served here at all, only through signed links under `/files`. Files
        // on this machine's disk are served from it; a remote store's are streamed.
        let app = match &media_root {
            Some(root) => app.service(
                Files::new(MEDIA_PREFIX, root)
                    .path_filter(|path, _| !crate::site::media::is_private(&path.to_string_lossy()))
                    .default_handler(fn_service(|req: ServiceRequest| async move {
                        let (req, _) = req.into_parts();
                        Ok(ServiceResponse::new(req, HttpResponse::NotFound().finish()))
                    })),
            ),
            None => app.route(
                &format!("{MEDIA_PREFIX}/{{key:.*}}"),
                web::get().to(crate::site::media::serve_public),
            ),
        };
        app.configure(site_index::configure)
            .configure(well_known::configure)
            .configure(spa::configure(&site, data.clone(), reads.clone()))
    });
    if workers > 0 {
        server = server.workers(usize::try_from(workers)?);
    }
    // An idle connection stays open longer than a proxy keeps its idle upstream ones (nginx:
    // 60 s), so the proxy, never the instance, closes it: closed from this side, a request the
    // proxy sent on it at that moment would fail (a POST is not retried: a 502).
    let server = server
        .keep_alive(KEEP_ALIVE)
        .listen(listener)?
        // Signals are ours to handle (see `shutdown_signal`), so tests install none.
        .disable_signals()
        .shutdown_timeout(grace)
        .run();
    Ok(server)
}
