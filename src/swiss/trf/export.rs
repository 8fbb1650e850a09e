//! A tournament written as a TRF: TRF-2026 lines plus the TRF(x) lines the pairing engines read.

use super::document::{PlayerRecord, PointsCode, Record, TrfDocument};
use crate::rules::Color;
use crate::swiss::standings::{TieBreak, standings};
use crate::swiss::tournament::{ByeKind, ByeRequest, PlayerNumber, RoundEntry, Tournament};

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
}

impl TrfDocument {
    /// A document for a tournament: the tournament section from `info`, rounds (`142` and `XXR`),
    /// the first colour (`152` and `XXC`), the points system (`162`, plus `XXS` when `162` cannot say
    /// it), one `001` line per player with score and rank, bye requests (the next round in its round
    /// column, later rounds as `240`), withdrawn players as zero-point byes for the next round, and
    /// forbidden pairs as `XXP`.
    pub fn from_tournament(tournament: &Tournament, info: &EventInfo) -> TrfDocument {
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
        records.push(Record::Rounds(tournament.total_rounds));
        records.push(Record::InitialColour(tournament.first_colour));
        let s = &tournament.scoring;
        records.push(Record::PointsSystem(vec![
            (PointsCode::Win, s.win),
            (PointsCode::Draw, s.draw),
            (PointsCode::Loss, s.loss),
            (PointsCode::Absence, s.zero_bye),
            (PointsCode::PairingBye, s.pairing_bye),
        ]));

        let tie_breaks: &[TieBreak] = if info.tie_breaks.is_empty() {
            &TieBreak::DEFAULT_ORDER
        } else {
            &info.tie_breaks
        };
        let table = standings(tournament, tournament.rounds_played, tie_breaks);
        let rank_of = |n: PlayerNumber| table.iter().find(|s| s.player == n).map(|s| s.rank);
        let next_round = tournament.next_round();
        for player in &tournament.players {
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
            if let Some(kind) = next {
                rounds.push(Some(RoundEntry::without_opponent(kind.result())));
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
                points: tournament.score(player.number),
                rank: rank_of(player.number),
                rounds,
            }));
        }

        // TRF(x) after the player lines, as JaVaFo writes them.
        records.push(Record::XxRounds(tournament.total_rounds));
        records.push(Record::XxConfig(vec![
            if tournament.first_colour == Color::Red {
                "white1"
            } else {
                "black1"
            }
            .to_string(),
        ]));
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
        TrfDocument { records }
    }
}
