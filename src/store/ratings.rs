//! Club rating lists (RULES.md §7): the lists and their settings, their players, the rated games and the
//! uploads they came in, and each list's computed state.
//!
//! The state is stored, not replayed on every view: each player's current points, games and last game
//! day, and each game's change with both sides' points after it (migration 0012). Every write keeps it
//! equal to a replay of the games in date order (arrival order within a date), the order the rating
//! module keeps ([`replay`] is that replay, the reference the tests compare against):
//!
//! - appending a batch re-rates from the batch's first day: the stored games dated that day or later are
//!   taken back (each stores its change) and rated again merged with the batch
//!   ([`crate::rating::ledger`]); a batch dated after every stored game is just rated on top;
//! - removing a batch re-rates from its first day without its games;
//! - changing the start points recomputes the list from its first game (the other settings only change
//!   how levels are read from points and games, which is done on reading);
//! - a list whose state was never computed (stored before migration 0012) is computed by [`open`]
//!   (`store::open`) and, should one be left, by the first read or write that meets it.
//!
//! Every way games enter a list goes through one function:
//!
//! ```text
//! append_games(db, by: &User, list_id, games: &[NewGame], source: &Source) -> StoreResult<Appended>
//! ```
//!
//! with `Source::File` for an uploaded CSV (refused as [`Appended::Duplicate`] when the same file was
//! uploaded to the list before), `Source::Form` for one game entered by hand, and `Source::Event` for the
//! rated games of a finished event pushed with one click (each event enters a list at most once; see
//! `service::rating_push`).
//!
//! Players may also enter with a starting entry (points and games from a previous period, like
//! `anqi rate --players`) through [`add_starting_entries`], before their first game in the list.
//!
//! [`open`]: super::open

use std::collections::HashMap;

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

use super::users::User;
use super::{Conn, Db, StoreError, StoreResult, audit, now};
use super::{bad_value as corrupt, small_number as count};
use crate::accounts::hex;
use crate::i18n::Reason;
use crate::rating::csv::StartEntry;
use crate::rating::ledger::{self, Pairing, Running};
use crate::rating::origin::{EventRound, GameOrigin};
use crate::rating::{
    Game, Level, LevelTable, Outcome, PlayerId, Points, RatingList, RatingSettings, SideResult,
};
use crate::rules::{Color, Variant};

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
    /// The game it rates; `None` for a list from before lists had a game that holds events of several
    /// games (it takes the games it holds: [`accepting`]).
    pub variant: Option<Variant>,
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
    /// Where in an event it was played (games pushed from an event).
    pub origin: Option<GameOrigin>,
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
        /// The event's game: a list of another game refuses the batch.
        variant: Variant,
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
#[derive(Debug, Clone, sqlx::FromRow)]
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
    #[sqlx(rename = "user_name")]
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
    /// Nothing was written: the event's game is not the list's (`Some`), or the list of several
    /// games (`None`) holds no event of the event's game.
    OtherGame(Option<Variant>),
}

/// What [`update`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Updated {
    /// The name and settings were saved.
    Saved,
    /// Nothing was written: the list holds rated games of an event of this game, so it cannot rate
    /// another.
    HoldsGame(Variant),
}

/// A player's line in a list's standings, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedPlayer {
    /// Stored player id (the id in URLs).
    pub id: i64,
    /// Place, 1-based; players with equal points share a place.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Current points.
    pub points: Points,
    /// Current level (by the list's settings).
    pub level: Level,
    /// Rated games, including those of a starting entry.
    pub games: u32,
    /// Day of the player's last game in the list, if any.
    pub last_played: Option<NaiveDate>,
}

/// One game in a player's history, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryGame {
    /// The day it was played.
    pub date: NaiveDate,
    /// The player's colour.
    pub color: Color,
    /// The opponent's stored id.
    pub opponent_id: i64,
    /// The opponent's name.
    pub opponent: String,
    /// The player's result.
    pub result: SideResult,
    /// Points gained (negative: lost).
    pub change: Points,
    /// Points after the game.
    pub points_after: Points,
    /// The batch it came in.
    pub source: GameSource,
}

/// Where a game of a list came from: its batch, and for an event's game the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSource {
    /// `file`, `form` or `event`.
    pub kind: String,
    /// The file's or the event's name.
    pub label: String,
    /// The event, while it exists.
    pub event_id: Option<i64>,
    /// Where in the event it was played (pushed since the lists keep it).
    pub origin: Option<GameOrigin>,
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

fn date(table: &'static str, id: i64, column: &'static str, text: &str) -> StoreResult<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| corrupt(table, id, column, text))
}

fn day_text(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A `rating_lists` row with its owner's name and counts.
#[derive(sqlx::FromRow)]
struct ListRow {
    id: i64,
    owner_id: i64,
    owner_name: String,
    name: String,
    start_points: i64,
    rated_after_games: i64,
    level_base: i64,
    level_step: i64,
    lowest_level: i64,
    highest_level: i64,
    players: i64,
    games: i64,
    state_ok: super::Flag,
    variant: Option<String>,
}

impl ListRow {
    fn info(self) -> StoreResult<(ListInfo, bool)> {
        let id = self.id;
        let level = |column: &'static str, v: i64| {
            u8::try_from(v).map_err(|_| corrupt("rating_lists", id, column, v))
        };
        let levels = LevelTable::new(
            Points::from_hundredths(self.level_base),
            Points::from_hundredths(self.level_step),
            level("lowest_level", self.lowest_level)?,
            level("highest_level", self.highest_level)?,
        )
        .map_err(|e| corrupt("rating_lists", id, "level_step", e))?;
        let info = ListInfo {
            id,
            owner_id: self.owner_id,
            owner_name: self.owner_name,
            name: self.name,
            settings: RatingSettings {
                start_points: Points::from_hundredths(self.start_points),
                rated_after_games: count(
                    "rating_lists",
                    id,
                    "rated_after_games",
                    self.rated_after_games,
                )?,
                levels,
            },
            variant: self
                .variant
                .map(|v| {
                    Variant::parse(&v).ok_or_else(|| corrupt("rating_lists", id, "variant", v))
                })
                .transpose()?,
            players: self.players,
            games: self.games,
        };
        Ok((info, self.state_ok.0))
    }
}

const LIST_QUERY: &str = "SELECT l.id, l.owner_id, u.name AS owner_name, l.name, l.start_points,
        l.rated_after_games, l.level_base, l.level_step, l.lowest_level, l.highest_level, l.state_ok,
        l.variant,
        (SELECT COUNT(*) FROM rating_players p WHERE p.list_id = l.id) AS players,
        l.game_count AS games
     FROM rating_lists l JOIN users u ON u.id = l.owner_id";

/// Every rating list, by name.
pub async fn lists(db: &Db) -> StoreResult<Vec<ListInfo>> {
    let rows: Vec<ListRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{LIST_QUERY} ORDER BY l.name, l.id"
    )))
    .fetch_all(db)
    .await?;
    rows.into_iter().map(|r| Ok(r.info()?.0)).collect()
}

/// The lists that take an event of `variant`'s games, by name: the lists of that game, and the lists
/// of several games that hold an event of it.
pub async fn accepting(db: &Db, variant: Variant) -> StoreResult<Vec<ListInfo>> {
    let rows: Vec<ListRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{LIST_QUERY} WHERE l.variant = $1 OR (l.variant IS NULL AND {HOLDS_GAME})
         ORDER BY l.name, l.id"
    )))
    .bind(variant.name())
    .bind(Option::<i64>::None)
    .fetch_all(db)
    .await?;
    rows.into_iter().map(|r| Ok(r.info()?.0)).collect()
}

/// Whether list `l` holds games of an event of the game `$1` (other than batch `$2`, if bound).
const HOLDS_GAME: &str = "EXISTS (SELECT 1 FROM rating_uploads u JOIN events e ON e.id = u.event_id
                           WHERE u.list_id = l.id AND e.variant = $1
                           AND ($2 IS NULL OR u.id <> $2))";

/// One rating list (its state computed first if it never was).
pub async fn get(db: &Db, list_id: i64) -> StoreResult<Option<ListInfo>> {
    let row: Option<ListRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{LIST_QUERY} WHERE l.id = $1")))
            .bind(list_id)
            .fetch_optional(db)
            .await?;
    let Some((info, state_ok)) = row.map(ListRow::info).transpose()? else {
        return Ok(None);
    };
    if !state_ok {
        compute_stale(db, Some(list_id)).await?;
    }
    Ok(Some(info))
}

/// Computes the state of every list (or of one) that has none yet, each in its own write transaction;
/// returns how many were computed. `store::open` calls it once after the migrations.
pub async fn compute_stale(db: &Db, only: Option<i64>) -> StoreResult<usize> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM rating_lists WHERE state_ok = 0 AND ($1 IS NULL OR id = $1) ORDER BY id",
    )
    .bind(only)
    .fetch_all(db)
    .await?;
    let mut computed = 0;
    for id in ids {
        let mut tx = super::begin_write(db).await?;
        // Read again inside the writer: another process may have computed it meanwhile.
        let settings = settings_for_update(&mut tx, id).await?;
        if let Some((settings, false)) = settings {
            rerate(&mut tx, id, &settings, None, None).await?;
            count_games(&mut tx, id).await?;
            computed += 1;
        }
        tx.commit().await?;
    }
    Ok(computed)
}

/// A list's settings and whether its state is computed, read inside a write transaction.
async fn settings_for_update(
    tx: &mut Conn,
    list_id: i64,
) -> StoreResult<Option<(RatingSettings, bool)>> {
    let row: Option<ListRow> = sqlx::query_as(
        "SELECT l.id, l.owner_id, '' AS owner_name, l.name, l.start_points, l.rated_after_games,
                l.level_base, l.level_step, l.lowest_level, l.highest_level, l.state_ok, l.variant,
                0 AS players, 0 AS games
         FROM rating_lists l WHERE l.id = $1",
    )
    .bind(list_id)
    .fetch_optional(&mut *tx)
    .await?;
    row.map(|r| r.info().map(|(info, ok)| (info.settings, ok)))
        .transpose()
}

/// Binds a list's settings in the order both the insert and the update list their columns: start
/// points, rated after games, level base, level step, lowest and highest level.
fn bind_settings<'q>(q: super::Statement<'q>, s: &RatingSettings) -> super::Statement<'q> {
    q.bind(s.start_points.hundredths())
        .bind(i64::from(s.rated_after_games))
        .bind(s.levels.base().hundredths())
        .bind(s.levels.step().hundredths())
        .bind(i64::from(s.levels.lowest()))
        .bind(i64::from(s.levels.highest()))
}

/// Creates a list of `variant` owned by `owner`, with an audit entry; returns its id.
pub async fn create(
    db: &Db,
    owner: &User,
    name: &str,
    variant: Variant,
    settings: &RatingSettings,
) -> StoreResult<i64> {
    let mut tx = super::begin_write(db).await?;
    let insert = sqlx::query(
        "INSERT INTO rating_lists (owner_id, name, start_points, rated_after_games, level_base,
         level_step, lowest_level, highest_level, created_at, state_ok, variant)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10) RETURNING id",
    )
    .bind(owner.id)
    .bind(name);
    let row = bind_settings(insert, settings)
        .bind(now())
        .bind(variant.name())
        .fetch_one(&mut *tx)
        .await?;
    let id: i64 = sqlx::Row::try_get(&row, 0)?;
    tx.commit_audited(
        Some(owner.id),
        None,
        "rating_list.create",
        &Reason::new("audit_d_rating_list")
            .arg("list", id)
            .arg("name", name)
            .audit(),
    )
    .await?;
    Ok(id)
}

/// Renames a list and changes its settings and its game (`None`: the game stays); new start points
/// recompute the list from its first game in the same transaction. A list holding games of an
/// event of another game keeps its game ([`Updated::HoldsGame`], nothing written). The audit entry
/// keeps the old and new settings.
pub async fn update(
    db: &Db,
    by: &User,
    list: &ListInfo,
    name: &str,
    variant: Option<Variant>,
    settings: &RatingSettings,
) -> StoreResult<Updated> {
    let mut tx = super::begin_write(db).await?;
    let before = settings_for_update(&mut tx, list.id).await?;
    let game_change = variant.filter(|v| Some(*v) != list.variant);
    if let Some(new) = game_change {
        let held: Option<String> = sqlx::query_scalar(
            "SELECT MIN(e.variant) FROM rating_uploads u JOIN events e ON e.id = u.event_id
             WHERE u.list_id = $1 AND e.variant <> $2",
        )
        .bind(list.id)
        .bind(new.name())
        .fetch_one(&mut *tx)
        .await?;
        if let Some(held) = held {
            tx.rollback().await?;
            let held =
                Variant::parse(&held).ok_or_else(|| corrupt("events", list.id, "variant", held))?;
            return Ok(Updated::HoldsGame(held));
        }
        sqlx::query("UPDATE rating_lists SET variant = $1 WHERE id = $2")
            .bind(new.name())
            .bind(list.id)
            .execute(&mut *tx)
            .await?;
    }
    let update = sqlx::query(
        "UPDATE rating_lists SET name = $1, start_points = $2, rated_after_games = $3, level_base = $4,
         level_step = $5, lowest_level = $6, highest_level = $7 WHERE id = $8",
    )
    .bind(name);
    bind_settings(update, settings)
        .bind(list.id)
        .execute(&mut *tx)
        .await?;
    if before.is_some_and(|(old, ok)| !ok || old.start_points != settings.start_points) {
        rerate(&mut tx, list.id, settings, None, None).await?;
        count_games(&mut tx, list.id).await?;
    }
    let mut what = vec![
        Reason::new("audit_d_rating_list_settings")
            .arg("list", list.id)
            .arg("old_name", &list.name)
            .arg_reason("old", &describe(&list.settings))
            .arg("name", name)
            .arg_reason("new", &describe(settings)),
    ];
    if let Some(new) = game_change {
        let game = |v: Option<Variant>| match v {
            Some(v) => Reason::new(variant_key(v)),
            None => Reason::new("rating_several_games"),
        };
        what.push(
            Reason::new("audit_d_rating_list_game")
                .arg_reason("old", &game(list.variant))
                .arg_reason("new", &game(Some(new))),
        );
    }
    tx.commit_audited(
        Some(by.id),
        None,
        "rating_list.settings",
        &Reason::all(&what).audit(),
    )
    .await?;
    Ok(Updated::Saved)
}

/// The message naming a game (`variant_jieqi` …, area `core`).
pub fn variant_key(v: Variant) -> &'static str {
    match v {
        Variant::Jieqi => "variant_jieqi",
        Variant::Xiangqi => "variant_xiangqi",
        Variant::Banqi => "variant_banqi",
    }
}

/// The settings in one line, for the audit log.
fn describe(s: &RatingSettings) -> Reason {
    Reason::new("audit_d_rating_settings")
        .arg("start", s.start_points)
        .arg("after", s.rated_after_games)
        .arg("base", s.levels.base())
        .arg("step", s.levels.step())
        .arg("lowest", s.levels.lowest())
        .arg("highest", s.levels.highest())
}

const UPLOAD_QUERY: &str =
    "SELECT r.id, r.kind, r.label, r.games, u.name AS user_name, r.created_at
     FROM rating_uploads r LEFT JOIN users u ON u.id = r.user_id";

/// The batches of games appended to a list, newest first.
pub async fn uploads(db: &Db, list_id: i64) -> StoreResult<Vec<Upload>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{UPLOAD_QUERY} WHERE r.list_id = $1 ORDER BY r.id DESC"
    )))
    .bind(list_id)
    .fetch_all(db)
    .await?)
}

/// The earlier batch of a list with the same file (by its [`upload_digest`]), if any.
pub async fn earlier_file(db: &Db, list_id: i64, digest: &str) -> StoreResult<Option<Upload>> {
    let source = Source::File {
        label: String::new(),
        digest: digest.to_string(),
    };
    earlier_upload(db, list_id, &source).await
}

/// Whether an event's games already entered a list.
pub async fn event_in_list(db: &Db, list_id: i64, event_id: i64) -> StoreResult<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM rating_uploads WHERE list_id = $1 AND event_id = $2")
            .bind(list_id)
            .bind(event_id)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// The earlier batch a file or event would duplicate, if any.
async fn earlier_upload(db: &Db, list_id: i64, source: &Source) -> StoreResult<Option<Upload>> {
    let query = |key: &str| {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{UPLOAD_QUERY} WHERE r.list_id = $1 AND r.{key} = $2"
        )))
        .bind(list_id)
    };
    Ok(match source {
        Source::File { digest, .. } => query("digest").bind(digest).fetch_optional(db).await?,
        Source::Event { event_id, .. } => {
            query("event_id").bind(event_id).fetch_optional(db).await?
        }
        Source::Form => None,
    })
}

/// The batch row as inserted.
#[derive(sqlx::FromRow)]
struct InsertedUpload {
    id: i64,
    kind: String,
    label: String,
    games: i64,
    created_at: String,
}

/// Appends games to a list as one batch, in one transaction: all of them or none, with the list's state
/// re-rated from the batch's first day. New names become players of the list. A file or event that
/// already entered the list is refused as [`Appended::Duplicate`] with nothing written. The caller has
/// checked the games (names trimmed, not empty, different on both sides); callers pass at least one
/// game.
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
        Source::Event {
            event_id, label, ..
        } => (label.as_str(), None, Some(*event_id)),
    };
    let mut tx = super::begin_write(db).await?;
    // The batch row is written first so the transaction holds the write lock before it reads the
    // players and the next game number: two uploads at once cannot hand out the same numbers.
    let inserted = sqlx::query_as::<_, InsertedUpload>(
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
    if let Source::Event { variant, .. } = source {
        // Inside the write, so that a change of the list's game cannot slip between check and write.
        let (list_game, holds): (Option<String>, super::Flag) =
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT l.variant, {HOLDS_GAME} FROM rating_lists l WHERE l.id = $3"
            )))
            .bind(variant.name())
            .bind(row.id)
            .bind(list_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(StoreError::NotFound)?;
        let list_game = list_game
            .map(|v| {
                Variant::parse(&v).ok_or_else(|| corrupt("rating_lists", list_id, "variant", v))
            })
            .transpose()?;
        let accepted = match list_game {
            Some(game) => game == *variant,
            None => holds.0,
        };
        if !accepted {
            tx.rollback().await?;
            return Ok(Appended::OtherGame(list_game));
        }
    }
    let upload = Upload {
        id: row.id,
        kind: row.kind,
        label: row.label,
        games: row.games,
        user: Some(by.name.clone()),
        created_at: row.created_at,
    };
    let (settings, state_ok) = settings_for_update(&mut tx, list_id)
        .await?
        .ok_or(StoreError::NotFound)?;

    let mut players: HashMap<String, i64> = HashMap::new();
    let named: Vec<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM rating_players WHERE list_id = $1")
            .bind(list_id)
            .fetch_all(&mut *tx)
            .await?;
    for (id, name) in named {
        players.insert(name, id);
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
                    // A new player's state: the start points, no games yet.
                    let id: i64 = sqlx::query_scalar(
                        "INSERT INTO rating_players (list_id, name, points, games)
                         VALUES ($1, $2, $3, 0) RETURNING id",
                    )
                    .bind(list_id)
                    .bind(name)
                    .bind(settings.start_points.hundredths())
                    .fetch_one(&mut *tx)
                    .await?;
                    players.insert(name.clone(), id);
                    id
                }
            };
        }
        seq += 1;
        let (stage, round_no) = game.origin.map(|o| o.round.stored()).unzip();
        sqlx::query(
            "INSERT INTO rating_games (list_id, upload_id, seq, played_on, red_id, black_id, result,
             stage, round_no, game_no)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(list_id)
        .bind(upload.id)
        .bind(seq)
        .bind(day_text(game.date))
        .bind(ids[0])
        .bind(ids[1])
        .bind(result_text(game.outcome))
        .bind(stage)
        .bind(round_no.flatten().map(i64::from))
        .bind(game.origin.and_then(|o| o.game).map(i64::from))
        .execute(&mut *tx)
        .await?;
    }
    let first_day = games.iter().map(|g| g.date).min();
    if let Some(first_day) = first_day {
        let from = state_ok.then_some(first_day);
        rerate(&mut tx, list_id, &settings, from, None).await?;
    }
    count_games(&mut tx, list_id).await?;
    let what = match source {
        Source::File { label, .. } => Reason::new("audit_d_rating_from_file").arg("label", label),
        Source::Form => match games {
            [g] => Reason::new("audit_d_rating_one_game")
                .arg("date", g.date)
                .arg("red", &g.red)
                .arg("black", &g.black)
                .arg("result", result_text(g.outcome)),
            _ => Reason::new("audit_d_rating_from_form"),
        },
        Source::Event {
            event_id, label, ..
        } => Reason::new("audit_d_rating_from_event")
            .arg("event", event_id)
            .arg("label", label),
    };
    tx.commit_audited(
        Some(by.id),
        None,
        "rating.games",
        &Reason::new("audit_d_rating_games")
            .arg("list", list_id)
            .arg_reason("what", &what)
            .arg("games", games.len())
            .audit(),
    )
    .await?;
    Ok(Appended::Added(upload))
}

/// Removes one batch of games from a list (a wrong file, a mistyped game) in one transaction: its games,
/// the batch itself (so the same file may be uploaded again), and players left without games or a
/// starting entry; the list is re-rated from the batch's first day. The audit entry keeps the
/// user's reason. Returns whether the batch was in the list.
pub async fn remove_upload(
    db: &Db,
    by: &User,
    list_id: i64,
    upload_id: i64,
    reason: &str,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let first_day: Option<String> = sqlx::query_scalar(
        "SELECT MIN(played_on) FROM rating_games WHERE list_id = $1 AND upload_id = $2",
    )
    .bind(list_id)
    .bind(upload_id)
    .fetch_one(&mut *tx)
    .await?;
    if let Some((settings, state_ok)) = settings_for_update(&mut tx, list_id).await? {
        let from = match (&first_day, state_ok) {
            (Some(d), true) => Some(date("rating_games", upload_id, "played_on", d)?),
            _ => None,
        };
        if first_day.is_some() || !state_ok {
            rerate(&mut tx, list_id, &settings, from, Some(upload_id)).await?;
        }
    }
    let removed = sqlx::query("DELETE FROM rating_games WHERE list_id = $1 AND upload_id = $2")
        .bind(list_id)
        .bind(upload_id)
        .execute(&mut *tx)
        .await?;
    let batch: Option<(String, String)> = sqlx::query_as(
        "DELETE FROM rating_uploads WHERE list_id = $1 AND id = $2 RETURNING kind, label",
    )
    .bind(list_id)
    .bind(upload_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((kind, label)) = batch else {
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
    count_games(&mut tx, list_id).await?;
    tx.commit_audited(
        Some(by.id),
        None,
        "rating.remove",
        &Reason::new("audit_d_rating_remove")
            .arg("list", list_id)
            .arg("batch", upload_id)
            .arg_reason("kind", &Reason::new(source_key(&kind)))
            .arg("label", &label)
            .arg("games", removed.rows_affected())
            .arg("reason", reason)
            .audit(),
    )
    .await?;
    Ok(true)
}

/// A player's stored state, for re-rating.
#[derive(sqlx::FromRow)]
struct StateRow {
    id: i64,
    start_points: Option<i64>,
    start_games: Option<i64>,
    points: i64,
    games: i64,
}

/// A stored game, for re-rating.
#[derive(sqlx::FromRow)]
struct LedgerRow {
    id: i64,
    upload_id: i64,
    played_on: String,
    red_id: i64,
    black_id: i64,
    result: String,
    red_change: Option<i64>,
    red_after: Option<i64>,
    black_after: Option<i64>,
}

/// Brings a list's stored state up to date inside a write transaction.
///
/// `from: None` recomputes from the first game: every player restarts from their starting entry (or the
/// settings' start points) and every game is rated again. `from: Some(day)` takes back the stored games
/// dated `day` or later (those not rated yet — just appended, their change still NULL — have nothing to
/// take back), then rates them in date and arrival order on top of what is left. The games of
/// `skip_upload` are taken back and not rated again (the caller deletes them). Only the rows whose
/// numbers changed are written.
async fn rerate(
    tx: &mut Conn,
    list_id: i64,
    settings: &RatingSettings,
    from: Option<NaiveDate>,
    skip_upload: Option<i64>,
) -> StoreResult<()> {
    let rows: Vec<StateRow> = sqlx::query_as(
        "SELECT id, start_points, start_games, points, games FROM rating_players WHERE list_id = $1",
    )
    .bind(list_id)
    .fetch_all(&mut *tx)
    .await?;
    let mut index: HashMap<i64, usize> = HashMap::with_capacity(rows.len());
    let mut states = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        index.insert(r.id, i);
        let (points, games) = match from {
            None => (
                r.start_points
                    .map_or(settings.start_points, Points::from_hundredths),
                r.start_games.unwrap_or(0),
            ),
            Some(_) => (Points::from_hundredths(r.points), r.games),
        };
        states.push(Running {
            points,
            games: count("rating_players", r.id, "games", games)?,
        });
    }
    let from_text = from.map(day_text);
    // Two statements, so that the date bound is a range of the replay index, not a filter.
    const LEDGER: &str = "SELECT id, upload_id, played_on, red_id, black_id, result, red_change,
            red_after, black_after FROM rating_games";
    let games: Vec<LedgerRow> = match &from_text {
        Some(from) => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "{LEDGER} WHERE list_id = $1 AND played_on >= $2 ORDER BY played_on, seq"
            )))
            .bind(list_id)
            .bind(from)
            .fetch_all(&mut *tx)
            .await?
        }
        None => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "{LEDGER} WHERE list_id = $1 ORDER BY played_on, seq"
            )))
            .bind(list_id)
            .fetch_all(&mut *tx)
            .await?
        }
    };
    let player = |g: &LedgerRow, column: &'static str, id: i64| -> StoreResult<usize> {
        index
            .get(&id)
            .copied()
            .ok_or_else(|| corrupt("rating_games", g.id, column, id))
    };
    let mut sides = Vec::with_capacity(games.len());
    for g in &games {
        let (red, black) = (
            player(g, "red_id", g.red_id)?,
            player(g, "black_id", g.black_id)?,
        );
        if red == black {
            return Err(corrupt("rating_games", g.id, "black_id", g.black_id));
        }
        sides.push((red, black));
    }
    if from.is_some() {
        for (g, &(red, black)) in games.iter().zip(&sides).rev() {
            if let Some(change) = g.red_change {
                ledger::take_back(&mut states, red, black, Points::from_hundredths(change));
            }
        }
    }
    let mut touched = vec![from.is_none(); states.len()];
    let mut last: Vec<Option<&str>> = vec![None; states.len()];
    for (g, &(red, black)) in games.iter().zip(&sides) {
        touched[red] = true;
        touched[black] = true;
        if Some(g.upload_id) == skip_upload {
            continue;
        }
        let rated = ledger::rate(
            &mut states,
            Pairing {
                red,
                black,
                outcome: parse_result(g.id, &g.result)?,
            },
        );
        last[red] = Some(&g.played_on);
        last[black] = Some(&g.played_on);
        let stored = (g.red_change, g.red_after, g.black_after);
        let new = (
            rated.red_change.hundredths(),
            rated.red_after.hundredths(),
            rated.black_after.hundredths(),
        );
        if stored != (Some(new.0), Some(new.1), Some(new.2)) {
            sqlx::query(
                "UPDATE rating_games SET red_change = $1, red_after = $2, black_after = $3
                 WHERE id = $4",
            )
            .bind(new.0)
            .bind(new.1)
            .bind(new.2)
            .bind(g.id)
            .execute(&mut *tx)
            .await?;
        }
    }
    for (i, r) in rows.iter().enumerate() {
        if !touched[i] {
            continue;
        }
        let last_played: Option<String> = match (last[i], &from_text) {
            (Some(d), _) => Some(d.to_string()),
            (None, None) => None,
            // Every game of the player from `from` on was in the removed batch: the last one is older.
            (None, Some(from)) => {
                sqlx::query_scalar(
                    "SELECT MAX(d) FROM (
                         SELECT MAX(played_on) AS d FROM rating_games WHERE red_id = $1 AND played_on < $2
                         UNION ALL
                         SELECT MAX(played_on) FROM rating_games WHERE black_id = $1 AND played_on < $2) AS latest",
                )
                .bind(r.id)
                .bind(from)
                .fetch_one(&mut *tx)
                .await?
            }
        };
        sqlx::query(
            "UPDATE rating_players SET points = $1, games = $2, last_played = $3 WHERE id = $4",
        )
        .bind(states[i].points.hundredths())
        .bind(i64::from(states[i].games))
        .bind(last_played)
        .bind(r.id)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("UPDATE rating_lists SET state_ok = 1 WHERE id = $1 AND state_ok = 0")
        .bind(list_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Stores a list's number of games (read by every page, so not counted on every view).
async fn count_games(tx: &mut Conn, list_id: i64) -> StoreResult<()> {
    sqlx::query(
        "UPDATE rating_lists SET game_count = (SELECT COUNT(*) FROM rating_games WHERE list_id = $1)
         WHERE id = $1",
    )
    .bind(list_id)
    .execute(&mut *tx)
    .await?;
    Ok(())
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
/// (the CSV reader refuses a name listed twice). Their state is their starting entry: they have no
/// games in the list yet.
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
        &Reason::new("audit_d_rating_start_list")
            .arg("list", list_id)
            .arg("players", entries.len())
            .audit(),
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
            "INSERT INTO rating_players (list_id, name, start_points, start_games, points, games)
             VALUES ($1, $2, $3, $4, $3, $4)",
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

/// The audit message naming a batch's kind (`file`, `form`, `event`).
fn source_key(kind: &str) -> &'static str {
    match kind {
        "file" => "audit_d_rating_kind_file",
        "event" => "audit_d_rating_kind_event",
        _ => "audit_d_rating_kind_form",
    }
}

fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::RedWins => "1-0",
        Outcome::BlackWins => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

fn parse_result(game_id: i64, text: &str) -> StoreResult<Outcome> {
    match text {
        "1-0" => Ok(Outcome::RedWins),
        "0-1" => Ok(Outcome::BlackWins),
        "1/2-1/2" => Ok(Outcome::Draw),
        other => Err(corrupt("rating_games", game_id, "result", other)),
    }
}

// ---------------------------------------------------------------------------------------------------
// Reading the stored state

/// A player's stored line.
#[derive(sqlx::FromRow)]
struct StandingRow {
    id: i64,
    name: String,
    points: i64,
    games: i64,
    last_played: Option<String>,
}

impl StandingRow {
    fn rated(self, rank: usize, settings: &RatingSettings) -> StoreResult<RatedPlayer> {
        let games = count("rating_players", self.id, "games", self.games)?;
        let points = Points::from_hundredths(self.points);
        let last_played = self
            .last_played
            .map(|d| date("rating_players", self.id, "last_played", &d))
            .transpose()?;
        Ok(RatedPlayer {
            id: self.id,
            rank,
            name: self.name,
            points,
            level: settings.level(points, games),
            games,
            last_played,
        })
    }
}

/// The standings as stored: points descending, then name (byte order, as the rating module sorts);
/// equal points share a rank.
pub async fn standings(db: &Db, info: &ListInfo) -> StoreResult<Vec<RatedPlayer>> {
    let rows: Vec<StandingRow> = sqlx::query_as(
        "SELECT id, name, points, games, last_played FROM rating_players WHERE list_id = $1
         ORDER BY points DESC, name",
    )
    .bind(info.id)
    .fetch_all(db)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    let mut previous: Option<(i64, usize)> = None;
    for (i, r) in rows.into_iter().enumerate() {
        let rank = match previous {
            Some((points, rank)) if points == r.points => rank,
            _ => i + 1,
        };
        previous = Some((r.points, rank));
        out.push(r.rated(rank, &info.settings)?);
    }
    Ok(out)
}

/// One player's line (rank included), if the player is in this list.
pub async fn player(db: &Db, info: &ListInfo, player_id: i64) -> StoreResult<Option<RatedPlayer>> {
    let row: Option<StandingRow> = sqlx::query_as(
        "SELECT id, name, points, games, last_played FROM rating_players
         WHERE list_id = $1 AND id = $2",
    )
    .bind(info.id)
    .bind(player_id)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let above: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM rating_players WHERE list_id = $1 AND points > $2",
    )
    .bind(info.id)
    .bind(row.points)
    .fetch_one(db)
    .await?;
    let rank = usize::try_from(above).unwrap_or(0) + 1;
    row.rated(rank, &info.settings).map(Some)
}

/// A game of a player's history as stored, seen from the player's side.
#[derive(sqlx::FromRow)]
struct HistoryRow {
    id: i64,
    played_on: String,
    red: super::Flag,
    opponent_id: i64,
    opponent: String,
    result: String,
    red_change: Option<i64>,
    points_after: Option<i64>,
    kind: String,
    label: String,
    event_id: Option<i64>,
    stage: Option<String>,
    round_no: Option<i64>,
    game_no: Option<i64>,
}

impl HistoryRow {
    /// Where the game was played in its event, if it was pushed with it.
    fn origin(&self) -> StoreResult<Option<GameOrigin>> {
        let Some(stage) = &self.stage else {
            return Ok(None);
        };
        let number = |column, n: Option<i64>| {
            n.map(|n| count("rating_games", self.id, column, n))
                .transpose()
        };
        let round = EventRound::from_stored(stage, number("round_no", self.round_no)?)
            .ok_or_else(|| corrupt("rating_games", self.id, "stage", stage))?;
        Ok(Some(GameOrigin {
            round,
            game: number("game_no", self.game_no)?,
        }))
    }
}

/// A player's rated games in date order (arrival order within a date) with the points each moved.
pub async fn history(db: &Db, info: &ListInfo, player_id: i64) -> StoreResult<Vec<HistoryGame>> {
    let rows: Vec<HistoryRow> = sqlx::query_as(
        "SELECT h.id, h.played_on, h.red, h.opponent_id, o.name AS opponent, h.result, h.red_change,
                h.points_after, u.kind, u.label, u.event_id, h.stage, h.round_no, h.game_no
         FROM (SELECT id, seq, upload_id, played_on, 1 AS red, black_id AS opponent_id, result,
                      red_change, red_after AS points_after, stage, round_no, game_no
               FROM rating_games WHERE +list_id = $1 AND red_id = $2
               UNION ALL
               SELECT id, seq, upload_id, played_on, 0 AS red, red_id AS opponent_id, result,
                      red_change, black_after AS points_after, stage, round_no, game_no
               FROM rating_games WHERE +list_id = $1 AND black_id = $2) h
         JOIN rating_players o ON o.id = h.opponent_id
         JOIN rating_uploads u ON u.id = h.upload_id
         ORDER BY h.played_on, h.seq",
    )
    .bind(info.id)
    .bind(player_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|r| {
            let color = if r.red.0 { Color::Red } else { Color::Black };
            let red_change = r
                .red_change
                .ok_or_else(|| corrupt("rating_games", r.id, "red_change", "NULL"))?;
            let points_after = r
                .points_after
                .ok_or_else(|| corrupt("rating_games", r.id, "red_after", "NULL"))?;
            let change = Points::from_hundredths(red_change);
            let origin = r.origin()?;
            Ok(HistoryGame {
                date: date("rating_games", r.id, "played_on", &r.played_on)?,
                color,
                opponent_id: r.opponent_id,
                opponent: r.opponent,
                result: parse_result(r.id, &r.result)?.for_side(color),
                change: if r.red.0 { change } else { -change },
                points_after: Points::from_hundredths(points_after),
                source: GameSource {
                    kind: r.kind,
                    label: r.label,
                    event_id: r.event_id,
                    origin,
                },
            })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------
// The reference replay

/// A list recomputed from its stored games, with the mapping between the rating module's player
/// handles and the stored player ids.
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

/// A player's name and starting entry, for the replay.
#[derive(sqlx::FromRow)]
struct EntryRow {
    id: i64,
    name: String,
    start_points: Option<i64>,
    start_games: Option<i64>,
}

/// A stored game, for the replay.
#[derive(sqlx::FromRow)]
struct GameRow {
    id: i64,
    played_on: String,
    red_id: i64,
    black_id: i64,
    result: String,
}

/// Recomputes a list from scratch, ignoring its stored state: its players in order of entry, then every
/// game in date order and arrival order within a date, through [`RatingList`]. The stored state must
/// always equal this (the store's tests check it after every kind of write).
pub async fn replay(db: &Db, info: &ListInfo) -> StoreResult<Replayed> {
    let mut list = RatingList::new(info.settings);
    let mut stored_ids = Vec::new();
    let mut handles = HashMap::new();
    let players: Vec<EntryRow> = sqlx::query_as(
        "SELECT id, name, start_points, start_games FROM rating_players WHERE list_id = $1
         ORDER BY id",
    )
    .bind(info.id)
    .fetch_all(db)
    .await?;
    for r in players {
        let handle = match (r.start_points, r.start_games) {
            (Some(points), Some(games)) => {
                let games = count("rating_players", r.id, "start_games", games)?;
                list.add_player(&r.name, Points::from_hundredths(points), games)
            }
            _ => list.enter(&r.name),
        }
        .map_err(|e| corrupt("rating_players", r.id, "name", e))?;
        stored_ids.push(r.id);
        handles.insert(r.id, handle);
    }
    let games: Vec<GameRow> = sqlx::query_as(
        "SELECT id, played_on, red_id, black_id, result FROM rating_games WHERE list_id = $1
         ORDER BY played_on, seq",
    )
    .bind(info.id)
    .fetch_all(db)
    .await?;
    for r in games {
        let handle = |column: &'static str, id: i64| -> StoreResult<PlayerId> {
            handles
                .get(&id)
                .copied()
                .ok_or_else(|| corrupt("rating_games", r.id, column, id))
        };
        let game = Game {
            date: date("rating_games", r.id, "played_on", &r.played_on)?,
            red: handle("red_id", r.red_id)?,
            black: handle("black_id", r.black_id)?,
            outcome: parse_result(r.id, &r.result)?,
        };
        list.apply(game)
            .map_err(|e| corrupt("rating_games", r.id, "black_id", e))?;
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
        create(db, owner, name, Variant::Jieqi, &RatingSettings::default())
            .await
            .expect("list")
    }

    /// An event of `game` stored as its form would (only what a rating list reads of it).
    async fn event_of(db: &Db, owner: &User, name: &str, game: Variant) -> i64 {
        sqlx::query_scalar(
            "INSERT INTO events (owner_id, name, start_date, end_date, variant, created_at)
             VALUES ($1, $2, '2026-03-01', '2026-03-02', $3, $4) RETURNING id",
        )
        .bind(owner.id)
        .bind(name)
        .bind(game.name())
        .bind(now())
        .fetch_one(db)
        .await
        .expect("event")
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
        let list_id = create(&db, &owner, "測試", Variant::Jieqi, &settings)
            .await
            .expect("list");
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
                    origin: None,
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

    /// The stored state (standings and every history) equals a replay of the list from scratch.
    async fn assert_stored_equals_replay(db: &Db, list_id: i64, step: &str) {
        let info = get(db, list_id).await.expect("get").expect("list exists");
        let replayed = replay(db, &info).await.expect("replay");
        let expected: Vec<RatedPlayer> = replayed
            .list
            .standings()
            .into_iter()
            .map(|s| RatedPlayer {
                id: replayed.stored_id(s.player).expect("stored id"),
                rank: s.rank,
                name: s.name,
                points: s.points,
                level: s.level,
                games: s.games,
                last_played: s.last_played,
            })
            .collect();
        assert_eq!(
            usize::try_from(info.games).expect("count"),
            replayed.list.games().len(),
            "game count after {step}"
        );
        let stored = standings(db, &info).await.expect("standings");
        assert_eq!(stored, expected, "standings after {step}");
        for s in &expected {
            let handle = replayed.handle(s.id).expect("handle");
            let got = history(db, &info, s.id).await.expect("history");
            // The replay knows the numbers; where each game came from is the stored history's own.
            let want: Vec<HistoryGame> = replayed
                .list
                .history(handle)
                .into_iter()
                .zip(&got)
                .map(|(h, stored)| HistoryGame {
                    date: h.date,
                    color: h.color,
                    opponent_id: replayed.stored_id(h.opponent).expect("opponent"),
                    opponent: replayed.list.name(h.opponent).expect("name").to_string(),
                    result: h.result,
                    change: h.change,
                    points_after: h.points_after,
                    source: stored.source.clone(),
                })
                .collect();
            assert_eq!(got.len(), replayed.list.history(handle).len());
            assert_eq!(got, want, "history of {} after {step}", s.name);
            let line = player(db, &info, s.id).await.expect("player");
            assert_eq!(line.as_ref(), Some(s), "player line after {step}");
        }
    }

    /// The property "recompute equals incremental": random batches — many dated before games already in
    /// the list, some on the same days — appended, random batches removed, starting entries added and
    /// the start points changed, in random order; after every write the stored state equals a replay
    /// from scratch.
    #[tokio::test]
    async fn the_stored_state_always_equals_a_recomputation() {
        let (_tmp, db, owner) = fresh("state").await;
        let mut rng = ChaCha8Rng::seed_from_u64(0x0017_d017);
        for round in 0..4 {
            let list_id = default_list(&db, &owner, &format!("L{round}")).await;
            let names: Vec<String> = (0..3 + rng.next_u32() % 8)
                .map(|i| format!("選手{i}"))
                .collect();
            let mut batches: Vec<i64> = Vec::new();
            let mut files = 0;
            for step in 0..30 {
                let what = rng.next_u32() % 10;
                let label = format!("list {round} step {step}");
                if what < 6 || batches.is_empty() {
                    // A batch over a random window of days: later steps often reach back in time.
                    let base = rng.next_u32() % 40;
                    let games: Vec<NewGame> = (0..1 + rng.next_u32() % 12)
                        .map(|_| {
                            let r = rng.next_u32() as usize % names.len();
                            let b =
                                (r + 1 + rng.next_u32() as usize % (names.len() - 1)) % names.len();
                            NewGame {
                                date: day(base + rng.next_u32() % 5),
                                red: names[r].clone(),
                                black: names[b].clone(),
                                outcome: [Outcome::RedWins, Outcome::BlackWins, Outcome::Draw]
                                    [rng.next_u32() as usize % 3],
                                origin: None,
                            }
                        })
                        .collect();
                    files += 1;
                    let source = Source::File {
                        label: format!("{files}.csv"),
                        digest: format!("{round:032}{files:032}"),
                    };
                    match append_games(&db, &owner, list_id, &games, &source)
                        .await
                        .expect("append")
                    {
                        Appended::Added(u) => batches.push(u.id),
                        Appended::Duplicate(_) | Appended::OtherGame(_) => {
                            panic!("distinct digests, and a file has no game")
                        }
                    }
                } else if what < 8 {
                    let victim = batches.remove(rng.next_u32() as usize % batches.len());
                    assert!(
                        remove_upload(&db, &owner, list_id, victim, "test")
                            .await
                            .expect("remove")
                    );
                } else if what < 9 {
                    let entry = StartEntry {
                        name: format!("新人{round}-{step}"),
                        points: Points::from_hundredths(
                            120_000 + i64::from(rng.next_u32() % 60_000),
                        ),
                        games: rng.next_u32() % 20,
                    };
                    assert_eq!(
                        add_starting_entries(&db, &owner, list_id, &[entry])
                            .await
                            .expect("start"),
                        StartAdded::Added(1)
                    );
                } else {
                    let info = get(&db, list_id).await.expect("get").expect("list");
                    let settings = RatingSettings {
                        start_points: Points::from_hundredths(
                            140_000 + i64::from(rng.next_u32() % 20_000),
                        ),
                        rated_after_games: rng.next_u32() % 12,
                        ..RatingSettings::default()
                    };
                    update(&db, &owner, &info, &info.name, None, &settings)
                        .await
                        .expect("settings");
                }
                assert_stored_equals_replay(&db, list_id, &label).await;
            }
        }
    }

    /// A list stored before migration 0012 (its state never computed) gets its state on the next open,
    /// and a stale list met by a read is computed before it is shown.
    #[tokio::test]
    async fn lists_stored_before_the_state_was_kept_are_computed_once() {
        let (tmp, db, owner) = fresh("upgrade").await;
        let list_id = default_list(&db, &owner, "L").await;
        let games: Vec<NewGame> = (0..20)
            .map(|i| NewGame {
                date: day(20 - i),
                red: ["甲", "乙", "丙"][i as usize % 3].into(),
                black: ["乙", "丙", "甲"][i as usize % 3].into(),
                outcome: Outcome::RedWins,
                origin: None,
            })
            .collect();
        append_games(&db, &owner, list_id, &games, &Source::Form)
            .await
            .expect("append");
        // What an upgraded database looks like: the new columns at their defaults.
        let forget = "UPDATE rating_lists SET state_ok = 0;
             UPDATE rating_players SET points = 0, games = 0, last_played = NULL;
             UPDATE rating_games SET red_change = NULL, red_after = NULL, black_after = NULL;";
        sqlx::raw_sql(forget).execute(&db).await.expect("forget");
        db.close().await;
        let db = crate::store::open(&tmp.url()).await.expect("reopen");
        assert_stored_equals_replay(&db, list_id, "reopening").await;
        sqlx::raw_sql(forget).execute(&db).await.expect("forget");
        assert!(
            !sqlx::query_scalar::<_, crate::store::Flag>("SELECT state_ok FROM rating_lists")
                .fetch_one(&db)
                .await
                .expect("flag")
                .0
        );
        assert_stored_equals_replay(&db, list_id, "a read").await;
        assert_eq!(compute_stale(&db, None).await.expect("none left"), 0);
    }

    /// Migration 0015 gives a list stored before lists had a game the game of the events it holds:
    /// Jieqi when it holds none, none ("several games") when it holds events of several.
    #[tokio::test]
    async fn a_list_from_before_lists_had_a_game_takes_the_game_it_holds() {
        let (_tmp, db, owner) = fresh("list-game").await;
        let mut events = HashMap::new();
        for game in [Variant::Banqi, Variant::Jieqi, Variant::Xiangqi] {
            events.insert(game.name(), event_of(&db, &owner, game.name(), game).await);
        }
        let banqi = default_list(&db, &owner, "banqi").await;
        let files = default_list(&db, &owner, "files").await;
        let several = default_list(&db, &owner, "several").await;
        for (list, game) in [(banqi, "banqi"), (several, "jieqi"), (several, "xiangqi")] {
            sqlx::query(
                "INSERT INTO rating_uploads (list_id, kind, event_id, games, created_at)
                 VALUES ($1, 'event', $2, 0, $3)",
            )
            .bind(list)
            .bind(events[game])
            .bind(now())
            .execute(&db)
            .await
            .expect("batch");
        }
        sqlx::query(
            "INSERT INTO rating_uploads (list_id, kind, label, games, created_at)
             VALUES ($1, 'file', 'a.csv', 0, $2)",
        )
        .bind(files)
        .bind(now())
        .execute(&db)
        .await
        .expect("batch");
        // The lists as they were before the migration, then its update of them.
        sqlx::query("UPDATE rating_lists SET variant = NULL")
            .execute(&db)
            .await
            .expect("before");
        let migration = include_str!("../../migrations/0015_rating_games_of_events.sql");
        let update = migration
            .find("UPDATE rating_lists")
            .and_then(|at| {
                migration[at..]
                    .find(';')
                    .map(|end| &migration[at..=at + end])
            })
            .expect("the migration's update");
        sqlx::raw_sql(sqlx::AssertSqlSafe(update))
            .execute(&db)
            .await
            .expect("migrate");
        let game = |id: i64| {
            let db = db.clone();
            async move { get(&db, id).await.expect("get").expect("list").variant }
        };
        assert_eq!(game(banqi).await, Some(Variant::Banqi));
        assert_eq!(game(files).await, Some(Variant::Jieqi));
        assert_eq!(game(several).await, None);
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
            origin: None,
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
            Appended::Added(_) | Appended::OtherGame(_) => panic!("duplicate accepted"),
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

    /// The event push path: an event's games enter a list of its game once; a second push, and a
    /// push into a list of another game, are refused.
    #[tokio::test]
    async fn an_event_pushes_its_games_into_a_list_once() {
        let (_tmp, db, owner) = fresh("event").await;
        let event_id = event_of(&db, &owner, "冬季賽", Variant::Banqi).await;
        let list_id = create(&db, &owner, "L", Variant::Banqi, &RatingSettings::default())
            .await
            .expect("list");
        let games: Vec<NewGame> = [Outcome::RedWins, Outcome::Draw]
            .into_iter()
            .map(|outcome| NewGame {
                date: day(0),
                red: "甲".into(),
                black: "乙".into(),
                outcome,
                origin: None,
            })
            .collect();
        let push = Source::Event {
            event_id,
            label: "冬季賽".into(),
            variant: Variant::Banqi,
        };
        // A list of another game refuses the event, writing nothing.
        let jieqi = default_list(&db, &owner, "J").await;
        assert!(matches!(
            append_games(&db, &owner, jieqi, &games, &push).await,
            Ok(Appended::OtherGame(Some(Variant::Jieqi)))
        ));
        assert!(uploads(&db, jieqi).await.expect("uploads").is_empty());
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
        // The lists an event's choice offers, and a list holding a Banqi event keeps its game.
        let ids = |lists: Vec<ListInfo>| lists.into_iter().map(|l| l.id).collect::<Vec<_>>();
        assert_eq!(
            ids(accepting(&db, Variant::Banqi).await.expect("lists")),
            [list_id]
        );
        assert_eq!(
            ids(accepting(&db, Variant::Jieqi).await.expect("lists")),
            [jieqi]
        );
        let settings = RatingSettings::default();
        assert_eq!(
            update(&db, &owner, &info, "L", Some(Variant::Jieqi), &settings)
                .await
                .expect("update"),
            Updated::HoldsGame(Variant::Banqi)
        );
        let empty = get(&db, jieqi).await.expect("get").expect("exists");
        assert_eq!(
            update(&db, &owner, &empty, "J", Some(Variant::Xiangqi), &settings)
                .await
                .expect("update"),
            Updated::Saved
        );
        // A list of several games (from before lists had a game) takes only the games it holds.
        sqlx::query("UPDATE rating_lists SET variant = NULL WHERE id = $1")
            .bind(list_id)
            .execute(&db)
            .await
            .expect("several games");
        assert_eq!(
            ids(accepting(&db, Variant::Banqi).await.expect("lists")),
            [list_id]
        );
        assert_eq!(
            ids(accepting(&db, Variant::Xiangqi).await.expect("lists")),
            [jieqi]
        );
        let xiangqi_event = event_of(&db, &owner, "象棋賽", Variant::Xiangqi).await;
        let xiangqi_push = Source::Event {
            event_id: xiangqi_event,
            label: "象棋賽".into(),
            variant: Variant::Xiangqi,
        };
        assert!(matches!(
            append_games(&db, &owner, list_id, &games, &xiangqi_push).await,
            Ok(Appended::OtherGame(None))
        ));
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
            origin: None,
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
            origin: None,
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
            !remove_upload(&db, &owner, list_id + 1, batch.id, "test")
                .await
                .expect("other list")
        );
        assert!(
            remove_upload(&db, &owner, list_id, batch.id, "test")
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
