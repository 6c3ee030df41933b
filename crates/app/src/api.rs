//! The `/api` scope: every crate's routes, the OpenAPI document and Swagger UI.

use actix_web::web;
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{AppExt, scope};

use crate::{
    audit_trail, captcha, console, dev_mailbox, envelope, group_activity, guardrail, health,
    test_processor,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Cohort API",
        description = "Better medicine together: accounts, working groups, research projects, discussions, content and learning.",
        version = "0.1.0"
    ),
    components(schemas(
        kernel::ErrorBody,
        kernel::validation::FieldText,
        discussions::api::form::PostJson
    )),
    // In the order an integrator meets them; Swagger UI lists them so.
    tags(
        (name = "system", description = "Health, the proof-of-work challenge for public forms, and the site's menus."),
        (name = "auth", description = "Accounts: sign-up, sign-in (password, two-step codes, providers), sessions, the profile and its settings."),
        (name = "notifications", description = "What a member is told, in the app and by e-mail, and the live channel's tickets."),
        (name = "groups", description = "Working groups: browsing, the creation wizard, membership, invitations, materials and updates."),
        (name = "discussions", description = "Threaded discussions of groups, blog posts and projects."),
        (name = "projects", description = "Research projects: the submission wizard, review, the campaign and its updates."),
        (name = "payments", description = "All-or-nothing funding: card entry, pledges, payouts and the processor's webhooks."),
        (name = "content", description = "The public site: blog, pages, expert lectures, contact and update sign-ups."),
        (name = "moderation", description = "Reports about members' content, the review queue of groups' moderators and staff, and the moderation log."),
        (name = "references", description = "Registered trials (ClinicalTrials.gov, ISRCTN) and publications (DOI, PubMed) that working groups and projects link, checked by format; nothing is fetched from the registries."),
        (name = "feed", description = "The activity feed and the dashboard's counts."),
        (name = "learning", description = "Quizzes, attempts and certificates, and their public verification."),
        (name = "guardrail", description = "The patient-data guardrail: what in a text may identify a patient, before it is published."),
        (name = "audit", description = "The audit chain: every staff decision and moderation action, hash-chained; its daily heads and links in public, and a member's own entries."),
        (name = "staff", description = "The staff console: every operation needs a staff session and answers 404 to anyone else."),
        (name = "dev", description = "Development mode only: the mailbox and outbox of the messages the site sent."),
    )
)]
struct ApiDoc;

/// Registers every API handler. Each domain crate adds its own `configure` here.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(health::health)
        .service(health::live)
        .service(health::ready)
        .service(captcha::challenge)
        .service(dev_mailbox::list)
        .service(dev_mailbox::outbox)
        .service(test_processor::confirm)
        .service(test_processor::authenticate)
        .service(test_processor::onboard)
        .service(console::overview)
        .service(console::trends)
        .service(console::audit_actions)
        .service(console::audit_activity)
        .service(console::audit_log)
        .service(group_activity::activity)
        .service(audit_trail::list_heads)
        .service(audit_trail::list_links)
        .service(audit_trail::my_trail)
        .service(guardrail::scan)
        .configure(accounts::configure)
        .configure(groups::configure)
        .configure(projects::configure)
        .configure(discussions::configure)
        .configure(content::configure)
        .configure(feed::configure)
        .configure(learning::configure)
        .configure(search::configure)
        .configure(moderation::configure)
        .configure(references::configure);
}

/// Builds the `/api` scope into `app` and returns the app with the collected document.
pub fn mount<T>(app: actix_web::App<T>) -> (actix_web::App<T>, utoipa::openapi::OpenApi)
where
    T: actix_web::dev::ServiceFactory<
            actix_web::dev::ServiceRequest,
            Config = (),
            Error = actix_web::Error,
            InitError = (),
        >,
{
    app.into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .service(
            scope::scope("/api")
                .configure(routes)
                .default_service(web::to(envelope::unknown_api_route)),
        )
        .split_for_parts()
}

/// The contract as served at `/api/openapi.json` and written to `openapi.yaml`.
pub fn openapi() -> serde_json::Value {
    illustrated().0
}

/// Each place of the contract left without an example (its test holds there are none).
pub fn unillustrated() -> Vec<String> {
    illustrated().1
}

/// The contract with its examples, and where it has none.
fn illustrated() -> (serde_json::Value, Vec<String>) {
    let mut doc = mount(actix_web::App::new()).1;
    // utoipa fills the licence from Cargo metadata; the crates declare none.
    doc.info.license = None;
    crate::contract_security::document(&mut doc);
    document_every_error(&mut doc);
    crate::contract::with_examples(crate::contract::refer_to_components(doc))
}

/// Every operation can also answer with an error its annotations do not list (a 400 for a
/// malformed query, a 429, a 405): all of them in the envelope, which `default` documents.
fn document_every_error(doc: &mut utoipa::openapi::OpenApi) {
    use crate::contract_security::{envelope, operations};
    let other = envelope("Any other error, in the error envelope.");
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            operation
                .responses
                .responses
                .entry("default".to_owned())
                .or_insert_with(|| other.clone().into());
        }
    }
}

/// Where the contract is served as JSON (Swagger UI reads it there).
pub const CONTRACT_PATH: &str = "/api/openapi.json";

/// The contract as served, rendered on its first request and then shared by every worker.
/// As a structure the document is a few megabytes of small allocations; a copy per worker
/// (and one more for Swagger UI) was most of an idle server's memory. Not at start: with
/// its examples it took some 190 ms of an unoptimised start (every integration test's),
/// and a server may never be asked for it.
#[derive(Default)]
pub struct ContractJson(std::sync::OnceLock<web::Bytes>);

impl ContractJson {
    fn rendered(&self) -> web::Bytes {
        self.0
            .get_or_init(|| openapi().to_string().into_bytes().into())
            .clone()
    }
}

/// `GET /api/openapi.json`.
pub async fn contract(
    json: web::Data<ContractJson>,
) -> Result<actix_web::HttpResponse, kernel::AppError> {
    let body = match json.0.get() {
        Some(body) => body.clone(),
        None => web::block(move || json.rendered())
            .await
            .map_err(|e| kernel::AppError::Internal(e.into()))?,
    };
    Ok(actix_web::HttpResponse::Ok()
        .content_type(actix_web::http::header::ContentType::json())
        .body(body))
}

/// The `/api` paths the server routes, with their methods and parameters: the contract's
/// paths without its examples (what [`crate::methods::MethodTable`] reads).
pub fn routed_paths() -> serde_json::Value {
    serde_json::json!({ "paths": mount(actix_web::App::new()).1.paths })
}

/// `openapi.yaml` text, as `cohort openapi` prints it: the document's parts in the order
/// a reader looks for them (the JSON form keeps its keys sorted).
pub fn openapi_yaml() -> anyhow::Result<String> {
    const READING_ORDER: [&str; 5] = ["openapi", "info", "tags", "paths", "components"];
    let serde_json::Value::Object(mut parts) = openapi() else {
        anyhow::bail!("the contract is not a JSON object");
    };
    let mut ordered = yaml_serde::Mapping::new();
    let rest: Vec<String> = parts
        .keys()
        .filter(|k| !READING_ORDER.contains(&k.as_str()))
        .cloned()
        .collect();
    for key in READING_ORDER.iter().map(|k| k.to_string()).chain(rest) {
        if let Some(part) = parts.remove(&key) {
            ordered.insert(key.into(), yaml_serde::to_value(part)?);
        }
    }
    yaml_serde::to_string(&ordered).map_err(|e| anyhow::anyhow!("rendering openapi.yaml: {e}"))
}
