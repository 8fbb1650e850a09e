//! Sealed duplicate deals over HTTP (RULES.md §9): sealing, secrecy (404 for players, other
//! events' arbiters and anonymous visitors), unsealing only when every game has a result or by a
//! logged override, re-draws that keep the withdrawn deal listed, and public verification.

use std::collections::HashMap;

use crate::json_api::api_client;
use crate::knockout::{event_with, play_swiss_round, register};
use crate::knockout_deals::ko_result;
use crate::support::*;
use anqi::rules::adjudicate::GameResult;
use anqi::rules::notation::{Notation, WrittenMove, write_game};
use anqi::rules::xiangqi::{Deal, Position};
use serde_json::json;

/// An event of `variant` with `players` players, arbiter "arb", and the account "player" linked to
/// start number 1. Another event (organizer org2) has "arb2" as its arbiter.
pub fn setup(w: &World, variant: &str, players: usize) -> i64 {
    let id = event("Deals test", variant)
        .players(players)
        .arbiter("arb")
        .link(1, "player")
        .build(w);
    event("Other event", variant)
        .by("org2")
        .arbiter("arb2")
        .build(w);
    id
}

/// A Jieqi event (中弈杯's dates and venue) that requires deals: one Swiss round, then a knockout of
/// four, one game a match; returns its id.
pub fn required_deals_event(org: &mut Client) -> i64 {
    let mut fields = new_event_fields("必須佈局", "jieqi").to_vec();
    fields.extend([
        ("swiss_rounds", "1"),
        ("knockout_size", "4"),
        ("best_of", "1"),
        ("deals_required", "on"),
    ]);
    create_event_with(org, &fields)
}

/// Seals a deal for a game of a round as `arb`; returns the deal id.
pub fn seal(arb: &mut Client, id: i64, round: u32, game: &str) -> i64 {
    seal_with(arb, id, round, game, &[])
}

/// Draws a sealed game's deal again as `arb`, with the form's confirmation ticked; returns the new id.
pub fn redraw(arb: &mut Client, id: i64, round: u32, game: &str) -> i64 {
    seal_with(arb, id, round, game, &[("redraw", "1")])
}

fn seal_with(arb: &mut Client, id: i64, round: u32, game: &str, more: &[(&str, &str)]) -> i64 {
    let round = round.to_string();
    let mut fields = vec![("round", round.as_str()), ("game", game)];
    fields.extend_from_slice(more);
    let r = arb.form(&format!("/events/{id}/deals"), &fields);
    assert_eq!(r.status, 303, "seal: {}", r.body);
    let loc = r.location.unwrap();
    loc.rsplit('/').next().unwrap().parse().unwrap()
}

/// The fields of a deal from its plain-text page (as a visitor who may see it).
pub fn fields(client: &mut Client, id: i64, deal_id: i64) -> HashMap<String, String> {
    let r = client.get(&format!("/events/{id}/deals/{deal_id}/deal.txt"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Pairs and publishes the next round as `arb`; returns the number of boards with a game.
pub fn pair_and_publish(arb: &mut Client, id: i64, round: u32) -> usize {
    publish_round(arb, id, round);
    let page = arb.get(&format!("/events/{id}/rounds/{round}"));
    crate::swiss::versions(&page.body).len()
}

/// Enters `result` on every board of a round that has no result yet.
pub fn finish_round(arb: &mut Client, id: i64, round: u32, result: &str) {
    enter_results(arb, id, round, |_, _, _| result);
}

/// A legal Jieqi record of `plies` plies played on `deal` (the first legal move each time, reveals
/// named as the deal has them), in ICCS, ending with `result`.
pub fn jieqi_record(deal: &str, plies: usize, result: Option<GameResult>) -> String {
    let deal = Deal::parse(deal).expect("deal");
    let start = Position::start_with_deal(&deal);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let m = *pos.legal_moves().iter().next().expect("a legal move");
        moves.push(WrittenMove {
            mv: m,
            reveal: pos.hidden_identity(m.from()),
            captured: None,
        });
        pos.make_move(m).expect("legal");
    }
    let tags = vec![("Variant".to_string(), "jieqi".to_string())];
    write_game(&start, &moves, Notation::Iccs, &tags, None, result).expect("record")
}

/// A visitor who is none of the event's arbiters: the linked player, another event's arbiter, anonymous.
fn outsiders(w: &World) -> Vec<(&'static str, Client)> {
    vec![
        ("player", w.login("player")),
        ("arb2", w.login("arb2")),
        ("anonymous", w.server.client()),
    ]
}

#[test]
fn deals_and_records_are_secret_until_unsealed_and_public_after() {
    let w = World::new("deals-secret");
    let id = setup(&w, "jieqi", 4);
    let mut arb = w.login("arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    let f = fields(&mut arb, id, deal_id);
    assert_eq!(f["status"], "sealed");
    assert_eq!(f["deal"].len(), 30);
    assert_eq!(f["seed"].len(), 64);
    let boards = pair_and_publish(&mut arb, id, 1);
    assert_eq!(boards, 2);
    let record = jieqi_record(&f["deal"], 12, None);
    let r = arb.form(
        &format!("/events/{id}/rounds/1/boards/1/record"),
        &[("game", "1"), ("record", &record)],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    let urls = [
        format!("/events/{id}/deals"),
        format!("/events/{id}/deals/{deal_id}"),
        format!("/events/{id}/deals/{deal_id}/sheet"),
        format!("/events/{id}/deals/{deal_id}/deal.txt"),
        format!("/events/{id}/deals/{deal_id}/verify"),
        format!("/events/{id}/rounds/1/boards/1/record"),
        format!("/events/{id}/rounds/1/boards/1/record.txt?game=1"),
        format!("/events/{id}/deals/round/1/sheets"),
    ];
    // The event's arbiter and organizer see everything.
    let mut org = w.login("org");
    for url in &urls {
        assert_eq!(arb.get(url).status, 200, "arbiter: {url}");
        assert_eq!(org.get(url).status, 200, "organizer: {url}");
    }
    let sheet = arb.get(&format!("/events/{id}/deals/{deal_id}/sheet"));
    assert!(sheet.body.contains(&f["commitment"]));
    assert!(sheet.body.contains(&f["deal"]));
    assert!(sheet.body.contains("/static/deals.css"));
    // Every face-down square shows its piece in Chinese and letters; the kings stand face-up.
    assert_eq!(sheet.body.matches("class=\"piece ").count(), 32);
    assert_eq!(sheet.body.matches(" up\"").count(), 2);
    let a9 = f["deal"].chars().next().unwrap();
    let zh = anqi::deal::chinese_name(anqi::rules::Variant::Jieqi, a9).unwrap();
    // Rank 9's first square (a9): a black face-down piece, named in Chinese and by its letter.
    let doc = scraper::Html::parse_document(&sheet.body);
    let rank = scraper::Selector::parse("tbody tr").unwrap();
    let th = scraper::Selector::parse("th").unwrap();
    let first = scraper::Selector::parse("th + td").unwrap();
    let a9_cell = doc
        .select(&rank)
        .find(|tr| tr.select(&th).next().map(html::text_of).as_deref() == Some("9"))
        .and_then(|tr| tr.select(&first).next())
        .expect("rank 9 of the sheet");
    let classes: Vec<&str> = a9_cell.value().classes().collect();
    assert!(
        classes.contains(&"piece") && classes.contains(&"black"),
        "{classes:?}"
    );
    let spans = html::texts(&a9_cell.html(), "span.zh, span.letter");
    assert_eq!(
        spans,
        [zh.to_string(), a9.to_string()],
        "a9 holds {zh} {a9}"
    );

    for (who, mut c) in outsiders(&w) {
        for url in &urls {
            let r = c.get(url);
            assert_eq!(r.status, 404, "{who} before unsealing: {url}");
        }
        // The round page is public but tells nothing of the deal (the event does not announce it).
        let page = c.get(&format!("/events/{id}/rounds/1"));
        assert_eq!(page.status, 200);
        for secret in [&f["deal"], &f["seed"], &f["commitment"]] {
            assert!(!page.body.contains(secret.as_str()), "{who} sees {secret}");
        }
        assert!(
            !page.body.contains("/rounds/1/boards/1\""),
            "{who}: the record's existence is hidden too"
        );
    }

    // Unsealing is refused while a game has no result.
    let r = arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[]);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body.contains("board 2"),
        "names the pending game: {}",
        r.body
    );
    assert_eq!(fields(&mut arb, id, deal_id)["status"], "sealed");

    finish_round(&mut arb, id, 1, "1/2-1/2");
    let r = arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);

    for (who, mut c) in outsiders(&w) {
        for url in &urls[1..] {
            assert_eq!(c.get(url).status, 200, "{who} after unsealing: {url}");
        }
        assert_eq!(
            c.get(&urls[0]).status,
            404,
            "{who}: the arbiters' list stays theirs"
        );
        let page = c.get(&format!("/events/{id}/rounds/1"));
        for public in [&f["deal"], &f["seed"], &f["commitment"]] {
            assert!(page.body.contains(public.as_str()), "{who} misses {public}");
        }
        assert!(page.body.contains(&format!("/deals/{deal_id}/verify")));
        let text = c.get(&urls[6]);
        assert_eq!(text.status, 200);
        assert_eq!(text.body, record);
    }
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("deal.seal"));
    assert!(audit.body.contains("deal.unseal"));
    assert!(!audit.body.contains("deal.unseal_override"));
}

#[test]
fn unsealing_with_games_pending_needs_the_logged_override() {
    let w = World::new("deals-override");
    let id = setup(&w, "banqi", 4);
    let mut arb = w.login("arb");
    // Before the round is even paired, nothing has been played.
    let deal_id = seal(&mut arb, id, 1, "1");
    let r = arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[]);
    assert_eq!(r.status, 409);
    assert!(r.body.contains("not paired"), "{}", r.body);
    pair_and_publish(&mut arb, id, 1);
    let page = arb.get(&format!("/events/{id}/deals/{deal_id}"));
    assert!(page.body.contains("name=\"override\""), "override offered");
    assert!(
        html::text(&page.body, "#unseal").is_some(),
        "unseal offered"
    );
    let sheet = arb.get(&format!("/events/{id}/deals/{deal_id}/sheet"));
    assert_eq!(
        sheet.body.matches("class=\"piece ").count(),
        32,
        "4×8 Banqi board"
    );
    assert!(sheet.body.contains("class=\"diagram banqi\""));

    // Someone who is not an arbiter of this event cannot unseal it at all.
    let mut arb2 = w.login("arb2");
    let r = arb2.form(
        &format!("/events/{id}/deals/{deal_id}/unseal"),
        &[("override", "1")],
    );
    assert_eq!(r.status, 403);

    let r = arb.form(
        &format!("/events/{id}/deals/{deal_id}/unseal"),
        &[("override", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let f = fields(&mut w.server.client(), id, deal_id);
    assert_eq!(f["status"], "unsealed");
    assert_eq!(f["deal"].len(), 32, "a Banqi deal");
    let event_page = arb.get(&format!("/events/{id}/audit"));
    assert!(event_page.body.contains("deal.unseal_override"));
    assert!(
        event_page.body.contains("board 1, board 2"),
        "pending games logged"
    );
    let page = arb.get(&format!("/events/{id}/deals/{deal_id}"));
    assert!(page.body.contains("id=\"status\""));
    assert!(
        html::text(&page.body, "#unseal").is_none(),
        "no unseal form once unsealed"
    );
    // Unsealed once: a second unseal is refused and the record never changes back.
    let r = arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[]);
    assert_eq!(r.status, 409);
}

#[test]
fn a_redraw_before_the_round_starts_withdraws_the_old_deal_which_stays_listed() {
    let w = World::new("deals-redraw");
    let id = setup(&w, "jieqi", 4);
    let mut arb = w.login("arb");
    let first = seal(&mut arb, id, 1, "1");
    // Sealing a sealed game again is a re-draw: refused beside the form until it is confirmed.
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "1"), ("game", "1")],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        html::text(&r.body, "#seal .error").is_some_and(|e| e.contains("draw again")),
        "{}",
        r.body
    );
    let second = redraw(&mut arb, id, 1, "1");
    assert_ne!(first, second);
    let a = fields(&mut arb, id, first);
    let b = fields(&mut arb, id, second);
    assert_eq!(a["status"], "withdrawn");
    assert_eq!(b["status"], "sealed");
    assert_ne!(a["seed"], b["seed"], "a fresh seed each time");
    assert_ne!(a["commitment"], b["commitment"]);
    let list = arb.get(&format!("/events/{id}/deals"));
    assert!(
        list.body
            .contains(&format!("data-deal=\"{first}\" data-status=\"withdrawn\""))
    );
    assert!(
        list.body
            .contains(&format!("data-deal=\"{second}\" data-status=\"sealed\""))
    );
    assert!(list.body.contains(&a["commitment"]));
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("deal.withdraw"));

    // Other rounds have their own deals; a knockout round's decider too. A Swiss round has no
    // decider.
    let decider = seal(&mut arb, id, 7, "decider");
    assert_eq!(fields(&mut arb, id, decider)["game"], "decider");
    assert_eq!(fields(&mut arb, id, second)["status"], "sealed");
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "1"), ("game", "decider")],
    );
    assert_eq!(r.status, 400, "{}", r.body);

    // Once a board has a result the round has started: no re-draw.
    pair_and_publish(&mut arb, id, 1);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let (board, version) = crate::swiss::versions(&page.body)[0];
    let r = arb.form(
        &format!("/events/{id}/rounds/1/results"),
        &[
            (&format!("r{board}") as &str, "1-0"),
            (&format!("v{board}"), &version.to_string()),
        ],
    );
    assert_eq!(r.status, 303);
    let r = arb.form(
        &format!("/events/{id}/deals"),
        &[("round", "1"), ("game", "1"), ("redraw", "1")],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(fields(&mut arb, id, second)["status"], "sealed");

    // A withdrawn deal is never made public.
    finish_round(&mut arb, id, 1, "0-1");
    let r = arb.form(&format!("/events/{id}/deals/{first}/unseal"), &[]);
    assert_eq!(r.status, 409);
    assert_eq!(
        w.server
            .client()
            .get(&format!("/events/{id}/deals/{first}"))
            .status,
        404
    );
}

#[test]
fn the_verify_page_recomputes_the_commitment_and_detects_tampering() {
    let w = World::new("deals-verify");
    let id = setup(&w, "jieqi", 2);
    let mut arb = w.login("arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    pair_and_publish(&mut arb, id, 1);
    finish_round(&mut arb, id, 1, "1-0");
    assert_eq!(
        arb.form(&format!("/events/{id}/deals/{deal_id}/unseal"), &[])
            .status,
        303
    );
    let mut anon = w.server.client();
    let f = fields(&mut anon, id, deal_id);
    let base = format!("/events/{id}/deals/{deal_id}/verify");
    let ok = anon.get(&base);
    assert_eq!(ok.status, 200);
    assert!(ok.body.contains("data-verdict=\"ok\""), "{}", ok.body);
    // The game is chosen by its name; the form sends the command line's code.
    assert_eq!(
        crate::support::html::texts(&ok.body, "select[name=variant] option[selected]"),
        vec!["Jieqi".to_string()],
        "{}",
        ok.body
    );
    assert!(crate::support::html::attrs(&ok.body, "input[name=variant]", "value").is_empty());
    assert!(ok.body.contains(&format!(
        "anqi deal verify --variant jieqi --event {id} --round 1 --game 1"
    )));
    assert!(ok.body.contains(&f["seed"]));

    // The same command line, run with the CLI, agrees.
    let out = std::process::Command::new(anqi_bin())
        .args([
            "deal",
            "verify",
            "--variant",
            "jieqi",
            "--event",
            &id.to_string(),
            "--round",
            "1",
            "--game",
            "1",
            "--deal",
            &f["deal"],
            "--seed",
            &f["seed"],
            "--commitment",
            &f["commitment"],
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // Tampering with any field: another valid deal, another round, another commitment.
    let mut other: Vec<char> = f["deal"].chars().collect();
    let j = (1..15).find(|&j| other[j] != other[0]).unwrap();
    other.swap(0, j);
    let other: String = other.into_iter().collect();
    for query in [
        format!("deal={other}"),
        "round=2".to_string(),
        format!("commitment={}", "0".repeat(64)),
        format!("event={}", id + 1),
    ] {
        let r = anon.get(&format!("{base}?{query}"));
        assert_eq!(r.status, 200);
        assert!(
            r.body.contains("data-verdict=\"mismatch\""),
            "{query}: {}",
            r.body
        );
    }
    let r = anon.get(&format!("{base}?deal={other}"));
    assert!(r.body.contains("seed does not draw"), "{}", r.body);
    let r = anon.get(&format!("{base}?seed=xyz"));
    assert!(r.body.contains("data-verdict=\"mismatch\""));
    assert!(r.body.contains("seed:"), "names the field: {}", r.body);
}

#[test]
fn an_announcing_event_shows_the_commitment_but_nothing_else_before_unsealing() {
    let w = World::new("deals-announce");
    let id = setup(&w, "jieqi", 2);
    let mut arb = w.login("arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    pair_and_publish(&mut arb, id, 1);
    let f = fields(&mut arb, id, deal_id);
    let mut anon = w.server.client();
    let page = anon.get(&format!("/events/{id}/rounds/1"));
    assert!(!page.body.contains(&f["commitment"]));

    // Only the organizer changes the setting.
    let r = arb.form(
        &format!("/events/{id}/deals/announce"),
        &[("announce", "1")],
    );
    assert_eq!(r.status, 403);
    let mut org = w.login("org");
    let r = org.form(
        &format!("/events/{id}/deals/announce"),
        &[("announce", "1")],
    );
    assert_eq!(r.status, 303);
    let page = anon.get(&format!("/events/{id}/rounds/1"));
    assert!(page.body.contains(&f["commitment"]));
    assert!(!page.body.contains(&f["deal"]));
    assert!(!page.body.contains(&f["seed"]));
    assert!(
        !page.body.contains(&format!("/deals/{deal_id}")),
        "no link to a secret page"
    );
    assert_eq!(
        anon.get(&format!("/events/{id}/deals/{deal_id}")).status,
        404
    );
}

#[test]
fn xiangqi_events_have_no_deals() {
    let w = World::new("deals-xiangqi");
    let id = setup(&w, "xiangqi", 2);
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/deals"), &[("round", "1")]);
    assert_eq!(r.status, 400);
    assert!(r.body.contains("xiangqi"), "{}", r.body);
}

#[test]
fn deals_required_refuses_to_publish_or_start_a_game_without_its_deal() {
    let w = World::new("deals-required");
    let mut org = w.login("org");
    let id = crate::deals::required_deals_event(&mut org);
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    let mut api = api_client(&w, "arb");

    // The creation form offers the setting, ticked.
    let form = org.get("/events/new");
    assert!(
        html::attrs(&form.body, "input[name=deals_required][checked]", "value")
            .contains(&"on".to_string()),
        "{}",
        form.body
    );

    // The draft is paired; publishing it is refused, naming the round.
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let draft = arb.get(&format!("/events/{id}/rounds/1"));
    assert_eq!(draft.status, 200);
    let note = html::text(&draft.body, "#deal-notice").expect("the round page says so");
    assert!(note.contains("cannot be published"), "{note}");
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("Round 1 cannot be published"), "{}", r.body);
    assert_eq!(
        w.server
            .client()
            .get(&format!("/events/{id}/rounds/1"))
            .status,
        404,
        "still a draft"
    );
    seal(&mut arb, id, 1, "1");
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    crate::deals::finish_round(&mut arb, id, 1, "1-0");

    // A knockout game does not start without its deal.
    let r = api.json("POST", &format!("/api/events/{id}/knockout"), &json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/knockout/matches/1"));
    let note = html::text(&page.body, "#deal-notice").expect("the match page says so");
    assert!(note.contains("cannot start"), "{note}");
    let r = ko_result(&mut api, id, 1, "1-0");
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("Game 1 of match 1 cannot start"),
        "{}",
        r.body
    );
    seal(&mut arb, id, 2, "1");
    assert_eq!(ko_result(&mut api, id, 1, "1-0").status, 200);
    let page = arb.get(&format!("/events/{id}/knockout/matches/2"));
    assert!(html::text(&page.body, "#deal-notice").is_none(), "dealt");
}

#[test]
fn without_deals_required_the_round_page_says_it_is_played_without_a_deal() {
    let w = World::new("deals-none");
    let mut org = w.login("org");
    let id = event_with(&mut org, "2", "0", "1");
    register(&mut org, id, 4);
    let mut arb = w.login("arb");
    play_swiss_round(&mut arb, id, 1);
    let page = arb.get(&format!("/events/{id}/rounds/1"));
    let note = html::text(&page.body, "#deal-notice").expect("said plainly");
    assert_eq!(note, "This round is played without a sealed deal.");
    // Visitors are told only when the event announces its deals (it is the arbiters' secret).
    let anon = w.server.client().get(&format!("/events/{id}/rounds/1"));
    assert!(html::text(&anon.body, "#deal-notice").is_none());
}
