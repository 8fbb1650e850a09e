//! The record formats of the Jieqi community's tools (`../shared/research/jieqi-formats.md`), read
//! into the [`Record`] Anqi replays and written from a replayed game:
//!
//! * **JieqiBox** JSON game files: `metadata` (names, result, `initialFen` in either of JieqiBox's
//!   FEN layouts) and `moves[].data`, ICCS with the revealed identity and the identity of a piece
//!   captured face-down (`h2h9Pp`); `adjust` entries (pools edited by hand) are refused.
//! * **Pikafish**'s UCI line `position fen <FEN> moves …` (or `position startpos moves …`), the
//!   same move letters.
//! * **pychess-variants**: PGN with a FEN whose covered pieces are `r~` letters, and moves on ranks
//!   1–10 with the revealed identity in lower case (`h3e3n`); it writes no captured identity.
//!
//! The format is told from the content ([`detect`], [`is_pychess`]); the FEN layouts and pool
//! spellings are read by `Position::from_fen` itself, so a `FEN` tag or `--fen` may hold any of
//! them. The writers take a game replayed with its deal ([`replay_for_export`]), so every reveal
//! and every captured face-down identity is written; they are only for games whose deal may be
//! shown.

use serde_json::{Map, Value, json};

use super::Color;
use super::Variant;
use super::adjudicate::{GameResult, PlyError, SetupError, start_position};
use super::notation::{MoveToken, Record, RecordError, RecordErrorKind, RecordWriter, WrittenMove};
use super::replay::Replay;
use super::xiangqi::{Deal, Piece, PieceKind, Position, Square};

/// Most bytes of one file in a format that is read whole (a JieqiBox JSON file, Pikafish lines).
pub const MAX_FILE_BYTES: usize = 8 << 20;

/// Most games of one JieqiBox JSON array.
pub const MAX_JSON_GAMES: usize = 2000;

/// The record formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Anqi's own PGN-style record (tags, movetext in ICCS, WXF or Chinese).
    Record,
    /// A JieqiBox JSON game (or an array of them).
    JieqiBox,
    /// Pikafish's `position … moves …` line (one game a line).
    Pikafish,
    /// pychess-variants' PGN (`r~` FEN letters, ranks 1–10).
    Pychess,
}

impl Format {
    /// The name in URLs and options (`record`, `jieqibox`, `pikafish`, `pychess`).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Record => "record",
            Format::JieqiBox => "jieqibox",
            Format::Pikafish => "pikafish",
            Format::Pychess => "pychess",
        }
    }

    /// Parses a format name.
    pub fn parse(s: &str) -> Option<Format> {
        [
            Format::Record,
            Format::JieqiBox,
            Format::Pikafish,
            Format::Pychess,
        ]
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
    }

    /// The usual file name extension.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Record | Format::Pychess => "pgn",
            Format::JieqiBox => "json",
            Format::Pikafish => "txt",
        }
    }
}

/// The format of a file or game told from its first characters: a JSON object (or an array of
/// them) is JieqiBox's, a line starting `position` Pikafish's; anything else is a PGN-style record,
/// which may be pychess's (see [`is_pychess`]).
pub fn detect(text: &[u8]) -> Format {
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
    let mut rest = text.iter().copied().skip_while(u8::is_ascii_whitespace);
    match rest.next() {
        // `{` then a key (or `}`): a PGN comment never starts so.
        Some(b'{') => match rest.find(|b| !b.is_ascii_whitespace()) {
            Some(b'"' | b'}') => Format::JieqiBox,
            _ => Format::Record,
        },
        // `[` then `{`: a JSON array of games; a PGN tag has its name there.
        Some(b'[') => match rest.find(|b| !b.is_ascii_whitespace()) {
            Some(b'{' | b']') => Format::JieqiBox,
            _ => Format::Record,
        },
        Some(b'p') => {
            let start = text.len() - text.trim_ascii_start().len();
            let word = &text[start..];
            if word.starts_with(b"position") && word.get(8).is_none_or(u8::is_ascii_whitespace) {
                Format::Pikafish
            } else {
                Format::Record
            }
        }
        _ => Format::Record,
    }
}

/// Splits a whole file of a format read whole (JieqiBox, Pikafish) into its games: each element of
/// a JSON array (written out again as a JSON object), each non-blank Pikafish line. A file of
/// another format is one game here.
pub fn split_whole(bytes: &[u8]) -> Result<Vec<super::notation::GameText>, RecordError> {
    use super::notation::GameText;
    match detect(bytes) {
        Format::JieqiBox => {
            let text = utf8(bytes)?;
            let value = parse_json(text, 1)?;
            match value {
                Value::Array(games) => {
                    if games.len() > MAX_JSON_GAMES {
                        return Err(at(1, 1, RecordErrorKind::JsonGames(games.len())));
                    }
                    Ok(games
                        .iter()
                        .map(|g| GameText {
                            bytes: serde_json::to_string_pretty(g)
                                .unwrap_or_default()
                                .into_bytes(),
                            first_line: 1,
                        })
                        .collect())
                }
                _ => Ok(vec![GameText {
                    bytes: bytes.to_vec(),
                    first_line: 1,
                }]),
            }
        }
        Format::Pikafish => {
            let text = utf8(bytes)?;
            Ok(text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(i, l)| GameText {
                    bytes: l.trim().as_bytes().to_vec(),
                    first_line: i + 1,
                })
                .collect())
        }
        Format::Record | Format::Pychess => Ok(vec![GameText {
            bytes: bytes.to_vec(),
            first_line: 1,
        }]),
    }
}

/// The record tags a JieqiBox game's `metadata` holds as they are, by its keys (`white` is Red).
const JIEQIBOX_TAGS: [(&str, &str); 6] = [
    ("event", "Event"),
    ("site", "Site"),
    ("date", "Date"),
    ("round", "Round"),
    ("white", "Red"),
    ("black", "Black"),
];

/// Reads one game in a format that is not PGN-style (JieqiBox JSON, a Pikafish line) into a
/// record; `None` for a PGN-style record (or bytes that are not UTF-8), which the record reader
/// takes.
pub fn read_foreign(bytes: &[u8], first_line: usize) -> Option<Result<Record, RecordError>> {
    let format = detect(bytes);
    if !matches!(format, Format::JieqiBox | Format::Pikafish) {
        return None;
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Some(match format {
        Format::JieqiBox => read_jieqibox(text, first_line),
        _ => read_pikafish(text.trim(), first_line),
    })
}

fn at(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
    RecordError {
        line,
        column,
        plies_before: 0,
        kind,
    }
}

fn utf8(bytes: &[u8]) -> Result<&str, RecordError> {
    std::str::from_utf8(bytes).map_err(|e| {
        at(
            1,
            1,
            RecordErrorKind::NotUtf8 {
                offset: e.valid_up_to(),
                byte: bytes.get(e.valid_up_to()).copied().unwrap_or_default(),
                likely: super::notation::LegacyEncoding::guess(bytes),
            },
        )
    })
}

fn parse_json(text: &str, first_line: usize) -> Result<Value, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str(text).map_err(|e| {
        at(
            first_line + e.line().saturating_sub(1),
            e.column().max(1),
            RecordErrorKind::Json(e.to_string()),
        )
    })
}

/// A JieqiBox game: `metadata` becomes tags, `moves[].data` the move tokens.
fn read_jieqibox(text: &str, first_line: usize) -> Result<Record, RecordError> {
    let field = |name: String| at(first_line, 1, RecordErrorKind::JsonField(name));
    let mut value = parse_json(text, first_line)?;
    if let Value::Array(games) = &mut value {
        if games.len() != 1 {
            return Err(at(first_line, 1, RecordErrorKind::JsonGames(games.len())));
        }
        value = games.remove(0);
    }
    let game = value.as_object().ok_or_else(|| field("{}".into()))?;
    let metadata = game
        .get("metadata")
        .and_then(Value::as_object)
        .ok_or_else(|| field("metadata".into()))?;
    let moves = game
        .get("moves")
        .and_then(Value::as_array)
        .ok_or_else(|| field("moves".into()))?;
    let mut record = Record {
        tags: vec![("Variant".to_string(), Variant::Jieqi.name().to_string())],
        ..Record::default()
    };
    let read_too = [
        ("result", "Result"),
        ("initialFen", "FEN"),
        ("deal", "Deal"),
    ];
    for (key, tag) in JIEQIBOX_TAGS.into_iter().chain(read_too) {
        let text = match metadata.get(key) {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) => s.trim().to_string(),
            Some(Value::Number(n)) => n.to_string(),
            Some(_) => return Err(field(format!("metadata.{key}"))),
        };
        if !text.is_empty() {
            record.tags.push((tag.to_string(), text));
        }
    }
    for (i, entry) in moves.iter().enumerate() {
        let kind = entry.get("type").and_then(Value::as_str).unwrap_or("move");
        match kind {
            "move" => {}
            "adjust" => return Err(at(first_line, 1, RecordErrorKind::JsonAdjust(i + 1))),
            _ => return Err(field(format!("moves[{i}].type"))),
        }
        let data = entry
            .get("data")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .ok_or_else(|| field(format!("moves[{i}].data")))?;
        record.moves.push(MoveToken {
            text: data.to_string(),
            line: first_line,
            column: 1,
        });
    }
    Ok(record)
}

/// A Pikafish line `position fen <FEN> [moves …]` or `position startpos [moves …]` (a Jieqi game).
fn read_pikafish(line: &str, first_line: usize) -> Result<Record, RecordError> {
    let bad = || at(first_line, 1, RecordErrorKind::PositionLine);
    let words: Vec<&str> = line.split_whitespace().collect();
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut record = Record {
        tags: vec![("Variant".to_string(), Variant::Jieqi.name().to_string())],
        ..Record::default()
    };
    match words.get(1).copied() {
        Some("startpos") if moves_at == 2 => {}
        Some("fen") if moves_at > 2 => {
            record
                .tags
                .push(("FEN".to_string(), words[2..moves_at].join(" ")));
        }
        _ => return Err(bad()),
    }
    // Columns count characters; the line is ASCII where it is a Pikafish line at all.
    let mut column = words[..=moves_at.min(words.len() - 1)]
        .iter()
        .map(|w| w.chars().count() + 1)
        .sum::<usize>()
        + 1;
    for w in words.iter().skip(moves_at + 1) {
        record.moves.push(MoveToken {
            text: (*w).to_string(),
            line: first_line,
            column,
        });
        column += w.chars().count() + 1;
    }
    Ok(record)
}

/// Whether a PGN-style record is pychess-variants': its FEN has covered `~` letters, its `Site`
/// names pychess, or a move is on rank 10 (pychess counts ranks 1–10; Anqi's ICCS 0–9).
pub fn is_pychess(record: &Record) -> bool {
    record.tag("FEN").is_some_and(|f| f.contains('~'))
        || record
            .tag("Site")
            .is_some_and(|s| s.to_ascii_lowercase().contains("pychess"))
        || record
            .moves
            .iter()
            .any(|m| fs_squares(&m.text).is_some_and(|(a, b, _)| a.1 == 10 || b.1 == 10))
}

/// A point as pychess numbers it: file 0–8, rank 1–10.
type FsSquare = (u8, u8);

/// A pychess move's squares and what follows them.
fn fs_squares(token: &str) -> Option<(FsSquare, FsSquare, &str)> {
    fn square(s: &str) -> Option<(FsSquare, &str)> {
        let mut chars = s.char_indices();
        let (_, f) = chars.next()?;
        let file = u8::try_from(u32::from(f)).ok()?.checked_sub(b'a')?;
        if file > 8 {
            return None;
        }
        let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count().min(2);
        let digits = if digits == 2 && &s[1..3] != "10" {
            1
        } else {
            digits
        };
        let rank: u8 = s.get(1..1 + digits)?.parse().ok()?;
        (1..=10)
            .contains(&rank)
            .then_some(((file, rank), &s[1 + digits..]))
    }
    if !token.is_ascii() {
        return None;
    }
    let (from, rest) = square(token)?;
    let (to, rest) = square(rest)?;
    (rest.len() <= 1 && rest.chars().all(|c| c.is_ascii_alphabetic())).then_some((from, to, rest))
}

/// A pychess record as Anqi reads it: moves on ICCS ranks, `White`/`Black` names as `Red`/`Black`.
/// Any other record is returned as it is.
pub fn from_pychess(mut record: Record) -> Record {
    if !is_pychess(&record) {
        return record;
    }
    for m in &mut record.moves {
        if let Some((from, to, letter)) = fs_squares(&m.text) {
            let square = |(f, r): FsSquare| format!("{}{}", char::from(b'a' + f), r - 1);
            m.text = format!("{}{}{letter}", square(from), square(to));
        }
    }
    if record.tag("Red").is_none()
        && let Some(white) = record.tag("White").map(str::to_string)
    {
        record.tags.push(("Red".to_string(), white));
    }
    if record.tag("Variant").is_none() {
        record
            .tags
            .push(("Variant".to_string(), Variant::Jieqi.name().to_string()));
    }
    record
}

/// A game replayed with its deal, ready to be written in any format: the start, every move with
/// the identities known (the reveals, and the face-down pieces captured when the deal knows them),
/// and the result the record claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportGame {
    /// The start position (with the deal's identities, when one is known).
    pub start: Position,
    /// The moves in order.
    pub moves: Vec<WrittenMove>,
    /// The position after the last move.
    pub end: Position,
    /// The deal, when known.
    pub deal: Option<Deal>,
    /// The result the record claims (`None` when it claims none).
    pub result: Option<GameResult>,
}

/// Why a game cannot be written in another format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// Its start cannot be set up.
    #[error("{0}")]
    Setup(SetupError),
    /// A ply is illegal: a record that does not replay is not written elsewhere.
    #[error("ply {}: {}", .0.ply, .0.message)]
    Illegal(PlyError),
}

/// Replays a xiangqi or Jieqi record with its deal for the writers.
pub fn replay_for_export(
    record: &Record,
    variant: Variant,
    deal: Option<&Deal>,
) -> Result<ExportGame, ExportError> {
    let (start, deal) = start_position(record, variant, deal, None).map_err(ExportError::Setup)?;
    let mut replay = Replay::new(start.clone(), record.moves.iter().map(|t| t.text.as_str()));
    let mut moves = Vec::with_capacity(record.moves.len());
    for step in replay.by_ref() {
        let ply = step.map_err(ExportError::Illegal)?;
        moves.push(WrittenMove {
            captured: ply.written.captured.or(ply.undo.captured_identity()),
            ..ply.written
        });
    }
    Ok(ExportGame {
        start,
        moves,
        end: replay.into_position(),
        deal,
        result: record.claimed_result(),
    })
}

/// The value of a tag among `tags` (case-insensitive).
fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// A position in JieqiBox's FEN (its new layout): `board side pool captured-pool clock move`.
pub fn jieqibox_fen(pos: &Position) -> String {
    let (pool, captured) = pos.jieqibox_pools();
    engine_fen(
        pos,
        |p| p.fen_letter().to_string(),
        &format!("{pool} {captured}"),
    )
}

/// A position in Pikafish's FEN: `board side pool clock move`, the pool in Pikafish's order with
/// zero counts (`R2A2C2P5N2B2r2a2c2p5n2b2`, `R0…` once a kind is gone).
pub fn pikafish_fen(pos: &Position) -> String {
    let mut pool = String::new();
    for color in [Color::Red, Color::Black] {
        for kind in crate::rules::xiangqi::POOL_ORDER {
            pool.push(letter(color, kind));
            pool.push_str(&pos.pool().count(color, kind).to_string());
        }
    }
    engine_fen(pos, |p| p.fen_letter().to_string(), &pool)
}

/// A position in pychess-variants' FEN: a covered piece is its home letter and `~`, no pool.
pub fn pychess_fen(pos: &Position) -> String {
    engine_fen(pos, |p| format!("{}~", letter(p.color, p.kind)), "- -")
}

/// The FEN layout the Jieqi engines share: `board side <pools> clock move`, a covered piece
/// written by `hidden`, the pool fields as each engine writes them.
fn engine_fen(pos: &Position, hidden: impl Fn(Piece) -> String, pools: &str) -> String {
    format!(
        "{} {} {pools} {} {}",
        pos.board_field(hidden),
        side_letter(pos.side_to_move()),
        pos.plies_since_capture(),
        pos.move_number()
    )
}

fn side_letter(color: Color) -> char {
    match color {
        Color::Red => 'w',
        Color::Black => 'b',
    }
}

fn letter(color: Color, kind: PieceKind) -> char {
    match color {
        Color::Red => kind.letter(),
        Color::Black => kind.letter().to_ascii_lowercase(),
    }
}

/// The moves of a game in ICCS with the reveal and captured letters (Pikafish's and JieqiBox's
/// move strings), each with the position after it.
fn iccs_moves(game: &ExportGame) -> Vec<(String, Position)> {
    let mut pos = game.start.clone();
    let mut out = Vec::with_capacity(game.moves.len());
    for wm in &game.moves {
        let text = super::notation::iccs::write(&pos, wm);
        if let Some(c) = wm
            .captured
            .filter(|_| pos.hidden_identity(wm.mv.to()).is_none())
        {
            // The identity is the record's word; the replay accepted it already.
            let _ = pos.set_hidden_identity(wm.mv.to(), c);
        }
        if let Some(r) = wm
            .reveal
            .filter(|_| pos.hidden_identity(wm.mv.from()).is_none())
        {
            let _ = pos.set_hidden_identity(wm.mv.from(), r);
        }
        if pos.make_move(wm.mv).is_err() {
            break;
        }
        out.push((text, pos.clone()));
    }
    out
}

/// Writes a game as a JieqiBox JSON game file (what JieqiBox saves and opens): `metadata` with the
/// players (`white` is Red), the result, the start and final FEN in JieqiBox's layout and the deal
/// when known; `moves` with each move's string and the FEN after it. `tags` are the record's
/// (Event, Site, Date, Round, Red, Black).
pub fn write_jieqibox(game: &ExportGame, tags: &[(String, String)]) -> String {
    let mut metadata = Map::new();
    for (key, name) in JIEQIBOX_TAGS {
        if let Some(v) = tag(tags, name) {
            metadata.insert(key.to_string(), Value::String(v.to_string()));
        }
    }
    metadata.insert(
        "result".to_string(),
        Value::String(game.result.unwrap_or(GameResult::Unknown).as_str().into()),
    );
    metadata.insert(
        "initialFen".to_string(),
        Value::String(jieqibox_fen(&game.start)),
    );
    metadata.insert("flipMode".to_string(), Value::String("random".into()));
    metadata.insert(
        "currentFen".to_string(),
        Value::String(jieqibox_fen(&game.end)),
    );
    if let Some(d) = &game.deal {
        metadata.insert("deal".to_string(), Value::String(d.to_string()));
    }
    let moves: Vec<Value> = iccs_moves(game)
        .into_iter()
        .map(|(data, after)| json!({"type": "move", "data": data, "fen": jieqibox_fen(&after)}))
        .collect();
    let count = moves.len();
    let file = json!({
        "metadata": Value::Object(metadata),
        "moves": moves,
        "currentMoveIndex": count,
    });
    let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
    text.push('\n');
    text
}

/// Writes a game as Pikafish's UCI line `position fen <FEN> moves …` (a line an engine takes as
/// it is; it has no place for names or a result).
pub fn write_pikafish(game: &ExportGame) -> String {
    let mut line = format!("position fen {}", pikafish_fen(&game.start));
    let moves = iccs_moves(game);
    if !moves.is_empty() {
        line.push_str(" moves");
        for (m, _) in moves {
            line.push(' ');
            line.push_str(&m);
        }
    }
    line.push('\n');
    line
}

/// Writes a game in pychess-variants' PGN form: its tags (`White` is Red), `Variant "Jieqi"`, the
/// FEN with `~` letters, and moves on ranks 1–10 with the revealed identity in lower case. pychess
/// writes no captured face-down identity; a `Deal` tag (which other readers ignore) keeps them.
pub fn write_pychess(game: &ExportGame, tags: &[(String, String)]) -> String {
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, from) in [
        ("Event", "Event"),
        ("Site", "Site"),
        ("Date", "Date"),
        ("Round", "Round"),
        ("White", "Red"),
        ("Black", "Black"),
    ] {
        if let Some(v) = tag(tags, from) {
            out.push((name.to_string(), v.to_string()));
        }
    }
    let result = game.result.unwrap_or(GameResult::Unknown);
    out.push(("Result".into(), result.as_str().into()));
    out.push(("Variant".into(), "Jieqi".into()));
    out.push(("FEN".into(), pychess_fen(&game.start)));
    out.push(("SetUp".into(), "1".into()));
    if let Some(d) = &game.deal {
        out.push(("Deal".into(), d.to_string()));
    }
    let square = |s: Square| format!("{}{}", char::from(b'a' + s.file()), s.rank() + 1);
    let moves: Vec<String> = game
        .moves
        .iter()
        .map(|wm| {
            let mut m = format!("{}{}", square(wm.mv.from()), square(wm.mv.to()));
            if let Some(r) = wm.reveal {
                m.push(r.letter().to_ascii_lowercase());
            }
            m
        })
        .collect();
    let writer = RecordWriter {
        first_move_number: u32::from(game.start.move_number()),
        black_moves_first: game.start.side_to_move() == Color::Black,
        ..RecordWriter::default()
    };
    writer.write(&out, &moves, Some(result))
}

/// Writes a game in Anqi's own record form (ICCS with every identity), with `tags`.
pub fn write_record(game: &ExportGame, tags: &[(String, String)]) -> String {
    let mut tags: Vec<(String, String)> = tags.to_vec();
    if tag(&tags, "Variant").is_none() {
        tags.insert(0, ("Variant".into(), game.start.variant().name().into()));
    }
    super::notation::write_game(
        &game.start,
        &game.moves,
        super::notation::Notation::Iccs,
        &tags,
        game.deal.as_ref(),
        Some(game.result.unwrap_or(GameResult::Unknown)),
    )
    .unwrap_or_default()
}

/// Writes a game in `format`.
pub fn write(game: &ExportGame, format: Format, tags: &[(String, String)]) -> String {
    match format {
        Format::Record => write_record(game, tags),
        Format::JieqiBox => write_jieqibox(game, tags),
        Format::Pikafish => write_pikafish(game),
        Format::Pychess => write_pychess(game, tags),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::adjudicate::{AdjudicateOptions, Termination, Verdict, adjudicate};
    use crate::rules::notation::{Notation, write_game};
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    const DEAL: &str = "pppppccrnbaabnrRNBAABNRCCPPPPP";

    /// The game every hand-written file below holds, in Anqi's ICCS with the deal.
    const GAME: &str = "[Variant \"jieqi\"]\n[Deal \"pppppccrnbaabnrRNBAABNRCCPPPPP\"]\n\n1. h2e2N b7b0nC 2. a0b0R h7h1b 3. e2c1 g6g5n 1-0\n";

    fn judge(text: &str, deal: Option<&str>) -> Verdict {
        let deal = deal.map(|d| Deal::parse(d).unwrap());
        adjudicate(
            text.as_bytes(),
            Variant::Jieqi,
            deal.as_ref(),
            &AdjudicateOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn read_err(text: &str) -> RecordError {
        crate::rules::adjudicate::read_record(text.as_bytes(), 1).unwrap_err()
    }

    /// A JieqiBox game file as its NOTATION_FORMAT.md documents it: the old FEN layout (pool
    /// before the side) in `initialFen`, other fields JieqiBox writes, `data` with the revealed
    /// and the captured identity.
    const JIEQIBOX: &str = r#"{
  "metadata": {
    "event": "揭棋对局", "site": "jieqibox", "date": "2026-08-01", "round": "1",
    "white": "红方", "black": "黑方", "result": "1-0",
    "initialFen": "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
    "flipMode": "random", "currentFen": "", "openingComment": "开局"
  },
  "moves": [
    { "type": "move", "data": "h2e2N", "comment": "Good opening move", "annotation": "!", "engineScore": 0.5, "engineTime": 1250 },
    { "type": "move", "data": "b7b0nC" },
    { "type": "move", "data": "a0b0R" },
    { "type": "move", "data": "h7h1b" },
    { "type": "move", "data": "e2c1" },
    { "type": "move", "data": "g6g5n" }
  ]
}"#;

    #[test]
    fn a_jieqibox_game_file_reads_as_the_same_game() {
        let expected = judge(GAME, None);
        assert_eq!((expected.plies, expected.result), (6, GameResult::RedWins));
        assert_eq!(judge(JIEQIBOX, None), expected);
        let record = crate::rules::adjudicate::read_record(JIEQIBOX.as_bytes(), 1).unwrap();
        assert_eq!(
            (record.tag("Red"), record.tag("Black")),
            (Some("红方"), Some("黑方"))
        );
        // The new layout (side, pool, captured pool) and a one-game array read the same; the
        // sealed deal checks every reveal.
        let new_layout = JIEQIBOX.replace(
            "XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
            "XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
        );
        assert_eq!(judge(&format!("[{new_layout}]"), Some(DEAL)), expected);
        let wrong = judge(JIEQIBOX, Some("pppppccrnbaabnrRNBAANBRCCPPPPP"));
        assert_eq!(wrong.error.map(|e| e.ply), Some(1));
    }

    #[test]
    fn jieqibox_adjust_entries_and_missing_fields_are_refused_by_name() {
        let adjust = JIEQIBOX.replace(
            r#"{ "type": "move", "data": "a0b0R" }"#,
            r#"{ "type": "adjust", "data": "R+" }"#,
        );
        assert_eq!(read_err(&adjust).kind, RecordErrorKind::JsonAdjust(3));
        let no_data = JIEQIBOX.replace(r#""data": "e2c1""#, r#""date": "e2c1""#);
        assert_eq!(
            read_err(&no_data).kind,
            RecordErrorKind::JsonField("moves[4].data".into())
        );
        assert_eq!(
            read_err(r#"{"metadata": {}}"#).kind,
            RecordErrorKind::JsonField("moves".into())
        );
        let broken = read_err("{\n  \"metadata\": {},\n  \"moves\": [,]\n}");
        assert!(matches!(broken.kind, RecordErrorKind::Json(_)), "{broken}");
        assert_eq!(broken.line, 3);
        let two = format!("[{JIEQIBOX}, {JIEQIBOX}]");
        assert_eq!(read_err(&two).kind, RecordErrorKind::JsonGames(2));
        assert_eq!(split_whole(two.as_bytes()).unwrap().len(), 2);
    }

    /// pychess-variants' PGN export for Jieqi: its tags, `~` FEN, ranks 1–10 and lower-case
    /// reveal letters for both sides; it writes no captured identity.
    const PYCHESS: &str = "[Event \"PyChess rated game\"]\n[Site \"https://www.pychess.org/AbCdEfGh\"]\n[Date \"2026.08.01\"]\n[White \"Red player\"]\n[Black \"Black player\"]\n[Result \"1-0\"]\n[Variant \"Jieqi\"]\n[FEN \"r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1\"]\n[SetUp \"1\"]\n\n1. h3e3n b8b1n 2. a1b1r h8h2b 3. e3c2 g7g6n 1-0\n";

    #[test]
    fn a_pychess_game_reads_as_the_same_game() {
        let expected = judge(GAME, None);
        let v = judge(PYCHESS, None);
        assert_eq!(
            (v.plies, v.result, v.termination),
            (6, expected.result, expected.termination)
        );
        // Without the captured cannon's identity it stays in Red's pool; with the deal it does not.
        assert!(v.final_fen.contains(" R1A2C2P5N1B2"), "{}", v.final_fen);
        assert_eq!(judge(PYCHESS, Some(DEAL)), expected);
        let record = crate::rules::adjudicate::read_record(PYCHESS.as_bytes(), 1).unwrap();
        assert_eq!(record.tag("Red"), Some("Red player"));
        // A move on rank 10 alone tells pychess's ranks.
        let r = Record::parse("1. b3b10r").unwrap();
        assert!(is_pychess(&r));
        assert_eq!(from_pychess(r).moves[0].text, "b2b9r");
        assert!(!is_pychess(&Record::parse("1. h2e2 b9c7").unwrap()));
        // A covered piece off its start square cannot be a face-down piece here.
        let off = PYCHESS.replace("P~1P~1P~1P~1P~/1C~5C~1/9", "P~1P~1P~1P~1P~/1C~5C~1/p~8");
        let e = adjudicate(
            off.as_bytes(),
            Variant::Jieqi,
            None,
            &AdjudicateOptions::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("not its Black start square"), "{e}");
    }

    #[test]
    fn a_pikafish_line_reads_as_the_same_game() {
        let expected = judge(GAME, None);
        let line = "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1 moves h2e2N b7b0nC a0b0R h7h1b e2c1 g6g5n";
        let v = judge(line, None);
        // A UCI line has no result: the same game, unfinished.
        assert_eq!((v.plies, &v.final_fen), (6, &expected.final_fen));
        assert_eq!(v.termination, Termination::Unfinished);
        let startpos = "position startpos moves h2e2N b7b0nC a0b0R h7h1b e2c1 g6g5n\n";
        assert_eq!(judge(startpos, None), v);
        assert_eq!(
            read_err("position moves h2e2").kind,
            RecordErrorKind::PositionLine
        );
        assert_eq!(
            split_whole(format!("{line}\n\n{startpos}").as_bytes())
                .unwrap()
                .len(),
            2
        );
    }

    /// JieqiBox's Chinese copy: 翻 before the revealed piece, 吃 before a captured face-down one,
    /// Black's full-width digits.
    #[test]
    fn jieqibox_chinese_text_reads_as_the_same_game() {
        let expected = judge(GAME, None);
        let text = "[Variant \"jieqi\"]\n\n1. 炮二平五翻马 炮２进７翻马吃炮 2. 车九平八翻车 炮８进６翻象 3. 马五退七 卒７进１翻马 1-0\n";
        assert_eq!(judge(text, None), expected);
        // 吃 naming another piece than the deal's is refused at its ply.
        let wrong = text.replace("翻马吃炮", "翻马吃车");
        assert_eq!(judge(&wrong, None).plies, 6);
        assert_eq!(judge(&wrong, Some(DEAL)).error.map(|e| e.ply), Some(2));
        // On a face-up piece, 吃 must name it.
        let face_up =
            "[Variant \"jieqi\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4p4/4K4 w - 0 1\"]\n\n1. 帅五进一吃卒 *";
        assert_eq!(judge(face_up, None).plies, 1);
        assert_eq!(
            judge(&face_up.replace("吃卒", "吃车"), None)
                .error
                .map(|e| e.ply),
            Some(1)
        );
    }

    #[test]
    fn formats_are_told_from_the_content() {
        assert_eq!(detect(JIEQIBOX.as_bytes()), Format::JieqiBox);
        assert_eq!(
            detect(b"\xef\xbb\xbf  [ {\"moves\": []}]"),
            Format::JieqiBox
        );
        assert_eq!(detect(b"position startpos"), Format::Pikafish);
        assert_eq!(detect(b"positions 1. h2e2"), Format::Record);
        assert_eq!(detect(b"[Event \"x\"]\n1. h2e2"), Format::Record);
        assert_eq!(detect(b"{a comment} 1. h2e2"), Format::Record);
        assert_eq!(detect(PYCHESS.as_bytes()), Format::Record);
    }

    /// A random legal Jieqi game with a random deal, as an Anqi record with its Deal tag.
    fn random_game(rng: &mut ChaCha8Rng) -> String {
        let mut letters: Vec<char> = DEAL.chars().collect();
        for half in [0usize, 15] {
            for i in (1..15).rev() {
                let j = (rng.next_u32() % (i as u32 + 1)) as usize;
                letters.swap(half + i, half + j);
            }
        }
        let deal = Deal::parse(&letters.iter().collect::<String>()).unwrap();
        let start = Position::start_with_deal(&deal);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..(rng.next_u32() % 160) {
            let legal: Vec<_> = pos.legal_moves().iter().copied().collect();
            if legal.is_empty() {
                break;
            }
            let mv = legal[(rng.next_u32() as usize) % legal.len()];
            moves.push(WrittenMove {
                mv,
                reveal: pos.hidden_identity(mv.from()),
                captured: pos.hidden_identity(mv.to()),
            });
            pos.make_move(mv).unwrap();
        }
        let result = [None, Some(GameResult::RedWins), Some(GameResult::Draw)]
            [(rng.next_u32() % 3) as usize];
        let tags = [("Variant".to_string(), "jieqi".to_string())];
        write_game(&start, &moves, Notation::Iccs, &tags, Some(&deal), result).unwrap()
    }

    /// Write then read gives the same verdict and final position in every format (Pikafish's line
    /// has no result: there the verdict is the board's own).
    #[test]
    fn every_format_round_trips_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(36);
        let tags = [
            ("Red".to_string(), "王".to_string()),
            ("Black".to_string(), "李".to_string()),
        ];
        for _ in 0..60 {
            let text = random_game(&mut rng);
            let expected = judge(&text, None);
            let record = crate::rules::adjudicate::read_record(text.as_bytes(), 1).unwrap();
            let game = replay_for_export(&record, Variant::Jieqi, None).unwrap();
            for format in [
                Format::Record,
                Format::JieqiBox,
                Format::Pychess,
                Format::Pikafish,
            ] {
                let written = write(&game, format, &tags);
                let back = judge(&written, None);
                assert_eq!(back.final_fen, expected.final_fen, "{format:?}\n{written}");
                assert_eq!(
                    (back.plies, &back.events),
                    (expected.plies, &expected.events)
                );
                if format != Format::Pikafish || expected.termination != Termination::Claimed {
                    assert_eq!(
                        (back.result, back.termination),
                        (expected.result, expected.termination),
                        "{format:?}\n{written}"
                    );
                }
                if format != Format::Pikafish {
                    assert_eq!(back.claim_conflict, expected.claim_conflict, "{format:?}");
                    let again =
                        crate::rules::adjudicate::read_record(written.as_bytes(), 1).unwrap();
                    assert_eq!(
                        (again.tag("Red"), again.tag("Black")),
                        (Some("王"), Some("李"))
                    );
                }
            }
        }
    }

    #[test]
    fn the_writers_write_each_tools_own_forms() {
        let record = crate::rules::adjudicate::read_record(GAME.as_bytes(), 1).unwrap();
        let game = replay_for_export(&record, Variant::Jieqi, None).unwrap();
        let line = write_pikafish(&game);
        assert_eq!(
            line,
            "position fen xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2A2C2P5N2B2r2a2c2p5n2b2 0 1 moves h2e2N b7b0nC a0b0R h7h1b e2c1 g6g5n\n"
        );
        let pgn = write_pychess(&game, &[]);
        assert!(pgn.contains("[FEN \"r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1\"]"), "{pgn}");
        assert!(
            pgn.contains("1. h3e3n b8b1n 2. a1b1r h8h2b 3. e3c2 g7g6n 1-0"),
            "{pgn}"
        );
        let json: Value = serde_json::from_str(&write_jieqibox(&game, &[])).unwrap();
        assert_eq!(json["moves"][1]["data"], "b7b0nC");
        assert_eq!(json["metadata"]["deal"], DEAL);
        assert_eq!(
            json["metadata"]["initialFen"],
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2r2N2n2B2b2A2a2C2c2P5p5 - 0 1"
        );
        // After Black took the face-down cannon on b0: JieqiBox's 4th field holds it.
        assert_eq!(
            json["moves"][1]["fen"],
            "xxxxkxxxx/9/7x1/x1x1x1x1x/9/9/X1X1X1X1X/1X2N4/9/XnXXKXXXX w R2r2N1n1B2b2A2a2C1c2P5p5 C1 0 2"
        );
    }
}
