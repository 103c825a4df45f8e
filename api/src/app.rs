//! Starts the application: every start-up step (database, secrets, bootstrap admin, images,
//! demo catalog, the catalog's feed, background work) in order, then the routes and layers.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::any;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;

use sha2::{Digest, Sha256};

use crate::auth::password::{self, Hasher};
use crate::auth::throttle::IpThrottles;
use crate::auth::tokens::TokenKeys;
use crate::capacity::Gate;
use crate::catalog::follow::Follower;
use crate::config::Config;
use crate::db::availability::Availability;
use crate::db::{self, Db};
use crate::error::ApiError;
use crate::mail::Mailer;
use crate::mail::outbox::{Outbox, Renderers};
use crate::state::{AppState, Services};
use crate::uploads::ImageCache;
use crate::{
    admins, audit, auth, categories, coupons, crawlers, dashboard, exports, health, http,
    load_baseline, maintenance, openapi, orders, products, seed, shop, uploads, users, web,
};

/// The largest JSON body any endpoint accepts.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

impl AppState {
    /// Connects the database, applies the schema, loads the secrets and creates the bootstrap
    /// admin when configured and no admin exists.
    pub async fn new(config: Config) -> anyhow::Result<AppState> {
        let db = db::connect_and_migrate(&config).await?;
        AppState::over(config, db).await
    }

    /// The state over a database that is already connected and migrated.
    pub async fn over(config: Config, db: Db) -> anyhow::Result<AppState> {
        let (tokens, secret) =
            TokenKeys::load_or_create(config.jwt_secret.as_deref(), &config.data_dir, &db).await?;
        let otp_key: Arc<[u8]> = Sha256::new_with_prefix(b"whisk-otp:")
            .chain_update(&secret)
            .finalize()
            .to_vec()
            .into();
        let mailer = Mailer::new(
            config.smtp_url.as_deref(),
            &config.mail_from,
            &config.data_dir,
        )?;
        if let Some(bootstrap) = &config.bootstrap_admin {
            admins::bootstrap::ensure_superadmin(&db, bootstrap).await?;
        }
        password::warm_up();
        let images = ImageCache::new(&config.data_dir)?;
        let upload_dir = config.data_dir.join("tmp");
        std::fs::create_dir_all(&upload_dir)
            .with_context(|| format!("creating {}", upload_dir.display()))?;
        // Uploads a crash left behind.
        for stale in std::fs::read_dir(&upload_dir)?.flatten() {
            let _ = std::fs::remove_file(stale.path());
        }
        let imported = images
            .import_disk_images(&db)
            .await
            .context("moving product images into the database")?;
        if imported > 0 {
            tracing::info!(
                imported,
                "product images kept only on disk were copied into the database"
            );
        }
        if let Some(dir) = &config.demo_catalog {
            let outcome = seed::demo::load_once(&db, dir)
                .await
                .context("loading the demo catalog")?;
            tracing::info!(?outcome, folder = %dir.display(), "demo catalog");
        }
        let migrated = products::repo::migrate_gst_rates(&db, config.gst.default_rate).await?;
        if migrated > 0 {
            tracing::info!(migrated, rate = %config.gst.default_rate, "products from before GST got the default rate");
        }
        let renderers = Renderers {
            invoices: orders::invoice_mail::renderer(
                db.clone(),
                config.shop.clone(),
                config.upi.clone(),
            ),
            bodies: orders::placed_mail::renderer(
                db.clone(),
                config.shop.name.clone(),
                config.shop.email.clone(),
            ),
        };
        let outbox = Outbox::new(
            db.clone(),
            mailer,
            format!("{:08x}", rand::random::<u32>()),
            Some(renderers),
        );
        let placements =
            orders::group_commit::PlacementQueue::new(outbox.node(), config.order_group_interval);
        let background = crate::background::Tasks::default();
        outbox.spawn(&background);
        let catalog_feed = Follower::start(db.clone())
            .await
            .context("loading the catalog")?;
        catalog_feed.spawn(&background);
        let catalog = Arc::clone(catalog_feed.model());
        let database = Availability::watch(db.clone(), &background);
        let load_baseline = config
            .load_baseline_file
            .as_deref()
            .map(load_baseline::read)
            .transpose()?;
        maintenance::spawn(db.clone(), images.clone(), &background);
        let admin_orders = Arc::new(orders::admin_list::AdminOrderList::default());
        admin_orders.keep(db.clone(), &background);
        Ok(AppState::from(Services {
            db,
            config: Arc::new(config),
            tokens: Arc::new(tokens),
            otp_key,
            outbox,
            throttles: Arc::new(IpThrottles::default()),
            hasher: Arc::new(Hasher::default()),
            upload_dir,
            image_work: Gate::per_core(),
            catalog,
            catalog_feed,
            database,
            images,
            load_baseline,
            placements,
            admin_orders,
            background,
        }))
    }
}

/// Connects the database and returns the whole application router.
pub async fn build(config: Config) -> anyhow::Result<Router> {
    Ok(router(AppState::new(config).await?))
}

/// The router for an already connected state.
pub fn router(state: AppState) -> Router {
    let mut api = Router::new()
        .merge(health::router())
        .merge(openapi::router())
        .merge(auth::router())
        .merge(users::router())
        .merge(admins::router())
        .merge(categories::router())
        .merge(coupons::router())
        .merge(dashboard::router())
        .merge(audit::router())
        .merge(exports::router())
        .merge(shop::router())
        .merge(products::router())
        .merge(orders::router());
    if let Some(body) = &state.load_baseline {
        api = api.merge(load_baseline::router(body.clone()));
    }
    let api = api
        .fallback(api_not_found)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .with_state(state.clone());

    let app = Router::new()
        .nest("/api/v1", api)
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .merge(uploads::serve::router().with_state(state.clone()))
        .merge(crawlers::router().with_state(state.clone()))
        .merge(web::landing::router().with_state(state.clone()))
        .merge(web::router(&state.config.web_dist))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&state.database),
            http::while_the_database_is_away,
        ));
    http::layers(app, REQUEST_TIMEOUT)
}

/// The longest a request may take before it is answered 503.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

async fn api_not_found() -> ApiError {
    ApiError::NotFound("No such API endpoint".to_owned())
}

/// Binds the configured address and serves until SIGINT or SIGTERM, then drains in-flight requests.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let address = SocketAddr::new(config.host, config.port);
    let state = AppState::new(config).await?;
    let listener = TcpListener::bind(address)
        .await
        .with_context(|| format!("binding {address}"))?;
    serve_on(state, listener, shutdown_signal()).await
}

/// Serves `state` on `listener` until `shutdown` resolves, then stops its background work and
/// closes the database: what a serving node runs, and what the orders bench runs, so that it
/// measures the node's allocator upkeep and sockets too.
pub async fn serve_on(
    state: AppState,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    // The schema and the catalog are in: what start-up freed has gone back to the system.
    crate::allocator::give_back_free_memory();
    crate::allocator::keep_giving_back(&state.background);
    let router = router(state.clone());
    tracing::info!("Whisk is serving at http://{}", listener.local_addr()?);
    // Without TCP_NODELAY a response written in two parts (headers, then a streamed file) waits
    // for the client's delayed ACK: 40 ms on Linux.
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "could not set TCP_NODELAY");
        }
    });
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
    .context("serving")?;
    // The requests are answered and their router is gone; the background tasks hold the other
    // database handles.
    state.background.stop().await;
    let (db, database_url) = (state.db.clone(), state.config.database_url.clone());
    drop(state);
    db::close(db, &database_url).await;
    tracing::info!("Whisk stopped");
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
