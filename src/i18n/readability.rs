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
    ("deals_required", "Deals required: publish a round, or start a knockout game, only once its deal is sealed", "必須先密封佈局：佈局密封後才可公佈該輪編排或開始淘汰賽對局", "必须先密封布局：布局密封后才可公布该轮编排或开始淘汰赛对局"),
    (
        "deals_required_help",
        "For Jieqi and Banqi (xiangqi has no deals). Without it, a round may be played without a sealed deal, and the pages say so.",
        "適用於揭棋及暗棋（象棋無佈局）。不選此項時，可不密封佈局而對局，頁面會註明。",
        "适用于揭棋及暗棋（象棋无布局）。不选此项时，可不密封布局而对局，页面会注明。",
    ),
    (
        "deal_played_without",
        "This round is played without a sealed deal.",
        "本輪不使用密封佈局。",
        "本轮不使用密封布局。",
    ),
    (
        "deal_required_missing",
        "No deal is sealed for this round yet: the pairing cannot be published before it is (the event requires deals).",
        "本輪尚未密封佈局：本賽事規定須先密封佈局，才可公佈編排。",
        "本轮尚未密封布局：本赛事规定须先密封布局，才可公布编排。",
    ),
    (
        "ko_deal_played_without",
        "The next game is played without a sealed deal.",
        "下一局不使用密封佈局。",
        "下一局不使用密封布局。",
    ),
    (
        "ko_deal_required_missing",
        "The next game cannot start before its deal is sealed (the event requires deals).",
        "本賽事規定須先密封佈局：下一局的佈局密封後才可開始。",
        "本赛事规定须先密封布局：下一局的布局密封后才可开始。",
    ),
    (
        "svc_deal_required_round",
        "Round {round} cannot be published: no deal is sealed for game {games} (the event requires deals)",
        "第{round}輪不能公佈：第{games}局尚未密封佈局（本賽事規定須先密封佈局）",
        "第{round}轮不能公布：第{games}局尚未密封布局（本赛事规定须先密封布局）",
    ),
    (
        "svc_deal_required_game",
        "Game {game} of match {match} cannot start: its deal is not sealed (the event requires deals)",
        "第{match}場比賽第{game}局不能開始：佈局尚未密封（本賽事規定須先密封佈局）",
        "第{match}场比赛第{game}局不能开始：布局尚未密封（本赛事规定须先密封布局）",
    ),
    (
        "svc_deal_required_decider",
        "The decider of match {match} cannot start: its deal is not sealed (the event requires deals)",
        "第{match}場比賽的加賽局不能開始：佈局尚未密封（本賽事規定須先密封佈局）",
        "第{match}场比赛的加赛局不能开始：布局尚未密封（本赛事规定须先密封布局）",
    ),
    (
        "svc_rating_label_taken",
        "Another batch of this list is already labelled '{label}': give this file another label",
        "本名單已有標為「{label}」的一批對局：請為此檔案另取標籤",
        "本名单已有标为“{label}”的一批对局：请为此文件另取标签",
    ),
    (
        "svc_rating_remove_unconfirmed",
        "Tick the confirmation to remove the batch: every rating is recomputed without its games",
        "請勾選確認方可刪除此批對局：所有等級分將重新計算",
        "请勾选确认方可删除此批对局：所有等级分将重新计算",
    ),
    (
        "svc_rating_remove_reason",
        "Give the reason for removing the batch (it is kept in the audit log)",
        "請填寫刪除此批對局的原因（記入審計紀錄）",
        "请填写删除此批对局的原因（记入审计记录）",
    ),
    (
        "svc_rating_remove_bad_reason",
        "reason: {detail}",
        "原因：{detail}",
        "原因：{detail}",
    ),
    (
        "rating_remove_confirm",
        "Yes, remove this batch and recompute every rating",
        "確定刪除此批對局並重新計算所有等級分",
        "确定删除此批对局并重新计算所有等级分",
    ),
    (
        "push_start_from_event",
        "Players new to the list start from their rating in this event (not the list's start points)",
        "新加入名單的棋手以本賽事的等級分起算（而非名單的起始分）",
        "新加入名单的棋手以本赛事的等级分起算（而非名单的起始分）",
    ),
];
