//! A browser and a system named from a `User-Agent` header, for a member's list of sessions:
//! enough to tell "Firefox on Windows" from "Safari on iPhone", without a database of agents.
//! The order of the checks matters: Edge and Opera say they are Chrome, Chrome says it is
//! Safari, and Android says it is Linux.

/// The browser a `User-Agent` names, or "Unknown browser".
pub fn browser(agent: &str) -> &'static str {
    const BROWSERS: &[(&str, &str)] = &[
        ("Edg/", "Edge"),
        ("EdgA/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
        ("curl/", "curl"),
    ];
    BROWSERS
        .iter()
        .find(|(mark, _)| agent.contains(mark))
        .map_or("Unknown browser", |(_, name)| name)
}

/// The operating system a `User-Agent` names, or "Unknown system".
pub fn system(agent: &str) -> &'static str {
    const SYSTEMS: &[(&str, &str)] = &[
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("Macintosh", "macOS"),
        ("Linux", "Linux"),
    ];
    SYSTEMS
        .iter()
        .find(|(mark, _)| agent.contains(mark))
        .map_or("Unknown system", |(_, name)| name)
}

/// The longest `User-Agent` kept: real ones are far shorter, and a request may send anything.
pub const MAX_KEPT: usize = 512;

/// What is kept of a request's `User-Agent`: none when blank, cut to [`MAX_KEPT`] characters.
pub fn kept(agent: Option<&str>) -> Option<String> {
    let agent = agent.map(str::trim).filter(|a| !a.is_empty())?;
    Some(agent.chars().take(MAX_KEPT).collect())
}

#[cfg(test)]
mod tests {
    use super::{browser, kept, system};

    #[test]
    fn common_agents_are_named() {
        let cases = [
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge",
                "Windows",
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
                "Firefox",
                "Windows",
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                "Safari",
                "iPhone",
            ),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
                "Chrome",
                "macOS",
            ),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                "Chrome",
                "Android",
            ),
            (
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
                "Chrome",
                "Linux",
            ),
            ("curl/8.5.0", "curl", "Unknown system"),
            ("", "Unknown browser", "Unknown system"),
        ];
        for (agent, want_browser, want_system) in cases {
            assert_eq!(browser(agent), want_browser, "{agent}");
            assert_eq!(system(agent), want_system, "{agent}");
        }
    }

    #[test]
    fn a_blank_agent_is_not_kept_and_a_long_one_is_cut() {
        assert_eq!(kept(Some("  ")), None);
        assert_eq!(kept(None), None);
        assert_eq!(kept(Some(&"a".repeat(600))).unwrap().len(), 512);
    }
}
