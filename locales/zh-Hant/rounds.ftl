### Strings of the round pages: pairing, results, byes, withdrawals.

rounds = 輪次
round = 輪次
no_rounds = 尚未編排任何輪次。
boards = 台
board = 台號
draft = 草稿，未公佈
pending_results = 台未有結果
pair_round = 編排第 { $round } 輪
first_colour_lot = 第一輪一號棋手執色
draw_lot = 抽籤決定
red = 紅方
black = 黑方
score = 積分
result = 結果
bye = 輪空
byes = 輪空及請假
bye_kind = 類別
bye_half = 半分輪空
bye_full = 全分輪空
bye_zero = 請假（零分）
withdrawals = 退賽
withdraw = 退賽
publish = 公佈
discard = 放棄並重新編排
manual_pairing = 人手編排
reason = 原因
save_results = 儲存結果
result_entry_help = 輸入 1-0、0-1、1/2-1/2（或 1、0、=）；棄權 1-0F、0-1F、0-0F。按 Tab 跳到下一台。
stale_boards = 其他人已同時更改，未儲存，請檢查後重新輸入：台號
report_result = 報告我的結果
standings = 排名
print = 列印
match_entry_help = 暗棋對局：按紅方（先手）逐局輸入，例如 1=0（1½–1½）；棄權同上。每場局數
round_n = 第 { $round } 輪
board_n = 第 { $board } 台
game_n = 第 { $game } 局
match_n = 第 { $match } 場
pair_by_hand = 人手編排
pair_by_hand_help = 編排程式找不到編排時，或想自行編排每一台時使用：系統按積分把棋手兩兩配對（1–2、3–4 …）建立草稿，由你逐台修改後再發佈。
draft_checks = 草稿檢查
draft_checks_ok = 每位棋手只編排一次；沒有重複對局、重複輪空，顏色規則亦符合。
draft_refuses = 發佈前必須修正：
draft_told = 編排程式本會避免（沒有其他編排時可以接受）：
edit_pairing = 修改整輪編排
edit_pairing_help = 每台一行：紅方及黑方的序號（輪空時黑方留空）。一次儲存；須每位應編排的棋手恰好在一台。
save_pairing = 儲存編排
my_board = 你的對局
my_board_line = 你執{ $colour ->
    [red] 紅
   *[black] 黑
}，對 { $opponent }，第 { $board } 台
my_board_bye = 你本輪輪空。
your_board = 你
your_report = 你的報告
opponent_report = 對手的報告
report_waiting_short = 待對手確認
report_match_games = 各局結果（以紅方計）
report_i_won = 我勝
report_drawn = 和局
report_i_lost = 我負
report_waiting = 已報告結果。對手報告相同結果（或裁判輸入）後即確認。
report_confirmed = 對手報告了相同結果：結果已記錄。
report_conflict = 對手報告的結果不同。兩份報告都會保留，由裁判決定。
reports_conflict = 報告不一致：
red_reported = 紅方報
black_reported = 黑方報
withdrawn_from = 自第 { $round } 輪起退出
