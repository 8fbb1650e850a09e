//! Pages at a phone's width (390 px): the arbiter's results table keeps every column on screen,
//! and the checkboxes sit beside their labels.

use crate::driver::*;
use crate::support::{PASSWORD, World, event};

/// Four players with long names and clubs, as a real entry list has them.
const LONG_NAMES: &str = "name,club,rating\n歐陽志遠,香港象棋總會,2100\n司徒慧君,九龍城象棋會,2000\n上官嘉寶,荃灣區康樂會,1900\n諸葛明德,沙田棋藝研究社,1800\n";

/// Whether every element `css` selects lies inside the viewport's width, as a script measures it.
fn inside_the_width(b: &Browser, css: &str) -> Vec<bool> {
    let script = format!(
        "const w = document.documentElement.clientWidth;
         return [...document.querySelectorAll({css:?})].map(e => {{
           const r = e.getBoundingClientRect();
           return r.left >= -0.5 && r.right <= w + 0.5;
         }});"
    );
    serde_json::from_value(b.script(&script)).unwrap_or_default()
}

#[test]
fn the_arbiters_results_table_keeps_every_column_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-phone-results");
    let id = event("手機賽", "jieqi")
        .sheet(LONG_NAMES)
        .arbiter("arb")
        .published_rounds(1)
        .build(&w);

    let base = w.server.base.clone();
    b.sign_in(&base, "arb", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/events/{id}/rounds/1"));
    b.element("#results input[name=r1]");
    let width = b.script("return document.documentElement.clientWidth");
    assert_eq!(width, serde_json::json!(390));
    for css in [
        "#pairings tr > :last-child",
        "#pairings tr > :nth-child(2)",
        "#results input[name^=r]",
        "#results button[type=submit]",
    ] {
        let inside = inside_the_width(&b, css);
        assert!(!inside.is_empty(), "{css} found");
        assert!(
            inside.iter().all(|x| *x),
            "{css} cut off at 390 px: {inside:?}"
        );
    }
    // The page itself does not scroll sideways.
    let scroll = b.script("return document.documentElement.scrollWidth");
    assert_eq!(scroll, serde_json::json!(390));
    if let Ok(dir) = std::env::var("ANQI_SCREENSHOTS") {
        std::fs::write(format!("{dir}/phone-results.png"), b.screenshot()).expect("screenshot");
    }
}

/// For every label holding a checkbox on the page: whether the box sits to the left of its text,
/// on the same line.
fn boxes_beside_their_text(b: &Browser) -> Vec<(String, bool)> {
    let script = "return [...document.querySelectorAll('label')].filter(l => l.querySelector('input[type=checkbox]')).map(l => {
        const box = l.querySelector('input[type=checkbox]').getBoundingClientRect();
        const range = document.createRange();
        const texts = [...l.querySelectorAll('*'), l].flatMap(e => [...e.childNodes]).filter(n => n.nodeType === 3 && n.textContent.trim());
        if (!texts.length) return [l.textContent, true];
        range.setStartBefore(texts[0]);
        range.setEndAfter(texts[texts.length - 1]);
        const text = range.getClientRects()[0];
        const sameLine = box.top < text.bottom && box.bottom > text.top;
        return [l.textContent.trim(), sameLine && box.right <= text.left + 1];
    });";
    serde_json::from_value(b.script(script)).unwrap_or_default()
}

#[test]
fn checkboxes_sit_beside_their_labels_on_a_phone() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-phone-checkboxes");
    let id = event("核選方塊", "jieqi")
        .sheet(LONG_NAMES)
        .arbiter("arb")
        .published_rounds(1)
        .build(&w);

    let base = w.server.base.clone();
    b.sign_in(&base, "org", PASSWORD);
    b.phone();
    b.goto(&format!("{base}/lang/zh-Hant?back=/"));
    for page in [
        format!("/events/{id}"),
        format!("/events/{id}/rounds/1"),
        format!("/events/{id}/deals"),
        "/events/new".to_string(),
    ] {
        b.goto(&format!("{base}{page}"));
        let boxes = boxes_beside_their_text(&b);
        assert!(!boxes.is_empty(), "{page}: a checkbox");
        for (label, beside) in boxes {
            assert!(
                beside,
                "{page}: the box of “{label}” is not beside its text"
            );
        }
    }
}
