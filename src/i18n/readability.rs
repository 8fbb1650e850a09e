//! Strings of the readable pages of issue 18: the crosstable's cells, the player card from the
//! player's side, withdrawn players, the knockout seed list, "deals required" and the separate
//! deal rounds of the final and the 3rd-place match.

use super::Entry;

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    ("st_after_round", "After round {round}", "第{round}輪後", "第{round}轮后"),
    ("ct_round", "Rd {round}", "第{round}輪", "第{round}轮"),
    ("ct_red", "r", "紅", "红"),
    ("ct_black", "b", "黑", "黑"),
    ("ct_bye", "bye", "輪空", "轮空"),
    ("ct_requested_bye", "bye", "請假", "请假"),
    ("ct_absent", "absent", "缺席", "缺席"),
    ("ct_forfeit", "F", "棄", "弃"),
    ("ct_forfeit_title", "by forfeit", "對方或己方棄權", "对方或己方弃权"),
    (
        "ct_legend",
        "Each cell: opponent's number, colour (r Red, b Black), points scored. F: by forfeit.",
        "每格：對手編號、執色（紅／黑）、該輪得分。棄：棄權。",
        "每格：对手编号、执色（红／黑）、该轮得分。弃：弃权。",
    ),
    ("pc_win", "Win", "勝", "胜"),
    ("pc_draw", "Draw", "和", "和"),
    ("pc_loss", "Loss", "負", "负"),
    ("pc_forfeit_win", "Win by forfeit", "勝（對方棄權）", "胜（对方弃权）"),
    ("pc_forfeit_loss", "Loss by forfeit", "負（棄權）", "负（弃权）"),
    ("pc_withdrawn", "withdrawn", "已退賽", "已退赛"),
    ("pc_withdrawn_from", "Withdrawn: not paired from round {round} on", "已退賽：自第{round}輪起不再編排", "已退赛：自第{round}轮起不再编排"),
    ("pc_outcome", "Result", "勝負", "胜负"),
    ("pc_round_points", "Points", "得分", "得分"),
    ("pc_running", "Total", "累計積分", "累计积分"),
    ("ko_seed_no", "Seed", "種子", "种子"),
];
