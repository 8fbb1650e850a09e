//! The knockout stage of an event. The bracket itself is the pure state machine of `crate::knockout`;
//! this module stores its inputs (qualifiers, settings, then lots, decider colour choices, game results,
//! forfeits and withdrawals in the order recorded) and replays them to rebuild it. Every change is
//! audit-logged in the same transaction.

use super::users::User;
use super::{Db, StoreError, StoreResult, audit, corrupt, now};
use crate::knockout::Input;
use crate::knockout::{BestOf, Bracket, KnockoutError, KnockoutSettings, MatchId, TieRule};
use crate::rules::adjudicate::GameResult;

/// How the bracket of an event was set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Best of, tie rule, 3rd-place match.
    pub settings: KnockoutSettings,
    /// Whether game 1's colours are drawn by lot automatically (OS random) as soon as a match's
    /// players are known; otherwise an arbiter records the lot drawn at the board.
    pub auto_lots: bool,
    /// The qualifiers' start numbers, seed 1 first.
    pub qualifiers: Vec<u32>,
}

/// The stored knockout of an event: its setup and every input so far.
#[derive(Debug, Clone)]
pub struct Stored {
    /// Settings and qualifiers.
    pub setup: Setup,
    /// The inputs in the order recorded.
    pub inputs: Vec<Input>,
}

impl Stored {
    /// Rebuilds the bracket by seeding it and replaying every input.
    pub fn bracket(&self) -> Result<Bracket, KnockoutError> {
        let mut b = Bracket::seed(&self.setup.qualifiers, self.setup.settings)?;
        for input in &self.inputs {
            input.apply(&mut b)?;
        }
        Ok(b)
    }

    /// The sequence number the next input gets (for the optimistic concurrency check).
    pub fn next_seq(&self) -> i64 {
        self.inputs.len() as i64 + 1
    }
}

/// A `knockouts` row.
#[derive(sqlx::FromRow)]
struct KnockoutRow {
    best_of: i64,
    tie_rule: String,
    third_place: super::Flag,
    auto_lots: super::Flag,
}

/// A `knockout_inputs` row.
#[derive(sqlx::FromRow)]
struct InputRow {
    seq: i64,
    kind: String,
    match_id: Option<i64>,
    game_no: Option<i64>,
    start_no: Option<i64>,
    colour: Option<String>,
    result: Option<String>,
    reason: String,
}

/// The knockout of an event, if it has been seeded.
pub async fn load(db: &Db, event_id: i64) -> StoreResult<Option<Stored>> {
    let Some(row) = sqlx::query_as::<_, KnockoutRow>(
        "SELECT best_of, tie_rule, third_place, auto_lots FROM knockouts WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_optional(db)
    .await?
    else {
        return Ok(None);
    };
    let best_of = row.best_of;
    let settings = KnockoutSettings {
        best_of: u32::try_from(best_of)
            .ok()
            .and_then(BestOf::new)
            .ok_or_else(|| corrupt(format!("knockout best_of {best_of}")))?,
        tie_rule: TieRule::parse(&row.tie_rule)
            .ok_or_else(|| corrupt(format!("knockout tie_rule {}", row.tie_rule)))?,
        third_place_match: row.third_place.0,
    };
    let qualifiers = sqlx::query_scalar::<_, i64>(
        "SELECT start_no FROM knockout_qualifiers WHERE event_id = $1 ORDER BY seed",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|s| u32::try_from(s).map_err(|_| corrupt(format!("knockout qualifier {s}"))))
    .collect::<StoreResult<Vec<u32>>>()?;
    let inputs = sqlx::query_as::<_, InputRow>(
        "SELECT seq, kind, match_id, game_no, start_no, colour, result, reason FROM knockout_inputs
         WHERE event_id = $1 ORDER BY seq",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(Input::try_from)
    .collect::<StoreResult<_>>()?;
    Ok(Some(Stored {
        setup: Setup {
            settings,
            auto_lots: row.auto_lots.0,
            qualifiers,
        },
        inputs,
    }))
}

impl TryFrom<InputRow> for Input {
    type Error = StoreError;

    fn try_from(r: InputRow) -> StoreResult<Input> {
        let seq = r.seq;
        let bad = |field: &str| corrupt(format!("knockout input {seq}: {field}"));
        let number = |v: Option<i64>, field: &str| {
            v.map(|v| u32::try_from(v).map_err(|_| bad(field)))
                .transpose()?
                .ok_or_else(|| bad(field))
        };
        let match_id = || number(r.match_id, "match").map(MatchId);
        let start = || number(r.start_no, "start");
        Ok(match r.kind.as_str() {
            "lot" => Input::Lot {
                match_id: match_id()?,
                red: start()?,
            },
            "decider_colour" => Input::DeciderColour {
                match_id: match_id()?,
                higher_seed_plays: match r.colour.as_deref().map(str::parse) {
                    Some(Ok(c)) => c,
                    _ => return Err(bad("colour")),
                },
            },
            "game" => Input::Game {
                match_id: match_id()?,
                number: number(r.game_no, "game")?,
                result: r
                    .result
                    .as_deref()
                    .and_then(GameResult::parse)
                    .ok_or_else(|| bad("result"))?,
            },
            "forfeit" => Input::Forfeit {
                match_id: match_id()?,
                start: start()?,
                reason: r.reason,
            },
            "withdrawal" => Input::Withdrawal {
                start: start()?,
                reason: r.reason,
            },
            _ => return Err(bad("kind")),
        })
    }
}

async fn insert_input(
    tx: &mut super::Conn,
    by: Option<&User>,
    event_id: i64,
    seq: i64,
    input: &Input,
) -> StoreResult<()> {
    let (kind, match_id, game_no, start, colour, result, reason) = match input {
        Input::Lot { match_id, red } => ("lot", Some(match_id.0), None, Some(*red), None, None, ""),
        Input::DeciderColour {
            match_id,
            higher_seed_plays,
        } => (
            "decider_colour",
            Some(match_id.0),
            None,
            None,
            Some(higher_seed_plays.as_str()),
            None,
            "",
        ),
        Input::Game {
            match_id,
            number,
            result,
        } => (
            "game",
            Some(match_id.0),
            Some(*number),
            None,
            None,
            Some(result.as_str()),
            "",
        ),
        Input::Forfeit {
            match_id,
            start,
            reason,
        } => (
            "forfeit",
            Some(match_id.0),
            None,
            Some(*start),
            None,
            None,
            reason.as_str(),
        ),
        Input::Withdrawal { start, reason } => (
            "withdrawal",
            None,
            None,
            Some(*start),
            None,
            None,
            reason.as_str(),
        ),
    };
    sqlx::query(
        "INSERT INTO knockout_inputs (event_id, seq, kind, match_id, game_no, start_no, colour, result, reason, user_id, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(event_id)
    .bind(seq)
    .bind(kind)
    .bind(match_id.map(i64::from))
    .bind(game_no.map(i64::from))
    .bind(start.map(i64::from))
    .bind(colour)
    .bind(result)
    .bind(reason)
    .bind(by.map(|u| u.id))
    .bind(now())
    .execute(&mut *tx)
    .await?;
    let (action, detail) = input.audit();
    audit::record(
        &mut *tx,
        by.map(|u| u.id),
        Some(event_id),
        action,
        &detail.audit(),
    )
    .await
}

/// Stores a newly seeded bracket with any first inputs (the automatic lots), in one transaction.
/// `Conflict` when the event already has a bracket.
pub async fn create(
    db: &Db,
    by: &User,
    event_id: i64,
    setup: &Setup,
    first_inputs: &[Input],
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query(
        "INSERT INTO knockouts (event_id, best_of, tie_rule, third_place, auto_lots, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(event_id)
    .bind(i64::from(setup.settings.best_of.games()))
    .bind(setup.settings.tie_rule.as_str())
    .bind(i64::from(setup.settings.third_place_match))
    .bind(i64::from(setup.auto_lots))
    .bind(now())
    .execute(&mut *tx)
    .await?;
    for (seed, start) in (1i64..).zip(&setup.qualifiers) {
        sqlx::query(
            "INSERT INTO knockout_qualifiers (event_id, seed, start_no) VALUES ($1, $2, $3)",
        )
        .bind(event_id)
        .bind(seed)
        .bind(i64::from(*start))
        .execute(&mut *tx)
        .await?;
    }
    let seeds: Vec<String> = (1..)
        .zip(&setup.qualifiers)
        .map(|(seed, start)| format!("{seed}:#{start}"))
        .collect();
    audit::record(
        &mut *tx,
        Some(by.id),
        Some(event_id),
        "knockout.seed",
        &crate::i18n::Reason::new("audit_d_ko_seed")
            .arg("best_of", setup.settings.best_of.games())
            .arg("tie_rule", setup.settings.tie_rule.as_str())
            .arg(
                "third_place",
                if setup.settings.third_place_match {
                    "yes"
                } else {
                    "no"
                },
            )
            .arg("seeds", seeds.join(" "))
            .audit(),
    )
    .await?;
    for (seq, input) in (1i64..).zip(first_inputs) {
        insert_input(&mut tx, Some(by), event_id, seq, input).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Appends inputs after the first `expected_seq - 1` ones, in one transaction. `Conflict` when someone
/// else appended meanwhile (the caller checked the inputs against the bracket it loaded).
pub async fn append(
    db: &Db,
    by: Option<&User>,
    event_id: i64,
    expected_seq: i64,
    inputs: &[Input],
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    append_in(&mut tx, by, event_id, expected_seq, inputs).await?;
    tx.commit().await?;
    Ok(())
}

/// [`append`] inside a write transaction of the caller (a bulk record upload stores its records
/// and the results they enter together); `Conflict` when the bracket is not at `expected_seq`.
pub(super) async fn append_in(
    tx: &mut super::Conn,
    by: Option<&User>,
    event_id: i64,
    expected_seq: i64,
    inputs: &[Input],
) -> StoreResult<()> {
    let next: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(seq), 0) + 1 FROM knockout_inputs WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_one(&mut *tx)
    .await?;
    if next != expected_seq {
        return Err(StoreError::Conflict);
    }
    for (seq, input) in (expected_seq..).zip(inputs) {
        insert_input(tx, by, event_id, seq, input).await?;
    }
    Ok(())
}

/// Removes the bracket of an event (allowed by the caller only before any game is recorded).
pub async fn delete(db: &Db, by: &User, event_id: i64) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query("DELETE FROM knockouts WHERE event_id = $1")
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    tx.commit_audited(Some(by.id), Some(event_id), "knockout.discard", "")
        .await?;
    Ok(())
}

/// When each knockout game's result was recorded (the last time, when it was recorded again), by
/// match id and game number: a rated game's date (`service::rating_push`).
pub async fn results_at(
    db: &Db,
    event_id: i64,
) -> StoreResult<std::collections::HashMap<(u32, u32), chrono::DateTime<chrono::Utc>>> {
    let rows: Vec<(i64, Option<i64>, Option<i64>, String)> = sqlx::query_as(
        "SELECT seq, match_id, game_no, at FROM knockout_inputs
         WHERE event_id = $1 AND kind = 'game' ORDER BY seq",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    let mut times = std::collections::HashMap::new();
    for (seq, match_id, game_no, at) in rows {
        let bad = |what: &str| corrupt(format!("knockout input {seq} of event {event_id}: {what}"));
        let number = |n: Option<i64>| n.and_then(|n| u32::try_from(n).ok());
        let (Some(match_id), Some(game)) = (number(match_id), number(game_no)) else {
            return Err(bad("a game without its match and number"));
        };
        let when = chrono::DateTime::parse_from_rfc3339(&at).map_err(|_| bad(&at))?;
        times.insert((match_id, game), when.to_utc());
    }
    Ok(times)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of input survives the database and replays to the same bracket; a writer that
    /// loaded an older state cannot append over a newer one.
    #[tokio::test]
    async fn inputs_replay_to_the_same_bracket_and_stale_writers_are_refused() {
        let (db, org, event_id, dir) =
            crate::store::deals::test_event("knockout-replay", "jieqi").await;
        let setup = Setup {
            settings: KnockoutSettings::default(),
            auto_lots: false,
            qualifiers: (101..=108).collect(),
        };
        let mut expected = Bracket::seed(&setup.qualifiers, setup.settings).expect("seed");
        let inputs = [
            Input::Lot {
                match_id: MatchId(1),
                red: 108,
            },
            Input::Game {
                match_id: MatchId(1),
                number: 1,
                result: GameResult::Draw,
            },
            Input::Game {
                match_id: MatchId(1),
                number: 2,
                result: GameResult::RedWins,
            },
            Input::Game {
                match_id: MatchId(1),
                number: 3,
                result: GameResult::RedWins,
            },
            Input::DeciderColour {
                match_id: MatchId(1),
                higher_seed_plays: crate::rules::Color::Black,
            },
            Input::Forfeit {
                match_id: MatchId(2),
                start: 105,
                reason: "late".into(),
            },
            Input::Withdrawal {
                start: 107,
                reason: "ill".into(),
            },
        ];
        for i in &inputs[..1] {
            i.apply(&mut expected).expect("lot");
        }
        create(&db, &org, event_id, &setup, &inputs[..1])
            .await
            .expect("create");
        assert!(matches!(
            create(&db, &org, event_id, &setup, &[]).await,
            Err(StoreError::Conflict)
        ));
        for (seq, i) in (2i64..).zip(&inputs[1..]) {
            i.apply(&mut expected).expect("valid input");
            append(&db, Some(&org), event_id, seq, std::slice::from_ref(i))
                .await
                .expect("append");
        }
        let stored = load(&db, event_id).await.expect("load").expect("seeded");
        assert_eq!(stored.setup, setup);
        assert_eq!(stored.inputs, inputs);
        assert_eq!(stored.bracket().expect("replays"), expected);
        assert_eq!(stored.next_seq(), 8);
        // Level 1½–1½ with the decider's colour chosen; the withdrawal decided match 4.
        assert_eq!(
            expected
                .get(MatchId(4))
                .expect("match 4")
                .winner()
                .map(|e| e.start),
            Some(102)
        );
        let late = Input::Game {
            match_id: MatchId(1),
            number: 4,
            result: GameResult::Draw,
        };
        assert!(matches!(
            append(&db, Some(&org), event_id, 5, std::slice::from_ref(&late)).await,
            Err(StoreError::Conflict)
        ));
        let log = crate::store::audit::for_event(&db, event_id)
            .await
            .expect("audit");
        assert_eq!(log.len(), 1 + 1 + inputs.len(), "event, seed, each input");
        delete(&db, &org, event_id).await.expect("delete");
        assert!(load(&db, event_id).await.expect("load").is_none());
        db.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
