//! Test support: start the real application in this process on port 0 against a fresh SQLite file, and a small
//! HTTP client with a cookie jar that fills in the CSRF field of forms like a browser page would.
//!
//! With `ANQI_TEST_PG` set to a PostgreSQL URL with the right to create databases (`scripts/test`
//! sets it for the suite's second run, on the cluster `scripts/pg-cluster` starts), every
//! [`TempDir`] gets a fresh database of its own on that server instead, dropped with it.

#![allow(dead_code)]

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The `anqi` binary under test.
pub fn anqi_bin() -> &'static str {
    env!("CARGO_BIN_EXE_anqi")
}

/// Every file below `dir` (relative to the project root) with its text, for the tests that read the
/// project's own sources and templates.
pub fn project_files(dir: &str) -> Vec<(PathBuf, String)> {
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    let mut files = Vec::new();
    while let Some(path) = stack.pop() {
        for entry in std::fs::read_dir(&path).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let text = std::fs::read_to_string(&p).unwrap();
                files.push((p, text));
            }
        }
    }
    files
}

/// The PostgreSQL server the tests run against (`ANQI_TEST_PG`: a URL whose user may create
/// databases), or `None` for SQLite.
pub fn test_pg() -> Option<String> {
    std::env::var("ANQI_TEST_PG").ok().filter(|u| !u.is_empty())
}

/// Whether the tests run against PostgreSQL ([`test_pg`]).
pub fn on_postgres() -> bool {
    test_pg().is_some()
}

/// The reason a PostgreSQL-only test gives for being ignored: such tests are `#[ignore]`d with it
/// and named `on_postgres_…`, so that `scripts/test` runs them (`--include-ignored`) on its
/// PostgreSQL run only and skips them (`--skip on_postgres_`) on SQLite.
pub const NEEDS_POSTGRES: &str =
    "needs PostgreSQL: set ANQI_TEST_PG (scripts/test starts a cluster)";

/// For a PostgreSQL-only test that was run without `ANQI_TEST_PG`: fails, saying why, instead of
/// passing without having tested anything.
pub fn require_postgres() {
    assert!(on_postgres(), "{NEEDS_POSTGRES}");
}

/// For a test of what only SQLite has (its database file, `VACUUM INTO`): true, after printing a
/// note naming the test, when the suite runs on PostgreSQL (the test then returns at once).
pub fn sqlite_only(test: &str) -> bool {
    let skip = on_postgres();
    if skip {
        println!("note: {test} skipped on PostgreSQL (it tests the SQLite database file)");
    }
    skip
}

/// `admin` (a server URL ending in a database name, maybe with `?options`) naming database `name`.
fn pg_url_of(admin: &str, name: &str) -> String {
    let (base, options) = admin.split_once('?').unwrap_or((admin, ""));
    let server = match base.split_once("://") {
        Some((scheme, rest)) => match rest.split_once('/') {
            Some((host, _)) => format!("{scheme}://{host}"),
            None => base.to_string(),
        },
        None => base.to_string(),
    };
    if options.is_empty() {
        format!("{server}/{name}")
    } else {
        format!("{server}/{name}?{options}")
    }
}

/// Runs one SQL statement on the PostgreSQL server `admin` with `psql` (no sqlx backend needed).
fn pg_admin(admin: &str, sql: &str) -> Result<(), String> {
    let out = Command::new("psql")
        .args(["-X", "-q", "-v", "ON_ERROR_STOP=1", admin, "-c", sql])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run psql: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// A temporary directory removed on drop; on PostgreSQL ([`test_pg`]) also a fresh database
/// (`anqi_t_<pid>_<n>`), dropped with it.
pub struct TempDir(pub PathBuf, Option<String>);

impl TempDir {
    /// A fresh empty directory under the system temp dir (and a fresh database on PostgreSQL).
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        let p = std::env::temp_dir().join(format!("anqi-test-{tag}-{}-{n}", std::process::id(),));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        let database = test_pg().map(|admin| {
            let name = format!("anqi_t_{}_{n}", std::process::id());
            pg_admin(&admin, &format!("CREATE DATABASE {name}"))
                .unwrap_or_else(|e| panic!("create the test database {name}: {e}"));
            pg_url_of(&admin, &name)
        });
        TempDir(p, database)
    }

    /// The database URL: `anqi.db` in this directory, or this directory's PostgreSQL database.
    pub fn database_url(&self) -> String {
        match &self.1 {
            Some(url) => url.clone(),
            None => format!("sqlite://{}", self.0.join("anqi.db").display()),
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
        if let (Some(admin), Some(url)) = (test_pg(), &self.1) {
            let name = url.split('?').next().and_then(|u| u.rsplit('/').next());
            if let Some(name) = name {
                // FORCE: a server of the test may still hold connections.
                let _ = pg_admin(
                    &admin,
                    &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
                );
            }
        }
    }
}

/// Work for the server's own runtime: a future on the application's database pool.
type Job = Box<
    dyn FnOnce(anqi::store::Db) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> + Send,
>;

/// A running server: the real application, started in this test process on port 0.
pub struct Server {
    handle: actix_web::dev::ServerHandle,
    /// Runs [`Job`]s on the server's runtime (its pool's connections belong to that runtime).
    jobs: tokio::sync::mpsc::UnboundedSender<Job>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// e.g. `http://127.0.0.1:41234`
    pub base: String,
    /// The one-time administrator setup link, when the database had no administrator.
    pub setup_link: Option<String>,
}

impl Server {
    /// Builds the application on port 0 with the database in `dir` (as `anqi serve` does, setup
    /// link included) and serves it on a thread of its own.
    pub fn start(dir: &TempDir) -> Server {
        Server::start_with(dir, anqi::web::client::Network::default())
    }

    /// [`Server::start`] with network settings (trusted proxies, `Secure` cookies).
    pub fn start_with(dir: &TempDir, network: anqi::web::client::Network) -> Server {
        Server::start_configured(dir, move |config| config.network = network)
    }

    /// [`Server::start`] with the configuration changed by `configure` (network, live pages …).
    pub fn start_configured(
        dir: &TempDir,
        configure: impl FnOnce(&mut anqi::web::Config) + Send + 'static,
    ) -> Server {
        let url = dir.database_url();
        let (tx, rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let mut config = anqi::web::Config::new(url, "127.0.0.1:0");
                // One request worker: each builds the routes again, a cost every test would pay.
                config.workers = Some(1);
                configure(&mut config);
                let app = anqi::web::Application::build(&config)
                    .await
                    .expect("start the application");
                // The tests of the upgrade read verdicts judged again at start.
                app.readjudicated().await;
                let base = format!("http://127.0.0.1:{}", app.addr().port());
                let link = anqi::cli::serve::setup_link(app.db(), &base)
                    .await
                    .expect("setup link");
                let (jobs, mut queue) = tokio::sync::mpsc::unbounded_channel::<Job>();
                let db = app.db().clone();
                actix_web::rt::spawn(async move {
                    while let Some(job) = queue.recv().await {
                        job(db.clone()).await;
                    }
                });
                tx.send((base, link, app.handle(), jobs))
                    .expect("report start-up");
                let _ = app.run().await;
            })
        });
        let (base, setup_link, handle, jobs) = rx.recv().expect("server started");
        Server {
            handle,
            jobs,
            thread: Some(thread),
            base,
            setup_link,
        }
    }

    /// Runs `work` on the application's database pool, on the server's runtime, and returns its
    /// answer.
    pub fn on_db<T, F>(&self, work: impl FnOnce(anqi::store::Db) -> F + Send + 'static) -> T
    where
        T: Send + 'static,
        F: std::future::Future<Output = T> + 'static,
    {
        let (tx, rx) = std::sync::mpsc::channel();
        let job: Job = Box::new(move |db| {
            Box::pin(async move {
                let _ = tx.send(work(db).await);
            })
        });
        self.jobs.send(job).expect("the server is running");
        rx.recv().expect("the server ran the job")
    }

    /// A session token for the account `name` whose password is [`PASSWORD`] as [`create_user`]
    /// stored it: the session the login form would start (`service::accounts::start_session`, a
    /// real session row), without the form's argon2 check, whose answer is known. `None` when the
    /// account's password is another (or it cannot sign in): then only the form can tell.
    pub fn session_for(&self, name: &str) -> Option<String> {
        let name = name.to_string();
        self.on_db(move |db| async move {
            let creds = anqi::store::users::credentials(&db, &name)
                .await
                .expect("read the account")?;
            if creds.disabled || creds.password_hash != *password_hash() {
                return None;
            }
            let token = anqi::service::accounts::start_session(&db, creds.user.id)
                .await
                .expect("start a session");
            Some(token)
        })
    }

    /// A client signed in as `name` (password [`PASSWORD`]): with the session cookie the login
    /// form would have set ([`Server::session_for`]), or through the form when the account's
    /// password is another (the form then checks it). The tests of signing in use
    /// [`Client::login`] or the form.
    pub fn login(&self, name: &str) -> Client {
        let mut c = self.client();
        match self.session_for(name) {
            Some(token) => {
                c.cookies.insert("anqi_session".into(), token);
            }
            None => c.login(name, PASSWORD),
        }
        c
    }

    /// Stops the server (like an operator pressing Ctrl-C would, but certain).
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(thread) = self.thread.take() {
            actix_web::rt::System::new().block_on(self.handle.stop(false));
            let _ = thread.join();
        }
    }

    /// A new client (an empty cookie jar) for this server.
    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// A new client for the server at `base` (for threads that cannot borrow the server).
    pub fn client_for(base: &str) -> Client {
        Client::new(base)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// A response, read whole.
#[derive(Debug)]
pub struct Resp {
    /// HTTP status.
    pub status: u16,
    /// Body text (empty when not UTF-8).
    pub body: String,
    /// Body bytes.
    pub bytes: Vec<u8>,
    /// `Location` header, if any.
    pub location: Option<String>,
    /// `Content-Type` header.
    pub content_type: String,
    /// `Cache-Control` header (empty when absent).
    pub cache_control: String,
    /// Every header, names in lower case, in order.
    pub headers: Vec<(String, String)>,
}

impl Resp {
    /// The values of a header (name in lower case).
    pub fn header_values(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// A browser-like client: keeps cookies, does not follow redirects.
pub struct Client {
    agent: ureq::Agent,
    base: String,
    /// Cookie name → value.
    pub cookies: HashMap<String, String>,
    /// Extra header sent on every request (e.g. Accept-Language).
    pub accept_language: Option<String>,
    /// Bearer token for the JSON API.
    pub bearer: Option<String>,
    /// More headers sent on every request (e.g. `X-Forwarded-For`, `Origin`).
    pub headers: Vec<(String, String)>,
}

impl Client {
    fn new(base: &str) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Client {
            agent,
            base: base.to_string(),
            cookies: HashMap::new(),
            accept_language: None,
            bearer: None,
            headers: Vec::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn absorb(&mut self, res: ureq::http::Response<ureq::Body>) -> Resp {
        let headers = res
            .headers()
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        for v in res.headers().get_all("set-cookie") {
            let v = v.to_str().unwrap_or("");
            let pair = v.split(';').next().unwrap_or("");
            if let Some((k, val)) = pair.split_once('=') {
                let removal = val.is_empty() || v.to_ascii_lowercase().contains("max-age=0");
                if removal {
                    self.cookies.remove(k.trim());
                } else {
                    self.cookies
                        .insert(k.trim().to_string(), val.trim().to_string());
                }
            }
        }
        let status = res.status().as_u16();
        let location = res
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let content_type = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let cache_control = res
            .headers()
            .get("cache-control")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let mut res = res;
        let bytes = if content_type.starts_with("text/event-stream") {
            // A stream does not end: its opening message (sent at once) is what is read of it.
            let mut buf = vec![0; 64 * 1024];
            let n = std::io::Read::read(&mut res.body_mut().as_reader(), &mut buf).unwrap_or(0);
            buf.truncate(n);
            buf
        } else {
            res.body_mut()
                .with_config()
                .limit(64 * 1024 * 1024)
                .read_to_vec()
                .unwrap_or_default()
        };
        let body = String::from_utf8(bytes.clone()).unwrap_or_default();
        Resp {
            status,
            body,
            bytes,
            location,
            content_type,
            cache_control,
            headers,
        }
    }

    fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{}", self.base, path)
        }
    }

    fn decorate<B>(&self, mut req: ureq::RequestBuilder<B>) -> ureq::RequestBuilder<B> {
        if !self.cookies.is_empty() {
            req = req.header("cookie", self.cookie_header());
        }
        if let Some(l) = &self.accept_language {
            req = req.header("accept-language", l);
        }
        if let Some(t) = &self.bearer {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        for (k, v) in &self.headers {
            req = req.header(k.as_str(), v.as_str());
        }
        req
    }

    /// GET a path.
    pub fn get(&mut self, path: &str) -> Resp {
        let req = self.decorate(self.agent.get(&self.url(path)));
        let res = req.call().expect("GET failed");
        self.absorb(res)
    }

    /// The CSRF token a page would have put in its forms (fetching a page first if there is none yet).
    pub fn csrf(&mut self) -> String {
        if let Some(session) = self.cookies.get("anqi_session") {
            return anqi::web::csrf::bound_token(session);
        }
        if !self.cookies.contains_key("anqi_csrf") {
            self.get("/");
        }
        self.cookies.get("anqi_csrf").cloned().expect("csrf cookie")
    }

    /// POST a form with the CSRF field filled in, as the site's own pages do.
    pub fn form(&mut self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let token = self.csrf();
        let mut all: Vec<(&str, &str)> = vec![("csrf", token.as_str())];
        all.extend_from_slice(fields);
        self.form_raw(path, &all)
    }

    /// POST a form exactly as given (no CSRF field added).
    pub fn form_raw(&mut self, path: &str, fields: &[(&str, &str)]) -> Resp {
        let req = self.decorate(self.agent.post(&self.url(path)));
        let res = req.send_form(fields.iter().copied()).expect("POST failed");
        self.absorb(res)
    }

    /// Sends a JSON body with the given method.
    pub fn json(&mut self, method: &str, path: &str, body: &serde_json::Value) -> Resp {
        self.send(method, path, "application/json", body.to_string())
    }

    /// Sends a raw body with the given method and content type.
    pub fn send(&mut self, method: &str, path: &str, content_type: &str, body: String) -> Resp {
        let url = self.url(path);
        let res = match method {
            "POST" => self
                .decorate(self.agent.post(&url))
                .content_type(content_type)
                .send(body),
            "PUT" => self
                .decorate(self.agent.put(&url))
                .content_type(content_type)
                .send(body),
            other => panic!("unsupported method {other}"),
        }
        .expect("request failed");
        self.absorb(res)
    }

    /// Logs in through the login form; panics if it fails.
    pub fn login(&mut self, name: &str, password: &str) {
        let r = self.form("/login", &[("name", name), ("password", password)]);
        assert_eq!(r.status, 303, "login of {name} failed: {}", r.body);
        assert!(self.cookies.contains_key("anqi_session"));
    }
}

/// An `anqi serve` process on a test database (port 0), killed on drop.
pub struct ServeProcess {
    /// The process.
    pub child: std::process::Child,
    /// e.g. `http://127.0.0.1:41234`
    pub base: String,
}

impl ServeProcess {
    pub fn start(dir: &TempDir) -> ServeProcess {
        ServeProcess::start_with(dir, &[])
    }

    /// Started with more `anqi serve` options.
    pub fn start_with(dir: &TempDir, options: &[&str]) -> ServeProcess {
        let url = dir.database_url();
        let mut args = vec!["serve", "--database-url", &url, "--bind", "127.0.0.1:0"];
        args.extend_from_slice(options);
        let mut child = Command::new(anqi_bin())
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start a second anqi serve");
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        let base = loop {
            line.clear();
            assert!(
                std::io::BufRead::read_line(&mut out, &mut line).unwrap() > 0,
                "anqi serve ended"
            );
            if let Some(rest) = line.strip_prefix("Anqi is serving at ") {
                break rest.split('/').take(3).collect::<Vec<_>>().join("/");
            }
        };
        ServeProcess { child, base }
    }
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `work` on the database at `url`, opened through the store as the server opens it (for
/// the server stopped: rows a test breaks or ages on purpose), then closes it.
pub fn with_store<T, F>(url: &str, work: impl FnOnce(anqi::store::Db) -> F) -> T
where
    F: std::future::Future<Output = T>,
{
    actix_web::rt::System::new().block_on(async {
        let db = anqi::store::open(url).await.expect("open the database");
        let out = work(db.clone()).await;
        db.close().await;
        out
    })
}

/// Runs one statement with one text bound as `$1` on the database at `url` ([`with_store`]);
/// returns the rows it changed.
pub fn update_stored(url: &str, sql: &'static str, value: &str) -> u64 {
    let value = value.to_string();
    with_store(url, |db| async move {
        sqlx::query(sql)
            .bind(value)
            .execute(&db)
            .await
            .expect("write")
            .rows_affected()
    })
}

/// A bearer token for `name`, made through the store as `anqi user token` and the account page
/// make it (`service::accounts::create_token`, labelled as the command labels it), as sessions
/// are: no process per token.
pub fn token(dir: &TempDir, name: &str) -> String {
    let url = dir.database_url();
    let name = name.to_string();
    actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open the database");
        let user = anqi::store::users::credentials(&db, &name)
            .await
            .expect("read the account")
            .unwrap_or_else(|| panic!("no account {name}"))
            .user;
        let made = anqi::service::accounts::create_token(&db, user.id, "cli", None)
            .await
            .expect("make a token");
        db.close().await;
        made.token
    })
}

/// Creates an account with the CLI (`anqi user add … --password-stdin`); returns the exit status.
pub fn add_user(dir: &TempDir, name: &str, role: &str, password: &str) -> i32 {
    let mut child = Command::new(anqi_bin())
        .args([
            "user",
            "add",
            name,
            "--role",
            role,
            "--password-stdin",
            "--database-url",
            &dir.database_url(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run anqi user add");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{password}\n").as_bytes())
        .unwrap();
    child.wait().unwrap().code().unwrap_or(-1)
}

/// The hash of [`PASSWORD`] that [`create_user`] stores (one hash per test run).
fn password_hash() -> &'static String {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| anqi::accounts::hash_password(PASSWORD).expect("hash"))
}

/// Creates an account directly through the store (no process, one password hash per test run).
pub fn create_user(dir: &TempDir, name: &str, role: &str) {
    create_users(dir, &[(name, role)]);
}

/// Creates accounts (name, role) directly through the store, opening the database once.
pub fn create_users(dir: &TempDir, accounts: &[(&str, &str)]) {
    let hash = password_hash();
    let url = dir.database_url();
    actix_web::rt::System::new().block_on(async move {
        let db = anqi::store::open(&url).await.expect("open the database");
        for (name, role) in accounts {
            let role = anqi::accounts::Role::parse(role).expect("role");
            anqi::store::users::create(&db, name, role, hash)
                .await
                .expect("create the account");
        }
        db.close().await;
    });
}

/// The password every test account uses.
pub const PASSWORD: &str = "s3cret-pass";

/// A server with an administrator "admin", an organizer "org" and a logged-in client for each.
pub struct World {
    /// The database directory (dropped last).
    pub server: Server,
    /// Temp dir.
    pub dir: TempDir,
}

impl World {
    /// Starts a server with accounts admin, org, org2, arb, arb2, player, club (password `PASSWORD`).
    pub fn new(tag: &str) -> World {
        World::with_network(tag, anqi::web::client::Network::default())
    }

    /// [`World::new`] with network settings (trusted proxies, `Secure` cookies).
    pub fn with_network(tag: &str, network: anqi::web::client::Network) -> World {
        World::configured(tag, move |config| config.network = network)
    }

    /// [`World::new`] with the server's configuration changed by `configure`.
    pub fn configured(
        tag: &str,
        configure: impl FnOnce(&mut anqi::web::Config) + Send + 'static,
    ) -> World {
        let dir = TempDir::new(tag);
        create_users(
            &dir,
            &[
                ("admin", "admin"),
                ("org", "organizer"),
                ("org2", "organizer"),
                ("arb", "arbiter"),
                ("arb2", "arbiter"),
                ("player", "player"),
                ("club", "club"),
            ],
        );
        let server = Server::start_configured(&dir, configure);
        World { server, dir }
    }

    /// A client logged in as `name` (password [`PASSWORD`]): with the session cookie the login
    /// form would have set ([`Server::session_for`]), or through the form when the account's
    /// password was changed. The tests of signing in itself use [`Client::login`] or the form.
    pub fn login(&self, name: &str) -> Client {
        self.server.login(name)
    }

    /// The database file path.
    pub fn db_path(&self) -> &Path {
        &self.dir.0
    }
}

/// Creates an event through the form as `client`; returns its id.
pub fn create_event(client: &mut Client, name: &str, variant: &str) -> i64 {
    create_event_with(client, &new_event_fields(name, variant))
}

/// The fields every test event starts from: its name and game, starting on 2011-05-01 at 荃灣.
pub fn new_event_fields<'a>(name: &'a str, variant: &'a str) -> [(&'static str, &'a str); 4] {
    [
        ("name", name),
        ("start_date", "2011-05-01"),
        ("variant", variant),
        ("venue", "荃灣"),
    ]
}

/// Creates an event through the new-event form with these fields; returns its id.
pub fn create_event_with(client: &mut Client, fields: &[(&str, &str)]) -> i64 {
    let r = client.form("/events", fields);
    assert_eq!(r.status, 303, "create event: {}", r.body);
    r.location
        .unwrap()
        .trim_start_matches("/events/")
        .parse()
        .unwrap()
}

/// An event made over HTTP the way its organizer and arbiters make one, step by step, each step's
/// answer asserted: the new-event form, a players sheet, arbiters, accounts linked to start
/// numbers, and rounds paired (Red to player 1 by the lot) and published by the first arbiter.
/// The one fixture of the HTTP, browser and two-instance tests; start with [`event`].
pub struct EventSpec {
    organizer: String,
    fields: Vec<(String, String)>,
    sheet: Option<String>,
    arbiters: Vec<String>,
    links: Vec<(u32, String)>,
    published: u32,
}

/// An event named `name` of `variant` (Jieqi, xiangqi or Banqi) as "org" creates it, starting on
/// 2011-05-01 at 荃灣, with the form's defaults for everything else.
pub fn event(name: &str, variant: &str) -> EventSpec {
    EventSpec {
        organizer: "org".into(),
        fields: new_event_fields(name, variant)
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .to_vec(),
        sheet: None,
        arbiters: Vec::new(),
        links: Vec::new(),
        published: 0,
    }
}

/// `n` players 棋手00, 棋手01 … of clubs Club0 to Club2 in turn, rated 2000 down by 10.
pub fn numbered_players(n: usize) -> String {
    let mut csv = String::from("name,club,rating\n");
    for i in 0..n {
        csv.push_str(&format!("棋手{i:02},Club{},{}\n", i % 3, 2000 - i * 10));
    }
    csv
}

impl EventSpec {
    /// Sets a field of the new-event form (replacing the default one of that name).
    pub fn with(mut self, field: &str, value: &str) -> Self {
        self.fields.retain(|(k, _)| k != field);
        self.fields.push((field.into(), value.into()));
        self
    }

    /// Made by this organizer instead of "org".
    pub fn by(mut self, organizer: &str) -> Self {
        self.organizer = organizer.into();
        self
    }

    /// Registers [`numbered_players`]`(n)`.
    pub fn players(self, n: usize) -> Self {
        self.sheet(&numbered_players(n))
    }

    /// Registers the players of this sheet (the import form's CSV).
    pub fn sheet(mut self, csv: &str) -> Self {
        self.sheet = Some(csv.into());
        self
    }

    /// Assigns this account as an arbiter (the first one pairs the rounds).
    pub fn arbiter(mut self, name: &str) -> Self {
        self.arbiters.push(name.into());
        self
    }

    /// Links this account to the player of start number `start`.
    pub fn link(mut self, start: u32, account: &str) -> Self {
        self.links.push((start, account.into()));
        self
    }

    /// Pairs and publishes rounds 1 to `n` (without results: a round is paired only after the
    /// one before is finished, so `n` is 1 unless results are entered between).
    pub fn published_rounds(mut self, n: u32) -> Self {
        self.published = n;
        self
    }

    /// Makes the event on `w`'s server; returns its id.
    pub fn build(self, w: &World) -> i64 {
        let mut org = w.login(&self.organizer);
        let fields: Vec<(&str, &str)> = self
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let id = create_event_with(&mut org, &fields);
        if let Some(csv) = &self.sheet {
            import_players(&mut org, id, csv);
        }
        for name in &self.arbiters {
            let r = org.form(&format!("/events/{id}/arbiters"), &[("name", name)]);
            assert_eq!(r.status, 303, "assign {name}: {}", r.body);
        }
        for (start, account) in &self.links {
            let r = org.form(
                &format!("/events/{id}/players/{start}/link"),
                &[("name", account)],
            );
            assert_eq!(r.status, 303, "link {account}: {}", r.body);
        }
        if self.published > 0 {
            let first = self
                .arbiters
                .first()
                .expect("an arbiter to pair the rounds");
            let mut arb = w.login(first);
            for n in 1..=self.published {
                publish_round(&mut arb, id, n);
            }
        }
        id
    }
}

/// Sends round `n`'s results form as the page does: `typed[i]` in the box of the i-th of `boards`
/// (board number, the version the page showed).
pub fn send_results(
    c: &mut Client,
    id: i64,
    n: u32,
    boards: &[(u32, i64)],
    typed: &[&str],
) -> Resp {
    let fields: Vec<(String, String)> = boards
        .iter()
        .zip(typed)
        .flat_map(|((board, version), result)| {
            [
                (format!("r{board}"), result.to_string()),
                (format!("v{board}"), version.to_string()),
            ]
        })
        .collect();
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    c.form(&format!("/events/{id}/rounds/{n}/results"), &refs)
}

/// Pairs the next round (Red to player 1 by the lot) and publishes it as `arb`, round `n`.
pub fn publish_round(arb: &mut Client, id: i64, n: u32) {
    pair_round(arb, id, n);
    let r = arb.form(&format!("/events/{id}/rounds/{n}/publish"), &[]);
    assert_eq!(r.status, 303, "publish round {n}: {}", r.body);
}

/// Pairs round `n` (Red to player 1 by the lot) as `arb`, leaving it a draft.
pub fn pair_round(arb: &mut Client, id: i64, n: u32) {
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "pair round {n}: {}", r.body);
}

/// The `(board, version)` pairs of the result form on a round page.
pub fn versions(page: &str) -> Vec<(u32, i64)> {
    html::attr_pairs(page, "input[type=hidden][name^=v]", "name", "value")
        .into_iter()
        .filter_map(|(n, v)| Some((n[1..].parse().ok()?, v.parse().ok()?)))
        .collect()
}

/// The (red, black) start numbers of each board on a round page (`None` black for the bye).
pub fn pairings(page: &str) -> Vec<(u32, Option<u32>)> {
    let start = |cell: &str| -> Option<u32> { cell.split('.').next()?.trim().parse().ok() };
    html::rows(page, "tbody tr[data-board]")
        .iter()
        .map(|cells| {
            (
                start(&cells[1]).expect("the red player's start number"),
                cells.get(5).and_then(|c| start(c)),
            )
        })
        .collect()
}

/// Enters a result on every board of round `n` that has none yet, with the round page's own
/// results form as `arb`: `result(board, red, black)` (start numbers) names each board's result.
/// The form must be taken whole (303, no board stale).
pub fn enter_results<'a>(
    arb: &mut Client,
    id: i64,
    n: u32,
    result: impl Fn(u32, u32, u32) -> &'a str,
) {
    let page = arb.get(&format!("/events/{id}/rounds/{n}")).body;
    let boards = pairings(&page);
    let open: Vec<(u32, i64)> = versions(&page)
        .into_iter()
        .filter(|(board, _)| {
            html::attrs(&page, &format!("input[name=r{board}]"), "value")
                .iter()
                .all(|v| v.is_empty())
        })
        .collect();
    let typed: Vec<&str> = open
        .iter()
        .map(|&(board, _)| {
            let (red, black) = boards[board as usize - 1];
            result(board, red, black.expect("the bye has no result box"))
        })
        .collect();
    let r = send_results(arb, id, n, &open, &typed);
    assert_eq!(r.status, 303, "results of round {n}: {}", r.body);
    let back = r.location.unwrap_or_default();
    assert!(!back.contains("stale"), "results of round {n}: {back}");
}

/// The row id (`data-player`) of the entry named `name` on the event's players page.
pub fn entry_id(c: &mut Client, id: i64, name: &str) -> String {
    let page = c.get(&format!("/events/{id}/players")).body;
    let doc = scraper::Html::parse_document(&page);
    let cells = scraper::Selector::parse("td[data-player]").unwrap();
    doc.select(&cells)
        .find(|td| td.text().next().unwrap_or("").contains(name))
        .and_then(|td| td.value().attr("data-player"))
        .unwrap_or_else(|| panic!("{name} listed"))
        .to_string()
}

/// The four players (甲一 … 丁四, rated 2100 … 1800) the browser workflows register.
pub const FOUR_PLAYERS: &str =
    "name,club,rating\n甲一,A,2100\n乙二,B,2000\n丙三,C,1900\n丁四,D,1800\n";

/// Registers the players of a CSV sheet over HTTP, as the import form does (303 expected).
pub fn import_players(client: &mut Client, id: i64, csv: &str) {
    let r = client.form(&format!("/events/{id}/players/import"), &[("csv", csv)]);
    assert_eq!(r.status, 303, "import players: {}", r.body);
}

/// The settings fields of the list form with the RULES.md §7 defaults.
const DEFAULT_SETTINGS: [(&str, &str); 6] = [
    ("start_points", "1500"),
    ("rated_after", "10"),
    ("level_base", "1000"),
    ("level_step", "50"),
    ("lowest_level", "30"),
    ("highest_level", "1"),
];

/// The list form: a name, the game (Jieqi) and the default settings.
pub fn list_fields(name: &str) -> Vec<(&str, &str)> {
    let mut fields = vec![("name", name), ("variant", "jieqi")];
    fields.extend(DEFAULT_SETTINGS);
    fields
}

/// Creates a list through the form; returns its id.
pub fn create_list(client: &mut Client, name: &str, extra: &[(&str, &str)]) -> i64 {
    let mut fields = list_fields(name);
    for (k, v) in extra {
        fields.retain(|(f, _)| f != k);
        fields.push((k, v));
    }
    let r = client.form("/ratings", &fields);
    assert_eq!(r.status, 303, "create list: {}", r.body);
    let location = r.location.expect("redirect to the list");
    location
        .trim_start_matches("/ratings/")
        .split('?')
        .next()
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("list id in {location}"))
}

/// Reading pages through an HTML parser (`scraper`): what a test asserts about a page is named by a
/// CSS selector, never found by splitting the markup.
pub mod html {
    use scraper::{ElementRef, Html, Selector};

    fn selector(css: &str) -> Selector {
        Selector::parse(css).unwrap_or_else(|e| panic!("bad selector {css}: {e}"))
    }

    /// An element's text, whitespace runs collapsed to one space and trimmed.
    pub fn text_of(e: ElementRef<'_>) -> String {
        e.text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The text of every element `css` selects, in page order.
    pub fn texts(body: &str, css: &str) -> Vec<String> {
        let doc = Html::parse_document(body);
        doc.select(&selector(css)).map(text_of).collect()
    }

    /// The text of the first element `css` selects.
    pub fn text(body: &str, css: &str) -> Option<String> {
        texts(body, css).into_iter().next()
    }

    /// The attribute `name` of every element `css` selects that has it, in page order.
    pub fn attrs(body: &str, css: &str, name: &str) -> Vec<String> {
        let doc = Html::parse_document(body);
        doc.select(&selector(css))
            .filter_map(|e| e.value().attr(name).map(str::to_string))
            .collect()
    }

    /// The attributes `a` and `b` of every element `css` selects that has both, in page order.
    pub fn attr_pairs(body: &str, css: &str, a: &str, b: &str) -> Vec<(String, String)> {
        let doc = Html::parse_document(body);
        doc.select(&selector(css))
            .filter_map(|e| Some((e.value().attr(a)?.into(), e.value().attr(b)?.into())))
            .collect()
    }

    /// For every element `rows` selects (table rows, usually), the texts of its cells (`td`, `th`).
    pub fn rows(body: &str, rows: &str) -> Vec<Vec<String>> {
        let doc = Html::parse_document(body);
        let cell = selector("td, th");
        doc.select(&selector(rows))
            .map(|row| row.select(&cell).map(text_of).collect())
            .collect()
    }

    /// The text of the `<dd>` that follows the `<dt>` whose text is `term`.
    pub fn definition(body: &str, term: &str) -> Option<String> {
        let doc = Html::parse_document(body);
        let dt = doc.select(&selector("dt")).find(|e| text_of(*e) == term)?;
        dt.next_siblings()
            .filter_map(ElementRef::wrap)
            .next()
            .filter(|e| e.value().name() == "dd")
            .map(text_of)
    }

    /// The inner HTML of the first element `css` selects.
    pub fn inner(body: &str, css: &str) -> Option<String> {
        let doc = Html::parse_document(body);
        doc.select(&selector(css)).next().map(|e| e.inner_html())
    }
}

/// An organizer (id 1) and their event 7 as any schema since 0001 stores them, for
/// [`sqlite_at_migration`].
pub const OLD_EVENT: [&str; 2] = [
    "INSERT INTO users (id, name, role, password_hash, created_at)
     VALUES (1, 'old-org', 'organizer', 'x', '2026-01-01T00:00:00Z')",
    "INSERT INTO events (id, owner_id, name, start_date, end_date, variant, created_at)
     VALUES (7, 1, '舊賽事', '2026-01-01', '2026-01-01', 'xiangqi', '2026-01-01T00:00:00Z')",
];

/// A SQLite database as migration `last` left it — this project's migrations up to `last` applied
/// by sqlx (with foreign keys on, as the server has them) — with `statements` run on it: the
/// starting point of a test of a later migration.
pub fn sqlite_at_migration(dir: &TempDir, last: i64, statements: &[&str]) {
    let old = dir.0.join(format!("migrations-up-to-{last:04}"));
    std::fs::create_dir_all(&old).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let version: Option<i64> = name.split('_').next().and_then(|v| v.parse().ok());
        if path.is_file() && name.ends_with(".sql") && version.is_some_and(|v| v <= last) {
            std::fs::copy(&path, old.join(&name)).unwrap();
        }
    }
    actix_web::rt::System::new().block_on(async {
        use std::str::FromStr;
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(&dir.database_url())
            .unwrap()
            .create_if_missing(true)
            .foreign_keys(true);
        let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
        let migrator = sqlx::migrate::Migrator::new(old.as_path()).await.unwrap();
        assert_eq!(migrator.iter().last().map(|m| m.version), Some(last));
        migrator.run(&pool).await.unwrap();
        for &statement in statements {
            sqlx::query(sqlx::AssertSqlSafe(statement.to_string()))
                .execute(&pool)
                .await
                .unwrap();
        }
        pool.close().await;
    });
}
