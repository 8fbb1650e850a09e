//! A TRF read as a tournament: settings, players, bye requests and forbidden pairs, with the checks
//! that make the file trustworthy (numbering, both sides of each game, the points field).

use super::TrfError;
use super::document::{PlayerRecord, Record, TrfDocument};
use super::points::{PointsCode, PointsTable};
use crate::i18n::Reason;
use crate::rules::Color;
use crate::swiss::tournament::{
    ByeKind, ByeRequest, ModelError, Player, PlayerNumber, Prohibition, ResultCode, RoundEntry,
    ScoringSystem, Tournament,
};

/// The tournament-wide lines: points system, number of rounds, first colour.
struct Settings {
    scoring: ScoringSystem,
    /// The number of rounds and the line that gave it.
    rounds: Option<(usize, u32)>,
    first_colour: Option<Color>,
    /// `XXC rank`: the order of the player lines is the pairing order.
    by_rank: bool,
}

/// A player line with its 1-based line number.
type NumberedPlayer<'a> = (usize, &'a PlayerRecord);

impl TrfDocument {
    /// Interprets the document as a tournament: the points system, the rounds played (every round in
    /// which someone was paired), bye requests for later rounds (`H F Z` entries after the last played
    /// round, `240`, `XXZ`), forbidden pairs (`XXP`, and `260` for the round to be paired), and checks
    /// that each player's points field matches the results and that both sides of every game agree.
    pub fn to_tournament(&self) -> Result<Tournament, TrfError> {
        let settings = self.settings()?;
        let players = self.numbered_players()?;
        let rounds_played = rounds_played(&players);
        let total_rounds = match settings.rounds {
            Some((line, n)) if n < rounds_played => {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    Reason::new("trf_rounds_played")
                        .arg("rounds", n)
                        .arg("played", rounds_played),
                ));
            }
            Some((_, n)) => n,
            None => rounds_played,
        };

        let mut bye_requests = Vec::new();
        let mut model_players = Vec::with_capacity(players.len());
        for &(line, record) in &players {
            let (player, requests) = player_from_record(line, record, rounds_played)?;
            model_players.push(player);
            bye_requests.extend(requests.into_iter().map(|r| (line, r)));
        }
        let (forbidden_pairs, prohibited) = self.forbidden_pairs(players.len() as u32)?;
        bye_requests.extend(self.listed_byes(&model_players, rounds_played)?);
        let bye_requests = merge_bye_requests(bye_requests, total_rounds)?;

        let first_colour = settings
            .first_colour
            .or_else(|| infer_first_colour(&model_players))
            .unwrap_or(Color::Red);
        let mut tournament = Tournament {
            players: model_players,
            total_rounds,
            rounds_played,
            scoring: settings.scoring,
            first_colour,
            forbidden_pairs,
            prohibited,
            bye_requests,
            ranking: Vec::new(),
        };
        if settings.by_rank {
            // `players` is sorted by start number; the records hold the lines in file order.
            let mut lines: Vec<(usize, PlayerNumber)> = players
                .iter()
                .map(|&(line, p)| (line, p.start_number))
                .collect();
            lines.sort_unstable();
            tournament.set_ranking(lines.into_iter().map(|(_, n)| n).collect());
        }
        // Both sides of every game must agree.
        tournament.validate().map_err(|e| self.model_error(&e))?;
        check_points(&tournament, &players)?;
        Ok(tournament)
    }

    /// The first line that changes how the next round must be paired in a way this program does not
    /// implement: accelerated rounds (`XXA`, `250`). Pairing without them would differ from what the
    /// file asks for, so `anqi pair` refuses such a file; standings do not depend on them.
    pub fn unsupported_for_pairing(&self) -> Option<TrfError> {
        self.records
            .iter()
            .enumerate()
            .find_map(|(index, record)| match record {
                Record::Other(text) if text.starts_with("XXA ") || text.starts_with("250 ") => {
                    Some(TrfError::at(
                        index + 1,
                        None,
                        Reason::new("trf_accelerated"),
                    ))
                }
                _ => None,
            })
    }

    /// Rounds marked as fixed by hand by comment lines `### round N fixed by hand: NOTE` (as the
    /// export writes them), with their notes, in file order.
    pub fn hand_fixed_rounds(&self) -> Vec<(u32, String)> {
        self.records
            .iter()
            .filter_map(|record| match record {
                Record::Comment(text) => parse_hand_fixed(text),
                _ => None,
            })
            .collect()
    }

    /// Reads `162`/`XXS` (in file order), `142`/`XXR` and `152`/`XXC`; contradictions are errors.
    fn settings(&self) -> Result<Settings, TrfError> {
        let explicit_pab = self.records.iter().any(|r| {
            matches!(r, Record::PointsSystem(entries)
                if entries.iter().any(|(c, _)| *c == PointsCode::PairingBye))
        });
        let mut table = PointsTable::new(explicit_pab);
        let mut rounds: Option<(usize, u32)> = None;
        let mut first_colour: Option<(usize, Color)> = None;
        let mut by_rank = false;
        let mut points_line = 0;
        for (index, record) in self.records.iter().enumerate() {
            let line = index + 1;
            match record {
                Record::PointsSystem(entries) => {
                    points_line = line;
                    for &(code, value) in entries {
                        table.apply_162(code, value);
                    }
                }
                Record::XxScoring(entries) => {
                    points_line = line;
                    for (code, value) in entries {
                        table.apply_xxs(code, *value);
                    }
                }
                Record::Rounds(n) | Record::XxRounds(n) => {
                    if let Some((_, earlier)) = rounds.filter(|&(_, m)| m != *n) {
                        return Err(TrfError::at(
                            line,
                            Some(5),
                            Reason::new("trf_rounds_earlier")
                                .arg("rounds", n)
                                .arg("earlier", earlier),
                        ));
                    }
                    rounds = Some((line, *n));
                }
                Record::InitialColour(c) => set_colour(&mut first_colour, line, *c)?,
                Record::XxConfig(words) => {
                    for word in words {
                        let colour = match word.as_str() {
                            "white1" => Color::Red,
                            "black1" => Color::Black,
                            // The player lines give the pairing order (bbpPairings' reading).
                            "rank" => {
                                by_rank = true;
                                continue;
                            }
                            _ => {
                                return Err(TrfError::at(
                                    line,
                                    None,
                                    Reason::new("trf_xxc_unsupported").arg("option", word),
                                ));
                            }
                        };
                        set_colour(&mut first_colour, line, colour)?;
                    }
                }
                _ => {}
            }
        }
        let scoring = table
            .scoring()
            .map_err(|why| TrfError::at(points_line, None, why))?;
        Ok(Settings {
            scoring,
            rounds,
            first_colour: first_colour.map(|(_, c)| c),
            by_rank,
        })
    }

    /// The player lines by start number, which must run 1, 2, 3, … without gaps or repeats.
    fn numbered_players(&self) -> Result<Vec<NumberedPlayer<'_>>, TrfError> {
        let mut players: Vec<NumberedPlayer<'_>> = self
            .records
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r {
                Record::Player(p) => Some((i + 1, p)),
                _ => None,
            })
            .collect();
        players.sort_by_key(|&(line, p)| (p.start_number, line));
        for (position, &(line, p)) in players.iter().enumerate() {
            let expected = position as u32 + 1;
            if p.start_number < expected {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    Reason::new("trf_rank_twice").arg("rank", p.start_number),
                ));
            }
            if p.start_number > expected {
                return Err(TrfError::at(
                    line,
                    Some(5),
                    Reason::new("trf_rank_missing").arg("rank", expected),
                ));
            }
        }
        Ok(players)
    }

    /// `XXP` lists as pairs, and `260` lists as prohibitions (each applying in its own rounds).
    #[allow(clippy::type_complexity)]
    fn forbidden_pairs(
        &self,
        count: u32,
    ) -> Result<(Vec<(PlayerNumber, PlayerNumber)>, Vec<Prohibition>), TrfError> {
        let mut pairs = Vec::new();
        let mut prohibited = Vec::new();
        for (index, record) in self.records.iter().enumerate() {
            let list = match record {
                Record::XxForbidden(list) => list,
                Record::Prohibited {
                    first_round,
                    last_round,
                    players,
                } => {
                    for &n in players {
                        known_player(index + 1, n, count)?;
                    }
                    prohibited.push(Prohibition::new(*first_round, *last_round, players.clone()));
                    continue;
                }
                _ => continue,
            };
            for &n in list {
                known_player(index + 1, n, count)?;
            }
            for (k, &a) in list.iter().enumerate() {
                for &b in &list[k + 1..] {
                    if a != b && !pairs.contains(&(a, b)) && !pairs.contains(&(b, a)) {
                        pairs.push((a, b));
                    }
                }
            }
        }
        Ok((pairs, prohibited))
    }

    /// Byes from `XXZ` (absent from the round to be paired) and `240` lines. A `240` line about a
    /// round already played (as in a final report) must agree with the player line.
    fn listed_byes(
        &self,
        players: &[Player],
        rounds_played: u32,
    ) -> Result<Vec<(usize, ByeRequest)>, TrfError> {
        let count = players.len() as u32;
        let mut requests = Vec::new();
        for (index, record) in self.records.iter().enumerate() {
            let line = index + 1;
            let (list, kind, round) = match record {
                Record::XxAbsent(list) => (list, ByeKind::Zero, rounds_played + 1),
                Record::Byes {
                    kind,
                    round,
                    players,
                } => (players, *kind, *round),
                _ => continue,
            };
            for &n in list {
                let player = known_player(line, n, count)?;
                let past = players[player as usize - 1]
                    .entry(round)
                    .filter(|_| round <= rounds_played);
                match past {
                    Some(entry) if bye_kind(entry.result) != Some(kind) => {
                        return Err(TrfError::at(
                            line,
                            None,
                            Reason::new("trf_not_this_bye")
                                .arg("player", n)
                                .arg("result", entry.result.trf_char())
                                .arg("round", round),
                        ));
                    }
                    Some(_) => {}
                    None => requests.push((
                        line,
                        ByeRequest {
                            player,
                            round,
                            kind,
                        },
                    )),
                }
            }
        }
        Ok(requests)
    }

    /// Names the line (and round column) of a model inconsistency.
    fn model_error(&self, error: &ModelError) -> TrfError {
        let (player, round) = match *error {
            ModelError::BadOpponent { player, round, .. }
            | ModelError::OpponentMismatch { player, round, .. }
            | ModelError::Asymmetric { player, round, .. }
            | ModelError::MissingColour { player, round } => (player, round),
            _ => return TrfError::at(0, None, error.reason()),
        };
        TrfError::at(
            self.player_line(player),
            Some(round_column(round)),
            error.reason(),
        )
    }
}

/// `round N fixed by hand` with an optional `: NOTE`, as [`super::export`] writes it.
fn parse_hand_fixed(text: &str) -> Option<(u32, String)> {
    let rest = text.trim_start().strip_prefix("round ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let round = digits.parse().ok()?;
    let rest = rest[digits.len()..].strip_prefix(" fixed by hand")?;
    let note = match rest.strip_prefix(':') {
        Some(note) => note.trim(),
        None if rest.trim().is_empty() => "",
        None => return None,
    };
    Some((round, note.to_string()))
}

/// The last round in which anybody took part in the pairing: the rounds played.
fn rounds_played(players: &[NumberedPlayer<'_>]) -> u32 {
    players
        .iter()
        .flat_map(|(_, p)| p.rounds.iter().enumerate())
        .filter(|(_, e)| e.as_ref().is_some_and(takes_part))
        .map(|(i, _)| i as u32 + 1)
        .max()
        .unwrap_or(0)
}

/// The model player of a `001` line: its entries for the played rounds, and the byes its line
/// requests for later rounds (`0000 - H` in the column of a round nobody has been paired in yet).
fn player_from_record(
    line: usize,
    p: &PlayerRecord,
    rounds_played: u32,
) -> Result<(Player, Vec<ByeRequest>), TrfError> {
    let mut rounds = Vec::with_capacity(rounds_played as usize);
    let mut requests = Vec::new();
    for (i, entry) in p.rounds.iter().enumerate() {
        let round = i as u32 + 1;
        let entry = entry.unwrap_or(RoundEntry::NOT_PAIRED);
        if round <= rounds_played {
            rounds.push(entry);
        } else if let Some(kind) = bye_kind(entry.result).filter(|_| entry.opponent.is_none()) {
            requests.push(ByeRequest {
                player: p.start_number,
                round,
                kind,
            });
        } else if entry != RoundEntry::NOT_PAIRED {
            return Err(TrfError::at(
                line,
                Some(round_column(round)),
                Reason::new("trf_only_bye").arg("round", round),
            ));
        }
    }
    rounds.resize(rounds_played as usize, RoundEntry::NOT_PAIRED);
    let text = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let player = Player {
        number: p.start_number,
        name: p.name.clone(),
        rating: p.rating.unwrap_or(0),
        id: p.fide_id.parse().ok(),
        federation: text(&p.federation),
        sex: p.sex.chars().next(),
        title: text(&p.title),
        birth: text(&p.birth_date),
        rounds,
        joins_at: 1,
        withdrawn_from: None,
    };
    Ok((player, requests))
}

/// The same request may be given twice (a round column and a `240` line); different ones clash, and
/// none may be for a round the tournament does not have.
fn merge_bye_requests(
    requests: Vec<(usize, ByeRequest)>,
    total_rounds: u32,
) -> Result<Vec<ByeRequest>, TrfError> {
    let mut merged: Vec<ByeRequest> = Vec::new();
    for (line, request) in requests {
        if request.round > total_rounds {
            return Err(TrfError::at(
                line,
                None,
                Reason::new("trf_bye_round")
                    .arg("round", request.round)
                    .arg("rounds", total_rounds),
            ));
        }
        match merged
            .iter()
            .find(|r| r.player == request.player && r.round == request.round)
        {
            Some(r) if r.kind == request.kind => {}
            Some(_) => {
                return Err(TrfError::at(
                    line,
                    None,
                    Reason::new("trf_two_byes")
                        .arg("player", request.player)
                        .arg("round", request.round),
                ));
            }
            None => merged.push(request),
        }
    }
    // A set of requests: kept in one order (round, then player), whatever order the lines gave,
    // so a file reads as the same tournament as the file written from it (found by fuzzing).
    merged.sort_by_key(|r| (r.round, r.player));
    Ok(merged)
}

/// The points field (columns 81–84) is the score after the played rounds; a file written for pairing
/// may also include the bye requested for the next round (the JaVaFo convention).
fn check_points(tournament: &Tournament, players: &[NumberedPlayer<'_>]) -> Result<(), TrfError> {
    let next_round = tournament.next_round();
    for &(line, p) in players {
        let computed = tournament.score(p.start_number);
        let with_bye = tournament
            .bye_request(p.start_number, next_round)
            .map(|kind| computed + tournament.scoring.points(kind.result()));
        if p.points != computed && Some(p.points) != with_bye {
            return Err(TrfError::at(
                line,
                Some(81),
                Reason::new("trf_points_mismatch")
                    .arg("points", p.points)
                    .arg("computed", computed),
            ));
        }
    }
    Ok(())
}

fn known_player(line: usize, n: u32, count: u32) -> Result<PlayerNumber, TrfError> {
    if n == 0 || n > count {
        Err(TrfError::at(
            line,
            None,
            Reason::new("trf_unknown_player").arg("player", n),
        ))
    } else {
        Ok(n)
    }
}

/// Whether a round entry shows the player took part in that round's pairing (a game, a forfeit or the
/// pairing-allocated bye); requested byes and absences do not.
fn takes_part(entry: &RoundEntry) -> bool {
    entry.opponent.is_some()
        || entry.result.is_played_game()
        || entry.result.is_forfeit()
        || entry.result == ResultCode::PairingBye
}

fn bye_kind(result: ResultCode) -> Option<ByeKind> {
    match result {
        ResultCode::HalfBye => Some(ByeKind::Half),
        ResultCode::FullBye => Some(ByeKind::Full),
        ResultCode::ZeroBye => Some(ByeKind::Zero),
        _ => None,
    }
}

/// Column of the first field of round `round`'s block (92, 102, …).
fn round_column(round: u32) -> usize {
    92 + 10 * (round as usize).saturating_sub(1)
}

fn set_colour(
    slot: &mut Option<(usize, Color)>,
    line: usize,
    colour: Color,
) -> Result<(), TrfError> {
    if let Some((earlier, c)) = *slot
        && c != colour
    {
        return Err(TrfError::at(
            line,
            None,
            Reason::new("trf_first_colour").arg("earlier", earlier),
        ));
    }
    *slot = Some((line, colour));
    Ok(())
}

/// Without `152`/`XXC`: the colour of the top-ranked player paired in round 1 (the definition of
/// `152`); a forfeited game still shows the colour the pairing gave.
fn infer_first_colour(players: &[Player]) -> Option<Color> {
    players
        .iter()
        .find_map(|p| p.rounds.first().and_then(|e| e.colour))
}
