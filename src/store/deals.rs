//! Sealed duplicate deals (RULES.md §9): the sealed records of an event, their withdrawal by a re-draw
//! and their unsealing, each audit-logged; and the event's "announce duplicate deals" setting.
//!
//! A record's content (deal, seed, commitment, who sealed it and when) never changes and a record is
//! never deleted: the database refuses it (triggers of migration 0004). Only its status moves forward,
//! once: sealed → withdrawn (a re-draw) or sealed → unsealed.

use super::users::User;
use super::{Db, StoreError, StoreResult, audit, now};
use crate::deal::{DealContext, GameNumber, PendingDeal, SealedDeal};
use crate::rules::Variant;

/// Where a deal record stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealStatus {
    /// In use and secret.
    Sealed,
    /// Replaced by a re-draw before the round started; never used, stays secret and listed.
    Withdrawn,
    /// Published after the games: deal, seed and commitment are public.
    Unsealed,
}

impl DealStatus {
    /// The stored name.
    pub const fn as_str(self) -> &'static str {
        match self {
            DealStatus::Sealed => "sealed",
            DealStatus::Withdrawn => "withdrawn",
            DealStatus::Unsealed => "unsealed",
        }
    }

    fn parse(s: &str) -> Option<DealStatus> {
        match s {
            "sealed" => Some(DealStatus::Sealed),
            "withdrawn" => Some(DealStatus::Withdrawn),
            "unsealed" => Some(DealStatus::Unsealed),
            _ => None,
        }
    }
}

/// A stored deal record.
#[derive(Debug, Clone)]
pub struct DealRecord {
    /// Row id (the deal id in URLs).
    pub id: i64,
    /// The event.
    pub event_id: i64,
    /// Round of the event (knockout rounds are numbered after the Swiss ones).
    pub round: u32,
    /// Game of the round.
    pub game: GameNumber,
    /// Jieqi or Banqi.
    pub variant: Variant,
    /// The canonical deal string.
    pub deal: String,
    /// The seed, 64 lower-case hex digits.
    pub seed: String,
    /// The commitment, 64 lower-case hex digits.
    pub commitment: String,
    /// The event id the commitment was computed over: the event's own id, or for an imported event
    /// the id it had where it was sealed (an import renumbers events; the commitment stays).
    pub committed_event: String,
    /// Name of the arbiter who sealed it.
    pub sealed_by: String,
    /// When it was sealed (RFC 3339).
    pub sealed_at: String,
    /// Sealed, withdrawn or unsealed.
    pub status: DealStatus,
    /// When a re-draw withdrew it.
    pub withdrawn_at: Option<String>,
    /// Name of the arbiter who unsealed it.
    pub unsealed_by: Option<String>,
    /// When it was unsealed.
    pub unsealed_at: Option<String>,
    /// Unsealed by an arbiter's override while games were still without a result.
    pub unseal_override: bool,
    /// Drawn with a public value (SquareDeal): `deal` is empty until the value is entered, and the
    /// commitment covers the seed alone.
    pub value_required: bool,
    /// The public value, once entered.
    pub public_value: Option<String>,
    /// Name of the arbiter who entered it.
    pub value_entered_by: Option<String>,
    /// When it was entered.
    pub value_entered_at: Option<String>,
}

impl DealRecord {
    /// Whether the deal, its seed, setup sheet and the move records of its games are public.
    pub fn is_public(&self) -> bool {
        self.status == DealStatus::Unsealed
    }

    /// Whether the deal waits for its public value: no layout exists yet.
    pub fn awaiting_value(&self) -> bool {
        self.value_required && self.public_value.is_none()
    }

    /// Whether this record is the one in use for its game (sealed or unsealed, not withdrawn).
    pub fn is_active(&self) -> bool {
        self.status != DealStatus::Withdrawn
    }

    /// The context the commitment covers (the committed event id, round and game).
    pub fn context(&self) -> StoreResult<DealContext> {
        DealContext::new(&self.committed_event, self.round, self.game).map_err(|_| {
            StoreError::Corrupt {
                table: "deals",
                id: self.id,
                column: "committed_event",
                value: self.committed_event.clone(),
            }
        })
    }
}

// A deal drawn with a public value has its layout in `deal_values` once the value is entered.
const COLUMNS: &str = "d.id, d.event_id, d.round_no, d.game, d.variant, \
     CASE WHEN d.value_required = 1 THEN COALESCE(v.deal, '') ELSE d.deal END AS deal, d.seed, d.commitment, \
     d.committed_event, s.name AS sealed_by_name, d.sealed_at, d.status, d.withdrawn_at, un.name AS unsealed_by_name, \
     d.unsealed_at, d.unseal_override, d.value_required, v.public_value, ev.name AS value_entered_by_name, \
     v.entered_at AS value_entered_at";

const FROM: &str = "FROM deals d JOIN users s ON s.id = d.sealed_by LEFT JOIN users un ON un.id = d.unsealed_by \
     LEFT JOIN deal_values v ON v.deal_id = d.id LEFT JOIN users ev ON ev.id = v.entered_by";

/// A `deals` row as selected by [`COLUMNS`].
#[derive(sqlx::FromRow)]
struct DealRow {
    id: i64,
    event_id: i64,
    round_no: i64,
    game: String,
    variant: String,
    deal: String,
    seed: String,
    commitment: String,
    committed_event: String,
    sealed_by_name: String,
    sealed_at: String,
    status: String,
    withdrawn_at: Option<String>,
    unsealed_by_name: Option<String>,
    unsealed_at: Option<String>,
    unseal_override: super::Flag,
    value_required: super::Flag,
    public_value: Option<String>,
    value_entered_by_name: Option<String>,
    value_entered_at: Option<String>,
}

impl TryFrom<DealRow> for DealRecord {
    type Error = StoreError;

    fn try_from(r: DealRow) -> StoreResult<DealRecord> {
        let corrupt = |column, value: &str| super::bad_value("deals", r.id, column, value);
        Ok(DealRecord {
            round: super::small_number("deals", r.id, "round_no", r.round_no)?,
            game: GameNumber::parse(&r.game).ok_or_else(|| corrupt("game", &r.game))?,
            variant: Variant::parse(&r.variant).ok_or_else(|| corrupt("variant", &r.variant))?,
            status: DealStatus::parse(&r.status).ok_or_else(|| corrupt("status", &r.status))?,
            id: r.id,
            event_id: r.event_id,
            deal: r.deal,
            seed: r.seed,
            commitment: r.commitment,
            committed_event: r.committed_event,
            sealed_by: r.sealed_by_name,
            sealed_at: r.sealed_at,
            withdrawn_at: r.withdrawn_at,
            unsealed_by: r.unsealed_by_name,
            unsealed_at: r.unsealed_at,
            unseal_override: r.unseal_override.0,
            value_required: r.value_required.0,
            public_value: r.public_value,
            value_entered_by: r.value_entered_by_name,
            value_entered_at: r.value_entered_at,
        })
    }
}

fn decode_all(rows: Vec<DealRow>) -> StoreResult<Vec<DealRecord>> {
    rows.into_iter().map(DealRecord::try_from).collect()
}

/// Every deal record of an event (withdrawn ones included), by round, game, then sealing order.
pub async fn list(db: &Db, event_id: i64) -> StoreResult<Vec<DealRecord>> {
    let rows = sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} {FROM} WHERE d.event_id = $1 ORDER BY d.round_no, d.game, d.id"
    )))
    .bind(event_id)
    .fetch_all(db)
    .await?;
    decode_all(rows)
}

/// One deal record of an event.
pub async fn get(db: &Db, event_id: i64, deal_id: i64) -> StoreResult<Option<DealRecord>> {
    let row = sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} {FROM} WHERE d.event_id = $1 AND d.id = $2"
    )))
    .bind(event_id)
    .bind(deal_id)
    .fetch_optional(db)
    .await?;
    row.map(DealRecord::try_from).transpose()
}

/// The deal in use (sealed or unsealed) for a game of a round, if any.
pub async fn active(
    db: &Db,
    event_id: i64,
    round: u32,
    game: GameNumber,
) -> StoreResult<Option<DealRecord>> {
    let row = sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} {FROM} WHERE d.event_id = $1 AND d.round_no = $2 AND d.game = $3
         AND d.status <> 'withdrawn'"
    )))
    .bind(event_id)
    .bind(round as i64)
    .bind(game.to_string())
    .fetch_optional(db)
    .await?;
    row.map(DealRecord::try_from).transpose()
}

/// The deals in use for every game of a round, in game order.
pub async fn active_in_round(db: &Db, event_id: i64, round: u32) -> StoreResult<Vec<DealRecord>> {
    let rows = sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} {FROM} WHERE d.event_id = $1 AND d.round_no = $2 AND d.status <> 'withdrawn'
         ORDER BY d.game"
    )))
    .bind(event_id)
    .bind(round as i64)
    .fetch_all(db)
    .await?;
    let mut deals = decode_all(rows)?;
    deals.sort_by_key(|d| d.game);
    Ok(deals)
}

/// Stores a freshly sealed deal. A deal still sealed for the same game is withdrawn in the same
/// transaction (a re-draw, which the service allows only before the game and once confirmed); both
/// steps are audit-logged. Returns the new record's id.
pub async fn seal(db: &Db, by: &User, event_id: i64, sealed: &SealedDeal) -> StoreResult<i64> {
    let ids = seal_all(db, by, event_id, &[NewDeal::drawn(sealed)]).await?;
    ids.first().copied().ok_or(StoreError::NotFound)
}

/// Stores a deal sealed to be drawn with a public value (its commitment covers the seed; the
/// layout comes with the value, [`enter_public_value`]), withdrawing the deal in use as [`seal`]
/// does. Returns the new record's id.
pub async fn seal_awaiting_value(
    db: &Db,
    by: &User,
    event_id: i64,
    pending: &PendingDeal,
) -> StoreResult<i64> {
    let ids = seal_all(db, by, event_id, &[NewDeal::awaiting_value(pending)]).await?;
    ids.first().copied().ok_or(StoreError::NotFound)
}

/// A deal to seal: drawn now, or sealed to be drawn with a public value.
#[derive(Debug, Clone)]
pub struct NewDeal {
    context: DealContext,
    variant: Variant,
    /// The canonical deal string; empty until a public value draws it.
    deal: String,
    seed: String,
    commitment: String,
    value_required: bool,
}

impl NewDeal {
    /// A deal drawn from its seed now.
    pub fn drawn(sealed: &SealedDeal) -> NewDeal {
        NewDeal {
            context: sealed.context.clone(),
            variant: sealed.deal.variant(),
            deal: sealed.deal.as_str().to_string(),
            seed: sealed.seed.to_hex(),
            commitment: sealed.commitment.to_hex(),
            value_required: false,
        }
    }

    /// A deal that waits for its public value.
    pub fn awaiting_value(pending: &PendingDeal) -> NewDeal {
        NewDeal {
            context: pending.context.clone(),
            variant: pending.variant,
            deal: String::new(),
            seed: pending.seed.to_hex(),
            commitment: pending.commitment.to_hex(),
            value_required: true,
        }
    }
}

/// Seals several games' deals at once, all or nothing, in one transaction (each withdrawing the
/// deal still sealed for its game, as [`seal`] does): the ids in order.
pub async fn seal_all(
    db: &Db,
    by: &User,
    event_id: i64,
    deals: &[NewDeal],
) -> StoreResult<Vec<i64>> {
    let mut tx = super::begin_write(db).await?;
    let at = now();
    let mut ids = Vec::with_capacity(deals.len());
    for sealed in deals {
        let round = sealed.context.round();
        let game = sealed.context.game();
        let withdrawn: Vec<(i64, String)> = sqlx::query_as(
            "UPDATE deals SET status = 'withdrawn', withdrawn_at = $1
             WHERE event_id = $2 AND round_no = $3 AND game = $4 AND status = 'sealed'
             RETURNING id, commitment",
        )
        .bind(&at)
        .bind(event_id)
        .bind(round as i64)
        .bind(game.to_string())
        .fetch_all(&mut *tx)
        .await?;
        for (id, commitment) in &withdrawn {
            audit::record(
                &mut *tx,
                Some(by.id),
                Some(event_id),
                "deal.withdraw",
                &crate::i18n::Reason::new("audit_d_deal_withdraw")
                    .arg("round", round)
                    .arg("game", game)
                    .arg("deal", id)
                    .arg("commitment", commitment)
                    .audit(),
            )
            .await?;
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO deals (event_id, round_no, game, variant, deal, seed, commitment, sealed_by, sealed_at,
             committed_event, value_required) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        )
        .bind(event_id)
        .bind(round as i64)
        .bind(game.to_string())
        .bind(sealed.variant.name())
        .bind(&sealed.deal)
        .bind(&sealed.seed)
        .bind(&sealed.commitment)
        .bind(by.id)
        .bind(&at)
        .bind(sealed.context.event())
        .bind(i64::from(sealed.value_required))
        .fetch_one(&mut *tx)
        .await?;
        audit::record(
            &mut *tx,
            Some(by.id),
            Some(event_id),
            "deal.seal",
            &crate::i18n::Reason::new("audit_d_deal_seal")
                .arg("round", round)
                .arg("game", game)
                .arg("deal", id)
                .arg("commitment", &sealed.commitment)
                .audit(),
        )
        .await?;
        ids.push(id);
    }
    tx.commit().await?;
    Ok(ids)
}

/// Stores the public value of a sealed deal that waits for it and the layout it draws (audit-logged).
/// Fails with `NotFound` unless the deal is sealed, drawn with a public value, and has none yet.
pub async fn enter_public_value(
    db: &Db,
    by: &User,
    deal: &DealRecord,
    value: &str,
    drawn: &str,
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "INSERT INTO deal_values (deal_id, public_value, deal, entered_by, entered_at)
         SELECT id, $1, $2, $3, $4 FROM deals
         WHERE id = $5 AND status = 'sealed' AND value_required = 1
           AND NOT EXISTS (SELECT 1 FROM deal_values WHERE deal_id = $5)",
    )
    .bind(value)
    .bind(drawn)
    .bind(by.id)
    .bind(now())
    .bind(deal.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::NotFound);
    }
    tx.commit_audited(
        Some(by.id),
        Some(deal.event_id),
        "deal.public_value",
        &crate::i18n::Reason::new("audit_d_deal_public_value")
            .arg("round", deal.round)
            .arg("game", deal.game)
            .arg("deal", deal.id)
            .arg("value", value)
            .audit(),
    )
    .await?;
    Ok(())
}

/// Unseals a sealed deal; `pending` names the games still without a result when an arbiter overrides
/// (logged). Fails with `NotFound` unless the record is currently sealed.
pub async fn unseal(
    db: &Db,
    by: &User,
    deal: &DealRecord,
    pending: &[crate::i18n::Reason],
) -> StoreResult<()> {
    unseal_all(db, by, &[(deal, pending)]).await
}

/// [`unseal`] for several deals at once, all or nothing, in one transaction (`NotFound` when one of
/// them is no longer sealed).
pub async fn unseal_all(
    db: &Db,
    by: &User,
    deals: &[(&DealRecord, &[crate::i18n::Reason])],
) -> StoreResult<()> {
    let mut tx = super::begin_write(db).await?;
    let at = now();
    for (deal, pending) in deals {
        let done = sqlx::query(
            "UPDATE deals SET status = 'unsealed', unsealed_by = $1, unsealed_at = $2, unseal_override = $3
             WHERE id = $4 AND status = 'sealed'",
        )
        .bind(by.id)
        .bind(&at)
        .bind(!pending.is_empty() as i64)
        .bind(deal.id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::NotFound);
        }
        let detail = if pending.is_empty() {
            crate::i18n::Reason::new("audit_d_deal_unseal")
        } else {
            crate::i18n::Reason::new("audit_d_deal_unseal_override")
                .arg_reason("pending", &crate::i18n::Reason::list(pending))
        }
        .arg("round", deal.round)
        .arg("game", deal.game)
        .arg("deal", deal.id)
        .audit();
        let action = if pending.is_empty() {
            "deal.unseal"
        } else {
            "deal.unseal_override"
        };
        audit::record(&mut *tx, Some(by.id), Some(deal.event_id), action, &detail).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Whether the event announces that duplicate deals are in use (shows commitments before unsealing).
pub async fn announces(db: &Db, event_id: i64) -> StoreResult<bool> {
    let v: Option<i64> = sqlx::query_scalar("SELECT announce_deals FROM events WHERE id = $1")
        .bind(event_id)
        .fetch_optional(db)
        .await?;
    Ok(v.ok_or(StoreError::NotFound)? != 0)
}

/// Sets the "announce duplicate deals" setting, logged.
pub async fn set_announce(db: &Db, by: &User, event_id: i64, on: bool) -> StoreResult<()> {
    let change = sqlx::query("UPDATE events SET announce_deals = $1 WHERE id = $2")
        .bind(on as i64)
        .bind(event_id);
    let detail = crate::i18n::Reason::new(if on { "audit_d_on" } else { "audit_d_off" }).audit();
    let audit = ("event.announce_deals", detail.as_str());
    if !super::write_one(db, (Some(by.id), Some(event_id)), audit, change, vec![]).await? {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

/// Whether any board of a Swiss round already has a result or a move record (the round has started
/// being reported, so its deal can no longer be drawn again).
pub async fn round_has_reports(db: &Db, event_id: i64, round: u32) -> StoreResult<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM boards b JOIN rounds r ON r.id = b.round_id
         WHERE r.event_id = $1 AND r.number = $2
         AND (b.result IS NOT NULL OR EXISTS (SELECT 1 FROM game_records g WHERE g.board_id = b.id))",
    )
    .bind(event_id)
    .bind(round as i64)
    .fetch_one(db)
    .await?;
    Ok(n > 0)
}

/// Test fixture: a fresh database file with an organizer "arb" and an event of `variant`; returns the
/// pool, the user, the event id and the directory to remove.
#[cfg(test)]
pub(crate) async fn test_event(tag: &str, variant: &str) -> (Db, User, i64, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("anqi-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = super::open(&format!("sqlite://{}", dir.join("t.db").display()))
        .await
        .expect("open");
    let user = super::users::create(&db, "arb", crate::accounts::Role::Organizer, "x")
        .await
        .expect("user");
    let form = crate::event::EventForm {
        name: "Deals".into(),
        start_date: "2011-05-01".into(),
        variant: variant.into(),
        ..Default::default()
    };
    let settings = form.parse().expect("settings");
    let event = super::events::create(&db, &user, &settings, "Asia/Hong_Kong")
        .await
        .expect("event");
    (db, user, event.id, dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Seed;

    fn sealed(event: i64, byte: u8) -> SealedDeal {
        let ctx = DealContext::new(&event.to_string(), 1, GameNumber::Game(1)).expect("ctx");
        SealedDeal::from_seed(Variant::Jieqi, ctx, Seed::from_bytes([byte; 32])).expect("deal")
    }

    #[tokio::test]
    async fn a_sealed_record_can_never_be_changed_or_deleted() {
        let (db, user, event, dir) = test_event("deals-immutable", "jieqi").await;
        let first = seal(&db, &user, event, &sealed(event, 1))
            .await
            .expect("seal");
        // Changing any content column, or deleting, is refused by the database itself.
        for sql in [
            "UPDATE deals SET deal = 'x' WHERE id = $1",
            "UPDATE deals SET seed = 'x' WHERE id = $1",
            "UPDATE deals SET commitment = 'x' WHERE id = $1",
            "UPDATE deals SET sealed_at = 'x' WHERE id = $1",
            "UPDATE deals SET round_no = 2 WHERE id = $1",
            "UPDATE deals SET committed_event = '99' WHERE id = $1",
            "DELETE FROM deals WHERE id = $1",
        ] {
            let r = sqlx::query(sql).bind(first).execute(&db).await;
            assert!(r.is_err(), "{sql} was allowed");
        }
        // A re-draw withdraws the first; a withdrawn record never comes back.
        let second = seal(&db, &user, event, &sealed(event, 2))
            .await
            .expect("redraw");
        let all = list(&db, event).await.expect("list");
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].status, DealStatus::Withdrawn);
        assert_eq!(all[1].status, DealStatus::Sealed);
        let back = sqlx::query("UPDATE deals SET status = 'sealed' WHERE id = $1")
            .bind(first)
            .execute(&db)
            .await;
        assert!(back.is_err(), "withdrawn → sealed was allowed");
        // Unsealing happens once.
        let record = get(&db, event, second).await.expect("get").expect("row");
        unseal(&db, &user, &record, &[]).await.expect("unseal");
        assert!(matches!(
            unseal(&db, &user, &record, &[]).await,
            Err(StoreError::NotFound)
        ));
        let record = get(&db, event, second).await.expect("get").expect("row");
        assert!(record.is_public() && !record.unseal_override);
        assert_eq!(record.deal, sealed(event, 2).deal.as_str());
        let active = active(&db, event, 1, GameNumber::Game(1))
            .await
            .expect("active")
            .expect("one");
        assert_eq!(active.id, second);
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}
