//! Reading an identifier from what a member pastes: the bare identifier, a prefixed one
//! (`doi:`, `PMID:`) or the registry's own link, checked by its scheme's format and kept in
//! one canonical form. None of the four schemes carries a check digit (NCT and ISRCTN
//! numbers, PMIDs and DOIs are plain serials and names), so the format is the whole check:
//! exact prefixes and digit counts, a DOI's registrant code and a suffix without spaces.

use crate::enums::IdentifierKind;

/// A checked identifier in its canonical form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identifier {
    pub kind: IdentifierKind,
    /// `NCT04280705`, `ISRCTN17072692`, `10.1056/NEJMoa2007764`, `32356627`.
    pub value: String,
}

pub const NOT_RECOGNISED: &str = "Enter a ClinicalTrials.gov number (NCT and 8 digits), an ISRCTN (ISRCTN and 8 digits), a DOI (10.… or its https://doi.org/ link) or a PubMed id (up to 8 digits).";
pub const BAD_NCT: &str =
    "A ClinicalTrials.gov number is NCT followed by 8 digits, like NCT04280705.";
pub const BAD_ISRCTN: &str = "An ISRCTN is ISRCTN followed by 8 digits, like ISRCTN17072692.";
pub const BAD_DOI: &str = "A DOI is 10., a registrant code of 4 to 9 digits, a slash and the item's own part (no spaces, ?, # or ../), like 10.1056/NEJMoa2007764.";
pub const BAD_PMID: &str = "A PubMed id is a number of 1 to 8 digits, like 32356627.";

/// The longest text read as an identifier (a DOI's suffix can be long, not unbounded).
pub const MAX_CHARS: usize = 300;

impl Identifier {
    /// Reads `text`; the error is the sentence the member reads.
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let text = text.trim().trim_end_matches(['.', ',', ';']);
        if text.is_empty() || text.chars().count() > MAX_CHARS {
            return Err(NOT_RECOGNISED);
        }
        let bare = strip_link(text);
        let upper = bare.to_ascii_uppercase();
        if let Some(digits) = upper.strip_prefix("NCT") {
            return serial(IdentifierKind::Nct, "NCT", digits, BAD_NCT);
        }
        if let Some(digits) = upper.strip_prefix("ISRCTN") {
            return serial(IdentifierKind::Isrctn, "ISRCTN", digits, BAD_ISRCTN);
        }
        if let Some(rest) = strip_prefix_ignore_case(bare, "doi:") {
            return doi(rest.trim());
        }
        if bare.starts_with("10.") {
            return doi(bare);
        }
        let pmid = strip_prefix_ignore_case(bare, "pmid:")
            .or_else(|| strip_prefix_ignore_case(bare, "pmid"))
            .map_or(bare, str::trim);
        if !pmid.is_empty() && pmid.chars().all(|c| c.is_ascii_digit()) {
            return pubmed(pmid);
        }
        Err(NOT_RECOGNISED)
    }

    /// Where the identifier resolves: its registry's page.
    pub fn url(&self) -> String {
        match self.kind {
            IdentifierKind::Nct => format!("https://clinicaltrials.gov/study/{}", self.value),
            IdentifierKind::Isrctn => format!("https://www.isrctn.com/{}", self.value),
            IdentifierKind::Doi => format!("https://doi.org/{}", self.value),
            IdentifierKind::Pmid => format!("https://pubmed.ncbi.nlm.nih.gov/{}/", self.value),
        }
    }

    /// The form two links are compared in: DOIs are case-insensitive, the rest canonical.
    pub fn key(&self) -> String {
        self.value.to_ascii_lowercase()
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// The identifier inside a registry's link, or `text` as it is.
fn strip_link(text: &str) -> &str {
    let Some(rest) = strip_prefix_ignore_case(text, "https://")
        .or_else(|| strip_prefix_ignore_case(text, "http://"))
    else {
        return text;
    };
    let rest = strip_prefix_ignore_case(rest, "www.").unwrap_or(rest);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.to_ascii_lowercase();
    let path = path.split(['?', '#']).next().unwrap_or("");
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    match host.as_str() {
        "doi.org" | "dx.doi.org" => path,
        "clinicaltrials.gov" | "isrctn.com" | "pubmed.ncbi.nlm.nih.gov" => last,
        _ => text,
    }
}

fn serial(
    kind: IdentifierKind,
    prefix: &str,
    digits: &str,
    error: &'static str,
) -> Result<Identifier, &'static str> {
    if digits.len() == 8 && digits.chars().all(|c| c.is_ascii_digit()) {
        Ok(Identifier {
            kind,
            value: format!("{prefix}{digits}"),
        })
    } else {
        Err(error)
    }
}

fn doi(text: &str) -> Result<Identifier, &'static str> {
    let Some((prefix, suffix)) = text.split_once('/') else {
        return Err(BAD_DOI);
    };
    let registrant = prefix.strip_prefix("10.").unwrap_or("");
    // A registrant code is digits, possibly with sub-divisions (10.1000.10/…).
    let mut parts = registrant.split('.');
    let first = parts.next().unwrap_or("");
    let registrant_ok = (4..=9).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_digit())
        && parts.all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    // `?` and `#` would end a path and `.` or `..` segments climb it: no DOI registered in
    // practice uses them, and a registry's address must name the record, not another place.
    let suffix_ok = !suffix.is_empty()
        && !suffix
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '?' || c == '#')
        && !suffix.split('/').any(|part| part == "." || part == "..");
    if registrant_ok && suffix_ok {
        Ok(Identifier {
            kind: IdentifierKind::Doi,
            value: format!("{prefix}/{suffix}"),
        })
    } else {
        Err(BAD_DOI)
    }
}

fn pubmed(digits: &str) -> Result<Identifier, &'static str> {
    let value = digits.trim_start_matches('0');
    if (1..=8).contains(&digits.len()) && !value.is_empty() {
        Ok(Identifier {
            kind: IdentifierKind::Pmid,
            value: value.to_owned(),
        })
    } else {
        Err(BAD_PMID)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<(IdentifierKind, String), &'static str> {
        Identifier::parse(text).map(|id| (id.kind, id.value))
    }

    #[test]
    fn trial_numbers_read_bare_or_from_the_registry_link() {
        let nct = Ok((IdentifierKind::Nct, "NCT04280705".to_owned()));
        assert_eq!(read("NCT04280705"), nct);
        assert_eq!(read(" nct04280705. "), nct);
        assert_eq!(
            read("https://clinicaltrials.gov/study/NCT04280705?tab=results"),
            nct
        );
        assert_eq!(
            read("https://www.clinicaltrials.gov/ct2/show/NCT04280705"),
            nct
        );
        let isrctn = Ok((IdentifierKind::Isrctn, "ISRCTN17072692".to_owned()));
        assert_eq!(read("ISRCTN17072692"), isrctn);
        assert_eq!(read("https://www.isrctn.com/ISRCTN17072692"), isrctn);
    }

    #[test]
    fn trial_numbers_need_exactly_eight_digits() {
        assert_eq!(read("NCT0428070"), Err(BAD_NCT));
        assert_eq!(read("NCT042807051"), Err(BAD_NCT));
        assert_eq!(read("NCT0428O705"), Err(BAD_NCT));
        assert_eq!(read("ISRCTN1707269"), Err(BAD_ISRCTN));
        assert_eq!(read("ISRCTN 17072692"), Err(BAD_ISRCTN));
    }

    #[test]
    fn dois_read_bare_prefixed_or_as_links() {
        let doi = Ok((IdentifierKind::Doi, "10.1056/NEJMoa2007764".to_owned()));
        assert_eq!(read("10.1056/NEJMoa2007764"), doi);
        assert_eq!(read("doi: 10.1056/NEJMoa2007764"), doi);
        assert_eq!(read("https://doi.org/10.1056/NEJMoa2007764"), doi);
        assert_eq!(read("http://dx.doi.org/10.1056/NEJMoa2007764"), doi);
        assert_eq!(
            read("10.1000.10/abc(12)-x;y"),
            Ok((IdentifierKind::Doi, "10.1000.10/abc(12)-x;y".to_owned()))
        );
    }

    #[test]
    fn a_doi_names_no_other_place() {
        for climbing in [
            "10.1056/../../../../internal/traversal?x=1#",
            "10.1056/a/../b",
            "10.1056/./b",
            "10.1056/abc?x=1",
            "10.1056/abc#top",
        ] {
            assert_eq!(read(climbing), Err(BAD_DOI), "{climbing}");
        }
        assert!(
            read("10.1056/a..b").is_ok(),
            "dots inside a part are a name"
        );
    }

    #[test]
    fn a_doi_needs_its_registrant_and_a_suffix_without_spaces() {
        assert_eq!(read("10.105/NEJMoa"), Err(BAD_DOI));
        assert_eq!(read("10.1056"), Err(BAD_DOI));
        assert_eq!(read("10.1056/"), Err(BAD_DOI));
        assert_eq!(read("10.1056/NEJM oa"), Err(BAD_DOI));
        assert_eq!(read("10.12a4/x"), Err(BAD_DOI));
    }

    #[test]
    fn pubmed_ids_are_one_to_eight_digits() {
        let pmid = Ok((IdentifierKind::Pmid, "32356627".to_owned()));
        assert_eq!(read("32356627"), pmid);
        assert_eq!(read("PMID: 32356627"), pmid);
        assert_eq!(read("https://pubmed.ncbi.nlm.nih.gov/32356627/"), pmid);
        assert_eq!(read("123456789"), Err(BAD_PMID));
        assert_eq!(read("00000000"), Err(BAD_PMID));
    }

    #[test]
    fn anything_else_is_not_recognised() {
        for text in [
            "",
            "hello",
            "https://example.org/NCT04280705x",
            "EUCTR2020-001",
            &"1".repeat(400),
        ] {
            assert_eq!(read(text), Err(NOT_RECOGNISED), "{text}");
        }
    }

    #[test]
    fn each_kind_links_to_its_registry() {
        let url = |text: &str| Identifier::parse(text).map(|id| id.url());
        assert_eq!(
            url("NCT04280705"),
            Ok("https://clinicaltrials.gov/study/NCT04280705".to_owned())
        );
        assert_eq!(
            url("ISRCTN17072692"),
            Ok("https://www.isrctn.com/ISRCTN17072692".to_owned())
        );
        assert_eq!(
            url("10.1056/NEJMoa2007764"),
            Ok("https://doi.org/10.1056/NEJMoa2007764".to_owned())
        );
        assert_eq!(
            url("32356627"),
            Ok("https://pubmed.ncbi.nlm.nih.gov/32356627/".to_owned())
        );
    }
}
