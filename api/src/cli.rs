//! Command-line interface of the `whisk` binary.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::admins::bootstrap;
use crate::db::Db;
use crate::domain::AdminRole;
use crate::{app, config::Config, db, openapi, seed, telemetry};

/// Whisk: the baking-supplies shop server.
#[derive(Debug, Parser)]
#[command(name = "whisk", version, about)]
pub struct Cli {
    /// What to do; serves the shop when omitted.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands of `whisk`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the web app (the default).
    Serve,
    /// Create an admin in the configured database; the password is read from standard input.
    /// With the embedded database, stop the server first (the store is opened by one process).
    CreateAdmin {
        /// Their e-mail address (they sign in with it).
        #[arg(long)]
        email: String,
        #[arg(long)]
        username: String,
        /// staff, admin or superadmin.
        #[arg(long, default_value = "staff")]
        role: String,
    },
    /// Add synthetic products (and their categories when missing) to the configured database,
    /// for load tests. With the embedded database, stop the server first.
    GenerateCatalog {
        /// How many products to add.
        #[arg(long, default_value_t = 10_000)]
        products: usize,
        /// The same seed gives the same products.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Add made-up orders over the last days to the configured database, priced at the
    /// products' current prices, for trying the dashboard and exports with a shop's history.
    /// They take no stock and send no mail. With the embedded database, stop the server first.
    GenerateOrders {
        /// How many orders to add.
        #[arg(long, default_value_t = 1_000)]
        orders: usize,
        /// Spread over this many days up to now.
        #[arg(long, default_value_t = 365)]
        days: u32,
        /// The same seed gives the same orders.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Write the whole database (accounts, catalog with its images, orders, counters) to a file.
    /// With the embedded database, stop the server first.
    Backup {
        /// The backup file to write (SurrealQL).
        file: PathBuf,
    },
    /// Load a backup into an empty database (a new DATA_DIR or DATABASE_URL).
    Restore {
        /// The backup file `whisk backup` wrote.
        file: PathBuf,
    },
    /// Print the OpenAPI document of the API as JSON.
    Openapi {
        /// Write it to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// The configuration, when its database is one `whisk backup` and `whisk restore` can reach.
fn embedded_config() -> anyhow::Result<Config> {
    let config = Config::from_env().context("reading configuration")?;
    if !db::backup::is_embedded(&config.database_url) {
        anyhow::bail!(
            "{} is a SurrealDB server: back it up with `surreal export` / `surreal import`",
            config.database_url
        );
    }
    Ok(config)
}

/// Runs the command the user asked for.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let config = Config::from_env().context("reading configuration")?;
            telemetry::init(&config.log_level);
            app::serve(config).await
        }
        Command::CreateAdmin {
            email,
            username,
            role,
        } => {
            let role = match role.as_str() {
                "staff" => AdminRole::Staff,
                "admin" => AdminRole::Admin,
                "superadmin" => AdminRole::Superadmin,
                other => anyhow::bail!("--role must be staff, admin or superadmin, not '{other}'"),
            };
            let mut password = String::new();
            std::io::stdin()
                .read_line(&mut password)
                .context("reading the password from standard input")?;
            let password = password.trim_end_matches(['\r', '\n']);
            let config = Config::from_env().context("reading configuration")?;
            let db = db::connect_and_migrate(&config).await?;
            let admin = closing(&config, db, async |db| {
                bootstrap::create_admin(db, &username, &email, password, role, false).await
            })
            .await?;
            println!(
                "Created {} admin {} <{}>",
                admin.role.as_str(),
                admin.username,
                admin.email
            );
            Ok(())
        }
        Command::GenerateCatalog { products, seed } => {
            let config = Config::from_env().context("reading configuration")?;
            let db = db::connect_and_migrate(&config).await?;
            closing(&config, db, async |db| {
                seed::generate::generate(db, products, seed, |done| {
                    eprintln!("Added {done} of {products} products")
                })
                .await
            })
            .await?;
            println!("Added {products} products");
            Ok(())
        }
        Command::GenerateOrders { orders, days, seed } => {
            let config = Config::from_env().context("reading configuration")?;
            let db = db::connect_and_migrate(&config).await?;
            let rules = crate::orders::workflow::TaxRules {
                shop_state: config.shop.state,
                default_rate: config.gst.default_rate,
                delivery: config.delivery,
            };
            closing(&config, db, async |db| {
                seed::orders::generate(db, rules, orders, days, seed, |done| {
                    eprintln!("Added {done} of {orders} orders")
                })
                .await
            })
            .await?;
            println!("Added {orders} orders over the last {days} days");
            Ok(())
        }
        Command::Backup { file } => {
            let config = embedded_config()?;
            let db = db::connect_and_migrate(&config).await?;
            eprintln!(
                "Writing a backup of {} to {} ...",
                config.database_url,
                file.display()
            );
            closing(&config, db, async |db| db::backup::backup(db, &file).await).await?;
            let size = std::fs::metadata(&file).map(|meta| meta.len()).unwrap_or(0);
            println!(
                "Backup written: {} ({:.1} kB)",
                file.display(),
                size as f64 / 1e3
            );
            Ok(())
        }
        Command::Restore { file } => {
            let config = embedded_config()?;
            let db = db::connect(&config).await?;
            eprintln!(
                "Restoring {} into {} ...",
                file.display(),
                config.database_url
            );
            closing(&config, db, async |db| {
                db::backup::restore(db, &file).await?;
                db::apply_schema(db).await
            })
            .await?;
            println!("Restored {} into {}", file.display(), config.database_url);
            Ok(())
        }
        Command::Openapi { out } => {
            let json = openapi::document_json();
            match out {
                Some(path) => std::fs::write(&path, json)
                    .with_context(|| format!("writing {}", path.display())),
                None => {
                    println!("{json}");
                    Ok(())
                }
            }
        }
    }
}

/// Runs a command's `work` on `db`, then closes the store (see [`db::close`]) whether the work
/// succeeded or not, so a failed command leaves no log for the next start to replay either.
async fn closing<T>(
    config: &Config,
    db: Db,
    work: impl AsyncFnOnce(&Db) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let done = work(&db).await;
    db::close(db, &config.database_url).await;
    done
}
