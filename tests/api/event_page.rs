//! The public event page guides a visitor (RULES.md §10): a link to the round being played, then
//! to the knockout; only the settings that apply; Banqi in its own terms (the first and second
//! mover, game points, matches won, the move limit counting flips).

use crate::support::*;
use crate::swiss::{pairings, versions};

#[test]
fn the_event_page_links_to_the_round_being_played_and_shows_only_what_applies() {
    let w = World::new("event-page-guides");
    let mut org = w.login("org");
    let id = create_event_with(
        &mut org,
        &[
            ("name", "週賽"),
            ("start_date", "2011-05-01"),
            ("variant", "jieqi"),
            ("swiss_rounds", "3"),
            ("knockout_size", "0"),
        ],
    );
    import_players(&mut org, id, FOUR_PLAYERS);
    let mut anon = w.server.client();
    let page = anon.get(&format!("/events/{id}"));
    let terms = html::texts(&page.body, "dl.facts dt");
    for absent in ["Knockout qualifiers", "Games per match", "Arbiters"] {
        assert!(
            !terms.iter().any(|t| t.starts_with(absent)),
            "{absent} shown: {terms:?}"
        );
    }
    assert_eq!(
        html::text(&page.body, "#follow"),
        None,
        "nothing to follow yet"
    );

    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = anon.get(&format!("/events/{id}"));
    assert_eq!(
        html::text(&page.body, "#follow"),
        None,
        "a draft is not followed"
    );
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = anon.get(&format!("/events/{id}"));
    assert_eq!(
        html::attrs(&page.body, "#follow-round", "href"),
        [format!("/events/{id}/rounds/1")]
    );
    let terms = html::texts(&page.body, "dl.facts dt");
    assert!(terms.iter().any(|t| t.starts_with("Arbiters")), "{terms:?}");
}

#[test]
fn a_banqi_event_speaks_of_first_and_second_movers_game_points_and_matches_won() {
    let w = World::new("event-page-banqi");
    let mut org = w.login("org");
    let id = create_event_with(
        &mut org,
        &[
            ("name", "暗棋週賽"),
            ("start_date", "2011-05-01"),
            ("variant", "banqi"),
            ("swiss_rounds", "3"),
            ("knockout_size", "0"),
            ("best_of", "3"),
        ],
    );
    import_players(&mut org, id, FOUR_PLAYERS);
    let r = org.form(&format!("/events/{id}/arbiters"), &[("name", "arb")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let mut zh = w.server.client();
    zh.accept_language = Some("zh-TW".into());
    let page = zh.get(&format!("/events/{id}"));
    let facts = html::texts(&page.body, "dl.facts");
    let facts = facts.join(" ");
    assert!(facts.contains("每局勝 1 分、和 ½ 分、負 0 分"), "{facts}");
    assert!(!facts.contains("2 / 1 / 0"), "{facts}");
    assert!(facts.contains("無吃子亦無翻子"), "{facts}");
    assert!(facts.contains("勝場數"), "{facts}");
    assert!(!facts.contains("勝局數"), "{facts}");

    let mut arb = w.login("arb");
    let r = arb.form(&format!("/events/{id}/rounds"), &[("lot", "red")]);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.form(&format!("/events/{id}/rounds/1/publish"), &[]);
    assert_eq!(r.status, 303, "{}", r.body);
    let url = format!("/events/{id}/rounds/1");
    let page = zh.get(&url);
    let heads = html::texts(&page.body, "#pairings thead th");
    assert!(heads.contains(&"先手".to_string()), "{heads:?}");
    assert!(heads.contains(&"後手".to_string()), "{heads:?}");
    assert!(
        !heads.iter().any(|h| h == "紅方" || h == "黑方"),
        "{heads:?}"
    );
    // A match decided 2–0 is entered with its two games.
    let page = arb.get(&url);
    let mut fields = Vec::new();
    for (board, version) in versions(&page.body) {
        fields.push((format!("r{board}"), "11".to_string()));
        fields.push((format!("v{board}"), version.to_string()));
    }
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let r = arb.form(&format!("{url}/results"), &refs);
    assert_eq!(r.status, 303, "{}", r.body);
    let page = zh.get(&url);
    assert_eq!(pairings(&page.body).len(), 2);
    assert_eq!(html::texts(&page.body, "#pairings .shown"), ["2–0", "2–0"]);
}
