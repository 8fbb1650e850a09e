//! Check-in (檢錄) and a section's schedule (migration 0028): `section_schedules` (the check-in
//! rule and the time control), `round_starts`, and `checkins` (one row per player present for a
//! round). Every change is audited.

use super::users::User;
use super::{Db, StoreError, StoreResult};
use crate::i18n::Reason;

/// A section's schedule as stored: the check-in rule's code, the time control as typed, and the
/// start of each round (`YYYY-MM-DD HH:MM`), by round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredSchedule {
    /// `off`, `round1` or `every`.
    pub checkin: String,
    /// The time control as typed ('' for none).
    pub time_control: String,
    /// (round, start) in round order.
    pub starts: Vec<(u32, String)>,
}

/// The stored schedule of a section (the defaults when it has none).
pub async fn schedule(db: &Db, event_id: i64) -> StoreResult<StoredSchedule> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT checkin, time_control FROM section_schedules WHERE event_id = $1")
            .bind(event_id)
            .fetch_optional(db)
            .await?;
    let starts: Vec<(i64, String)> = sqlx::query_as(
        "SELECT round_no, starts_at FROM round_starts WHERE event_id = $1 ORDER BY round_no",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    let (checkin, time_control) = row.unwrap_or_else(|| ("off".into(), String::new()));
    Ok(StoredSchedule {
        checkin,
        time_control,
        starts: starts
            .into_iter()
            .map(|(r, s)| {
                Ok((
                    super::small_number("round_starts", event_id, "round_no", r)?,
                    s,
                ))
            })
            .collect::<StoreResult<_>>()?,
    })
}

/// Replaces a section's schedule in one audited write; `Ok(false)` (nothing written) when it is
/// the stored one already.
pub async fn save_schedule(
    db: &Db,
    by: &User,
    event_id: i64,
    new: &StoredSchedule,
) -> StoreResult<bool> {
    let mut tx = super::begin_write(db).await?;
    let old: Option<(String, String)> =
        sqlx::query_as("SELECT checkin, time_control FROM section_schedules WHERE event_id = $1")
            .bind(event_id)
            .fetch_optional(&mut *tx)
            .await?;
    let old_starts: Vec<(i64, String)> = sqlx::query_as(
        "SELECT round_no, starts_at FROM round_starts WHERE event_id = $1 ORDER BY round_no",
    )
    .bind(event_id)
    .fetch_all(&mut *tx)
    .await?;
    let (old_checkin, old_tc) = old.unwrap_or_else(|| ("off".into(), String::new()));
    let same_starts = old_starts.len() == new.starts.len()
        && old_starts
            .iter()
            .zip(&new.starts)
            .all(|((r, s), (nr, ns))| *r == i64::from(*nr) && s == ns);
    if old_checkin == new.checkin && old_tc == new.time_control && same_starts {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO section_schedules (event_id, checkin, time_control) VALUES ($1, $2, $3)
         ON CONFLICT (event_id) DO UPDATE SET checkin = excluded.checkin,
                                              time_control = excluded.time_control",
    )
    .bind(event_id)
    .bind(&new.checkin)
    .bind(&new.time_control)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM round_starts WHERE event_id = $1")
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    for (round, at) in &new.starts {
        sqlx::query("INSERT INTO round_starts (event_id, round_no, starts_at) VALUES ($1, $2, $3)")
            .bind(event_id)
            .bind(i64::from(*round))
            .bind(at)
            .execute(&mut *tx)
            .await?;
    }
    let starts: Vec<String> = new
        .starts
        .iter()
        .map(|(r, s)| format!("{r}: {s}"))
        .collect();
    let detail = Reason::new("audit_d_schedule")
        .arg_reason(
            "checkin",
            &Reason::new(
                crate::schedule::CheckinRule::parse(&new.checkin)
                    .unwrap_or_default()
                    .message_key(),
            ),
        )
        .arg("time_control", &new.time_control)
        .arg("starts", starts.join(", "))
        .audit();
    tx.commit_audited(Some(by.id), Some(event_id), "schedule.save", &detail)
        .await?;
    Ok(true)
}

/// The start numbers of the players checked in for `round`.
pub async fn present(db: &Db, event_id: i64, round: u32) -> StoreResult<Vec<u32>> {
    let starts: Vec<i64> = sqlx::query_scalar(
        "SELECT p.start_no FROM checkins c JOIN players p ON p.id = c.player_id
         WHERE c.event_id = $1 AND c.round_no = $2 ORDER BY p.start_no",
    )
    .bind(event_id)
    .bind(i64::from(round))
    .fetch_all(db)
    .await?;
    starts
        .into_iter()
        .map(|s| super::small_number("checkins", event_id, "start_no", s))
        .collect()
}

/// Marks a player present for `round` or not, audited; answers the player's name and whether
/// anything changed (nothing is written when it did not). `NotFound` when no player has the start
/// number.
pub async fn set_present(
    db: &Db,
    by: &User,
    event_id: i64,
    (start, round): (u32, u32),
    present: bool,
) -> StoreResult<(String, bool)> {
    let mut tx = super::begin_write(db).await?;
    let player: Option<(i64, String)> =
        sqlx::query_as("SELECT id, name FROM players WHERE event_id = $1 AND start_no = $2")
            .bind(event_id)
            .bind(i64::from(start))
            .fetch_optional(&mut *tx)
            .await?;
    let (player_id, name) = player.ok_or(StoreError::NotFound)?;
    let done = if present {
        sqlx::query(
            "INSERT INTO checkins (event_id, player_id, round_no) VALUES ($1, $2, $3)
             ON CONFLICT (event_id, player_id, round_no) DO NOTHING",
        )
    } else {
        sqlx::query("DELETE FROM checkins WHERE event_id = $1 AND player_id = $2 AND round_no = $3")
    }
    .bind(event_id)
    .bind(player_id)
    .bind(i64::from(round))
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok((name, false));
    }
    let detail = Reason::new(if present {
        "audit_d_checkin_present"
    } else {
        "audit_d_checkin_absent"
    })
    .arg("start", start)
    .arg("name", &name)
    .arg("round", round)
    .audit();
    tx.commit_audited(Some(by.id), Some(event_id), "checkin.set", &detail)
        .await?;
    Ok((name, true))
}

/// What the arbiter chose for the players not checked in when a round is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbsentChoice {
    /// Left out of the round with a zero-point absence (a `Z` bye request for it).
    ZeroPoint,
    /// Withdrawn from the round on.
    Withdraw,
}

impl AbsentChoice {
    /// The typed and audited code.
    pub const fn code(self) -> &'static str {
        match self {
            AbsentChoice::ZeroPoint => "zero",
            AbsentChoice::Withdraw => "withdraw",
        }
    }

    /// Reads a code (`zero`, `withdraw`).
    pub fn parse(typed: &str) -> Option<AbsentChoice> {
        match typed.trim() {
            "zero" => Some(AbsentChoice::ZeroPoint),
            "withdraw" => Some(AbsentChoice::Withdraw),
            _ => None,
        }
    }

    /// The message naming the choice.
    pub const fn message_key(self) -> &'static str {
        match self {
            AbsentChoice::ZeroPoint => "ci_absent_zero",
            AbsentChoice::Withdraw => "ci_absent_withdraw",
        }
    }
}

/// Applies the arbiter's choice to the players not checked in for `round` (start numbers), in one
/// write with one audit entry naming the choice and the players: a zero-point bye request for the
/// round, or the withdrawal from the round on (the mechanisms of `rounds::request_bye` and
/// `rounds::withdraw`).
pub async fn leave_out(
    db: &Db,
    by: &User,
    event_id: i64,
    round: u32,
    absent: &[(u32, String)],
    choice: AbsentChoice,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    for (start, _) in absent {
        let q = match choice {
            AbsentChoice::ZeroPoint => sqlx::query(
                "INSERT INTO bye_requests (event_id, round_no, player_id, kind)
                 SELECT $1, $2, id, 'Z' FROM players WHERE event_id = $1 AND start_no = $3
                 ON CONFLICT (event_id, round_no, player_id) DO UPDATE SET kind = excluded.kind",
            ),
            AbsentChoice::Withdraw => sqlx::query(
                "UPDATE players SET withdrawn_from = $2
                 WHERE event_id = $1 AND start_no = $3 AND withdrawn_from IS NULL",
            ),
        };
        q.bind(event_id)
            .bind(i64::from(round))
            .bind(i64::from(*start))
            .execute(&mut *tx)
            .await?;
    }
    let names: Vec<String> = absent.iter().map(|(s, n)| format!("{s}. {n}")).collect();
    let detail = Reason::new("audit_d_checkin_left_out")
        .arg("round", round)
        .arg_reason("choice", &Reason::new(choice.message_key()))
        .arg("players", names.join(", "))
        .audit();
    let action = match choice {
        AbsentChoice::ZeroPoint => "checkin.absent_zero",
        AbsentChoice::Withdraw => "checkin.absent_withdraw",
    };
    tx.commit_audited(Some(by.id), Some(event_id), action, &detail)
        .await?;
    Ok(())
}
