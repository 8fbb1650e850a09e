//! Pairing a round by hand (RULES.md §7): when the Dutch engine finds no pairing (four players
//! who have all met), the refusal says so beside the form and offers a draft to pair by hand; the
//! whole pairing is typed at once, refused when it is unplayable, and told what the engine would
//! have avoided; the draft then publishes as any other.

use crate::support::*;

/// Enters a result on every board of a published round: the lower start number wins.
fn finish(arb: &mut Client, id: i64, n: u32) {
    enter_results(
        arb,
        id,
        n,
        |_, red, black| if red < black { "1-0" } else { "0-1" },
    );
}

#[test]
fn when_the_engine_finds_no_pairing_the_arbiter_pairs_every_board_by_hand() {
    let w = World::new("hand-pairing");
    let mut org = w.login("org");
    let id = create_event_with(
        &mut org,
        &[
            ("name", "人手編排"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("swiss_rounds", "5"),
            ("knockout_size", "0"),
        ],
    );
    import_players(&mut org, id, FOUR_PLAYERS);
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut arb = w.login("arb");

    // Four players run out of opponents by round 4 at the latest.
    let mut stuck = None;
    for n in 1..=4 {
        let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
        if r.status != 303 {
            assert_eq!(r.status, 409, "{}", r.body);
            let why = html::text(&r.body, "#pair-error").expect("the refusal beside the form");
            assert!(why.contains("by hand"), "{why}");
            assert!(html::text(&r.body, "#pair-by-hand").is_some());
            stuck = Some(n);
            break;
        }
        let r = arb.form(&format!("/events/{id}/rounds/{n}/publish"), &[]);
        assert_eq!(r.status, 303, "{}", r.body);
        finish(&mut arb, id, n);
    }
    let n = stuck.expect("the engine ran out of pairings");
    assert!(n >= 3, "round {n}");

    // A draft to pair by hand: every player on a board, the rematches told.
    let r = arb.form(&format!("/events/{id}/rounds/by-hand"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let url = format!("/events/{id}/rounds/{n}");
    assert_eq!(r.location.as_deref(), Some(url.as_str()));
    let page = arb.get(&url);
    assert_eq!(pairings(&page.body).len(), 2);
    assert_eq!(
        html::text(&page.body, "#draft-refuses"),
        None,
        "{}",
        page.body
    );
    let told = html::texts(&page.body, "#draft-told li");
    assert!(told.iter().any(|t| t.contains("already met")), "{told:?}");

    // An unplayable pairing is refused beside the form, what was typed kept, nothing changed.
    let r = arb.form(
        &format!("{url}/draft"),
        &[
            ("red1", "1"),
            ("black1", "2"),
            ("red2", "1"),
            ("black2", "3"),
            ("reason", "no legal pairing"),
        ],
    );
    assert_eq!(r.status, 400, "{}", r.body);
    let why = html::text(&r.body, "#draft-pairing .error").expect("the refusal");
    assert!(why.contains("two boards") && why.contains('4'), "{why}");
    assert_eq!(html::attrs(&r.body, "input[name=black2]", "value"), ["3"]);
    assert_eq!(pairings(&arb.get(&url).body).len(), 2);

    // A playable one is saved whole, each board marked as paired by hand, and publishes.
    let r = arb.form(
        &format!("{url}/draft"),
        &[
            ("red1", "4"),
            ("black1", "1"),
            ("red2", "3"),
            ("black2", "2"),
            ("red3", ""),
            ("black3", ""),
            ("reason", "no legal pairing"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&url);
    assert_eq!(pairings(&page.body), [(4, Some(1)), (3, Some(2))]);
    assert_eq!(
        html::texts(&page.body, "tbody tr[data-board] abbr").len(),
        2
    );
    let r = arb.form(&format!("{url}/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    finish(&mut arb, id, n);
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(
        audit.body.contains("no legal pairing"),
        "the reason is logged"
    );
}
