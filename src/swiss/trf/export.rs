//! A tournament written as a TRF: TRF-2026 lines plus the TRF(x) lines the pairing engines read.

use super::document::{PlayerRecord, Record, TrfDocument};
use super::points::PointsCode;
use crate::rules::Color;
use crate::swiss::standings::{TieBreak, standings};
use crate::swiss::tournament::{
    ByeKind, ByeRequest, PlayerNumber, Points, RoundEntry, ScoringSystem, Tournament,
};

/// Event details written to the tournament section of an exported TRF (empty fields are left out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventInfo {
    /// `012` tournament name.
    pub name: String,
    /// `022` city.
    pub city: String,
    /// `032` federation.
    pub federation: String,
    /// `042` date of start, `YYYY/MM/DD`.
    pub start_date: String,
    /// `052` date of end, `YYYY/MM/DD`.
    pub end_date: String,
    /// `102` chief arbiter.
    pub chief_arbiter: String,
    /// The tie-breaks that decide the rank column (columns 86–89); empty means RULES.md §8's order.
    pub tie_breaks: Vec<TieBreak>,
    /// `122` allotted time (the time control, e.g. `90'+30"`); empty for none.
    pub time_control: String,
    /// `132` the date of each round (`YY/MM/DD`, empty for a round without one), written in the
    /// columns of the rounds' blocks of the `001` lines; empty for none.
    pub round_dates: Vec<String>,
    /// Rounds in which the arbiter changed the engine's pairing by hand, each written as a comment
    /// line `### round N fixed by hand: NOTE` that `anqi pair -c` reports beside its verdict.
    pub fixed_by_hand: Vec<HandFixedRound>,
}

/// A round whose pairing was changed by hand, with the arbiter's note (which boards, why).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandFixedRound {
    /// The round.
    pub round: u32,
    /// What was changed and why, on one line.
    pub note: String,
}

/// Why a tournament cannot be written as a TRF.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A round scored other points than its result code is worth (a Banqi match score): a TRF
    /// gives the points of each result code only, so no reader would get this score back.
    #[error(
        "round {round}: player {player} scored {points} in a match, which a TRF cannot record \
         (TRF points come from the result codes only)"
    )]
    MatchScore {
        /// The round.
        round: u32,
        /// The player's start number.
        player: PlayerNumber,
        /// The match score.
        points: Points,
    },
}

/// The comment text that marks a round fixed by hand (after `### `).
fn hand_fixed_comment(round: u32, note: &str) -> String {
    if note.is_empty() {
        format!(" round {round} fixed by hand")
    } else {
        format!(" round {round} fixed by hand: {note}")
    }
}

/// The `162` entries of a scoring system: only the codes whose points differ from the TRF-2026
/// defaults (W 1.0, D 0.5, L 0.0, A 0.0, P as W), since bbpPairings refuses `A` and `X` there
/// (RULES.md §10): a 2/1/0 event writes `162  W 2.0    D 1.0`.
fn points_line(s: &ScoringSystem) -> Vec<(PointsCode, Points)> {
    let defaults = ScoringSystem::FIDE;
    [
        (PointsCode::Win, s.win, defaults.win),
        (PointsCode::Draw, s.draw, defaults.draw),
        (PointsCode::Loss, s.loss, defaults.loss),
        (PointsCode::Absence, s.zero_bye, defaults.zero_bye),
        (PointsCode::PairingBye, s.pairing_bye, s.win),
    ]
    .into_iter()
    .filter(|&(_, value, default)| value != default)
    .map(|(code, value, _)| (code, value))
    .collect()
}

impl TrfDocument {
    /// A document for a tournament: the tournament section from `info`, rounds (`142` and `XXR`),
    /// the lot of round 1 (`152` and `XXC white1`/`black1`, from [`Tournament::first_colour`]: set
    /// it to the lot before round 1 is paired, as TRF-2026 asks), the points system (`162` with
    /// the codes whose points are not the defaults, plus `XXS` when `162` cannot say it), one `001`
    /// line per player with score (counting a bye written for the next round) and rank, bye
    /// requests (the next round in its round column, later rounds as `240`), withdrawn players as
    /// zero-point byes for the next round, and forbidden pairs as `XXP`; rounds fixed by hand as
    /// comment lines after the player lines. The player lines follow the pairing order, with
    /// `XXC rank` when that is not the start-number order.
    ///
    /// Refuses a tournament with match scores ([`ExportError::MatchScore`]).
    pub fn from_tournament(
        tournament: &Tournament,
        info: &EventInfo,
    ) -> Result<TrfDocument, ExportError> {
        refuse_match_scores(tournament)?;
        let mut records = Vec::new();
        for (code, value) in [
            ("012", &info.name),
            ("022", &info.city),
            ("032", &info.federation),
            ("042", &info.start_date),
            ("052", &info.end_date),
        ] {
            if !value.is_empty() {
                records.push(Record::Tag {
                    code: code.to_string(),
                    value: value.clone(),
                });
            }
        }
        records.push(Record::Tag {
            code: "062".to_string(),
            value: tournament.players.len().to_string(),
        });
        records.push(Record::Tag {
            code: "092".to_string(),
            value: "Individual: Swiss-System (FIDE Dutch)".to_string(),
        });
        if !info.chief_arbiter.is_empty() {
            records.push(Record::Tag {
                code: "102".to_string(),
                value: info.chief_arbiter.clone(),
            });
        }
        if !info.time_control.is_empty() {
            records.push(Record::Tag {
                code: "122".to_string(),
                value: info.time_control.clone(),
            });
        }
        if info.round_dates.iter().any(|d| !d.is_empty()) {
            records.push(Record::Tag {
                code: "132".to_string(),
                value: round_dates_line(&info.round_dates),
            });
        }
        records.push(Record::Rounds(tournament.total_rounds));
        // The lot of round 1 (TRF-2026 `152`, mandatory before round 1 is paired; `XXC` below).
        records.push(Record::InitialColour(tournament.first_colour));
        let s = &tournament.scoring;
        let points = points_line(s);
        if !points.is_empty() {
            records.push(Record::PointsSystem(points));
        }

        let tie_breaks: &[TieBreak] = if info.tie_breaks.is_empty() {
            &TieBreak::DEFAULT_ORDER
        } else {
            &info.tie_breaks
        };
        let table = standings(tournament, tournament.rounds_played, tie_breaks);
        let rank_of = |n: PlayerNumber| table.iter().find(|s| s.player == n).map(|s| s.rank);
        let next_round = tournament.next_round();
        // The player lines in the pairing order; when it is not the start-number order (a late
        // entry ranked above earlier ones, C.04.2), `XXC rank` below tells bbpPairings to pair by
        // the order of the lines while the start numbers stay the players' ids.
        for player in tournament
            .pairing_order()
            .into_iter()
            .filter_map(|n| tournament.player(n))
        {
            let mut rounds: Vec<Option<RoundEntry>> = player
                .rounds
                .iter()
                .map(|e| (*e != RoundEntry::NOT_PAIRED).then_some(*e))
                .collect();
            let next = tournament
                .bye_request(player.number, next_round)
                .or_else(|| {
                    (!player.is_active_in(next_round) && next_round <= tournament.total_rounds)
                        .then_some(ByeKind::Zero)
                });
            let mut score = tournament.score(player.number);
            if let Some(kind) = next {
                rounds.push(Some(RoundEntry::without_opponent(kind.result())));
                // The points column counts every result column written, as bbpPairings checks.
                score += s.points(kind.result());
            }
            records.push(Record::Player(PlayerRecord {
                start_number: player.number,
                sex: player.sex.map(String::from).unwrap_or_default(),
                title: player.title.clone().unwrap_or_default(),
                name: player.name.clone(),
                rating: (player.rating > 0).then_some(player.rating),
                federation: player.federation.clone().unwrap_or_default(),
                fide_id: player.id.map(|id| id.to_string()).unwrap_or_default(),
                birth_date: player.birth.clone().unwrap_or_default(),
                points: score,
                rank: rank_of(player.number),
                rounds,
            }));
        }

        let mut fixed: Vec<&HandFixedRound> = info.fixed_by_hand.iter().collect();
        fixed.sort_by_key(|f| f.round);
        for f in fixed {
            records.push(Record::Comment(hand_fixed_comment(f.round, &f.note)));
        }
        // TRF(x) after the player lines, as JaVaFo writes them.
        records.push(Record::XxRounds(tournament.total_rounds));
        let lot = if tournament.first_colour == Color::Red {
            "white1"
        } else {
            "black1"
        };
        let mut config = vec![lot.to_string()];
        if !tournament.ranking.is_empty() {
            config.push("rank".to_string());
        }
        records.push(Record::XxConfig(config));
        let expressible = s.forfeit_win == s.win
            && s.full_bye == s.win
            && s.half_bye == s.draw
            && s.forfeit_loss == s.zero_bye;
        if !expressible {
            records.push(Record::XxScoring(
                [
                    ("W", s.win),
                    ("D", s.draw),
                    ("WL", s.loss),
                    ("BL", s.loss),
                    ("FW", s.forfeit_win),
                    ("FL", s.forfeit_loss),
                    ("FPB", s.full_bye),
                    ("HPB", s.half_bye),
                    ("ZPB", s.zero_bye),
                    ("PAB", s.pairing_bye),
                ]
                .into_iter()
                .map(|(c, v)| (c.to_string(), v))
                .collect(),
            ));
        }
        let mut later: Vec<&ByeRequest> = tournament
            .bye_requests
            .iter()
            .filter(|r| r.round > next_round)
            .collect();
        later.sort_by_key(|r| (r.round, r.kind.result().trf_char(), r.player));
        for chunk in later.chunk_by(|a, b| a.round == b.round && a.kind == b.kind) {
            records.push(Record::Byes {
                kind: chunk[0].kind,
                round: chunk[0].round,
                players: chunk.iter().map(|r| r.player).collect(),
            });
        }
        for &(a, b) in &tournament.forbidden_pairs {
            records.push(Record::XxForbidden(vec![a, b]));
        }
        for p in &tournament.prohibited {
            records.push(Record::Prohibited {
                first_round: p.first_round,
                last_round: p.last_round,
                players: p.players.clone(),
            });
        }
        Ok(TrfDocument { records })
    }
}

/// The first entry whose points are not its result code's (a match score), as an error.
fn refuse_match_scores(tournament: &Tournament) -> Result<(), ExportError> {
    for player in &tournament.players {
        for (index, entry) in player.rounds.iter().enumerate() {
            if let Some(points) = entry
                .points
                .filter(|&p| p != tournament.scoring.points(entry.result))
            {
                return Err(ExportError::MatchScore {
                    round: index as u32 + 1,
                    player: player.number,
                    points,
                });
            }
        }
    }
    Ok(())
}

/// The text of a `132` line after its code and blank: each round's date (`YY/MM/DD`, 8 columns)
/// at the column where that round's block starts in the `001` lines (92, 102, …), so that
/// `132` + this text lines up with them.
fn round_dates_line(dates: &[String]) -> String {
    // Columns 1–4 are "132 "; round 1's block starts at column 92.
    let mut s = " ".repeat(91 - 4);
    for date in dates {
        let d: String = date.chars().take(8).collect();
        s.push_str(&format!("{d:<8}  "));
    }
    s.trim_end().to_string()
}
