//! The client's address: the socket's peer, or, when that peer is a trusted proxy
//! (`TRUSTED_PROXIES`), the nearest address in `X-Forwarded-For` that is not one of ours.
//! Addresses a client writes into the header itself are never believed past the first proxy
//! we do not trust.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::error::ApiError;
use crate::state::AppState;

/// An address block such as `10.0.0.0/8`, `127.0.0.1` or `fd00::/8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl Cidr {
    /// True when `address` lies in the block (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, address: IpAddr) -> bool {
        match (self.network, address.to_canonical()) {
            (IpAddr::V4(network), IpAddr::V4(address)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(network) & mask == u32::from(address) & mask
            }
            (IpAddr::V6(network), IpAddr::V6(address)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(network) & mask == u128::from(address) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Cidr, String> {
        let text = text.trim();
        let (address, prefix) = text
            .split_once('/')
            .map_or((text, None), |(address, prefix)| (address, Some(prefix)));
        let network = IpAddr::from_str(address)
            .map_err(|_| format!("'{text}' is not an IP address or CIDR block"))?
            .to_canonical();
        let longest = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => longest,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|prefix| *prefix <= longest)
                .ok_or_else(|| format!("'{text}' has a bad prefix length"))?,
        };
        Ok(Cidr { network, prefix })
    }
}

/// Parses a comma-separated list of blocks, as `TRUSTED_PROXIES` holds them.
pub fn parse_list(text: &str) -> Result<Vec<Cidr>, String> {
    text.split(',')
        .filter(|part| !part.trim().is_empty())
        .map(Cidr::from_str)
        .collect()
}

/// The client's address as seen through the trusted proxies in front of us.
pub fn resolve(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let peer = peer.to_canonical();
    let is_trusted = |address: IpAddr| trusted.iter().any(|block| block.contains(address));
    if !is_trusted(peer) {
        return peer;
    }
    let mut client = peer;
    // Each proxy appends the address it received from; read from the nearest hop outwards.
    let hops = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','));
    let hops: Vec<&str> = hops.collect();
    for hop in hops.into_iter().rev() {
        let Ok(address) = IpAddr::from_str(hop.trim()) else {
            break;
        };
        client = address.to_canonical();
        if !is_trusted(client) {
            break;
        }
    }
    client
}

/// The client's address, for per-address limits and logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<ClientIp, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(address)| address.ip())
            .ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!(
                    "the server was started without connection info"
                ))
            })?;
        Ok(ClientIp(resolve(
            peer,
            &parts.headers,
            &state.config.trusted_proxies,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn blocks_contain_their_addresses_only() {
        let block: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(block.contains(ip("10.1.200.3")));
        assert!(!block.contains(ip("10.2.0.1")));
        assert!(
            block.contains(ip("::ffff:10.1.0.9")),
            "IPv4-mapped IPv6 counts as IPv4"
        );
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let v6: Cidr = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.7")));
        assert!("10.0.0.0/33".parse::<Cidr>().is_err());
        assert!("proxy".parse::<Cidr>().is_err());
        assert_eq!(parse_list("127.0.0.1, 10.0.0.0/8,").unwrap().len(), 2);
    }

    #[test]
    fn the_header_is_believed_only_from_trusted_proxies() {
        let trusted = parse_list("127.0.0.1,10.0.0.0/8").unwrap();
        let headers = forwarded(&["203.0.113.7"]);
        assert_eq!(
            resolve(ip("198.51.100.1"), &headers, &trusted),
            ip("198.51.100.1"),
            "an untrusted peer is the client"
        );
        assert_eq!(
            resolve(ip("127.0.0.1"), &headers, &trusted),
            ip("203.0.113.7")
        );
        assert_eq!(
            resolve(ip("127.0.0.1"), &HeaderMap::new(), &trusted),
            ip("127.0.0.1"),
            "no header: the proxy itself"
        );
        assert_eq!(
            resolve(ip("127.0.0.1"), &headers, &[]),
            ip("127.0.0.1"),
            "nothing trusted by default"
        );
    }

    #[test]
    fn the_nearest_untrusted_hop_wins_over_what_the_client_wrote() {
        let trusted = parse_list("127.0.0.1,10.0.0.0/8").unwrap();
        let spoofed = forwarded(&["1.2.3.4, 203.0.113.7, 10.0.0.5"]);
        assert_eq!(
            resolve(ip("127.0.0.1"), &spoofed, &trusted),
            ip("203.0.113.7")
        );
        let split = forwarded(&["1.2.3.4", "203.0.113.7"]);
        assert_eq!(
            resolve(ip("127.0.0.1"), &split, &trusted),
            ip("203.0.113.7"),
            "several header lines read as one list"
        );
        let garbage = forwarded(&["not-an-ip, 10.0.0.5"]);
        assert_eq!(
            resolve(ip("127.0.0.1"), &garbage, &trusted),
            ip("10.0.0.5"),
            "a bad hop stops the walk"
        );
    }
}
