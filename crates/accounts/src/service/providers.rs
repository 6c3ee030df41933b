//! The sign-in providers Cohort knows, and where each one's settings are.

use kernel::AppContext;
use kernel::config::OAuthProvider;

kernel::string_enum!(
    /// The providers Cohort knows (the `{provider}` of the sign-on paths).
    Provider {
        Google = "google",
        Facebook = "facebook",
        Orcid = "orcid",
    }
);

impl Provider {
    pub(super) fn scopes(self) -> &'static [&'static str] {
        match self {
            Self::Google => &["openid", "email", "profile"],
            Self::Facebook => &["email", "public_profile"],
            Self::Orcid => &["openid"],
        }
    }

    /// The provider's settings, when its sign-in is switched on.
    pub fn settings(self, ctx: &AppContext) -> Option<&OAuthProvider> {
        match self {
            Self::Google => ctx.config.google.as_ref(),
            Self::Facebook => ctx.config.facebook.as_ref(),
            Self::Orcid => ctx.config.orcid.as_ref(),
        }
    }
}
