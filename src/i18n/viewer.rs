//! Strings of the game viewer and the printed forms (result slips, scoresheets).

use super::Entry;

pub(super) const ENTRIES: &[Entry] = &[
    ("game", "Game", "局", "局"),
    ("move_no", "No.", "回合", "回合"),
    ("notation_chinese", "中文", "中文", "中文"),
    ("start_position", "Start position", "開局", "开局"),
    ("first_ply", "Start", "到開局", "到开局"),
    ("prev_ply", "Back one ply", "上一步", "上一步"),
    ("next_ply", "Forward one ply", "下一步", "下一步"),
    ("last_ply", "End", "到終局", "到终局"),
    ("flip_board", "Flip board", "翻轉棋盤", "翻转棋盘"),
    (
        "viewer_keys",
        "Keys: ← → step, Home / End jump to the start / end.",
        "按鍵：← → 逐步，Home / End 到開局 / 終局。",
        "按键：← → 逐步，Home / End 到开局 / 终局。",
    ),
    ("board_picture", "Board", "棋盤", "棋盘"),
    ("square_notation", "Notation", "記譜", "记谱"),
    // Red K A B N R C P, then Black, in the order static/viewer.js reads them.
    (
        "viewer_piece_chars",
        "帅仕相马车炮兵将士象马车炮卒",
        "帥仕相傌俥炮兵將士象馬車砲卒",
        "帅仕相马车炮兵将士象马车炮卒",
    ),
    ("record_source", "Record text", "棋譜原文", "棋谱原文"),
    (
        "record_problem",
        "The record cannot be shown in full:",
        "棋譜無法完整顯示：",
        "棋谱无法完整显示：",
    ),
    ("end_checkmate", "checkmate", "將死", "将死"),
    ("end_stalemate", "no legal move", "困斃", "困毙"),
    ("end_perpetual_check", "perpetual check", "長將", "长将"),
    ("end_perpetual_chase", "perpetual chase", "長捉", "长捉"),
    ("end_repetition", "repetition", "重複局面", "重复局面"),
    ("end_move_limit", "move limit", "限著和棋", "限着和棋"),
    ("end_no_pieces", "no pieces left", "棋子全失", "棋子全失"),
    ("end_claimed", "as recorded", "依記錄結果", "依记录结果"),
    ("end_unfinished", "unfinished", "未完", "未完"),
    (
        "end_illegal",
        "illegal move in the record",
        "棋譜有違例著法",
        "棋谱有违例着法",
    ),
    ("view_game", "Game record", "棋譜", "棋谱"),
    ("result_slips", "Result slips", "成績單", "成绩单"),
    ("scoresheets", "Scoresheets", "記錄紙", "记录纸"),
    ("signature", "Signature", "簽名", "签名"),
    ("arbiter", "Arbiter", "裁判", "裁判"),
    ("date_time", "Date / time", "日期 / 時間", "日期 / 时间"),
    // The Jieqi column: the piece a face-down mover turned out to be.
    ("revealed_piece", "翻", "翻", "翻"),
    (
        "revealed_piece_help",
        "翻: the piece a face-down mover turned out to be.",
        "翻：暗子走動後翻出的棋子。",
        "翻：暗子走动后翻出的棋子。",
    ),
    (
        "no_boards_to_print",
        "No boards to print.",
        "沒有可列印的台。",
        "没有可打印的台。",
    ),
];
