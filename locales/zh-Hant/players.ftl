### Strings of the players page and the printed starting-rank list.

starting_list = 起始名單
starting_rank_list = 起始排名表
list_open = 起始名單尚未確認：編號按起始順序（等級分，其次姓名）排列，報名或更改等級分時會變動。確認名單即固定編號；否則首輪編排時固定。
list_confirmed = 起始名單已確認：編號不再變動。現在報名的棋手取得下一個空缺編號。
list_fixed_by_pairing = 起始名單已由首輪編排固定：編號不再變動。遲報名者取得下一個空缺編號，並按等級分編排。
list_reopened_rating = 注意：有棋手的等級分已更改，已確認的起始名單重新開放，編號按新順序排列。請檢查名單並再次確認。
list_reopened_deleted = 注意：有棋手已被刪除，已確認的起始名單重新開放，編號按新順序排列。請檢查名單並再次確認。
list_reopen_warning = 第 1 輪前更改等級分或刪除棋手會重新開放已確認的起始名單：編號可能變動。
confirm_starting_list = 確認起始名單
confirm_starting_list_help = 按所示順序固定編號，之後不再變動。
provisional = 暫定
late_entry = 遲報名
edit_rating = 更改等級分
delete_player = 刪除
confirm_delete_box = 確定
list_was_confirmed = 起始名單已確認。
rating_saved = 等級分已儲存。
player_deleted = 棋手已刪除。
print_starting_list = 列印起始排名表
svc_player_registered = 「{ $name }」（{ $club }）已經報名
svc_players_registered = 名單中有棋手已報名本賽事（姓名及會屬相同）
roster_at_line = 第 { $line } 行，{ $field ->
    [name] 姓名
    [club] 棋會
    [rating] 等級分
    [fide_id] FIDE 編號
    [local_id] 本地編號
    [category] 組別
    [header] 標題列
    [csv] CSV
   *[other] { $field }
}：{ $message }
roster_at_field = { $field ->
    [name] 姓名
    [club] 棋會
    [rating] 等級分
    [fide_id] FIDE 編號
    [local_id] 本地編號
    [category] 組別
    [header] 標題列
    [csv] CSV
   *[other] { $field }
}：{ $message }
roster_empty_name = 姓名是空的
roster_bad_rating = 「{ $typed }」不是等級分（0–4000 的整數）
roster_bad_fide_id = 「{ $typed }」不是 FIDE 編號（只限數字）
roster_malformed = 此處的 CSV 無法讀取（請檢查引號及換行）
roster_unknown_column = 未知欄位「{ $column }」（可用欄位：{ $known }）
roster_too_many_columns = 有 { $found } 欄，最多 { $max } 欄
roster_twice = 「{ $name }」（{ $club }）在檔案中出現兩次
roster_no_players = 檔案中沒有棋手
