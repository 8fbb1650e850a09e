# Online entries (報名): the public form, the entrant's private page, the organizer's entries page.
entries_title = 報名
entries_form_title = 網上報名表
entries_form_help = 任何人都可透過公開報名表報名，無須帳號：
entries_open_label = 接受報名（報名表開放）
entries_closes_label = 報名截止
entries_cap_label = 名額上限（留空為不限）
entries_asks_label = 報名表詢問
entries_ask_club = 棋會或隊伍
entries_ask_rating = 等級分
entries_ask_birth_year = 出生年份（年齡組）
entries_ask_contact = 電話或電郵
entries_list_label = 報名者可在此棋會積分榜中查找
entries_no_list = （無）
entries_fee_label = 報名費
entries_auto_label = 自動確認報名
entries_save_form = 儲存報名表設定
entries_register_title = 網上報名
entries_not_taking = 本賽事現時不接受報名。
entries_name_label = 姓名
entries_club_label = 棋會或隊伍
entries_rating_label = 等級分（無則留空）
entries_lookup_label = 在棋會積分榜中查找我的等級分
entries_birth_year_label = 出生年份
entries_contact_label = 電話或電郵
entries_private_help = 提交後會轉到你的私人頁面，可查看、更正或取消報名：請保存該網址。
entries_send = 提交報名
entries_private_title = 你的報名
entries_keep_link = 請保存本頁網址：這是回到你報名的唯一途徑。
entries_status_label = 狀態
entries_status_pending = 等待主辦方確認
entries_status_confirmed = 已確認
entries_status_cancelled = 已取消
entries_status_refused = 不獲接納
entries_paid = 已繳費
entries_owed = 未繳費
entries_correct_title = 更正報名
entries_correct = 儲存更正
entries_confirmed_note = 你的報名已確認，已列入棋手名單。如需更正，請聯絡主辦方。
entries_cancel = 取消報名
entries_cancel_reason = 報名者網上取消報名
entries_none = 暫無報名。
entries_confirm = 確認
entries_refuse = 不接納
entries_mark_paid = 標記已繳費
entries_mark_owed = 標記未繳費
entries_sent = 你的報名已提交。
entries_corrected = 你的報名已更正。
entries_cancelled = 你的報名已取消。
entries_form_saved = 報名表設定已儲存。
entries_updated = 報名已更新。
entries_bad_closing = 「{ $value }」不是日期時間（YYYY-MM-DD HH:MM）。
entries_bad_cap = 「{ $value }」不是 0 至 { $max } 的數字。
entries_bad_list = 請選擇其中一個積分榜。
entries_bad_birth_year = 「{ $value }」不是 1900 至 { $max } 的年份。
entries_not_in_list = 積分榜 { $list } 中沒有名為 { $name } 的棋手：請按該表的寫法輸入姓名，或取消勾選並自行輸入等級分。
entries_pick_section = 請選擇一個接受報名的組別。
entries_closed = 此組別已截止報名。
entries_full = 此組別已滿額：名額為 { $cap } 人。
entries_not_pending = 此報名已不在等待確認。
entries_cancel_after_pairing = 第一輪已編排：不能再在此取消報名。請聯絡裁判退賽。
entries_not_open_to_cancel = 此報名已取消或不獲接納。
entries_wait = 你的網址提交的報名太多：請於 { $minutes } 分鐘後再試。
audit_entry_submit = 報名提交
audit_entry_correct = 報名更正
audit_entry_confirm = 報名確認
audit_entry_refuse = 報名不獲接納
audit_entry_cancel = 報名取消
audit_entry_reopen = 報名重開
audit_entry_paid = 報名費
audit_entries_form = 報名表
audit_d_entry = { $name }
audit_d_entry_correct = { $old } → { $name }，{ $club }，{ $rating }
audit_d_entry_paid = { $name }：{ $paid ->
    [yes] 已繳費
   *[no] 未繳費
}
audit_d_entry_form = { $open ->
    [yes] 開放
   *[no] 關閉
}，名額 { $cap }{ $auto ->
    [yes] ，自動確認
   *[no] {""}
}
