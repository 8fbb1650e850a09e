//! The arbiter's and organizer's forms refuse beside themselves, keeping what was typed, and deal
//! pages give times as the audit log does, in the event's time zone.

use crate::deals::{seal, setup};
use crate::support::*;

/// An account that cannot arbitrate is refused beside the add-arbiter form, which offers the
/// accounts that can as a picker and keeps the name typed.
#[test]
fn adding_an_arbiter_offers_a_picker_and_refuses_beside_the_form() {
    let w = World::new("forms-arbiter");
    let id = setup(&w, "xiangqi", 4);
    let mut org = w.login("org");
    let page = org.get(&format!("/events/{id}")).body;
    let offered = html::attrs(&page, "#arbiter-candidates option", "value");
    assert!(offered.contains(&"arb2".to_string()), "{offered:?}");
    assert!(
        !offered.contains(&"arb".to_string()),
        "already an arbiter: {offered:?}"
    );
    let r = org.form(
        &format!("/events/{id}/arbiters"),
        &[("name", "nobody-here")],
    );
    assert!(
        matches!(r.status, 400 | 404 | 409),
        "{} {}",
        r.status,
        r.body
    );
    let why = html::text(&r.body, "#add-arbiter #add-arbiter-error").expect("beside the form");
    assert!(why.contains("nobody-here"), "{why}");
    assert_eq!(
        html::attrs(&r.body, "#add-arbiter input[name=name]", "value"),
        vec!["nobody-here".to_string()]
    );
}

/// Publishing a round that needs a deal is refused beside the publish button, on the round page.
#[test]
fn publishing_without_a_sealed_deal_is_refused_beside_the_button() {
    let w = World::new("forms-publish");
    let mut arb = w.login("org");
    let id = crate::deals::required_deals_event(&mut arb);
    import_players(&mut arb, id, "name\n甲\n乙\n丙\n丁\n");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert!(matches!(r.status, 400 | 409), "{} {}", r.status, r.body);
    let why = html::text(&r.body, "#publish-error").expect("beside the button");
    assert!(why.to_lowercase().contains("deal"), "{why}");
    assert!(
        html::text(&r.body, "h1").is_some(),
        "the round page, not an error page"
    );
}

/// A deal's page gives the time it was sealed as the audit log does: local time of the event's
/// zone, one format (no UTC ISO stamp).
#[test]
fn deal_pages_give_times_as_the_audit_log_does() {
    let w = World::new("forms-deal-times");
    let id = setup(&w, "jieqi", 4);
    let mut arb = w.login("arb");
    let deal = seal(&mut arb, id, 1, "1");
    let page = arb.get(&format!("/events/{id}/deals/{deal}")).body;
    let sealed = html::definition(&page, "Sealed").expect("sealed at");
    let at = sealed.split(" · ").next().unwrap_or_default().to_string();
    assert!(
        !at.contains('T') && !at.ends_with('Z') && !at.contains("+00:00"),
        "{at}"
    );
    let mut org = w.login("org");
    let log = org.get(&format!("/events/{id}/audit")).body;
    let times: Vec<String> = html::rows(&log, "#audit tbody tr")
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    assert!(
        times
            .iter()
            .any(|t| t.starts_with(&at) || at.starts_with(t.as_str())),
        "{at} not among {times:?}"
    );
}
