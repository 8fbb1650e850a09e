### Strings of the workflows' refusals (`service::Reason` keys) and the error pages' headlines.
### `{name}` is replaced by the reason's argument of that name.

error_stale = 已被他人更改
error_not_now = 目前無法執行
error_refused = 無法執行
svc_already_exists = 此項目已存在。
svc_stale_board = 第 { $board } 台已被他人更改；請重新載入頁面再試
svc_stale_bracket = 對陣表已被他人更改；請重新載入頁面再試
svc_draft_pending = 第 { $round } 輪已編排但尚未公佈
svc_round_unfinished = 第 { $round } 輪尚有未錄入結果的台：{ $boards }
svc_all_rounds_paired = 瑞士制 { $rounds } 輪已全部編排
svc_list_empty = 起始名單尚無棋手
svc_list_already_fixed = 起始名單已經確認
svc_list_paired = 第 1 輪已編排：起始名單已由首輪編排固定
svc_bad_rating = 「{ $typed }」不是等級分（0 至 { $max } 的整數，無等級分則留空）
svc_confirm_delete = 請勾選方框以確認刪除
svc_delete_after_pairing = 第 1 輪已編排：報名不能再刪除，請改為棋手退賽
svc_too_few_players = 第 { $round } 輪至少需要兩名棋手才能編排（現有 { $found } 名）
svc_pairing_failed = 編排失敗：{ $detail }
svc_bad_match_games = 第 { $board } 台：{ $detail }
svc_not_a_result = 第 { $board } 台：「{ $typed }」不是結果（1-0、0-1、1/2-1/2、1-0F、0-1F、0-0F）
svc_bye_has_no_result = 第 { $board } 台是編排輪空，沒有結果可錄入
svc_bye_has_no_game = 第 { $board } 台是編排輪空，沒有對局
svc_round_not_published = 第 { $round } 輪尚未公佈
svc_player_twice = { $player } 號棋手在第 { $round } 輪出現在兩台
svc_bye_and_paired = { $player } 號棋手在第 { $round } 輪已輪空，卻又被編排
svc_bad_round_game = 輪次／局：{ $detail }
svc_xiangqi_no_deal = 棋種：象棋沒有暗子，因此沒有佈局
svc_not_a_round = 輪次：{ $round } 不是有效輪次（1–{ $max }）
svc_past_the_final = 輪次：{ $round } 已在決賽之後（瑞士制 { $swiss } 輪之後，淘汰賽共 { $knockout } 輪）
svc_deal_not_sealed = 佈局 #{ $deal } 的狀態是 { $status }；只有已密封的佈局才能解封
svc_unseal_pending = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：尚有對局未有結果（{ $pending }）；如必須解封，請使用強制解封
svc_deal_changed = 佈局 #{ $deal } 已被他人更改
svc_no_knockout_round = 淘汰賽第 { $round } 輪不存在
svc_pending_match = 第 { $match } 場比賽
svc_pending_board = 第 { $board } 台
svc_knockout_not_seeded = 淘汰賽尚未種子排位
svc_round_not_paired = 第 { $round } 輪尚未編排
svc_pending_round_unpublished = 第 { $round } 輪尚未公佈
svc_knockout_refused = { $detail }
svc_not_a_game_result = 結果：「{ $typed }」不是 1-0、0-1 或 1/2-1/2
svc_not_a_colour = { $field }：「{ $typed }」不是紅方或黑方（red／black）
svc_knockout_not_seeded_yet = 淘汰賽尚未種子排位
svc_no_knockout_stage = 本賽事沒有淘汰賽階段（淘汰賽人數為 0）
svc_already_seeded = 淘汰賽已完成種子排位
svc_bad_best_of = { $best_of } 局制：淘汰賽比賽須為 1、3、5 或 7 局制
svc_too_few_qualifiers = 淘汰賽需要 { $size } 名晉級者，現只有 { $found } 名棋手
svc_knockout_begun = 淘汰賽已開始，不能再撤銷
svc_prize_row_too_large = 獎金第 { $row } 行：金額過大
svc_special_too_large = 特別獎第 { $row } 項：金額過大
svc_bad_ties = 同分處理：「{ $typed }」不是 by_tie_break、shared 或 hort
svc_team_prizes = 團體獎：{ $why }
svc_bad_prize_table = { $detail }
svc_prizes_too_large = 獎金金額過大
svc_swiss_not_over = 瑞士制階段尚未結束：已公佈 { $done }／{ $wanted } 輪
svc_swiss_round_pending = 瑞士制階段尚未結束：第 { $round } 輪尚有 { $pending } 台未有結果
svc_no_rounds_yet = 賽事尚未有任何輪次
svc_board_without_result = 第 { $round } 輪第 { $board } 台尚未有結果
svc_knockout_unfinished = 淘汰賽階段尚未結束
svc_no_rated_games = 本賽事沒有可計分的對局
svc_event_already_in_list = 本賽事的對局已在名單「{ $list }」中
svc_not_a_board_game = 局：{ $game } 不是本台的對局（1–{ $max }）
svc_record_unreadable = 記錄：{ $detail }
svc_deal_tag_differs = 記錄：Deal 標籤與本輪密封的佈局不同
svc_record_red_differs = 記錄：Red 標籤寫的是「{ $tag }」，但本局紅方是 { $player }（{ $start } 號）
svc_record_black_differs = 記錄：Black 標籤寫的是「{ $tag }」，但本局黑方是 { $player }（{ $start } 號）
svc_record_empty = 記錄：記錄是空的
svc_record_too_long = 記錄：共 { $plies } 步，超過記錄上限 { $limit } 步（實戰對局遠不及此數）
svc_nothing_to_apply = 第 { $board } 台第 { $game } 局：記錄沒有可採用的結果（{ $status }）
svc_not_a_match_game = 局：{ $game } 不是第 { $match } 場比賽已下或待下的對局
# Bulk record upload.
svc_upload_bad_round_tag = Round 標籤「{ $tag }」不是輪次（3，或第 2 局寫 3.2）
svc_upload_other_round = Round 標籤寫的是第 { $tag } 輪；本次上傳的是第 { $round } 輪
svc_upload_no_names = 本局沒有 Red 和 Black 標籤，無法找到對應的台
svc_upload_game_number_needed = 本賽事每台有多局：請註明局號（Round "3.2" 或 Game 標籤）
svc_upload_colours_swapped = 紅黑顛倒：第 { $board } 台紅方是 { $red }，黑方是 { $black }
svc_upload_names_differ = 第 { $board } 台：{ $tag } 標籤寫的是「{ $typed }」，但該方是 { $player }
svc_upload_no_board = 本輪沒有 { $red } 對 { $black } 的台
svc_upload_duplicate = 第 { $board } 台第 { $game } 局已對應本檔案的第 { $other } 局
svc_upload_too_many = 記錄：檔案有 { $games } 局；一次最多上傳 { $max } 局
svc_upload_no_such_board = 第 { $game } 局：「{ $board }」不是本輪的台
svc_upload_assigned_twice = 第 { $board } 台被指定了第 { $first } 局和第 { $second } 局；每台只能對應一局
svc_upload_changed = 預覽之後本輪或檔案已有變更；請查看新的預覽後再確認
svc_upload_nothing = 檔案中沒有任何一局對應本輪的台：沒有可儲存的內容
# Bulk record upload of a knockout round.
svc_upload_match_game_number_needed = 淘汰賽每場有多局：請註明局號（Round "7.2" 或 Game 標籤）
svc_upload_match_colours_swapped = 紅黑顛倒：第 { $board } 場第 { $game } 局紅方是 { $red }，黑方是 { $black }
svc_upload_match_names_differ = 第 { $board } 場第 { $game } 局：{ $tag } 標籤寫的是「{ $typed }」，但該方是 { $player }
svc_upload_no_match = 本輪沒有 { $red } 對 { $black } 的比賽
svc_upload_not_a_match_game = 第 { $board } 場沒有已知紅黑方的第 { $game } 局（尚未記錄抽籤或加賽局的執色，或沒有這一局）
svc_upload_match_duplicate = 第 { $board } 場第 { $game } 局已對應本檔案的第 { $other } 局
svc_upload_no_such_match_game = 第 { $game } 局：「{ $board }」不是本輪比賽的對局
svc_upload_match_assigned_twice = 比賽對局 { $board } 被指定了第 { $first } 局和第 { $second } 局；每局只能對應一份棋譜
svc_upload_match_nothing = 檔案中沒有任何一局對應本輪比賽的對局：沒有可儲存的內容
svc_upload_match_decided = 第 { $board } 場在 { $played } 局後已分勝負：沒有第 { $game } 局
svc_upload_result_refused = 棋譜會儲存，但其結果不會錄入：{ $detail }
svc_import_format = 不是 Anqi 賽事備份：「format」欄位必須是「{ $format }」（請重新匯出賽事）
svc_import_bad_table = { $table }：{ $detail }
svc_import_bad_value = { $table } 第 { $row } 行，{ $column }：{ $detail }
svc_import_row = { $table } 第 { $row } 行：{ $detail }
svc_import_already = 此賽事已匯入過（賽事 { $event }），不會重複匯入
svc_import_unknown_account = map_{ $account }：備份中沒有編號 { $account } 的裁判或棋手帳戶
svc_import_bad_choice = 為「{ $name }」選擇的帳戶不在可選帳戶之列
svc_not_a_deal_game = 局：第 { $round } 輪沒有第 { $game } 局（該輪的局：{ $games }）
svc_deal_already_unsealed = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}的佈局已經解封，不能再重新抽取
svc_deal_used = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：已有對局使用此佈局（已有結果或棋譜），不能再重新抽取
svc_redraw_unconfirmed = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}已有密封佈局。如要撤回並重新抽取，請勾選「重新抽取」
svc_game_played_without_deal = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}已在沒有佈局的情況下進行
svc_round_all_dealt = 第 { $round } 輪每一局都已有佈局（或已經對弈）
svc_knockout_all_dealt = 淘汰賽每一局都已有佈局（或已經對弈）
svc_none_finished = 目前沒有所有對局都已完成的密封佈局
svc_deals_changed = 佈局剛被其他人更改，未有解封任何佈局
svc_no_legal_pairing = 編排程式找不到符合規則的第 { $round } 輪編排（不重複對局、不重複輪空、顏色規則）。請用「人手編排」：系統會建立草稿，由你逐台修改，發佈前同樣會檢查。
svc_draft_missing = { $player } 號棋手須在第 { $round } 輪編排，但不在任何一台
svc_draft_not_playing = { $player } 不是第 { $round } 輪的棋手（沒有此序號，或已退賽、尚未加入）
svc_draft_themselves = { $player } 號棋手不能與自己對弈
svc_draft_two_byes = 只可有一台輪空
svc_draft_rematch = { $red } 號與 { $black } 號已經對弈過
svc_draft_second_bye = { $player } 號棋手已輪空或不戰而勝過
svc_draft_colour = { $player } 號棋手將連續第三局執{ $colour }，或比另一顏色多兩局以上
svc_draft_not_a_start = 第 { $board } 台：「{ $typed }」不是序號
svc_draft_too_many = 最多 { $max } 台
svc_export_jieqi_only = 只有揭棋對局能寫成揭棋工具的格式
svc_export_sealed = 這局的佈局仍然密封；佈局解封後才能把棋譜寫給其他工具
svc_export_illegal = 棋譜第 { $ply } 步是違例著法；只有能完整重播的棋譜才能寫給其他工具
svc_export_format = 未知的棋譜格式「{ $format }」（record、jieqibox、pikafish 或 pychess）
svc_section_name_required = 請為組別取個簡稱（例如公開組、少年組）
svc_section_name_taken = 本賽事已有名為「{ $name }」的組別
svc_first_section_unnamed = 請先在設定中為賽事的第一個組別命名，再新增組別
svc_no_such_section = 本賽事沒有組別 { $id }
svc_section_started = 其中一組已編排輪次或已抽籤：棋手不能再轉組
svc_section_has_player = 「{ $section }」組已有同名同單位的棋手
svc_bad_draw_seed = 「{ $typed }」不是種子：須為 64 位十六進位數字
svc_bad_draw_method = 「{ $typed }」不是抽籤方式：lot（抽籤）或 rating（按等級分）
svc_not_round_robin = 本組是瑞士制；只有循環賽需要抽籤
svc_already_drawn = 循環賽已經抽籤
svc_not_drawn = 請先抽籤決定循環賽的抽籤號，再編排第一輪
svc_round_robin_by_table = 循環賽按貝爾格表編排，不能手動編排
svc_too_many_sections = 一項賽事最多 { $most } 個組別
svc_drawn_no_entries = 循環賽已抽籤：不再接受報名（賽程已定）
svc_row_unknown_section = 第 { $line } 行：本賽事沒有「{ $section }」這個組別（組別有：{ $known }）
svc_drawn_no_entries_in = 「{ $section }」組的循環賽已抽籤：不再接受報名
svc_bad_pair = 「{ $typed }」不是一對編號（例如 3-7）
svc_pairs_count = 請填 1 至 { $most } 對，而不是 { $count } 對
svc_pair_same_player = 一對須是兩位棋手（編號 { $start } 填了兩次）
svc_pair_unknown_start = 其中一個編號沒有棋手
svc_avoidance_blocks = 第 { $round } 輪無法讓所有同隊棋手回避：{ $teams } 本輪必須相遇。寫明理由即可只讓這些隊本輪相遇（理由會記錄），或手工編排本輪。
svc_lot_drawn = 抽籤已抽過，只抽一次
svc_fouls_no_round = 犯規須記在已編排的輪次；尚未編排任何一輪
report_link_other_round = 此表格屬於另一輪：本連結用於第 { $round } 輪。請重新載入頁面。
report_link_other_board = 第 { $board } 台不是你本輪的台次。請重新載入頁面。
report_link_final = 第 { $round } 輪成績已確定（下一輪已編排）。請找裁判。
report_link_other_match = 此連結屬於第 { $match } 場比賽，請重新載入頁面。
report_link_other_game = 現在不能報告第 { $game } 局：它不是當前的對局，或其先後手尚未確定。請重新載入頁面。
report_link_game_entered = 第 { $game } 局已有結果。如需更改，請找裁判。
report_link_match_decided = 第 { $match } 場比賽已分勝負。如需更改，請找裁判。
