//! The computed state of an event, kept per event version: its rounds with boards, absences and
//! which boards have records, the players' names, the Swiss state, the standings with tie-breaks and
//! the crosstable. Every page of the event (anonymous or signed in, any role) reads the same state, so
//! a page costs a render, not a recomputation; the per-viewer parts (menus, forms, CSRF, what the
//! viewer's rights show) are decided around it.
//!
//! The state is the event's data before any secrecy rule: draft rounds are in it (only arbiters see
//! them), and so is which boards have move records and which deals are sealed (with their
//! commitments). It never holds moves, nor the layout or seed of a sealed deal. Pages
//! filter it through `policy` before rendering, exactly as they filtered what the store returned.
//!
//! An entry is valid while `store::events::version` (the event's latest audit entry) is unchanged.
//! One request per event computes a new state; the others wait for it instead of computing it too.
//! Nothing is kept per user, so a logout, a password change or a second instance cannot leave it stale.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::ServiceResult;
use crate::deal::GameNumber;
use crate::store::{self, Db, events::Event, rounds::RoundData};
use crate::swiss::standings::{
    CrosstableRow, Standing, TieBreakInputs, crosstable, standings_with,
};
use crate::swiss::tournament::Tournament;

/// How many events' states are kept (the least recently used goes first).
const MAX_EVENTS: usize = 32;

/// A player as the event's pages show them.
#[derive(Debug, Clone)]
pub struct PlayerInfo {
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// The team the player plays for (the team column, else the club; empty: none).
    pub team: String,
    /// Rating.
    pub rating: u32,
    /// The linked player account (never shown; finds the viewer's own board).
    pub user_id: Option<i64>,
    /// A round robin's group (1 = A), once drawn.
    pub group: Option<u32>,
}

/// A duplicate deal in use (sealed or unsealed, not withdrawn) as the round pages may show it: its
/// layout and seed only once unsealed (public then); the commitment, which pages show only to the
/// arbiters or when the event announces its deals (`policy`).
#[derive(Debug, Clone)]
pub struct DealInfo {
    /// The deal record's id (for the arbiters' links).
    pub id: i64,
    /// The round.
    pub round: u32,
    /// The game of the round.
    pub game: GameNumber,
    /// The commitment.
    pub commitment: String,
    /// The deal and seed, once unsealed; `None` while sealed.
    pub unsealed: Option<(String, String)>,
}

impl DealInfo {
    /// Whether the deal is unsealed (public).
    pub fn is_public(&self) -> bool {
        self.unsealed.is_some()
    }
}

/// The computed state of an event at one version.
#[derive(Debug)]
pub struct EventState {
    /// The event version it was computed at.
    pub version: i64,
    /// Every round, drafts included, with boards and absences.
    pub rounds: Vec<RoundData>,
    /// Boards (row ids) that have at least one move record.
    pub with_records: HashSet<i64>,
    /// Players by start number.
    pub players: HashMap<u32, PlayerInfo>,
    /// The Swiss state after the completed rounds.
    pub tournament: Tournament,
    /// The standings after the completed rounds, with the event's tie-breaks.
    pub standings: Vec<Standing>,
    /// The fouls and the lot's seed the tie-breaks use (earlier standings too).
    pub tie_break_inputs: TieBreakInputs,
    /// The crosstable after the completed rounds, in start-number order.
    pub crosstable: Vec<CrosstableRow>,
    /// The deals in use, by round then game (no seed or layout of a sealed one).
    pub deals: Vec<DealInfo>,
    /// When its reads began.
    loaded_from: Instant,
}

impl EventState {
    /// Computes the state (a constant number of queries, whatever the number of rounds).
    async fn load(db: &Db, event: &Event, version: i64) -> ServiceResult<EventState> {
        // The reads are independent but for the Swiss state (built from the rounds): they run side
        // by side on the pool, so a new state costs the longest chain of reads, not their sum
        // (under a stream of writes every page that misses the cache waits for one).
        let rounds_and_tournament = async {
            let rounds = store::rounds::event_rounds(db, event.id).await?;
            let tournament = store::rounds::tournament_of(db, event, &rounds).await?;
            Ok::<_, store::StoreError>((rounds, tournament))
        };
        let ((rounds, mut tournament), with_records, players, deals) = tokio::try_join!(
            rounds_and_tournament,
            store::records::event_boards_with_records(db, event.id),
            store::players::list(db, event.id),
            store::deals::list(db, event.id),
        )?;
        super::sections::annul_withdrawals(event, &players, &mut tournament)?;
        let players = players
            .into_iter()
            .map(|p| {
                let info = PlayerInfo {
                    team: p.entry.team_name().to_string(),
                    name: p.entry.name,
                    club: p.entry.club,
                    rating: p.entry.rating,
                    user_id: p.user_id,
                    group: p.draw.map(|d| d.1),
                };
                (p.start_no as u32, info)
            })
            .collect();
        let tie_break_inputs = super::standings::tie_break_inputs(db, event).await?;
        let standings = standings_with(
            &tournament,
            tournament.rounds_played,
            &event.settings.tie_breaks,
            &tie_break_inputs,
        );
        let crosstable = crosstable(&tournament, tournament.rounds_played);
        let mut deals: Vec<DealInfo> = deals
            .into_iter()
            .filter(|d| d.is_active())
            .map(|d| DealInfo {
                id: d.id,
                round: d.round,
                game: d.game,
                unsealed: d.is_public().then(|| (d.deal.clone(), d.seed.clone())),
                commitment: d.commitment,
            })
            .collect();
        deals.sort_by_key(|d| (d.round, d.game));
        Ok(EventState {
            tie_break_inputs,
            version,
            rounds,
            with_records,
            players,
            tournament,
            standings,
            crosstable,
            deals,
            loaded_from: Instant::now(),
        })
    }

    /// The name of a start number (empty when unknown).
    pub fn name(&self, start: u32) -> &str {
        self.players.get(&start).map_or("", |p| p.name.as_str())
    }

    /// The deals in use of a round, in game order.
    pub fn round_deals(&self, round: u32) -> impl Iterator<Item = &DealInfo> {
        self.deals.iter().filter(move |d| d.round == round)
    }

    /// A round by number.
    pub fn round(&self, number: u32) -> Option<&RoundData> {
        self.rounds.iter().find(|r| r.round.number == number)
    }

    /// The start number of the player linked to an account, if any.
    pub fn start_of(&self, user: &crate::store::users::User) -> Option<u32> {
        self.players
            .iter()
            .find(|(_, p)| p.user_id == Some(user.id))
            .map(|(start, _)| *start)
    }
}

/// One event's slot: its latest state and the lock that makes one request compute the next.
#[derive(Default)]
struct Slot {
    state: Option<Arc<EventState>>,
    computing: Arc<tokio::sync::Mutex<()>>,
    last_used: u64,
}

/// The states of the events (shared by all workers).
#[derive(Default)]
pub struct EventStates {
    slots: Mutex<(HashMap<i64, Slot>, u64)>,
}

impl std::fmt::Debug for EventStates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EventStates")
    }
}

impl EventStates {
    /// The state of `event` at the version it was read with (`Event::version`, read in the same
    /// statement as the event): the kept one, or computed once.
    pub async fn get(&self, db: &Db, event: &Event) -> ServiceResult<Arc<EventState>> {
        let version = if event.version > 0 {
            event.version
        } else {
            store::events::version(db, event.id).await?
        };
        let computing = match self.current(event.id, version, None) {
            Ok(state) => return Ok(state),
            Err(lock) => lock,
        };
        // The event (and its version) was read before this instant: a state whose reads began
        // later holds that version's data or newer, so it serves this request too. Under a stream
        // of writes the waiters then share one computation instead of computing one after another.
        let asked = Instant::now();
        let _turn = computing.lock().await;
        let computing = match self.current(event.id, version, Some(asked)) {
            Ok(state) => return Ok(state),
            Err(lock) => lock,
        };
        drop(computing);
        let started = Instant::now();
        // Computed on the loads lane: its reads are not held up by the request workers' queues, nor
        // does the computation hold up their other requests.
        let loaded = event.clone();
        let mut state = super::lane::run(super::lane::Lane::Loads, db, move |db| async move {
            EventState::load(&db, &loaded, version).await
        })
        .await??;
        state.loaded_from = started;
        let state = Arc::new(state);
        self.keep(event.id, state.clone());
        Ok(state)
    }

    /// The kept state when it is at `version` (or newer), or was read after `asked`; else the
    /// slot's computing lock.
    fn current(
        &self,
        event_id: i64,
        version: i64,
        asked: Option<Instant>,
    ) -> Result<Arc<EventState>, Arc<tokio::sync::Mutex<()>>> {
        let Ok(mut guard) = self.slots.lock() else {
            return Err(Arc::default());
        };
        let (slots, clock) = &mut *guard;
        *clock += 1;
        let now = *clock;
        if !slots.contains_key(&event_id) && slots.len() >= MAX_EVENTS {
            let oldest = slots
                .iter()
                .min_by_key(|(_, s)| s.last_used)
                .map(|(k, _)| *k);
            if let Some(k) = oldest {
                slots.remove(&k);
            }
        }
        let slot = slots.entry(event_id).or_default();
        slot.last_used = now;
        match &slot.state {
            Some(s) if s.version >= version || asked.is_some_and(|t| s.loaded_from >= t) => {
                Ok(s.clone())
            }
            _ => Err(slot.computing.clone()),
        }
    }

    /// The kept state of an event, whatever its version (no query, no computation).
    pub fn peek(&self, event_id: i64) -> Option<Arc<EventState>> {
        let guard = self.slots.lock().ok()?;
        guard.0.get(&event_id)?.state.clone()
    }

    fn keep(&self, event_id: i64, state: Arc<EventState>) {
        if let Ok(mut guard) = self.slots.lock() {
            let slot = guard.0.entry(event_id).or_default();
            if slot
                .state
                .as_ref()
                .is_none_or(|s| s.version <= state.version)
            {
                slot.state = Some(state);
            }
        }
    }
}
