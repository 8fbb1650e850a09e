//! `anqi backup` and `anqi restore`: a copy of the live database taken while a server serves writes
//! holds every write acknowledged before it and passes SQLite's integrity check; a restore is refused
//! while the server runs and puts the copy back once it is stopped.

use crate::run::{Ran, anqi, scratch};
use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
/// Creates the organizer "org" on the database at `url` with `anqi user add`.
fn add_organizer(url: &str) {
    let add = anqi([
        "user",
        "add",
        "org",
        "--role",
        "organizer",
        "--password-stdin",
        "--database-url",
        url,
    ])
    .stdin("long-enough-1\n")
    .run();
    assert_eq!(add.code, 0, "{}", add.stderr);
}

/// A server started with `anqi serve`, killed when dropped.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `anqi backup FILE` or `anqi restore FILE` on the database at `url`.
fn on_file(command: &str, file: &std::path::Path, url: &str) -> Ran {
    anqi([command, file.to_str().expect("path"), "--database-url", url]).run()
}

/// Starts `anqi serve` on a free port; returns it with its base URL.
fn serve(url: &str) -> (Serving, String) {
    let mut child = anqi(["serve", "--database-url", url, "--bind", "127.0.0.1:0"])
        .command()
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start anqi serve");
    let stdout = child.stdout.take().expect("stdout");
    let serving = Serving(child);
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("read stdout");
        if let Some(rest) = line.strip_prefix("Anqi is serving at ") {
            let base = rest.split('/').take(3).collect::<Vec<_>>().join("/");
            return (serving, base);
        }
    }
    panic!("anqi serve did not start");
}

/// Runs `work` on a connection of its own to the SQLite database at `url` (closed after), on a
/// runtime of its own.
fn on_sqlite<T>(url: &str, work: impl AsyncFnOnce(&sqlx::SqlitePool) -> T) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(async {
            let db = sqlx::SqlitePool::connect(url).await.expect("open");
            let out = work(&db).await;
            db.close().await;
            out
        })
}

/// The names of the events in the database file, read-only, in the order they were made.
fn events_in(file: &std::path::Path) -> Vec<String> {
    let url = format!("sqlite://{}?mode=ro", file.display());
    on_sqlite(&url, async |db| {
        sqlx::query_scalar("SELECT name FROM events ORDER BY id")
            .fetch_all(db)
            .await
            .expect("events")
    })
}

/// SQLite's integrity check of the database file, read-only ("ok" when sound).
fn integrity(file: &std::path::Path) -> String {
    let url = format!("sqlite://{}?mode=ro", file.display());
    on_sqlite(&url, async |db| {
        sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(db)
            .await
            .expect("integrity check")
    })
}

#[test]
fn a_backup_taken_under_writes_holds_them_and_restore_waits_for_the_server_to_stop() {
    let dir = scratch("backup-under-writes");
    let db_file = dir.join("anqi.db");
    let url = format!("sqlite://{}", db_file.display());
    add_organizer(&url);
    let token = anqi(["user", "token", "org", "--database-url", &url]).run();
    assert_eq!(token.code, 0);
    let token = token.stdout.trim().to_string();

    let (server, base) = serve(&url);
    // A writer creating events through the API until told to stop; it keeps the names the server
    // acknowledged (201), in order.
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (acknowledged, stop, base) = (acknowledged.clone(), stop.clone(), base.clone());
        std::thread::spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder()
                .http_status_as_error(false)
                .build()
                .into();
            let mut i = 0;
            while !stop.load(Ordering::SeqCst) {
                i += 1;
                let name = format!("賽事 {i}");
                let res = agent
                    .post(&format!("{base}/api/events"))
                    .header("authorization", format!("Bearer {token}"))
                    .content_type("application/json")
                    .send(format!(r#"{{"name":"{name}","variant":"xiangqi"}}"#))
                    .expect("POST");
                assert_eq!(res.status().as_u16(), 201, "event {i}");
                acknowledged.lock().expect("lock").push(name);
            }
        })
    };
    let wait_for = |n: usize| {
        while acknowledged.lock().expect("lock").len() < n {
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    wait_for(20);
    let before: Vec<String> = acknowledged.lock().expect("lock").clone();
    let copy = dir.join("copy.db");
    let backup = on_file("backup", &copy, &url);
    assert_eq!(backup.code, 0, "{}", backup.stderr);
    assert!(backup.stdout.as_str().contains("integrity ok"));
    let during = acknowledged.lock().expect("lock").len();
    wait_for(during + 10);
    stop.store(true, Ordering::SeqCst);
    writer.join().expect("writer");
    let all = acknowledged.lock().expect("lock").clone();

    // The copy: sound, with every write acknowledged before the backup began, in order.
    assert_eq!(integrity(&copy), "ok");
    let copied = events_in(&copy);
    assert!(copied.len() >= before.len());
    assert_eq!(copied[..before.len()], before[..]);
    assert!(copied.len() < all.len(), "writes went on after the copy");
    // A copy never overwrites a file.
    let again = on_file("backup", &copy, &url);
    assert_eq!(again.code, 1);
    assert!(again.stderr.as_str().contains("already exists"));

    // Restore is refused while the server has the database open, and changes nothing.
    let refused = on_file("restore", &copy, &url);
    assert_eq!(refused.code, 1);
    let why = refused.stderr.as_str();
    assert!(why.contains("in use"), "{why}");
    drop(server);
    assert_eq!(events_in(&db_file), all);

    // A file that is not a database is refused too.
    let junk = dir.join("junk.db");
    std::fs::write(&junk, "not a database").expect("write");
    let bad = on_file("restore", &junk, &url);
    assert_eq!(bad.code, 1);
    assert!(bad.stderr.as_str().contains("not an Anqi database backup"));

    // Stopped: the copy goes back, and a server starts on it.
    let restored = on_file("restore", &copy, &url);
    assert_eq!(restored.code, 0, "{}", restored.stderr);
    assert_eq!(events_in(&db_file), copied);
    assert_eq!(integrity(&db_file), "ok");
    let (server, base) = serve(&url);
    let health = ureq::get(&format!("{base}/health")).call().expect("health");
    assert_eq!(health.status().as_u16(), 200);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs statements on a database file (the test's own connection, closed after).
fn execute(file: &std::path::Path, sql: &str) -> Vec<i64> {
    let url = format!("sqlite://{}", file.display());
    on_sqlite(&url, async |db| {
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(db)
            .await
            .expect("execute");
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(db)
            .await
            .expect("versions")
    })
}

#[test]
fn a_backup_never_migrates_and_refuses_a_schema_other_than_its_own() {
    let dir = scratch("backup-schema");
    let db_file = dir.join("anqi.db");
    let url = format!("sqlite://{}", db_file.display());
    let backup = |name: &str, url: &str| {
        let copy = dir.join(name);
        let out = anqi([
            "backup",
            copy.to_str().expect("path"),
            "--database-url",
            url,
        ])
        .run();
        (out, copy)
    };

    // A database that does not exist is not created.
    let (missing, copy) = backup("missing.db", &url);
    assert_eq!(missing.code, 1);
    let why = missing.stderr.as_str();
    assert!(why.contains("does not exist"), "{why}");
    assert!(!db_file.exists(), "the backup created the database");
    assert!(!copy.exists());

    add_organizer(&url);
    let all = execute(&db_file, "SELECT 1");
    let latest = *all.last().expect("migrations");

    // A schema newer than this binary's: refused, nothing written.
    execute(
        &db_file,
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         VALUES (99999, 'from the future', TRUE, x'00', 0)",
    );
    let (newer, copy) = backup("newer.db", &url);
    assert_eq!(newer.code, 1);
    let why = newer.stderr.as_str();
    assert!(
        why.contains("schema version 99999, newer than this Anqi's"),
        "{why}"
    );
    assert!(!copy.exists());

    // An older schema (the latest migration not applied): refused, and not migrated.
    let older_versions = execute(
        &db_file,
        &format!("DELETE FROM _sqlx_migrations WHERE version IN (99999, {latest})"),
    );
    let (older, copy) = backup("older.db", &url);
    assert_eq!(older.code, 1);
    let why = older.stderr.as_str();
    assert!(why.contains("older than this Anqi's"), "{why}");
    assert!(why.contains("never migrates"), "{why}");
    assert!(!copy.exists());
    assert_eq!(
        execute(&db_file, "SELECT 1"),
        older_versions,
        "the backup applied migrations"
    );
    assert!(!older_versions.contains(&latest));

    // Its own schema: copied.
    let restored = execute(
        &db_file,
        &format!(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
             VALUES ({latest}, 'back', TRUE, x'00', 0)"
        ),
    );
    assert_eq!(restored, all);
    let (ok, copy) = backup("ok.db", &url);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    assert_eq!(integrity(&copy), "ok");
    let _ = std::fs::remove_dir_all(&dir);
}
