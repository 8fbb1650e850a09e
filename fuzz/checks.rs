//! The properties of every reader, one function per fuzz target: whatever the bytes, a reader returns a
//! value or an error and never panics; where a writer exists, writing what was read and reading it
//! again gives the same thing. A broken property panics.
//!
//! The cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`) and the property tests that run in CI
//! (`tests/fuzz_props.rs`) both include this file, so both check the same properties.

use anqi::rating::csv::{read_games, read_start_list, write_standings};
use anqi::rating::list::{RatingList, RatingSettings};
use anqi::rules::adjudicate::{AdjudicateOptions, Termination, adjudicate};
use anqi::rules::banqi;
use anqi::rules::notation::{
    Notation, Record, RecordWriter, WrittenMove, parse_move, write_game, write_move,
};
use anqi::rules::xiangqi::{self, Move, Position};
use anqi::rules::{Color, Variant};

/// The longest game the game targets play (plies).
const MAX_PLIES: usize = 160;

const NOTATIONS: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

/// The record reader and the adjudicators of the three games on arbitrary bytes; a record that
/// reads writes back to text that reads as the same record.
pub fn record(data: &[u8]) {
    let options = AdjudicateOptions {
        move_limit: 40,
        fen: None,
    };
    for variant in [Variant::Xiangqi, Variant::Jieqi, Variant::Banqi] {
        if let Ok(v) = adjudicate(data, variant, None, &options) {
            let _ = v.to_json();
        }
    }
    let _ = adjudicate(
        data,
        Variant::Jieqi,
        Some(&xiangqi::Deal::identity()),
        &options,
    );
    if let Ok(record) = Record::from_bytes(data) {
        let written = RecordWriter::default().write_record(&record);
        let again = Record::parse(&written)
            .unwrap_or_else(|e| panic!("written record does not read: {e}\n{written}"));
        assert_eq!(tags(&again), tags(&record), "{written}");
        let texts = |r: &Record| r.moves.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(&again), texts(&record), "{written}");
        assert_eq!(again.result, record.result, "{written}");
    }
}

/// Tags as the writer keeps them: control characters of a value become spaces (a tag is one line).
fn tags(record: &Record) -> Vec<(String, String)> {
    record
        .tags
        .iter()
        .map(|(n, v)| {
            let v: String = v
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            (n.clone(), v)
        })
        .collect()
}

/// Move notation (ICCS, WXF, Chinese; Banqi squares). The bytes choose a deal and the moves of a game:
/// every move is written in each notation and must read back as itself; the whole game written as a
/// record must adjudicate without an illegal ply. Then the bytes, as text, are read as move tokens in
/// the positions the game reached.
pub fn notation(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let (choices, tokens) = rest.split_at(rest.len().min(MAX_PLIES));
    let positions = match first % 3 {
        0 => xiangqi_game(Variant::Xiangqi, None, choices),
        1 => {
            let (deal_bytes, moves) = choices.split_at(choices.len().min(30));
            xiangqi_game(Variant::Jieqi, Some(jieqi_deal(deal_bytes)), moves)
        }
        _ => {
            banqi_game(choices);
            Vec::new()
        }
    };
    let Ok(text) = std::str::from_utf8(tokens) else {
        return;
    };
    for (i, token) in text.split_whitespace().take(32).enumerate() {
        if let Some(pos) = positions.get(i % positions.len().max(1))
            && let Ok(w) = parse_move(pos, token)
        {
            // A token that reads names a legal move, which writes back to a token naming it again.
            for n in NOTATIONS {
                let again = parse_move(pos, &write_move(pos, &w, n))
                    .unwrap_or_else(|e| panic!("{token} → {n:?}: {e}"));
                assert_eq!(again.mv, w.mv, "{token} in {n:?}");
            }
        }
        let _ = banqi::notation::parse(token);
        let mut banqi_start = banqi::Position::start(None);
        let _ = banqi::notation::play_token(&mut banqi_start, token);
    }
}

/// A Jieqi deal: each side's face-down pieces shuffled by the bytes.
fn jieqi_deal(bytes: &[u8]) -> xiangqi::Deal {
    let identity: Vec<char> = xiangqi::Deal::identity().to_string().chars().collect();
    let (mut black, mut red) = (identity[..15].to_vec(), identity[15..].to_vec());
    for (i, &b) in bytes.iter().enumerate() {
        let side = if i % 2 == 0 { &mut black } else { &mut red };
        let at = i / 2 % 15;
        side.swap(at, usize::from(b) % 15);
    }
    let text: String = black.into_iter().chain(red).collect();
    xiangqi::Deal::parse(&text).unwrap_or_else(|e| panic!("shuffled deal {text}: {e}"))
}

/// Plays the game the bytes choose, checking every move's notation; returns the positions reached.
fn xiangqi_game(variant: Variant, deal: Option<xiangqi::Deal>, choices: &[u8]) -> Vec<Position> {
    let start = match &deal {
        Some(d) => Position::start_with_deal(d),
        None => Position::start(variant),
    };
    let mut pos = start.clone();
    let mut played = Vec::new();
    let mut positions = vec![pos.clone()];
    for &b in choices {
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(b) % legal.len()];
        let w = WrittenMove {
            mv: m,
            reveal: pos.hidden_identity(m.from()),
            captured: pos.hidden_identity(m.to()),
        };
        for n in NOTATIONS {
            let text = write_move(&pos, &w, n);
            let back = parse_move(&pos, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            // ICCS and Chinese (its 吃X suffix) name a captured face-down piece; WXF does not.
            let expect = match n {
                Notation::Iccs | Notation::Chinese => w,
                _ => WrittenMove {
                    captured: None,
                    ..w
                },
            };
            assert_eq!(back, expect, "{text} ({n:?}) in {}", pos.to_fen());
        }
        played.push(w);
        pos.make_move(m)
            .unwrap_or_else(|e| panic!("legal move {m:?}: {e}"));
        positions.push(pos.clone());
    }
    let options = AdjudicateOptions {
        move_limit: u16::MAX,
        fen: None,
    };
    for n in NOTATIONS {
        let text = write_game(&start, &played, n, &[], None, None)
            .unwrap_or_else(|e| panic!("writing the game: {e}"));
        let verdict = adjudicate(text.as_bytes(), variant, None, &options)
            .unwrap_or_else(|e| panic!("written game does not read: {e}\n{text}"));
        assert!(
            verdict.termination != Termination::Illegal,
            "written game has an illegal ply: {:?}\n{text}",
            verdict.error
        );
    }
    positions
}

/// Plays the Banqi game the bytes choose (the first 32 shuffle the deal), writes it as a record and
/// adjudicates it: every ply must be legal.
fn banqi_game(bytes: &[u8]) {
    let (deal_bytes, choices) = bytes.split_at(bytes.len().min(32));
    let mut set = banqi::deal::full_set();
    let n = set.len();
    for (i, &b) in deal_bytes.iter().enumerate() {
        set.swap(i, usize::from(b) % n);
    }
    let letters: String = set.iter().map(|p| p.letter()).collect();
    let deal = banqi::Deal::parse(&letters).unwrap_or_else(|e| panic!("deal {letters}: {e}"));
    let mut pos = banqi::Position::start(Some(&deal));
    let mut turns = Vec::new();
    for &b in choices {
        let legal = pos.legal_turns();
        if legal.is_empty() {
            break;
        }
        let turn = legal[usize::from(b) % legal.len()];
        let revealed = match turn {
            banqi::Turn::Flip(square) => Some(deal.piece_at(square)),
            _ => None,
        };
        let text = banqi::notation::write(turn, revealed);
        let mut copy = pos.clone();
        let read =
            banqi::notation::play_token(&mut copy, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read, turn, "{text}");
        pos.play(turn, revealed)
            .unwrap_or_else(|e| panic!("legal turn {text}: {e}"));
        assert_eq!(copy, pos, "{text}");
        turns.push((turn, revealed));
        // A side without pieces has lost (RULES.md §6), even while face-down pieces remain.
        if !pos.has_pieces(Color::Red) || !pos.has_pieces(Color::Black) {
            break;
        }
    }
    let tags = vec![("Deal".to_string(), letters)];
    let text = banqi::notation::write_record(&tags, &turns, None);
    let record = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let settings = banqi::Settings {
        no_progress_limit: None,
        ..banqi::Settings::default()
    };
    let verdict = banqi::adjudicate(&record, None, None, settings)
        .unwrap_or_else(|e| panic!("written game does not set up: {e}\n{text}"));
    assert!(
        verdict.termination != Termination::Illegal,
        "written game has an illegal ply: {:?}\n{text}",
        verdict.error
    );
}

/// FEN of the three games: a FEN that reads writes back to a FEN that reads as the same position.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in [Variant::Xiangqi, Variant::Jieqi] {
        if let Ok(pos) = Position::from_fen(text, variant) {
            let written = pos.to_fen();
            let again = Position::from_fen(&written, variant)
                .unwrap_or_else(|e| panic!("{written} (from {text:?}): {e}"));
            assert_eq!(again.to_fen(), written, "from {text:?}");
            // The public FEN (RULES.md §3) does not say which face-down pieces were captured;
            // JieqiBox's layout does, and carries the whole position.
            let (_, captured) = pos.jieqibox_pools();
            if captured == "-" {
                assert!(
                    again == pos,
                    "{written} reads as another position (from {text:?})"
                );
            }
            if variant == Variant::Jieqi {
                let jieqibox = anqi::rules::formats::jieqibox_fen(&pos);
                let again = Position::from_fen(&jieqibox, variant)
                    .unwrap_or_else(|e| panic!("{jieqibox} (from {text:?}): {e}"));
                assert!(
                    again == pos,
                    "{jieqibox} reads as another position (from {text:?})"
                );
            }
            let _ = pos.legal_moves();
        }
    }
    let (fen, deal) = match text.split_once('|') {
        Some((f, d)) => (f, Some(d)),
        None => (text, None),
    };
    if let Ok(pos) = banqi::fen::read(fen, deal) {
        let written = banqi::fen::write(&pos);
        let again = banqi::fen::read(&written, None)
            .unwrap_or_else(|e| panic!("{written} (from {text:?}): {e}"));
        assert_eq!(banqi::fen::write(&again), written, "from {text:?}");
        let _ = pos.legal_turns();
    }
}

/// Deal strings (Jieqi and Banqi, the sealed-deal layout and the rules' own): a deal that reads
/// writes back to the same string, which reads as the same deal.
pub fn deal(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in [Variant::Jieqi, Variant::Banqi, Variant::Xiangqi] {
        if let Ok(deal) = anqi::deal::Deal::parse(variant, text) {
            let again = anqi::deal::Deal::parse(variant, deal.as_str())
                .unwrap_or_else(|e| panic!("{} does not read: {e}", deal.as_str()));
            assert_eq!(again, deal);
            assert_eq!(again.to_string(), deal.to_string());
            let _ = deal.squares();
            let _ = anqi::deal::SetupSheet::new(&deal);
        }
    }
    if let Ok(deal) = xiangqi::Deal::parse(text) {
        let written = deal.to_string();
        assert_eq!(
            xiangqi::Deal::parse(&written).as_ref(),
            Ok(&deal),
            "{written}"
        );
        let pos = Position::start_with_deal(&deal);
        let _ = pos.legal_moves();
    }
    if let Ok(deal) = banqi::Deal::parse(text) {
        let written = deal.to_string();
        assert_eq!(
            banqi::Deal::parse(&written).as_ref(),
            Ok(&deal),
            "{written}"
        );
        let _ = banqi::Position::start(Some(&deal));
    }
}

/// TRF import: a document that reads writes back to text that reads as the same document, and a
/// tournament that reads writes back to a TRF that reads as the same tournament.
pub fn trf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(doc) = anqi::swiss::trf::TrfDocument::parse(text) else {
        return;
    };
    let written = doc.to_string();
    let again = anqi::swiss::trf::TrfDocument::parse(&written)
        .unwrap_or_else(|e| panic!("written TRF does not read: {e}\n{written}"));
    assert_eq!(again, doc, "{written}");
    let _ = doc.unsupported_for_pairing();
    let _ = doc.hand_fixed_rounds();
    if let Ok(t) = doc.to_tournament() {
        let info = anqi::swiss::trf::EventInfo::default();
        if let Ok(out) = anqi::swiss::trf::write_tournament(&t, &info) {
            let back = anqi::swiss::trf::read_tournament(&out)
                .unwrap_or_else(|e| panic!("written tournament does not read: {e}\n{out}"));
            assert_eq!(back, t, "{out}");
        }
    }
}

/// Rating CSV: the games and starting-list readers. A starting list that reads, rated with the games
/// the same bytes hold, writes standings that read back as a starting list of the same players,
/// points and games.
pub fn rating_csv(data: &[u8]) {
    let games = read_games(data);
    let Ok(start) = read_start_list(data) else {
        return;
    };
    let mut list = RatingList::new(RatingSettings::default());
    for entry in &start {
        if list
            .add_player(&entry.name, entry.points, entry.games)
            .is_err()
        {
            return;
        }
    }
    if let Ok(sheet) = &games {
        let _ = list.apply_sheet(sheet);
    }
    let standings = list.standings();
    let mut out = Vec::new();
    write_standings(&mut out, &standings).expect("writing to memory");
    let back = read_start_list(&out).unwrap_or_else(|e| {
        panic!(
            "written standings do not read: {e}\n{}",
            String::from_utf8_lossy(&out)
        )
    });
    let written: Vec<_> = standings
        .iter()
        .map(|s| (s.name.clone(), s.points, s.games))
        .collect();
    let read: Vec<_> = back
        .into_iter()
        .map(|e| (e.name, e.points, e.games))
        .collect();
    assert_eq!(read, written, "{}", String::from_utf8_lossy(&out));
}

/// Player CSV: every row is an entry or an error naming its line; entries written back as CSV read
/// as the same entries.
pub fn players_csv(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(entries) = anqi::roster::parse_csv(text) else {
        return;
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["name", "club", "rating", "fide_id", "local_id", "category"])
        .expect("memory");
    for e in &entries {
        w.write_record([
            e.name.as_str(),
            &e.club,
            &e.rating.to_string(),
            &e.fide_id,
            &e.local_id,
            &e.category,
        ])
        .expect("memory");
    }
    let out = String::from_utf8(w.into_inner().expect("memory")).expect("UTF-8 in, UTF-8 out");
    let back = anqi::roster::parse_csv(&out)
        .unwrap_or_else(|e| panic!("written players do not read: {e:?}\n{out}"));
    assert_eq!(back, entries, "{out}");
}

/// Backup JSON: the importer's reading (every table, row and value) never panics.
pub fn backup(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = anqi::service::imports::check(text);
    }
}
