//! One hand-built tie per step of each preset's ladder, ranked as the regulation's text does.
//!
//! The tournaments were found by a search over random results and their tie-break values worked out
//! apart from this code (a short script following Art. 14's definitions); the comments give them
//! in points of the 2/1/0 scoring.

use super::*;
use crate::deal::Seed;
use crate::i18n::Lang;
use crate::rules::Color::Red;
use crate::swiss::standings::{Foul, Standing, TieBreakInputs, standings_with};
use crate::swiss::test_support::record_games;
use crate::swiss::tournament::{PlayerNumber, ResultCode, ScoringSystem, Tournament};
use ResultCode::{Draw as D, Loss as L, Win as W};

/// A tournament of `players` with 2/1/0 scoring from rounds of `(red, black, red's result)`.
fn played(players: u32, rounds: &[&[(u32, u32, ResultCode)]]) -> Tournament {
    let mut t = Tournament::new(rounds.len() as u32, ScoringSystem::CHINESE, Red);
    for i in 1..=players {
        t.add_player(format!("P{i}"), 0);
    }
    for round in rounds {
        record_games(&mut t, round, None);
    }
    t
}

fn table(t: &Tournament, preset: Preset, inputs: &TieBreakInputs) -> Vec<Standing> {
    standings_with(t, t.rounds_played, preset.tie_breaks(), inputs)
}

/// The players of `tied` (all on the same score) in standings order, with their ranks counted
/// from 1 within the tie: `[(1, 4), (2, 1)]` when 4 ranks above 1, `[(1, 1), (1, 2)]` when they
/// share a rank.
fn order(table: &[Standing], tied: &[PlayerNumber]) -> Vec<(u32, PlayerNumber)> {
    let rows: Vec<&Standing> = table.iter().filter(|s| tied.contains(&s.player)).collect();
    assert!(
        rows.windows(2).all(|w| w[0].score == w[1].score),
        "not tied"
    );
    let first = rows.first().map_or(1, |s| s.rank);
    rows.iter()
        .map(|s| (s.rank + 1 - first, s.player))
        .collect()
}

/// The value of tie-break `tb` of the preset shown for `player`.
fn shown(table: &[Standing], preset: Preset, tb: TieBreak, player: PlayerNumber) -> String {
    let k = preset
        .tie_breaks()
        .iter()
        .position(|&t| t == tb)
        .expect("in the preset");
    let row = table.iter().find(|s| s.player == player).expect("a row");
    row.tie_breaks[k].to_string()
}

fn none() -> TieBreakInputs {
    TieBreakInputs::default()
}

fn seeded(byte: u8) -> TieBreakInputs {
    TieBreakInputs {
        fouls: Vec::new(),
        lot_seed: Some(Seed::from_bytes([byte; 32])),
    }
}

fn fouls(list: &[(PlayerNumber, u32)]) -> TieBreakInputs {
    TieBreakInputs {
        fouls: list
            .iter()
            .map(|&(player, round)| Foul {
                player,
                round,
                count: 1,
            })
            .collect(),
        lot_seed: None,
    }
}

// ---- 14.1, a single round robin of six (the Berger table's games) ----

const RR: Preset = Preset::ChineseRoundRobin;

/// 1 and 4 have 5 points; 1 beat 4, but 小分 comes first: 4's 15 (beat 6 and 2, drew 5) against
/// 1's 11.5.
#[test]
fn round_robin_sonneborn_berger_comes_before_the_direct_game() {
    let t = played(
        6,
        &[
            &[(1, 6, L), (2, 5, D), (3, 4, L)],
            &[(6, 4, L), (5, 3, L), (1, 2, W)],
            &[(2, 6, L), (3, 1, D), (4, 5, D)],
            &[(6, 5, W), (1, 4, W), (2, 3, L)],
            &[(3, 6, W), (4, 2, L), (5, 1, W)],
        ],
    );
    let table = table(&t, RR, &none());
    assert_eq!(order(&table, &[1, 4]), [(1, 4), (2, 1)]);
    assert_eq!(shown(&table, RR, TieBreak::SonnebornBerger, 4), "15.0");
    assert_eq!(shown(&table, RR, TieBreak::SonnebornBerger, 1), "11.5");
}

/// 2 and 3: 5 points, 小分 11 each; 3 won two games, 2 one.
#[test]
fn round_robin_wins_after_sonneborn_berger() {
    let t = played(
        6,
        &[
            &[(1, 6, W), (2, 5, D), (3, 4, W)],
            &[(6, 4, L), (5, 3, D), (1, 2, D)],
            &[(2, 6, D), (3, 1, L), (4, 5, L)],
            &[(6, 5, L), (1, 4, W), (2, 3, L)],
            &[(3, 6, L), (4, 2, L), (5, 1, W)],
        ],
    );
    let table = table(&t, RR, &none());
    assert_eq!(order(&table, &[2, 3]), [(1, 3), (2, 2)]);
    assert_eq!(shown(&table, RR, TieBreak::SonnebornBerger, 2), "11.0");
    assert_eq!(shown(&table, RR, TieBreak::Wins, 3), "2");
}

/// 3 and 4: 4 points, 小分 8.5, one win each; 4 beat 3 in round 1 (直勝).
#[test]
fn round_robin_direct_encounter_after_wins() {
    let t = played(
        6,
        &[
            &[(1, 6, W), (2, 5, L), (3, 4, L)],
            &[(6, 4, W), (5, 3, D), (1, 2, L)],
            &[(2, 6, L), (3, 1, W), (4, 5, D)],
            &[(6, 5, W), (1, 4, D), (2, 3, D)],
            &[(3, 6, L), (4, 2, L), (5, 1, W)],
        ],
    );
    let table = table(&t, RR, &none());
    assert_eq!(order(&table, &[3, 4]), [(1, 4), (2, 3)]);
    assert_eq!(shown(&table, RR, TieBreak::DirectEncounter, 4), "2.0");
}

/// 3 and 4: 7 points, 小分 15, two wins each, and they drew: 4 played Black three times, 3 twice.
/// A foul recorded against 4 puts 3 first (犯規 comes before 後走局數).
fn drew_each_other() -> Tournament {
    played(
        6,
        &[
            &[(1, 6, L), (2, 5, D), (3, 4, D)],
            &[(6, 4, D), (5, 3, L), (1, 2, D)],
            &[(2, 6, D), (3, 1, D), (4, 5, W)],
            &[(6, 5, L), (1, 4, D), (2, 3, D)],
            &[(3, 6, W), (4, 2, W), (5, 1, L)],
        ],
    )
}

#[test]
fn round_robin_games_with_black_after_fouls() {
    let t = drew_each_other();
    let table = table(&t, RR, &none());
    assert_eq!(order(&table, &[3, 4]), [(1, 4), (2, 3)]);
    assert_eq!(shown(&table, RR, TieBreak::GamesWithBlack, 4), "3");
    assert_eq!(shown(&table, RR, TieBreak::GamesWithBlack, 3), "2");
}

#[test]
fn round_robin_fouls_before_games_with_black() {
    let t = drew_each_other();
    let table = table(&t, RR, &fouls(&[(4, 2)]));
    assert_eq!(order(&table, &[3, 4]), [(1, 3), (2, 4)]);
    assert_eq!(shown(&table, RR, TieBreak::Fouls, 4), "1");
    // A foul of a later round does not count in the standings after an earlier one.
    let after_four = standings_with(&t, 4, RR.tie_breaks(), &fouls(&[(4, 5)]));
    assert_eq!(shown(&after_four, RR, TieBreak::Fouls, 4), "0");
}

/// 2 and 3: 6 points, 小分 10, two wins, two Black games each; they drew in round 4 with 3 as
/// Black, so 3 ranks first (對局時後走).
#[test]
fn round_robin_black_in_the_direct_game_last() {
    let t = played(
        6,
        &[
            &[(1, 6, L), (2, 5, L), (3, 4, D)],
            &[(6, 4, W), (5, 3, W), (1, 2, L)],
            &[(2, 6, W), (3, 1, W), (4, 5, L)],
            &[(6, 5, L), (1, 4, W), (2, 3, D)],
            &[(3, 6, W), (4, 2, D), (5, 1, W)],
        ],
    );
    let table = table(&t, RR, &none());
    assert_eq!(order(&table, &[2, 3]), [(1, 3), (2, 2)]);
    assert_eq!(shown(&table, RR, TieBreak::BlackInDirectGames, 3), "1");
}

/// 1, 2 and 3: 5 points, 小分 11, two wins, two Black games, 2 points among themselves (1 beat
/// 3, 3 beat 2, 2 beat 1) and one Black game each among themselves: only the lot separates them.
/// Seed 07…07 shuffles the six players to 2, 5, 3, 6, 4, 1.
#[test]
fn round_robin_complete_tie_goes_by_the_lot() {
    let t = played(
        6,
        &[
            &[(1, 6, D), (2, 5, L), (3, 4, W)],
            &[(6, 4, L), (5, 3, W), (1, 2, L)],
            &[(2, 6, W), (3, 1, L), (4, 5, D)],
            &[(6, 5, W), (1, 4, W), (2, 3, L)],
            &[(3, 6, D), (4, 2, D), (5, 1, W)],
        ],
    );
    let unbroken = table(&t, RR, &none());
    assert_eq!(order(&unbroken, &[1, 2, 3]), [(1, 1), (1, 2), (1, 3)]);
    let drawn = table(&t, RR, &seeded(7));
    assert_eq!(order(&drawn, &[1, 2, 3]), [(1, 2), (2, 3), (3, 1)]);
    assert_eq!(shown(&drawn, RR, TieBreak::Lot, 1), "6");
}

// ---- 14.3.1 and 14.3.2, Swiss rounds of eight ----

const BH: Preset = Preset::ChineseSwissOpponents;
const PS: Preset = Preset::ChineseSwissProgressive;

/// 1 and 7: 6 points; 對手分 27 against 25, 累進分 17 against 14 (7 has more Black games).
#[test]
fn swiss_opponents_and_progressive_scores_come_first() {
    let t = played(
        8,
        &[
            &[(5, 2, D), (6, 3, W), (1, 4, L), (8, 7, W)],
            &[(6, 5, D), (4, 7, D), (1, 2, W), (8, 3, L)],
            &[(4, 8, D), (2, 3, W), (7, 6, W), (1, 5, W)],
            &[(1, 7, D), (8, 2, L), (5, 3, W), (4, 6, W)],
            &[(5, 4, L), (8, 1, D), (2, 6, L), (7, 3, W)],
        ],
    );
    let by_opponents = table(&t, BH, &none());
    assert_eq!(order(&by_opponents, &[1, 7]), [(1, 1), (2, 7)]);
    assert_eq!(shown(&by_opponents, BH, TieBreak::Buchholz, 7), "25.0");
    let progressive = table(&t, PS, &none());
    assert_eq!(order(&progressive, &[1, 7]), [(1, 1), (2, 7)]);
    assert_eq!(shown(&progressive, PS, TieBreak::Progressive, 1), "17.0");
}

/// 1 and 2: 4 points, 對手分 27 each; 1 won twice, 2 once (though 2 beat 1).
#[test]
fn swiss_wins_after_opponents_scores() {
    let t = played(
        8,
        &[
            &[(2, 7, D), (6, 5, D), (8, 1, L), (3, 4, W)],
            &[(8, 6, L), (7, 3, W), (5, 4, W), (1, 2, L)],
            &[(1, 6, L), (4, 8, L), (2, 3, L), (7, 5, L)],
            &[(2, 5, L), (8, 3, L), (1, 7, L), (4, 6, D)],
            &[(7, 4, D), (8, 2, D), (1, 5, W), (3, 6, D)],
        ],
    );
    let table = table(&t, BH, &none());
    assert_eq!(order(&table, &[1, 2]), [(1, 1), (2, 2)]);
}

/// 3 and 8: 3 points, 對手分 24, one win each; 8 played Black three times, 3 twice; a foul of 8
/// turns the order.
#[test]
fn swiss_fouls_then_games_with_black() {
    let t = played(
        8,
        &[
            &[(4, 8, D), (1, 7, W), (6, 5, L), (3, 2, D)],
            &[(3, 8, L), (2, 5, L), (6, 1, D), (4, 7, W)],
            &[(5, 1, D), (2, 4, W), (6, 8, W), (7, 3, L)],
            &[(5, 4, W), (8, 7, L), (2, 1, D), (3, 6, L)],
            &[(2, 7, W), (1, 3, W), (8, 5, L), (4, 6, D)],
        ],
    );
    assert_eq!(order(&table(&t, BH, &none()), &[3, 8]), [(1, 8), (2, 3)]);
    assert_eq!(
        order(&table(&t, BH, &fouls(&[(8, 3)])), &[3, 8]),
        [(1, 3), (2, 8)]
    );
}

/// 1 and 7: 6 points, 對手分 21, two wins, three Black games each; both drew in round 5, and in
/// round 4 1 won while 7 drew: 1 ranks first, on the round before the last.
#[test]
fn swiss_previous_rounds_back_from_the_last() {
    let t = played(
        8,
        &[
            &[(2, 1, W), (3, 6, L), (4, 5, W), (7, 8, L)],
            &[(4, 1, L), (3, 2, L), (5, 7, L), (6, 8, W)],
            &[(3, 1, D), (4, 7, L), (5, 6, L), (2, 8, W)],
            &[(6, 2, L), (1, 5, W), (4, 8, L), (7, 3, D)],
            &[(4, 6, D), (1, 8, D), (3, 5, L), (2, 7, D)],
        ],
    );
    let table = table(&t, BH, &none());
    assert_eq!(order(&table, &[1, 7]), [(1, 1), (2, 7)]);
    // The column shows the round that decided: round 4's 2 points against 1.
    assert_eq!(shown(&table, BH, TieBreak::PreviousRounds, 1), "2.0");
    assert_eq!(shown(&table, BH, TieBreak::PreviousRounds, 7), "1.0");
    // After round 4 the last round is round 4, where 1 scored more.
    let after_four = standings_with(&t, 4, BH.tie_breaks(), &none());
    let one = after_four.iter().position(|s| s.player == 1);
    let seven = after_four.iter().position(|s| s.player == 7);
    assert!(one < seven);
}

/// 1 and 6: 7 points, 對手分 26, three wins, one Black game, the same points round by round (they
/// drew each other): the lot decides. Seed 07…07 orders the eight players 7, 6, 4, 1, 8, 3, 2, 5;
/// seed 09…09 orders them 5, 7, 1, 6, 2, 4, 8, 3.
#[test]
fn swiss_complete_tie_goes_by_the_lot() {
    let t = played(
        8,
        &[
            &[(1, 3, L), (6, 8, L), (5, 2, W), (4, 7, D)],
            &[(8, 5, W), (1, 7, W), (6, 4, W), (3, 2, W)],
            &[(4, 5, W), (6, 3, W), (2, 7, D), (1, 8, W)],
            &[(7, 5, D), (3, 8, D), (1, 6, D), (2, 4, D)],
            &[(6, 7, W), (3, 5, D), (2, 8, D), (4, 1, L)],
        ],
    );
    assert_eq!(order(&table(&t, BH, &none()), &[1, 6]), [(1, 1), (1, 6)]);
    assert_eq!(order(&table(&t, BH, &seeded(7)), &[1, 6]), [(1, 6), (2, 1)]);
    assert_eq!(order(&table(&t, BH, &seeded(9)), &[1, 6]), [(1, 1), (2, 6)]);
}

/// 3 and 6: 6 points, 累進分 20, three wins, three Black games each. Without round 1 both have 18
/// (both won it); without rounds 1–2, 3 has 16 and 6 has 14 (6 beat 3 in round 2): 3 ranks first.
#[test]
fn swiss_progressive_score_with_rounds_cut() {
    let t = played(
        8,
        &[
            &[(4, 3, L), (1, 7, D), (5, 8, W), (6, 2, W)],
            &[(3, 6, L), (1, 5, L), (2, 4, D), (7, 8, W)],
            &[(4, 8, D), (1, 6, W), (5, 2, L), (7, 3, L)],
            &[(4, 7, L), (6, 5, L), (8, 1, W), (2, 3, L)],
            &[(7, 6, L), (3, 1, L), (8, 2, W), (4, 5, L)],
        ],
    );
    let table = table(&t, PS, &none());
    assert_eq!(order(&table, &[3, 6]), [(1, 3), (2, 6)]);
    assert_eq!(shown(&table, PS, TieBreak::ProgressiveCuts, 3), "16.0");
    assert_eq!(shown(&table, PS, TieBreak::ProgressiveCuts, 6), "14.0");
}

/// 1 and 3: 4 points, 累進分 13 and the same with every cut: the lot (seed 07…07: 1 fourth, 3
/// sixth) puts 1 first.
#[test]
fn swiss_progressive_complete_tie_goes_by_the_lot() {
    let t = played(
        8,
        &[
            &[(4, 7, W), (1, 2, W), (6, 3, L), (5, 8, W)],
            &[(8, 3, W), (1, 5, L), (4, 6, D), (2, 7, W)],
            &[(7, 5, W), (1, 4, L), (6, 8, L), (3, 2, L)],
            &[(4, 8, W), (7, 6, L), (2, 5, W), (3, 1, D)],
            &[(3, 7, D), (5, 6, W), (2, 4, D), (8, 1, D)],
        ],
    );
    assert_eq!(order(&table(&t, PS, &none()), &[1, 3]), [(1, 1), (1, 3)]);
    assert_eq!(order(&table(&t, PS, &seeded(7)), &[1, 3]), [(1, 1), (2, 3)]);
}

#[test]
fn presets_parse_and_follow_the_regulation() {
    for preset in Preset::ALL {
        assert_eq!(Preset::parse(preset.code()), Some(preset));
        assert_eq!(preset.tie_breaks().last(), Some(&TieBreak::Lot));
        for lang in Lang::ALL {
            assert_ne!(lang.t(preset.message()), "??", "{}", preset.code());
        }
    }
    assert_eq!(
        Preset::parse("cxa-14.3.2"),
        Some(Preset::ChineseSwissProgressive)
    );
    assert_eq!(Preset::parse("14.1"), None);
}

/// Every tie-break has a name and a one-line explanation in every language.
#[test]
fn every_tie_break_is_named_and_explained() {
    for tb in TieBreak::ALL {
        for lang in Lang::ALL {
            assert_ne!(lang.t(&format!("tb_{}", tb.code())), "??", "{tb} name");
            assert_ne!(
                lang.t(&format!("tb_about_{}", tb.code())),
                "??",
                "{tb} explanation"
            );
        }
    }
}
