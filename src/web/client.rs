//! Who is on the other end of a request: the client's address (from the socket, or from
//! `X-Forwarded-For` when the socket is a trusted proxy) and whether the visitor came over HTTPS,
//! which decides the `Secure` flag of every cookie this server sets.

use std::net::IpAddr;

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite};

use super::AppState;

/// Cookie holding the session token.
pub const SESSION_COOKIE: &str = "anqi_session";
/// Cookie holding the chosen interface language.
pub const LANG_COOKIE: &str = "anqi_lang";

/// The network settings: which proxies may speak for the client, and whether cookies are `Secure`.
#[derive(Debug, Clone, Default)]
pub struct Network {
    /// Addresses of reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    pub trusted_proxies: Vec<IpAddr>,
    /// Always mark cookies `Secure` (the site is served over HTTPS by something in front).
    pub secure_cookies: bool,
}

impl Network {
    /// Parses a comma-separated list of proxy addresses (`ANQI_TRUSTED_PROXIES`); the error names
    /// the item that is not an address.
    pub fn parse_proxies(list: &str) -> Result<Vec<IpAddr>, String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.parse::<IpAddr>()
                    .map_err(|_| format!("trusted proxy '{s}' is not an IP address"))
            })
            .collect()
    }
}

fn network(req: &HttpRequest) -> Option<&Network> {
    req.app_data::<actix_web::web::Data<AppState>>()
        .map(|s| &s.network)
}

/// Whether the request came straight from a configured trusted proxy.
fn from_trusted_proxy(req: &HttpRequest) -> bool {
    match (req.peer_addr(), network(req)) {
        (Some(peer), Some(net)) => net.trusted_proxies.contains(&peer.ip()),
        _ => false,
    }
}

/// The client's address: the socket's peer, or, when the peer is a trusted proxy, the last address
/// of `X-Forwarded-For` that is not itself a trusted proxy (the one the proxy saw).
pub fn client_addr(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip();
    if !from_trusted_proxy(req) {
        return Some(peer);
    }
    let trusted = network(req)
        .map(|n| n.trusted_proxies.as_slice())
        .unwrap_or(&[]);
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|s| s.trim().parse::<IpAddr>().ok())
        .collect::<Vec<_>>();
    Some(
        forwarded
            .into_iter()
            .rev()
            .find(|ip| !trusted.contains(ip))
            .unwrap_or(peer),
    )
}

/// Whether the visitor reached the site over HTTPS: the `secure_cookies` setting, or a trusted
/// proxy saying `X-Forwarded-Proto: https`.
pub fn is_https(req: &HttpRequest) -> bool {
    if network(req).is_some_and(|n| n.secure_cookies) {
        return true;
    }
    from_trusted_proxy(req)
        && req
            .headers()
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(',')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .eq_ignore_ascii_case("https")
            })
}

/// A cookie for the whole site, `SameSite=Lax`, `Secure` over HTTPS; `HttpOnly` unless a script
/// must read it.
pub fn cookie(
    req: &HttpRequest,
    name: &'static str,
    value: String,
    http_only: bool,
) -> Cookie<'static> {
    Cookie::build(name, value)
        .path("/")
        .http_only(http_only)
        .same_site(SameSite::Lax)
        .secure(is_https(req))
        .finish()
}
