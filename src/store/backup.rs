//! A full JSON backup of one event — every row of every table that belongs to it, plus the accounts
//! those rows name — and its import into another server (ids are renumbered, accounts matched by name).
//!
//! The backup is generic over tables: each table is listed once in [`TABLES`] with how its rows are
//! found and which of its columns point at rows of other tables, so a new event table needs one line.

use std::collections::HashMap;

use serde_json::{Map, Value};
use sqlx::{Column, Row, TypeInfo, ValueRef};

use super::{Db, StoreError, StoreResult, audit};
use crate::accounts::{self, Role};

/// Backup format version.
pub const FORMAT: &str = "anqi-event-backup/1";

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
        name: "audit_log",
        select: "SELECT * FROM audit_log WHERE event_id = $1 ORDER BY id",
        defines: Some("audit_log"),
        refs: &[("event_id", "events"), ("user_id", "users")],
    },
];

/// Why a backup could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The text is not a backup of this format.
    #[error("not an Anqi event backup: {0}")]
    Format(String),
    /// A row does not fit the table (names the table and row).
    #[error("{table} row {row}: {message}")]
    Row {
        /// Table name.
        table: String,
        /// 1-based row within the table's rows.
        row: usize,
        /// What is wrong.
        message: String,
    },
    /// Storage failure.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn cell(row: &sqlx::sqlite::SqliteRow, i: usize) -> StoreResult<Value> {
    let raw = row.try_get_raw(i)?;
    if raw.is_null() {
        return Ok(Value::Null);
    }
    let kind = raw.type_info().name().to_ascii_uppercase();
    Ok(match kind.as_str() {
        "INTEGER" | "BOOLEAN" | "INT8" | "BIGINT" => Value::from(row.try_get::<i64, _>(i)?),
        "REAL" => Value::from(row.try_get::<f64, _>(i)?),
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

/// Imports a backup; returns the new event id. Everything is written in one transaction, or nothing.
/// Accounts are matched by name; missing ones are created with the same role and no usable password
/// (an administrator sets one). `by` is recorded in the audit log as the importer.
pub async fn import(db: &Db, by_user: i64, backup: &Value) -> Result<i64, ImportError> {
    if backup.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(ImportError::Format(format!(
            "the \"format\" field must be \"{FORMAT}\""
        )));
    }
    let tables = backup
        .get("tables")
        .and_then(Value::as_object)
        .ok_or_else(|| ImportError::Format("no \"tables\"".into()))?;
    let mut tx = super::begin_write(db).await?;
    let mut maps: HashMap<&'static str, HashMap<i64, i64>> = HashMap::new();
    for (i, u) in backup
        .get("users")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let bad = |m: &str| ImportError::Row {
            table: "users".into(),
            row: i + 1,
            message: m.into(),
        };
        let id = u
            .get("id")
            .and_then(Value::as_i64)
            .ok_or_else(|| bad("id missing"))?;
        let name = u
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("name missing"))?;
        let name = accounts::validate_name(name).map_err(|e| bad(&e.to_string()))?;
        let role = u
            .get("role")
            .and_then(Value::as_str)
            .and_then(Role::parse)
            .ok_or_else(|| bad("unknown role"))?;
        let existing: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE name = $1")
            .bind(&name)
            .fetch_optional(&mut *tx)
            .await
            .map_err(StoreError::from)?;
        let new_id = match existing {
            Some(id) => id,
            None => sqlx::query_scalar(
                "INSERT INTO users (name, role, password_hash, created_at) VALUES ($1, $2, '!', $3) RETURNING id",
            )
            .bind(&name)
            .bind(role.as_str())
            .bind(super::now())
            .fetch_one(&mut *tx)
            .await
            .map_err(StoreError::from)?,
        };
        maps.entry("users").or_default().insert(id, new_id);
    }
    let mut event_id = None;
    for spec in TABLES {
        let rows = tables
            .get(spec.name)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let columns: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT name FROM pragma_table_info('{}')",
            spec.name
        )))
        .fetch_all(&mut *tx)
        .await
        .map_err(StoreError::from)?;
        for (i, row) in rows.iter().enumerate() {
            let bad = |m: String| ImportError::Row {
                table: spec.name.into(),
                row: i + 1,
                message: m,
            };
            let obj = row.as_object().ok_or_else(|| bad("not an object".into()))?;
            let mut names = Vec::new();
            let mut values = Vec::new();
            let mut old_id = None;
            for (col, v) in obj {
                if !columns.contains(col) {
                    return Err(bad(format!("unknown column '{col}'")));
                }
                if col == "id" && spec.defines.is_some() {
                    old_id = v.as_i64();
                    continue;
                }
                let v = match spec.refs.iter().find(|(c, _)| c == col) {
                    Some((_, map)) if !v.is_null() => {
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
                names.push(col.clone());
                values.push(v);
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
            for v in &values {
                q = match v {
                    Value::Null => q.bind(None::<i64>),
                    Value::Number(n) if n.is_i64() => q.bind(n.as_i64()),
                    Value::Number(n) => q.bind(n.as_f64()),
                    Value::String(s) => q.bind(s.clone()),
                    Value::Bool(b) => q.bind(*b as i64),
                    other => q.bind(other.to_string()),
                };
            }
            let result = q
                .fetch_optional(&mut *tx)
                .await
                .map_err(|e| bad(e.to_string()))?;
            if let (Some(map), Some(old), Some(r)) = (spec.defines, old_id, result) {
                let new: i64 = r.try_get("id").map_err(StoreError::from)?;
                maps.entry(map).or_default().insert(old, new);
                if spec.name == "events" {
                    event_id = Some(new);
                }
            }
        }
    }
    let event_id = event_id.ok_or_else(|| ImportError::Format("the backup has no event".into()))?;
    audit::record(
        &mut *tx,
        Some(by_user),
        Some(event_id),
        "event.import",
        FORMAT,
    )
    .await?;
    tx.commit().await?;
    Ok(event_id)
}
