//! Results reported from the players' phones without an account: every player of a published
//! round gets a secret report link (`/report/{token}`), printed as a QR code on their half of the
//! board's result slip. The link's page names the player's board and colour and takes their result;
//! the reports themselves follow [`super::rounds::report_side`] exactly as a linked account's do:
//! two matching reports enter the result, a lone one waits for the opponent, two that differ wait
//! side by side for the arbiter, and nothing is overwritten. An arbiter's entry always wins (it
//! clears both reports). A link stops taking reports once the round's results are final: the next
//! round (or the knockout seeded from it) is paired.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::rounds::{MyBoard, Reported};
use super::{Event, Reason, ServiceError, ServiceResult};
use crate::rules::Color;
use crate::store::{self, Db};

/// A report link's token: 64 lower-case hex digits ([`crate::accounts::random_token`]).
pub(super) fn well_formed(token: &str) -> bool {
    token.len() == 64
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The path of a report link.
pub fn link_path(token: &str) -> String {
    format!("/report/{token}")
}

/// One player's half of a result slip.
#[derive(Debug, Clone)]
pub struct SlipSide {
    /// Start number.
    pub start: u32,
    /// Name.
    pub name: String,
    /// The player's report link (its path), once the round is published.
    pub link: Option<String>,
}

/// A board's result slip: Red's half, then Black's.
#[derive(Debug, Clone)]
pub struct Slip {
    /// Board number.
    pub board: u32,
    /// Red's half.
    pub red: SlipSide,
    /// Black's half.
    pub black: SlipSide,
}

impl Slip {
    /// The two halves, Red's first, each with whether it is Red's.
    pub fn halves(&self) -> [(&SlipSide, bool); 2] {
        [(&self.red, true), (&self.black, false)]
    }
}

/// A round's result slips with the timetable's line for them.
#[derive(Debug, Clone)]
pub struct Slips {
    /// The slips in board order.
    pub slips: Vec<Slip>,
    /// The round's start time, when the timetable has one.
    pub start: Option<String>,
    /// The time control as shown, empty when none is set.
    pub time_control: String,
}

/// The result slips of round `number`'s played boards (the bye has none), in board order, each
/// half with its player's report link once the round is published (the links are made then, on
/// the first printing). For the event's arbiters: the caller checked that.
pub async fn slips(db: &Db, event: &Event, number: u32) -> ServiceResult<Slips> {
    let round = super::rounds::round(db, event, number).await?;
    let boards = super::rounds::played_boards(db, event, number).await?;
    let names = super::rounds::names(db, event.id).await?;
    let links = if super::policy::report_links_issued(&round) {
        let starts: Vec<u32> = boards
            .iter()
            .flat_map(|b| [Some(b.red), b.black])
            .flatten()
            .collect();
        store::report_links::ensure(db, event.id, number, &starts, crate::accounts::random_token)
            .await?
    } else {
        HashMap::new()
    };
    let side = |start: u32| SlipSide {
        start,
        name: names.get(&start).map(|n| n.0.clone()).unwrap_or_default(),
        link: links.get(&start).map(|t| link_path(t)),
    };
    let schedule = super::schedule::schedule(db, event).await?;
    Ok(Slips {
        slips: boards
            .iter()
            .filter_map(|b| {
                Some(Slip {
                    board: b.board_no,
                    red: side(b.red),
                    black: side(b.black?),
                })
            })
            .collect(),
        start: schedule.shown_start(number),
        time_control: schedule.shown_time_control(),
    })
}

/// Whether a report link still takes reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// The round's results may still be reported.
    Open,
    /// The next round (or the knockout) is paired: the results are final.
    Final,
}

/// What a report link is for.
#[derive(Debug, Clone)]
pub enum Subject {
    /// The player's board of a Swiss or round-robin round.
    Round(u32),
    /// The player's match of the knockout, a game at a time.
    Knockout(super::knockout_reports::MatchReport),
}

/// What a report link's page shows its player.
#[derive(Debug, Clone)]
pub struct ReportPage {
    /// The event (or section).
    pub event: Event,
    /// The round, or the knockout match.
    pub subject: Subject,
    /// The player's start number and name.
    pub me: (u32, String),
    /// Their board this round (`None`: not paired, e.g. absent or withdrawn); in a knockout match,
    /// the game due (its number as the board), `None` once the match is decided.
    pub board: Option<MyBoard>,
    /// The opponent's name, when there is one.
    pub opponent_name: Option<String>,
    /// The board's result once entered, from Red's view as stored (`1-0` …, or a match's games);
    /// in a knockout match, none (its games are in the subject).
    pub result: Option<String>,
    /// Whether the link still takes reports.
    pub state: LinkState,
    /// A Banqi match: the games a match has (the report is its games).
    pub match_games: Option<u32>,
}

impl ReportPage {
    /// Whether the page offers the report form.
    pub fn may_report(&self) -> bool {
        self.state == LinkState::Open && self.board.as_ref().is_some_and(|b| b.may_report)
    }
}

/// Where a report says it is: what the link's page showed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// A round's board.
    Board {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A game of a knockout match.
    Game {
        /// The match.
        match_id: u32,
        /// The game number in the match.
        game: u32,
    },
}

/// What a token names: a round's report link or a knockout match's.
enum Link {
    Round(store::report_links::ReportLink, Event, store::rounds::Round),
    Knockout(store::knockout_reports::KnockoutLink, Event),
}

/// The link behind `token` with its event (and for a round's link, the published round);
/// `NotFound` for anything else (a malformed or unknown token, a round withdrawn back to a draft,
/// a discarded bracket).
async fn link(db: &Db, token: &str) -> ServiceResult<Link> {
    if !well_formed(token) {
        return Err(ServiceError::NotFound);
    }
    let event_of = |id: i64| async move {
        store::events::get(db, id)
            .await?
            .ok_or(ServiceError::NotFound)
    };
    if let Some(link) = store::report_links::find(db, token).await? {
        let event = event_of(link.event_id).await?;
        let round = store::rounds::get(db, event.id, link.round_no)
            .await?
            .filter(super::policy::report_links_issued)
            .ok_or(ServiceError::NotFound)?;
        return Ok(Link::Round(link, event, round));
    }
    let link = store::knockout_reports::find(db, token)
        .await?
        .ok_or(ServiceError::NotFound)?;
    Ok(Link::Knockout(link, event_of(link.event_id).await?))
}

/// The page of the report link `token`.
pub async fn open(db: &Db, token: &str) -> ServiceResult<ReportPage> {
    let (link, event, round) = match link(db, token).await? {
        Link::Round(link, event, round) => (link, event, round),
        Link::Knockout(link, event) => {
            return super::knockout_reports::open(db, link, event).await;
        }
    };
    let boards = store::rounds::boards(db, round.id).await?;
    let names = super::rounds::names(db, event.id).await?;
    let name = |s: u32| names.get(&s).map(|n| n.0.clone()).unwrap_or_default();
    let me = link.start_no;
    let mine = boards.iter().find(|b| b.red == me || b.black == Some(me));
    let board = mine.map(|b| super::rounds::board_of(b, me, round.published));
    let result = mine.and_then(|b| match (&b.games, b.result) {
        (Some(g), Some(_)) => Some(g.games.clone()),
        (None, Some(r)) => Some(r.as_str().to_string()),
        _ => None,
    });
    let state = if super::rounds::paired_after(db, &event, round.number, true)
        .await?
        .is_some()
        || event.archived
    {
        LinkState::Final
    } else {
        LinkState::Open
    };
    Ok(ReportPage {
        opponent_name: board.as_ref().and_then(|b| b.opponent).map(name),
        me: (me, name(me)),
        subject: Subject::Round(round.number),
        match_games: event
            .settings
            .plays_matches()
            .then_some(event.settings.best_of),
        board,
        result,
        state,
        event,
    })
}

/// A report sent through the link `token`. `at` is where the page showed the player (a round's
/// board, or a knockout match's game): a form of another round, board, match or game (a stale page
/// after a re-pairing, or an edited one) is refused, as is a report once the results are final.
pub async fn send(db: &Db, token: &str, at: At, typed: &str) -> ServiceResult<Reported> {
    let (link, event, round, (round_no, board_no)) = match (link(db, token).await?, at) {
        (Link::Round(link, event, round), At::Board { round: r, board }) => {
            (link, event, round, (r, board))
        }
        (Link::Knockout(link, event), At::Game { match_id, game }) => {
            return super::knockout_reports::send(db, link, &event, (match_id, game), typed).await;
        }
        (Link::Round(link, ..), At::Game { .. }) => {
            return Err(ServiceError::Refused(
                Reason::new("report_link_other_round").arg("round", link.round_no),
            ));
        }
        (Link::Knockout(link, _), At::Board { .. }) => {
            return Err(ServiceError::Refused(
                Reason::new("report_link_other_match").arg("match", link.match_id),
            ));
        }
    };
    if round_no != link.round_no {
        return Err(ServiceError::Refused(
            Reason::new("report_link_other_round").arg("round", link.round_no),
        ));
    }
    let board = store::rounds::boards(db, round.id)
        .await?
        .into_iter()
        .find(|b| b.red == link.start_no || b.black == Some(link.start_no));
    let Some(board) = board.filter(|b| b.board_no == board_no) else {
        return Err(ServiceError::Refused(
            Reason::new("report_link_other_board").arg("board", board_no),
        ));
    };
    if super::rounds::paired_after(db, &event, round.number, true)
        .await?
        .is_some()
    {
        return Err(ServiceError::Conflict(
            Reason::new("report_link_final").arg("round", round.number),
        ));
    }
    super::policy::writable(&event)?;
    let side = if board.red == link.start_no {
        Color::Red
    } else {
        Color::Black
    };
    super::rounds::report_side(db, None, &event, (&round, &board), side, typed).await
}

/// How many reports one link may send in [`WINDOW`], and how many unknown links one client address
/// may try in it: a venue's players share one address, so only the failures count per address.
const PER_LINK: u32 = 20;
const PER_ADDRESS_MISSES: u32 = 60;
const WINDOW: Duration = Duration::from_secs(600);
/// The most keys kept; past it the expired ones go, then the oldest.
const KEYS: usize = 20_000;

/// The report links' rate limits, kept in memory: per link (its reports) and per client address
/// (its unknown links).
#[derive(Debug, Default)]
pub struct Limits {
    counts: Mutex<HashMap<String, (Instant, u32)>>,
}

impl Limits {
    /// Counts one use under `key` and says whether it is within `limit` per window; when not, the
    /// seconds until the window ends.
    fn take(&self, key: String, limit: u32) -> Result<(), u64> {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() >= KEYS && !counts.contains_key(&key) {
            counts.retain(|_, (since, _)| now.duration_since(*since) < WINDOW);
            if counts.len() >= KEYS
                && let Some(oldest) = counts
                    .iter()
                    .min_by_key(|(_, (since, _))| *since)
                    .map(|(k, _)| k.clone())
            {
                counts.remove(&oldest);
            }
        }
        let entry = counts.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= WINDOW {
            *entry = (now, 0);
        }
        if entry.1 >= limit {
            return Err((WINDOW - now.duration_since(entry.0)).as_secs().max(1));
        }
        entry.1 += 1;
        Ok(())
    }

    /// One report through the link `token`.
    pub fn report(&self, token: &str) -> Result<(), u64> {
        self.take(format!("link:{token}"), PER_LINK)
    }

    /// Whether `client` may still try links; call [`Limits::missed`] when one was unknown.
    pub fn may_try(&self, client: &str) -> Result<(), u64> {
        let counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        match counts.get(&format!("miss:{client}")) {
            Some((since, n)) if *n >= PER_ADDRESS_MISSES && since.elapsed() < WINDOW => {
                Err((WINDOW - since.elapsed()).as_secs().max(1))
            }
            _ => Ok(()),
        }
    }

    /// An unknown link tried from `client`.
    pub fn missed(&self, client: &str) {
        let _ = self.take(format!("miss:{client}"), u32::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_takes_its_limit_of_reports_per_window_and_no_more() {
        let limits = Limits::default();
        for _ in 0..PER_LINK {
            assert!(limits.report("a").is_ok());
        }
        assert!(limits.report("a").is_err());
        assert!(limits.report("b").is_ok(), "another link has its own count");
    }

    #[test]
    fn an_address_is_stopped_after_its_unknown_links_only() {
        let limits = Limits::default();
        for _ in 0..PER_ADDRESS_MISSES {
            assert!(limits.may_try("10.0.0.1").is_ok());
            limits.missed("10.0.0.1");
        }
        assert!(limits.may_try("10.0.0.1").is_err());
        assert!(limits.may_try("10.0.0.2").is_ok());
    }

    #[test]
    fn only_random_tokens_are_looked_up() {
        assert!(well_formed(&crate::accounts::random_token()));
        assert!(!well_formed("../../etc"));
        assert!(!well_formed(&"A".repeat(64)));
        assert!(!well_formed(&"a".repeat(65)));
    }
}
