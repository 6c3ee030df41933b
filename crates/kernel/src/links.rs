//! Web addresses members and staff type in: one type, [`WebUrl`], decides what may be
//! stored as a link or an embed. Only http(s) addresses with a host (or, where a field
//! allows it, a path on this site) pass: never `javascript:` or another scheme, never a
//! protocol-relative `//host` or its backslash spelling `/\host`, which browsers follow
//! to another site.

use std::sync::OnceLock;

use validator::ValidationError;

use crate::embed;

/// An address checked to be safe to store and show as a link or an embed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebUrl(String);

/// Why an address was refused (the field's own message is shown to the user).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlProblem {
    /// Not an http(s) address with a host (nor, where allowed, a path on this site).
    NotWeb,
    /// An embed whose site is not on the embed allowlist.
    NotEmbeddable,
}

impl WebUrl {
    /// An absolute http(s) address with a host.
    pub fn absolute(text: &str) -> Result<Self, UrlProblem> {
        let text = text.trim();
        let parsed = url::Url::parse(text).map_err(|_| UrlProblem::NotWeb)?;
        let web = matches!(parsed.scheme(), "http" | "https")
            && parsed.host_str().is_some_and(|h| !h.is_empty())
            && !text.contains('\\')
            && !text.chars().any(char::is_control);
        web.then(|| Self(text.to_owned())).ok_or(UrlProblem::NotWeb)
    }

    /// An absolute http(s) address, or a path on this site (`/about`).
    pub fn link(text: &str) -> Result<Self, UrlProblem> {
        let trimmed = text.trim();
        if is_site_path(trimmed) {
            return Ok(Self(trimmed.to_owned()));
        }
        Self::absolute(trimmed)
    }

    /// A page to show in a frame: a path on this site, or an address on an allowed
    /// embed origin ([`embed::DEFAULT_EMBED_ORIGINS`] and `COHORT_EMBED_ORIGINS`).
    pub fn embed(text: &str) -> Result<Self, UrlProblem> {
        let url = Self::link(text)?;
        if is_site_path(&url.0) {
            return Ok(url);
        }
        let origin = embed::origin_of(&url.0).ok_or(UrlProblem::NotWeb)?;
        embed_origins()
            .contains(&origin)
            .then_some(url)
            .ok_or(UrlProblem::NotEmbeddable)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// A path on this site: one leading slash, then no second slash or backslash that would
/// make browsers read a host.
fn is_site_path(text: &str) -> bool {
    text.starts_with('/')
        && !text.starts_with("//")
        && !text.contains('\\')
        && !text.chars().any(char::is_control)
}

static EMBED_ORIGINS: OnceLock<Vec<String>> = OnceLock::new();

/// Installs the configured embed allowlist (once, at start-up); until then the defaults
/// apply.
pub fn set_embed_origins(origins: Vec<String>) {
    let _ = EMBED_ORIGINS.set(origins);
}

/// The origins pages may be embedded from.
pub fn embed_origins() -> &'static [String] {
    EMBED_ORIGINS.get_or_init(|| {
        embed::DEFAULT_EMBED_ORIGINS
            .iter()
            .map(|o| (*o).to_owned())
            .collect()
    })
}

/// True for a link that may be stored: see [`WebUrl::link`].
pub fn is_web_address(text: &str) -> bool {
    WebUrl::link(text).is_ok()
}

/// `validator` check for fields holding an absolute http(s) address (the field's
/// `message` says what the user sees).
pub fn web_url(text: &str) -> Result<(), ValidationError> {
    WebUrl::absolute(text)
        .map(|_| ())
        .map_err(|_| ValidationError::new("url"))
}

/// Shown for an address that is not http(s) at all (the spec's wording).
pub const NOT_A_URL: &str = "Not a valid url";

/// Shown when a link that may also be a path on this site is neither.
pub const NOT_A_WEB_ADDRESS: &str = crate::validation::FieldText::WebAddress.as_str();

/// Shown when an embed's site is not on the allowlist.
pub const NOT_EMBEDDABLE: &str =
    "Only pages of this site or of an allowed video player can be embedded.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_addresses_with_a_host_are_absolute() {
        for good in [
            "https://example.org",
            "http://example.org/a?b=c#d",
            " https://x.example ",
        ] {
            assert!(WebUrl::absolute(good).is_ok(), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,<script>x</script>",
            "vbscript:x",
            "ftp://example.org",
            "//evil.example",
            "/\\evil.example",
            "https:/\\evil.example",
            "https://",
            "example.org",
            "",
        ] {
            assert_eq!(WebUrl::absolute(bad), Err(UrlProblem::NotWeb), "{bad}");
        }
    }

    #[test]
    fn links_may_also_be_paths_on_this_site() {
        assert!(WebUrl::link("/about").is_ok());
        assert!(WebUrl::link("https://example.org").is_ok());
        for bad in [
            "//evil.example",
            "/\\evil.example",
            "/\\/evil",
            "javascript:x",
            "/a\nb",
        ] {
            assert!(WebUrl::link(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn embeds_come_from_this_site_or_the_allowlist() {
        assert!(WebUrl::embed("https://www.youtube-nocookie.com/embed/x").is_ok());
        assert!(WebUrl::embed("/lgp/aspect").is_ok());
        assert_eq!(
            WebUrl::embed("https://evil.example/frame"),
            Err(UrlProblem::NotEmbeddable)
        );
        assert_eq!(WebUrl::embed("javascript:x"), Err(UrlProblem::NotWeb));
    }
}
