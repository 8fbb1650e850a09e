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
withdrawn_from = 退出，自第幾輪起：
publish = 公佈
discard = 放棄並重新編排
manual_pairing = 人手編排
reason = 原因
save_results = 儲存結果
result_entry_help = 輸入 1-0、0-1、1/2-1/2（或 1、0、=）；棄權 1-0F、0-1F、0-0F。按 Tab 跳到下一台。
stale_boards = 其他人已同時更改，未儲存，請檢查後重新輸入：台號
reported = 棋手報告
report_result = 報告我的結果
standings = 排名
print = 列印
match_entry_help = 暗棋對局：按紅方（先手）逐局輸入，例如 1=0（1½–1½）；棄權同上。每場局數
round_n = 第 { $round } 輪
board_n = 第 { $board } 台
game_n = 第 { $game } 局
match_n = 第 { $match } 場
