//! The administrator's database download (`/admin/backup`): admin only, never cached, audited, and a
//! sound copy of the live database.

use crate::support::*;

fn run<T>(work: impl Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(work)
}

#[test]
fn an_administrator_downloads_a_sound_audited_copy_of_the_database() {
    if sqlite_only("an_administrator_downloads_a_sound_audited_copy_of_the_database") {
        return;
    }
    let w = World::new("db-backup");
    let mut org = w.login("org");
    let event = create_event(&mut org, "備份杯", "xiangqi");
    assert_eq!(org.get("/admin/backup").status, 403);
    assert_eq!(org.form("/admin/backup", &[]).status, 403);
    let mut anonymous = w.server.client();
    let refused = anonymous.form("/admin/backup", &[]);
    assert!(matches!(refused.status, 401 | 303), "{}", refused.status);

    let mut admin = w.login("admin");
    let page = admin.get("/admin/backup");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("action=\"/admin/backup\""));
    assert_eq!(page.cache_control, "no-store");
    let copy = admin.form("/admin/backup", &[]);
    assert_eq!(copy.status, 200, "{}", copy.body);
    assert_eq!(copy.cache_control, "no-store");
    assert_eq!(copy.content_type, "application/vnd.sqlite3");
    assert!(
        copy.header_values("content-disposition")
            .iter()
            .any(|d| d.starts_with("attachment; filename=\"anqi-") && d.ends_with(".db\""))
    );
    assert!(copy.bytes.starts_with(b"SQLite format 3\0"));

    let file = w.db_path().join("downloaded.db");
    std::fs::write(&file, &copy.bytes).expect("write the copy");
    run(async {
        anqi::store::snapshot::check_copy(&file)
            .await
            .expect("integrity ok, an Anqi schema");
        let url = format!("sqlite://{}?mode=ro", file.display());
        let db = sqlx::SqlitePool::connect(&url)
            .await
            .expect("open the copy");
        let name: String = sqlx::query_scalar("SELECT name FROM events WHERE id = $1")
            .bind(event)
            .fetch_one(&db)
            .await
            .expect("the event is in the copy");
        assert_eq!(name, "備份杯");
        let hashes: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE password_hash <> ''")
                .fetch_one(&db)
                .await
                .expect("users");
        assert!(hashes >= 7, "the copy holds the accounts");
        // The download is audited, and the copy holds its own entry.
        let audited: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM audit_log a JOIN users u ON u.id = a.user_id
             WHERE a.action = 'database.backup' AND u.name = 'admin'",
        )
        .fetch_one(&db)
        .await
        .expect("audit");
        assert_eq!(audited, 1);
        db.close().await;
    });
}
