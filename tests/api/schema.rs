//! The two backends' schemas stay twins: every SQLite migration in `migrations/` has
//! its PostgreSQL step in `migrations/postgres/` (the first PostgreSQL step carries every SQLite
//! migration up to its number, each later SQLite migration needs a PostgreSQL one of the same
//! number), checked from the files on every run; and, with `ANQI_TEST_PG`, a fresh SQLite
//! database and a fresh PostgreSQL database opened by `store::open` have the same tables with the
//! same columns, in the same order and of the same kind of type.

use std::collections::BTreeSet;
use std::path::Path;

use crate::support::*;

/// The version numbers of the migrations in `dir` (relative to the project root): the leading
/// digits of each `NNNN_name.sql`.
fn versions_in(dir: &str) -> BTreeSet<i64> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .filter_map(|entry| {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let stem = name.strip_suffix(".sql")?;
            let digits = stem.split('_').next().unwrap();
            Some(
                digits
                    .parse()
                    .unwrap_or_else(|_| panic!("{dir}/{name}: not NNNN_name.sql")),
            )
        })
        .collect()
}

/// What the PostgreSQL migrations fail to cover of the SQLite ones (empty when they are twins).
fn uncovered(sqlite: &BTreeSet<i64>, postgres: &BTreeSet<i64>) -> Vec<String> {
    let mut wrong = Vec::new();
    let Some(&carried) = postgres.first() else {
        return vec!["no PostgreSQL migration at all".into()];
    };
    if !sqlite.contains(&carried) {
        wrong.push(format!(
            "PostgreSQL's first step {carried:04} is not a SQLite version"
        ));
    }
    for v in sqlite.iter().filter(|v| **v > carried) {
        if !postgres.contains(v) {
            wrong.push(format!(
                "SQLite migration {v:04} has no PostgreSQL twin migrations/postgres/{v:04}_….sql"
            ));
        }
    }
    for v in postgres.iter().filter(|v| !sqlite.contains(v)) {
        wrong.push(format!(
            "PostgreSQL migration {v:04} has no SQLite migration of the same number"
        ));
    }
    wrong
}

#[test]
fn every_sqlite_migration_has_its_postgresql_twin() {
    let sqlite = versions_in("migrations");
    let postgres = versions_in("migrations/postgres");
    assert!(
        sqlite.contains(&1) && postgres.contains(&14),
        "{sqlite:?} {postgres:?}"
    );
    let wrong = uncovered(&sqlite, &postgres);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Both report the same schema version.
    assert_eq!(sqlite.last(), postgres.last());
    // The migrations the binary carries are those files.
    use anqi::store::{Backend, migrator};
    for (backend, files) in [(Backend::Sqlite, &sqlite), (Backend::Postgres, &postgres)] {
        let embedded: BTreeSet<i64> = migrator(backend).iter().map(|m| m.version).collect();
        assert_eq!(&embedded, files, "{backend:?}");
    }
}

#[test]
fn the_twin_check_names_what_is_missing() {
    let set = |v: &[i64]| v.iter().copied().collect::<BTreeSet<i64>>();
    let sqlite = set(&(1..=15).collect::<Vec<_>>());
    assert_eq!(
        uncovered(&sqlite, &set(&[14])),
        ["SQLite migration 0015 has no PostgreSQL twin migrations/postgres/0015_….sql"]
    );
    assert!(uncovered(&sqlite, &set(&[14, 15])).is_empty());
    assert_eq!(
        uncovered(&set(&[1, 2, 14]), &set(&[14, 16])),
        ["PostgreSQL migration 0016 has no SQLite migration of the same number"]
    );
}

/// A column's type as one of SQLite's affinities, which is as far as the two backends' types
/// compare: `integer`, `text`, `real`, `blob` (or the type itself when it is none of these).
fn type_class(declared: &str) -> String {
    let t = declared.to_ascii_lowercase();
    let class = match t.as_str() {
        "bigint" | "integer" | "smallint" | "int" | "int8" | "int4" | "int2" => "integer",
        "text" | "character varying" | "character" | "varchar" => "text",
        "double precision" | "real" | "float8" | "float4" => "real",
        "bytea" | "blob" => "blob",
        _ if t.contains("int") => "integer",
        _ if t.contains("char") || t.contains("clob") || t.contains("text") => "text",
        _ if t.contains("real") || t.contains("floa") || t.contains("doub") => "real",
        _ => return t,
    };
    class.to_string()
}

/// Every table of the database (but sqlx's own) with its columns in order: (table, [(column, type
/// class)]).
type Schema = Vec<(String, Vec<(String, String)>)>;

async fn schema_of(url: &str) -> Schema {
    let db = anqi::store::open(url).await.expect("open the database");
    let sql = if url.starts_with("sqlite:") {
        "SELECT m.name, p.name, p.type FROM sqlite_master m, pragma_table_info(m.name) p
          WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_sqlx_migrations'
          ORDER BY m.name, p.cid"
    } else {
        "SELECT CAST(c.table_name AS TEXT), CAST(c.column_name AS TEXT), CAST(c.data_type AS TEXT)
           FROM information_schema.columns c
           JOIN information_schema.tables t
             ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            AND c.table_name <> '_sqlx_migrations'
          ORDER BY c.table_name, c.ordinal_position"
    };
    let rows: Vec<(String, String, String)> = sqlx::query_as(sql)
        .fetch_all(&db)
        .await
        .expect("read the schema");
    db.close().await;
    let mut schema: Schema = Vec::new();
    for (table, column, declared) in rows {
        if schema.last().is_none_or(|(t, _)| *t != table) {
            schema.push((table.clone(), Vec::new()));
        }
        let columns = &mut schema.last_mut().unwrap().1;
        columns.push((column, type_class(&declared)));
    }
    schema
}

#[test]
#[ignore = "needs PostgreSQL: set ANQI_TEST_PG (scripts/test starts a cluster)"]
fn on_postgres_a_fresh_database_has_the_tables_and_columns_of_a_fresh_sqlite_one() {
    require_postgres();
    let dir = TempDir::new("schema-twins");
    let sqlite_url = format!("sqlite://{}", dir.0.join("fresh.db").display());
    let postgres_url = dir.database_url();
    let (sqlite, postgres) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async { (schema_of(&sqlite_url).await, schema_of(&postgres_url).await) });
    assert!(sqlite.len() > 20, "{sqlite:?}");
    let names = |s: &Schema| s.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>();
    assert_eq!(names(&sqlite), names(&postgres), "the tables");
    let mut wrong = Vec::new();
    for ((table, on_sqlite), (_, on_postgres)) in sqlite.iter().zip(&postgres) {
        if on_sqlite != on_postgres {
            wrong.push(format!(
                "{table}:\n  SQLite     {on_sqlite:?}\n  PostgreSQL {on_postgres:?}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "columns (name, type) differ:\n{}",
        wrong.join("\n")
    );
}
