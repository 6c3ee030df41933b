//! Titles from the registries, fetched only from origins the operator allows
//! (`COHORT_OUTBOUND_ALLOWLIST`; none by default, so no call is made). Each scheme's public
//! API answers at its own origin, or at `COHORT_REGISTRY_MIRROR` in its place:
//!
//! - ClinicalTrials.gov: `/api/v2/studies/{NCT}` → `protocolSection.identificationModule.briefTitle`
//! - ISRCTN: `/api/query/format/default?q={ISRCTN}` → the first `<title>` of the XML
//! - Crossref (DOIs): `/works/{DOI}` → `message.title[0]`
//! - NCBI E-utilities (PubMed): `/entrez/eutils/esummary.fcgi?db=pubmed&retmode=json&id={PMID}`
//!   → `result.{PMID}.title`

use std::time::Duration;

use kernel::AppContext;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;

use crate::entity::reference;
use crate::enums::IdentifierKind;
use crate::identifiers::Identifier;

/// The longest a registry may take to answer.
const TIMEOUT: Duration = Duration::from_secs(5);
/// The largest answer read: a record's metadata is a few kilobytes.
const MAX_BODY: usize = 1 << 20;
/// The longest title kept.
const MAX_TITLE_CHARS: usize = 500;

/// Each scheme's API origin.
fn origin(kind: IdentifierKind) -> &'static str {
    match kind {
        IdentifierKind::Nct => "https://clinicaltrials.gov",
        IdentifierKind::Isrctn => "https://www.isrctn.com",
        IdentifierKind::Doi => "https://api.crossref.org",
        IdentifierKind::Pmid => "https://eutils.ncbi.nlm.nih.gov",
    }
}

/// Where `id`'s metadata would be asked for: its registry's API, or the mirror. The
/// identifier goes in as encoded path segments or query values, so it names a record and
/// never a place of its own (the parser refuses `.` and `..` segments too).
pub fn source(id: &Identifier, mirror: Option<&str>) -> Option<String> {
    let mut url = url::Url::parse(mirror.unwrap_or_else(|| origin(id.kind))).ok()?;
    {
        let mut path = url.path_segments_mut().ok()?;
        path.pop_if_empty();
        match id.kind {
            IdentifierKind::Nct => path.extend(["api", "v2", "studies", &id.value]),
            IdentifierKind::Isrctn => path.extend(["api", "query", "format", "default"]),
            IdentifierKind::Doi => path.push("works").extend(id.value.split('/')),
            IdentifierKind::Pmid => path.extend(["entrez", "eutils", "esummary.fcgi"]),
        };
    }
    match id.kind {
        IdentifierKind::Isrctn => {
            url.query_pairs_mut().append_pair("q", &id.value);
        }
        IdentifierKind::Pmid => {
            url.query_pairs_mut()
                .append_pair("db", "pubmed")
                .append_pair("retmode", "json")
                .append_pair("id", &id.value);
        }
        IdentifierKind::Nct | IdentifierKind::Doi => {}
    }
    Some(url.into())
}

/// The source to call for `id`, when its origin is allowed.
pub fn allowed_source(
    id: &Identifier,
    allowlist: &[String],
    mirror: Option<&str>,
) -> Option<String> {
    let url = source(id, mirror)?;
    let origin = kernel::embed::origin_of(&url)?;
    allowlist.contains(&origin).then_some(url)
}

/// A registry's answer, read whole when it is a success of at most [`MAX_BODY`] bytes. No
/// redirect is followed: an allowed origin must not lead the server to one nobody allowed
/// (a private address, another service on loopback).
async fn fetch(url: &str) -> Result<String, String> {
    let client = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| e.to_string())?;
    let mut response = client.get(url).send().await.map_err(|e| e.to_string())?;
    if !response.status().is_success() {
        return Err(format!("it answered {}", response.status()));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
        if body.len() + chunk.len() > MAX_BODY {
            return Err(format!("its answer is over {MAX_BODY} bytes"));
        }
        body.extend_from_slice(&chunk);
    }
    String::from_utf8(body).map_err(|_| "its answer is not UTF-8".to_owned())
}

/// The title in a registry's answer.
fn title(kind: IdentifierKind, value: &str, body: &str) -> Option<String> {
    let found = match kind {
        IdentifierKind::Isrctn => {
            let start = body.find("<title>")? + "<title>".len();
            let end = body[start..].find("</title>")? + start;
            Some(body[start..end].to_owned())
        }
        _ => {
            let json: Value = serde_json::from_str(body).ok()?;
            let text = match kind {
                IdentifierKind::Nct => {
                    &json["protocolSection"]["identificationModule"]["briefTitle"]
                }
                IdentifierKind::Doi => &json["message"]["title"][0],
                _ => &json["result"][value]["title"],
            };
            text.as_str().map(str::to_owned)
        }
    }?;
    let clean: String = found.split_whitespace().collect::<Vec<_>>().join(" ");
    (!clean.is_empty()).then(|| clean.chars().take(MAX_TITLE_CHARS).collect())
}

/// Asks the registry for reference `id`'s title and keeps it; does nothing unless the
/// operator allows the registry's origin. Failures are logged, never shown: the badge works
/// without a title.
pub async fn fill_title(ctx: AppContext, id: i64, identifier: Identifier) {
    let Some(url) = allowed_source(
        &identifier,
        &ctx.config.outbound_allowlist,
        ctx.config.registry_mirror.as_deref(),
    ) else {
        return;
    };
    let body = match fetch(&url).await {
        Ok(body) => body,
        Err(error) => {
            tracing::warn!(%url, %error, "the registry did not answer");
            return;
        }
    };
    let Some(found) = title(identifier.kind, &identifier.value, &body) else {
        tracing::warn!(%url, "the registry's answer had no title");
        return;
    };
    let saved = reference::Entity::update_many()
        .col_expr(reference::Column::Title, Expr::value(found))
        .filter(reference::Column::Id.eq(id))
        .exec(&ctx.db)
        .await;
    if let Err(error) = saved {
        tracing::error!(%error, "keeping a reference's title failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> Identifier {
        Identifier::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn nothing_is_called_unless_its_origin_is_allowed() {
        let doi = id("10.1056/NEJMoa2007764");
        assert_eq!(allowed_source(&doi, &[], None), None);
        assert_eq!(
            allowed_source(&doi, &["https://clinicaltrials.gov".into()], None),
            None
        );
        assert_eq!(
            allowed_source(&doi, &["https://api.crossref.org".into()], None).as_deref(),
            Some("https://api.crossref.org/works/10.1056/NEJMoa2007764")
        );
        // A mirror answers in the registries' place, when it is allowed itself.
        let mirror = Some("http://127.0.0.1:9000");
        assert_eq!(
            allowed_source(&doi, &["https://api.crossref.org".into()], mirror),
            None
        );
        assert_eq!(
            allowed_source(&id("32356627"), &["http://127.0.0.1:9000".into()], mirror).as_deref(),
            Some(
                "http://127.0.0.1:9000/entrez/eutils/esummary.fcgi?db=pubmed&retmode=json&id=32356627"
            )
        );
    }

    #[test]
    fn an_identifier_goes_into_the_address_encoded() {
        let base = Some("http://127.0.0.1:9000");
        assert_eq!(
            source(&id("10.1000.10/abc(12)-x;y"), base).as_deref(),
            Some("http://127.0.0.1:9000/works/10.1000.10/abc(12)-x;y")
        );
        assert_eq!(
            source(&id("10.1056/a%2F..<b>"), base).as_deref(),
            Some("http://127.0.0.1:9000/works/10.1056/a%252F..%3Cb%3E")
        );
        assert_eq!(
            source(&id("ISRCTN17072692"), None).as_deref(),
            Some("https://www.isrctn.com/api/query/format/default?q=ISRCTN17072692")
        );
        assert_eq!(
            source(&id("NCT04280705"), Some("http://127.0.0.1:9000/mirror/")).as_deref(),
            Some("http://127.0.0.1:9000/mirror/api/v2/studies/NCT04280705")
        );
    }

    #[test]
    fn each_registry_answer_gives_its_title() {
        let nct = r#"{"protocolSection":{"identificationModule":{"nctId":"NCT04280705","briefTitle":"Adaptive COVID-19 Treatment Trial (ACTT)"}}}"#;
        assert_eq!(
            title(IdentifierKind::Nct, "NCT04280705", nct).as_deref(),
            Some("Adaptive COVID-19 Treatment Trial (ACTT)")
        );
        let doi = r#"{"status":"ok","message":{"title":["Remdesivir for the Treatment of Covid-19 — Final Report"]}}"#;
        assert_eq!(
            title(IdentifierKind::Doi, "10.1056/x", doi).as_deref(),
            Some("Remdesivir for the Treatment of Covid-19 — Final Report")
        );
        let pmid = r#"{"result":{"uids":["32445440"],"32445440":{"title":"Remdesivir for the Treatment of Covid-19 - Preliminary Report."}}}"#;
        assert_eq!(
            title(IdentifierKind::Pmid, "32445440", pmid).as_deref(),
            Some("Remdesivir for the Treatment of Covid-19 - Preliminary Report.")
        );
        let isrctn = "<allTrials><fullTrial><trial><trialDescription><title>\n  Aspirin after stroke\n</title></trialDescription></trial></fullTrial></allTrials>";
        assert_eq!(
            title(IdentifierKind::Isrctn, "ISRCTN1", isrctn).as_deref(),
            Some("Aspirin after stroke")
        );
        assert_eq!(title(IdentifierKind::Doi, "10.1056/x", "not json"), None);
        assert_eq!(
            title(
                IdentifierKind::Doi,
                "10.1056/x",
                r#"{"message":{"title":["  "]}}"#
            ),
            None
        );
    }
}
