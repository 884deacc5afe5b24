//! Who sent a request, and how many jobs each client has: the address a request comes from
//! (the connection's, or behind a trusted reverse proxy the one its forwarding header
//! names), and the count of jobs per address that bounds
//! [`ServerConfig::jobs_per_client`](crate::config::ServerConfig::jobs_per_client). The
//! extractor that tells a request's client lives with the state it reads (`state.rs`).
//!
//! # Forwarding headers
//! Only with
//! [`ServerConfig::trust_forwarded`](crate::config::ServerConfig::trust_forwarded). A proxy
//! appends the address it sees to `X-Forwarded-For` (`client, proxy1, ...`) or adds a
//! `for=` element to `Forwarded` (RFC 7239); whatever came before may have been written by
//! the client itself. So the client is the **last** address of the header, the one the proxy
//! in front of the server added: `Forwarded` first, then `X-Forwarded-For`, every line of
//! the header in order. A header that names no address (`for=unknown`, an obfuscated
//! `for=_hidden`, garbage) leaves the connection's address. IPv4 addresses written as IPv6
//! (`::ffff:192.0.2.1`) count as IPv4.
//!
//! # Tests
//! Below: the last address wins, quoted and bracketed forms with ports, garbage ignored;
//! jobs counted per address and released when their slot is dropped.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::HeaderMap;

/// The address a request is counted against; `None` when the server cannot tell (a router
/// called in process, without a connection): all such requests count as one client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client(pub Option<IpAddr>);

impl Client {
    /// The client of a request: the connection's address `peer`, or with `trust_forwarded`
    /// the last address of its forwarding headers when they name one.
    pub fn of(headers: &HeaderMap, peer: Option<SocketAddr>, trust_forwarded: bool) -> Self {
        let forwarded = if trust_forwarded {
            forwarded_for(headers)
        } else {
            None
        };
        Client(
            forwarded
                .or(peer.map(|p| p.ip()))
                .map(|ip| ip.to_canonical()),
        )
    }
}

/// The last address of the `Forwarded` headers, else of the `X-Forwarded-For` headers.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .last()
            .map(str::trim)
    };
    let forwarded = last("forwarded").and_then(|element| {
        element.split(';').find_map(|pair| {
            let (key, value) = pair.split_once('=')?;
            key.trim()
                .eq_ignore_ascii_case("for")
                .then(|| node_address(value.trim()))
                .flatten()
        })
    });
    forwarded.or_else(|| last("x-forwarded-for").and_then(node_address))
}

/// The address of a node as the headers write it: `192.0.2.1`, `"192.0.2.1:80"`,
/// `2001:db8::1`, `"[2001:db8::1]:443"`; `None` for anything else.
fn node_address(node: &str) -> Option<IpAddr> {
    let node = node.trim_matches('"');
    if let Ok(ip) = node.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(socket) = node.parse::<SocketAddr>() {
        return Some(socket.ip());
    }
    let inner = node.strip_prefix('[')?;
    inner[..inner.find(']')?].parse().ok()
}

/// The jobs each client has computing or waiting, bounded by a limit per client.
#[derive(Debug)]
pub(crate) struct ClientJobs {
    limit: usize,
    counts: Mutex<HashMap<Client, usize>>,
}

/// One job of a client, counted until it is dropped.
#[derive(Debug)]
pub(crate) struct ClientSlot {
    jobs: Arc<ClientJobs>,
    client: Client,
}

impl ClientJobs {
    /// A count allowing `limit` jobs per client (at least 1).
    pub(crate) fn new(limit: usize) -> Self {
        ClientJobs {
            limit: limit.max(1),
            counts: Mutex::new(HashMap::new()),
        }
    }

    /// The limit per client.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// A slot for one more job of `client`, or `None` when it has the limit already.
    pub(crate) fn take(self: &Arc<Self>, client: Client) -> Option<ClientSlot> {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(client).or_insert(0);
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(ClientSlot {
            jobs: Arc::clone(self),
            client,
        })
    }

    /// How many jobs `client` has.
    pub(crate) fn count(&self, client: Client) -> usize {
        let counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        counts.get(&client).copied().unwrap_or(0)
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut counts = self
            .jobs
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for &(name, value) in pairs {
            map.append(name, HeaderValue::from_static(value));
        }
        map
    }

    /// A client's address, written as the test writes it.
    fn ip(text: &str) -> Option<IpAddr> {
        text.parse().ok()
    }

    #[test]
    fn the_last_forwarded_address_is_the_client_only_when_trusted() {
        let peer = Some("127.0.0.1:50000".parse().unwrap());
        let spoofed = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7")]);
        assert_eq!(Client::of(&spoofed, peer, true).0, ip("203.0.113.7"));
        assert_eq!(Client::of(&spoofed, peer, false).0, ip("127.0.0.1"));
        // Several lines are one list, in order.
        let lines = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "198.51.100.2"),
        ]);
        assert_eq!(Client::of(&lines, peer, true).0, ip("198.51.100.2"));
        // Forwarded comes first; quoted, bracketed, with ports, any case.
        for (value, expected) in [
            ("for=192.0.2.60;proto=http;by=203.0.113.43", "192.0.2.60"),
            (
                "for=6.6.6.6, For=\"[2001:db8:cafe::17]:4711\"",
                "2001:db8:cafe::17",
            ),
            ("proto=https; for=\"192.0.2.43:80\"", "192.0.2.43"),
            ("for=2001:db8::1", "2001:db8::1"),
        ] {
            let map = headers(&[("forwarded", value), ("x-forwarded-for", "10.9.9.9")]);
            assert_eq!(Client::of(&map, peer, true).0, ip(expected), "{value}");
        }
        // No address named: the connection's, or the other header's.
        for map in [
            headers(&[("forwarded", "for=unknown")]),
            headers(&[("forwarded", "for=_hidden")]),
            headers(&[("x-forwarded-for", "not an address")]),
            headers(&[("x-forwarded-for", "")]),
            headers(&[]),
        ] {
            assert_eq!(Client::of(&map, peer, true).0, ip("127.0.0.1"), "{map:?}");
        }
        let fallback = headers(&[
            ("forwarded", "for=unknown"),
            ("x-forwarded-for", "192.0.2.9"),
        ]);
        assert_eq!(Client::of(&fallback, peer, true).0, ip("192.0.2.9"));
        // IPv4 written as IPv6 is the same client.
        let mapped = Some("[::ffff:192.0.2.1]:80".parse().unwrap());
        assert_eq!(Client::of(&headers(&[]), mapped, false).0, ip("192.0.2.1"));
        assert_eq!(Client::of(&headers(&[]), None, true).0, None);
    }

    #[test]
    fn jobs_are_counted_per_client_until_their_slot_is_dropped() {
        let jobs = Arc::new(ClientJobs::new(2));
        let (a, b) = (Client(ip("192.0.2.1")), Client(ip("192.0.2.2")));
        let first = jobs.take(a).unwrap();
        let second = jobs.take(a).unwrap();
        assert!(jobs.take(a).is_none());
        let other = jobs.take(b).unwrap();
        assert_eq!((jobs.count(a), jobs.count(b)), (2, 1));
        drop(first);
        let third = jobs.take(a).unwrap();
        drop((second, third, other));
        assert_eq!((jobs.count(a), jobs.count(b)), (0, 0));
        assert!(jobs.counts.lock().unwrap().is_empty());
        assert_eq!(ClientJobs::new(0).limit(), 1);
    }
}
