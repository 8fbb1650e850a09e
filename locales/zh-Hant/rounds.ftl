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

## Corrections and undo of rounds and records: withdrawing a round, cancelling byes and withdrawals, late-entry byes, deleting a record, the results form's report, and the refusals of those workflows (`rc_*`).
# Every correction's reason and confirmation.
rc_confirm_box = 我確認此項更正
rc_reason_needed = 原因：請填寫原因（記入審計日誌）
rc_reason_too_long = 原因：最多 { $max } 個字元
rc_reason_bad_char = 原因：不可使用字元 { $code }
rc_confirm_needed = 請勾選確認框以進行此項更正
# Typed numbers.
rc_not_a_start_no = 編號：「{ $typed }」不是本賽事的選手編號
rc_not_a_round_no = 輪次：「{ $typed }」不是輪次
rc_not_a_future_round = 輪次：「{ $typed }」不是尚待編排的輪次（第 { $from }–{ $to } 輪）
rc_bye_kind = 類別：「{ $typed }」不是半分、全分或零分輪空
rc_late_bye_kind = 類別：「{ $typed }」：遲到報名的輪空只可得零分或半分
rc_not_a_board_no = 台號：「{ $typed }」不是台號
rc_plays_themselves = 黑方：選手不能與自己對局
rc_not_a_played_result = 結果：「{ $typed }」不是 1-0、0-1 或 1/2-1/2
rc_version_missing = 第 { $board } 台：表格未附此台的版本，請重新載入頁面
rc_board_has_result = 第 { $board } 台已有結果
# Rounds.
rc_round_is_draft = 第 { $round } 輪仍是草稿：請改用捨棄
rc_round_not_last = 第 { $round } 輪不是最後編排的一輪：請先撤回之後的輪次
rc_round_has_results = 第 { $round } 輪不能撤回：第 { $boards } 台已有結果
rc_round_has_records = 第 { $round } 輪不能撤回：第 { $boards } 台已有棋譜（請先刪除）
rc_discard_published = 第 { $round } 輪已公佈，不能捨棄（未有結果時可撤回）
rc_fix_published = 第 { $round } 輪已公佈；請撤回該輪或輸入結果
rc_withdraw_round = 撤回本輪編排
rc_withdraw_round_help = 本輪尚未輸入任何結果：可撤回本輪（刪除其編排、輪空及各台），然後重新編排。已封存的佈局保留。
# Byes.
rc_cancel_bye = 取消輪空
rc_no_such_bye = { $player } 號選手在第 { $round } 輪沒有可取消的輪空
rc_bye_round_paired = 第 { $round } 輪已編排：{ $player } 號選手的輪空屬於該輪編排；請先撤回或捨棄該輪
rc_late_entries = 遲到報名
rc_late_rule = 在某輪編排後才報名的選手，不參與已錯過輪次的編排（國際棋聯 C.04.2 遲到報名）：錯過的輪次得零分，賽事規程容許時得半分。
rc_missed_rounds = 錯過輪次
rc_give_late_byes = 為錯過的輪次記輪空
rc_late_byes_given = 遲到報名的輪空
rc_no_missed_round = { $player } 號選手沒有未記輪空的錯過輪次
# Withdrawals.
rc_withdraw_undo = 取消退賽
rc_already_withdrawn = { $player } 號選手已退賽（自第 { $round } 輪起）
rc_player_changed = { $player } 號選手剛被更改，請重新載入頁面
rc_not_withdrawn = { $player } 號選手並未退賽
# The results form.
rc_saved_results = 已儲存結果：{ $count } 個。
rc_refused_results = 未接受：{ $count } 個 —
rc_results_each_board = 每台獨立儲存：即使其他格有錯，有效結果仍會儲存；有錯的格會標示出來，並保留所輸入的內容。
# Records.
rc_delete_record = 刪除此棋譜
rc_delete_record_help = 棋譜及其判定將被刪除；裁判輸入的結果保留。
rc_no_record = 第 { $game } 局沒有可刪除的棋譜
rc_next_round_paired = 第 { $round } 輪已按原來的分數編排
rc_knockout_seeded = 淘汰賽已按原來的排名排定
rc_late_change_unconfirmed = 第 { $board } 台：{ $stage }。更改結果不會重新編排：如要更改，請填寫原因並勾選確認。
rc_late_change = 編排後更正結果
rc_late_change_warning = { $stage }。在此更改結果不會重新編排。更改須填寫原因並確認，並會記錄在操作紀錄中。
relax_reason = 讓這些隊本輪相遇的理由
report_link_title = 報告成績
report_link_closed = 本輪成績已確定（下一輪已編排）。如需更改，請找裁判。
report_link_help = 雙方各自報告；兩份一致即登記成績。此頁為你的個人連結，請勿外傳。
report_link_not_paired = 你本輪沒有對局（輪空或缺席）。
report_link_pairings = 本輪全部對陣
slips_links_when_published = 本輪發布後，成績單上會出現棋手的報告連結（QR 碼）。
report_qr = 掃碼報告成績
screen_title = 顯示屏
screen_no_round = 第一輪發布後，對陣將顯示於此。
screen_by_board = 按台次
screen_by_name = 按姓名
screen_colour = 執
screen_opponent = 對手
qr_event = 掃碼查看本賽事對陣與成績
qr_player = 掃碼打開此棋手頁面
table_labels = 台號牌
qr_board = 掃碼觀看本台
screen_starts = 開始
report_ko_waiting = 暫時沒有可報告的對局：{ $what }。
report_ko_closed = 本場比賽已分勝負。如需更改，請找裁判。
report_ko_advance = 你晉級。
report_ko_out = 你已被淘汰。
report_ko_score = 比分（你在前）
report_ko_games = 已賽對局
my_game_line = { $game }：你執{ $colour ->
    [red] 紅
   *[black] 黑
}，對 { $opponent }
