//! Club rating lists (RULES.md §7): the lists and their settings, their players, the rated games and the
//! uploads they came in.
//!
//! Only games are stored. Points, levels, standings and histories are computed by [`replay`], which feeds
//! the games to [`crate::rating::RatingList`] in date order (arrival order within a date) — the order the
//! rating module itself keeps — so what a page shows always equals a recomputation from scratch.
//!
//! Every way games enter a list goes through one function:
//!
//! ```text
//! append_games(db, by: &User, list_id, games: &[NewGame], source: &Source) -> StoreResult<Appended>
//! ```
//!
//! with `Source::File` for an uploaded CSV (refused as [`Appended::Duplicate`] when the same file was
//! uploaded to the list before), `Source::Form` for one game entered by hand, and `Source::Event` for the
//! rated games of a finished event pushed with one click (each event enters a list at most once). The
//! event push is wired by building one `NewGame` per game played over the board in the event (Swiss
//! boards and knockout games whose result is `1-0`, `0-1` or `1/2-1/2`; forfeits such as `1-0F`, byes
//! and unfinished games are not rated), named by the players' names and dated by the event's day, and
//! calling `append_games(db, by, list_id, &games, &Source::Event { event_id, label: event_name })`; an
//! [`Appended::Duplicate`] answer means the event was pushed into that list before.
//!
//! Players may also enter with a starting entry (points and games from a previous period, like
//! `anqi rate --players`) through [`add_starting_entries`], before their first game in the list.

use std::collections::HashMap;

use chrono::NaiveDate;
use sha2::{Digest, Sha256};
use sqlx::Row;

use super::users::User;
use super::{Db, StoreError, StoreResult, audit, now};
use crate::accounts::hex;
use crate::rating::csv::StartEntry;
use crate::rating::{Game, LevelTable, Outcome, PlayerId, Points, RatingList, RatingSettings};

/// A stored rating list with its settings and a few counts.
#[derive(Debug, Clone)]
pub struct ListInfo {
    /// Row id (the list id in URLs).
    pub id: i64,
    /// The club manager (or administrator) who owns the list.
    pub owner_id: i64,
    /// The owner's user name.
    pub owner_name: String,
    /// The list's name.
    pub name: String,
    /// Start points, unrated threshold and level table.
    pub settings: RatingSettings,
    /// Number of players.
    pub players: i64,
    /// Number of rated games.
    pub games: i64,
}

/// A game to append to a list, named by its players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// The day it was played.
    pub date: NaiveDate,
    /// Red's name (trimmed, not empty).
    pub red: String,
    /// Black's name (trimmed, not empty, not Red's).
    pub black: String,
    /// The decided result.
    pub outcome: Outcome,
}

/// Where a batch of games comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// An uploaded CSV file: its name (may be empty) and its [`upload_digest`].
    File {
        /// File name as given by the uploader.
        label: String,
        /// SHA-256 of the normalised text.
        digest: String,
    },
    /// One game entered by form.
    Form,
    /// The rated games of a finished event.
    Event {
        /// The event.
        event_id: i64,
        /// The event's name at the time of the push.
        label: String,
    },
}

impl Source {
    fn kind(&self) -> &'static str {
        match self {
            Source::File { .. } => "file",
            Source::Form => "form",
            Source::Event { .. } => "event",
        }
    }
}

/// One batch of games appended to a list.
#[derive(Debug, Clone)]
pub struct Upload {
    /// Row id.
    pub id: i64,
    /// `file`, `form` or `event`.
    pub kind: String,
    /// File or event name.
    pub label: String,
    /// Number of games in the batch.
    pub games: i64,
    /// Who appended it.
    pub user: Option<String>,
    /// When (RFC 3339).
    pub created_at: String,
}

/// What [`append_games`] did.
#[derive(Debug, Clone)]
pub enum Appended {
    /// The games were appended as this batch.
    Added(Upload),
    /// Nothing was written: the same file (or event) entered the list before, as this batch.
    Duplicate(Upload),
}

/// The SHA-256 (hex) identifying an uploaded CSV text. The text is normalised first — byte-order mark
/// dropped, line ends made `\n`, trailing whitespace removed — because browsers send a textarea with
/// `\r\n` line ends and drop the mark when reading a file, so the same file must give the same digest
/// whether it was chosen, pasted or saved by another program.
pub fn upload_digest(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    hex(&Sha256::digest(normalised.trim_end().as_bytes()))
}

fn decode_error(message: String) -> StoreError {
    StoreError::Database(sqlx::Error::Decode(message.into()))
}

fn list_from_row(row: &sqlx::sqlite::SqliteRow) -> StoreResult<ListInfo> {
    let points = |col: &str| -> StoreResult<Points> {
        Ok(Points::from_hundredths(row.try_get::<i64, _>(col)?))
    };
    let small = |col: &str| -> StoreResult<i64> { Ok(row.try_get::<i64, _>(col)?) };
    let level = |col: &str| -> StoreResult<u8> {
        u8::try_from(small(col)?).map_err(|_| decode_error(format!("{col} out of range")))
    };
    let levels = LevelTable::new(
        points("level_base")?,
        points("level_step")?,
        level("lowest_level")?,
        level("highest_level")?,
    )
    .map_err(|e| decode_error(format!("level table: {e}")))?;
    let rated_after_games = u32::try_from(small("rated_after_games")?)
        .map_err(|_| decode_error("rated_after_games out of range".into()))?;
    Ok(ListInfo {
        id: row.try_get("id")?,
        owner_id: row.try_get("owner_id")?,
        owner_name: row.try_get("owner_name")?,
        name: row.try_get("name")?,
        settings: RatingSettings {
            start_points: points("start_points")?,
            rated_after_games,
            levels,
        },
        players: row.try_get("players")?,
        games: row.try_get("games")?,
    })
}

const LIST_QUERY: &str = "SELECT l.id, l.owner_id, u.name AS owner_name, l.name, l.start_points,
        l.rated_after_games, l.level_base, l.level_step, l.lowest_level, l.highest_level,
        (SELECT COUNT(*) FROM rating_players p WHERE p.list_id = l.id) AS players,
        (SELECT COUNT(*) FROM rating_games g WHERE g.list_id = l.id) AS games
     FROM rating_lists l JOIN users u ON u.id = l.owner_id";

/// Every rating list, by name.
pub async fn lists(db: &Db) -> StoreResult<Vec<ListInfo>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{LIST_QUERY} ORDER BY l.name, l.id"
    )))
    .fetch_all(db)
    .await?;
    rows.iter().map(list_from_row).collect()
}

/// One rating list.
pub async fn get(db: &Db, list_id: i64) -> StoreResult<Option<ListInfo>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("{LIST_QUERY} WHERE l.id = $1")))
        .bind(list_id)
        .fetch_optional(db)
        .await?;
    row.as_ref().map(list_from_row).transpose()
}

/// Creates a list owned by `owner`, with an audit entry; returns its id.
pub async fn create(
    db: &Db,
    owner: &User,
    name: &str,
    settings: &RatingSettings,
) -> StoreResult<i64> {
    let mut tx = super::begin_write(db).await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO rating_lists (owner_id, name, start_points, rated_after_games, level_base,
         level_step, lowest_level, highest_level, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(owner.id)
    .bind(name)
    .bind(settings.start_points.hundredths())
    .bind(i64::from(settings.rated_after_games))
    .bind(settings.levels.base().hundredths())
    .bind(settings.levels.step().hundredths())
    .bind(i64::from(settings.levels.lowest()))
    .bind(i64::from(settings.levels.highest()))
    .bind(now())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit_audited(
        Some(owner.id),
        None,
        "rating_list.create",
        &format!("#{id} {name}"),
    )
    .await?;
    Ok(id)
}

/// Renames a list and changes its settings (every number is recomputed from the games on the next
/// [`replay`]); the audit entry keeps the old and new settings.
pub async fn update(
    db: &Db,
    by: &User,
    list: &ListInfo,
    name: &str,
    settings: &RatingSettings,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query(
        "UPDATE rating_lists SET name = $1, start_points = $2, rated_after_games = $3, level_base = $4,
         level_step = $5, lowest_level = $6, highest_level = $7 WHERE id = $8",
    )
    .bind(name)
    .bind(settings.start_points.hundredths())
    .bind(i64::from(settings.rated_after_games))
    .bind(settings.levels.base().hundredths())
    .bind(settings.levels.step().hundredths())
    .bind(i64::from(settings.levels.lowest()))
    .bind(i64::from(settings.levels.highest()))
    .bind(list.id)
    .execute(&mut *tx)
    .await?;
    tx.commit_audited(
        Some(by.id),
        None,
        "rating_list.settings",
        &format!(
            "#{}: {} {} → {} {}",
            list.id,
            list.name,
            describe(&list.settings),
            name,
            describe(settings)
        ),
    )
    .await?;
    Ok(())
}

/// The settings in one line, for the audit log.
fn describe(s: &RatingSettings) -> String {
    format!(
        "(start {}, rated after {}, levels {}/{} {}…{})",
        s.start_points,
        s.rated_after_games,
        s.levels.base(),
        s.levels.step(),
        s.levels.lowest(),
        s.levels.highest()
    )
}

const UPLOAD_QUERY: &str =
    "SELECT r.id, r.kind, r.label, r.games, u.name AS user_name, r.created_at
     FROM rating_uploads r LEFT JOIN users u ON u.id = r.user_id";

fn upload_from_row(row: &sqlx::sqlite::SqliteRow) -> StoreResult<Upload> {
    Ok(Upload {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        label: row.try_get("label")?,
        games: row.try_get("games")?,
        user: row.try_get("user_name")?,
        created_at: row.try_get("created_at")?,
    })
}

/// The batches of games appended to a list, newest first.
pub async fn uploads(db: &Db, list_id: i64) -> StoreResult<Vec<Upload>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{UPLOAD_QUERY} WHERE r.list_id = $1 ORDER BY r.id DESC"
    )))
    .bind(list_id)
    .fetch_all(db)
    .await?;
    rows.iter().map(upload_from_row).collect()
}

/// The earlier batch a file or event would duplicate, if any.
async fn earlier_upload(db: &Db, list_id: i64, source: &Source) -> StoreResult<Option<Upload>> {
    let row = match source {
        Source::File { digest, .. } => {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "{UPLOAD_QUERY} WHERE r.list_id = $1 AND r.digest = $2"
            )))
            .bind(list_id)
            .bind(digest)
            .fetch_optional(db)
            .await?
        }
        Source::Event { event_id, .. } => {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "{UPLOAD_QUERY} WHERE r.list_id = $1 AND r.event_id = $2"
            )))
            .bind(list_id)
            .bind(event_id)
            .fetch_optional(db)
            .await?
        }
        Source::Form => None,
    };
    row.as_ref().map(upload_from_row).transpose()
}

/// Appends games to a list as one batch, in one transaction: all of them or none. New names become
/// players of the list. A file or event that already entered the list is refused as
/// [`Appended::Duplicate`] with nothing written. The caller has checked the games (names trimmed, not
/// empty, different on both sides); callers pass at least one game.
pub async fn append_games(
    db: &Db,
    by: &User,
    list_id: i64,
    games: &[NewGame],
    source: &Source,
) -> StoreResult<Appended> {
    let (label, digest, event_id) = match source {
        Source::File { label, digest } => (label.as_str(), Some(digest.as_str()), None),
        Source::Form => ("", None, None),
        Source::Event { event_id, label } => (label.as_str(), None, Some(*event_id)),
    };
    let mut tx = super::begin_write(db).await?;
    // The batch row is written first so the transaction holds the write lock before it reads the
    // players and the next game number: two uploads at once cannot hand out the same numbers.
    let inserted = sqlx::query(
        "INSERT INTO rating_uploads (list_id, kind, label, digest, event_id, games, user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING id, kind, label, games, created_at",
    )
    .bind(list_id)
    .bind(source.kind())
    .bind(label)
    .bind(digest)
    .bind(event_id)
    .bind(games.len() as i64)
    .bind(by.id)
    .bind(now())
    .fetch_one(&mut *tx)
    .await;
    let row = match inserted.map_err(StoreError::from) {
        Ok(row) => row,
        Err(StoreError::Conflict) => {
            tx.rollback().await?;
            return match earlier_upload(db, list_id, source).await? {
                Some(earlier) => Ok(Appended::Duplicate(earlier)),
                None => Err(StoreError::Conflict),
            };
        }
        Err(e) => return Err(e),
    };
    let upload = Upload {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        label: row.try_get("label")?,
        games: row.try_get("games")?,
        user: Some(by.name.clone()),
        created_at: row.try_get("created_at")?,
    };

    let mut players: HashMap<String, i64> = HashMap::new();
    for r in sqlx::query("SELECT id, name FROM rating_players WHERE list_id = $1")
        .bind(list_id)
        .fetch_all(&mut *tx)
        .await?
    {
        players.insert(r.try_get("name")?, r.try_get("id")?);
    }
    let mut seq: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(seq), 0) FROM rating_games WHERE list_id = $1")
            .bind(list_id)
            .fetch_one(&mut *tx)
            .await?;
    for game in games {
        let mut ids = [0i64; 2];
        for (slot, name) in ids.iter_mut().zip([&game.red, &game.black]) {
            *slot = match players.get(name.as_str()) {
                Some(&id) => id,
                None => {
                    let id: i64 = sqlx::query_scalar(
                        "INSERT INTO rating_players (list_id, name) VALUES ($1, $2) RETURNING id",
                    )
                    .bind(list_id)
                    .bind(name)
                    .fetch_one(&mut *tx)
                    .await?;
                    players.insert(name.clone(), id);
                    id
                }
            };
        }
        seq += 1;
        sqlx::query(
            "INSERT INTO rating_games (list_id, upload_id, seq, played_on, red_id, black_id, result)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(list_id)
        .bind(upload.id)
        .bind(seq)
        .bind(game.date.format("%Y-%m-%d").to_string())
        .bind(ids[0])
        .bind(ids[1])
        .bind(result_text(game.outcome))
        .execute(&mut *tx)
        .await?;
    }
    let what = match source {
        Source::File { label, .. } => format!("file '{label}'"),
        Source::Form => match games {
            [g] => format!(
                "{} {} – {} {}",
                g.date,
                g.red,
                g.black,
                result_text(g.outcome)
            ),
            _ => "form".to_string(),
        },
        Source::Event { event_id, label } => format!("event #{event_id} {label}"),
    };
    tx.commit_audited(
        Some(by.id),
        None,
        "rating.games",
        &format!("list #{list_id}: {what}, {} games", games.len()),
    )
    .await?;
    Ok(Appended::Added(upload))
}

/// Removes one batch of games from a list (a wrong file, a mistyped game) in one transaction: its games,
/// the batch itself (so the same file may be uploaded again), and players left without games or a
/// starting entry. Returns whether the batch was in the list.
pub async fn remove_upload(db: &Db, by: &User, list_id: i64, upload_id: i64) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let removed = sqlx::query("DELETE FROM rating_games WHERE list_id = $1 AND upload_id = $2")
        .bind(list_id)
        .bind(upload_id)
        .execute(&mut *tx)
        .await?;
    let batch = sqlx::query(
        "DELETE FROM rating_uploads WHERE list_id = $1 AND id = $2 RETURNING kind, label, games",
    )
    .bind(list_id)
    .bind(upload_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(batch) = batch else {
        tx.rollback().await?;
        return Ok(false);
    };
    sqlx::query(
        "DELETE FROM rating_players WHERE list_id = $1 AND start_points IS NULL
         AND NOT EXISTS (SELECT 1 FROM rating_games g
                         WHERE g.red_id = rating_players.id OR g.black_id = rating_players.id)",
    )
    .bind(list_id)
    .execute(&mut *tx)
    .await?;
    let kind: String = batch.try_get("kind")?;
    let label: String = batch.try_get("label")?;
    tx.commit_audited(
        Some(by.id),
        None,
        "rating.remove",
        &format!(
            "list #{list_id}: batch #{upload_id} ({kind} '{label}'), {} games",
            removed.rows_affected()
        ),
    )
    .await?;
    Ok(true)
}

/// What [`add_starting_entries`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartAdded {
    /// This many players were added with their starting entries.
    Added(usize),
    /// Nothing was written: this player is already in the list (a starting entry only makes sense before
    /// a player's first game in the list).
    AlreadyInList(String),
}

/// Adds players with starting entries (points and games from before the list, as in `anqi rate
/// --players`), in one transaction: all of them or none. The names are new to the list and distinct
/// (the CSV reader refuses a name listed twice).
pub async fn add_starting_entries(
    db: &Db,
    by: &User,
    list_id: i64,
    entries: &[StartEntry],
) -> StoreResult<StartAdded> {
    let mut tx = super::begin_write(db).await?;
    // Written first so the transaction holds the write lock before it looks for the names.
    audit::record(
        &mut *tx,
        Some(by.id),
        None,
        "rating.start_list",
        &format!("list #{list_id}: {} players", entries.len()),
    )
    .await?;
    for e in entries {
        let present: Option<i64> =
            sqlx::query_scalar("SELECT id FROM rating_players WHERE list_id = $1 AND name = $2")
                .bind(list_id)
                .bind(&e.name)
                .fetch_optional(&mut *tx)
                .await?;
        if present.is_some() {
            tx.rollback().await?;
            return Ok(StartAdded::AlreadyInList(e.name.clone()));
        }
        sqlx::query(
            "INSERT INTO rating_players (list_id, name, start_points, start_games)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(list_id)
        .bind(&e.name)
        .bind(e.points.hundredths())
        .bind(i64::from(e.games))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(StartAdded::Added(entries.len()))
}

fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::RedWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

fn parse_result(text: &str) -> StoreResult<Outcome> {
    match text {
        "1-0" => Ok(Outcome::RedWins),
        "0-1" => Ok(Outcome::BlackWins),
        "1/2-1/2" => Ok(Outcome::Draw),
        other => Err(decode_error(format!("unknown result '{other}'"))),
    }
}

/// A list recomputed from its stored games, with the mapping between the rating module's player
/// handles and the stored player ids (used in URLs).
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The computed list.
    pub list: RatingList,
    /// Stored player id of each handle, by handle index.
    stored_ids: Vec<i64>,
    /// Handle of each stored player id.
    handles: HashMap<i64, PlayerId>,
}

impl Replayed {
    /// The stored id (URL id) of a player handle.
    pub fn stored_id(&self, player: PlayerId) -> Option<i64> {
        self.stored_ids.get(player.index()).copied()
    }

    /// The handle of a stored player id, if the player is in this list.
    pub fn handle(&self, stored_id: i64) -> Option<PlayerId> {
        self.handles.get(&stored_id).copied()
    }
}

/// Recomputes a list from scratch: its players in order of entry, then every game in date order and
/// arrival order within a date.
pub async fn replay(db: &Db, info: &ListInfo) -> StoreResult<Replayed> {
    let mut list = RatingList::new(info.settings);
    let mut stored_ids = Vec::new();
    let mut handles = HashMap::new();
    let players = sqlx::query(
        "SELECT id, name, start_points, start_games FROM rating_players WHERE list_id = $1
         ORDER BY id",
    )
    .bind(info.id)
    .fetch_all(db)
    .await?;
    for r in &players {
        let id: i64 = r.try_get("id")?;
        let name: String = r.try_get("name")?;
        let start_points: Option<i64> = r.try_get("start_points")?;
        let start_games: Option<i64> = r.try_get("start_games")?;
        let handle = match (start_points, start_games) {
            (Some(points), Some(games)) => {
                let games = u32::try_from(games)
                    .map_err(|_| decode_error(format!("player #{id}: games out of range")))?;
                list.add_player(&name, Points::from_hundredths(points), games)
            }
            _ => list.enter(&name),
        }
        .map_err(|e| decode_error(format!("player #{id}: {e}")))?;
        stored_ids.push(id);
        handles.insert(id, handle);
    }
    let games = sqlx::query(
        "SELECT played_on, red_id, black_id, result FROM rating_games WHERE list_id = $1
         ORDER BY played_on, seq",
    )
    .bind(info.id)
    .fetch_all(db)
    .await?;
    for r in &games {
        let date: String = r.try_get("played_on")?;
        let date = NaiveDate::parse_from_str(&date, "%Y-%m-%d")
            .map_err(|e| decode_error(format!("game date '{date}': {e}")))?;
        let handle = |col: &str| -> StoreResult<PlayerId> {
            let id: i64 = r.try_get(col)?;
            handles
                .get(&id)
                .copied()
                .ok_or_else(|| decode_error(format!("game player #{id} not in the list")))
        };
        let game = Game {
            date,
            red: handle("red_id")?,
            black: handle("black_id")?,
            outcome: parse_result(&r.try_get::<String, _>("result")?)?,
        };
        list.apply(game)
            .map_err(|e| decode_error(format!("game: {e}")))?;
    }
    Ok(Replayed {
        list,
        stored_ids,
        handles,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::Role;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    /// A fresh database file in the temp dir (removed at the end of the test).
    struct TempDb(std::path::PathBuf);

    impl TempDb {
        fn new(tag: &str) -> TempDb {
            let dir = std::env::temp_dir()
                .join(format!("anqi-store-ratings-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temp dir");
            TempDb(dir)
        }
        fn url(&self) -> String {
            format!("sqlite://{}", self.0.join("t.db").display())
        }
    }

    impl Drop for TempDb {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A fresh database with a club manager (the directory lives as long as the returned guard).
    async fn fresh(tag: &str) -> (TempDb, Db, User) {
        let tmp = TempDb::new(tag);
        let db = crate::store::open(&tmp.url()).await.expect("open");
        let owner = crate::store::users::create(&db, "club", Role::Club, "x")
            .await
            .expect("user");
        (tmp, db, owner)
    }

    /// A new list with the default settings.
    async fn default_list(db: &Db, owner: &User, name: &str) -> i64 {
        create(db, owner, name, &RatingSettings::default())
            .await
            .expect("list")
    }

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1)
            .and_then(|s| s.checked_add_days(chrono::Days::new(u64::from(d))))
            .expect("valid date")
    }

    #[test]
    fn digest_ignores_bom_line_ends_and_trailing_space() {
        let plain = upload_digest("date,red,black,result\n2026-01-01,王,陳,1-0\n");
        assert_eq!(
            upload_digest("\u{feff}date,red,black,result\r\n2026-01-01,王,陳,1-0\r\n\r\n"),
            plain
        );
        assert_ne!(
            upload_digest("date,red,black,result\n2026-01-01,王,陳,0-1\n"),
            plain
        );
        assert_eq!(plain.len(), 64);
    }

    /// Games appended in random batches, in random date order, replay to exactly what the rating module
    /// gives when the same games are applied one by one as they arrive (recompute equals incremental).
    #[tokio::test]
    async fn replay_equals_incremental_application() {
        let (_tmp, db, owner) = fresh("replay").await;
        let settings = RatingSettings::default();
        let list_id = create(&db, &owner, "測試", &settings).await.expect("list");
        let info = get(&db, list_id).await.expect("get").expect("list exists");

        let mut rng = ChaCha8Rng::seed_from_u64(10);
        let names = ["王小明", "陳大文", "李四", "Amy", "Bob", "張三"];
        let mut incremental = RatingList::new(settings);
        for batch in 0..12 {
            let count = 1 + (rng.next_u32() % 8) as usize;
            let mut games = Vec::new();
            for _ in 0..count {
                let r = (rng.next_u32() as usize) % names.len();
                let b = (r + 1 + (rng.next_u32() as usize) % (names.len() - 1)) % names.len();
                let outcome = match rng.next_u32() % 3 {
                    0 => Outcome::RedWins,
                    1 => Outcome::BlackWins,
                    _ => Outcome::Draw,
                };
                games.push(NewGame {
                    date: day(rng.next_u32() % 20),
                    red: names[r].into(),
                    black: names[b].into(),
                    outcome,
                });
            }
            for g in &games {
                let red = incremental.enter(&g.red).expect("name");
                let black = incremental.enter(&g.black).expect("name");
                incremental
                    .apply(Game {
                        date: g.date,
                        red,
                        black,
                        outcome: g.outcome,
                    })
                    .expect("game");
            }
            let source = if batch % 2 == 0 {
                Source::Form
            } else {
                Source::File {
                    label: format!("batch{batch}.csv"),
                    digest: format!("{batch:064}"),
                }
            };
            let appended = append_games(&db, &owner, list_id, &games, &source)
                .await
                .expect("append");
            assert!(matches!(appended, Appended::Added(_)));
            let replayed = replay(&db, &info).await.expect("replay");
            assert_eq!(replayed.list.standings(), incremental.standings());
            assert_eq!(replayed.list.points_created(), Points::ZERO);
        }
        let replayed = replay(&db, &info).await.expect("replay");
        for s in replayed.list.standings() {
            assert_eq!(
                replayed.list.history(s.player),
                incremental.history(s.player),
                "{}",
                s.name
            );
            let stored = replayed.stored_id(s.player).expect("stored id");
            assert_eq!(replayed.handle(stored), Some(s.player));
        }
    }

    #[tokio::test]
    async fn a_file_enters_a_list_once_and_a_refused_batch_writes_nothing() {
        let (_tmp, db, owner) = fresh("dup").await;
        let list_id = default_list(&db, &owner, "L").await;
        let other_list = default_list(&db, &owner, "M").await;
        let games = vec![NewGame {
            date: day(1),
            red: "甲".into(),
            black: "乙".into(),
            outcome: Outcome::Draw,
        }];
        let file = Source::File {
            label: "a.csv".into(),
            digest: upload_digest("x"),
        };
        let first = append_games(&db, &owner, list_id, &games, &file)
            .await
            .expect("append");
        let Appended::Added(first) = first else {
            panic!("first upload refused")
        };
        match append_games(&db, &owner, list_id, &games, &file)
            .await
            .expect("append")
        {
            Appended::Duplicate(earlier) => assert_eq!(earlier.id, first.id),
            Appended::Added(_) => panic!("duplicate accepted"),
        }
        // The same file may enter another list.
        assert!(matches!(
            append_games(&db, &owner, other_list, &games, &file).await,
            Ok(Appended::Added(_))
        ));
        let info = get(&db, list_id).await.expect("get").expect("exists");
        assert_eq!((info.players, info.games), (2, 1));
        assert_eq!(uploads(&db, list_id).await.expect("uploads").len(), 1);
    }

    /// The event push path: an event's games enter a list once; a second push is refused.
    #[tokio::test]
    async fn an_event_pushes_its_games_into_a_list_once() {
        let (_tmp, db, owner) = fresh("event").await;
        let event_id: i64 = sqlx::query_scalar(
            "INSERT INTO events (owner_id, name, start_date, end_date, variant, created_at)
             VALUES ($1, '冬季賽', '2026-03-01', '2026-03-02', 'banqi', $2) RETURNING id",
        )
        .bind(owner.id)
        .bind(now())
        .fetch_one(&db)
        .await
        .expect("event");
        let list_id = default_list(&db, &owner, "L").await;
        let games: Vec<NewGame> = [Outcome::RedWins, Outcome::Draw]
            .into_iter()
            .map(|outcome| NewGame {
                date: day(0),
                red: "甲".into(),
                black: "乙".into(),
                outcome,
            })
            .collect();
        let push = Source::Event {
            event_id,
            label: "冬季賽".into(),
        };
        let Appended::Added(batch) = append_games(&db, &owner, list_id, &games, &push)
            .await
            .expect("push")
        else {
            panic!("first push refused")
        };
        assert_eq!((batch.kind.as_str(), batch.games), ("event", 2));
        assert!(matches!(
            append_games(&db, &owner, list_id, &games, &push).await,
            Ok(Appended::Duplicate(earlier)) if earlier.id == batch.id
        ));
        let info = get(&db, list_id).await.expect("get").expect("exists");
        assert_eq!(info.games, 2);
        let replayed = replay(&db, &info).await.expect("replay");
        let jia = replayed.list.find("甲").expect("甲 in the list");
        // 甲 wins at equal points (+10.00), then draws 1510 against 1490 (d = 20): gives (10 + 2)/2 = 6.00.
        assert_eq!(
            replayed.list.points(jia),
            Some(Points::from_hundredths(150_400))
        );
    }

    #[tokio::test]
    async fn starting_entries_are_replayed_and_only_new_players_get_one() {
        let (_tmp, db, owner) = fresh("start").await;
        let list_id = default_list(&db, &owner, "L").await;
        let entry = |name: &str, points: i64, games: u32| StartEntry {
            name: name.into(),
            points: Points::from_hundredths(points),
            games,
        };
        assert_eq!(
            add_starting_entries(&db, &owner, list_id, &[entry("甲", 160_000, 12)])
                .await
                .expect("start"),
            StartAdded::Added(1)
        );
        let game = NewGame {
            date: day(0),
            red: "甲".into(),
            black: "乙".into(),
            outcome: Outcome::BlackWins,
        };
        append_games(&db, &owner, list_id, &[game], &Source::Form)
            .await
            .expect("game");
        // 乙 is in the list now: the whole batch is refused, 丙 is not added either.
        assert_eq!(
            add_starting_entries(
                &db,
                &owner,
                list_id,
                &[entry("丙", 150_000, 0), entry("乙", 170_000, 3)]
            )
            .await
            .expect("start"),
            StartAdded::AlreadyInList("乙".into())
        );
        let info = get(&db, list_id).await.expect("get").expect("exists");
        assert_eq!(info.players, 2);
        let replayed = replay(&db, &info).await.expect("replay");
        let mut expected = RatingList::new(RatingSettings::default());
        let jia = expected
            .add_player("甲", Points::from_hundredths(160_000), 12)
            .expect("甲");
        let yi = expected.enter("乙").expect("乙");
        expected
            .apply(Game {
                date: day(0),
                red: jia,
                black: yi,
                outcome: Outcome::BlackWins,
            })
            .expect("game");
        assert_eq!(replayed.list.standings(), expected.standings());
        // 乙 (1500) beat 甲 (1600): d = 100, the lower side gains 50.00.
        assert_eq!(
            replayed.list.points(yi),
            Some(Points::from_hundredths(155_000))
        );
    }

    #[tokio::test]
    async fn removing_a_batch_takes_its_games_and_lonely_players_and_frees_the_file() {
        let (_tmp, db, owner) = fresh("remove").await;
        let list_id = default_list(&db, &owner, "L").await;
        let game = |red: &str, black: &str| NewGame {
            date: day(0),
            red: red.into(),
            black: black.into(),
            outcome: Outcome::RedWins,
        };
        append_games(&db, &owner, list_id, &[game("甲", "乙")], &Source::Form)
            .await
            .expect("first");
        let file = Source::File {
            label: "b.csv".into(),
            digest: upload_digest("b"),
        };
        let Appended::Added(batch) = append_games(&db, &owner, list_id, &[game("甲", "丙")], &file)
            .await
            .expect("second")
        else {
            panic!("refused")
        };
        assert!(
            !remove_upload(&db, &owner, list_id + 1, batch.id)
                .await
                .expect("other list")
        );
        assert!(
            remove_upload(&db, &owner, list_id, batch.id)
                .await
                .expect("remove")
        );
        let info = get(&db, list_id).await.expect("get").expect("exists");
        assert_eq!((info.players, info.games), (2, 1), "丙 had no other game");
        assert!(matches!(
            append_games(&db, &owner, list_id, &[game("甲", "丙")], &file).await,
            Ok(Appended::Added(_))
        ));
    }
}
