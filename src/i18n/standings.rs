//! Strings of the standings, crosstable and player card pages.

use super::Entry;

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    ("tie_breaks", "Tie-breaks", "小分（依次）", "小分（依次）"),
    (
        "tie_breaks_help",
        "Codes in order: BH Buchholz 對手分, BH-C1, BH-M1, SB, PS progressive 累進分, WIN wins, WON, BWG wins with Black, BPG, DE direct encounter, PN pairing number.",
        "依次填代碼：BH 對手分、BH-C1、BH-M1、SB、PS 累進分、WIN 勝局數、WON、BWG 後手勝局、BPG、DE 直勝、PN 編號。",
        "依次填代码：BH 对手分、BH-C1、BH-M1、SB、PS 累进分、WIN 胜局数、WON、BWG 后手胜局、BPG、DE 直胜、PN 编号。",
    ),
    ("tb_BH", "Buchholz", "對手分", "对手分"),
    (
        "tb_BH-C1",
        "Buchholz cut 1",
        "對手分（去最低）",
        "对手分（去最低）",
    ),
    ("tb_BH-M1", "Median Buchholz", "中間對手分", "中间对手分"),
    ("tb_SB", "Sonneborn–Berger", "索伯分", "索伯分"),
    ("tb_PS", "Progressive", "累進分", "累进分"),
    ("tb_WIN", "Wins", "勝局數", "胜局数"),
    ("tb_WON", "Games won", "實勝局數", "实胜局数"),
    ("tb_BWG", "Wins with Black", "後手勝局數", "后手胜局数"),
    ("tb_BPG", "Games with Black", "後手局數", "后手局数"),
    ("tb_DE", "Direct encounter", "直勝", "直胜"),
    ("tb_PN", "Pairing number", "編號", "编号"),
    ("rank", "Rank", "名次", "名次"),
    ("points", "Points", "積分", "积分"),
    ("after_round", "after round", "第幾輪後：", "第几轮后："),
    ("crosstable", "Crosstable", "成績表", "成绩表"),
    ("download_csv", "CSV", "CSV 下載", "CSV 下载"),
    ("player_card", "Player", "棋手", "棋手"),
    ("opponent", "Opponent", "對手", "对手"),
    ("colour", "Colour", "執色", "执色"),
    (
        "no_results_yet",
        "No completed round yet.",
        "尚無已完成的輪次。",
        "尚无已完成的轮次。",
    ),
];
