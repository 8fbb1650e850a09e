//! Deals with a public value over HTTP (SquareDeal): an event that requires one seals a seed, has
//! no setup sheet until the value drawn at the venue is entered, draws the deal from
//! SHA-256(seed ‖ value), and its verify page refuses any other value.

use crate::deals::{fields, seal};
use crate::support::*;
use anqi::deal::{Commitment, Deal, DealContext, GameNumber, PublicValue, Seed, verify_with_value};
use anqi::rules::Variant;

/// A Jieqi event with "public value required" and arbiter "arb"; returns its id.
fn public_value_event(w: &World) -> i64 {
    event("Public value", "jieqi")
        .with("public_value_required", "on")
        .arbiter("arb")
        .build(w)
}

#[test]
fn the_setup_sheet_waits_for_the_public_value() {
    let w = World::new("public-value-sheet");
    let id = public_value_event(&w);
    let mut arb = w.login("arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    let before = fields(&mut arb, id, deal_id);
    assert_eq!(before["deal"], "", "no layout exists before the value");
    for url in [
        format!("/events/{id}/deals/{deal_id}/sheet"),
        format!("/events/{id}/deals/round/1/sheets"),
    ] {
        let r = arb.get(&url);
        assert_eq!(r.status, 409, "{url}: {}", r.body);
        assert!(r.body.contains("waits for its public value"), "{}", r.body);
    }
    let page = arb.get(&format!("/events/{id}/deals/{deal_id}"));
    assert!(page.body.contains("id=\"public-value-entry\""));
    let url = format!("/events/{id}/deals/{deal_id}/public-value");
    assert_eq!(arb.form(&url, &[("public_value", "  ")]).status, 400);
    let r = arb.form(&url, &[("public_value", " dice: 3, 5 (陳, 李) ")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let after = fields(&mut arb, id, deal_id);
    assert_eq!(after["public value"], "dice: 3, 5 (陳, 李)");
    assert_eq!(
        (&after["seed"], &after["commitment"]),
        (&before["seed"], &before["commitment"])
    );
    // The layout is the one the seed and the value draw, under the commitment sealed before.
    let context = DealContext::new(&id.to_string(), 1, GameNumber::Game(1)).unwrap();
    let deal = Deal::parse(Variant::Jieqi, &after["deal"]).unwrap();
    let verified = verify_with_value(
        &context,
        &deal,
        &Seed::from_hex(&after["seed"]).unwrap(),
        &PublicValue::parse(&after["public value"]).unwrap(),
        &Commitment::from_hex(&after["commitment"]).unwrap(),
    );
    assert_eq!(verified, Ok(()));
    let sheet = arb.get(&format!("/events/{id}/deals/{deal_id}/sheet"));
    assert_eq!(sheet.status, 200, "{}", sheet.body);
    assert!(
        sheet.body.contains("dice: 3, 5 (陳, 李)"),
        "the sheet prints the value"
    );
    // The value is entered once.
    let again = arb.form(&url, &[("public_value", "dice: 6, 6")]);
    assert_eq!(again.status, 409, "{}", again.body);
    let audit = arb.get(&format!("/events/{id}/audit"));
    assert!(audit.body.contains("deal.public_value"));
}

#[test]
fn the_verify_page_refuses_a_value_that_does_not_draw_the_deal() {
    let w = World::new("public-value-verify");
    let id = public_value_event(&w);
    let mut arb = w.login("arb");
    let deal_id = seal(&mut arb, id, 1, "1");
    let r = arb.form(
        &format!("/events/{id}/deals/{deal_id}/public-value"),
        &[("public_value", "lottery 2011-05-01: 04 17 23")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(
        &format!("/events/{id}/deals/{deal_id}/unseal"),
        &[("override", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let mut visitor = w.server.client();
    let url = format!("/events/{id}/deals/{deal_id}/verify");
    let ok = visitor.get(&url);
    assert_eq!(ok.status, 200);
    assert!(ok.body.contains("data-verdict=\"ok\""), "{}", ok.body);
    assert!(
        ok.body.contains("--public-value"),
        "the command line has the value"
    );
    let wrong = visitor.get(&format!(
        "{url}?public_value=lottery%202011-05-01%3A%2004%2017%2024"
    ));
    assert_eq!(wrong.status, 200);
    assert!(
        wrong.body.contains("data-verdict=\"mismatch\""),
        "{}",
        wrong.body
    );
    assert!(
        wrong
            .body
            .contains("the seed and the public value do not draw this deal"),
        "{}",
        wrong.body
    );
}
