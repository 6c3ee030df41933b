use actix_web::{HttpResponse, get, web};
use kernel::{AppContext, AppError, Data};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok` when the app can serve requests.
    pub status: CheckState,
    /// `ok` when the database answered.
    pub database: CheckState,
}

/// Health check
///
/// Liveness and readiness: answers 200 only when the database answers.
#[utoipa::path(
    operation_id = "health",
    tag = "system",
    responses(
        (status = 200, description = "The app and its database answer.", body = Data<Health>),
        (status = 503, description = "The database does not answer.", body = kernel::ErrorBody),
    )
)]
#[get("/health")]
pub async fn health(ctx: web::Data<AppContext>) -> Result<HttpResponse, AppError> {
    match ctx.db.ping().await {
        Ok(()) => Ok(HttpResponse::Ok().json(Data {
            data: Health {
                status: CheckState::Ok,
                database: CheckState::Ok,
            },
        })),
        Err(err) => {
            tracing::error!(error = %err, "health check: database unreachable");
            Err(database_unavailable())
        }
    }
}

/// The 503 of a health check whose database does not answer.
pub fn database_unavailable() -> AppError {
    AppError::client(
        actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "The database is unavailable.",
    )
}

/// What one readiness check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckState {
    Ok,
    Failed,
    /// The database lacks migrations this binary has, or has some it does not know.
    Behind,
    /// The part is not configured (Redis without `REDIS_URL`).
    NotConfigured,
    /// The part does not answer and the instance does without it (Redis: each instance
    /// counts its rate limits and delivers its live notices alone until it is back).
    Degraded,
}

/// The process answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Liveness {
    /// Always `ok`: an answer at all is the proof.
    pub status: CheckState,
}

/// Each part an instance needs before it takes traffic.
#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    /// `ok` when every check passed.
    pub status: CheckState,
    /// The database answers.
    pub database: CheckState,
    /// The database's schema is exactly this binary's (`cohort migrate --check`).
    pub migrations: CheckState,
    /// Redis answers, when `REDIS_URL` is set; `degraded` (still ready) while it does not.
    pub redis: CheckState,
    /// A file can be written to and deleted from storage.
    pub storage: CheckState,
}

/// The process runs
///
/// Liveness for an orchestrator: answers 200 while the process serves requests, without
/// touching the database or anything else, so a slow dependency never gets the instance
/// restarted.
#[utoipa::path(
    operation_id = "healthLive",
    tag = "system",
    responses(
        (status = 200, description = "The process serves requests.", body = Data<Liveness>),
    )
)]
#[get("/health/live")]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(Data {
        data: Liveness {
            status: CheckState::Ok,
        },
    })
}

/// The instance can take traffic
///
/// Readiness for an orchestrator or a load balancer: the database answers, its schema is
/// this binary's, and storage takes a file. Redis, when configured, is `ok` or `degraded`
/// (the instance serves without it, so it stays ready). 503 names each check in
/// `extra.checks` while any fails.
#[utoipa::path(
    operation_id = "healthReady",
    tag = "system",
    responses(
        (status = 200, description = "Every check passed.", body = Data<Readiness>),
        (status = 503, description = "A check failed; `extra.checks` says which.", body = kernel::ErrorBody),
    )
)]
#[get("/health/ready")]
pub async fn ready(
    ctx: web::Data<AppContext>,
    hub: web::Data<feed::live::Hub>,
) -> Result<HttpResponse, AppError> {
    let readiness = check(&ctx, &hub).await;
    if readiness.status == CheckState::Ok {
        return Ok(HttpResponse::Ok().json(Data { data: readiness }));
    }
    let failed: Vec<&str> = [
        ("database", readiness.database),
        ("migrations", readiness.migrations),
        ("storage", readiness.storage),
    ]
    .into_iter()
    .filter(|(_, state)| matches!(state, CheckState::Failed | CheckState::Behind))
    .map(|(name, _)| name)
    .collect();
    tracing::warn!(failed = ?failed, "not ready");
    Err(AppError::client(
        actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
        "not_ready",
        format!("Not ready: {}.", failed.join(", ")),
    )
    .with_extra(
        "checks",
        serde_json::to_value(&readiness).unwrap_or_default(),
    ))
}

/// Runs every readiness check.
async fn check(ctx: &AppContext, hub: &feed::live::Hub) -> Readiness {
    let passed = |ok: bool| {
        if ok {
            CheckState::Ok
        } else {
            CheckState::Failed
        }
    };
    let database = passed(ctx.db.ping().await.is_ok());
    let migrations = match crate::schema::state(&ctx.db).await {
        Ok(state) if state.is_current() => CheckState::Ok,
        Ok(_) => CheckState::Behind,
        Err(_) => CheckState::Failed,
    };
    // Redis away is not a reason to take the instance out: every instance would be taken out
    // at once, while each can serve without it.
    let redis = match hub.redis_answers().await {
        Some(true) => CheckState::Ok,
        Some(false) => CheckState::Degraded,
        None => CheckState::NotConfigured,
    };
    let storage = passed(storage_takes_a_file(ctx).await);
    let all_ok = [database, migrations, storage]
        .iter()
        .all(|s| *s == CheckState::Ok);
    Readiness {
        status: passed(all_ok),
        database,
        migrations,
        redis,
        storage,
    }
}

/// Writes and deletes a small file where uploads go.
async fn storage_takes_a_file(ctx: &AppContext) -> bool {
    const PROBE: &str = "health/ready-probe";
    let written = ctx.storage.put(PROBE, b"ok").await;
    written.is_ok() && ctx.storage.delete(PROBE).await.is_ok()
}
