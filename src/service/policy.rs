//! The one authorization policy: who may do what to an event, a rating list or an account, and
//! what a viewer may see of sealed material (deals, seeds, move records of games in play). Every
//! rule is a function here; handlers and templates ask, never decide. The test table at the end
//! states the rules for every role.

use super::event_state::DealInfo;
use super::{ServiceError, ServiceResult};
use crate::accounts::Role;
use crate::deal::GameNumber;
use crate::store::{
    self, Db, deals::DealRecord, events::Event, ratings::ListInfo, rounds::Round, users::User,
};

/// What the visitor may do with one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Access {
    /// Organizer of the event or administrator: settings, players, arbiters.
    pub manage: bool,
    /// Manager or assigned arbiter: rounds, results, deals.
    pub arbitrate: bool,
}

/// The rights a user (or an anonymous caller, `None`) has on an event, given whether the user is
/// one of its assigned arbiters: administrators and the organizer manage (and so arbitrate),
/// assigned arbiters arbitrate, everyone else only views what is public.
pub fn event_rights(user: Option<&User>, owner_id: i64, assigned_arbiter: bool) -> Access {
    match user {
        None => Access::default(),
        Some(u) if u.role == Role::Admin || u.id == owner_id => Access {
            manage: true,
            arbitrate: true,
        },
        Some(_) => Access {
            manage: false,
            arbitrate: assigned_arbiter,
        },
    }
}

/// The rights of a user on an event (see [`event_rights`]), asking the store about the arbiters.
pub async fn user_access(db: &Db, user: Option<&User>, event: &Event) -> ServiceResult<Access> {
    let assigned = match user {
        Some(u) if u.role != Role::Admin && u.id != event.owner_id => {
            store::events::is_arbiter(db, event.id, u.id).await?
        }
        _ => false,
    };
    Ok(event_rights(user, event.owner_id, assigned))
}

/// Loads an event (404 when missing) and the user's rights on it.
pub async fn event_access(
    db: &Db,
    user: Option<&User>,
    event_id: i64,
) -> ServiceResult<(Event, Access)> {
    let event = store::events::get(db, event_id)
        .await?
        .ok_or(ServiceError::NotFound)?;
    let access = user_access(db, user, &event).await?;
    Ok((event, access))
}

/// Loads an event the user must manage (403 otherwise).
pub async fn managed_event(db: &Db, user: &User, event_id: i64) -> ServiceResult<Event> {
    let (event, access) = event_access(db, Some(user), event_id).await?;
    if access.manage {
        Ok(event)
    } else {
        Err(ServiceError::Forbidden)
    }
}

/// Loads an event the user must arbitrate (403 otherwise).
pub async fn arbitrated_event(db: &Db, user: &User, event_id: i64) -> ServiceResult<Event> {
    let (event, access) = event_access(db, Some(user), event_id).await?;
    if access.arbitrate {
        Ok(event)
    } else {
        Err(ServiceError::Forbidden)
    }
}

/// Requires the user to arbitrate the event (its organizer, an administrator or an assigned
/// arbiter): 403 otherwise.
pub async fn require_arbiter(db: &Db, user: &User, event: &Event) -> ServiceResult<()> {
    if user_access(db, Some(user), event).await?.arbitrate {
        Ok(())
    } else {
        Err(ServiceError::Forbidden)
    }
}

/// Whether a role may create events (and import backups).
pub fn may_create_events(role: Role) -> bool {
    matches!(role, Role::Admin | Role::Organizer)
}

/// The roles a user may give to accounts they create: administrators any role, organizers
/// arbiters and players, nobody else any.
pub fn grantable_roles(by: Role) -> Vec<Role> {
    match by {
        Role::Admin => Role::ALL.to_vec(),
        Role::Organizer => vec![Role::Arbiter, Role::Player],
        _ => vec![],
    }
}

/// Whether a user may open the accounts page and create accounts.
pub fn may_create_users(role: Role) -> bool {
    !grantable_roles(role).is_empty()
}

/// Whether a user may download a copy of the whole database (it holds every password hash and sealed
/// deal): administrators only.
pub fn may_copy_database(role: Role) -> bool {
    role == Role::Admin
}

/// Whether a user may create club rating lists (club managers and administrators).
pub fn may_create_lists(role: Role) -> bool {
    matches!(role, Role::Club | Role::Admin)
}

/// Whether a user may change a rating list: its owner or an administrator.
pub fn may_change_list(user: &User, list: &ListInfo) -> bool {
    owns_list(user, list.owner_id)
}

/// Whether a user may push an event's rated games into a rating list: a list they may change, or
/// any list when they organize the event (the push is one audited batch its owner may remove).
pub fn may_push_into_list(user: &User, access: Access, list: &ListInfo) -> bool {
    may_change_list(user, list) || access.manage
}

/// Whether a user owns (or, as administrator, may change) the rating list of `owner_id`.
pub fn owns_list(user: &User, owner_id: i64) -> bool {
    user.role == Role::Admin || user.id == owner_id
}

/// Whether a round exists for this viewer: drafts only for the event's arbiters.
pub fn round_visible(access: Access, round: &Round) -> bool {
    round.published || access.arbitrate
}

/// Whether the viewer may see a deal, its seed and setup sheet: once unsealed, or as an arbiter.
pub fn deal_visible(access: Access, deal: &DealRecord) -> bool {
    deal.is_public() || access.arbitrate
}

/// Whether the viewer sees the event's deals list and its pages (its arbiters only).
pub fn sees_deals_list(access: Access) -> bool {
    access.arbitrate
}

/// Whether the viewer sees the players' own reports of a knockout game waiting to be entered (its
/// arbiters, who decide between two that differ).
pub fn sees_knockout_reports(access: Access) -> bool {
    access.arbitrate
}

/// Whether a round's players have report links (`service::report_links`): once it is published,
/// and only then (a draft's pairings may still change, and no one sees them).
pub fn report_links_issued(round: &Round) -> bool {
    round.published
}

/// Whether the viewer may pair round `number` of the event: its arbiters, while the Swiss has
/// that round ([`swiss_has_round`], which the pairing workflow asks too).
pub fn may_pair_round(access: Access, event: &Event, number: u32) -> bool {
    access.arbitrate && swiss_has_round(event, number)
}

/// Whether the viewer may record fouls on the event's player cards: its arbiters, while the event
/// is not archived.
pub fn may_record_fouls(access: Access, event: &Event) -> bool {
    access.arbitrate && !event.archived
}

/// Whether the visitor may open and close an event's entry forms, see its entries and
/// confirm, refuse and tick them paid (its organizer and administrators).
pub fn may_manage_entries(access: Access) -> bool {
    access.manage
}

/// Whether the viewer may draw the event's final lot: its arbiters, while the event is not
/// archived and the lot is not drawn.
pub fn may_draw_lot(access: Access, event: &Event) -> bool {
    access.arbitrate && !event.archived && event.lot_seed.is_none()
}

/// Whether the viewer may check players in (檢錄) and use the check-in page: the event's
/// arbiters, while it is not archived.
pub fn may_check_in(access: Access, event: &Event) -> bool {
    access.arbitrate && !event.archived
}

/// Whether the viewer may change a section's schedule (time control, round starts, check-in
/// rule): its organizer and administrators, as the other settings.
pub fn may_edit_schedule(access: Access) -> bool {
    access.manage
}

/// Whether the event's Swiss has a round `number` still to pair (not past its last round).
pub fn swiss_has_round(event: &Event, number: u32) -> bool {
    number <= event.settings.swiss_rounds
}

/// Whether the move records of a game of a round are secret: its deal is sealed, not yet unsealed.
pub async fn records_secret(
    db: &Db,
    event_id: i64,
    round: u32,
    game: GameNumber,
) -> ServiceResult<bool> {
    let deal = store::deals::active(db, event_id, round, game).await?;
    Ok(secret_among(deal.map(|d| (d.game, d.is_public())), game))
}

/// The rule of [`records_secret`] over deals already read: whether `game` has one of `deals`
/// (each a game and whether its deal is public) that is sealed and not yet unsealed. For the pages
/// and workflows that read a round's deals once rather than asking per game.
pub fn secret_among(deals: impl IntoIterator<Item = (GameNumber, bool)>, game: GameNumber) -> bool {
    deals.into_iter().any(|(of, public)| of == game && !public)
}

/// Whether the viewer may see the move records of a game of a round (arbiters always; everyone
/// else once no sealed deal hides them). The game viewer and the API use this too.
pub async fn may_see_records(
    db: &Db,
    event_id: i64,
    access: Access,
    round: u32,
    game: GameNumber,
) -> ServiceResult<bool> {
    Ok(access.arbitrate || !records_secret(db, event_id, round, game).await?)
}

/// [`may_see_records`] (for `game`) and [`records_visible`] of one round, from the event's deals in
/// use (`EventState::deals`), for the pages that show both without asking the store again.
pub fn round_records_visibility(
    access: Access,
    round: &Round,
    deals: &[DealInfo],
    game: GameNumber,
) -> (bool, bool) {
    let mut of_round = deals.iter().filter(|d| d.round == round.number);
    let secret = secret_among(of_round.clone().map(|d| (d.game, d.is_public())), game);
    let may_see = access.arbitrate || !secret;
    let visible = access.arbitrate || (round.published && of_round.all(|d| d.is_public()));
    (may_see, visible)
}

/// Whether the viewer may see the records of `round`: the event's arbiters always; everyone else
/// once the round is published and none of its games has a deal that is sealed and not yet
/// unsealed (RULES.md §9: the records would give the hidden layout away).
pub async fn records_visible(
    db: &Db,
    event: &Event,
    access: Access,
    round: &Round,
) -> ServiceResult<bool> {
    if access.arbitrate {
        return Ok(true);
    }
    if !round.published {
        return Ok(false);
    }
    let deals = store::deals::active_in_round(db, event.id, round.number).await?;
    Ok(deals.iter().all(|d| d.is_public()))
}

/// The numbers of the rounds whose records the viewer may see, by [`records_visible`]'s rule, from
/// the event's deals in use (a player card lists every round).
pub fn rounds_with_visible_records<'a>(
    access: Access,
    rounds: impl IntoIterator<Item = &'a Round>,
    deals: &[DealInfo],
) -> std::collections::HashSet<u32> {
    rounds
        .into_iter()
        .filter(|r| round_records_visibility(access, r, deals, GameNumber::Game(1)).1)
        .map(|r| r.number)
        .collect()
}

/// Whether the viewer is told that a round has no deal in use ("played without a deal", or "a
/// deal must be sealed"): in the hidden-piece games, for the event's arbiters, and for everyone
/// when the event announces its deals.
pub fn deal_notice_shown(event: &Event, access: Access) -> bool {
    event.settings.variant != crate::rules::Variant::Xiangqi
        && (access.arbitrate || event.announces_deals)
}

/// The deals of a round's panel this viewer sees: unsealed ones, and the sealed ones' commitments
/// for the event's arbiters or when the event announces its deals.
pub fn round_deals_shown<'a>(
    event: &Event,
    access: Access,
    round: u32,
    deals: &'a [DealInfo],
) -> impl Iterator<Item = &'a DealInfo> {
    let announced = event.announces_deals;
    deals
        .iter()
        .filter(move |d| d.round == round && (d.is_public() || access.arbitrate || announced))
}

/// The arbiters of an event as a viewer may see them: the event's arbiters and organizers see
/// "display name (login name)", everyone else only the display names, never a login name (they are
/// half of a credential). Returns the names shown and how many arbiters have no public name.
pub fn arbiter_names_for(access: &Access, names: Vec<(String, String)>) -> (Vec<String>, usize) {
    if access.arbitrate || access.manage {
        let shown = names
            .into_iter()
            .map(|(login, display)| {
                if display.is_empty() {
                    login
                } else {
                    format!("{display} ({login})")
                }
            })
            .collect();
        return (shown, 0);
    }
    let total = names.len();
    let shown: Vec<String> = names
        .into_iter()
        .map(|(_, display)| display)
        .filter(|d| !d.is_empty())
        .collect();
    let unnamed = total - shown.len();
    (shown, unnamed)
}

/// A setting of an event that no longer may change, and why (a translation key that names the
/// setting and the cause: the settings page shows it beside the field, a refused change says it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingLock {
    /// The form field (`swiss_rounds`, `points_win` for the scoring, …).
    pub field: &'static str,
    /// The translation key of the explanation.
    pub reason_key: &'static str,
}

impl SettingLock {
    /// Whether `new` changes this setting of `old`.
    pub fn changed(
        &self,
        old: &crate::event::EventSettings,
        new: &crate::event::EventSettings,
    ) -> bool {
        match self.field {
            "variant" => old.variant != new.variant,
            "swiss_rounds" => old.swiss_rounds != new.swiss_rounds,
            "points_win" => old.points != new.points,
            "tie_breaks" => old.tie_breaks != new.tie_breaks,
            "knockout_size" => old.knockout_size != new.knockout_size,
            "best_of" => old.best_of != new.best_of,
            "move_limit" => old.move_limit != new.move_limit,
            "format" => old.stage.format != new.stage.format,
            "cycles" => old.stage.cycles != new.stage.cycles,
            "groups" => old.stage.groups != new.stage.groups,
            "qualifiers_per_group" => {
                old.stage.qualifiers_per_group != new.stage.qualifiers_per_group
            }
            _ => false,
        }
    }
}

/// The settings of an event that are locked by what has happened in it: the game, the rounds, the
/// scoring and the tie-breaks once a round is published; the knockout size and the games per match
/// once the knockout is seeded (and, for Banqi matches, the games per match with the first round
/// too); the move limit once a move record is stored. Name, venue, dates and time zone stay free.
pub fn settings_locks(
    settings: &crate::event::EventSettings,
    progress: store::events::Progress,
) -> Vec<SettingLock> {
    let lock = |field, reason_key| SettingLock { field, reason_key };
    let mut locks = Vec::new();
    if progress.round_published {
        locks.push(lock("variant", "lock_variant_round"));
        locks.push(lock("swiss_rounds", "lock_rounds_round"));
        locks.push(lock("points_win", "lock_scoring_round"));
        locks.push(lock("tie_breaks", "lock_tie_breaks_round"));
    }
    if progress.knockout_seeded {
        locks.push(lock("knockout_size", "lock_knockout_size_seeded"));
        locks.push(lock("best_of", "lock_best_of_seeded"));
    } else if progress.round_published && settings.plays_matches() {
        locks.push(lock("best_of", "lock_best_of_round"));
    }
    if progress.record_stored {
        locks.push(lock("move_limit", "lock_move_limit_record"));
    }
    // A section's format and its round robin's shape hold from the draw (or round 1's
    // publication); a drawn round robin's rounds are its schedule's.
    if progress.drawn || progress.round_published {
        for field in ["format", "cycles", "groups", "qualifiers_per_group"] {
            locks.push(lock(field, "lock_stage_drawn"));
        }
    }
    if progress.drawn && !progress.round_published {
        locks.push(lock("swiss_rounds", "lock_rounds_drawn"));
    }
    locks
}

/// Whether a user may archive, un-archive or delete an event: its organizer or an administrator.
pub fn may_archive(user: &User, event: &Event) -> bool {
    user.role == Role::Admin || user.id == event.owner_id
}

/// Whether an event takes changes: an archived one is read-only (every write is refused with this
/// reason until it is un-archived).
pub fn writable(event: &Event) -> ServiceResult<()> {
    if event.archived {
        Err(ServiceError::Conflict(crate::i18n::Reason::new(
            "svc_event_archived",
        )))
    } else {
        Ok(())
    }
}

/// Whether an administrator may disable or reset this account: any account but their own (an
/// administrator who locked themself out would leave the server without one).
pub fn may_correct_account(by: &User, target_id: i64) -> bool {
    by.role == Role::Admin && by.id != target_id
}

/// Whether the viewer's pages and live stream follow every change of the event (its arbiters see
/// hidden records and drafts), or only the public ones (`store::events::public_version`).
pub fn sees_every_change(access: Access) -> bool {
    access.arbitrate
}

/// Whether the accounts page lists every account (administrators) or only those the viewer made or
/// linked to their own events (organizers: other organizers' accounts are not theirs to see).
pub fn sees_every_account(role: Role) -> bool {
    role == Role::Admin
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Who the table speaks of.
    #[derive(Debug, Clone, Copy)]
    enum Who {
        Anonymous,
        Player,
        Arbiter,
        OtherArbiter,
        Organizer,
        OtherOrganizer,
        Club,
        Admin,
    }

    fn user(id: i64, role: Role) -> User {
        User {
            id,
            name: format!("u{id}"),
            role,
        }
    }

    /// The event (owned by user 10) as each role sees it, and what each role may do elsewhere.
    /// Columns: manage, arbitrate the event; create events, accounts, rating lists; change list
    /// 1 (owned by user 20, a club manager).
    #[test]
    fn the_role_table() {
        let table: &[(Who, [bool; 6])] = &[
            (Who::Anonymous, [false, false, false, false, false, false]),
            (Who::Player, [false, false, false, false, false, false]),
            (Who::Arbiter, [false, true, false, false, false, false]),
            (
                Who::OtherArbiter,
                [false, false, false, false, false, false],
            ),
            (Who::Organizer, [true, true, true, true, false, false]),
            (
                Who::OtherOrganizer,
                [false, false, true, true, false, false],
            ),
            (Who::Club, [false, false, false, false, true, true]),
            (Who::Admin, [true, true, true, true, true, true]),
        ];
        for (who, expected) in table {
            let (u, assigned) = match who {
                Who::Anonymous => (None, false),
                Who::Player => (Some(user(2, Role::Player)), false),
                Who::Arbiter => (Some(user(3, Role::Arbiter)), true),
                Who::OtherArbiter => (Some(user(4, Role::Arbiter)), false),
                Who::Organizer => (Some(user(10, Role::Organizer)), false),
                Who::OtherOrganizer => (Some(user(11, Role::Organizer)), false),
                Who::Club => (Some(user(20, Role::Club)), false),
                Who::Admin => (Some(user(1, Role::Admin)), false),
            };
            let access = event_rights(u.as_ref(), 10, assigned);
            let role = u.as_ref().map(|u| u.role);
            let got = [
                access.manage,
                access.arbitrate,
                role.is_some_and(may_create_events),
                role.is_some_and(may_create_users),
                role.is_some_and(may_create_lists),
                u.as_ref().is_some_and(|u| owns_list(u, 20)),
            ];
            assert_eq!(&got, expected, "{who:?}");
        }
    }

    #[test]
    fn settings_lock_as_the_event_goes_on() {
        let settings = crate::event::EventForm {
            name: "E".into(),
            start_date: "2026-01-01".into(),
            variant: "banqi".into(),
            ..Default::default()
        }
        .parse()
        .unwrap();
        // The locked fields in their order, space-separated.
        let fields = |p| {
            settings_locks(&settings, p)
                .into_iter()
                .map(|l| l.field)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut p = store::events::Progress::default();
        assert!(fields(p).is_empty());
        p.round_paired = true;
        assert!(fields(p).is_empty(), "a draft locks nothing");
        p.round_published = true;
        assert_eq!(
            fields(p),
            "variant swiss_rounds points_win tie_breaks best_of format cycles groups qualifiers_per_group"
        );
        p.knockout_seeded = true;
        p.record_stored = true;
        assert_eq!(
            fields(p),
            "variant swiss_rounds points_win tie_breaks knockout_size best_of move_limit format cycles \
             groups qualifiers_per_group"
        );
        let drawn = store::events::Progress {
            drawn: true,
            ..Default::default()
        };
        assert_eq!(
            fields(drawn),
            "format cycles groups qualifiers_per_group swiss_rounds",
            "a round robin's draw fixes its shape and rounds"
        );
        for l in settings_locks(&settings, p) {
            assert!(crate::i18n::has_key(l.reason_key), "{}", l.reason_key);
        }
    }

    #[test]
    fn only_other_accounts_are_corrected_by_an_administrator() {
        assert!(may_correct_account(&user(1, Role::Admin), 2));
        assert!(!may_correct_account(&user(1, Role::Admin), 1));
        assert!(!may_correct_account(&user(3, Role::Organizer), 2));
    }

    #[test]
    fn organizers_grant_only_arbiter_and_player_accounts() {
        assert_eq!(grantable_roles(Role::Admin), Role::ALL.to_vec());
        assert_eq!(
            grantable_roles(Role::Organizer),
            [Role::Arbiter, Role::Player]
        );
        for role in [Role::Arbiter, Role::Player, Role::Club] {
            assert!(grantable_roles(role).is_empty(), "{role:?}");
        }
    }
}
