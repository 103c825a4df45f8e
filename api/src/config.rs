//! Every setting of the server, read from the environment with defaults.
//! `.env.example` at the repository root documents each variable.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use pricing::{DeliveryTerms, GstRate, Money, Region};

use crate::client_ip::{self, Cidr};
use crate::payments::{self, UpiPayee};

/// The sender of outgoing mail when `MAIL_FROM` is unset.
pub const DEFAULT_MAIL_FROM: &str = "Whisk <no-reply@whisk.example>";

/// The dashboard's low-stock threshold when `LOW_STOCK_THRESHOLD` is unset, in units.
pub const DEFAULT_LOW_STOCK_THRESHOLD: i64 = 5;

/// Open pending orders per customer when `MAX_PENDING_ORDERS` is unset.
pub const DEFAULT_MAX_PENDING_ORDERS: u32 = 5;

/// The shortest time between two of a node's order group transactions when
/// `ORDER_GROUP_INTERVAL_MS` is unset: none, each starts as soon as the last ends (see
/// `orders::group_commit` and README "Orders and invoices", session 70, for what a wait buys).
pub const DEFAULT_ORDER_GROUP_INTERVAL: Duration = Duration::ZERO;

/// The GST slabs in force when `GST_SLABS` is unset, in percent.
pub const DEFAULT_GST_SLABS: [u8; 4] = [0, 5, 18, 40];

/// The rate products from before GST get, and new products when the form sends none, when
/// `GST_DEFAULT_RATE` is unset.
pub const DEFAULT_GST_RATE: u8 = 18;

/// The server's settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address to listen on (`HOST`, default 127.0.0.1).
    pub host: IpAddr,
    /// Port to listen on (`PORT`, default 5000; 0 picks a free port).
    pub port: u16,
    /// Where the database lives (`DATABASE_URL`): `surrealkv://data/whisk.db` (embedded, the
    /// default), `mem://` (in memory, for tests) or `ws://host:port` (a SurrealDB server).
    pub database_url: String,
    /// SurrealDB namespace (`DATABASE_NS`, default `whisk`).
    pub database_ns: String,
    /// SurrealDB database (`DATABASE_DB`, default `shop`).
    pub database_db: String,
    /// Root credentials for a SurrealDB server (`DATABASE_USER`, `DATABASE_PASS`); unused when embedded.
    pub database_credentials: Option<(String, String)>,
    /// Directory for uploads, the mail outbox and generated secrets (`DATA_DIR`, default `data`).
    pub data_dir: PathBuf,
    /// The built web app to serve (`WEB_DIST`, default `web/dist`).
    pub web_dist: PathBuf,
    /// Log level when `RUST_LOG` is unset (`LOG_LEVEL`, default `info`).
    pub log_level: String,
    /// Token signing secret (`JWT_SECRET`, at least 32 bytes); generated into the data directory when unset.
    pub jwt_secret: Option<String>,
    /// SMTP server for outgoing mail (`SMTP_URL`); without it mail goes to `<data dir>/outbox`.
    pub smtp_url: Option<String>,
    /// The sender of outgoing mail (`MAIL_FROM`).
    pub mail_from: String,
    /// A superadmin to create on a start that finds no admin (`BOOTSTRAP_ADMIN_EMAIL`,
    /// `BOOTSTRAP_ADMIN_PASSWORD`, optional `BOOTSTRAP_ADMIN_USERNAME`).
    pub bootstrap_admin: Option<BootstrapAdmin>,
    /// A demo catalog folder (`DEMO_CATALOG`, holding `catalog.json` and its images) to load
    /// once into a shop that has no categories or products yet.
    pub demo_catalog: Option<PathBuf>,
    /// The shop as invoices name it (`SHOP_NAME`, `SHOP_ADDRESS`, `SHOP_EMAIL`).
    pub shop: ShopIdentity,
    /// The GST rates products may have.
    pub gst: GstSettings,
    /// What delivery costs (`DELIVERY_FEE`, default 49; `DELIVERY_FREE_FROM`, default 499, 0
    /// for never free; `DELIVERY_GST_RATE`, default 18).
    pub delivery: DeliveryTerms,
    /// Where UPI payments go (`SHOP_UPI_ID`, the demo's made-up ID when unset; `none` turns
    /// UPI off, leaving cash on delivery), named as the shop.
    pub upi: Option<UpiPayee>,
    /// Proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`: comma-separated addresses
    /// or CIDR blocks, none by default). Behind nginx on the same machine: `127.0.0.1`.
    pub trusted_proxies: Vec<Cidr>,
    /// The dashboard lists products with at most this many units (`LOW_STOCK_THRESHOLD`, default 5).
    pub low_stock_threshold: i64,
    /// How many unpaid pending orders one customer may have open at once (`MAX_PENDING_ORDERS`,
    /// default 5), so nobody can hold the shop's stock hostage.
    pub max_pending_orders: u32,
    /// The shortest time from one order group transaction of this node to the next
    /// (`ORDER_GROUP_INTERVAL_MS`, default 0: each starts as soon as the last ends). Longer, the
    /// orders of a steady rate share fewer transactions, at less CPU an order and more latency.
    pub order_group_interval: Duration,
    /// For load tests only (`LOAD_BASELINE_FILE`): a file served as is at
    /// `GET /api/v1/load-baseline`, the baseline listings are compared with.
    pub load_baseline_file: Option<PathBuf>,
    /// The shop's address as shoppers type it (`PUBLIC_URL`, e.g. `https://whisk.example`), for
    /// the absolute links of `robots.txt` and `sitemap.xml`; unset, they use the request's host.
    pub public_url: Option<String>,
}

/// The seller named on invoices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopIdentity {
    pub name: String,
    /// The registered legal name on tax invoices (`SHOP_LEGAL_NAME`, the trading name if unset).
    pub legal_name: String,
    /// Postal address lines (`SHOP_ADDRESS` separates them with `;`).
    pub address_lines: Vec<String>,
    pub email: String,
    /// The shop's GSTIN, checked at start; its state code is `state`'s.
    pub gstin: String,
    /// The state the shop is registered in: sales to it are intra-state.
    pub state: Region,
}

impl Default for ShopIdentity {
    /// The demo shop: a made-up GSTIN with a valid check character, in Karnataka.
    fn default() -> ShopIdentity {
        ShopIdentity {
            name: "Whisk Baking Supplies".to_owned(),
            legal_name: "Whisk Baking Supplies Private Limited".to_owned(),
            address_lines: vec![
                "12 Residency Road, Ashok Nagar".to_owned(),
                "Bengaluru, Karnataka 560025".to_owned(),
            ],
            email: "orders@whisk.example".to_owned(),
            gstin: "29AAFCW4821K1ZX".to_owned(),
            state: pricing::find_region("Karnataka").expect("Karnataka is in the table"),
        }
    }
}

/// The delivery fee when `DELIVERY_FEE` is unset, in rupees, GST included.
pub const DEFAULT_DELIVERY_FEE: i64 = 49;

/// The goods value from which delivery is free when `DELIVERY_FREE_FROM` is unset, in rupees.
pub const DEFAULT_DELIVERY_FREE_FROM: i64 = 499;

/// The GST rate in the delivery fee when `DELIVERY_GST_RATE` is unset: courier and local
/// delivery services are taxed at 18 %.
pub const DEFAULT_DELIVERY_GST_RATE: u8 = 18;

/// The demo shop's UPI ID when `SHOP_UPI_ID` is unset (a made-up one, like its GSTIN).
pub const DEFAULT_UPI_ID: &str = "whisk.demo@upi";

/// Reads `DELIVERY_FEE`, `DELIVERY_FREE_FROM` and `DELIVERY_GST_RATE`. A fee of 0 delivers
/// every order free; a threshold of 0 charges the fee on every order.
fn delivery_terms(
    fee: Option<String>,
    free_from: Option<String>,
    gst_rate: Option<String>,
) -> anyhow::Result<DeliveryTerms> {
    let rupees = |name: &str, text: &str| {
        text.trim()
            .parse::<Money>()
            .ok()
            .filter(|amount| !amount.is_negative() && pricing::check_unit_price(*amount).is_ok())
            .with_context(|| format!("{name}: '{text}' is not an amount of rupees"))
    };
    let fee = match fee {
        Some(text) => rupees("DELIVERY_FEE", &text)?,
        None => Money::from_rupees(DEFAULT_DELIVERY_FEE),
    };
    let free_from = match free_from {
        Some(text) => Some(rupees("DELIVERY_FREE_FROM", &text)?),
        None => Some(Money::from_rupees(DEFAULT_DELIVERY_FREE_FROM)),
    }
    .filter(|threshold| !threshold.is_zero());
    let gst_rate = match gst_rate {
        Some(text) => gst_rate_of(&text).with_context(|| {
            format!("DELIVERY_GST_RATE: '{text}' is not a percent from 0 to 100")
        })?,
        None => GstRate::percent(DEFAULT_DELIVERY_GST_RATE),
    };
    Ok(DeliveryTerms {
        fee,
        free_from,
        gst_rate,
    })
}

/// Reads `ORDER_GROUP_INTERVAL_MS`: whole milliseconds, at most a second (a longer wait would
/// only hold orders back).
pub fn order_group_interval(millis: Option<String>) -> anyhow::Result<Duration> {
    Ok(millis
        .map(|text| {
            number_within(
                "ORDER_GROUP_INTERVAL_MS",
                &text,
                0..=1_000,
                "whole milliseconds from 0 to 1000",
            )
        })
        .transpose()?
        .map_or(DEFAULT_ORDER_GROUP_INTERVAL, Duration::from_millis))
}

/// Reads the setting `name`'s `text` as a number within `allowed`; otherwise an error saying
/// what it `must_be` and what it was.
fn number_within<T: std::str::FromStr + PartialOrd>(
    name: &str,
    text: &str,
    allowed: impl std::ops::RangeBounds<T>,
    must_be: &str,
) -> anyhow::Result<T> {
    text.trim()
        .parse()
        .ok()
        .filter(|number| allowed.contains(number))
        .with_context(|| format!("{name} must be {must_be}, not '{text}'"))
}

/// The GST rates in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GstSettings {
    /// The rates a product may have, ascending (`GST_SLABS`, comma-separated percents).
    pub slabs: Vec<GstRate>,
    /// The rate of products saved without one and of products from before GST.
    pub default_rate: GstRate,
}

impl Default for GstSettings {
    fn default() -> GstSettings {
        GstSettings {
            slabs: DEFAULT_GST_SLABS
                .into_iter()
                .map(GstRate::percent)
                .collect(),
            default_rate: GstRate::percent(DEFAULT_GST_RATE),
        }
    }
}

fn gst_rate_of(text: &str) -> Option<GstRate> {
    text.trim()
        .parse::<Money>()
        .ok()
        .and_then(|rate| GstRate::try_from(rate).ok())
}

/// Reads `GST_SLABS` and `GST_DEFAULT_RATE`: the default must be one of the slabs.
fn gst_settings(
    slabs: Option<String>,
    default_rate: Option<String>,
) -> anyhow::Result<GstSettings> {
    let mut settings = GstSettings::default();
    if let Some(list) = slabs {
        let mut rates = list
            .split(',')
            .map(|rate| {
                gst_rate_of(rate).with_context(|| {
                    format!(
                        "GST_SLABS: '{}' is not a percent from 0 to 100",
                        rate.trim()
                    )
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        rates.sort();
        rates.dedup();
        settings.slabs = rates;
    }
    if let Some(rate) = default_rate {
        settings.default_rate = gst_rate_of(&rate).with_context(|| {
            format!("GST_DEFAULT_RATE: '{rate}' is not a percent from 0 to 100")
        })?;
    }
    if !settings.slabs.contains(&settings.default_rate) {
        bail!(
            "GST_DEFAULT_RATE {} is not one of GST_SLABS",
            settings.default_rate
        );
    }
    Ok(settings)
}

/// Reads `SHOP_GSTIN` and `SHOP_STATE`: the GSTIN must pass its check and name the state.
fn shop_tax_identity(
    gstin: Option<String>,
    state: Option<String>,
    default: &ShopIdentity,
) -> anyhow::Result<(String, Region)> {
    let state = match state {
        Some(name) => pricing::find_region(&name).with_context(|| {
            format!("SHOP_STATE: '{name}' is not a state or union territory of India")
        })?,
        None => default.state,
    };
    let gstin = match gstin {
        Some(text) => pricing::check_gstin(&text)
            .map_err(|error| anyhow::anyhow!("SHOP_GSTIN '{text}': {error}"))?,
        None if state == default.state => default.gstin.clone(),
        None => bail!("set SHOP_GSTIN for a shop in {}", state.name),
    };
    if pricing::gstin_region(&gstin) != Some(state) {
        bail!(
            "SHOP_GSTIN {gstin} is registered in state code {}, but SHOP_STATE is {} ({:02})",
            &gstin[..2],
            state.name,
            state.code
        );
    }
    Ok((gstin, state))
}

/// The first superadmin, created at start when no admin exists.
#[derive(Clone)]
pub struct BootstrapAdmin {
    pub username: String,
    pub email: String,
    pub password: String,
}

impl std::fmt::Debug for BootstrapAdmin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BootstrapAdmin")
            .field("username", &self.username)
            .field("email", &self.email)
            .finish_non_exhaustive()
    }
}

impl Config {
    /// Reads the settings from the environment (and a `.env` file if one exists).
    pub fn from_env() -> anyhow::Result<Config> {
        let var = |name: &str| {
            std::env::var(name)
                .ok()
                .filter(|value| !value.trim().is_empty())
        };
        let port = match var("PORT") {
            Some(port) => port
                .parse()
                .with_context(|| format!("PORT must be a port number, not '{port}'"))?,
            None => 5000,
        };
        let host = match var("HOST") {
            Some(host) => host
                .parse()
                .with_context(|| format!("HOST must be an IP address, not '{host}'"))?,
            None => IpAddr::V4(Ipv4Addr::LOCALHOST),
        };
        let database_credentials = match (var("DATABASE_USER"), var("DATABASE_PASS")) {
            (Some(user), Some(pass)) => Some((user, pass)),
            (None, None) => None,
            _ => bail!("set both DATABASE_USER and DATABASE_PASS, or neither"),
        };
        let bootstrap_admin = match (
            var("BOOTSTRAP_ADMIN_EMAIL"),
            var("BOOTSTRAP_ADMIN_PASSWORD"),
        ) {
            (Some(email), Some(password)) => Some(BootstrapAdmin {
                username: var("BOOTSTRAP_ADMIN_USERNAME")
                    .unwrap_or_else(|| "Administrator".to_owned()),
                email,
                password,
            }),
            (None, None) => None,
            _ => bail!("set both BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD, or neither"),
        };
        let trusted_proxies = match var("TRUSTED_PROXIES") {
            Some(list) => client_ip::parse_list(&list)
                .map_err(|error| anyhow::anyhow!("TRUSTED_PROXIES: {error}"))?,
            None => Vec::new(),
        };
        let max_pending_orders = match var("MAX_PENDING_ORDERS") {
            Some(count) => number_within(
                "MAX_PENDING_ORDERS",
                &count,
                1..,
                "a whole number of at least 1",
            )?,
            None => DEFAULT_MAX_PENDING_ORDERS,
        };
        let order_group_interval = order_group_interval(var("ORDER_GROUP_INTERVAL_MS"))?;
        let default_shop = ShopIdentity::default();
        let (gstin, state) =
            shop_tax_identity(var("SHOP_GSTIN"), var("SHOP_STATE"), &default_shop)?;
        let name = var("SHOP_NAME").unwrap_or(default_shop.name);
        let shop = ShopIdentity {
            legal_name: var("SHOP_LEGAL_NAME").unwrap_or_else(|| {
                if var("SHOP_NAME").is_some() {
                    name.clone()
                } else {
                    default_shop.legal_name
                }
            }),
            name,
            gstin,
            state,
            address_lines: var("SHOP_ADDRESS")
                .map(|address| {
                    address
                        .split(';')
                        .map(str::trim)
                        .filter(|line| !line.is_empty())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or(default_shop.address_lines),
            email: var("SHOP_EMAIL").unwrap_or(default_shop.email),
        };
        let upi = match var("SHOP_UPI_ID") {
            Some(text) if text.trim().eq_ignore_ascii_case("none") => None,
            Some(text) => Some(
                payments::check_vpa(&text)
                    .map_err(|error| anyhow::anyhow!("SHOP_UPI_ID: {error}"))?,
            ),
            None => Some(DEFAULT_UPI_ID.to_owned()),
        }
        .map(|vpa| UpiPayee {
            vpa,
            name: shop.name.clone(),
        });
        let low_stock_threshold = match var("LOW_STOCK_THRESHOLD") {
            Some(count) => number_within(
                "LOW_STOCK_THRESHOLD",
                &count,
                0..,
                "a whole number of units",
            )?,
            None => DEFAULT_LOW_STOCK_THRESHOLD,
        };
        Ok(Config {
            low_stock_threshold,
            delivery: delivery_terms(
                var("DELIVERY_FEE"),
                var("DELIVERY_FREE_FROM"),
                var("DELIVERY_GST_RATE"),
            )?,
            upi,
            shop,
            gst: gst_settings(var("GST_SLABS"), var("GST_DEFAULT_RATE"))?,
            jwt_secret: var("JWT_SECRET"),
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| DEFAULT_MAIL_FROM.to_owned()),
            bootstrap_admin,
            demo_catalog: var("DEMO_CATALOG").map(PathBuf::from),
            load_baseline_file: var("LOAD_BASELINE_FILE").map(PathBuf::from),
            public_url: var("PUBLIC_URL").map(|url| url.trim_end_matches('/').to_owned()),
            trusted_proxies,
            max_pending_orders,
            order_group_interval,
            host,
            port,
            database_url: var("DATABASE_URL")
                .unwrap_or_else(|| "surrealkv://data/whisk.db".to_owned()),
            database_ns: var("DATABASE_NS").unwrap_or_else(|| "whisk".to_owned()),
            database_db: var("DATABASE_DB").unwrap_or_else(|| "shop".to_owned()),
            database_credentials,
            data_dir: var("DATA_DIR").map_or_else(|| PathBuf::from("data"), PathBuf::from),
            web_dist: var("WEB_DIST").map_or_else(|| PathBuf::from("web/dist"), PathBuf::from),
            log_level: var("LOG_LEVEL").unwrap_or_else(|| "info".to_owned()),
        })
    }

    /// Settings for a test: an in-memory database, port 0 and the given data and web folders.
    pub fn for_tests(data_dir: PathBuf, web_dist: PathBuf) -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            database_url: "mem://".to_owned(),
            database_ns: "whisk".to_owned(),
            database_db: "test".to_owned(),
            database_credentials: None,
            data_dir,
            web_dist,
            log_level: "warn".to_owned(),
            jwt_secret: None,
            smtp_url: None,
            mail_from: DEFAULT_MAIL_FROM.to_owned(),
            bootstrap_admin: None,
            demo_catalog: None,
            shop: ShopIdentity::default(),
            gst: GstSettings::default(),
            // Free, so tests about other totals read plainly; delivery tests set their terms.
            delivery: DeliveryTerms::FREE,
            upi: Some(UpiPayee {
                vpa: DEFAULT_UPI_ID.to_owned(),
                name: ShopIdentity::default().name,
            }),
            load_baseline_file: None,
            public_url: None,
            trusted_proxies: Vec::new(),
            max_pending_orders: DEFAULT_MAX_PENDING_ORDERS,
            order_group_interval: DEFAULT_ORDER_GROUP_INTERVAL,
            low_stock_threshold: DEFAULT_LOW_STOCK_THRESHOLD,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_group_interval_is_whole_milliseconds_up_to_a_second() {
        assert_eq!(
            order_group_interval(None).unwrap(),
            DEFAULT_ORDER_GROUP_INTERVAL
        );
        assert_eq!(
            order_group_interval(Some(" 0 ".into())).unwrap(),
            Duration::ZERO
        );
        assert_eq!(
            order_group_interval(Some("1000".into())).unwrap(),
            Duration::from_secs(1)
        );
        for bad in ["1001", "-1", "2.5", "ten"] {
            let error = order_group_interval(Some(bad.into())).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "ORDER_GROUP_INTERVAL_MS must be whole milliseconds from 0 to 1000, not '{bad}'"
                )
            );
        }
    }

    #[test]
    fn delivery_terms_default_to_a_fee_waived_from_a_threshold_and_zero_turns_parts_off() {
        let default = delivery_terms(None, None, None).unwrap();
        assert_eq!(
            (default.fee, default.free_from, default.gst_rate),
            (
                Money::from_rupees(49),
                Some(Money::from_rupees(499)),
                GstRate::percent(18)
            )
        );
        let always =
            delivery_terms(Some("60.50".into()), Some("0".into()), Some("5".into())).unwrap();
        assert_eq!(
            (always.fee, always.free_from, always.gst_rate),
            (Money::from_paise(6_050), None, GstRate::percent(5))
        );
        assert_eq!(
            delivery_terms(Some("0".into()), None, None).unwrap().fee,
            Money::ZERO
        );
        for (fee, from, rate) in [
            ("-1", "0", "18"),
            ("abc", "0", "18"),
            ("49", "1.234", "18"),
            ("49", "0", "101"),
        ] {
            assert!(
                delivery_terms(Some(fee.into()), Some(from.into()), Some(rate.into())).is_err(),
                "{fee} {from} {rate}"
            );
        }
    }

    #[test]
    fn the_shop_gstin_must_pass_its_check_and_match_the_state() {
        let default = ShopIdentity::default();
        let (gstin, state) = shop_tax_identity(
            Some("27aabcb1234c1ze".into()),
            Some("Maharashtra".into()),
            &default,
        )
        .unwrap();
        assert_eq!((gstin.as_str(), state.code), ("27AABCB1234C1ZE", 27));
        assert!(
            shop_tax_identity(
                Some("27AABCB1234C1ZF".into()),
                Some("Maharashtra".into()),
                &default
            )
            .unwrap_err()
            .to_string()
            .contains("check character")
        );
        assert!(
            shop_tax_identity(Some("27AABCB1234C1ZE".into()), None, &default)
                .unwrap_err()
                .to_string()
                .contains("Karnataka")
        );
        assert!(
            shop_tax_identity(None, Some("Goa".into()), &default).is_err(),
            "another state needs its own GSTIN"
        );
        assert!(shop_tax_identity(None, Some("Narnia".into()), &default).is_err());
        assert_eq!(
            shop_tax_identity(None, None, &default).unwrap().0,
            "29AAFCW4821K1ZX"
        );
    }

    #[test]
    fn slabs_are_read_sorted_and_must_hold_the_default() {
        let settings = gst_settings(Some("18, 5,0,3, 0.25".into()), Some("5".into())).unwrap();
        assert_eq!(
            settings
                .slabs
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            ["0", "0.25", "3", "5", "18"]
        );
        assert!(
            gst_settings(Some("5,12".into()), None).is_err(),
            "18 is not a slab"
        );
        assert!(gst_settings(Some("5,120".into()), None).is_err());
        assert_eq!(gst_settings(None, None).unwrap(), GstSettings::default());
    }
}
