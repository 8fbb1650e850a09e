//! Swiss rounds: pairing drafts and publication, boards with version-checked results, requested byes,
//! withdrawals, and the tournament state the pairing engine and standings read.

use super::users::User;
use super::{Db, StoreError, StoreResult, audit, now};
use super::{bad_value as corrupt, small_number as number};
use crate::round::{Absence, BoardResult, MatchGames};
use crate::rules::Color;
use crate::swiss::Pairing;
use crate::swiss::tournament::{ByeRequest, Player as SwissPlayer, Points, RoundEntry, Tournament};

/// A stored round.
#[derive(Debug, Clone)]
pub struct Round {
    /// Row id.
    pub id: i64,
    /// Round number from 1.
    pub number: u32,
    /// Whether players and the public can see it.
    pub published: bool,
    /// Round 1 only: the lot for player 1's colour.
    pub first_colour: Option<Color>,
}

/// A stored board.
#[derive(Debug, Clone)]
pub struct Board {
    /// Row id.
    pub id: i64,
    /// Board number from 1.
    pub board_no: u32,
    /// Start number of the Red player.
    pub red: u32,
    /// Start number of the Black player; `None` for the pairing-allocated bye.
    pub black: Option<u32>,
    /// The result, once entered.
    pub result: Option<BoardResult>,
    /// Incremented by every change of the result (optimistic concurrency).
    pub version: i64,
    /// Set when an arbiter changed the engine's pairing.
    pub manual: bool,
    /// What each side reported, Red's first (a result from Red's view as typed, or a Banqi
    /// match's games), until the result is entered: one report waits for the opponent's, two
    /// that differ wait for the arbiter.
    pub reports: [Option<String>; 2],
    /// Banqi match boards: the games' results from Red's view (the result is the match outcome).
    pub games: Option<MatchGames>,
}

impl Board {
    /// Whether this board is the pairing-allocated bye.
    pub fn is_bye(&self) -> bool {
        self.black.is_none()
    }

    /// Whether the board still needs a result.
    pub fn is_pending(&self) -> bool {
        self.black.is_some() && self.result.is_none()
    }
}

/// A `rounds` row.
#[derive(sqlx::FromRow)]
struct RoundRow {
    id: i64,
    number: i64,
    published: super::Flag,
    first_colour: Option<String>,
}

impl TryFrom<RoundRow> for Round {
    type Error = StoreError;

    fn try_from(r: RoundRow) -> StoreResult<Round> {
        Ok(Round {
            id: r.id,
            number: number("rounds", r.id, "number", r.number)?,
            published: r.published.0,
            first_colour: match r.first_colour.as_deref() {
                None => None,
                Some(text) => Some(
                    text.parse()
                        .map_err(|_| corrupt("rounds", r.id, "first_colour", text))?,
                ),
            },
        })
    }
}

/// A `boards` row as selected by [`BOARD_COLUMNS`].
#[derive(sqlx::FromRow)]
struct BoardRow {
    id: i64,
    board_no: i64,
    red: i64,
    black: Option<i64>,
    result: Option<String>,
    version: i64,
    manual: super::Flag,
    red_report: Option<String>,
    black_report: Option<String>,
    games: Option<String>,
}

impl TryFrom<BoardRow> for Board {
    type Error = StoreError;

    fn try_from(r: BoardRow) -> StoreResult<Board> {
        let id = r.id;
        let result = |column: &'static str, v: Option<String>| {
            v.map(|v| BoardResult::parse(&v).ok_or_else(|| corrupt("boards", id, column, v)))
                .transpose()
        };
        Ok(Board {
            id,
            board_no: number("boards", id, "board_no", r.board_no)?,
            red: number("boards", id, "red", r.red)?,
            black: r
                .black
                .map(|b| number("boards", id, "black", b))
                .transpose()?,
            result: result("result", r.result)?,
            version: r.version,
            manual: r.manual.0,
            reports: [r.red_report, r.black_report],
            games: r.games.map(|games| MatchGames { games }),
        })
    }
}

/// The rounds of an event in order (drafts included).
pub async fn list(db: &Db, event_id: i64) -> StoreResult<Vec<Round>> {
    let rows = sqlx::query_as::<_, RoundRow>("SELECT id, number, published, first_colour FROM rounds WHERE event_id = $1 ORDER BY number")
        .bind(event_id)
        .fetch_all(db)
        .await?;
    rows.into_iter().map(Round::try_from).collect()
}

/// One round by number.
pub async fn get(db: &Db, event_id: i64, number: u32) -> StoreResult<Option<Round>> {
    let row = sqlx::query_as::<_, RoundRow>("SELECT id, number, published, first_colour FROM rounds WHERE event_id = $1 AND number = $2")
        .bind(event_id)
        .bind(number as i64)
        .fetch_optional(db)
        .await?;
    row.map(Round::try_from).transpose()
}

const BOARD_COLUMNS: &str =
    "id, board_no, red, black, result, version, manual, red_report, black_report, games";

/// The boards of a round in board order.
pub async fn boards(db: &Db, round_id: i64) -> StoreResult<Vec<Board>> {
    let rows = sqlx::query_as::<_, BoardRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {BOARD_COLUMNS} FROM boards WHERE round_id = $1 ORDER BY board_no"
    )))
    .bind(round_id)
    .fetch_all(db)
    .await?;
    rows.into_iter().map(Board::try_from).collect()
}

/// One board of a round.
pub async fn board(db: &Db, round_id: i64, board_no: u32) -> StoreResult<Option<Board>> {
    let row = sqlx::query_as::<_, BoardRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {BOARD_COLUMNS} FROM boards WHERE round_id = $1 AND board_no = $2"
    )))
    .bind(round_id)
    .bind(board_no as i64)
    .fetch_optional(db)
    .await?;
    row.map(Board::try_from).transpose()
}

/// An absence code as stored (`H`, `F`, `Z`).
fn absence(table: &'static str, id: i64, kind: &str) -> StoreResult<Absence> {
    Absence::parse(kind).ok_or_else(|| corrupt(table, id, "kind", kind))
}

/// The requested byes/absences recorded in a paired round.
pub async fn absences(db: &Db, round_id: i64) -> StoreResult<Vec<(u32, Absence)>> {
    let rows = sqlx::query_as::<_, (i64, String)>(
        "SELECT start_no, kind FROM round_absences WHERE round_id = $1 ORDER BY start_no",
    )
    .bind(round_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(start, kind)| {
            Ok((
                number("round_absences", round_id, "start_no", start)?,
                absence("round_absences", round_id, &kind)?,
            ))
        })
        .collect()
}

/// Byes requested for future rounds: (round, start number, kind). A request names the player's
/// entry (row id), so it stays with its player whatever number the player has; the start number
/// is looked up as it stands now.
pub async fn bye_requests(db: &Db, event_id: i64) -> StoreResult<Vec<(u32, u32, Absence)>> {
    let rows = sqlx::query_as::<_, (i64, i64, i64, String)>(
        "SELECT b.player_id, b.round_no, p.start_no, b.kind FROM bye_requests b JOIN players p ON p.id = b.player_id
         WHERE b.event_id = $1 ORDER BY b.round_no, p.start_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(id, round, start, kind)| {
            Ok((
                number("bye_requests", id, "round_no", round)?,
                number("players", id, "start_no", start)?,
                absence("bye_requests", id, &kind)?,
            ))
        })
        .collect()
}

/// Records (or replaces) a bye request for a future round for the player who has start number
/// `start` now; the request is stored against the player's entry (`NotFound` if nobody has it).
pub async fn request_bye(
    db: &Db,
    by: &User,
    event_id: i64,
    round: u32,
    start: u32,
    kind: Absence,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let player: Option<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM players WHERE event_id = $1 AND start_no = $2")
            .bind(event_id)
            .bind(start as i64)
            .fetch_optional(&mut *tx)
            .await?;
    let (player_id, name) = player.ok_or(StoreError::NotFound)?;
    sqlx::query(
        "INSERT INTO bye_requests (event_id, round_no, player_id, kind) VALUES ($1, $2, $3, $4)
         ON CONFLICT (event_id, round_no, player_id) DO UPDATE SET kind = excluded.kind",
    )
    .bind(event_id)
    .bind(round as i64)
    .bind(player_id)
    .bind(kind.letter())
    .execute(&mut *tx)
    .await?;
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        "bye.request",
        &crate::i18n::Reason::new("audit_d_bye_request")
            .arg("round", round)
            .arg("start", start)
            .arg("name", &name)
            .arg_reason("kind", &crate::i18n::Reason::new(kind.message_key()))
            .audit(),
    )
    .await?;
    Ok(())
}

/// Withdraws a player from `from_round` on (not paired any more), with the arbiter's reason
/// logged. False when the event has no such player.
pub async fn withdraw(
    db: &Db,
    by: &User,
    event_id: i64,
    start: u32,
    from_round: u32,
    reason: &str,
) -> StoreResult<bool> {
    let change =
        sqlx::query("UPDATE players SET withdrawn_from = $1 WHERE event_id = $2 AND start_no = $3")
            .bind(from_round as i64)
            .bind(event_id)
            .bind(start as i64);
    let detail = crate::i18n::Reason::new("audit_d_withdraw")
        .arg("start", start)
        .arg("round", from_round)
        .arg("reason", reason)
        .audit();
    let who = (Some(by.id), Some(event_id));
    super::write_one(db, who, ("player.withdraw", &detail), change, vec![]).await
}

/// Undoes a player's withdrawal (paired again from the next round), with the reason logged. False
/// when the player is not withdrawn.
pub async fn reinstate(
    db: &Db,
    by: &User,
    event_id: i64,
    start: u32,
    reason: &str,
) -> StoreResult<bool> {
    let change = sqlx::query(
        "UPDATE players SET withdrawn_from = NULL
         WHERE event_id = $1 AND start_no = $2 AND withdrawn_from IS NOT NULL",
    )
    .bind(event_id)
    .bind(start as i64);
    let detail = format!("#{start} ({reason})");
    let who = (Some(by.id), Some(event_id));
    super::write_one(db, who, ("player.withdraw_undo", &detail), change, vec![]).await
}

/// Cancels a bye requested for a round not paired yet, with the reason logged. False when there is
/// no such request (or the round was paired meanwhile).
pub async fn cancel_bye_request(
    db: &Db,
    by: &User,
    event_id: i64,
    round: u32,
    start: u32,
    reason: &str,
) -> StoreResult<bool> {
    let change = sqlx::query(
        "DELETE FROM bye_requests WHERE event_id = $1 AND round_no = $2
         AND player_id = (SELECT id FROM players WHERE event_id = $1 AND start_no = $3)
         AND NOT EXISTS (SELECT 1 FROM rounds WHERE event_id = $1 AND number = $2)",
    )
    .bind(event_id)
    .bind(round as i64)
    .bind(start as i64);
    let detail = crate::i18n::Reason::new("audit_d_round_player")
        .arg("round", round)
        .arg("start", start)
        .arg("reason", reason)
        .audit();
    let who = (Some(by.id), Some(event_id));
    super::write_one(db, who, ("bye.cancel", &detail), change, vec![]).await
}

/// Records byes of one kind for a late entrant in rounds paired before they joined (`rounds`: the
/// rounds' row ids and numbers), in one transaction, with the rule followed in the log.
pub async fn add_late_entry_byes(
    db: &Db,
    by: &User,
    event_id: i64,
    start: u32,
    rounds: &[(i64, u32)],
    kind: Absence,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    for (round_id, _) in rounds {
        sqlx::query("INSERT INTO round_absences (round_id, start_no, kind) VALUES ($1, $2, $3)")
            .bind(round_id)
            .bind(start as i64)
            .bind(kind.letter())
            .execute(&mut *tx)
            .await?;
    }
    let numbers: Vec<String> = rounds.iter().map(|(_, n)| n.to_string()).collect();
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        "bye.late_entry",
        &crate::i18n::Reason::new("audit_d_late_entry")
            .arg("start", start)
            .arg("rounds", numbers.join(", "))
            .arg_reason("kind", &crate::i18n::Reason::new(kind.message_key()))
            .audit(),
    )
    .await?;
    Ok(())
}

/// Removes the bye recorded for a player in a paired round, with the reason logged. False when
/// the round records none for them.
pub async fn cancel_absence(
    db: &Db,
    by: &User,
    event_id: i64,
    round: &Round,
    start: u32,
    reason: &str,
) -> StoreResult<bool> {
    let change = sqlx::query("DELETE FROM round_absences WHERE round_id = $1 AND start_no = $2")
        .bind(round.id)
        .bind(start as i64);
    let detail = crate::i18n::Reason::new("audit_d_round_player")
        .arg("round", round.number)
        .arg("start", start)
        .arg("reason", reason)
        .audit();
    let who = (Some(by.id), Some(event_id));
    super::write_one(db, who, ("bye.cancel", &detail), change, vec![]).await
}

/// Takes back a published round so it can be paired again: deleted with its boards and absences
/// when it is still the event's last round and none of its boards has a result or a move record
/// (checked inside the transaction). False when that no longer holds.
pub async fn withdraw_round(
    db: &Db,
    by: &User,
    event_id: i64,
    round: &Round,
    reason: &str,
) -> StoreResult<bool> {
    let change = sqlx::query(
        "DELETE FROM rounds WHERE id = $1 AND published = 1
         AND NOT EXISTS (SELECT 1 FROM rounds later WHERE later.event_id = $2 AND later.number > $3)
         AND NOT EXISTS (SELECT 1 FROM boards b WHERE b.round_id = $1 AND b.result IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM game_records g JOIN boards b ON b.id = g.board_id WHERE b.round_id = $1)",
    )
    .bind(round.id)
    .bind(event_id)
    .bind(round.number as i64);
    // A player registered while the round was out joins at the round after it (`add_all`); with
    // the round gone they are entered for it, so pairing it again pairs them too.
    let late_entries =
        sqlx::query("UPDATE players SET joins_at = $1 WHERE event_id = $2 AND joins_at > $1")
            .bind(round.number as i64)
            .bind(event_id);
    // The teams let meet in the round go with it: pairing it again asks again.
    let relaxed =
        sqlx::query("DELETE FROM avoidance_relaxed WHERE event_id = $1 AND round_no = $2")
            .bind(event_id)
            .bind(round.number as i64);
    let detail = crate::i18n::Reason::new("audit_d_round_reason")
        .arg("round", round.number)
        .arg("reason", reason)
        .audit();
    let who = (Some(by.id), Some(event_id));
    super::write_one(
        db,
        who,
        ("round.withdraw", &detail),
        change,
        vec![late_entries, relaxed],
    )
    .await
}

/// A round with its boards and recorded absences, as one read of the whole event gives them.
#[derive(Debug, Clone)]
pub struct RoundData {
    /// The round.
    pub round: Round,
    /// Its boards in board order.
    pub boards: Vec<Board>,
    /// Its requested byes/absences by start number.
    pub absences: Vec<(u32, Absence)>,
}

/// Every round of an event (drafts included) with its boards and absences: three queries whatever
/// the number of rounds.
pub async fn event_rounds(db: &Db, event_id: i64) -> StoreResult<Vec<RoundData>> {
    let mut rounds: Vec<RoundData> = list(db, event_id)
        .await?
        .into_iter()
        .map(|round| RoundData {
            round,
            boards: vec![],
            absences: vec![],
        })
        .collect();
    let index: std::collections::HashMap<i64, usize> = rounds
        .iter()
        .enumerate()
        .map(|(i, r)| (r.round.id, i))
        .collect();
    /// A board row with its round.
    #[derive(sqlx::FromRow)]
    struct EventBoardRow {
        round_id: i64,
        #[sqlx(flatten)]
        board: BoardRow,
    }
    let rows = sqlx::query_as::<_, EventBoardRow>(sqlx::AssertSqlSafe(format!(
        "SELECT b.round_id, {} FROM boards b JOIN rounds r ON r.id = b.round_id
         WHERE r.event_id = $1 ORDER BY b.round_id, b.board_no",
        BOARD_COLUMNS
            .split(", ")
            .map(|c| format!("b.{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    )))
    .bind(event_id)
    .fetch_all(db)
    .await?;
    for row in rows {
        if let Some(&i) = index.get(&row.round_id) {
            rounds[i].boards.push(Board::try_from(row.board)?);
        }
    }
    let rows = sqlx::query_as::<_, (i64, i64, String)>(
        "SELECT a.round_id, a.start_no, a.kind FROM round_absences a JOIN rounds r ON r.id = a.round_id
         WHERE r.event_id = $1 ORDER BY a.round_id, a.start_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    for (round_id, start, kind) in rows {
        if let Some(&i) = index.get(&round_id) {
            rounds[i].absences.push((
                number("round_absences", round_id, "start_no", start)?,
                absence("round_absences", round_id, &kind)?,
            ));
        }
    }
    Ok(rounds)
}

/// Builds the Swiss state of an event from its players and its published rounds whose results are
/// all in (a round still being played is not counted yet).
pub async fn tournament(db: &Db, event: &super::events::Event) -> StoreResult<Tournament> {
    let rounds = event_rounds(db, event.id).await?;
    tournament_of(db, event, &rounds).await
}

/// [`tournament`] from the event's rounds as [`event_rounds`] read them (a constant number of
/// queries more).
pub async fn tournament_of(
    db: &Db,
    event: &super::events::Event,
    data: &[RoundData],
) -> StoreResult<Tournament> {
    let event_id = event.id;
    let total_rounds = event.settings.swiss_rounds;
    let rounds: Vec<&Round> = data.iter().map(|d| &d.round).collect();
    let first_colour = rounds
        .first()
        .and_then(|r| r.first_colour)
        .unwrap_or(Color::Red);
    let mut t = Tournament::new(
        total_rounds.max(rounds.len() as u32),
        event.settings.swiss_scoring(),
        first_colour,
    );
    let mut team_names = Vec::new();
    for player in super::players::list(db, event_id).await? {
        let number = u32::try_from(player.start_no)
            .map_err(|_| corrupt("players", player.id, "start_no", player.start_no))?;
        team_names.push((number, player.entry.team_name().to_string()));
        let mut p = SwissPlayer::new(number, player.entry.name, player.entry.rating);
        p.joins_at = player.joins_at.max(1);
        p.withdrawn_from = player.withdrawn_from;
        p.id = player.entry.fide_id.parse().ok();
        t.players.push(p);
    }
    // Late entries (start numbers beyond the fixed list) enter the pairing order by rating
    // (C.04.2), in the order they registered; the list itself keeps its start-number order.
    let list = super::players::starting_list(db, event_id).await?;
    if list.is_fixed() {
        let late: Vec<u32> = t
            .players
            .iter()
            .map(|p| p.number)
            .filter(|&n| n > list.size)
            .collect();
        for n in late {
            t.rank_late_entry(n);
        }
    }
    for RoundData {
        round,
        boards,
        absences,
    } in data.iter().filter(|d| d.round.published)
    {
        if boards.iter().any(Board::is_pending) {
            break;
        }
        let mut entries = Vec::new();
        for b in boards {
            match (b.black, b.result) {
                (None, _) => entries.push((
                    b.red,
                    RoundEntry::without_opponent(crate::swiss::tournament::ResultCode::PairingBye),
                )),
                (Some(black), Some(BoardResult::DoubleForfeit)) => {
                    let loss = crate::swiss::tournament::ResultCode::ForfeitLoss;
                    entries.push((b.red, RoundEntry::without_opponent(loss)));
                    entries.push((black, RoundEntry::without_opponent(loss)));
                }
                (Some(black), Some(result)) => {
                    let (rc, bc) = result.codes();
                    let mut red_entry = RoundEntry::game(black, Color::Red, rc);
                    let mut black_entry = RoundEntry::game(b.red, Color::Black, bc);
                    // A match scores its game points (½ = 5 tenths per half point).
                    if let Some(games) = b.games.as_ref().filter(|_| result.is_played()) {
                        let (r, bl) = games.half_points();
                        red_entry = red_entry.with_points(Points::from_tenths(r as i32 * 5));
                        black_entry = black_entry.with_points(Points::from_tenths(bl as i32 * 5));
                    }
                    entries.push((b.red, red_entry));
                    entries.push((black, black_entry));
                }
                (Some(_), None) => unreachable!("pending boards stop the loop above"),
            }
        }
        for &(start, absence) in absences {
            entries.push((start, RoundEntry::without_opponent(absence.code())));
        }
        t.record_round(&entries).map_err(|e| {
            StoreError::Database(sqlx::Error::Protocol(format!(
                "round {}: {e}",
                round.number
            )))
        })?;
    }
    for (a, b, _) in super::players::forbidden_pairs(db, event_id).await? {
        t.forbidden_pairs.push((a, b));
    }
    // Team-mates kept apart, as `260` prohibitions over their rounds less those the arbiter
    // relaxed. A team too large to list is refused when a round is paired, not here. Without
    // avoidance (most events) there is nothing to read.
    let rule = event.settings.stage.club_avoidance;
    if rule != crate::swiss::avoidance::ClubAvoidance::Off {
        let relaxed = relaxed_teams(db, event_id).await?;
        if let Ok(prohibited) =
            crate::swiss::avoidance::prohibitions(&team_names, rule, t.total_rounds, &relaxed)
        {
            t.prohibited = prohibited;
        }
    }
    for (round, start, kind) in bye_requests(db, event_id).await? {
        if round > t.rounds_played {
            t.bye_requests.push(ByeRequest {
                player: start,
                round,
                kind: match kind {
                    Absence::HalfBye => crate::swiss::tournament::ByeKind::Half,
                    Absence::FullBye => crate::swiss::tournament::ByeKind::Full,
                    Absence::ZeroBye => crate::swiss::tournament::ByeKind::Zero,
                },
            });
        }
    }
    Ok(t)
}

/// A round about to be stored.
#[derive(Debug, Clone, Copy)]
pub struct NewRound<'a> {
    /// Round number from 1.
    pub number: u32,
    /// Round 1: the lot for player 1's colour.
    pub first_colour: Option<Color>,
    /// The engine's boards and bye.
    pub pairing: &'a Pairing,
    /// Requested byes of the round.
    pub absences: &'a [(u32, Absence)],
    /// Published at once (the API) or a draft to review (the pages).
    pub publish: bool,
    /// A starting draft for the arbiter to pair by hand (every board marked as a manual pairing).
    pub by_hand: bool,
    /// Teams whose pairs the arbiter let meet in this round (team avoidance blocked it), with
    /// the reason; recorded with the round.
    pub relaxed: &'a [String],
    /// Why the teams were let meet.
    pub relax_reason: &'a str,
}

/// The teams the arbiter let meet, by round: `(round, team)` in round order.
pub async fn relaxed_teams(db: &Db, event_id: i64) -> StoreResult<Vec<(u32, String)>> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT round_no, team FROM avoidance_relaxed WHERE event_id = $1 ORDER BY round_no, id",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(round, team)| {
            u32::try_from(round)
                .map(|r| (r, team))
                .map_err(|_| corrupt("avoidance_relaxed", event_id, "round_no", round))
        })
        .collect()
}

/// Stores a new round from a pairing, atomically (all boards or none). Round 1's pairing must have been
/// made after `prepare_round_one` fixed the starting list.
pub async fn create(db: &Db, by: &User, event_id: i64, new: NewRound<'_>) -> StoreResult<Round> {
    let NewRound {
        number,
        first_colour,
        pairing,
        absences,
        publish,
        by_hand,
        relaxed,
        relax_reason,
    } = new;
    let mut tx = super::begin_write(db).await?;
    for team in relaxed {
        sqlx::query(
            "INSERT INTO avoidance_relaxed (event_id, round_no, team, reason) VALUES ($1, $2, $3, $4)
             ON CONFLICT (event_id, round_no, team) DO NOTHING",
        )
        .bind(event_id)
        .bind(number as i64)
        .bind(team)
        .bind(relax_reason)
        .execute(&mut *tx)
        .await?;
        super::audit::record_with_reason(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "round.relax_avoidance",
            &crate::i18n::Reason::new("audit_d_relax_avoidance")
                .arg("round", number)
                .arg("team", team)
                .audit(),
            relax_reason,
        )
        .await?;
    }
    let row = sqlx::query_as::<_, RoundRow>(
        "INSERT INTO rounds (event_id, number, published, first_colour, created_at) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, number, published, first_colour",
    )
    .bind(event_id)
    .bind(number as i64)
    .bind(publish as i64)
    .bind(first_colour.map(Color::as_str))
    .bind(now())
    .fetch_one(&mut *tx)
    .await?;
    let round = Round::try_from(row)?;
    let mut board_no = 0i64;
    for (red, black) in &pairing.boards {
        board_no += 1;
        sqlx::query(
            "INSERT INTO boards (round_id, board_no, red, black, manual) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(round.id)
        .bind(board_no)
        .bind(*red as i64)
        .bind(*black as i64)
        .bind(by_hand as i64)
        .execute(&mut *tx)
        .await?;
    }
    if let Some(bye) = pairing.bye {
        sqlx::query(
            "INSERT INTO boards (round_id, board_no, red, black, manual) VALUES ($1, $2, $3, NULL, $4)",
        )
        .bind(round.id)
        .bind(board_no + 1)
        .bind(bye as i64)
        .bind(by_hand as i64)
        .execute(&mut *tx)
        .await?;
    }
    for (start, kind) in absences {
        sqlx::query("INSERT INTO round_absences (round_id, start_no, kind) VALUES ($1, $2, $3)")
            .bind(round.id)
            .bind(*start as i64)
            .bind(kind.letter())
            .execute(&mut *tx)
            .await?;
    }
    let what = if by_hand {
        "round.pair_by_hand"
    } else if publish {
        "round.pair_publish"
    } else {
        "round.pair"
    };
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        what,
        &crate::i18n::Reason::new("audit_d_round_boards")
            .arg("round", number)
            .arg("boards", pairing.boards.len())
            .audit(),
    )
    .await?;
    Ok(round)
}

/// Fixes the starting list at the first pairing when nobody confirmed it (C.04.2: the initial
/// order gives the start numbers); a fixed list is left as it is.
pub async fn prepare_round_one(db: &Db, event_id: i64) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rounds WHERE event_id = $1")
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?;
    if n == 0
        && !super::players::starting_list(&mut *tx, event_id)
            .await?
            .is_fixed()
    {
        let size = super::players::fix_list(&mut tx, event_id, false).await?;
        audit::record(
            &mut *tx,
            None,
            Some(event_id),
            "players.fix_list",
            &crate::i18n::Reason::new("audit_d_fixed_by_pairing")
                .arg("count", size)
                .audit(),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Publishes a draft round.
pub async fn publish(db: &Db, by: &User, event_id: i64, round: &Round) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query("UPDATE rounds SET published = 1 WHERE id = $1")
        .bind(round.id)
        .execute(&mut *tx)
        .await?;
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        "round.publish",
        &crate::i18n::Reason::new("audit_d_round")
            .arg("round", round.number)
            .audit(),
    )
    .await?;
    Ok(())
}

/// Deletes a draft (unpublished) round so it can be paired again.
pub async fn delete_draft(db: &Db, by: &User, event_id: i64, round: &Round) -> StoreResult<()> {
    let change = sqlx::query("DELETE FROM rounds WHERE id = $1 AND published = 0").bind(round.id);
    let relaxed =
        sqlx::query("DELETE FROM avoidance_relaxed WHERE event_id = $1 AND round_no = $2")
            .bind(event_id)
            .bind(round.number as i64);
    let detail = crate::i18n::Reason::new("audit_d_round")
        .arg("round", round.number)
        .audit();
    let audit = ("round.discard", detail.as_str());
    if !super::write_one(
        db,
        (Some(by.id), Some(event_id)),
        audit,
        change,
        vec![relaxed],
    )
    .await?
    {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Replaces the players of a board in a draft round (a manual pairing), with the reason logged.
pub async fn set_board_players(
    db: &Db,
    by: &User,
    event_id: i64,
    round: &Round,
    board: &Board,
    (red, black): (u32, Option<u32>),
    reason: &str,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query(
        "UPDATE boards SET red = $1, black = $2, manual = 1, version = version + 1 WHERE id = $3",
    )
    .bind(red as i64)
    .bind(black.map(|b| b as i64))
    .bind(board.id)
    .execute(&mut *tx)
    .await?;
    let pairing = |red: u32, black: Option<u32>| match black {
        Some(b) => crate::i18n::Reason::new("audit_d_pairing")
            .arg("red", red)
            .arg("black", b),
        None => crate::i18n::Reason::new("audit_d_pairing_bye").arg("red", red),
    };
    let (old, new) = (pairing(board.red, board.black), pairing(red, black));
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        "board.manual",
        &crate::i18n::Reason::new("audit_d_board_manual")
            .arg("round", round.number)
            .arg("board", board.board_no)
            .arg_reason("old", &old)
            .arg_reason("new", &new)
            .arg("reason", reason)
            .audit(),
    )
    .await?;
    Ok(())
}

/// Replaces every board of a draft round with the arbiter's pairing (in board order; `None` black
/// for the bye), each board whose players changed marked as a manual pairing, and logs it with the
/// reason. `NotFound` when the round is published meanwhile.
pub async fn replace_boards(
    db: &Db,
    by: &User,
    event_id: i64,
    round: &Round,
    boards: &[(u32, Option<u32>)],
    reason: &str,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let draft: Option<i64> =
        sqlx::query_scalar("SELECT id FROM rounds WHERE id = $1 AND published = 0")
            .bind(round.id)
            .fetch_optional(&mut *tx)
            .await?;
    if draft.is_none() {
        return Err(StoreError::NotFound);
    }
    let old: Vec<(i64, i64, Option<i64>, super::Flag)> = sqlx::query_as(
        "SELECT board_no, red, black, manual FROM boards WHERE round_id = $1 ORDER BY board_no",
    )
    .bind(round.id)
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM boards WHERE round_id = $1")
        .bind(round.id)
        .execute(&mut *tx)
        .await?;
    for (no, &(red, black)) in (1i64..).zip(boards) {
        let same = old.iter().any(|(n, r, b, manual)| {
            *n == no && *r == red as i64 && *b == black.map(i64::from) && !manual.0
        });
        sqlx::query(
            "INSERT INTO boards (round_id, board_no, red, black, manual) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(round.id)
        .bind(no)
        .bind(red as i64)
        .bind(black.map(i64::from))
        .bind(!same as i64)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit_audited(
        Some(by.id),
        Some(event_id),
        "round.hand_pairing",
        &crate::i18n::Reason::new("audit_d_hand_pairing")
            .arg("round", round.number)
            .arg("boards", boards.len())
            .arg("reason", reason)
            .audit(),
    )
    .await?;
    Ok(())
}

/// Why a result was not stored.
#[derive(Debug, thiserror::Error)]
pub enum ResultError {
    /// Someone changed the board since the writer loaded it.
    #[error(
        "board {board} was changed by someone else (now version {current}); reload and try again"
    )]
    Stale {
        /// Board number.
        board: u32,
        /// The version now stored.
        current: i64,
    },
    /// Storage failure.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A board's new result as [`set_result`] stores it.
#[derive(Debug, Clone, Copy)]
pub struct NewResult<'a> {
    /// The result, `None` to clear it.
    pub result: Option<BoardResult>,
    /// A Banqi match's games.
    pub games: Option<&'a MatchGames>,
    /// The reason typed for a correction made after a later stage was paired on the old result.
    pub correction: Option<&'a str>,
}

impl NewResult<'_> {
    /// A plain result without games or correction.
    pub fn plain(result: Option<BoardResult>) -> NewResult<'static> {
        NewResult {
            result,
            games: None,
            correction: None,
        }
    }
}

/// Sets a board's result if the board is still at `expected_version` (the second of two concurrent
/// writers is told instead of silently overwriting). Logs old and new. Returns the new version.
pub async fn set_result(
    db: &Db,
    by: Option<&User>,
    event_id: i64,
    round: &Round,
    board: &Board,
    expected_version: i64,
    new: NewResult<'_>,
) -> Result<i64, ResultError> {
    let NewResult {
        result,
        games,
        correction,
    } = new;
    // A change after a later stage was paired on the old result is logged as a correction, with
    // the reason the arbiter typed.
    let (action, reason) = match correction {
        Some(reason) => ("result.correct", reason),
        None => ("result.set", ""),
    };
    let shown = |r: Option<BoardResult>, g: Option<&MatchGames>| match (r, g) {
        (Some(_), Some(g)) => g.display(),
        (Some(r), None) => r.as_str().to_string(),
        (None, _) => "none".to_string(),
    };
    let detail = crate::i18n::Reason::new("audit_d_result")
        .arg("round", round.number)
        .arg("board", board.board_no)
        .arg("old", shown(board.result, board.games.as_ref()))
        .arg("new", shown(result, games))
        .audit();
    let result = result.map(BoardResult::as_str);
    let games = games.map(|g| g.games.as_str());
    // On SQLite's file writer, the whole transaction in one round trip: the update (only at the
    // expected version and not in an archived event) and, when it changed the board, the entry.
    let script = sqlx::query(
        "BEGIN IMMEDIATE;
         UPDATE boards SET result = $1, games = $2, version = version + 1, red_report = NULL,
           black_report = NULL
           WHERE id = $3 AND version = $4
           AND NOT EXISTS (SELECT 1 FROM events WHERE id = $5 AND archived = 1);
         INSERT INTO audit_log (at, user_id, event_id, action, detail, reason)
           SELECT $6, $7, $5, $9, $8, $10 WHERE changes() = 1
           RETURNING id;
         COMMIT;",
    )
    .bind(result)
    .bind(games)
    .bind(board.id)
    .bind(expected_version)
    .bind(event_id)
    .bind(super::now())
    .bind(by.map(|u| u.id))
    .bind(&detail)
    .bind(action)
    .bind(reason);
    if let Some(rows) = super::write::in_one_trip(db, script).await? {
        if rows.is_empty() {
            // Nothing changed: the event is archived, or the board is at another version.
            if super::events::is_archived(db, event_id).await? {
                return Err(StoreError::Archived.into());
            }
            return Err(stale(db, board).await?);
        }
        return Ok(expected_version + 1);
    }
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "UPDATE boards SET result = $1, games = $2, version = version + 1, red_report = NULL,
         black_report = NULL WHERE id = $3 AND version = $4",
    )
    .bind(result)
    .bind(games)
    .bind(board.id)
    .bind(expected_version)
    .execute(&mut *tx)
    .await
    .map_err(StoreError::from)?;
    if done.rows_affected() != 1 {
        return Err(stale(&mut *tx, board).await?);
    }
    audit::record_with_reason(
        &mut *tx,
        by.map(|u| u.id),
        Some(event_id),
        action,
        &detail,
        reason,
    )
    .await?;
    tx.commit().await?;
    Ok(expected_version + 1)
}

/// The refusal of a result entered at a version the board no longer has.
async fn stale<'e>(
    exec: impl sqlx::Executor<'e, Database = sqlx::Any>,
    board: &Board,
) -> StoreResult<ResultError> {
    let current: i64 = sqlx::query_scalar("SELECT version FROM boards WHERE id = $1")
        .bind(board.id)
        .fetch_one(exec)
        .await?;
    Ok(ResultError::Stale {
        board: board.board_no,
        current,
    })
}

/// Stores what one side of a board reported (see [`Board::reports`]), over that side's earlier
/// report only; `NotFound` when the board has its result meanwhile. `by` is the reporting account,
/// when there is one.
pub async fn report_side(
    db: &Db,
    by: Option<&User>,
    event_id: i64,
    (round, board): (&Round, &Board),
    side: Color,
    report: &str,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let column = match side {
        Color::Red => "red_report",
        Color::Black => "black_report",
    };
    let done = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE boards SET {column} = $1 WHERE id = $2 AND result IS NULL"
    )))
    .bind(report)
    .bind(board.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::NotFound);
    }
    tx.commit_audited(
        by.map(|u| u.id),
        Some(event_id),
        "result.report",
        &crate::i18n::Reason::new("audit_d_result_report_side")
            .arg("round", round.number)
            .arg("board", board.board_no)
            .arg_reason("side", &crate::i18n::Reason::new(side.as_str()))
            .arg("result", report)
            .audit(),
    )
    .await?;
    Ok(())
}

/// When each round of an event was paired (the creation of its row), by round number: what is
/// stored closest to the day a round was played (a rated game's date, `service::rating_push`).
pub async fn paired_at(
    db: &Db,
    event_id: i64,
) -> StoreResult<std::collections::HashMap<u32, chrono::DateTime<chrono::Utc>>> {
    let rows: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT id, number, created_at FROM rounds WHERE event_id = $1")
            .bind(event_id)
            .fetch_all(db)
            .await?;
    rows.into_iter()
        .map(|(id, n, at)| {
            let when = chrono::DateTime::parse_from_rfc3339(&at)
                .map_err(|_| corrupt("rounds", id, "created_at", &at))?;
            Ok((number("rounds", id, "number", n)?, when.to_utc()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stored_value_that_does_not_decode_is_an_error_naming_the_row() {
        let (db, _, event, dir) = crate::store::deals::test_event("rounds-corrupt", "jieqi").await;
        sqlx::query(
            "INSERT INTO rounds (id, event_id, number, published, created_at) VALUES (77, $1, -3, 1, 'x')",
        )
        .bind(event)
        .execute(&db)
        .await
        .expect("insert");
        match list(&db, event).await {
            Err(StoreError::Corrupt {
                table, id, column, ..
            }) => assert_eq!((table, id, column), ("rounds", 77, "number")),
            other => panic!("a negative round number was read as {other:?}"),
        }
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn a_result_is_stored_in_one_trip_once_and_never_over_a_newer_version_or_an_archive() {
        let (db, user, event, dir) =
            crate::store::deals::test_event("rounds-result", "xiangqi").await;
        sqlx::query(
            "INSERT INTO rounds (id, event_id, number, published, created_at) VALUES (5, $1, 1, 1, 'x')",
        )
        .bind(event)
        .execute(&db)
        .await
        .expect("round");
        sqlx::query("INSERT INTO boards (round_id, board_no, red, black) VALUES (5, 1, 1, 2)")
            .execute(&db)
            .await
            .expect("board");
        let round = get(&db, event, 1).await.expect("read").expect("round");
        let board = board(&db, round.id, 1).await.expect("read").expect("board");
        let entries = || async {
            sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(*) FROM audit_log WHERE event_id = $1 AND action = 'result.set'",
            )
            .bind(event)
            .fetch_one(&db)
            .await
            .expect("count")
        };
        let win = NewResult::plain(Some(BoardResult::RedWins));
        let v = set_result(&db, Some(&user), event, &round, &board, board.version, win)
            .await
            .expect("stored");
        assert_eq!(v, board.version + 1);
        assert_eq!(entries().await, 1, "one audit entry");
        // The same version again is stale, and names the board's current one.
        match set_result(&db, Some(&user), event, &round, &board, board.version, win).await {
            Err(ResultError::Stale { board: 1, current }) => assert_eq!(current, v),
            other => panic!("a stale version was stored: {other:?}"),
        }
        assert_eq!(entries().await, 1, "no entry for the refusal");
        // An archived event takes no result, even at the current version.
        sqlx::query("UPDATE events SET archived = 1 WHERE id = $1")
            .bind(event)
            .execute(&db)
            .await
            .expect("archive");
        let draw = NewResult::plain(Some(BoardResult::Draw));
        match set_result(&db, Some(&user), event, &round, &board, v, draw).await {
            Err(ResultError::Store(StoreError::Archived)) => {}
            other => panic!("an archived event took a result: {other:?}"),
        }
        let now = super::board(&db, round.id, 1)
            .await
            .expect("read")
            .expect("board");
        assert_eq!((now.version, now.result), (v, Some(BoardResult::RedWins)));
        assert_eq!(entries().await, 1);
        // The writer's connection is left clean: the next write goes through.
        sqlx::query("UPDATE events SET archived = 0 WHERE id = $1")
            .bind(event)
            .execute(&db)
            .await
            .expect("un-archive");
        assert_eq!(
            set_result(&db, Some(&user), event, &round, &now, v, draw)
                .await
                .expect("stored"),
            v + 1
        );
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}
