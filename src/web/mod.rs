//! The web application: actix-web handlers rendering askama templates, over the store.
//!
//! `Application::build` binds its own listener (port 0 in tests) and reports the address, then `run`
//! serves until stopped.

pub mod bounds;
pub mod client;
pub mod csrf;
pub mod csv_upload;
pub mod ctx;
pub mod error;
pub mod extract;
pub mod game_view;

mod middleware;
pub mod page_cache;
pub mod paths;
pub mod points;
pub mod routes;

use std::net::{SocketAddr, TcpListener};

use actix_web::dev::Server;
use actix_web::{App, HttpServer, web};

use crate::store::{self, Db};

/// Shared state of all handlers.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The database pool.
    pub db: Db,
    /// Rendered public pages of events, for anonymous visitors.
    pub pages: std::sync::Arc<page_cache::PageCache>,
    /// The computed state of events per version (standings, crosstable, boards), for every viewer.
    pub events: std::sync::Arc<crate::service::event_state::EventStates>,
    /// Trusted proxies and the `Secure` cookie setting.
    pub network: client::Network,
    /// The live pages' change hub (`routes/live.rs` streams from it).
    pub live: std::sync::Arc<crate::service::live::Hub>,
    /// Requests in flight per client and the request body's deadline.
    pub bounds: std::sync::Arc<bounds::Bounds>,
    /// The bound on the logins' password checks running and waiting.
    pub password_checks: std::sync::Arc<crate::service::accounts::PasswordChecks>,
    /// The report links' rate limits (reports per link, unknown links per address).
    pub report_limits: std::sync::Arc<crate::service::report_links::Limits>,
}

/// Where to listen and which database to use.
#[derive(Debug, Clone)]
pub struct Config {
    /// e.g. `sqlite://anqi.db`.
    pub database_url: String,
    /// e.g. `127.0.0.1:8080` (port 0 picks a free port).
    pub bind: String,
    /// Trusted proxies and the `Secure` cookie setting.
    pub network: client::Network,
    /// The most bytes the page cache holds (`page_cache::DEFAULT_BYTES` unless set).
    pub page_cache_bytes: usize,
    /// The live pages' settings (version polling, heartbeat, streams per client).
    pub live: crate::service::live::Settings,
    /// Request workers (threads); `None`: one per physical core, actix-web's default. Each worker
    /// builds its own routes, so a process that starts many servers (the tests) may want fewer.
    pub workers: Option<usize>,
    /// Requests in flight per client, the request body's deadline.
    pub requests: bounds::Settings,
    /// Logins' password checks running at once, and as many waiting (`None`: twice the cores).
    pub password_checks: Option<usize>,
}

impl Config {
    /// A configuration with the default network settings (no trusted proxy, cookies `Secure` only
    /// when a trusted proxy says the visitor came over HTTPS).
    pub fn new(database_url: impl Into<String>, bind: impl Into<String>) -> Config {
        Config {
            database_url: database_url.into(),
            bind: bind.into(),
            network: client::Network::default(),
            page_cache_bytes: page_cache::DEFAULT_BYTES,
            live: Default::default(),
            workers: None,
            requests: Default::default(),
            password_checks: None,
        }
    }
}

/// Waits for Ctrl-C or SIGTERM, then closes the live pages' hub (the server then stops gracefully).
async fn live_closed_on_signal(live: std::sync::Arc<crate::service::live::Hub>) {
    let interrupt = actix_web::rt::signal::ctrl_c();
    #[cfg(unix)]
    {
        use actix_web::rt::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = interrupt => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(_) => {
                let _ = interrupt.await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
    live.close();
}

/// A bound, not yet running server.
pub struct Application {
    server: Server,
    addr: SocketAddr,
    db: Db,
    /// Held open while the server runs: `anqi restore` refuses a database in use
    /// (`store::snapshot`).
    presence: store::snapshot::Presence,
    /// Becomes true when the start-up re-adjudication has ended.
    readjudicated: tokio::sync::watch::Receiver<bool>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database could not be opened or migrated.
    #[error("database: {0}")]
    Store(#[from] store::StoreError),
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// The OS error.
        source: std::io::Error,
    },
}

impl Application {
    /// Opens the database (creating and migrating it) and binds the listener.
    pub async fn build(config: &Config) -> Result<Application, StartError> {
        let db = store::open(&config.database_url).await?;
        let presence = store::snapshot::presence(&config.database_url).await?;
        let listener = TcpListener::bind(&config.bind).map_err(|source| StartError::Bind {
            addr: config.bind.clone(),
            source,
        })?;
        let addr = listener.local_addr().map_err(|source| StartError::Bind {
            addr: config.bind.clone(),
            source,
        })?;
        // Verdicts stored under older rules are re-adjudicated once, results unchanged, in the
        // background: however many an import brought, the server listens at once.
        let (done, readjudicated) = tokio::sync::watch::channel(false);
        let upgrading = db.clone();
        actix_web::rt::spawn(async move {
            match crate::service::records::readjudicate_outdated(&upgrading).await {
                Ok(0) => {}
                Ok(n) => eprintln!(
                    "[{}] re-adjudicated under the current rules: {n} verdicts changed",
                    store::now()
                ),
                Err(e) => error::log_error(&format!("re-adjudicating stored records: {e}")),
            }
            let _ = done.send(true);
        });
        let live = crate::service::live::Hub::start(db.clone(), config.live);
        // Several instances on one PostgreSQL database: each hears of the others' commits.
        if store::backend(&db) == store::Backend::Postgres {
            live.follow_notifications(&config.database_url);
        }
        let state = web::Data::new(AppState {
            db: db.clone(),
            pages: std::sync::Arc::new(page_cache::PageCache::new(config.page_cache_bytes)),
            events: Default::default(),
            network: config.network.clone(),
            live: live.clone(),
            bounds: bounds::Bounds::new(config.requests),
            password_checks: match config.password_checks {
                Some(n) => crate::service::accounts::PasswordChecks::new(n, n),
                None => crate::service::accounts::PasswordChecks::for_this_machine(),
            },
            report_limits: Default::default(),
        });
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(web::PayloadConfig::new(csrf::FORM_LIMIT))
                .wrap(actix_web::middleware::from_fn(middleware::middleware))
                // Outermost: a client past its bound costs nothing more.
                .wrap(actix_web::middleware::from_fn(bounds::middleware))
                .configure(routes::configure)
        });
        if let Some(workers) = config.workers {
            server = server.workers(workers);
        }
        let server = server
            // Ctrl-C or SIGTERM: the live streams end first, so the graceful stop need not wait for them.
            .shutdown_signal(live_closed_on_signal(live))
            .listen(listener)
            .map_err(|source| StartError::Bind {
                addr: config.bind.clone(),
                source,
            })?
            .run();
        Ok(Application {
            server,
            addr,
            db,
            presence,
            readjudicated,
        })
    }

    /// Waits until the verdicts stored under older rules have been judged again (it runs in the
    /// background from the start; the tests of the upgrade wait for it).
    pub async fn readjudicated(&self) {
        let mut done = self.readjudicated.clone();
        let _ = done.wait_for(|d| *d).await;
    }

    /// The address actually bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The database pool (for start-up tasks such as the setup link).
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// A handle that stops the server (tests run it in their own process).
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped (Ctrl-C).
    pub async fn run(self) -> std::io::Result<()> {
        let served = self.server.await;
        drop(self.presence);
        served
    }
}
