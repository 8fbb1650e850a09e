//! `anqi copy-db`: every row of one database copied into another, empty one — a venue's SQLite
//! file to the hosted PostgreSQL server and back. Ids are kept (so links, deal commitments, which
//! name their event by id, and every page stay the same), the tables are written parents first in
//! one transaction on the target (all or nothing), and on PostgreSQL each identity then continues
//! after the highest id copied.
//!
//! The source is read in one read transaction (a consistent picture while a server keeps
//! writing). Both databases are opened with [`super::open`], so each is at this binary's schema;
//! the two schemas have the same tables with the same columns, so a row is copied column by column
//! by name.

use sqlx::{Column, Row, TypeInfo, ValueRef};

use super::{Backend, Db, StoreError, StoreResult, backend};

/// Every table of the schema, parents before the tables that refer to them, with the columns
/// that order its rows (its key).
pub const TABLES: &[(&str, &str)] = &[
    ("users", "id"),
    ("sessions", "token_hash"),
    ("setup_tokens", "token_hash"),
    ("events", "id"),
    ("event_arbiters", "event_id, user_id"),
    ("players", "id"),
    ("audit_log", "id"),
    ("rounds", "id"),
    ("boards", "id"),
    ("round_absences", "round_id, start_no"),
    ("game_records", "id"),
    ("api_tokens", "token_hash"),
    ("rating_lists", "id"),
    ("rating_players", "id"),
    ("rating_uploads", "id"),
    ("rating_games", "id"),
    ("deals", "id"),
    ("deal_values", "deal_id"),
    ("knockouts", "event_id"),
    ("knockout_qualifiers", "event_id, seed"),
    ("knockout_inputs", "event_id, seq"),
    ("prize_tables", "event_id"),
    ("prize_rows", "event_id, position"),
    ("special_prizes", "event_id, position"),
    ("team_prize_rows", "event_id, position"),
    ("knockout_records", "event_id, match_id, game_no"),
    ("readjudicated_records", "id"),
    ("bye_requests", "event_id, round_no, player_id"),
    ("forbidden_pairs", "id"),
    ("avoidance_relaxed", "id"),
    ("fouls", "id"),
    ("report_links", "token"),
    ("knockout_links", "token"),
    ("knockout_reports", "event_id, match_id, game_no, start_no"),
    ("entry_forms", "event_id"),
    ("entries", "id"),
    ("section_schedules", "event_id"),
    ("round_starts", "event_id, round_no"),
    ("checkins", "id"),
    ("login_throttle", "key"),
    ("event_deletions", "event_id"),
];

/// Why a copy was refused.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The target already holds rows (a copy never merges).
    #[error("the target database is not empty: table {0} has rows")]
    NotEmpty(&'static str),
    /// Source and target are the same database.
    #[error("the source and the target are the same database")]
    Same,
    /// A row did not go in (a constraint of the target refused it).
    #[error("table {table}: {message}")]
    Row {
        /// The table.
        table: &'static str,
        /// The database's message.
        message: String,
    },
    /// A text holds a NUL character, which PostgreSQL cannot store and no form accepts any more (a
    /// value written before names were checked): nothing is copied, and the row and column are
    /// named, to be corrected first.
    #[error(
        "table {table}, row {row}, column {column}: the text holds a NUL character, which PostgreSQL cannot store"
    )]
    Nul {
        /// The table.
        table: &'static str,
        /// The row's key (`id = 7`, `event_id = 1, user_id = 3`).
        row: String,
        /// The column.
        column: String,
    },
    /// The database refused otherwise.
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CopyError {
    fn from(e: sqlx::Error) -> Self {
        CopyError::Store(e.into())
    }
}

/// One value of a row, as both backends store it.
#[derive(Debug, Clone, PartialEq)]
enum Cell {
    Null { text: bool },
    Int(i64),
    Real(f64),
    Text(String),
    Bytes(Vec<u8>),
}

fn cell(row: &super::Row, i: usize) -> StoreResult<Cell> {
    let raw = row.try_get_raw(i)?;
    let declared = row.columns()[i].type_info().name().to_ascii_uppercase();
    if raw.is_null() {
        return Ok(Cell::Null {
            text: declared == "TEXT",
        });
    }
    let kind = raw.type_info().name().to_ascii_uppercase();
    Ok(match kind.as_str() {
        "BIGINT" | "INTEGER" | "SMALLINT" => Cell::Int(row.try_get(i)?),
        "BOOLEAN" => Cell::Int(i64::from(row.try_get::<super::Flag, _>(i)?.0)),
        "DOUBLE" | "REAL" => Cell::Real(row.try_get(i)?),
        "BLOB" => Cell::Bytes(row.try_get(i)?),
        _ => Cell::Text(row.try_get(i)?),
    })
}

/// A row's key as its columns hold it (`id = 7`), to name the row in an error.
fn row_key(row: &super::Row, names: &[String], key: &str) -> StoreResult<String> {
    let mut parts = Vec::new();
    for column in key.split(',').map(str::trim) {
        let Some(i) = names.iter().position(|n| n == column) else {
            continue;
        };
        let shown = match cell(row, i)? {
            Cell::Null { .. } => "NULL".to_string(),
            Cell::Int(n) => n.to_string(),
            Cell::Real(x) => x.to_string(),
            Cell::Text(t) => format!("'{}'", t.replace('\0', "\\0")),
            Cell::Bytes(b) => format!("{} bytes", b.len()),
        };
        parts.push(format!("{column} = {shown}"));
    }
    Ok(parts.join(", "))
}

/// What a copy wrote: rows per table, in [`TABLES`] order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Copied {
    /// `(table, rows)`.
    pub tables: Vec<(&'static str, u64)>,
}

impl Copied {
    /// Rows copied in all.
    pub fn rows(&self) -> u64 {
        self.tables.iter().map(|(_, n)| n).sum()
    }
}

/// Rows written per INSERT statement at most (well inside both backends' limits on bound values).
const BATCH_VALUES: usize = 900;

/// Copies every row of `from` into `to`, which must be empty (see the module text).
pub async fn copy(from: &Db, to: &Db) -> Result<Copied, CopyError> {
    if from.connect_options().database_url == to.connect_options().database_url {
        return Err(CopyError::Same);
    }
    let begin = match backend(from) {
        Backend::Postgres => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        Backend::Sqlite => "BEGIN",
    };
    let mut source = from.begin_with(begin).await?;
    let mut target = super::begin_write(to).await?;
    for (table, _) in TABLES {
        let n: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
                .fetch_one(&mut *target)
                .await?;
        if n > 0 {
            return Err(CopyError::NotEmpty(table));
        }
    }
    let mut copied = Copied::default();
    for (table, key) in TABLES {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT * FROM {table} ORDER BY {key}"
        )))
        .fetch_all(&mut *source)
        .await?;
        let Some(first) = rows.first() else {
            copied.tables.push((table, 0));
            continue;
        };
        let names: Vec<String> = first
            .columns()
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        let per_batch = (BATCH_VALUES / names.len().max(1)).max(1);
        for batch in rows.chunks(per_batch) {
            let mut cells = Vec::with_capacity(batch.len() * names.len());
            for row in batch {
                for (i, column) in names.iter().enumerate() {
                    let value = cell(row, i)?;
                    if matches!(&value, Cell::Text(t) if t.contains('\0')) {
                        return Err(CopyError::Nul {
                            table,
                            row: row_key(row, &names, key)?,
                            column: column.clone(),
                        });
                    }
                    cells.push(value);
                }
            }
            let tuples: Vec<String> = (0..batch.len())
                .map(|r| {
                    let marks: Vec<String> = (1..=names.len())
                        .map(|c| format!("${}", r * names.len() + c))
                        .collect();
                    format!("({})", marks.join(", "))
                })
                .collect();
            let sql = format!(
                "INSERT INTO {table} ({}) VALUES {}",
                names.join(", "),
                tuples.join(", ")
            );
            let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
            for c in cells {
                q = match c {
                    Cell::Null { text: true } => q.bind(None::<String>),
                    Cell::Null { text: false } => q.bind(None::<i64>),
                    Cell::Int(n) => q.bind(n),
                    Cell::Real(x) => q.bind(x),
                    Cell::Text(s) => q.bind(s),
                    Cell::Bytes(b) => q.bind(b),
                };
            }
            q.execute(&mut *target).await.map_err(|e| match e {
                sqlx::Error::Database(db) => CopyError::Row {
                    table,
                    message: db.message().to_string(),
                },
                other => CopyError::from(other),
            })?;
        }
        copied.tables.push((table, rows.len() as u64));
    }
    // Each copied log entry moved its event's public version (the trigger of migration 0021):
    // the versions are set back to the source's, so that pages and streams carry on from them.
    let versions: Vec<(i64, i64)> = sqlx::query_as("SELECT id, public_version FROM events")
        .fetch_all(&mut *source)
        .await?;
    for (id, version) in versions {
        sqlx::query("UPDATE events SET public_version = $1 WHERE id = $2")
            .bind(version)
            .bind(id)
            .execute(&mut *target)
            .await?;
    }
    if backend(to) == Backend::Postgres {
        // The identities continue after the copied ids (the tables keyed by an `id` have one).
        for (table, _) in TABLES.iter().filter(|(_, key)| *key == "id") {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'),
                               COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            )))
            .execute(&mut *target)
            .await?;
        }
    }
    target.commit().await?;
    source.rollback().await?;
    Ok(copied)
}
