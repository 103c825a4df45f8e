//! The state every handler reaches: the database handle, the settings and the shared services,
//! built once at start (see [`crate::app`]).

use std::sync::Arc;

use crate::auth::password::Hasher;
use crate::auth::throttle::IpThrottles;
use crate::auth::tokens::TokenKeys;
use crate::capacity::Gate;
use crate::catalog::follow::Follower;
use crate::catalog::read_model::ReadModel;
use crate::config::Config;
use crate::db::Db;
use crate::db::availability::Availability;
use crate::mail::outbox::Outbox;
use crate::uploads::ImageCache;

/// What every handler can reach: one shared [`Services`], so the per-request clone axum makes
/// is a single reference count.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

/// The database, settings and shared services behind an [`AppState`].
pub struct Services {
    pub db: Db,
    /// The settings the server started with.
    pub config: Arc<Config>,
    /// Signs and checks session tokens.
    pub tokens: Arc<TokenKeys>,
    /// Keys the stored digests of one-time passwords.
    pub otp_key: Arc<[u8]>,
    /// Stores mail for sending; every node drains it.
    pub outbox: Arc<Outbox>,
    /// Hashes and checks passwords, a bounded number at a time.
    pub hasher: Arc<Hasher>,
    /// Per-address throttles of the account calls (the per-account ones live in the database).
    pub throttles: Arc<IpThrottles>,
    /// The catalog read model the storefront reads.
    pub catalog: Arc<ReadModel>,
    /// Keeps `catalog` in step with the database's change feed.
    pub catalog_feed: Arc<Follower>,
    /// Whether the database answers.
    pub database: Arc<Availability>,
    /// This node's copies of the product images (the database holds them).
    pub images: ImageCache,
    /// Where uploads are streamed before they are checked.
    pub upload_dir: std::path::PathBuf,
    /// Image decoding and re-encoding, a bounded number at a time.
    pub image_work: Gate,
    /// The fixed response of load tests, when configured.
    pub load_baseline: Option<axum::body::Bytes>,
    /// This node's order placements, committed in groups.
    pub placements: crate::orders::group_commit::PlacementQueue,
    /// The admin's order list, answered from memory.
    pub admin_orders: Arc<crate::orders::admin_list::AdminOrderList>,
    /// The tasks beside the requests, stopped before the database closes.
    pub background: crate::background::Tasks,
}

impl From<Services> for AppState {
    fn from(services: Services) -> AppState {
        AppState(Arc::new(services))
    }
}
