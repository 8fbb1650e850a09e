//! The prize table of an event: currency, place rows, special prizes, team prize rows, the tie
//! handling and the team prize rule.

use super::users::User;
use super::{Db, StoreResult, corrupt, now};
use crate::prizes::{PrizeRow, PrizeTable, SpecialPrize, TeamRule, TieHandling};

/// The stored prize table with its tie handling.
#[derive(Debug, Clone)]
pub struct Prizes {
    /// The table (currency, rows, special prizes).
    pub table: PrizeTable,
    /// How players level on score share prizes (Swiss-only events), and teams level on points.
    pub ties: TieHandling,
    /// The team prizes by place of the team table, in the table's currency (none: no team prizes).
    pub team_rows: Vec<PrizeRow>,
    /// Whether the players counted in a prize-winning team may also win individual prizes.
    pub team_rule: TeamRule,
}

/// A stored amount or place that does not fit its type.
fn number<T: TryFrom<i64>>(event_id: i64, what: &str, v: i64) -> StoreResult<T> {
    T::try_from(v).map_err(|_| corrupt(format!("prize table of event {event_id}: {what} {v}")))
}

/// The prize table of an event, if one was saved.
pub async fn get(db: &Db, event_id: i64) -> StoreResult<Option<Prizes>> {
    let Some((currency, ties, team_rule)) = sqlx::query_as::<_, (String, String, String)>(
        "SELECT currency, ties, team_rule FROM prize_tables WHERE event_id = $1",
    )
    .bind(event_id)
    .fetch_optional(db)
    .await?
    else {
        return Ok(None);
    };
    let rows = place_rows(
        db,
        event_id,
        "SELECT from_place, to_place, amount FROM prize_rows WHERE event_id = $1 ORDER BY position",
    )
    .await?;
    let specials = sqlx::query_as::<_, (String, String, i64)>(
        "SELECT category, label, amount FROM special_prizes WHERE event_id = $1 ORDER BY position",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|(category, label, amount)| {
        Ok(SpecialPrize {
            category,
            label,
            amount: number(event_id, "amount", amount)?,
        })
    })
    .collect::<StoreResult<Vec<_>>>()?;
    let table = PrizeTable::new(&currency, rows, specials)
        .map_err(|e| corrupt(format!("prize table of event {event_id}: {e}")))?;
    let team_rows = place_rows(
        db,
        event_id,
        "SELECT from_place, to_place, amount FROM team_prize_rows WHERE event_id = $1
         ORDER BY position",
    )
    .await?;
    PrizeTable::new(&currency, team_rows.clone(), Vec::new())
        .map_err(|e| corrupt(format!("team prizes of event {event_id}: {e}")))?;
    Ok(Some(Prizes {
        table,
        ties: TieHandling::parse(&ties).ok_or_else(|| corrupt(format!("prize ties {ties}")))?,
        team_rows,
        team_rule: TeamRule::parse(&team_rule)
            .ok_or_else(|| corrupt(format!("prize team rule {team_rule}")))?,
    }))
}

/// The place rows of an event as `select` reads them (from `prize_rows` or `team_prize_rows`).
async fn place_rows(db: &Db, event_id: i64, select: &'static str) -> StoreResult<Vec<PrizeRow>> {
    sqlx::query_as::<_, (i64, i64, i64)>(select)
        .bind(event_id)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|(from, to, amount)| {
            Ok(PrizeRow {
                from: number(event_id, "place", from)?,
                to: number(event_id, "place", to)?,
                amount: number(event_id, "amount", amount)?,
            })
        })
        .collect()
}

/// One line per row and special prize, for the audit log (a detail in the reader's language).
fn describe(p: &Prizes) -> String {
    use crate::i18n::Reason;
    let place = |r: &PrizeRow| {
        if r.from == r.to {
            Reason::new("audit_d_prize_place")
                .arg("place", r.from)
                .arg("amount", r.amount)
        } else {
            Reason::new("audit_d_prize_places")
                .arg("from", r.from)
                .arg("to", r.to)
                .arg("amount", r.amount)
        }
    };
    let mut parts: Vec<Reason> = p.table.rows().iter().map(place).collect();
    parts.extend(p.table.specials().iter().map(|s| {
        Reason::new("audit_d_prize_special")
            .arg("label", &s.label)
            .arg("category", &s.category)
            .arg("amount", s.amount)
    }));
    parts.extend(
        p.team_rows
            .iter()
            .map(|r| Reason::new("audit_d_prize_team").arg_reason("place", &place(r))),
    );
    // The team prize rule by the message's key, not as one more part: each part nests the list a
    // level deeper in the stored detail.
    let key = match p.team_rule {
        TeamRule::Both => "audit_d_prizes",
        TeamRule::TeamFirst => "audit_d_prizes_team_first",
    };
    Reason::new(key)
        .arg("currency", p.table.currency())
        .arg("total", p.table.total())
        .arg_reason("ties", &Reason::new(p.ties.message()))
        .arg_reason("rows", &Reason::all(&parts))
        .audit()
}

/// Replaces the prize table of an event, with an audit entry.
pub async fn save(db: &Db, by: &User, event_id: i64, prizes: &Prizes) -> StoreResult<()> {
    // Amounts go into INTEGER columns; the table refused totals beyond u64 but SQLite holds i64.
    let amount = |a: u64| i64::try_from(a).map_err(|_| corrupt(format!("amount {a}")));
    let mut tx = super::begin_write(db).await?;
    sqlx::query("DELETE FROM prize_tables WHERE event_id = $1")
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO prize_tables (event_id, currency, ties, team_rule, updated_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(event_id)
    .bind(prizes.table.currency())
    .bind(prizes.ties.as_str())
    .bind(prizes.team_rule.as_str())
    .bind(now())
    .execute(&mut *tx)
    .await?;
    for (insert, rows) in [
        (
            "INSERT INTO prize_rows (event_id, position, from_place, to_place, amount)
             VALUES ($1, $2, $3, $4, $5)",
            prizes.table.rows(),
        ),
        (
            "INSERT INTO team_prize_rows (event_id, position, from_place, to_place, amount)
             VALUES ($1, $2, $3, $4, $5)",
            &prizes.team_rows[..],
        ),
    ] {
        for (position, r) in (1i64..).zip(rows) {
            sqlx::query(insert)
                .bind(event_id)
                .bind(position)
                .bind(i64::from(r.from))
                .bind(i64::from(r.to))
                .bind(amount(r.amount)?)
                .execute(&mut *tx)
                .await?;
        }
    }
    for (position, s) in (1i64..).zip(prizes.table.specials()) {
        sqlx::query(
            "INSERT INTO special_prizes (event_id, position, category, label, amount)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(event_id)
        .bind(position)
        .bind(&s.category)
        .bind(&s.label)
        .bind(amount(s.amount)?)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit_audited(Some(by.id), Some(event_id), "prizes.set", &describe(prizes))
        .await?;
    Ok(())
}
