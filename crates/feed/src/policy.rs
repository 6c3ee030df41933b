//! Who hears of what. Plain functions, tested here. (Which feed items a member sees is a
//! query: `service::activity::list`.)

/// The feed's operations an API token may not use: the live channel belongs to the site
/// (a ticket opens the site's own WebSocket), so its ticket needs a session.
pub const SESSION_ONLY_OPERATIONS: &[&str] = &["createLiveTicket"];

/// Nobody is notified of what they did themselves.
pub fn notify(recipient: i64, actor: i64) -> bool {
    recipient != actor
}

/// Which pages may open the live channel: those served from an allowed origin (the public
/// address and configured extras), or in development mode any page of the host the
/// request came to. A request without `Origin` is no browser page (browsers always send it
/// on a WebSocket), so no other site's page can use it to reach a member's session.
pub fn may_open_live_channel(
    origin: Option<&str>,
    allowed: &[String],
    dev_host: Option<&str>,
) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    let origin = origin.trim_end_matches('/').to_lowercase();
    allowed.contains(&origin)
        || dev_host.is_some_and(|host| {
            let host = host.to_lowercase();
            origin == format!("http://{host}") || origin == format!("https://{host}")
        })
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_one_hears_of_their_own_action() {
        assert!(!super::notify(5, 5));
        assert!(super::notify(5, 6));
    }

    #[test]
    fn only_allowed_pages_open_the_live_channel() {
        let allowed = vec!["https://cohort.example.org".to_owned()];
        let open = |origin, dev| super::may_open_live_channel(origin, &allowed, dev);
        assert!(open(Some("https://cohort.example.org"), None));
        assert!(open(Some("https://Cohort.example.org/"), None));
        assert!(!open(Some("https://evil.example"), None));
        assert!(!open(Some("null"), None));
        assert!(open(None, None), "not a browser page");
        assert!(open(Some("http://127.0.0.1:8080"), Some("127.0.0.1:8080")));
        assert!(!open(Some("http://evil.example"), Some("127.0.0.1:8080")));
    }
}
