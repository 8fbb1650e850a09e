//! The fuzz targets as property tests, run in CI: the same properties as `fuzz/` (one
//! file, `fuzz/checks.rs`, holds them), fed by proptest with arbitrary bytes and with valid samples
//! mutated byte by byte, so that the inputs reach past the first syntax check. Each property runs a
//! bounded number of cases (a few seconds in release).

#[allow(dead_code)]
#[path = "../fuzz/checks.rs"]
mod checks;

use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;

/// Arbitrary bytes.
fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    vec(any::<u8>(), 0..max)
}

/// One of `samples` with a few edits: bytes inserted, removed or replaced (by an arbitrary byte or
/// by a byte of the sample, which keeps the text in its own alphabet), or a stretch repeated.
fn mutated(samples: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let n = samples.len();
    (0..n, vec((any::<u32>(), 0u8..5, any::<u8>()), 0..6)).prop_map(move |(i, edits)| {
        let sample = &samples[i];
        let mut v = sample.clone();
        for (at, op, b) in edits {
            let at = at as usize % (v.len() + 1);
            match op {
                0 => v.insert(at, b),
                1 if at < v.len() => {
                    v.remove(at);
                }
                2 if at < v.len() => v[at] = b,
                3 if at < v.len() && !sample.is_empty() => {
                    v[at] = sample[(at * 31 + usize::from(b)) % sample.len()];
                }
                4 => {
                    let end = (at + usize::from(b) % 40).min(v.len());
                    let stretch = v[at..end].to_vec();
                    v.splice(at..at, stretch);
                }
                _ => {}
            }
        }
        v
    })
}

/// Text drawn from an alphabet (with whitespace), `max` characters at most.
fn text_of(alphabet: &'static str, max: usize) -> impl Strategy<Value = Vec<u8>> {
    let chars: Vec<char> = alphabet.chars().collect();
    vec(0..chars.len(), 0..max).prop_map(move |ix| {
        ix.into_iter()
            .map(|i| chars[i])
            .collect::<String>()
            .into_bytes()
    })
}

fn file(path: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn record_samples() -> Vec<Vec<u8>> {
    let mut samples: Vec<Vec<u8>> = [
        "checkmate",
        "stalemate",
        "perpetual_check",
        "perpetual_chase",
        "repetition",
        "ambiguous",
        "wrong_reveal",
        "garbage_token",
    ]
    .iter()
    .map(|name| file(&format!("tests/records/{name}.pgn")))
    .collect();
    for f in ["iccs", "wxf", "chinese", "traditional"] {
        samples.push(file(&format!("tests/records/tandem.{f}.pgn")));
    }
    samples.push(
        b"[Variant \"Banqi\"]\n[Deal \"KAABBRRNNCCPPPPPkaabbrrnnccppppp\"]\n\n1. a1=K b2=p 2. a1-a2 b2-b3 3. c1 1-0\n"
            .to_vec(),
    );
    samples.push(
        "[Variant \"Jieqi\"]\n\n1. 马二进三炮 炮8平5 2. e3e4C h9g7 {c} 3. C2.5 *\n"
            .as_bytes()
            .to_vec(),
    );
    samples
}

fn trf_samples() -> Vec<Vec<u8>> {
    [
        "tests/data/trf/hk2026-r3.trf",
        "tests/data/trf/pairings/s101-t00-p7.trf",
        "tests/data/trf/checker/rtg13.trf",
        "tests/data/trf/pairings/c16-t020-p27.trf",
    ]
    .iter()
    .map(|p| file(p))
    .collect()
}

const FENS: [&str; 5] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1",
    "3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1",
    "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX - 0 1",
    "KXXXXXXX/XXXpXXXX/XXXXXXXX/XXXXXXXc r 3 4",
];

const DEALS: [&str; 4] = [
    "pppppccrnbaabnrRNBAABNRCCPPPPP",
    "rnbaabnrccpppppPPPPPCCRNBAABNR",
    "KAABBRRNNCCPPPPPkaabbrrnnccppppp",
    "kaabbrrnnccpppppKAABBRRNNCCPPPPP",
];

const GAMES_CSV: &str = "date,red,black,result\n2026-01-03,陳一,林二,1-0\n2026-01-03,林二,王三,0.5-0.5\n2026-01-04,王三,陳一,0-1\n2026-01-05,'=SUM,陳一,D\n";
const START_CSV: &str =
    "player,points,games\n陳一,1612.50,12\n林二,1500,0\n王三,1388.05,40\n\"'=SUM\",1500.00,3\n";
const PLAYERS_CSV: &str = "name,club,rating,fide_id,local_id,category\n陳一,荃灣,2100,4100018,HK-1,junior\n\"Lin, Er\",\"\"\"Club\"\"\",1800,,,\n王三,,,,,woman\n";

/// `cases` per property, times `FUZZ_PROPS_SCALE` when set (for a longer local run).
fn config(cases: u32) -> ProptestConfig {
    let scale = std::env::var("FUZZ_PROPS_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn record_reader_on_arbitrary_bytes(data in bytes(400)) {
        checks::record(&data);
    }

    #[test]
    fn record_reader_on_mutated_records(data in mutated(record_samples())) {
        checks::record(&data);
    }

    #[test]
    fn record_reader_on_movetext(
        data in text_of("1234567890. \n[]\"{};()$!?*-/=abcdefghiCRNHEAKPX+.车马炮兵卒将帅士象相进退平前后一二三四五", 200)
    ) {
        checks::record(&data);
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn notation_round_trips_in_games_chosen_by_bytes(data in bytes(300)) {
        checks::notation(&data);
    }

    #[test]
    fn notation_reads_tokens(
        data in (0u8..3, vec(any::<u8>(), 0..40), text_of("abcdefghi0123456789+-.=xXCRNHEAKPBcrnheakpb 车马炮兵卒进退平前后中一二三四五六七八九123456789", 80))
            .prop_map(|(v, moves, tokens)| {
                let mut out = vec![v];
                out.extend(moves);
                out.resize(1 + 160, 0);
                out.extend(tokens);
                out
            })
    ) {
        checks::notation(&data);
    }
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn fen_reader_on_arbitrary_bytes(data in bytes(120)) {
        checks::fen(&data);
    }

    #[test]
    fn fen_reader_on_mutated_fens(data in mutated(FENS.iter().map(|f| f.as_bytes().to_vec()).collect())) {
        checks::fen(&data);
    }

    #[test]
    fn fen_reader_on_fen_text(data in text_of("rnbakcpRNBAKCPXx0123456789/ -wb|", 90)) {
        checks::fen(&data);
    }

    #[test]
    fn deal_reader_on_mutated_deals(data in mutated(DEALS.iter().map(|d| d.as_bytes().to_vec()).collect())) {
        checks::deal(&data);
    }

    #[test]
    fn deal_reader_on_deal_text(data in text_of("KAABBRRNNCCPPPPPEHkaabbrrnnccpppppeh ", 34)) {
        checks::deal(&data);
    }

    #[test]
    fn deal_reader_on_shuffled_sets(
        (deal, swaps) in (0..DEALS.len(), vec((0usize..32, 0usize..32), 0..40))
    ) {
        let mut letters: Vec<char> = DEALS[deal].chars().collect();
        for (a, b) in swaps {
            let n = letters.len();
            letters.swap(a % n, b % n);
        }
        checks::deal(letters.into_iter().collect::<String>().as_bytes());
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn trf_reader_on_arbitrary_bytes(data in bytes(300)) {
        checks::trf(&data);
    }

    #[test]
    fn trf_reader_on_mutated_files(data in mutated(trf_samples())) {
        checks::trf(&data);
    }
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn rating_csv_on_arbitrary_bytes(data in bytes(200)) {
        checks::rating_csv(&data);
    }

    #[test]
    fn rating_csv_on_mutated_files(
        data in mutated(vec![GAMES_CSV.as_bytes().to_vec(), START_CSV.as_bytes().to_vec()])
    ) {
        checks::rating_csv(&data);
    }

    #[test]
    fn players_csv_on_arbitrary_bytes(data in bytes(200)) {
        checks::players_csv(&data);
    }

    #[test]
    fn players_csv_on_mutated_files(data in mutated(vec![PLAYERS_CSV.as_bytes().to_vec()])) {
        checks::players_csv(&data);
    }
}

/// The leaves of a JSON value, as paths of keys and indices.
fn leaves(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                path.push(Value::from(k.as_str()));
                leaves(child, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                path.push(Value::from(i));
                leaves(child, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn at_path<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, step| match step {
        Value::String(k) => &mut v[k.as_str()],
        Value::Number(i) => &mut v[i.as_u64().unwrap() as usize],
        _ => unreachable!(),
    })
}

fn backup_sample() -> Value {
    serde_json::from_slice(&file("tests/data/backup/event.json")).expect("sample backup")
}

/// A value to put in a backup: of every JSON type, with the texts and numbers the columns hold.
fn json_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-3i64..40).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "",
            "1-0",
            "0-1",
            "1/2-1/2",
            "1-0F",
            "0-0F",
            "red",
            "black",
            "H",
            "F",
            "Z",
            "jieqi",
            "banqi",
            "xiangqi",
            "2026-01-01",
            "2026-01-01T00:00:00Z",
            "arbiter",
            "player",
            "admin",
            "game",
            "forfeit",
            "withdrawal",
            "BH,WIN",
            "00",
            "ff",
        ])
        .prop_map(Value::from),
        Just(Value::Array(Vec::new())),
        Just(Value::Object(serde_json::Map::new())),
    ]
}

#[test]
fn the_backup_sample_reads() {
    let counts = anqi::service::imports::check(&backup_sample().to_string())
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        counts.iter().any(|(t, n)| *t == "boards" && *n > 0),
        "{counts:?}"
    );
    assert!(
        counts.iter().any(|(t, n)| *t == "game_records" && *n > 0),
        "{counts:?}"
    );
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn backup_reader_on_arbitrary_bytes(data in bytes(200)) {
        checks::backup(&data);
    }

    /// One to three values of a real backup replaced, removed, or joined by an unknown column.
    #[test]
    fn backup_reader_on_mutated_backups(
        edits in vec((any::<prop::sample::Index>(), 0u8..4, json_value()), 1..4)
    ) {
        let mut backup = backup_sample();
        for (index, op, value) in edits {
            let mut paths = Vec::new();
            leaves(&backup, &mut Vec::new(), &mut paths);
            if paths.is_empty() {
                break;
            }
            let path = index.get(&paths).clone();
            let (last, parent) = path.split_last().unwrap();
            let parent = at_path(&mut backup, parent);
            match (op, last, parent) {
                (0, Value::String(k), Value::Object(map)) => {
                    map.remove(k);
                }
                (1, _, Value::Object(map)) => {
                    map.insert("unknown_column".into(), value);
                }
                (2, Value::Number(i), Value::Array(items)) => {
                    let i = i.as_u64().unwrap() as usize;
                    let copy = items[i].clone();
                    items.push(copy);
                }
                (_, Value::String(k), Value::Object(map)) => {
                    map.insert(k.clone(), value);
                }
                (_, Value::Number(i), Value::Array(items)) => {
                    items[i.as_u64().unwrap() as usize] = value;
                }
                _ => {}
            }
        }
        checks::backup(backup.to_string().as_bytes());
    }
}

/// Found by the property above: a JieqiBox captured-face-down field read into a position whose
/// public FEN does not carry it.
#[test]
fn a_captured_face_down_field_survives_the_jieqibox_fen() {
    checks::fen(b"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - A 0 1");
    checks::fen(b"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - h 0 1");
}
