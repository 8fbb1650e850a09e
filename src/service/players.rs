//! The starting list of an event: the players by start number, "confirm the starting list", and
//! the rating changes and deletions that re-open it before round 1.
//!
//! Start numbers follow the initial order of the general handling rules (C.04.2: strength, then
//! name) while the list is open; confirming it — or the first pairing, when nobody confirmed —
//! fixes them for good. Later registrations get the next free start number (late entries) and
//! are placed in the pairing order by the store (see `store::rounds::tournament`).

use super::policy::Access;
use super::{Reason, ServiceError, ServiceResult};
use crate::store::players::{Confirmed, Deleted, Player, Reordered, StartingList};
use crate::store::{self, Db, events::Event, users::User};

/// The highest rating a form accepts (as the registration form and the roster CSV).
pub const MAX_RATING: u32 = 4000;

/// An event's players with the state of its starting list.
#[derive(Debug, Clone)]
pub struct Roster {
    /// The players by start number.
    pub players: Vec<Player>,
    /// Open, confirmed, fixed by the first pairing, or re-opened.
    pub list: StartingList,
    /// Whether round 1 has been paired (drafts included): start numbers never move again.
    pub paired: bool,
    /// A round robin: whether it is one, and whether its draw is made.
    pub round_robin: (bool, bool),
    /// The event's other sections, `(id, name)`, that a player may move to while neither this
    /// section nor the other has started (empty for an event of one section).
    pub sections: Vec<(i64, String)>,
    /// The pairs kept apart in every round: start numbers and the reason typed.
    pub forbidden: Vec<(u32, u32, String)>,
}

impl Roster {
    /// Whether the player is a late entry (registered after the list was fixed).
    pub fn is_late(&self, player: &Player) -> bool {
        self.list.is_fixed() && player.start_no > i64::from(self.list.size)
    }

    /// Why the starting list may not be confirmed now (no players, round 1 paired, fixed
    /// already), or `None` when it may: the players page's button and [`confirm_list`] ask it.
    pub fn confirm_refusal(&self) -> Option<ServiceError> {
        if self.players.is_empty() {
            Some(ServiceError::Refused(Reason::new("svc_list_empty")))
        } else if self.paired {
            Some(ServiceError::Conflict(Reason::new("svc_list_paired")))
        } else if self.list.is_fixed() {
            Some(ServiceError::Conflict(Reason::new(
                "svc_list_already_fixed",
            )))
        } else {
            None
        }
    }

    /// Whether entries may still be deleted and their club and rating corrected: before round 1
    /// (names may be corrected at any time). [`delete_player`] and [`edit_player`] ask it.
    pub fn entries_open(&self) -> bool {
        !self.paired
    }

    /// The sentence (its key) that says where the starting list stands.
    pub fn state_key(&self) -> &'static str {
        match (
            &self.list.reopened,
            self.list.is_fixed(),
            self.list.confirmed,
        ) {
            (_, true, true) => "list_confirmed",
            (_, true, false) => "list_fixed_by_pairing",
            (Some(why), false, _) if why == "deleted" => "list_reopened_deleted",
            (Some(_), false, _) => "list_reopened_rating",
            (None, false, _) => "list_open",
        }
    }

    /// What the players page offers a viewer with `access`, each flag from the check its
    /// workflow makes.
    pub fn actions(&self, access: Access) -> RosterActions {
        RosterActions {
            can_manage: access.manage,
            can_confirm_list: access.arbitrate && self.confirm_refusal().is_none(),
            entries_open: self.entries_open(),
            edit_reopens_list: self.list.is_fixed() && self.entries_open(),
            list_reopened: self.list.reopened.is_some() && !self.list.is_fixed(),
            provisional: !self.list.is_fixed(),
            can_draw: access.arbitrate
                && self.round_robin == (true, false)
                && !self.paired
                && self.players.len() >= 2,
            can_move: access.manage
                && !self.paired
                && !self.round_robin.1
                && !self.sections.is_empty(),
        }
    }
}

/// The players page's decisions for one viewer (see [`Roster::actions`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct RosterActions {
    /// Players may be registered, imported, corrected and linked (the event's managers).
    pub can_manage: bool,
    /// "Confirm the starting list" is offered: an arbiter, and [`Roster::confirm_refusal`]
    /// finds nothing.
    pub can_confirm_list: bool,
    /// Entries may be deleted and their club and rating corrected ([`Roster::entries_open`]).
    pub entries_open: bool,
    /// A rating change would re-open the fixed list (fixed, round 1 not paired).
    pub edit_reopens_list: bool,
    /// The list was re-opened and not fixed again: the state sentence is a warning.
    pub list_reopened: bool,
    /// The start numbers are provisional (the list is open).
    pub provisional: bool,
    /// The round robin's draw is offered (an arbiter, before it is made and before round 1).
    pub can_draw: bool,
    /// Players may be moved to another section (the event's managers, before play).
    pub can_move: bool,
}

/// The players and the starting list of an event.
pub async fn roster(db: &Db, event: &Event) -> ServiceResult<Roster> {
    let sections = if event.has_sections() {
        super::sections::list(db, event)
            .await?
            .into_iter()
            .filter(|s| s.id != event.id)
            .map(|s| (s.id, s.settings.section))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Roster {
        players: store::players::list(db, event.id).await?,
        list: store::players::starting_list(db, event.id).await?,
        paired: !store::rounds::list(db, event.id).await?.is_empty(),
        round_robin: (event.settings.stage.is_round_robin(), event.draw.is_some()),
        sections,
        forbidden: store::players::forbidden_pairs(db, event.id).await?,
    })
}

/// "Confirm the starting list": fixes the start numbers in the initial order before round 1.
/// Returns the number of players on the list.
pub async fn confirm_list(db: &Db, by: &User, event: &Event) -> ServiceResult<u32> {
    if let Some(refused) = roster(db, event).await?.confirm_refusal() {
        return Err(refused);
    }
    // The store checks again in its write (a pairing or a confirmation meanwhile).
    match store::players::confirm_list(db, by, event.id).await? {
        Confirmed::Fixed(size) => Ok(size),
        Confirmed::AlreadyFixed => Err(ServiceError::Conflict(Reason::new(
            "svc_list_already_fixed",
        ))),
        Confirmed::Paired => Err(ServiceError::Conflict(Reason::new("svc_list_paired"))),
    }
}

/// Parses a typed rating: empty for unrated (0), else a whole number up to [`MAX_RATING`].
pub fn parse_rating(typed: &str) -> ServiceResult<u32> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(0);
    }
    typed
        .parse::<u32>()
        .ok()
        .filter(|r| *r <= MAX_RATING)
        .ok_or_else(|| {
            ServiceError::invalid(
                "rating",
                Reason::new("svc_bad_rating")
                    .arg("typed", typed)
                    .arg("max", MAX_RATING),
            )
        })
}

/// Changes a player's rating, confirmed and with a reason like every correction; `true` when this
/// re-opened a confirmed starting list (before round 1 the start numbers follow the new order;
/// after round 1 they stay).
pub async fn set_rating(
    db: &Db,
    by: &User,
    event: &Event,
    player_id: i64,
    typed: &str,
    correction: &super::events::Correction,
) -> ServiceResult<bool> {
    let reason = correction.check()?;
    let rating = parse_rating(typed)?;
    match store::players::set_rating(db, by, event.id, player_id, rating, &reason).await? {
        Reordered::Done { reopened } => Ok(reopened),
        Reordered::NotFound => Err(ServiceError::NotFound),
    }
}

/// Deletes a player entry before round 1, when the caller confirmed it and gave a reason; `true`
/// when this re-opened a confirmed starting list. After round 1 an entry stays: withdraw the player.
pub async fn delete_player(
    db: &Db,
    by: &User,
    event: &Event,
    player_id: i64,
    correction: &super::events::Correction,
) -> ServiceResult<bool> {
    if !correction.confirmed {
        return Err(ServiceError::invalid(
            "confirm",
            Reason::new("svc_confirm_delete"),
        ));
    }
    let reason = correction.check()?;
    if !roster(db, event).await?.entries_open() {
        return Err(ServiceError::Conflict(Reason::new(
            "svc_delete_after_pairing",
        )));
    }
    match store::players::delete(db, by, event.id, player_id, &reason).await? {
        Deleted::Done { reopened } => Ok(reopened),
        Deleted::NotFound => Err(ServiceError::NotFound),
        Deleted::Paired => Err(ServiceError::Conflict(Reason::new(
            "svc_delete_after_pairing",
        ))),
    }
}

/// A player's corrected entry as typed.
#[derive(Debug, Clone, Default)]
pub struct PlayerEdit {
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// Rating (empty for unrated).
    pub rating: String,
}

/// Corrects a player's name, club and rating (club and rating before round 1 only; the name at any
/// time: start numbers stay, exports read the new name), with a reason and a confirmation. Returns
/// `true` when a rating change re-opened a confirmed starting list.
pub async fn edit_player(
    db: &Db,
    by: &User,
    event: &Event,
    player_id: i64,
    typed: &PlayerEdit,
    correction: &super::events::Correction,
) -> ServiceResult<bool> {
    let reason = correction.check()?;
    let name =
        crate::text::clean_line(&typed.name, 80).map_err(|r| ServiceError::invalid("name", r))?;
    if name.is_empty() {
        return Err(ServiceError::invalid(
            "name",
            Reason::new("svc_player_name_empty"),
        ));
    }
    let club =
        crate::text::clean_line(&typed.club, 80).map_err(|r| ServiceError::invalid("club", r))?;
    let rating = parse_rating(&typed.rating)?;
    let roster = roster(db, event).await?;
    let entry = roster.players.iter().find(|p| p.id == player_id);
    let club_or_rating_changed =
        entry.is_some_and(|p| p.entry.club != club || p.entry.rating != rating);
    if club_or_rating_changed && !roster.entries_open() {
        return Err(ServiceError::Conflict(Reason::new(
            "svc_player_edit_after_pairing",
        )));
    }
    let new = store::players::Correction { name, club, rating };
    match store::players::edit(db, by, event.id, player_id, &new, &reason).await {
        Ok(store::players::Edited::Done { reopened }) => Ok(reopened),
        Ok(store::players::Edited::Unchanged) => {
            Err(ServiceError::Refused(Reason::new("svc_player_unchanged")))
        }
        Ok(store::players::Edited::NotFound) => Err(ServiceError::NotFound),
        Ok(store::players::Edited::Paired) => Err(ServiceError::Conflict(Reason::new(
            "svc_player_edit_after_pairing",
        ))),
        Err(store::StoreError::Conflict) => Err(ServiceError::Conflict(
            Reason::new("svc_player_registered")
                .arg("name", new.name.as_str())
                .arg("club", new.club.as_str()),
        )),
        Err(e) => Err(e.into()),
    }
}

/// Registers players, all or none. One already registered under the same name and club is a
/// conflict naming them (a single entry) or saying that one of the list is.
pub async fn register(
    db: &Db,
    by: &User,
    event: &Event,
    entries: &[crate::roster::PlayerEntry],
) -> ServiceResult<Vec<Player>> {
    if event.draw.is_some() {
        return Err(ServiceError::Conflict(Reason::new("svc_drawn_no_entries")));
    }
    match store::players::add_all(db, by, event.id, entries).await {
        Err(store::StoreError::Conflict) => Err(ServiceError::Conflict(match entries {
            [one] => Reason::new("svc_player_registered")
                .arg("name", one.name.trim())
                .arg("club", one.club.trim()),
            _ => Reason::new("svc_players_registered"),
        })),
        other => Ok(other?),
    }
}

/// Links the player with start number `start` to the account named `name` (the event's managers
/// only), so that its holder sees the entry on the account page. An unknown name is an invalid
/// `name` field; an unknown start number is not found.
pub async fn link_account(
    db: &Db,
    by: &User,
    event: &Event,
    start: i64,
    name: &str,
) -> ServiceResult<()> {
    if !super::policy::user_access(db, Some(by), event)
        .await?
        .manage
    {
        return Err(ServiceError::Forbidden);
    }
    let name = name.trim();
    let account = store::users::find_by_name(db, name).await?.ok_or_else(|| {
        ServiceError::invalid("name", Reason::new("err_unknown_account").arg("name", name))
    })?;
    if !store::players::link_user(db, by, event.id, start, &account).await? {
        return Err(ServiceError::NotFound);
    }
    Ok(())
}

/// The start number of `user`'s linked player in the event, if they have one.
pub async fn linked_start(db: &Db, event: &Event, user: &User) -> ServiceResult<Option<u32>> {
    Ok(store::players::list(db, event.id)
        .await?
        .into_iter()
        .find(|p| p.user_id == Some(user.id))
        .and_then(|p| u32::try_from(p.start_no).ok()))
}

/// The entries (event, player) of an account, for its account page.
/// Each is (event id, event name, start number).
pub async fn entries_of_user(db: &Db, user_id: i64) -> ServiceResult<Vec<(i64, String, i64)>> {
    Ok(store::players::entries_of_user(db, user_id).await?)
}

/// The most pairs one request may keep apart.
pub const MAX_FORBIDDEN_PAIRS: usize = 500;

/// Pairs of start numbers as typed: `3-7, 12–15; 4 9` (a dash, en dash or space inside a pair;
/// commas, semicolons or new lines between pairs). Refused on the `pairs` field, naming the piece.
pub fn parse_pairs(typed: &str) -> ServiceResult<Vec<(u32, u32)>> {
    let mut pairs = Vec::new();
    for piece in typed
        .split([',', ';', '\n', '，', '；'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let numbers: Vec<&str> = piece
            .split(['-', '–', ' ', '—'])
            .filter(|n| !n.is_empty())
            .collect();
        let pair = match numbers.as_slice() {
            [a, b] => a.parse().ok().zip(b.parse().ok()),
            _ => None,
        };
        let (a, b) = pair.ok_or_else(|| {
            ServiceError::invalid("pairs", Reason::new("svc_bad_pair").arg("typed", piece))
        })?;
        pairs.push((a, b));
    }
    Ok(pairs)
}

/// Keeps these pairs of players (start numbers) apart in every round to come (relatives, one
/// household), with the reason logged; the Dutch engine treats each as TRF `XXP`. Returns how many
/// pairs were new.
pub async fn forbid_pairs(
    db: &Db,
    by: &User,
    event: &Event,
    pairs: &[(u32, u32)],
    reason: &str,
) -> ServiceResult<usize> {
    super::policy::writable(event)?;
    let reason =
        crate::text::clean_line(reason, 200).map_err(|e| ServiceError::invalid("reason", e))?;
    if pairs.is_empty() || pairs.len() > MAX_FORBIDDEN_PAIRS {
        return Err(ServiceError::invalid(
            "pairs",
            Reason::new("svc_pairs_count")
                .arg("count", pairs.len())
                .arg("most", MAX_FORBIDDEN_PAIRS),
        ));
    }
    if let Some((a, _)) = pairs.iter().find(|(a, b)| a == b) {
        return Err(ServiceError::invalid(
            "pairs",
            Reason::new("svc_pair_same_player").arg("start", a),
        ));
    }
    match store::players::forbid_pairs(db, by, event.id, pairs, &reason).await {
        Err(store::StoreError::NotFound) => Err(ServiceError::invalid(
            "pairs",
            Reason::new("svc_pair_unknown_start"),
        )),
        other => Ok(other?),
    }
}

/// Lets two players kept apart meet again (the undo of [`forbid_pairs`]), with the reason logged.
pub async fn allow_pair(
    db: &Db,
    by: &User,
    event: &Event,
    pair: (u32, u32),
    reason: &str,
) -> ServiceResult<()> {
    super::policy::writable(event)?;
    let reason =
        crate::text::clean_line(reason, 200).map_err(|e| ServiceError::invalid("reason", e))?;
    if store::players::allow_pair(db, by, event.id, pair, &reason).await? {
        Ok(())
    } else {
        Err(ServiceError::NotFound)
    }
}

/// The pairs kept apart in an event: start numbers (lower first) and the reason typed.
pub async fn forbidden_pairs(db: &Db, event: &Event) -> ServiceResult<Vec<(u32, u32, String)>> {
    Ok(store::players::forbidden_pairs(db, event.id).await?)
}

/// The fouls recorded against player `start`, by round.
pub async fn fouls_of(
    db: &Db,
    event: &Event,
    start: u32,
) -> ServiceResult<Vec<store::players::FoulRecord>> {
    let all = store::players::fouls(db, event.id).await?;
    Ok(all.into_iter().filter(|f| f.start == start).collect())
}

/// Fouls as the arbiter's form or the API sends them: the player, the round, how many (0 clears
/// the round's fouls) and a note.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct FoulsForm {
    /// The round (1 … the rounds paired).
    #[serde(default)]
    pub round: String,
    /// How many fouls in that round (0–99).
    #[serde(default)]
    pub count: String,
    /// What happened (may be empty).
    #[serde(default)]
    pub note: String,
    /// Why it is recorded or changed (logged).
    #[serde(default)]
    pub reason: String,
}

/// Records the fouls (犯規) of player `start` in a round that has been paired, for the `FOUL`
/// tie-break and the player card; each field refused by name. `Ok(false)` when nothing changed.
pub async fn set_fouls(
    db: &Db,
    by: &User,
    event: &Event,
    start: u32,
    form: &FoulsForm,
) -> ServiceResult<bool> {
    super::policy::writable(event)?;
    let paired = store::rounds::list(db, event.id).await?.len() as u32;
    let number = |field: &'static str, text: &str, range: std::ops::RangeInclusive<u32>| {
        let text = text.trim();
        text.parse::<u32>()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                ServiceError::invalid(
                    field,
                    Reason::new("words_out_of_range")
                        .arg("value", text)
                        .arg("min", range.start())
                        .arg("max", range.end()),
                )
            })
    };
    if paired == 0 {
        return Err(ServiceError::invalid(
            "round",
            Reason::new("svc_fouls_no_round"),
        ));
    }
    let round = number("round", &form.round, 1..=paired)?;
    let count = number("count", &form.count, 0..=99)?;
    let note =
        crate::text::clean_line(&form.note, 200).map_err(|e| ServiceError::invalid("note", e))?;
    let reason = crate::text::clean_line(&form.reason, 200)
        .map_err(|e| ServiceError::invalid("reason", e))?;
    let foul = store::players::FoulRecord {
        start,
        round,
        count,
        note,
    };
    match store::players::set_fouls(db, by, event.id, &foul, &reason).await {
        Err(store::StoreError::NotFound) => Err(ServiceError::NotFound),
        other => Ok(other?),
    }
}
