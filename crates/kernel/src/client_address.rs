//! The client's address, for rate limits and the request log. Behind a reverse proxy every
//! request comes from the proxy, so the client is named in `Forwarded` (RFC 7239) or
//! `X-Forwarded-For` — but anyone can send those headers, so they count only when the peer
//! is one of the configured trusted proxies (`COHORT_TRUSTED_PROXIES`). The chain is read
//! from the right, skipping trusted proxies: the first other address is the client.

use std::net::{IpAddr, SocketAddr};

use actix_web::HttpRequest;
use actix_web::http::header::{FORWARDED, HeaderName, X_FORWARDED_FOR};
use ipnet::IpNet;

/// The proxies whose forwarding headers are believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub fn new(networks: Vec<IpNet>) -> Self {
        Self(networks)
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(&address))
    }

    /// The address of the client that sent `req`: the peer, or — when the peer is a trusted
    /// proxy — the nearest untrusted address its forwarding headers name.
    pub fn client_of(&self, req: &HttpRequest) -> Option<IpAddr> {
        let peer = req.peer_addr()?.ip();
        if !self.trusts(peer) {
            return Some(peer);
        }
        let chain = forwarded_chain(req);
        chain
            .iter()
            .rev()
            .find(|address| !self.trusts(**address))
            .or(chain.first())
            .copied()
            .or(Some(peer))
    }
}

/// The addresses the forwarding headers name, client first; `Forwarded` wins over
/// `X-Forwarded-For` when both are sent. An entry that is not an address (`unknown`, an
/// obfuscated name) ends the chain there: nothing to its left can be placed.
fn forwarded_chain(req: &HttpRequest) -> Vec<IpAddr> {
    let headers = req.headers();
    let values = |name: HeaderName| {
        headers
            .get_all(name)
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect::<Vec<_>>()
    };
    let forwarded = values(FORWARDED);
    let entries: Vec<Option<IpAddr>> = if forwarded.is_empty() {
        values(X_FORWARDED_FOR)
            .into_iter()
            .map(parse_node)
            .collect()
    } else {
        forwarded
            .into_iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.trim().split_once('='))
                    .find(|(key, _)| key.eq_ignore_ascii_case("for"))
                    .and_then(|(_, node)| parse_node(node.trim_matches('"')))
            })
            .collect()
    };
    let known_from = entries
        .iter()
        .rposition(Option::is_none)
        .map_or(0, |i| i + 1);
    entries[known_from..].iter().flatten().copied().collect()
}

/// `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1` or `[2001:db8::1]:4711`.
fn parse_node(node: &str) -> Option<IpAddr> {
    node.parse::<IpAddr>()
        .ok()
        .or_else(|| node.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| {
            node.strip_prefix('[')
                .and_then(|rest| rest.strip_suffix(']'))
                .and_then(|inner| inner.parse().ok())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn request(peer: &str, headers: &[(&str, &str)]) -> HttpRequest {
        let mut req = TestRequest::default().peer_addr(peer.parse().unwrap());
        for (name, value) in headers {
            req = req.insert_header((*name, *value));
        }
        req.to_http_request()
    }

    fn proxies(list: &[&str]) -> TrustedProxies {
        TrustedProxies::new(list.iter().map(|n| n.parse().unwrap()).collect())
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn forwarding_headers_from_an_untrusted_peer_are_ignored() {
        let req = request("203.0.113.9:5000", &[("x-forwarded-for", "198.51.100.1")]);
        assert_eq!(proxies(&[]).client_of(&req), ip("203.0.113.9"));
        assert_eq!(proxies(&["10.0.0.0/8"]).client_of(&req), ip("203.0.113.9"));
    }

    #[test]
    fn behind_trusted_proxies_the_nearest_untrusted_address_is_the_client() {
        let trusted = proxies(&["10.0.0.0/8"]);
        // A client may put anything on the left; only what the proxies appended counts.
        let req = request(
            "10.0.0.2:5000",
            &[("x-forwarded-for", "1.2.3.4, 198.51.100.7, 10.0.0.5")],
        );
        assert_eq!(trusted.client_of(&req), ip("198.51.100.7"));
        let req = request(
            "10.0.0.2:5000",
            &[(
                "forwarded",
                "for=1.2.3.4, for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.5",
            )],
        );
        assert_eq!(trusted.client_of(&req), ip("2001:db8::7"));
        // Forwarded wins over X-Forwarded-For.
        let req = request(
            "10.0.0.2:5000",
            &[
                ("forwarded", "for=192.0.2.60:80"),
                ("x-forwarded-for", "198.51.100.7"),
            ],
        );
        assert_eq!(trusted.client_of(&req), ip("192.0.2.60"));
    }

    #[test]
    fn a_chain_of_trusted_proxies_only_or_none_falls_back_sensibly() {
        let trusted = proxies(&["10.0.0.0/8"]);
        let only_proxies = request(
            "10.0.0.2:5000",
            &[("x-forwarded-for", "10.0.0.9, 10.0.0.5")],
        );
        assert_eq!(trusted.client_of(&only_proxies), ip("10.0.0.9"));
        let none = request("10.0.0.2:5000", &[]);
        assert_eq!(trusted.client_of(&none), ip("10.0.0.2"));
        // An unplaceable hop hides everything to its left.
        let unknown = request(
            "10.0.0.2:5000",
            &[("forwarded", "for=198.51.100.7, for=unknown, for=10.0.0.5")],
        );
        assert_eq!(trusted.client_of(&unknown), ip("10.0.0.5"));
    }
}
