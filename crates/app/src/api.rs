//! The `/api` scope: every crate's routes, the OpenAPI document and Swagger UI.

use actix_web::web;
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{AppExt, scope};

use crate::http::envelope;
use crate::routes::{
    audit_trail, captcha, console, dev_mailbox, group_activity, guardrail, health, test_processor,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Cohort API",
        description = "Better medicine together: accounts, working groups, research projects, discussions, content and learning.",
        version = "0.1.0"
    ),
    // Swagger UI links it under the title.
    external_docs(
        url = "/api/docs/integrators.md",
        description = "The integrator guide: signing in, paging, the error envelope, rate limits, caching, files and retries"
    ),
    components(schemas(
        kernel::ErrorBody,
        kernel::validation::FieldText,
        discussions::api::form::PostJson,
        discussions::live::ThreadActivity,
        messages::events::MessageActivity
    )),
    // In the order an integrator meets them; Swagger UI lists them so.
    tags(
        (name = "system", description = "Health, the proof-of-work challenge for public forms, and the site's menus."),
        (name = "auth", description = "Accounts: sign-up, sign-in (password, two-step codes, providers), sessions, the profile and its settings."),
        (name = "security", description = "A member's account safety: where they are signed in (and signing those sessions out) and their two-factor recovery codes. With a session only, never with a token."),
        (name = "auth-staff", description = "Accounts as staff run them: members' accounts, staff roles and university affiliations. Staff only (security `staff`): 404 to anyone else."),
        (name = "tokens", description = "Personal API tokens for scripts: made, listed and revoked with a session (never with a token); a token acts within its scopes until it expires. The integrator guide says what each scope opens."),
        (name = "notifications", description = "What a member is told, in the app and by e-mail, and the live channel's tickets."),
        (name = "groups", description = "Working groups: browsing, the creation wizard, membership, invitations, materials and updates."),
        (name = "groups-staff", description = "Working groups as staff run them: reviewing groups and their updates, the lookups. Staff only (security `staff`): 404 to anyone else."),
        (name = "discussions", description = "Threaded discussions of groups, blog posts and projects."),
        (name = "events", description = "Events of working groups and projects: scheduling, members' answers, reminders, and each member's calendar address (iCalendar)."),
        (name = "messages", description = "Direct messages between members: conversations of two to ten, unread counts, who may start one with a member, blocks. With a session only, never with a token; staff read only messages reported to them."),
        (name = "projects", description = "Research projects: the submission wizard, review, the campaign and its updates."),
        (name = "projects-staff", description = "Projects as staff run them: review, suspension, changes, updates and final approval of funding. Staff only (security `staff`): 404 to anyone else."),
        (name = "payments", description = "All-or-nothing funding: card entry, pledges, payouts and the processor's webhooks."),
        (name = "content", description = "The public site: blog, pages, expert lectures, contact and update sign-ups."),
        (name = "content-staff", description = "The public site as staff edit it: posts, pages, menus, banners, lectures, messages and sign-ups. Staff only (security `staff`): 404 to anyone else."),
        (name = "moderation", description = "Reports about members' content, the review queue of groups' moderators and staff, and the moderation log."),
        (name = "references", description = "Registered trials (ClinicalTrials.gov, ISRCTN) and publications (DOI, PubMed) that working groups and projects link, checked by format; nothing is fetched from the registries."),
        (name = "webhooks", description = "Outgoing webhooks: the platform's events (admins) or a working group's (its owner) POSTed to a receiver, signed in `Cohort-Signature`, retried with backoff, logged and redelivered by hand. Needs a session."),
        (name = "feed", description = "The activity feed and the dashboard's counts."),
        (name = "learning", description = "Quizzes, attempts and certificates, and their public verification."),
        (name = "learning-staff", description = "Quizzes as staff write them. Staff only (security `staff`): 404 to anyone else."),
        (name = "guardrail", description = "The patient-data guardrail: what in a text may identify a patient, before it is published."),
        (name = "audit", description = "The audit chain: every staff decision and moderation action, hash-chained; its daily heads and links in public, and a member's own entries."),
        (name = "console", description = "The staff console's home: what waits in each queue, the trends and the audit log. The console's other operations sit beside their domain, under its `-staff` tag. Staff only (security `staff`): 404 to anyone else."),
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
        .configure(messages::configure)
        .configure(meetings::configure)
        .configure(content::configure)
        .configure(feed::configure)
        .configure(learning::configure)
        .configure(search::configure)
        .configure(moderation::configure)
        .configure(references::configure)
        .configure(webhooks::configure);
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
    crate::contract::security::document(&mut doc);
    document_every_error(&mut doc);
    type_downloads_as_binary(&mut doc);
    let (mut json, unillustrated) =
        crate::contract::with_examples(crate::contract::refer_to_components(doc));
    crate::contract::headers::document(&mut json, crate::site::public_reads::CACHED_PREFIXES);
    (json, unillustrated)
}

/// Every operation can also answer with an error its annotations do not list (a 400 for a
/// malformed query, a 429, a 405): all of them in the envelope, which `default` documents.
fn document_every_error(doc: &mut utoipa::openapi::OpenApi) {
    use crate::contract::security::{envelope, operations};
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

/// A download (a PDF, a ZIP, a CSV, a picture) is bytes: `type: string, format: binary` with
/// its media type, which generators keep as a blob or a file. utoipa wrote `Vec<u8>` as an
/// array of integers, and a generated client tried to parse the file as JSON.
fn type_downloads_as_binary(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
    let is_download = |media: &str| {
        [
            "application/pdf",
            "application/zip",
            "application/octet-stream",
            "text/csv",
        ]
        .contains(&media)
            || media.starts_with("image/")
    };
    for item in doc.paths.paths.values_mut() {
        for operation in crate::contract::security::operations(item) {
            for response in operation.responses.responses.values_mut() {
                let RefOr::T(response) = response else {
                    continue;
                };
                for (media, content) in response.content.iter_mut() {
                    let RefOr::T(content) = content else {
                        continue;
                    };
                    if is_download(media) {
                        let bytes = ObjectBuilder::new()
                            .schema_type(Type::String)
                            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
                            .content_media_type(media.clone())
                            .build();
                        content.schema = Some(RefOr::T(Schema::Object(bytes)));
                    }
                }
            }
        }
    }
}

/// Where the integrator guide (`docs/integrators.md`) is served, beside Swagger UI, which
/// links to it from the contract's description.
pub const GUIDE_PATH: &str = "/api/docs/integrators.md";

/// `GET /api/docs/integrators.md`: the guide, as Markdown, from the binary.
pub async fn guide() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type("text/markdown; charset=utf-8")
        .body(include_str!("../../../docs/integrators.md"))
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
/// paths without its examples (what [`crate::http::methods::MethodTable`] reads).
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
    let text = yaml_serde::to_string(&ordered)
        .map_err(|e| anyhow::anyhow!("rendering openapi.yaml: {e}"))?;
    Ok(quoted_for_yaml_1_1(&text))
}

/// `text` with the plain scalars a YAML 1.1 reader would not read as strings put in single
/// quotes. The writer follows YAML 1.2, where `yes` and `2026-11-27` are strings; PyYAML,
/// SnakeYAML and older js-yaml read them as a boolean and a date, and a client generated
/// from them gets the example or the enumeration wrong. Lines inside block scalars (the
/// descriptions) are left as they are.
fn quoted_for_yaml_1_1(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1024);
    // The indentation of the line that opened a block scalar, while inside it.
    let mut block: Option<usize> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        if let Some(opened) = block {
            if line.trim().is_empty() || indent > opened {
                out.push_str(line);
                out.push('\n');
                continue;
            }
            block = None;
        }
        let (head, value) = split_value(line);
        if ["|", "|-", "|+", ">", ">-", ">+"].contains(&value) {
            block = Some(indent);
        }
        if misread_by_yaml_1_1(value) {
            out.push_str(head);
            out.push('\'');
            out.push_str(value);
            out.push('\'');
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// A line as what comes before its scalar value (indentation, list dashes, the key) and the
/// value itself (empty when the line ends with a key or a dash).
fn split_value(line: &str) -> (&str, &str) {
    let mut start = line.len() - line.trim_start().len();
    while line[start..].starts_with("- ") {
        start += 2;
    }
    let rest = &line[start..];
    let at = if rest.starts_with(['\'', '"']) {
        // A quoted key (or value): its value, if any, follows the closing quote.
        let quote = &rest[..1];
        match rest[1..].find(quote) {
            Some(end) => rest[end + 2..].find(": ").map(|i| start + end + 2 + i + 2),
            None => None,
        }
    } else {
        rest.find(": ").map(|i| start + i + 2)
    };
    let at = at.unwrap_or(if rest.ends_with(':') {
        line.len()
    } else {
        start
    });
    (&line[..at], &line[at..])
}

/// Whether a YAML 1.1 reader takes the plain scalar `value` for something other than a
/// string: its booleans, a date or time, or a base-60 number (`1:30`).
fn misread_by_yaml_1_1(value: &str) -> bool {
    const BOOLEANS: [&str; 16] = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off",
        "OFF",
    ];
    let bytes = value.as_bytes();
    let date = bytes.len() >= 8
        && bytes[..4].iter().all(u8::is_ascii_digit)
        && bytes[4] == b'-'
        && bytes[5].is_ascii_digit();
    let base_60 = value.contains(':')
        && value
            .split(':')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
    BOOLEANS.contains(&value) || date || base_60
}
