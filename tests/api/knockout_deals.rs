//! A knockout played under "deals required" (RULES.md §8, §9): each game's deal is sealed when the
//! match page says it is missing, while other games of its round are under way; a game that cannot
//! exist is refused, a re-draw needs a confirmation, a used deal is never drawn again, and a round's
//! or the whole knockout's deals are sealed, and the finished ones unsealed, in one step each.

use serde_json::{Value, json};

use crate::deals::seal;
use crate::json_api::api_client;
use crate::knockout::{find_match, register};
use crate::support::*;

/// An 8-player Jieqi event with one Swiss round and a top-8 best-of-3 knockout, deals required;
/// the Swiss round sealed, played and unsealed. Returns the event id.
fn event_through_the_swiss(w: &World) -> i64 {
    let mut org = w.login("org");
    let id = create_event_with(
        &mut org,
        &[
            ("name", "佈局淘汰賽"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("swiss_rounds", "1"),
            ("knockout_size", "8"),
            ("best_of", "3"),
            ("deals_required", "on"),
        ],
    );
    register(&mut org, id, 8);
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 400, "no deal yet: {}", r.body);
    crate::deals::seal(&mut arb, id, 1, "1");
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    crate::deals::finish_round(&mut arb, id, 1, "1-0");
    let r = arb.form(&format!("/events/{id}/deals/unseal-finished"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    id
}

/// [`event_through_the_swiss`] with its knockout (and 3rd-place match) seeded through the API;
/// returns the event id, the arbiter "arb" signed in and "arb"'s API client.
fn knockout_seeded_under_deals(w: &World) -> (i64, Client, Client) {
    let id = event_through_the_swiss(w);
    let arb = w.login("arb");
    let mut api = api_client(w, "arb");
    let r = api.json(
        "POST",
        &format!("/api/events/{id}/knockout"),
        &json!({"third_place_match": true}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    (id, arb, api)
}

/// The bracket as the API shows it.
fn bracket(api: &mut Client, id: i64) -> Value {
    api.get(&format!("/api/events/{id}/knockout")).json()
}

/// Plays the next game of match `m` as the arbiter does: when the match page says the game's deal
/// is missing, seals it with the page's own form (which brings the page back); chooses Red for the
/// higher seed in a decider; then enters the result that makes the player in `winner` slot (0
/// upper, 1 lower; `None` a draw) win, through the API.
fn play_game(arb: &mut Client, api: &mut Client, id: i64, m: u64, winner: Option<usize>) {
    let url = format!("/events/{id}/knockout/matches/{m}");
    let page = arb.get(&url);
    if html::text(&page.body, "#deal-notice").is_some() {
        let field = |name: &str| {
            html::attrs(
                &page.body,
                &format!("#seal-deal input[name={name}]"),
                "value",
            )
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("the match page offers to seal the deal: {}", page.body))
        };
        let (round, game, back) = (field("round"), field("game"), field("back"));
        let r = arb.form(
            &format!("/events/{id}/deals"),
            &[("round", &round), ("game", &game), ("back", &back)],
        );
        assert_eq!(
            r.status, 303,
            "match {m}: sealing round {round} game {game} as the match page says: {}",
            r.body
        );
        assert_eq!(r.location.as_deref(), Some(url.as_str()));
        let page = arb.get(&url);
        assert_eq!(
            html::text(&page.body, "#deal-notice"),
            None,
            "{}",
            page.body
        );
    }
    let mt = find_match(&bracket(api, id), m);
    let game = mt["games"].as_array().unwrap().last().cloned().unwrap();
    let number = game["number"].as_u64().unwrap();
    if game["red"].is_null() {
        let r = api.json(
            "PUT",
            &format!("/api/events/{id}/knockout/matches/{m}/decider"),
            &json!({"higher_seed_plays": "red"}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let mt = find_match(&bracket(api, id), m);
    let game = mt["games"].as_array().unwrap().last().cloned().unwrap();
    let red = game["red"].as_u64().unwrap();
    let result = match winner {
        None => "1/2-1/2",
        Some(slot) if mt["players"][slot].as_u64() == Some(red) => "1-0",
        Some(_) => "0-1",
    };
    let r = api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/{m}/games/{number}/result"),
        &json!({ "result": result }),
    );
    assert_eq!(r.status, 200, "match {m} game {number}: {}", r.body);
}

/// [`play_game`] for each (match, winner) of `games`, in order.
fn play_games(arb: &mut Client, api: &mut Client, id: i64, games: &[(u64, Option<usize>)]) {
    for &(m, winner) in games {
        play_game(arb, api, id, m, winner);
    }
}

/// The status of every deal on the deals page.
fn statuses(arb: &mut Client, id: i64) -> Vec<String> {
    let page = arb.get(&format!("/events/{id}/deals"));
    html::attrs(&page.body, "#deals tr[data-status]", "data-status")
}

#[test]
fn a_knockout_with_deals_required_is_sealed_game_by_game_as_the_match_page_says() {
    let w = World::new("ko-deals-by-game");
    let (id, mut arb, mut api) = knockout_seeded_under_deals(&w);

    // Quarter-finals: match 1 wins 2–0 while the others play; match 3 goes to a drawn decider.
    let (up, down) = (Some(0), Some(1));
    play_games(&mut arb, &mut api, id, &[(1, up), (2, down)]);
    // Match 2 is under way: its first game's lot was drawn, and is not offered again.
    let page = arb.get(&format!("/events/{id}/knockout/matches/2")).body;
    assert!(
        html::text(&page, "#lot").is_none(),
        "lot offered again: {page}"
    );
    play_games(
        &mut arb,
        &mut api,
        id,
        &[
            (1, up),
            (3, None),
            (2, up),
            (3, down),
            (2, up),
            (3, up),
            (4, down),
            (4, down),
            (3, None),
        ],
    );
    let b = bracket(&mut api, id);
    let m3 = find_match(&b, 3);
    assert_eq!(m3["games"].as_array().unwrap().len(), 4, "a decider: {m3}");
    assert!(m3["winner"].is_u64());

    // Game 4 of a best-of-3 quarter-final does not exist; the decider's deal is in use.
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "2"), ("game", "4")],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(html::text(&r.body, "#seal .error").is_some(), "{}", r.body);
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "2"), ("game", "decider"), ("redraw", "1")],
    );
    assert_eq!(
        r.status, 409,
        "a used deal is never drawn again: {}",
        r.body
    );

    // Semi-finals, then the final and the 3rd-place match, game by game.
    play_games(
        &mut arb,
        &mut api,
        id,
        &[
            (5, up),
            (6, down),
            (5, up),
            (6, down),
            (8, up),
            (7, down),
            (8, up),
            (7, up),
            (7, up),
        ],
    );
    let b = bracket(&mut api, id);
    assert!(find_match(&b, 7)["winner"].is_u64());
    assert!(find_match(&b, 8)["winner"].is_u64());
    let r = arb.get(&format!("/api/events/{id}/ranking"));
    assert_eq!(r.status, 200, "{}", r.body);

    // Every deal is finished: one step unseals them all.
    let before = statuses(&mut arb, id);
    let sealed = before.iter().filter(|s| *s == "sealed").count();
    assert!(sealed >= 9, "{before:?}");
    let r = arb.form(&format!("/events/{id}/deals/unseal-finished"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(r.location.as_deref().unwrap());
    assert!(html::text(&page.body, "#done").is_some(), "{}", page.body);
    let after = statuses(&mut arb, id);
    assert_eq!(after.len(), before.len());
    assert!(after.iter().all(|s| s == "unsealed"), "{after:?}");
}

#[test]
fn a_knockout_is_sealed_and_its_finished_deals_unsealed_in_one_step_each() {
    let w = World::new("ko-deals-at-once");
    let (id, mut arb, mut api) = knockout_seeded_under_deals(&w);

    // The quarter-finals' games 1–3 and decider in one step.
    let r = arb.form(&format!("/events/{id}/deals/round"), &[("round", "2")]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(statuses(&mut arb, id)[1..], ["sealed"; 4]);
    let r = arb.form(&format!("/events/{id}/deals/round"), &[("round", "2")]);
    assert_eq!(r.status, 400, "nothing left to seal: {}", r.body);
    assert!(html::text(&r.body, "#seal-round .error").is_some());

    // Nothing is finished before the quarter-finals are played.
    let r = arb.form(&format!("/events/{id}/deals/unseal-finished"), &[]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(html::text(&r.body, "#unseal-finished .error").is_some());

    // The rest of the knockout in one step: the semi-finals', the final's and the 3rd-place
    // match's games, each 1–3 and the decider.
    let r = arb.form(&format!("/events/{id}/deals/knockout"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(statuses(&mut arb, id).len(), 1 + 4 * 4);

    // Two quarter-finals end 2–0 and two 2–1: game 3 is not played everywhere, so its deal waits.
    for m in 1..=4 {
        play_game(&mut arb, &mut api, id, m, Some(0));
        play_game(&mut arb, &mut api, id, m, Some(m as usize % 2));
        if m % 2 == 1 {
            play_game(&mut arb, &mut api, id, m, Some(0));
        }
    }
    let r = arb.form(&format!("/events/{id}/deals/unseal-finished"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let after = statuses(&mut arb, id);
    assert_eq!(
        after[..5],
        ["unsealed", "unsealed", "unsealed", "unsealed", "unsealed"],
        "the Swiss round's and the quarter-finals' games 1–3 and decider: {after:?}"
    );
    assert!(after[5..].iter().all(|s| s == "sealed"), "{after:?}");
}

/// Enters the result of game 1 of a knockout match through the API.
pub fn ko_result(api: &mut Client, id: i64, m: u32, result: &str) -> Resp {
    api.json(
        "PUT",
        &format!("/api/events/{id}/knockout/matches/{m}/games/1/result"),
        &json!({ "result": result }),
    )
}

/// Unseals a deal as an arbiter (no override).
fn unseal_round(arb: &mut Client, id: i64, deal: i64) -> Resp {
    arb.form(&format!("/events/{id}/deals/{deal}/unseal"), &[])
}

#[test]
fn the_final_and_the_third_place_match_are_dealt_sealed_and_unsealed_apart() {
    let w = World::new("ko-deals-final");
    // One Swiss round (deal round 1), semi-finals (2), the final (3), the 3rd-place match (4).
    let (id, mut arb, mut api) = crate::knockout::seeded_after_one_round(&w, "1");

    let list = arb.get(&format!("/events/{id}/deals"));
    assert!(
        html::text(&list.body, "#seal select[name=round] option[value='3']")
            .is_some_and(|t| t.starts_with("Final")),
        "{}",
        list.body
    );
    assert!(
        html::text(&list.body, "#seal select[name=round] option[value='4']")
            .is_some_and(|t| t.starts_with("3rd-place match")),
        "{}",
        list.body
    );
    let semis = seal(&mut arb, id, 2, "1");
    assert_eq!(ko_result(&mut api, id, 1, "1-0").status, 200);
    assert_eq!(ko_result(&mut api, id, 2, "1-0").status, 200);
    assert_eq!(unseal_round(&mut arb, id, semis).status, 303);

    let final_deal = seal(&mut arb, id, 3, "1");
    let third_deal = seal(&mut arb, id, 4, "1");
    // The 3rd-place match is played first: the final's deal may still be drawn again (it was a
    // 409 when both shared one deal round), and the 3rd-place deal is unsealed on its own.
    assert_eq!(ko_result(&mut api, id, 4, "0-1").status, 200);
    let redrawn = crate::deals::redraw(&mut arb, id, 3, "1");
    assert_ne!(redrawn, final_deal, "a re-draw of the final's deal");
    let r = unseal_round(&mut arb, id, third_deal);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = unseal_round(&mut arb, id, redrawn);
    assert_eq!(r.status, 409, "the final is not played yet");
    assert!(r.body.contains("3"), "names the final: {}", r.body);
    assert!(!r.body.contains("match 4"), "{}", r.body);

    // The final's game cannot be re-dealt once started; then its deal unseals.
    assert_eq!(ko_result(&mut api, id, 3, "1-0").status, 200);
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "3"), ("game", "1")],
    );
    assert_eq!(r.status, 409, "the final has started");
    assert_eq!(unseal_round(&mut arb, id, redrawn).status, 303);
    // Past the 3rd-place match's round there is no knockout deal round.
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "5"), ("game", "1")],
    );
    assert_eq!(r.status, 400, "past the final");
}
