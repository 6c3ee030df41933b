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

/// Where `id`'s metadata would be asked for: its registry's API, or the mirror.
pub fn source(id: &Identifier, mirror: Option<&str>) -> String {
    let base = mirror.unwrap_or_else(|| origin(id.kind));
    let value = &id.value;
    match id.kind {
        IdentifierKind::Nct => format!("{base}/api/v2/studies/{value}"),
        IdentifierKind::Isrctn => format!("{base}/api/query/format/default?q={value}"),
        IdentifierKind::Doi => format!("{base}/works/{value}"),
        IdentifierKind::Pmid => {
            format!("{base}/entrez/eutils/esummary.fcgi?db=pubmed&retmode=json&id={value}")
        }
    }
}

/// The source to call for `id`, when its origin is allowed.
pub fn allowed_source(
    id: &Identifier,
    allowlist: &[String],
    mirror: Option<&str>,
) -> Option<String> {
    let url = source(id, mirror);
    let origin = kernel::embed::origin_of(&url)?;
    allowlist.contains(&origin).then_some(url)
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
    let fetched = async {
        let client = reqwest::Client::builder().timeout(TIMEOUT).build()?;
        let response = client.get(&url).send().await?.error_for_status()?;
        response.text().await
    }
    .await;
    let body = match fetched {
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
