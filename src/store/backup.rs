//! A full JSON backup of one event — every row of every table that belongs to it (its sealed deals
//! included), plus the names of the accounts those rows point at — and the writing of an import.
//!
//! The backup is generic over tables: each table is listed once in [`TABLES`] with how its rows are
//! found and which of its columns point at rows of other tables, so a new event table needs one line.
//! An import never writes what it read: `service::imports` parses every value as the forms do, maps
//! the backup's accounts to local ones as the importer chose, and hands [`import`] the checked rows,
//! which are written in one transaction with their ids renumbered.

use std::collections::HashMap;

use serde_json::{Map, Value};
use sqlx::{Column, Row, TypeInfo, ValueRef};

use super::users::User;
use super::{Db, StoreError, StoreResult};

/// Backup format version (2: deals and their committed context are part of the backup).
pub const FORMAT: &str = "anqi-event-backup/2";

/// How one table takes part in a backup.
struct TableSpec {
    /// Table name.
    name: &'static str,
    /// `SELECT *` of the event's rows (`$1` is the event id), in an order that keeps references valid.
    select: &'static str,
    /// The id map this table's `id` column defines, if its ids are referenced elsewhere.
    defines: Option<&'static str>,
    /// Columns pointing at rows of other maps: (column, map).
    refs: &'static [(&'static str, &'static str)],
}

/// Every table of an event, parents before children.
const TABLES: &[TableSpec] = &[
    TableSpec { name: "events", select: "SELECT * FROM events WHERE id = $1", defines: Some("events"), refs: &[("owner_id", "users")] },
    TableSpec {
        name: "event_arbiters",
        select: "SELECT * FROM event_arbiters WHERE event_id = $1",
        defines: None,
        refs: &[("event_id", "events"), ("user_id", "users")],
    },
    TableSpec {
        name: "players",
        select: "SELECT * FROM players WHERE event_id = $1 ORDER BY id",
        defines: Some("players"),
        refs: &[("event_id", "events"), ("user_id", "users")],
    },
    TableSpec {
        name: "rounds",
        select: "SELECT * FROM rounds WHERE event_id = $1 ORDER BY id",
        defines: Some("rounds"),
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "boards",
        select: "SELECT * FROM boards WHERE round_id IN (SELECT id FROM rounds WHERE event_id = $1) ORDER BY id",
        defines: Some("boards"),
        refs: &[("round_id", "rounds"), ("reported_by", "users")],
    },
    TableSpec {
        name: "round_absences",
        select: "SELECT * FROM round_absences WHERE round_id IN (SELECT id FROM rounds WHERE event_id = $1)",
        defines: None,
        refs: &[("round_id", "rounds")],
    },
    TableSpec {
        name: "bye_requests",
        select: "SELECT * FROM bye_requests WHERE event_id = $1",
        defines: None,
        refs: &[("event_id", "events"), ("player_id", "players")],
    },
    TableSpec {
        name: "forbidden_pairs",
        select: "SELECT * FROM forbidden_pairs WHERE event_id = $1 ORDER BY id",
        defines: None,
        refs: &[("event_id", "events"), ("first_player", "players"), ("second_player", "players")],
    },
    TableSpec {
        name: "fouls",
        select: "SELECT * FROM fouls WHERE event_id = $1 ORDER BY id",
        defines: None,
        refs: &[("event_id", "events"), ("player_id", "players")],
    },
    TableSpec {
        name: "avoidance_relaxed",
        select: "SELECT * FROM avoidance_relaxed WHERE event_id = $1 ORDER BY id",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "entry_forms",
        select: "SELECT * FROM entry_forms WHERE event_id = $1",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "entries",
        select: "SELECT * FROM entries WHERE event_id = $1 ORDER BY id",
        defines: None,
        refs: &[("event_id", "events"), ("player_id", "players")],
    },
    TableSpec {
        name: "section_schedules",
        select: "SELECT * FROM section_schedules WHERE event_id = $1",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "round_starts",
        select: "SELECT * FROM round_starts WHERE event_id = $1 ORDER BY round_no",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "checkins",
        select: "SELECT * FROM checkins WHERE event_id = $1 ORDER BY id",
        defines: None,
        refs: &[("event_id", "events"), ("player_id", "players")],
    },
    TableSpec {
        name: "game_records",
        select: "SELECT * FROM game_records WHERE board_id IN
                 (SELECT b.id FROM boards b JOIN rounds r ON r.id = b.round_id WHERE r.event_id = $1) ORDER BY id",
        defines: Some("game_records"),
        refs: &[("board_id", "boards"), ("submitted_by", "users")],
    },
    TableSpec { name: "knockouts", select: "SELECT * FROM knockouts WHERE event_id = $1", defines: None, refs: &[("event_id", "events")] },
    TableSpec {
        name: "knockout_qualifiers",
        select: "SELECT * FROM knockout_qualifiers WHERE event_id = $1 ORDER BY seed",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "knockout_inputs",
        select: "SELECT * FROM knockout_inputs WHERE event_id = $1 ORDER BY seq",
        defines: None,
        refs: &[("event_id", "events"), ("user_id", "users")],
    },
    TableSpec {
        name: "knockout_records",
        select: "SELECT * FROM knockout_records WHERE event_id = $1 ORDER BY match_id, game_no",
        defines: None,
        refs: &[("event_id", "events"), ("submitted_by", "users")],
    },
    TableSpec { name: "prize_tables", select: "SELECT * FROM prize_tables WHERE event_id = $1", defines: None, refs: &[("event_id", "events")] },
    TableSpec {
        name: "prize_rows",
        select: "SELECT * FROM prize_rows WHERE event_id = $1 ORDER BY position",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "special_prizes",
        select: "SELECT * FROM special_prizes WHERE event_id = $1 ORDER BY position",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "team_prize_rows",
        select: "SELECT * FROM team_prize_rows WHERE event_id = $1 ORDER BY position",
        defines: None,
        refs: &[("event_id", "events")],
    },
    TableSpec {
        name: "deals",
        select: "SELECT * FROM deals WHERE event_id = $1 ORDER BY id",
        defines: Some("deals"),
        refs: &[("event_id", "events"), ("sealed_by", "users"), ("unsealed_by", "users")],
    },
    TableSpec {
        name: "audit_log",
        select: "SELECT * FROM audit_log WHERE event_id = $1 ORDER BY id",
        defines: Some("audit_log"),
        refs: &[("event_id", "events"), ("user_id", "users")],
    },
];

/// The tables of a backup, parents before children (the order an import writes them in).
pub fn tables() -> impl Iterator<Item = &'static str> {
    TABLES.iter().map(|t| t.name)
}

/// Why an import could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A row does not fit the table or its neighbours (names the table and row).
    #[error("{table} row {row}: {message}")]
    Row {
        /// Table name.
        table: String,
        /// 1-based row within the table's rows.
        row: usize,
        /// What is wrong.
        message: String,
    },
    /// The event was imported before (or is the original, on this server): the existing event id.
    #[error("already imported as event {0}")]
    AlreadyImported(i64),
    /// Storage failure.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One checked row to import: its id in the backup (for tables whose ids other rows point at) and
/// its columns with canonical values. Columns pointing at accounts already hold local account ids
/// (or null); columns pointing at other rows of the backup hold the backup's ids, renumbered here.
#[derive(Debug, Clone)]
pub struct ImportRow {
    /// The row's id in the backup.
    pub old_id: Option<i64>,
    /// Column values.
    pub values: Vec<(&'static str, Value)>,
}

/// The checked rows of an event, table by table, and the identity of the event they copy.
#[derive(Debug, Clone)]
pub struct ImportPlan {
    /// Rows per table; the tables are written in the order of [`TABLES`].
    pub tables: Vec<(&'static str, Vec<ImportRow>)>,
    /// The copied event's identity (stored as the new event's `origin`).
    pub origin: String,
    /// The copied event's id and creation time on the server it was made on.
    pub original: (i64, String),
    /// The audit entry's detail.
    pub detail: String,
}

/// Whether an event with this identity is here already: imported before (same `origin`), or the
/// original itself (same id and creation time, not imported). Returns its id.
pub async fn already_imported(
    conn: impl sqlx::Executor<'_, Database = sqlx::Any>,
    origin: &str,
    original: &(i64, String),
) -> StoreResult<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM events WHERE origin = $1 OR (origin IS NULL AND id = $2 AND created_at = $3)
         ORDER BY id LIMIT 1",
    )
    .bind(origin)
    .bind(original.0)
    .bind(&original.1)
    .fetch_optional(conn)
    .await?)
}

fn cell(row: &super::Row, i: usize) -> StoreResult<Value> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(Value::Null);
    }
    // The kinds of `sqlx::Any`, the same on both backends.
    let kind = raw.type_info().name().to_ascii_uppercase();
    Ok(match kind.as_str() {
        "BIGINT" | "INTEGER" | "SMALLINT" => Value::from(row.try_get::<i64, _>(i)?),
        "BOOLEAN" => Value::from(i64::from(row.try_get::<super::Flag, _>(i)?.0)),
        "DOUBLE" | "REAL" => Value::from(row.try_get::<f64, _>(i)?),
        _ => Value::from(row.try_get::<String, _>(i)?),
    })
}

/// The backup of an event as JSON.
pub async fn export(db: &Db, event_id: i64) -> StoreResult<Value> {
    let mut tables = Map::new();
    let mut user_ids = std::collections::BTreeSet::new();
    for spec in TABLES {
        let rows = sqlx::query(spec.select)
            .bind(event_id)
            .fetch_all(db)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut obj = Map::new();
            for (i, col) in row.columns().iter().enumerate() {
                let v = cell(row, i)?;
                if spec
                    .refs
                    .iter()
                    .any(|(c, m)| *c == col.name() && *m == "users")
                    && let Some(id) = v.as_i64()
                {
                    user_ids.insert(id);
                }
                obj.insert(col.name().to_string(), v);
            }
            out.push(Value::Object(obj));
        }
        tables.insert(spec.name.to_string(), Value::Array(out));
    }
    if tables["events"].as_array().is_none_or(Vec::is_empty) {
        return Err(StoreError::NotFound);
    }
    let mut users = Vec::new();
    for id in user_ids {
        if let Some(u) = super::users::get(db, id).await? {
            users.push(serde_json::json!({"id": u.id, "name": u.name, "role": u.role.as_str()}));
        }
    }
    Ok(
        serde_json::json!({ "format": FORMAT, "exported_at": super::now(), "users": users, "tables": tables }),
    )
}

/// Writes a checked import in one transaction (all of it, or nothing) with an audit entry by `by`,
/// the importer, who owns the new event; returns the new event id.
pub async fn import(db: &Db, by: &User, plan: &ImportPlan) -> Result<i64, ImportError> {
    let mut tx = super::begin_write(db).await?;
    if let Some(id) = already_imported(&mut *tx, &plan.origin, &plan.original).await? {
        return Err(ImportError::AlreadyImported(id));
    }
    let mut maps: HashMap<&'static str, HashMap<i64, i64>> = HashMap::new();
    let mut event_id = None;
    for spec in TABLES {
        let Some((_, rows)) = plan.tables.iter().find(|(name, _)| *name == spec.name) else {
            continue;
        };
        // A NULL is bound with its column's type (PostgreSQL takes no integer NULL for text).
        let text = super::text_columns(&mut tx, spec.name).await?;
        for (i, row) in rows.iter().enumerate() {
            let bad = |m: String| ImportError::Row {
                table: spec.name.into(),
                row: i + 1,
                message: m,
            };
            let mut names = Vec::with_capacity(row.values.len() + 2);
            let mut values = Vec::with_capacity(row.values.len() + 2);
            for (col, v) in &row.values {
                // The importer owns what it imports; the copy remembers what it copies.
                if spec.name == "events" && matches!(*col, "owner_id" | "origin") {
                    continue;
                }
                let v = match spec.refs.iter().find(|(c, _)| c == col) {
                    Some((_, map)) if *map != "users" && !v.is_null() => {
                        let old = v
                            .as_i64()
                            .ok_or_else(|| bad(format!("{col} is not an id")))?;
                        let new = maps.get(map).and_then(|m| m.get(&old)).ok_or_else(|| {
                            bad(format!("{col} {old} refers to nothing in the backup"))
                        })?;
                        Value::from(*new)
                    }
                    _ => v.clone(),
                };
                names.push(*col);
                values.push(v);
            }
            if spec.name == "events" {
                names.extend(["owner_id", "origin"]);
                values.extend([Value::from(by.id), Value::from(plan.origin.clone())]);
            }
            let placeholders: Vec<String> = (1..=values.len()).map(|n| format!("${n}")).collect();
            let returning = if spec.defines.is_some() {
                " RETURNING id"
            } else {
                ""
            };
            let sql = format!(
                "INSERT INTO {} ({}) VALUES ({}){returning}",
                spec.name,
                names.join(", "),
                placeholders.join(", ")
            );
            let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
            for (col, v) in names.iter().zip(&values) {
                q = match v {
                    Value::Null if text.contains(*col) => q.bind(None::<String>),
                    Value::Null => q.bind(None::<i64>),
                    Value::Number(n) if n.is_i64() => q.bind(n.as_i64()),
                    Value::Number(n) => q.bind(n.as_f64()),
                    Value::String(s) => q.bind(s.clone()),
                    Value::Bool(b) => q.bind(*b as i64),
                    other => q.bind(other.to_string()),
                };
            }
            let result = q.fetch_optional(&mut *tx).await.map_err(|e| match e {
                sqlx::Error::Database(db) => bad(db.message().to_string()),
                other => ImportError::Store(other.into()),
            })?;
            if let (Some(map), Some(r)) = (spec.defines, result) {
                let new: i64 = r.try_get("id").map_err(StoreError::from)?;
                if let Some(old) = row.old_id {
                    maps.entry(map).or_default().insert(old, new);
                }
                if spec.name == "events" {
                    event_id = Some(new);
                }
            }
        }
    }
    let Some(event_id) = event_id else {
        return Err(ImportError::Row {
            table: "events".into(),
            row: 1,
            message: "the backup has no event".into(),
        });
    };
    tx.commit_audited(Some(by.id), Some(event_id), "event.import", &plan.detail)
        .await?;
    Ok(event_id)
}
