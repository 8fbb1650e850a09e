//! Corrections in a real browser: an organizer corrects an event's settings, a player and the
//! arbiters, archives the event, and undoes each; an administrator disables an account, re-enables
//! it and resets its password. Every correction goes through the page's own form: a reason and the
//! confirmation box.

use crate::driver::*;
use crate::support::{PASSWORD, World, event, html};

/// Fills the reason and ticks the confirmation of the form `form`, then submits it and waits for
/// the page to change to one whose URL contains `then`.
fn confirm(b: &Browser, form: &str, reason: &str, then: &str) {
    b.type_into(&format!("{form} input[name=reason]"), reason);
    b.click(&format!("{form} input[name=confirm]"));
    b.click(&format!("{form} button[type=submit]"));
    b.wait_for(then, |b| b.url().contains(then));
}

#[test]
fn an_organizer_corrects_and_undoes_each_item_in_the_browser() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-corrections");
    let id = event("更正盃", "xiangqi")
        .sheet("name,club,rating\n甲一,A,2100\n乙二,B,2000\n")
        .arbiter("arb")
        .build(&w);
    let mut org = w.login("org");
    let players = org.get(&format!("/events/{id}/players")).body;
    let ids = html::attrs(&players, "td[data-player]", "data-player");
    let (first, second) = (ids[0].clone(), ids[1].clone());
    let base = w.server.base.clone();
    b.sign_in(&base, "org", PASSWORD);
    let event = format!("{base}/events/{id}");

    // Settings: 6 rounds → 7, then back (the undo is the same form).
    for (rounds, why) in [("7", "one more round"), ("6", "undo")] {
        b.goto(&format!("{event}/settings"));
        b.type_into("#settings-form input[name=swiss_rounds]", rounds);
        confirm(&b, "#settings-form", why, "done=settings_saved");
        let shown = b.script(
            "const dt = [...document.querySelectorAll('dl.facts dt')]
               .find(d => d.textContent.trim() === 'Swiss rounds');
             return dt ? dt.nextElementSibling.textContent.trim() : null;",
        );
        assert_eq!(shown.as_str(), Some(rounds));
    }

    // A player's name: corrected, then restored.
    for (name, why) in [("甲壹", "typo"), ("甲一", "undo")] {
        b.goto(&format!("{event}/players"));
        b.click(&format!("#edit-{first} summary"));
        b.type_into(&format!("#edit-form-{first} input[name=name]"), name);
        confirm(
            &b,
            &format!("#edit-form-{first}"),
            why,
            "done=player_edited",
        );
        assert!(b.text("#players").contains(name), "{name} listed");
    }

    // A player deleted before round 1, then registered again (the undo).
    b.goto(&format!("{event}/players"));
    b.click(&format!("#edit-{second} summary"));
    confirm(
        &b,
        &format!("#delete-form-{second}"),
        "entered twice",
        "done=player_deleted",
    );
    assert!(!b.text("#players").contains("乙二"), "deleted");
    b.type_into(
        &format!("form[action='/events/{id}/players'] input[name=name]"),
        "乙二",
    );
    b.click(&format!(
        "form[action='/events/{id}/players'] button[type=submit]"
    ));
    b.wait_for("the player to be registered", |b| {
        b.url().contains("done=player_added")
    });
    assert!(b.text("#players").contains("乙二"), "registered again");

    // The arbiter: removed, then added again.
    b.goto(&event);
    let arb = b
        .attribute("form[id^=remove-arbiter-]", "id")
        .expect("a remove button for the arbiter");
    confirm(
        &b,
        &format!("#{arb}"),
        "wrong person",
        "done=arbiter_removed",
    );
    assert!(
        b.find("form[id^=remove-arbiter-]").is_err(),
        "no arbiter left"
    );
    b.type_into("form[action$='/arbiters'] input[name=name]", "arb");
    b.click("form[action$='/arbiters'] button[type=submit]");
    b.wait_for("the arbiter to be added", |b| {
        b.url().contains("done=arbiter_added")
    });

    // Archived: read-only and off the home list; un-archived again.
    confirm(&b, "#archive", "season over", "done=event_archived");
    assert!(!b.text("#archived-note").is_empty());
    b.goto(&format!("{base}/"));
    let current = b.script(
        "const l = document.querySelector('ul.cards:not(#archived-events)');
         return l ? l.textContent : '';",
    );
    assert!(
        !current.as_str().unwrap_or("").contains("更正盃"),
        "off the home list"
    );
    assert!(
        b.text("#archived-events").contains("更正盃"),
        "listed for its organizer"
    );
    b.goto(&event);
    confirm(
        &b,
        "#unarchive",
        "archived by mistake",
        "done=event_unarchived",
    );
    assert!(b.find("#archived-note").is_err());
    b.goto(&format!("{base}/"));
    assert!(b.text("main").contains("更正盃"));

    // The audit log lists every correction with its reason, as words, in the event's zone.
    b.goto(&format!("{event}/audit"));
    let log = b.text("#audit");
    for word in [
        "Settings changed",
        "Player corrected",
        "Player deleted",
        "Arbiter removed",
        "Event archived",
        "Event un-archived",
    ] {
        assert!(log.contains(word), "{word} in the log: {log}");
    }
    for reason in [
        "one more round",
        "typo",
        "entered twice",
        "wrong person",
        "season over",
        "archived by mistake",
    ] {
        assert!(log.contains(reason), "{reason} in the log");
    }
    assert!(b.text("#audit-zone").contains("Asia/Hong_Kong"));
    // In 繁體中文 the actions are words too.
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/{id}/audit"));
    b.wait_for("the log in 繁體中文", |b| {
        b.text("#audit").contains("更改設定")
    });
    let log = b.text("#audit");
    for word in [
        "更正棋手資料",
        "刪除棋手",
        "移除裁判",
        "封存賽事",
        "解除封存賽事",
    ] {
        assert!(log.contains(word), "{word} in the log: {log}");
    }
    b.goto(&format!("{base}/lang/en?back=/"));

    // An administrator disables the arbiter's account and re-enables it, then resets its password.
    b.sign_in(&base, "admin", PASSWORD);
    b.goto(&format!("{base}/users"));
    let row = b
        .attribute("details[id^=correct-]", "id")
        .expect("an account to correct");
    let account = row.trim_start_matches("correct-").to_string();
    // The first correctable account in name order is "arb".
    b.click(&format!("#{row} summary"));
    confirm(
        &b,
        &format!("#disable-{account}"),
        "left the club",
        "done=account_disabled",
    );
    assert!(b.text(&format!("#account-{account}")).contains("Disabled"));
    b.click(&format!("#{row} summary"));
    confirm(
        &b,
        &format!("#enable-{account}"),
        "came back",
        "done=account_enabled",
    );
    b.click(&format!("#{row} summary"));
    b.type_into(
        &format!("#reset-{account} input[name=password]"),
        "another-long-password",
    );
    confirm(
        &b,
        &format!("#reset-{account}"),
        "forgot it",
        "done=password_was_reset",
    );
    b.sign_in(&base, "arb", "another-long-password");
    assert!(
        b.text("header.site").contains("arb"),
        "signed in with the new password"
    );
}
