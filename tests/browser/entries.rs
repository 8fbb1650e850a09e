//! Online entries in a real browser at a phone's width (issue 35): the organizer opens the entry
//! form on the settings page; a stranger, signed out, fills the public form and lands on the
//! private entry page (the form's age groups shown on both); the organizer confirms the entry on the entries page, and it is a player.

use crate::driver::*;
use crate::support::{PASSWORD, World, event};

#[test]
fn a_stranger_enters_on_a_phone_and_the_organizer_confirms() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-entries");
    let id = event("網上報名賽", "xiangqi").build(&w);
    let base = w.server.base.clone();

    // The organizer opens the entry form on the settings page, on a phone.
    b.sign_in(&base, "org", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/events/{id}/settings"));
    fits_the_phone(&b, "the settings page");
    b.click("#entry-form input[name=open]");
    b.type_into("#entry-form input[name=fee]", "HK$100");
    b.click("#entry-form input[name=ask_birth_year]");
    b.type_into("#entry-form input[name=age_groups]", "U12 2014, U16 2010");
    b.click("#entry-form button[type=submit]");
    b.wait_for("the entry form saved", |b| {
        b.url().contains("done=entries_form_saved")
    });
    assert_eq!(
        b.script("return document.querySelector('#entry-form input[name=open]').checked"),
        serde_json::json!(true),
        "saved open"
    );

    // A stranger, in Chinese, on a phone.
    b.delete_cookies();
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/{id}/register"));
    b.wait_for("the entry form", |b| b.find("#register-form").is_ok());
    let groups = b.text("#entry-sections .age-groups");
    assert!(
        groups.contains("U12") && groups.contains("2014") && groups.contains("U16"),
        "the age groups on the public form: {groups}"
    );
    fits_the_phone(&b, "the public entry form");
    b.type_into("#register-form input[name=name]", "陳大文");
    b.type_into("#register-form input[name=club]", "沙田");
    b.type_into("#register-form input[name=rating]", "abc");
    b.click("#register-form button[type=submit]");
    b.wait_for("the refusal beside the rating", |b| {
        b.find("#error-rating").is_ok()
    });
    assert_eq!(
        b.value("#register-form input[name=name]"),
        "陳大文",
        "what was typed is kept"
    );
    fits_the_phone(&b, "the entry form with a refusal");
    b.script("document.querySelector('#register-form input[name=rating]').value = ''; return 0");
    b.type_into("#register-form input[name=rating]", "1500");
    b.type_into("#register-form input[name=birth_year]", "2014");
    b.click("#register-form button[type=submit]");
    b.wait_for("the private page", |b| b.url().contains("/entries/"));
    let private = b.url();
    assert_eq!(b.text("#entry-name"), "陳大文");
    assert_eq!(
        b.attribute("#entry-status", "data-status").as_deref(),
        Some("pending")
    );
    assert!(b.text("#entry-fee").contains("HK$100"));
    assert_eq!(b.text("#entry-age-groups"), "U12, U16");
    fits_the_phone(&b, "the private entry page");

    // The organizer confirms it on the entries page.
    b.sign_in(&base, "org", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/events/{id}/entries"));
    fits_the_phone(&b, "the entries page");
    b.click("#entries .confirm-entry button");
    b.wait_for("the entry confirmed", |b| {
        b.attribute("#entries li", "data-status").as_deref() == Some("confirmed")
    });
    b.click("#entries .paid-entry button");
    b.wait_for("the fee ticked", |b| {
        b.attribute("#entries li", "data-paid").as_deref() == Some("yes")
    });
    b.goto(&format!("{base}/events/{id}/players"));
    assert!(b.text("#players").contains("陳大文"), "a player now");

    // The entrant sees it confirmed and paid.
    b.delete_cookies();
    let path = private.split_once("/entries/").map(|(_, t)| t).unwrap();
    b.goto(&format!("{base}/lang/zh-Hant?back=/entries/{path}"));
    b.wait_for("the private page", |b| b.find("#entry-status").is_ok());
    assert_eq!(
        b.attribute("#entry-status", "data-status").as_deref(),
        Some("confirmed")
    );
    assert!(
        b.text("#entry-fee").contains("已繳費"),
        "{}",
        b.text("#entry-fee")
    );
    fits_the_phone(&b, "the confirmed entry");
}
