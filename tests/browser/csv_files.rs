//! A players file saved by Excel on a Traditional-Chinese Windows (Big5) chosen in the import form
//! of a real browser: the page's script sends its bytes, the server reads them as Big5 and shows the
//! players for checking, and importing the text shown registers the right names.

use crate::driver::*;
use crate::support::{PASSWORD, World, create_event, html};

#[test]
fn a_big5_players_file_chosen_in_the_browser_is_read_shown_and_imported() {
    let Some(b) = browser() else { return };
    let w = World::new("browser-big5");
    let mut org = w.login("org");
    let id = create_event(&mut org, "荃灣盃", "xiangqi");
    let text =
        "name,club,rating\n謝家樂,香港象棋總會,2251\n陳大文,九龍棋會,1980\n黃志強,荃灣象棋會,\n";
    let (big5, _, unmappable) = encoding_rs::BIG5.encode(text);
    assert!(!unmappable);
    let file = w.dir.0.join("players-big5.csv");
    std::fs::write(&file, &big5).expect("write the file");

    let base = w.server.base.clone();
    b.sign_in(&base, "org", PASSWORD);
    b.goto(&format!("{base}/events/{id}/players"));
    b.choose_file("#import input[type=file]", &file);
    b.wait_for("the file's bytes in the form", |b| {
        b.script("return document.getElementById('csv-file').value.length > 0")
            .as_bool()
            == Some(true)
    });
    b.click("#import button[type=submit]");
    b.wait_for("the file read on the server", |b| {
        b.find("#file-read").is_ok()
    });
    assert!(
        b.text("#file-read").contains("Big5"),
        "{}",
        b.text("#file-read")
    );
    let shown = b.script(
        "return [...document.querySelectorAll('#file-players tbody tr td:first-child')]
           .map(td => td.textContent)",
    );
    assert_eq!(shown, serde_json::json!(["謝家樂", "陳大文", "黃志強"]));
    b.click("#import button[type=submit]");
    b.wait_for("the import", |b| b.url().contains("done=imported"));
    let page = org.get(&format!("/events/{id}/players")).body;
    let mut names = html::texts(&page, "td[data-player]");
    names.sort();
    assert_eq!(names, ["謝家樂", "陳大文", "黃志強"]);
}
