//! Where a webhook may send: the operator's outbound allowlist rules. An origin on
//! `COHORT_OUTBOUND_ALLOWLIST` is always allowed (`http` too: a receiver inside the
//! network); any other address must be `https` and its host must resolve to public
//! addresses only, so a webhook can never make the server call its own loopback, the
//! private network or the cloud's metadata address. The check runs again at every
//! delivery, and the delivery connects to the addresses checked (a host cannot pass the
//! check and then resolve elsewhere).

use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;
use url::Url;

pub const NOT_A_URL: &str = "Enter the full address of your receiver, starting with https://.";
pub const TOO_LONG: &str = "Use an address of at most 2,000 characters.";
/// The longest address kept.
pub const MAX_URL: usize = 2000;
pub const NOT_HTTPS: &str = "The address must start with https://.";
pub const CREDENTIALS: &str =
    "Leave the user name and password out of the address: the signature proves who sends.";
pub const NOT_FOUND: &str = "This address's host could not be found.";
pub const PRIVATE: &str =
    "This address is private or local: deliveries go there only if the operator allows it.";

/// Where a delivery connects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub url: Url,
    /// The checked addresses to connect to; `None` for an origin the operator allows (it
    /// resolves as usual).
    pub pinned: Option<(String, Vec<SocketAddr>)>,
}

/// The address as typed, read and checked for its form: scheme, host, no credentials.
pub fn parse(text: &str, allowlist: &[String]) -> Result<Url, &'static str> {
    if text.trim().len() > MAX_URL {
        return Err(TOO_LONG);
    }
    let url = Url::parse(text.trim()).map_err(|_| NOT_A_URL)?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(NOT_A_URL);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(CREDENTIALS);
    }
    if url.scheme() != "https" && !allowed_by_operator(&url, allowlist) {
        return Err(NOT_HTTPS);
    }
    Ok(url)
}

/// Whether the operator listed the address's origin.
pub fn allowed_by_operator(url: &Url, allowlist: &[String]) -> bool {
    kernel::embed::origin_of(url.as_str()).is_some_and(|origin| allowlist.contains(&origin))
}

/// Resolves the address's host and checks where it leads.
pub async fn resolve(url: &Url, allowlist: &[String]) -> Result<Target, &'static str> {
    if allowed_by_operator(url, allowlist) {
        return Ok(Target {
            url: url.clone(),
            pinned: None,
        });
    }
    let host = url.host_str().ok_or(NOT_A_URL)?;
    let port = url.port_or_known_default().ok_or(NOT_A_URL)?;
    // `[::1]` arrives bracketed; the resolver wants the bare address.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let found: Vec<SocketAddr> = tokio::net::lookup_host((bare, port))
        .await
        .map_err(|_| NOT_FOUND)?
        .collect();
    if found.is_empty() {
        return Err(NOT_FOUND);
    }
    if !found.iter().all(|a| is_public(a.ip())) {
        return Err(PRIVATE);
    }
    Ok(Target {
        url: url.clone(),
        pinned: Some((bare.to_owned(), found)),
    })
}

/// Networks no webhook reaches unless the operator allows the origin: this host, private
/// and shared networks, link-local (the cloud's metadata address), documentation,
/// benchmarking, multicast and reserved ranges.
const NOT_PUBLIC: &[&str] = &[
    "0.0.0.0/8",
    "10.0.0.0/8",
    "100.64.0.0/10",
    "127.0.0.0/8",
    "169.254.0.0/16",
    "172.16.0.0/12",
    "192.0.0.0/24",
    "192.0.2.0/24",
    "192.168.0.0/16",
    "198.18.0.0/15",
    "198.51.100.0/24",
    "203.0.113.0/24",
    "224.0.0.0/4",
    "240.0.0.0/4",
    "::/128",
    "::1/128",
    "64:ff9b::/96",
    "100::/64",
    "2001:db8::/32",
    "fc00::/7",
    "fe80::/10",
    "ff00::/8",
];

/// Whether `ip` is an address on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    let ip = match ip {
        // An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as itself.
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    };
    !NOT_PUBLIC
        .iter()
        .filter_map(|net| net.parse::<IpNet>().ok())
        .any(|net| net.contains(&ip))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.20.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "224.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in [
            "93.184.216.34",
            "1.1.1.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn an_address_needs_https_and_no_credentials_unless_the_operator_allows_it() {
        let allow = vec!["http://127.0.0.1:9000".to_owned()];
        assert_eq!(parse("hooks.example.org", &[]), Err(NOT_A_URL));
        assert_eq!(parse("ftp://hooks.example.org/x", &[]), Err(NOT_A_URL));
        assert_eq!(parse("http://hooks.example.org/x", &[]), Err(NOT_HTTPS));
        assert_eq!(
            parse("https://me:pw@hooks.example.org/x", &[]),
            Err(CREDENTIALS)
        );
        assert!(parse("https://hooks.example.org/x", &[]).is_ok());
        assert!(parse("http://127.0.0.1:9000/hook", &allow).is_ok());
        assert_eq!(parse("http://127.0.0.1:9001/hook", &allow), Err(NOT_HTTPS));
    }

    #[tokio::test]
    async fn loopback_and_private_hosts_are_refused_unless_allowed() {
        let allow = vec!["https://127.0.0.1:9000".to_owned()];
        for url in [
            "https://127.0.0.1:9001/",
            "https://[::1]/",
            "https://localhost/",
            "https://10.0.0.8/",
            "https://169.254.169.254/latest/meta-data",
        ] {
            let url = Url::parse(url).unwrap();
            assert_eq!(resolve(&url, &allow).await, Err(PRIVATE), "{url}");
        }
        let allowed = Url::parse("https://127.0.0.1:9000/hook").unwrap();
        assert_eq!(resolve(&allowed, &allow).await.unwrap().pinned, None);
        let public = Url::parse("https://1.1.1.1/hook").unwrap();
        let target = resolve(&public, &[]).await.unwrap();
        assert_eq!(
            target.pinned,
            Some(("1.1.1.1".to_owned(), vec!["1.1.1.1:443".parse().unwrap()]))
        );
    }
}
