//! The authorization matrix: every route of the site, pages and API, requested by every kind of
//! visitor, against one table of who may use it. The routes are read from the handlers'
//! attributes in `src/web/routes/`, so a new route without a row here fails the test.
//!
//! "Allowed" means the request reached its handler's work (any status but a refusal); "refused"
//! means 401, 403, 404 or a redirect to the login page, and nothing else. A visitor who may not
//! use a write is sent a form (or JSON body) that parses and would do the write
//! ([`valid_write`]), so only the rights check can stop it: a 400, a page, a redirect or a 409
//! that tells the event's state fails the test. Visitors who may use a write send it empty (with a
//! valid CSRF token), so that it answers 400 and the fixture stays as it is for the next visitor.

use std::collections::BTreeSet;

use crate::support::*;

/// The ten kinds of visitor, in the order of [`ROLES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Anonymous,
    Player,
    OtherPlayer,
    Arbiter,
    OtherArbiter,
    Organizer,
    OtherOrganizer,
    Club,
    OtherClub,
    Admin,
}

use Role::*;

/// Every kind of visitor with the account it signs in as (none for [`Anonymous`]).
const ROLES: [(Role, Option<&str>); 10] = [
    (Anonymous, None),
    (Player, Some("player")),
    (OtherPlayer, Some("player2")),
    (Arbiter, Some("arb")),
    (OtherArbiter, Some("arb2")),
    (Organizer, Some("org")),
    (OtherOrganizer, Some("org2")),
    (Club, Some("club")),
    (OtherClub, Some("club2")),
    (Admin, Some("admin")),
];

/// Who may use a route.
#[derive(Debug, Clone, Copy)]
enum Who {
    /// Everyone, signed in or not.
    Public,
    /// Every signed-in account.
    SignedIn,
    /// The event's arbiters, its organizer and administrators.
    EventArbiters,
    /// The event's organizer and administrators.
    EventManagers,
    /// Accounts that may create events (organizers, administrators).
    Organizers,
    /// Accounts that may create accounts (organizers, administrators).
    AccountMakers,
    /// Accounts that may create rating lists (club managers, administrators).
    ClubManagers,
    /// The rating list's owner and administrators.
    ListOwner,
    /// The event's arbiters and the player linked to the board.
    BoardPlayerOrArbiters,
    /// Administrators only.
    Admins,
    /// The event's arbiters, its organizer and administrators, on a knockout write whose bracket
    /// is not seeded in this fixture: they reach the handler, which says so (409, or 400 for a
    /// record with nowhere to go); everyone else is refused before it.
    KnockoutWriters,
    /// Nobody in this fixture (the thing does not exist here: a knockout before seeding, a setup
    /// link once an administrator exists).
    Nobody,
}

impl Who {
    fn allows(self, role: Role) -> bool {
        match self {
            Who::Public => true,
            Who::SignedIn => role != Anonymous,
            Who::EventArbiters | Who::KnockoutWriters => {
                matches!(role, Arbiter | Organizer | Admin)
            }
            Who::EventManagers => matches!(role, Organizer | Admin),
            Who::Organizers | Who::AccountMakers => {
                matches!(role, Organizer | OtherOrganizer | Admin)
            }
            Who::ClubManagers => matches!(role, Club | OtherClub | Admin),
            Who::ListOwner => matches!(role, Club | Admin),
            Who::BoardPlayerOrArbiters => matches!(role, Player | Arbiter | Organizer | Admin),
            Who::Admins => role == Admin,
            Who::Nobody => false,
        }
    }
}

/// The rows of [`TABLE`], one a line: method, route, [`Who`] variant (kept out of rustfmt's way, so
/// that a long route stays on its line).
macro_rules! table {
    ($($method:ident $route:literal $who:ident;)*) => {
        &[$((stringify!($method), $route, Who::$who)),*]
    };
}

/// The table: method, route as written in its handler's attribute, who may use it.
#[rustfmt::skip]
const TABLE: &[(&str, &str, Who)] = table![
    get "/" Public;
    get "/health" Public;
    get "/static/{file}" Public;
    get "/lang/{code}" Public;
    get "/login" Public;
    post "/login" Public;
    get "/setup" Nobody;
    post "/setup" Nobody;
    get "/account" SignedIn;
    post "/account/name" SignedIn;
    post "/account/password" SignedIn;
    post "/account/tokens" SignedIn;
    post "/account/tokens/revoke" SignedIn;
    get "/users" AccountMakers;
    post "/users" AccountMakers;
    // Corrections of accounts.
    post "/users/{user}/disable" Admins;
    post "/users/{user}/enable" Admins;
    post "/users/{user}/password" Admins;
    // Corrections of events.
    get "/events/{id}/settings" EventManagers;
    post "/events/{id}/settings" EventManagers;
    post "/events/{id}/archive" EventManagers;
    post "/events/{id}/unarchive" EventManagers;
    post "/events/{id}/delete" EventManagers;
    get "/events/{id}/audit" EventArbiters;
    post "/events/{id}/arbiters/{user}/remove" EventManagers;
    post "/events/{id}/players/{player}/edit" EventManagers;
    // A copy of the whole database: every password hash and sealed deal.
    get "/admin/backup" Admins;
    post "/admin/backup" Admins;
    get "/events/new" Organizers;
    post "/events" Organizers;
    get "/events/import" Organizers;
    post "/events/import" Organizers;
    post "/events/import/confirm" Organizers;
    get "/events/{id}" Public;
    post "/events/{id}/arbiters" EventManagers;
    post "/events/{id}/byes" EventArbiters;
    post "/events/{id}/withdraw" EventArbiters;
    post "/events/{id}/withdraw/undo" EventArbiters;
    post "/events/{id}/byes/cancel" EventArbiters;
    post "/events/{id}/byes/late" EventArbiters;
    post "/events/{id}/rounds/{n}/withdraw" EventArbiters;
    post "/events/{id}/rounds/{n}/boards/{b}/record/delete" EventArbiters;
    post "/events/{id}/knockout/matches/{m}/games/{g}/record/delete" Nobody;
    get "/events/{id}/players" Public;
    post "/events/{id}/players" EventManagers;
    post "/events/{id}/players/import" EventManagers;
    get "/events/{id}/players/{start}" Public;
    get "/events/{id}/players/print" Public;
    post "/events/{id}/players/confirm" EventArbiters;
    post "/events/{id}/players/{player}/delete" EventManagers;
    post "/events/{id}/players/{player}/rating" EventManagers;
    get "/events/{id}/records/upload" EventArbiters;
    post "/events/{id}/records/upload" EventArbiters;
    post "/events/{id}/players/{start}/link" EventManagers;
    get "/events/{id}/rounds" Public;
    post "/events/{id}/rounds" EventArbiters;
    post "/events/{id}/rounds/by-hand" EventArbiters;
    post "/events/{id}/rounds/{n}/draft" EventArbiters;
    get "/events/{id}/rounds/{n}" Public;
    post "/events/{id}/rounds/{n}/publish" EventArbiters;
    post "/events/{id}/rounds/{n}/discard" EventArbiters;
    post "/events/{id}/rounds/{n}/fix" EventArbiters;
    post "/events/{id}/rounds/{n}/results" EventArbiters;
    get "/events/{id}/rounds/{n}/slips" EventArbiters;
    get "/events/{id}/rounds/{n}/scoresheets" EventArbiters;
    get "/events/{id}/rounds/{n}/labels" EventArbiters;
    get "/events/{id}/screen" Public;
    // A report link's token is random: the fixture's "{token}" is no link (404 for everyone).
    get "/report/{token}" Nobody;
    post "/report/{token}" Nobody;
    // Without the `path` it draws, a QR code is refused as a bad request, to anyone alike.
    get "/qr.svg" Public;
    // Board 1's record is under the round's sealed deal: the viewer is the arbiters' until unsealed,
    // and answers everyone else as a board without records would (404).
    get "/events/{id}/rounds/{n}/boards/{b}" EventArbiters;
    post "/events/{id}/rounds/{n}/boards/{b}/players" EventArbiters;
    post "/events/{id}/rounds/{n}/boards/{b}/report" BoardPlayerOrArbiters;
    // Board 1's record is under the round's sealed deal: the arbiters' until unsealed.
    get "/events/{id}/rounds/{n}/boards/{b}/record" EventArbiters;
    post "/events/{id}/rounds/{n}/boards/{b}/record" EventArbiters;
    get "/events/{id}/rounds/{n}/boards/{b}/record.txt" EventArbiters;
    post "/events/{id}/rounds/{n}/boards/{b}/record/apply" EventArbiters;
    get "/events/{id}/rounds/{n}/boards/{b}/games/{g}" EventArbiters;
    get "/events/{id}/rounds/{n}/boards/{b}/games/{g}/export" EventArbiters;
    get "/events/{id}/standings" Public;
    get "/events/{id}/standings.csv" Public;
    get "/events/{id}/teams" Public;
    get "/events/{id}/teams.csv" Public;
    get "/events/{id}/crosstable" Public;
    get "/events/{id}/crosstable.csv" Public;
    get "/events/{id}/live" Public;
    get "/events/{id}/deals" EventArbiters;
    post "/events/{id}/deals" EventArbiters;
    post "/events/{id}/deals/round" EventArbiters;
    post "/events/{id}/deals/knockout" EventArbiters;
    post "/events/{id}/deals/unseal-finished" EventArbiters;
    post "/events/{id}/deals/announce" EventManagers;
    get "/events/{id}/deals/round/{n}/sheets" EventArbiters;
    get "/events/{id}/deals/{deal_id}" EventArbiters;
    get "/events/{id}/deals/{deal_id}/deal.txt" EventArbiters;
    get "/events/{id}/deals/{deal_id}/sheet" EventArbiters;
    get "/events/{id}/deals/{deal_id}/verify" EventArbiters;
    post "/events/{id}/deals/{deal_id}/unseal" EventArbiters;
    post "/events/{id}/deals/{deal_id}/public-value" EventArbiters;
    get "/events/{id}/export.json" EventManagers;
    get "/events/{id}/export.trf" Public;
    get "/events/{id}/records.pgn" EventArbiters;
    post "/events/{id}/push-rating" SignedIn;
    get "/events/{id}/knockout" Public;
    post "/events/{id}/knockout" EventArbiters;
    post "/events/{id}/knockout/discard" EventArbiters;
    post "/events/{id}/knockout/withdraw" EventArbiters;
    get "/events/{id}/knockout/print" Nobody;
    get "/events/{id}/knockout/slips" Nobody;
    get "/events/{id}/knockout/matches/{m}" Nobody;
    post "/events/{id}/knockout/matches/{m}/decider" Nobody;
    post "/events/{id}/knockout/matches/{m}/forfeit" Nobody;
    post "/events/{id}/knockout/matches/{m}/lot" Nobody;
    post "/events/{id}/knockout/matches/{m}/games/{g}" Nobody;
    post "/events/{id}/knockout/matches/{m}/games/{g}/report" Nobody;
    get "/events/{id}/knockout/matches/{m}/games/{g}/record" Nobody;
    post "/events/{id}/knockout/matches/{m}/games/{g}/record" KnockoutWriters;
    get "/events/{id}/ranking" Public;
    get "/events/{id}/prizes" Public;
    post "/events/{id}/prizes" EventManagers;
    post "/events/{id}/prizes/template" EventManagers;
    get "/events/{id}/payout" Public;
    get "/events/{id}/payout.csv" Public;
    get "/events/{id}/team-payout.csv" Public;
    get "/ratings" Public;
    post "/ratings" ClubManagers;
    get "/ratings/new" ClubManagers;
    get "/ratings/{id}" Public;
    get "/ratings/{id}/games" Public;
    post "/ratings/{id}/games" ListOwner;
    get "/ratings/{id}/levels" Public;
    get "/ratings/{id}/players/{player}" Public;
    get "/ratings/{id}/players/{player}/history.csv" Public;
    get "/ratings/{id}/settings" ListOwner;
    post "/ratings/{id}/settings" ListOwner;
    get "/ratings/{id}/standings.csv" Public;
    post "/ratings/{id}/start" ListOwner;
    post "/ratings/{id}/upload" ListOwner;
    post "/ratings/{id}/uploads/{upload}/remove" ListOwner;
    post "/api/events" Organizers;
    post "/api/events/{id}/players" EventManagers;
    post "/api/events/{id}/rounds" EventArbiters;
    get "/api/events/{id}/rounds/{n}" Public;
    put "/api/events/{id}/rounds/{n}/boards/{b}/result" EventArbiters;
    post "/api/events/{id}/rounds/{n}/boards/{b}/record" EventArbiters;
    get "/api/events/{id}/standings" Public;
    get "/api/events/{id}/teams" Public;
    get "/api/events/{id}/export.trf" Public;
    get "/api/events/{id}/ranking" Public;
    put "/api/events/{id}/prizes" EventManagers;
    get "/api/events/{id}/team-payout" Public;
    get "/api/events/{id}/knockout" Nobody;
    post "/api/events/{id}/knockout" EventArbiters;
    put "/api/events/{id}/knockout/matches/{m}/decider" KnockoutWriters;
    get "/api/events/{id}/knockout/matches/{m}/games/{g}/record" Nobody;
    post "/api/events/{id}/knockout/matches/{m}/games/{g}/record" KnockoutWriters;
    put "/api/events/{id}/knockout/matches/{m}/games/{g}/result" KnockoutWriters;
    // Sections (組別) and round robins. The fixture's event is a Swiss: no round robin's schedule
    // (404 to everyone); a draw there is refused (409) to its arbiters.
    get "/events/{id}/sections" Public;
    post "/events/{id}/sections" EventManagers;
    get "/events/{id}/schedule" Nobody;
    post "/events/{id}/draw" EventArbiters;
    post "/events/{id}/players/{start}/move" EventManagers;
    get "/api/events/{id}/sections" Public;
    post "/api/events/{id}/sections" EventManagers;
    get "/api/events/{id}/players" Public;
    post "/api/events/{id}/players/{start}/move" EventManagers;
    post "/api/events/{id}/draw" EventArbiters;
    get "/api/events/{id}/schedule" Nobody;
    // A section's routes: the event's own row is its first section.
    get "/api/events/{id}/sections/{sid}/players" Public;
    post "/api/events/{id}/sections/{sid}/players" EventManagers;
    post "/api/events/{id}/sections/{sid}/players/{start}/move" EventManagers;
    post "/api/events/{id}/sections/{sid}/draw" EventArbiters;
    get "/api/events/{id}/sections/{sid}/schedule" Nobody;
    post "/events/{id}/forbidden" EventArbiters;
    post "/events/{id}/players/{start}/fouls" EventArbiters;
    post "/events/{id}/lot" EventArbiters;
    post "/api/events/{id}/players/{start}/fouls" EventArbiters;
    post "/api/events/{id}/lot" EventArbiters;
    post "/api/events/{id}/sections/{sid}/players/{start}/fouls" EventArbiters;
    post "/api/events/{id}/sections/{sid}/lot" EventArbiters;
    post "/events/{id}/forbidden/remove" EventArbiters;
    get "/events/{id}/checkin" EventArbiters;
    post "/events/{id}/checkin/find" EventArbiters;
    post "/events/{id}/checkin/{start}" EventArbiters;
    get "/api/events/{id}/checkin" EventArbiters;
    get "/api/events/{id}/sections/{sid}/checkin" EventArbiters;
    put "/api/events/{id}/checkin/{start}" EventArbiters;
    put "/api/events/{id}/sections/{sid}/checkin/{start}" EventArbiters;
    get "/events/{id}/timetable" EventManagers;
    post "/events/{id}/timetable" EventManagers;
    get "/api/events/{id}/timetable" Public;
    get "/api/events/{id}/sections/{sid}/timetable" Public;
    put "/api/events/{id}/timetable" EventManagers;
    put "/api/events/{id}/sections/{sid}/timetable" EventManagers;
    get "/api/events/{id}/forbidden" Public;
    post "/api/events/{id}/forbidden" EventArbiters;
    get "/api/events/{id}/sections/{sid}/forbidden" Public;
    post "/api/events/{id}/sections/{sid}/forbidden" EventArbiters;
    post "/api/events/{id}/sections/{sid}/rounds" EventArbiters;
    get "/api/events/{id}/sections/{sid}/rounds/{n}" Public;
    put "/api/events/{id}/sections/{sid}/rounds/{n}/boards/{b}/result" EventArbiters;
    post "/api/events/{id}/sections/{sid}/rounds/{n}/boards/{b}/record" EventArbiters;
    get "/api/events/{id}/sections/{sid}/standings" Public;
    get "/api/events/{id}/sections/{sid}/teams" Public;
    get "/api/events/{id}/sections/{sid}/export.trf" Public;
    get "/api/events/{id}/sections/{sid}/ranking" Public;
    put "/api/events/{id}/sections/{sid}/prizes" EventManagers;
    get "/api/events/{id}/sections/{sid}/team-payout" Public;
    get "/api/events/{id}/sections/{sid}/knockout" Nobody;
    post "/api/events/{id}/sections/{sid}/knockout" EventArbiters;
    put "/api/events/{id}/sections/{sid}/knockout/matches/{m}/decider" KnockoutWriters;
    put "/api/events/{id}/sections/{sid}/knockout/matches/{m}/games/{g}/result" KnockoutWriters;
    // Online entries: the public form; the private pages answer only their own token (none in
    // this fixture); the entries are the organizer's (none here to act on).
    get "/events/{id}/register" Public;
    post "/events/{id}/register" Public;
    get "/entries/{token}" Nobody;
    post "/entries/{token}" Nobody;
    post "/entries/{token}/cancel" Nobody;
    get "/events/{id}/entries" EventManagers;
    post "/events/{id}/entry-form" EventManagers;
    post "/events/{id}/entries/{eid}/confirm" Nobody;
    post "/events/{id}/entries/{eid}/refuse" Nobody;
    post "/events/{id}/entries/{eid}/paid" Nobody;
    get "/api/events/{id}/entries" EventManagers;
    post "/api/events/{id}/entries/{eid}/confirm" Nobody;
    post "/api/events/{id}/entries/{eid}/refuse" Nobody;
    post "/api/events/{id}/entries/{eid}/paid" Nobody;
    // Last: it ends the session of the client that asks.
    post "/logout" Public;
];

/// Every route the handlers declare: (method, path) from `#[get("…")]` and the like.
fn declared_routes() -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for (_, text) in project_files("src/web/routes") {
        for method in ["get", "post", "put", "delete", "patch"] {
            for piece in text.split(&format!("#[{method}(\"")).skip(1) {
                let route = &piece[..piece.find('"').unwrap()];
                routes.insert((method.to_string(), route.to_string()));
            }
        }
    }
    routes
}

#[test]
fn every_route_has_a_row_in_the_table() {
    let table: BTreeSet<(String, String)> = TABLE
        .iter()
        .map(|(m, r, _)| (m.to_string(), r.to_string()))
        .collect();
    assert_eq!(table.len(), TABLE.len(), "a route is in the table twice");
    let declared = declared_routes();
    assert!(declared.len() > 100, "{} routes found", declared.len());
    let missing: Vec<_> = declared.difference(&table).collect();
    assert!(
        missing.is_empty(),
        "routes without a row in the table: {missing:#?}"
    );
    let stale: Vec<_> = table.difference(&declared).collect();
    assert!(
        stale.is_empty(),
        "rows for routes that no longer exist: {stale:#?}"
    );
}

/// The fixture's ids.
struct Ids {
    event: i64,
    deal: i64,
    list: i64,
    list_player: i64,
    upload: i64,
}

fn fill(route: &str, ids: &Ids) -> String {
    let path = if route.starts_with("/ratings/") {
        route
            .replace("{id}", &ids.list.to_string())
            .replace("{player}", &ids.list_player.to_string())
    } else {
        // An entry of the event (its row id).
        route
            .replace("{id}", &ids.event.to_string())
            .replace("{player}", "2")
    };
    // A section: the event's own row, its first section.
    path.replace("{sid}", &ids.event.to_string())
        .replace("{file}", "style.css")
        .replace("{code}", "en")
        .replace("{n}", "1")
        .replace("{r}", "1")
        .replace("{b}", "1")
        .replace("{g}", "1")
        .replace("{m}", "1")
        .replace("{eid}", "1")
        // A private entry link's token that is no entry's.
        .replace("{token}", &"0".repeat(64))
        .replace("{start}", "1")
        .replace("{deal_id}", &ids.deal.to_string())
        .replace("{upload}", &ids.upload.to_string())
        // An account: "arb" (the fourth made by `World::new`).
        .replace("{user}", "4")
}

/// A Jieqi event with a sealed deal, round 1 published and a record on board 1 (arbiter "arb",
/// account "player" linked to start number 1, who plays board 1); another event with its own
/// arbiter and player; a rating list of "club" with games.
fn fixture(w: &World) -> Ids {
    create_user(&w.dir, "player2", "player");
    create_user(&w.dir, "club2", "club");
    let event = crate::deals::setup(w, "jieqi", 6);
    let mut org2 = w.login("org2");
    let home = org2.get("/").body;
    let other: i64 = home
        .split("/events/")
        .filter_map(|s| s.split('"').next()?.parse().ok())
        .find(|&id| id != event)
        .expect("the other event");
    let r = org2.form(
        &format!("/events/{other}/players/import"),
        &[("csv", "name,club,rating\n甲,A,1500\n乙,B,1400\n")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = org2.form(
        &format!("/events/{other}/players/1/link"),
        &[("name", "player2")],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    let mut arb = w.login("arb");
    let deal = crate::deals::seal(&mut arb, event, 1, "1");
    let f = crate::deals::fields(&mut arb, event, deal);
    crate::deals::pair_and_publish(&mut arb, event, 1);
    let record = crate::deals::jieqi_record(&f["deal"], 12, None);
    let r = arb.form(
        &format!("/events/{event}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", &record)],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    let mut club = w.login("club");
    let list = crate::ratings::create_list(&mut club, "Matrix list", &[]);
    let r = crate::ratings::upload(&mut club, list, &crate::ratings::games_csv(20, 3));
    assert_eq!(r.status, 303, "{}", r.body);
    let page = club.get(&format!("/ratings/{list}")).body;
    let list_player = crate::ratings::player_id(&page, list, "王小明");
    let games = club.get(&format!("/ratings/{list}/games")).body;
    let upload = crate::ratings::upload_id(&games, list);
    Ids {
        event,
        deal,
        list,
        list_player,
        upload,
    }
}

/// Uploads one more batch of games to the list as its owner; returns the batch's id.
fn fresh_batch(w: &World, list: i64) -> i64 {
    static SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(100);
    let seed = SEED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let csv = format!("date,red,black,result\n2026-03-01,甲{seed},乙{seed},1-0\n");
    let label = format!("batch {seed}");
    let mut club = w.login("club");
    let r = club.form(
        &format!("/ratings/{list}/upload"),
        &[("csv", csv.as_str()), ("label", label.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = club.get(&format!("/ratings/{list}/games")).body;
    let prefix = format!("/ratings/{list}/uploads/");
    page.split(&prefix)
        .skip(1)
        .filter_map(|s| s.split('/').next()?.parse::<i64>().ok())
        .max()
        .expect("a batch")
}

/// A client for the visitor `account` (anonymous for `None`), with a bearer token for the API.
fn client_for(w: &World, account: Option<&str>) -> Client {
    let Some(name) = account else {
        return w.server.client();
    };
    let mut c = w.login(name);
    c.bearer = Some(crate::json_api::token(&w.dir, name));
    c
}

/// A write's body that parses and would do its work for a visitor allowed to send it.
enum Write {
    /// Form fields (the CSRF token is added by the client).
    Form(Vec<(&'static str, &'static str)>),
    /// A JSON body (the API).
    Json(serde_json::Value),
    /// A plain-text body (a record sent to the API).
    Text(&'static str),
}

/// The valid body of each write route of [`TABLE`].
fn valid_write(route: &str) -> Write {
    use serde_json::json;
    // A section's route takes its event route's body.
    let route = route.replace("/sections/{sid}/", "/");
    let route = route.as_str();
    const RECORD: &str = "1. h2e2 h9g7 *";
    let form = |fields: &[(&'static str, &'static str)]| Write::Form(fields.to_vec());
    let why = [("reason", "checked by the arbiter"), ("confirm", "yes")];
    match route {
        "/login" => form(&[("name", "nobody"), ("password", "wrong-password")]),
        "/setup" => form(&[("token", "0"), ("name", "root"), ("password", PASSWORD)]),
        "/logout" | "/admin/backup" => form(&[]),
        "/account/name" => form(&[("display_name", "Chan")]),
        "/account/password" => form(&[("current", PASSWORD), ("new", "another-long-pass")]),
        "/account/tokens" => form(&[("label", "scripts"), ("days", "30")]),
        "/account/tokens/revoke" => form(&[("id", "1")]),
        "/users" => form(&[
            ("name", "newcomer"),
            ("role", "player"),
            ("password", PASSWORD),
        ]),
        "/users/{user}/disable" | "/users/{user}/enable" => form(&why),
        "/users/{user}/password" => form(&[
            ("reason", "forgotten"),
            ("confirm", "yes"),
            ("password", "another-long-pass"),
        ]),
        "/events" | "/events/{id}/settings" => form(&[
            ("name", "Matrix Open"),
            ("venue", "Hall"),
            ("start_date", "2026-03-01"),
            ("end_date", "2026-03-02"),
            ("variant", "jieqi"),
            ("swiss_rounds", "6"),
            ("knockout_size", "0"),
            ("best_of", "1"),
            ("points_win", "2"),
            ("points_draw", "1"),
            ("points_loss", "0"),
            ("move_limit", "120"),
            ("time_zone", "Asia/Hong_Kong"),
            ("reason", "a better name"),
            ("confirm", "yes"),
        ]),
        "/events/{id}/archive" | "/events/{id}/unarchive" | "/events/{id}/delete" => form(&why),
        "/events/{id}/arbiters/{user}/remove" => form(&why),
        "/events/{id}/players/{player}/edit" => form(&[
            ("name", "甲乙"),
            ("club", "C"),
            ("rating", "1600"),
            ("reason", "typo"),
            ("confirm", "yes"),
        ]),
        "/events/{id}/players/{player}/delete" => form(&why),
        "/events/{id}/players/{player}/rating" => {
            form(&[("rating", "1600"), ("reason", "typo"), ("confirm", "yes")])
        }
        "/events/import" => form(&[("backup", "{}")]),
        "/events/import/confirm" => form(&[("backup", "{}")]),
        "/events/{id}/arbiters" => form(&[("name", "arb2")]),
        "/events/{id}/byes" => form(&[("start", "2"), ("round", "2"), ("kind", "H")]),
        "/events/{id}/byes/cancel" => form(&[("start", "2"), ("round", "2"), ("reason", "back")]),
        "/events/{id}/byes/late" => form(&[("start", "2"), ("kind", "Z")]),
        "/events/{id}/withdraw" | "/events/{id}/withdraw/undo" => {
            form(&[("start", "2"), ("reason", "ill"), ("confirm", "yes")])
        }
        "/events/{id}/rounds/{n}/withdraw" => form(&why),
        "/events/{id}/rounds/{n}/boards/{b}/record/delete"
        | "/events/{id}/knockout/matches/{m}/games/{g}/record/delete" => {
            form(&[("game", "1"), ("reason", "wrong board"), ("confirm", "yes")])
        }
        "/events/{id}/players" => form(&[("name", "丙"), ("club", "C"), ("rating", "1500")]),
        "/events/{id}/players/import" => form(&[("csv", "name,club,rating\n丁,D,1450\n")]),
        "/events/{id}/players/confirm" => form(&[]),
        "/events/{id}/records/upload" => form(&[("round", "1"), ("pgn", RECORD)]),
        "/events/{id}/players/{start}/link" => form(&[("name", "player2")]),
        "/events/{id}/rounds" | "/events/{id}/rounds/by-hand" => form(&[("lot", "red")]),
        "/events/{id}/rounds/{n}/draft" => form(&[("board_1", "1-2")]),
        "/events/{id}/rounds/{n}/publish" | "/events/{id}/rounds/{n}/discard" => form(&[]),
        "/events/{id}/rounds/{n}/fix" => form(&[
            ("board", "1"),
            ("red", "2"),
            ("black", "1"),
            ("reason", "lot"),
        ]),
        "/events/{id}/rounds/{n}/results" => form(&[("r1", "1-0")]),
        "/events/{id}/rounds/{n}/boards/{b}/players" => {
            form(&[("red", "2"), ("black", "1"), ("reason", "lot")])
        }
        "/events/{id}/rounds/{n}/boards/{b}/report" => form(&[("result", "1-0")]),
        "/events/{id}/rounds/{n}/boards/{b}/record" => form(&[("game", "1"), ("record", RECORD)]),
        "/events/{id}/rounds/{n}/boards/{b}/record/apply" => {
            form(&[("game", "1"), ("version", "1")])
        }
        "/events/{id}/deals" => form(&[("round", "2"), ("game", "1")]),
        "/events/{id}/deals/round" => form(&[("round", "2")]),
        "/events/{id}/deals/knockout" | "/events/{id}/deals/unseal-finished" => form(&[]),
        "/events/{id}/deals/announce" => form(&[("announce", "on")]),
        "/events/{id}/deals/{deal_id}/unseal" => form(&[("override", "on")]),
        "/events/{id}/deals/{deal_id}/public-value" => {
            form(&[("public_value", "2026-03-01 lottery 12 34 56")])
        }
        "/events/{id}/push-rating" => form(&[("list", "1"), ("start_from_event", "on")]),
        "/events/{id}/knockout" => form(&[("tie_rule", "armageddon"), ("third_place", "on")]),
        "/events/{id}/knockout/discard" => form(&[]),
        "/events/{id}/knockout/withdraw" => {
            form(&[("start", "2"), ("reason", "ill"), ("confirm", "yes")])
        }
        "/events/{id}/knockout/matches/{m}/decider" => form(&[("v", "1"), ("colour", "red")]),
        "/events/{id}/knockout/matches/{m}/forfeit" => {
            form(&[("v", "1"), ("start", "1"), ("reason", "absent")])
        }
        "/events/{id}/knockout/matches/{m}/lot" => form(&[("v", "1"), ("red", "1")]),
        "/events/{id}/knockout/matches/{m}/games/{g}" => form(&[("v", "1"), ("result", "1-0")]),
        "/events/{id}/knockout/matches/{m}/games/{g}/report" => form(&[("result", "1-0")]),
        "/events/{id}/knockout/matches/{m}/games/{g}/record" => form(&[("record", RECORD)]),
        "/events/{id}/prizes" => form(&[("currency", "HKD"), ("rows", "1 1 3000")]),
        "/events/{id}/prizes/template" => form(&[]),
        "/ratings" | "/ratings/{id}/settings" => form(&[
            ("name", "Matrix list"),
            ("start_points", "1500"),
            ("variant", "jieqi"),
        ]),
        "/ratings/{id}/games" => form(&[
            ("date", "2026-03-01"),
            ("red", "甲"),
            ("black", "乙"),
            ("result", "1-0"),
        ]),
        "/ratings/{id}/start" => form(&[("csv", "player,points,games\n甲,1600,3\n")]),
        "/ratings/{id}/upload" => form(&[
            ("label", "more"),
            ("csv", "date,red,black,result\n2026-03-01,甲,乙,1-0\n"),
        ]),
        "/ratings/{id}/uploads/{upload}/remove" => form(&why),
        "/api/events" => Write::Json(json!({
            "name": "API Open", "variant": "jieqi", "rounds": 5, "scoring": [2, 1, 0],
            "knockout_size": 0, "best_of": 1
        })),
        "/api/events/{id}/players" => {
            Write::Json(json!([{ "name": "戊", "club": "E", "rating": 1400 }]))
        }
        "/api/events/{id}/rounds" | "/api/events/{id}/knockout" => Write::Json(json!({})),
        "/api/events/{id}/rounds/{n}/boards/{b}/result"
        | "/api/events/{id}/knockout/matches/{m}/games/{g}/result" => {
            Write::Json(json!({ "result": "1-0" }))
        }
        "/api/events/{id}/rounds/{n}/boards/{b}/record"
        | "/api/events/{id}/knockout/matches/{m}/games/{g}/record" => Write::Text(RECORD),
        "/api/events/{id}/knockout/matches/{m}/decider" => {
            Write::Json(json!({ "higher_seed_plays": "red" }))
        }
        "/api/events/{id}/prizes" => Write::Json(json!({
            "currency": "HKD", "rows": [{ "from": 1, "to": 1, "amount": 3000 }]
        })),
        "/events/{id}/sections" => form(&[("section", "少年組"), ("format", "round_robin")]),
        "/events/{id}/draw" => form(&[("method", "lot")]),
        "/events/{id}/players/{start}/move" => form(&[("to", "1"), ("reason", "wrong section")]),
        "/api/events/{id}/sections" => {
            Write::Json(json!({"name": "少年組", "format": "round_robin"}))
        }
        "/api/events/{id}/draw" => Write::Json(json!({"method": "rating"})),
        "/api/events/{id}/players/{start}/move" => Write::Json(json!({"to": 1})),
        "/events/{id}/forbidden" => form(&[("pairs", "1-2"), ("reason", "siblings")]),
        "/events/{id}/forbidden/remove" => form(&[("a", "1"), ("b", "2"), ("reason", "no")]),
        "/api/events/{id}/forbidden" => Write::Json(json!([[1, 2]])),
        "/events/{id}/players/{start}/fouls" => form(&[("round", "1"), ("count", "1")]),
        "/events/{id}/lot" => form(&[]),
        "/api/events/{id}/players/{start}/fouls" => Write::Json(json!({"round": 1, "count": 1})),
        "/api/events/{id}/lot" => Write::Json(json!({})),
        "/report/{token}" => form(&[("round", "1"), ("board", "1"), ("result", "1-0")]),
        "/events/{id}/register" | "/entries/{token}" => form(&[("name", "己")]),
        "/entries/{token}/cancel" => form(&[]),
        "/events/{id}/entry-form" => form(&[("open", "on")]),
        "/events/{id}/entries/{eid}/confirm" | "/events/{id}/entries/{eid}/refuse" => form(&[]),
        "/events/{id}/entries/{eid}/paid" => form(&[("paid", "yes")]),
        "/api/events/{id}/entries/{eid}/confirm" | "/api/events/{id}/entries/{eid}/refuse" => {
            Write::Json(json!({}))
        }
        "/api/events/{id}/entries/{eid}/paid" => Write::Json(json!({"paid": true})),
        "/events/{id}/checkin/find" => form(&[("q", "1")]),
        "/events/{id}/checkin/{start}" => form(&[("present", "1")]),
        "/api/events/{id}/checkin/{start}" => Write::Json(json!({"present": true})),
        "/events/{id}/timetable" => form(&[("time_control", "90+30")]),
        "/api/events/{id}/timetable" => Write::Json(json!({"time_control": "90+30"})),
        other => panic!("no valid body for {other}: add one"),
    }
}

/// Whether a response is a refusal: 401, 403, 404, or the redirect to the login page.
fn refused(r: &Resp) -> bool {
    matches!(r.status, 401 | 403 | 404)
        || (r.status == 303
            && r.location
                .as_deref()
                .is_some_and(|l| l.starts_with("/login")))
}

#[test]
fn every_route_answers_every_role_as_the_table_says() {
    let w = World::new("matrix");
    let ids = fixture(&w);
    let mut wrong = Vec::new();
    for (role, account) in ROLES {
        let mut c = client_for(&w, account);
        if role == Anonymous {
            c.csrf();
        }
        for (method, route, who) in TABLE {
            let mut path = fill(route, &ids);
            if route.contains("{upload}") {
                // Removing a batch works once: each visitor gets a batch of their own to try.
                let batch = fresh_batch(&w, ids.list);
                path = path.replace(
                    &format!("/uploads/{}/", ids.upload),
                    &format!("/uploads/{batch}/"),
                );
            }
            let allowed = who.allows(role);
            let r = match (*method, allowed) {
                ("get", _) => c.get(&path),
                (_, true) if route.starts_with("/api/") => {
                    c.json(&method.to_uppercase(), &path, &serde_json::json!({}))
                }
                ("post", true) => c.form(&path, &[]),
                (_, false) => match valid_write(route) {
                    Write::Form(fields) => c.form(&path, &fields),
                    Write::Json(body) => c.json(&method.to_uppercase(), &path, &body),
                    Write::Text(body) => {
                        c.send(&method.to_uppercase(), &path, "text/plain", body.into())
                    }
                },
                (other, _) => panic!("no request for {other}"),
            };
            let ok = if allowed { !refused(&r) } else { refused(&r) };
            if !ok {
                wrong.push(format!(
                    "{role:?} {method} {path}: {} (table: {who:?}) {}",
                    r.status,
                    r.location.unwrap_or_default()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} answers differ from the table:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Whether `body` holds `word` standing alone: not inside a longer run of letters and digits (a
/// random hex token of the page, an account's say, can hold a move such as "a3a2" by chance).
fn holds_word(body: &str, word: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    body.match_indices(word).any(|(at, _)| {
        !alnum(body[..at].chars().next_back()) && !alnum(body[at + word.len()..].chars().next())
    })
}

/// The secrecy test: with round 1 in play under a sealed deal and a record stored on board 1,
/// no response to anyone but the event's arbiters — on any page or API route, export, viewer or
/// print sheet, before and after the arbiters have loaded them (the page cache) — holds the deal,
/// its seed or a move of the record.
#[test]
fn nothing_sealed_leaks_on_any_route_to_anyone_but_the_arbiters() {
    let w = World::new("secrecy");
    let ids = fixture(&w);
    let mut arb = w.login("arb");
    let deal = crate::deals::fields(&mut arb, ids.event, ids.deal);
    let record = arb
        .get(&format!(
            "/events/{}/rounds/1/boards/1/record.txt?game=1",
            ids.event
        ))
        .body;
    // The moves of the record as written (ICCS with the reveals), e.g. "h2e2".
    let moves: Vec<String> = record
        .lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| l.split_whitespace())
        .filter(|t| t.len() >= 4 && t.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
        .collect();
    assert!(moves.len() >= 10, "{record}");
    let secrets: Vec<&str> = [deal["deal"].as_str(), deal["seed"].as_str()]
        .into_iter()
        .chain(moves.iter().map(String::as_str))
        .collect();
    let gets: Vec<String> = TABLE
        .iter()
        .filter(|(m, _, _)| *m == "get")
        .map(|(_, r, _)| fill(r, &ids))
        .chain([
            format!("/events/{}/rounds/1/boards/1/record.txt?game=1", ids.event),
            format!("/events/{}/export.json", ids.event),
        ])
        .collect();
    // The arbiters load every page first, so a cached copy would be there to leak.
    let mut org = w.login("org");
    for path in &gets {
        arb.get(path);
        org.get(path);
    }
    let mut leaks = Vec::new();
    for (role, account) in ROLES {
        if matches!(role, Arbiter | Organizer | Admin) {
            continue;
        }
        let mut c = client_for(&w, account);
        // Hex that is public to this visitor (the form token, the deal's commitment) can hold a
        // move such as "a5b6" by chance: it is taken out before looking.
        let public_hex = [c.csrf(), deal["commitment"].clone()];
        for path in &gets {
            let r = c.get(path);
            let body = public_hex
                .iter()
                .fold(r.body.clone(), |b, hex| b.replace(hex.as_str(), ""));
            for secret in &secrets {
                if holds_word(&body, secret) {
                    leaks.push(format!("{role:?} {path}: {} holds {secret}", r.status));
                }
            }
        }
    }
    assert!(leaks.is_empty(), "{}", leaks.join("\n"));
}
