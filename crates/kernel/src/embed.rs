//! Which other sites the product embeds in frames (videos in lectures, quizzes and landing
//! blocks): one list, read by the URL checks of every embedding field and by the
//! Content-Security-Policy's `frame-src`.

/// The video players whose links members paste (the front end turns a YouTube, Vimeo,
/// Dailymotion, Twitch or Facebook link into its player's address); `COHORT_EMBED_ORIGINS`
/// adds more.
pub const DEFAULT_EMBED_ORIGINS: [&str; 6] = [
    "https://www.youtube.com",
    "https://www.youtube-nocookie.com",
    "https://player.vimeo.com",
    "https://www.dailymotion.com",
    "https://player.twitch.tv",
    "https://www.facebook.com",
];

/// The origin (`scheme://host[:port]`) of an http(s) URL, lower-cased.
pub fn origin_of(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    matches!(parsed.scheme(), "http" | "https").then_some(())?;
    let host = parsed.host_str()?;
    Some(match parsed.port() {
        Some(port) => format!("{}://{host}:{port}", parsed.scheme()),
        None => format!("{}://{host}", parsed.scheme()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin_of("https://www.YouTube.com/embed/x?y=1").as_deref(),
            Some("https://www.youtube.com")
        );
        assert_eq!(
            origin_of("http://localhost:8080/a").as_deref(),
            Some("http://localhost:8080")
        );
        assert_eq!(origin_of("javascript:alert(1)"), None);
        assert_eq!(origin_of("/\\evil.example"), None);
    }
}
