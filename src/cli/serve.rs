//! `anqi serve`: run the web server on the embedded SQLite database.

use clap::Args;

use super::{Refusal, lang};
use crate::i18n::Reason;
use crate::store;
use crate::web::client::Network;
use crate::web::{Application, Config};

/// Options of `anqi serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The database to use.
    #[command(flatten)]
    pub db: DatabaseArg,
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, env = "ANQI_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Reverse proxies (comma-separated IP addresses) whose `X-Forwarded-For` gives the client's
    /// address and whose `X-Forwarded-Proto: https` makes cookies `Secure`.
    #[arg(long, env = "ANQI_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: String,
    /// Mark every cookie `Secure` (the site is served over HTTPS).
    #[arg(long, env = "ANQI_SECURE_COOKIES")]
    pub secure_cookies: bool,
    /// The most memory the cache of public pages may hold, in MB (pages for anonymous visitors;
    /// past it the least recently used go first).
    #[arg(long, env = "ANQI_PAGE_CACHE_MB", default_value_t = 64)]
    pub page_cache_mb: usize,
    /// The most live streams (Server-Sent Events of open pages) one client address may hold open.
    #[arg(long, env = "ANQI_LIVE_PER_CLIENT", default_value_t = 8)]
    pub live_per_client: usize,
    /// Seconds of silence after which a live stream sends a heartbeat.
    #[arg(long, env = "ANQI_LIVE_HEARTBEAT_SECS", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub live_heartbeat_secs: u64,
    /// How often, in milliseconds, the versions of events with open live pages are read again
    /// (how writes of another process on a SQLite file reach the pages; on PostgreSQL the other
    /// instances' change notifications bring them at once, and this is the fallback).
    #[arg(long, env = "ANQI_LIVE_POLL_MS", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(50..=60000))]
    pub live_poll_ms: u64,
    /// The most live streams open at once in all (beyond it 503 with `Retry-After`).
    #[arg(long, env = "ANQI_LIVE_TOTAL", default_value_t = crate::service::live::DEFAULT_TOTAL)]
    pub live_total: usize,
    /// Password checks (argon2, 19 MiB each) running at once; as many more wait, and a login beyond
    /// them is answered 503 with `Retry-After` without a check. Default: twice the processor cores.
    #[arg(long, env = "ANQI_PASSWORD_CHECKS", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub password_checks: Option<u64>,
    /// The most requests one client (an IPv4 address or an IPv6 /64) may have in flight at once;
    /// beyond it 503 with `Retry-After`, the connection closed.
    #[arg(long, env = "ANQI_REQUESTS_PER_CLIENT", default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=100000))]
    pub requests_per_client: u64,
    /// Seconds any request body may take before the minimum rate applies.
    #[arg(long, env = "ANQI_BODY_GRACE_SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_grace_secs: u64,
    /// Bytes per second a request body must average after the grace (slower: the request is
    /// answered 400 and the connection closed).
    #[arg(long, env = "ANQI_BODY_MIN_RATE", default_value_t = 8192, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub body_min_rate: u64,
}

/// The database option shared by the commands that open the database.
#[derive(Debug, Args)]
pub struct DatabaseArg {
    /// Database URL; the SQLite file is created on first use.
    #[arg(
        long = "database-url",
        env = "ANQI_DATABASE_URL",
        default_value = "sqlite://anqi.db"
    )]
    pub database_url: String,
}

/// Runs the server until interrupted; returns the exit status.
pub fn run(args: ServeArgs) -> i32 {
    crate::process::return_large_allocations();
    crate::process::log_library_warnings();
    // Every connection and live stream is a file: a unit's default 1024 would cap them.
    if let Some(files) = crate::process::raise_open_files()
        && files < 4096
    {
        eprintln!("anqi: open-file limit {files}: set LimitNOFILE (docs/deploy.md)");
    }
    let system = actix_web::rt::System::new();
    system.block_on(async move {
        let trusted_proxies = match Network::parse_proxies(&args.trusted_proxies) {
            Ok(p) => p,
            Err(e) => {
                eprintln!(
                    "anqi: {}",
                    proxies_refusal(&args.trusted_proxies, e).text(lang())
                );
                return 2;
            }
        };
        let config = Config {
            database_url: args.db.database_url.clone(),
            bind: args.bind.clone(),
            network: Network {
                trusted_proxies,
                secure_cookies: args.secure_cookies,
            },
            page_cache_bytes: args.page_cache_mb.saturating_mul(1024 * 1024),
            workers: None,
            requests: crate::web::bounds::Settings {
                per_client: args.requests_per_client as usize,
                body_grace: std::time::Duration::from_secs(args.body_grace_secs),
                body_min_rate: args.body_min_rate,
            },
            password_checks: args.password_checks.map(|n| n as usize),
            live: crate::service::live::Settings {
                poll: std::time::Duration::from_millis(args.live_poll_ms),
                heartbeat: std::time::Duration::from_secs(args.live_heartbeat_secs),
                per_client: args.live_per_client,
                total: args.live_total,
            },
        };
        let app = match Application::build(&config).await {
            Ok(app) => app,
            Err(e) => {
                eprintln!("anqi: {e}");
                return 1;
            }
        };
        let addr = app.addr();
        let host = if addr.ip().is_unspecified() {
            "127.0.0.1".to_string()
        } else {
            addr.ip().to_string()
        };
        let base = format!("http://{host}:{}", addr.port());
        match setup_link(app.db(), &base).await {
            Ok(Some(link)) => {
                println!(
                    "{}",
                    lang().reason(&Reason::new("cli_no_admin").arg("link", link))
                )
            }
            Ok(None) => {}
            Err(e) => {
                eprintln!("anqi: {e}");
                return 1;
            }
        }
        // Last start-up line: scripts and tests wait for it.
        println!(
            "Anqi is serving at {base}/ (database {})",
            crate::store::shown_url(&config.database_url)
        );
        match app.run().await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("anqi: {e}");
                1
            }
        }
    })
}

/// A fresh one-time setup link when no administrator exists yet.
pub async fn setup_link(db: &store::Db, base: &str) -> store::StoreResult<Option<String>> {
    if store::users::admin_exists(db).await? {
        return Ok(None);
    }
    let token = crate::accounts::random_token();
    store::users::create_setup_token(db, &token).await?;
    Ok(Some(format!("{base}/setup?token={token}")))
}

/// A refused `--trusted-proxies`: the English it always printed, and the entry that is not an IP
/// address named in the language of `LANG`.
fn proxies_refusal(list: &str, english: String) -> Refusal {
    let bad = list
        .split(',')
        .map(str::trim)
        .find(|s| !s.is_empty() && s.parse::<std::net::IpAddr>().is_err())
        .unwrap_or(list);
    Refusal::new(
        format!("--trusted-proxies: {english}"),
        Reason::new("cli_trusted_proxy_bad").arg("proxy", bad),
    )
}
