//! Prize sharing and team prizes over HTTP: Hort splitting set in the prize form and paid as the
//! rule says (recomputed here from the standings), team prizes paid by the team table's ranks (page,
//! printable sheet, CSV and JSON), and a prize table stored before Hort surviving the upgrade.

use serde_json::json;

use crate::json_api::api_client;
use crate::knockout::{event_with, play_swiss_round, register};
use crate::support::*;

/// What each of a ranking gets when the runs of equal `keys` split the prizes of the places they
/// cover (`amounts`: the prize of place i + 1; places beyond carry nothing): `share(P, n, a_k)` is
/// player k's share, rounded down, of a run of n covering prizes that add to P, a_k the prize of
/// their own place; the units left over go one each to the run's first players.
fn split(amounts: &[u64], keys: &[String], share: fn(u64, u64, u64) -> u64) -> Vec<u64> {
    let amount = |i: usize| amounts.get(i).copied().unwrap_or(0);
    let mut out = Vec::with_capacity(keys.len());
    let mut start = 0;
    while start < keys.len() {
        let end = (start..keys.len())
            .find(|&i| keys[i] != keys[start])
            .unwrap_or(keys.len());
        let n = (end - start) as u64;
        let pool: u64 = (start..end).map(amount).sum();
        let shares: Vec<u64> = (start..end).map(|i| share(pool, n, amount(i))).collect();
        let left = pool - shares.iter().sum::<u64>();
        out.extend((0..).zip(shares).map(|(k, s)| s + u64::from(k < left)));
        start = end;
    }
    out
}

/// Hort: player k gets (P + n·a_k) / 2n.
fn hort(amounts: &[u64], keys: &[String]) -> Vec<u64> {
    split(amounts, keys, |pool, n, a| (pool + n * a) / (2 * n))
}

/// Shared equally: P / n each.
fn shared(amounts: &[u64], keys: &[String]) -> Vec<u64> {
    split(amounts, keys, |pool, n, _| pool / n)
}

/// Start numbers and points in Swiss standing order, from the standings CSV.
fn standings(c: &mut Client, id: i64) -> Vec<(u32, String)> {
    c.get(&format!("/events/{id}/standings.csv"))
        .body
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].parse().unwrap(), f[4].to_string())
        })
        .collect()
}

/// The team table (JSON): rank, team and points of each team, best first.
fn team_table(c: &mut Client, id: i64) -> Vec<(u64, String, String)> {
    let teams = c.get(&format!("/api/events/{id}/teams")).json();
    teams
        .as_array()
        .expect("teams")
        .iter()
        .map(|t| {
            (
                t["rank"].as_u64().unwrap(),
                t["team"].as_str().unwrap().to_string(),
                t["points"].to_string(),
            )
        })
        .collect()
}

/// The team payout (JSON) as (team, prize), in table order.
fn team_payout(c: &mut Client, id: i64) -> Vec<(String, u64)> {
    let r = c.get(&format!("/api/events/{id}/team-payout"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"].as_str().unwrap().to_string(),
                r["prize"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Pairs the non-zero prizes with who gets them, in order.
fn winners<T: Clone>(who: &[T], prizes: &[u64]) -> Vec<(T, u64)> {
    who.iter()
        .cloned()
        .zip(prizes.iter().copied())
        .filter(|(_, p)| *p > 0)
        .collect()
}

#[test]
fn hort_is_set_in_the_prize_form_and_pays_players_and_teams_as_the_rule_says() {
    let w = World::new("prizes-hort");
    let mut org = w.login("org");
    let id = event_with(&mut org, "2", "0", "1");
    register(&mut org, id, 10);
    let mut arb = w.login("arb");
    let mut anon = w.server.client();
    play_swiss_round(&mut arb, id, 1);
    play_swiss_round(&mut arb, id, 2);

    let amounts = [1000, 600, 400, 300, 100, 100];
    let team_amounts = [900, 500, 200];
    let r = org.form(
        &format!("/events/{id}/prizes"),
        &[
            ("currency", "HKD"),
            ("rows", "1 1000\n2 600\n3 400\n4 300\n5-6 100"),
            ("ties", "hort"),
            ("team_rows", "1 900\n2 500\n3 200"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = org.get(&format!("/events/{id}/prizes"));
    assert_eq!(
        html::attrs(&page.body, "select[name=ties] option[selected]", "value"),
        ["hort"]
    );
    assert_eq!(
        html::text(&page.body, "textarea[name=team_rows]").as_deref(),
        Some("1 900 2 500 3 200"),
        "the text collapsed to one line"
    );

    // Players: the ranking's prizes are Hort's over the score groups of the standings.
    let order = standings(&mut anon, id);
    let points: Vec<String> = order.iter().map(|p| p.1.clone()).collect();
    let ranking = anon.get(&format!("/api/events/{id}/ranking")).json();
    let got: Vec<u64> = ranking
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["prize"].as_u64().unwrap())
        .collect();
    let want = hort(&amounts, &points);
    assert_eq!(got, want, "{order:?}");
    assert_eq!(got.iter().sum::<u64>(), 2500, "the whole table is paid");
    assert_ne!(
        want,
        shared(&amounts, &points),
        "some group is split differently from equal shares: {order:?}"
    );
    let sheet = anon.get(&format!("/events/{id}/payout"));
    assert_eq!(sheet.status, 200);
    assert!(sheet.body.contains("Hort split"), "{}", sheet.body);

    // Teams: Hort over the teams level on points, by the team table's order.
    let teams = team_table(&mut anon, id);
    assert!(teams.len() >= 3, "{teams:?}");
    let names: Vec<String> = teams.iter().map(|t| t.1.clone()).collect();
    let team_points: Vec<String> = teams.iter().map(|t| t.2.clone()).collect();
    let want = winners(&names, &hort(&team_amounts, &team_points));
    assert_eq!(team_payout(&mut anon, id), want, "{teams:?}");
    // The page, the printable sheet and the CSV show the same payout.
    let page = anon.get(&format!("/events/{id}/prizes"));
    let on_page: Vec<(String, u64)> = html::rows(&page.body, "#team-payout tbody tr")
        .into_iter()
        .map(|r| (r[1].clone(), r[3].parse().unwrap()))
        .collect();
    assert_eq!(on_page, want);
    let sheet = anon.get(&format!("/events/{id}/payout"));
    assert_eq!(
        html::rows(&sheet.body, "#team-payout tbody tr").len(),
        want.len()
    );
    let csv = crate::csv_files::after_bom(&anon.get(&format!("/events/{id}/team-payout.csv")));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "rank,team,prize,currency,award,signature");
    let in_csv: Vec<(String, u64)> = lines[1..]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[1].to_string(), f[2].parse().unwrap())
        })
        .collect();
    assert_eq!(in_csv, want);
}

#[test]
fn team_prizes_go_by_the_team_tables_ranks_once_the_rounds_are_over() {
    let w = World::new("prizes-teams");
    let mut org = w.login("org");
    let id = event_with(&mut org, "2", "0", "1");
    register(&mut org, id, 9);
    let mut arb = w.login("arb");
    let mut anon = w.server.client();
    let mut org_api = api_client(&w, "org");
    let body = json!({
        "currency": "HKD",
        "rows": [{"from": 1, "to": 1, "amount": 100}],
        "team_rows": [{"from": 1, "to": 1, "amount": 700}, {"from": 2, "to": 3, "amount": 250}],
    });
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &body);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["ties"], "by_tie_break");
    assert_eq!(r.json()["team_rows"], body["team_rows"]);
    // Overlapping team rows are refused, naming the field.
    let bad = json!({"currency": "HKD", "rows": [],
        "team_rows": [{"from": 1, "to": 2, "amount": 5}, {"from": 2, "to": 2, "amount": 5}]});
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &bad);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("team prizes: prize row 2"), "{}", r.body);
    let r = org.form(
        &format!("/events/{id}/prizes"),
        &[("currency", "HKD"), ("rows", ""), ("team_rows", "1 5\n1 5")],
    );
    assert_eq!(r.status, 400, "{}", r.body);

    // Before the rounds are over: no team payout yet, and the page says why.
    let r = anon.get(&format!("/api/events/{id}/team-payout"));
    assert_eq!(r.status, 409, "{}", r.body);
    let page = anon.get(&format!("/events/{id}/prizes"));
    assert!(
        html::text(&page.body, "#team-payout-pending").is_some(),
        "{}",
        page.body
    );
    assert_eq!(
        html::rows(&page.body, "#team-prize-table tbody tr").len(),
        2
    );
    play_swiss_round(&mut arb, id, 1);
    play_swiss_round(&mut arb, id, 2);

    // By tie-break: each team its place's prize; only teams sharing a rank share the money.
    let teams = team_table(&mut anon, id);
    let names: Vec<String> = teams.iter().map(|t| t.1.clone()).collect();
    let ranks: Vec<String> = teams.iter().map(|t| t.0.to_string()).collect();
    let want = winners(&names, &shared(&[700, 250, 250], &ranks));
    assert_eq!(team_payout(&mut anon, id), want, "{teams:?}");
    let section = anon
        .get(&format!("/api/events/{id}/sections/{id}/team-payout"))
        .json();
    assert_eq!(section["paid"], 1200);
    assert_eq!(section["currency"], "HKD");

    // Without team prizes there is no team payout, and the audit log names the team rows.
    let log = org.get(&format!("/events/{id}/audit")).body;
    assert!(log.contains("team 1: 700"), "{log}");
    let r = org_api.json(
        "PUT",
        &format!("/api/events/{id}/prizes"),
        &json!({"currency": "HKD", "rows": [{"from": 1, "to": 1, "amount": 100}], "ties": "hort"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["ties"], "hort");
    let r = anon.get(&format!("/api/events/{id}/team-payout"));
    assert_eq!(r.status, 409, "{}", r.body);
    let r = anon.get(&format!("/events/{id}/team-payout.csv"));
    assert_eq!(r.status, 409, "{}", r.body);
    let sheet = anon.get(&format!("/events/{id}/payout"));
    assert!(html::text(&sheet.body, "#team-payout").is_none());
}

/// A SQLite database as 0025 left it, with a prize table sharing prizes equally, two rows and a
/// special prize.
fn database_before_hort(dir: &TempDir) {
    sqlite_at_migration(
        dir,
        25,
        &[
            OLD_EVENT[0],
            OLD_EVENT[1],
            "INSERT INTO prize_tables (event_id, currency, ties, updated_at)
             VALUES (7, 'TWD', 'shared', '2026-01-01T00:00:00Z')",
            "INSERT INTO prize_rows (event_id, position, from_place, to_place, amount)
             VALUES (7, 1, 1, 1, 5000), (7, 2, 2, 3, 2000)",
            "INSERT INTO special_prizes (event_id, position, category, label, amount)
             VALUES (7, 1, 'junior', '最佳少年', 800)",
        ],
    );
}

#[test]
fn a_prize_table_stored_before_hort_keeps_its_rows_after_the_upgrade() {
    if sqlite_only("a_prize_table_stored_before_hort_keeps_its_rows_after_the_upgrade") {
        return;
    }
    let dir = TempDir::new("prizes-upgrade");
    database_before_hort(&dir);
    create_users(&dir, &[("admin", "admin")]);
    let server = Server::start(&dir);
    let page = server.client().get("/events/7/prizes");
    assert_eq!(page.status, 200, "{}", page.body);
    let rows: Vec<Vec<String>> = html::rows(&page.body, "#prize-table tbody tr");
    assert_eq!(
        rows,
        [
            vec!["1".to_string(), "5000".to_string()],
            vec!["2–3".to_string(), "2000".to_string()],
            vec!["最佳少年".to_string(), "800".to_string()],
        ]
    );
    let mut api = server.client();
    api.bearer = Some(token(&dir, "admin"));
    let body = json!({"currency": "TWD", "rows": [{"from": 1, "to": 2, "amount": 10}],
        "ties": "hort", "team_rows": [{"from": 1, "to": 1, "amount": 3}]});
    let r = api.json("PUT", "/api/events/7/prizes", &body);
    assert_eq!(r.status, 200, "the rebuilt table takes hort: {}", r.body);
    // The children refer to the renamed table: deleting the prize table takes its rows with it.
    let (left, stale): (i64, i64) = server.on_db(|db| async move {
        sqlx::query("DELETE FROM prize_tables WHERE event_id = 7")
            .execute(&db)
            .await
            .unwrap();
        let mut left = 0;
        for table in [
            "prize_tables",
            "prize_rows",
            "special_prizes",
            "team_prize_rows",
        ] {
            let n: (i64,) =
                sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}")))
                    .fetch_one(&db)
                    .await
                    .unwrap();
            left += n.0;
        }
        let stale: (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM sqlite_master WHERE instr(sql, 'prize_tables_new') > 0",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        (left, stale.0)
    });
    assert_eq!((left, stale), (0, 0));
}

/// Start numbers in standing order, from the standings JSON.
fn standing_starts(c: &mut Client, id: i64) -> Vec<u32> {
    c.get(&format!("/api/events/{id}/standings"))
        .json()
        .as_array()
        .expect("standings")
        .iter()
        .map(|l| l["start"].as_u64().unwrap() as u32)
        .collect()
}

/// The players each team counts, from the team table JSON: team → start numbers.
fn counted_players(c: &mut Client, id: i64) -> Vec<(String, Vec<u32>)> {
    c.get(&format!("/api/events/{id}/teams"))
        .json()
        .as_array()
        .expect("teams")
        .iter()
        .map(|t| {
            let players = t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_u64().unwrap() as u32)
                .collect();
            (t["team"].as_str().unwrap().to_string(), players)
        })
        .collect()
}

/// The final ranking JSON as (start, prize, the team that passed the player over).
fn ranking_lines(c: &mut Client, id: i64) -> Vec<(u32, u64, Option<String>)> {
    let r = c.get(&format!("/api/events/{id}/ranking"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["start"].as_u64().unwrap() as u32,
                l["prize"].as_u64().unwrap(),
                l["with_team"].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// What each player of `order` (standing order) gets by tie-break when the players of `passed`
/// (start → team) take no individual prize and the others close ranks: (start, prize, team).
fn passing_down(
    amounts: &[u64],
    order: &[u32],
    passed: &[(u32, String)],
) -> Vec<(u32, u64, Option<String>)> {
    let mut next = 0;
    order
        .iter()
        .map(|&start| match passed.iter().find(|(s, _)| *s == start) {
            Some((_, team)) => (start, 0, Some(team.clone())),
            None => {
                next += 1;
                (start, amounts.get(next - 1).copied().unwrap_or(0), None)
            }
        })
        .collect()
}

/// The choice of the prize form's team prize rule.
fn chosen_rule(c: &mut Client, id: i64) -> Vec<String> {
    let page = c.get(&format!("/events/{id}/prizes"));
    html::attrs(
        &page.body,
        "select[name=team_rule] option[selected]",
        "value",
    )
}

#[test]
fn team_first_passes_the_counted_players_of_prize_winning_teams_over_for_the_individual_prizes() {
    let w = World::new("prizes-team-rule");
    let mut org = w.login("org");
    let id = event_with(&mut org, "2", "0", "1");
    register(&mut org, id, 10);
    let mut arb = w.login("arb");
    let mut anon = w.server.client();
    let mut org_api = api_client(&w, "org");
    play_swiss_round(&mut arb, id, 1);
    play_swiss_round(&mut arb, id, 2);

    // Four place rows and one team row: an audit detail of more parts is too long to import again
    // (each part nests the list one level deeper), and the backup below is imported.
    let amounts = [1000, 600, 300, 300, 100, 100];
    let form = |rule: &'static str| {
        [
            ("currency", "HKD"),
            ("rows", "1 1000\n2 600\n3-4 300\n5-6 100"),
            ("ties", "by_tie_break"),
            ("team_rows", "1 900"),
            ("team_rule", rule),
        ]
    };
    let r = org.form(&format!("/events/{id}/prizes"), &form("both"));
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(chosen_rule(&mut org, id), ["both"]);

    // Both prizes: the places by the standings, whoever won with their team.
    let order = standing_starts(&mut anon, id);
    assert_eq!(order.len(), 10);
    let both = passing_down(&amounts, &order, &[]);
    assert_eq!(ranking_lines(&mut anon, id), both);

    // One prize only: the counted players of the team(s) paid a team prize are passed over.
    let r = org.form(&format!("/events/{id}/prizes"), &form("team_first"));
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(chosen_rule(&mut org, id), ["team_first"]);
    let log = org.get(&format!("/events/{id}/audit")).body;
    assert!(
        log.contains("players of a prize-winning team take no individual prize"),
        "{log}"
    );
    let page = anon.get(&format!("/events/{id}/prizes"));
    assert!(
        html::text(&page.body, "#team-rule").is_some_and(|t| t.contains("One prize only")),
        "{}",
        page.body
    );
    let teams = counted_players(&mut anon, id);
    let winning: Vec<String> = team_payout(&mut anon, id)
        .into_iter()
        .filter(|(_, prize)| *prize > 0)
        .map(|(team, _)| team)
        .collect();
    assert!(!winning.is_empty(), "{teams:?}");
    let passed: Vec<(u32, String)> = teams
        .iter()
        .filter(|(team, _)| winning.contains(team))
        .flat_map(|(team, players)| players.iter().map(|&p| (p, team.clone())))
        .collect();
    assert!(passed.len() >= 3, "{teams:?}");
    let want = passing_down(&amounts, &order, &passed);
    assert_ne!(
        want, both,
        "someone passed over had a prize: {order:?} {passed:?}"
    );
    assert_eq!(ranking_lines(&mut anon, id), want, "{order:?} {passed:?}");
    assert_eq!(
        want.iter().map(|l| l.1).sum::<u64>(),
        2400,
        "the places passed down to 6 other players"
    );
    // The team payout is the same under both rules.
    assert_eq!(team_payout(&mut anon, id).len(), winning.len());

    // The payout CSV and sheet list the passed-over players with nothing and the note.
    let csv = crate::csv_files::after_bom(&anon.get(&format!("/events/{id}/payout.csv")));
    let in_csv: Vec<(u32, u64, String)> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (
                f[1].parse().unwrap(),
                f[3].parse().unwrap(),
                f[5].to_string(),
            )
        })
        .collect();
    for (start, team) in &passed {
        assert!(
            in_csv.contains(&(*start, 0, format!("Won a team prize with {team}"))),
            "{csv}"
        );
    }
    let paid: Vec<(u32, u64)> = in_csv
        .iter()
        .filter(|l| l.1 > 0)
        .map(|l| (l.0, l.1))
        .collect();
    let want_paid: Vec<(u32, u64)> = want
        .iter()
        .filter(|l| l.1 > 0)
        .map(|l| (l.0, l.1))
        .collect();
    assert_eq!(paid, want_paid);
    let sheet = anon.get(&format!("/events/{id}/payout"));
    assert_eq!(
        html::rows(&sheet.body, "#payout tbody tr").len(),
        want_paid.len() + passed.len()
    );
    assert!(
        sheet.body.contains("Won a team prize with"),
        "{}",
        sheet.body
    );
    let mut zh = w.server.client();
    zh.cookies.insert("anqi_lang".into(), "zh-Hant".into());
    let ranking_page = zh.get(&format!("/events/{id}/ranking"));
    assert!(
        ranking_page
            .body
            .contains(&format!("隨 {} 獲團體獎", passed[0].1)),
        "{}",
        ranking_page.body
    );

    // The API: the same JSON as the form, the rule echoed and shown by the form.
    let body = |rule: &str| {
        json!({
            "currency": "HKD",
            "rows": [{"from": 1, "to": 1, "amount": 1000}, {"from": 2, "to": 2, "amount": 600},
                {"from": 3, "to": 4, "amount": 300}, {"from": 5, "to": 6, "amount": 100}],
            "team_rows": [{"from": 1, "to": 1, "amount": 900}],
            "team_rule": rule,
        })
    };
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &body("both"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["team_rule"], "both");
    assert_eq!(chosen_rule(&mut org, id), ["both"]);
    assert_eq!(ranking_lines(&mut anon, id), both);
    let r = org_api.json(
        "PUT",
        &format!("/api/events/{id}/prizes"),
        &body("team_first"),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["team_rule"], "team_first");
    assert_eq!(chosen_rule(&mut org, id), ["team_first"]);
    assert_eq!(ranking_lines(&mut anon, id), want);

    // Other values are refused naming the field, and nothing is saved.
    let r = org_api.json(
        "PUT",
        &format!("/api/events/{id}/prizes"),
        &body("one_prize"),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("team_rule"), "{}", r.body);
    assert!(r.body.contains("one_prize"), "{}", r.body);
    let r = org.form(&format!("/events/{id}/prizes"), &form("one_prize"));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("team_rule"), "{}", r.body);
    assert_eq!(chosen_rule(&mut org, id), ["team_first"]);

    // A backup carries the rule; an older backup without it imports as both prizes.
    let backup = org.get(&format!("/events/{id}/export.json"));
    assert_eq!(backup.status, 200);
    let mut parsed: serde_json::Value = serde_json::from_str(&backup.body).unwrap();
    assert_eq!(
        parsed["tables"]["prize_tables"][0]["team_rule"],
        "team_first"
    );
    let import = |text: &str| -> (TempDir, Server, i64) {
        let fresh = TempDir::new("prizes-team-rule-restore");
        create_user(&fresh, "admin", "admin");
        let server = Server::start(&fresh);
        let mut admin = server.login("admin");
        let r = admin.form("/events/import/confirm", &[("backup", text)]);
        assert_eq!(r.status, 303, "{}", r.body);
        let new_id = r
            .location
            .unwrap()
            .trim_start_matches("/events/")
            .parse()
            .unwrap();
        (fresh, server, new_id)
    };
    let (_dir, server, new_id) = import(&backup.body);
    assert_eq!(ranking_lines(&mut server.client(), new_id), want);
    let mut admin = server.login("admin");
    parsed["tables"]["prize_tables"][0]["team_rule"] = json!("one_prize");
    let r = admin.form("/events/import", &[("backup", &parsed.to_string())]);
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("team_rule"), "{}", r.body);
    parsed["tables"]["prize_tables"][0]
        .as_object_mut()
        .unwrap()
        .remove("team_rule");
    let (_dir, server, older) = import(&parsed.to_string());
    assert_eq!(chosen_rule(&mut server.login("admin"), older), ["both"]);
    assert_eq!(ranking_lines(&mut server.client(), older), both);

    // Without team prizes there is no team to win with: team_first pays as both.
    let mut no_teams = body("team_first");
    no_teams.as_object_mut().unwrap().remove("team_rows");
    let r = org_api.json("PUT", &format!("/api/events/{id}/prizes"), &no_teams);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["team_rule"], "team_first");
    assert_eq!(ranking_lines(&mut anon, id), both);
}
