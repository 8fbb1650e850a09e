//! Check-in (檢錄): the staff's list of who is present for the round to come, ticked one by one or
//! by scanning the address of a player's page, and the pairing of a round that waits on it (by the
//! engine or by hand) — the players not checked in left out with a zero-point absence or
//! withdrawn, as the arbiter chooses (the bye requests and withdrawals of `service::rounds`,
//! written in one audited step).

use super::{Event, Reason, Round, ServiceError, ServiceResult, User, policy};
use crate::rules::Color;
use crate::schedule::CheckinRule;
use crate::store::{self, Db};

pub use crate::store::checkin::AbsentChoice;

/// The longest search or scanned text read.
pub const SEARCH_MAX: usize = 300;

/// A player on the check-in list.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CheckinRow {
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// Club.
    #[serde(skip)]
    pub club: String,
    /// Checked in for the round.
    pub present: bool,
    /// Not to be paired in the round anyway (withdrawn, a late entry who joins later, or a bye
    /// requested for it): not asked for at pairing.
    #[serde(skip)]
    pub excused: bool,
}

/// The check-in list of a section: the round it is for, the rule, and every player.
#[derive(Debug, Clone)]
pub struct CheckinList {
    /// The round the check-in counts for (round 1, or the next round under the every-round rule).
    pub round: u32,
    /// The next round to pair.
    pub next: u32,
    /// Whether pairing waits on check-in.
    pub rule: CheckinRule,
    /// Every player in start-number order.
    pub rows: Vec<CheckinRow>,
}

impl CheckinList {
    /// How many players are checked in.
    pub fn present_count(&self) -> usize {
        self.rows.iter().filter(|r| r.present).count()
    }

    /// The players the next round's pairing would wait for: not checked in and not excused.
    pub fn missing(&self) -> Vec<(u32, String)> {
        self.rows
            .iter()
            .filter(|r| !r.present && !r.excused)
            .map(|r| (r.start, r.name.clone()))
            .collect()
    }

    /// Whether pairing the next round waits on check-in.
    pub fn required(&self) -> bool {
        self.rule.required_for(self.next)
    }
}

/// The check-in list of a section (its arbiters).
pub async fn list(db: &Db, by: &User, event: &Event) -> ServiceResult<CheckinList> {
    policy::require_arbiter(db, by, event).await?;
    read_list(db, event).await
}

async fn read_list(db: &Db, event: &Event) -> ServiceResult<CheckinList> {
    let rule = super::schedule::schedule(db, event).await?.checkin;
    let next = store::rounds::list(db, event.id).await?.len() as u32 + 1;
    let round = rule.checkin_round(next);
    let present = store::checkin::present(db, event.id, round).await?;
    let byes: Vec<u32> = store::rounds::bye_requests(db, event.id)
        .await?
        .into_iter()
        .filter(|(r, _, _)| *r == next)
        .map(|(_, s, _)| s)
        .collect();
    let rows = store::players::list(db, event.id)
        .await?
        .into_iter()
        .filter_map(|p| {
            let start = u32::try_from(p.start_no).ok()?;
            Some(CheckinRow {
                start,
                present: present.contains(&start),
                excused: p.withdrawn_from.is_some_and(|w| w <= next)
                    || p.joins_at > next
                    || byes.contains(&start),
                name: p.entry.name,
                club: p.entry.club,
            })
        })
        .collect();
    Ok(CheckinList {
        round,
        next,
        rule,
        rows,
    })
}

/// Marks a player present or not for the list's round (its arbiters), audited; answers the row.
/// `NotFound` when no player has the start number.
pub async fn set(
    db: &Db,
    by: &User,
    event: &Event,
    start: u32,
    present: bool,
) -> ServiceResult<CheckinRow> {
    policy::require_arbiter(db, by, event).await?;
    policy::writable(event)?;
    let list = read_list(db, event).await?;
    let row = list
        .rows
        .iter()
        .find(|r| r.start == start)
        .ok_or(ServiceError::NotFound)?;
    match store::checkin::set_present(db, by, event.id, (start, list.round), present).await {
        Err(store::StoreError::NotFound) => Err(ServiceError::NotFound),
        Err(e) => Err(e.into()),
        Ok((name, _)) => Ok(CheckinRow {
            name,
            present,
            ..row.clone()
        }),
    }
}

/// What the search box found.
#[derive(Debug, Clone)]
pub enum Found {
    /// The text was the address of a player's page (a scanned code): that player, now present.
    Marked(CheckinRow),
    /// Anything else: the text to filter the list by (name or start number).
    Search(String),
}

/// The search box's text: the address of one of this section's player pages (what a scanner
/// types, `https://…/events/{id}/players/{start}`) marks that player present at once; other text
/// filters the list. Refuses a blank box, a text too long, and the address of a player page of
/// another section or of a start number nobody has.
pub async fn find(db: &Db, by: &User, event: &Event, typed: &str) -> ServiceResult<Found> {
    policy::require_arbiter(db, by, event).await?;
    let text =
        crate::text::clean_line(typed, SEARCH_MAX).map_err(|r| ServiceError::invalid("q", r))?;
    if text.is_empty() {
        return Err(ServiceError::invalid("q", Reason::new("ci_search_empty")));
    }
    let Some((event_id, start)) = player_page(&text) else {
        return Ok(Found::Search(text));
    };
    if event_id != event.id {
        return Err(ServiceError::invalid(
            "q",
            Reason::new("ci_scan_other_section").arg("typed", &text),
        ));
    }
    match set(db, by, event, start, true).await {
        Ok(row) => Ok(Found::Marked(row)),
        Err(ServiceError::NotFound) => Err(ServiceError::invalid(
            "q",
            Reason::new("ci_scan_no_player").arg("start", start),
        )),
        Err(e) => Err(e),
    }
}

/// The event id and start number of the address of a player's page (`…/events/{id}/players/{start}`,
/// with or without the site's origin, a query or a fragment), or `None`.
pub fn player_page(text: &str) -> Option<(i64, u32)> {
    let at = text.rfind("/events/")?;
    let path = &text[at + "/events/".len()..];
    let path = path.split(['?', '#']).next()?.trim_end_matches('/');
    let mut parts = path.split('/');
    let id = parts.next()?.parse().ok()?;
    (parts.next()? == "players").then_some(())?;
    let start = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((id, start))
}

/// Whether a list row matches a search: the start number, or part of the name or club (letter
/// case ignored).
pub fn matches(row: &CheckinRow, search: &str) -> bool {
    let s = search.trim();
    if s.is_empty() {
        return true;
    }
    if let Ok(n) = s.parse::<u32>() {
        return row.start == n;
    }
    let s = s.to_lowercase();
    row.name.to_lowercase().contains(&s) || row.club.to_lowercase().contains(&s)
}

/// The arbiter's choice for the players not checked in, as a form or the API sends it (`zero`,
/// `withdraw`, blank for none).
pub fn parse_choice(typed: &str) -> ServiceResult<Option<AbsentChoice>> {
    if typed.trim().is_empty() {
        return Ok(None);
    }
    AbsentChoice::parse(typed).map(Some).ok_or_else(|| {
        ServiceError::invalid(
            "absent",
            Reason::new("words_not_one_of")
                .arg("value", typed.trim())
                .arg("allowed", "zero, withdraw"),
        )
    })
}

/// The players a Swiss section's next pairing waits for, when its rule asks check-in for that
/// round: (the round, the players not checked in). `None` when pairing does not wait.
pub async fn waiting_for(
    db: &Db,
    event: &Event,
) -> ServiceResult<Option<(u32, Vec<(u32, String)>)>> {
    if event.settings.stage.is_round_robin() {
        return Ok(None);
    }
    let list = read_list(db, event).await?;
    if !list.required() {
        return Ok(None);
    }
    let missing = list.missing();
    Ok((!missing.is_empty()).then_some((list.next, missing)))
}

/// Pairs the next round (`service::rounds::pair_next`) once check-in allows it (see
/// [`leave_out_absent`]): refused, naming the players not checked in, unless `absent` says what to
/// do with them.
pub async fn pair_next(
    db: &Db,
    by: &User,
    event: &Event,
    (lot, publish, relax_reason): (Option<Color>, bool, &str),
    absent: Option<AbsentChoice>,
) -> ServiceResult<Round> {
    leave_out_absent(db, by, event, absent).await?;
    super::rounds::pair_next(db, by, event, lot, publish, relax_reason).await
}

/// Starts the next round as a draft to pair by hand (`service::rounds::pair_by_hand`) once
/// check-in allows it, exactly as [`pair_next`] waits: the players not checked in are named in the
/// refusal, or left out of the draft as `absent` chooses.
pub async fn pair_by_hand(
    db: &Db,
    by: &User,
    event: &Event,
    lot: Option<Color>,
    absent: Option<AbsentChoice>,
) -> ServiceResult<Round> {
    leave_out_absent(db, by, event, absent).await?;
    super::rounds::pair_by_hand(db, by, event, lot).await
}

/// What check-in asks before the next round is paired, by the engine or by hand: when the
/// section's rule asks check-in for the round and players have not checked in, a refusal naming
/// them (nothing written), unless `absent` says what to do with them — leave them out of the
/// round with a zero-point absence, or withdraw them — which is then written (and logged).
async fn leave_out_absent(
    db: &Db,
    by: &User,
    event: &Event,
    absent: Option<AbsentChoice>,
) -> ServiceResult<()> {
    let Some((round, missing)) = waiting_for(db, event).await? else {
        return Ok(());
    };
    let Some(choice) = absent else {
        let names: Vec<String> = missing.iter().map(|(s, n)| format!("{s}. {n}")).collect();
        return Err(ServiceError::Conflict(
            Reason::new("ci_absent_refused")
                .arg("round", round)
                .arg("count", missing.len())
                .arg("players", names.join(", ")),
        ));
    };
    policy::require_arbiter(db, by, event).await?;
    policy::writable(event)?;
    // Nothing is written for a pairing that cannot happen now (a draft pending, the last
    // round unfinished, past the last round).
    super::rounds::next_pairable(db, event).await?;
    store::checkin::leave_out(db, by, event.id, round, &missing, choice).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scanned_player_address_is_read() {
        assert_eq!(
            player_page("https://anqi.example/events/12/players/7"),
            Some((12, 7))
        );
        assert_eq!(player_page("/events/12/players/7/"), Some((12, 7)));
        assert_eq!(
            player_page("http://h:8080/events/3/players/41?lang=en#x"),
            Some((3, 41))
        );
        for other in [
            "張三",
            "12",
            "/events/12/players",
            "/events/12/players/x",
            "/events/12/rounds/1",
            "/events/12/players/7/fouls",
        ] {
            assert_eq!(player_page(other), None, "{other}");
        }
    }
}
