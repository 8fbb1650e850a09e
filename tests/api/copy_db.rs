//! `anqi copy-db`: a whole database copied into an empty one serves identical pages and
//! the identical JSON export, ids, sealed deals and sequences kept; a non-empty target is refused.
//! The source and the final target are the test databases of `TempDir::database_url` (SQLite
//! files, or PostgreSQL databases when `ANQI_TEST_PG` is set), the middle copy a SQLite file — so
//! with PostgreSQL the copy runs both ways, PostgreSQL → SQLite → PostgreSQL.

use std::process::Command;

use serde_json::json;

use crate::deals::{finish_round, pair_and_publish, seal, setup};
use crate::support::*;

/// Runs `anqi copy-db`; returns (exit status, stdout, stderr).
fn copy_db(from: &str, to: &str) -> (i32, String, String) {
    let out = Command::new(anqi_bin())
        .args(["copy-db", "--from", from, "--to", to])
        .env("LANG", "C")
        .output()
        .expect("run anqi copy-db");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The pages a visitor reads of an event (their `<main>`), the sealed deal as its arbiter reads it
/// (seed, layout, commitment), and the organizer's JSON export without its time of export.
fn snapshot(server: &Server, id: i64, deal: i64) -> Vec<String> {
    let mut anon = server.client();
    let mut out: Vec<String> = [
        "".to_string(),
        "/players".into(),
        "/rounds".into(),
        "/rounds/1".into(),
        "/rounds/2".into(),
        "/standings".into(),
        "/crosstable".into(),
    ]
    .iter()
    .map(|p| {
        let r = anon.get(&format!("/events/{id}{p}"));
        assert_eq!(r.status, 200, "{p}: {}", r.body);
        html::inner(&r.body, "main").unwrap_or_default()
    })
    .collect();
    let mut arb = server.login("arb");
    let sealed = arb.get(&format!("/events/{id}/deals/{deal}/deal.txt"));
    assert_eq!(sealed.status, 200, "{}", sealed.body);
    assert!(sealed.body.contains("commitment"), "{}", sealed.body);
    out.push(sealed.body);
    let mut org = server.login("org");
    let export = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(export.status, 200, "{}", export.body);
    let mut backup: serde_json::Value = serde_json::from_str(&export.body).expect("export JSON");
    backup["exported_at"] = json!("");
    out.push(serde_json::to_string_pretty(&backup).unwrap());
    out
}

#[test]
fn a_copied_database_serves_identical_pages_and_continues_its_ids() {
    let w = World::new("copydb-src");
    let id = setup(&w, "jieqi", 6);
    let mut arb = w.login("arb");
    let deal = seal(&mut arb, id, 1, "1");
    for round in 1..=2 {
        pair_and_publish(&mut arb, id, round);
        finish_round(&mut arb, id, round, "1-0");
    }
    let before = snapshot(&w.server, id, deal);

    let middle = TempDir::new("copydb-mid");
    let middle_url = format!("sqlite://{}", middle.0.join("copy.db").display());
    let (code, out, err) = copy_db(&w.dir.database_url(), &middle_url);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Copied "), "{out}");

    let target = TempDir::new("copydb-dst");
    let (code, out, err) = copy_db(&middle_url, &target.database_url());
    assert_eq!(code, 0, "{out}{err}");

    // A second copy into the same target is refused and writes nothing.
    let (code, _, err) = copy_db(&middle_url, &target.database_url());
    assert_eq!(code, 1);
    assert!(err.contains("is not empty (table users has rows)"), "{err}");
    let (code, _, err) = copy_db(&middle_url, &middle_url);
    assert_eq!(code, 1);
    assert!(err.contains("the same database"), "{err}");
    let (code, _, err) = copy_db("mysql://nowhere/db", &middle_url);
    assert_eq!(code, 2, "{err}");

    let server = Server::start(&target);
    let after = snapshot(&server, id, deal);
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b, a, "a page differs after the copy");
    }
    let mut org = server.login("org");
    // New rows continue after the copied ids (PostgreSQL's identities were moved on).
    let newer = create_event(&mut org, "複製後的賽事", "xiangqi");
    assert!(newer > id, "new event {newer} after {id}");
    let r = org.form(&format!("/events/{newer}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
}

#[test]
fn the_copy_knows_every_table_of_the_schema() {
    let dir = TempDir::new("copydb-tables");
    let url = dir.database_url();
    let mut tables: Vec<String> = std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let db = anqi::store::open(&url).await.expect("open");
            let sql = match anqi::store::backend(&db) {
                anqi::store::Backend::Sqlite => {
                    "SELECT name FROM sqlite_master WHERE type = 'table'
                     AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx_%'"
                }
                anqi::store::Backend::Postgres => {
                    "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
                     WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx_%'"
                }
            };
            let names = sqlx::query_scalar(sql)
                .fetch_all(&db)
                .await
                .expect("tables");
            db.close().await;
            names
        })
    })
    .join()
    .expect("thread");
    tables.sort();
    let mut known: Vec<String> = anqi::store::copy::TABLES
        .iter()
        .map(|(t, _)| t.to_string())
        .collect();
    known.sort();
    assert_eq!(tables, known, "store::copy::TABLES must list every table");
}

#[test]
fn a_copy_into_a_new_sqlite_file_restores_whole_at_a_venue() {
    // docs/deploy.md: the hosted data back to a venue — `copy-db` into a new file, then `anqi
    // restore` of that file over the venue's database (the copy's last pages may still be in its
    // write-ahead log, which a byte copy of the file alone would lose).
    let w = World::new("copydb-back");
    let mut org = w.login("org");
    let id = create_event(&mut org, "回場館", "xiangqi");
    let venue = TempDir::new("copydb-venue");
    let copied = format!("{}", venue.0.join("from-hosted.db").display());
    let (code, out, err) = copy_db(&w.dir.database_url(), &format!("sqlite://{copied}"));
    assert_eq!(code, 0, "{out}{err}");
    // The file alone is the whole copy (it is carried to the venue without its log).
    let carried = venue.0.join("carried.db");
    std::fs::copy(&copied, &carried).unwrap();
    let target = venue.0.join("anqi.db");
    let out = Command::new(anqi_bin())
        .args(["restore", carried.to_str().unwrap(), "--database-url"])
        .arg(format!("sqlite://{}", target.display()))
        .env("LANG", "C")
        .output()
        .expect("run anqi restore");
    assert!(out.status.success(), "{out:?}");
    let names: Vec<String> = actix_web::rt::System::new().block_on(async {
        let url = format!("sqlite://{}?mode=ro", target.display());
        let db = sqlx::SqlitePool::connect(&url).await.expect("open");
        let names = sqlx::query_scalar("SELECT name FROM events WHERE id = $1")
            .bind(id)
            .fetch_all(&db)
            .await
            .expect("the restored database has its events");
        db.close().await;
        names
    });
    assert_eq!(names, ["回場館"]);
}

/// A name holding a NUL character (written before names were checked) stops the copy before
/// anything is written, naming the table, the row and the column; the target stays empty.
#[test]
fn a_text_holding_nul_is_refused_naming_its_row_and_column() {
    let w = World::new("copydb-nul");
    let mut org = w.login("org");
    let id = create_event(&mut org, "Before", "xiangqi");
    let source = w.dir.database_url();
    if !source.starts_with("sqlite:") {
        // PostgreSQL itself cannot hold the NUL this test writes into the source.
        return;
    }
    w.server.on_db(move |db| async move {
        sqlx::query("UPDATE events SET venue = 'Hall' || char(0) || 'B' WHERE id = $1")
            .bind(id)
            .execute(&db)
            .await
            .expect("write the NUL");
    });
    let target = TempDir::new("copydb-nul-target");
    let url = format!("sqlite://{}", target.0.join("copy.db").display());
    let (code, out, err) = copy_db(&source, &url);
    assert_ne!(code, 0, "{out}{err}");
    assert!(
        err.contains(&format!("Table events, row id = {id}, column venue")) && err.contains("NUL"),
        "{err}"
    );
    let count: i64 = actix_web::rt::System::new().block_on(async {
        let db = sqlx::SqlitePool::connect(&format!("{url}?mode=ro"))
            .await
            .expect("open");
        let n = sqlx::query_scalar("SELECT COUNT(*) FROM events")
            .fetch_one(&db)
            .await
            .unwrap_or(0);
        db.close().await;
        n
    });
    assert_eq!(count, 0, "nothing was copied");
}
