### The error pages: a headline per cause, a sentence saying what it means and what to do.

error_not_found = 找不到
error_login_required = 需要登入
error_forbidden = 沒有權限
error_csrf = 表單已過期
error_invalid = 輸入有誤
error_exists = 此項目已存在
error_too_many = 嘗試次數過多
error_internal = 伺服器錯誤
error_invalid_help = 資料未變更。請修正下方指出的欄位後重新送出。
error_not_now_help = 資料未變更：賽事目前的狀態不容許此操作（時候未到，或已經太遲）。
error_stale_help = 資料未變更：其他人剛更改了此項目。請重新載入頁面再試。
error_exists_help = 資料未變更：已有相同名稱或編號的項目。
error_refused_help = 資料未變更：此處無法執行此操作。

## Form values a page refused (the field or line and what was typed).
err_form_too_large = 表單太大，無法讀取。
err_form_unreadable = 表單中有欄位的值類型不符（例如數字欄填了文字）。
err_version_missing = 第 { $board } 台：表單缺少該台的版本；請重新載入頁面再輸入。
err_published_not_discarded = 第 { $round } 輪已公佈，不能捨棄。
err_published_not_fixed = 第 { $round } 輪已公佈；請先捨棄該輪，或改為錄入結果。
err_not_a_board = 「{ $typed }」不是台號。
err_not_a_start_here = 「{ $typed }」不是本賽事的編號。
err_not_a_start = 「{ $typed }」不是編號。
err_plays_themselves = 棋手不能與自己對局。
err_pairing_reason = 人工編排必須填寫原因以記錄在案。
err_reason_needed = 請填寫原因以記錄在案。
err_not_a_round_to_pair = 「{ $typed }」不是尚待編排的輪次（{ $first }–{ $last }）。
err_bye_kind = 「{ $typed }」不是輪空類型（半分、全分或零分）。
err_no_player = 沒有編號 { $start } 的棋手。
err_not_a_result = 「{ $typed }」不是 1-0、0-1 或 1/2-1/2。
err_board_has_result = 第 { $board } 台已有結果。
err_unknown_account = 沒有名為「{ $name }」的帳戶。
err_bad_amount = 第 { $line } 行：「{ $typed }」不是以整數貨幣單位表示的金額。
err_bad_place_line = 名次獎金第 { $line } 行：「{ $typed }」不是「名次 金額」或「起–止 金額」。
err_bad_special_line = 特別獎第 { $line } 行：「{ $typed }」不是「組別, 獎項, 金額」。
err_no_prize_table = 本賽事尚未設定獎金表。
err_not_a_round = 「{ $typed }」不是輪次。
err_not_a_game = 「{ $typed }」不是局號（1、2…或加賽）。
err_not_a_rating_list = 「{ $typed }」不是積分榜。
err_unknown_role = 「{ $typed }」不是角色。
err_not_a_tie_rule = 「{ $typed }」不是平分處理方式。
err_match_waiting = 第 { $match } 場比賽仍在等待對手產生。
err_not_in_match = 編號 { $start } 不在第 { $match } 場比賽之中。
err_not_a_backup_account = 「{ $typed }」不是備份中的帳戶。
err_not_a_local_account = 「{ $typed }」不是本地帳戶。
err_backup_missing = 表單中沒有備份；請重新上載。
