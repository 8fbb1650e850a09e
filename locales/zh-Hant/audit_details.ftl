# The audit log's details: what changed, worded for the reader (`audit_d_*`; stored as
# JSON in the detail column by `Reason::audit`). Names and values the user typed stay as typed.
audit_d_players = { $count } 名棋手
audit_d_fixed_by_pairing = { $count } 名棋手，於首輪編排時固定
audit_d_player_rating = { $name }：{ $old } → { $new }{ $reopened ->
    [yes] （起始名單重新開放）
   *[no] {""}
}
audit_d_player_delete = { $name }{ $reopened ->
    [yes] （起始名單重新開放）
   *[no] {""}
}
audit_d_change = { $field }：{ $old } → { $new }
audit_d_and = { $first }；{ $rest }
audit_d_list = { $first }、{ $rest }
audit_d_text = { $text }
audit_d_yes = 是
audit_d_no = 否
audit_d_on = 開
audit_d_off = 關
audit_d_bye_request = 第 { $round } 輪 #{ $start } { $name }：{ $kind }
audit_d_withdraw = #{ $start } 自第 { $round } 輪起（{ $reason }）
audit_d_round_player = 第 { $round } 輪 #{ $start }（{ $reason }）
audit_d_late_entry = #{ $start } 第 { $rounds } 輪：{ $kind }
audit_d_round_reason = 第 { $round } 輪（{ $reason }）
audit_d_round_boards = 第 { $round } 輪：{ $boards } 台
audit_d_round = 第 { $round } 輪
audit_d_pairing = { $red }-{ $black }
audit_d_pairing_bye = { $red }-輪空
audit_d_board_manual = 第 { $round } 輪第 { $board } 台：{ $old } → { $new }（{ $reason }）
audit_d_result = 第 { $round } 輪第 { $board } 台：{ $old ->
    [none] 無
   *[other] { $old }
} → { $new ->
    [none] 無
   *[other] { $new }
}
audit_d_result_report = 第 { $round } 輪第 { $board } 台：{ $result }
audit_d_database_copy = 下載了整個資料庫的副本
audit_d_deal_withdraw = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：佈局 #{ $deal }（承諾值 { $commitment }）因重新抽取而撤回
audit_d_deal_seal = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：佈局 #{ $deal } 已密封，承諾值 { $commitment }
audit_d_deal_unseal = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：佈局 #{ $deal } 已解封
audit_d_deal_unseal_override = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：佈局 #{ $deal } 在尚無結果時提前解封：{ $pending }
audit_d_record_apply = 第 { $round } 輪第 { $board } 台第 { $game } 局：採用棋譜的結果 { $result }（{ $status }）
audit_d_record_board = 第 { $round } 輪第 { $board } 台第 { $game } 局：{ $legal ->
    [yes] 合規
   *[no] 違例
}
audit_d_record_match = 第 { $match } 場比賽第 { $game } 局：{ $legal ->
    [yes] 合規
   *[no] 違例
}
audit_d_record_delete_board = 第 { $round } 輪第 { $board } 台第 { $game } 局（{ $reason }）
audit_d_record_delete_match = 第 { $match } 場比賽第 { $game } 局（{ $reason }）
audit_d_game_board = 第 { $round } 輪第 { $board } 台第 { $game } 局
audit_d_game_match = 第 { $match } 場比賽第 { $game } 局
audit_d_readjudicated = { $game }：按新版規則重新判定，判定有變；結果不變
audit_d_upload = 第 { $round } 輪：存入 { $games } 局中的 { $stored } 局，登記 { $results } 個結果
audit_d_ko_lot = 第 { $match } 場比賽：#{ $start } 第 1 局執紅
audit_d_ko_decider_colour = 第 { $match } 場比賽：加賽由種子較高者執{ $colour ->
    [red] 紅
   *[black] 黑
}
audit_d_ko_result = 第 { $match } 場比賽第 { $game } 局：{ $result }
audit_d_ko_forfeit = 第 { $match } 場比賽：#{ $start } 棄權（{ $reason }）
audit_d_ko_withdraw = #{ $start } 退出（{ $reason }）
audit_d_ko_seed = 每場比賽 { $best_of } 局，總分相同時{ $tie_rule ->
    [decider] 加賽一局
    [play_on] 繼續加賽
   *[other] 種子較高者晉級
}，季軍戰：{ $third_place ->
    [yes] 有
   *[no] 無
}；種子 { $seeds }
audit_d_prize_place = 第 { $place } 名：{ $amount }
audit_d_prize_places = 第 { $from }–{ $to } 名：每人 { $amount }
audit_d_prize_special = { $label }（{ $category }）：{ $amount }
audit_d_prize_team = 團體{ $place }
audit_d_prizes = { $currency } 總額 { $total }；同分：{ $ties }；{ $rows }
audit_d_import = { $format }：賽事 { $event }（{ $name }）；連結：{ $linked }
audit_d_none = 無
# The club rating lists (積分榜): lists, their settings, batches of games, starting lists.
audit_d_rating_list = 積分榜 #{ $list } { $name }
audit_d_rating_settings = （起始積分 { $start }，賽滿 { $after } 局後計分，級位 { $base }/{ $step } { $lowest }…{ $highest }）
audit_d_rating_list_settings = 積分榜 #{ $list }：{ $old_name }{ $old } → { $name }{ $new }
audit_d_rating_list_game = 棋種 { $old } → { $new }
audit_d_rating_from_file = 檔案「{ $label }」
audit_d_rating_one_game = { $date } { $red } – { $black } { $result }
audit_d_rating_from_form = 以表格輸入的對局
audit_d_rating_from_event = 賽事 #{ $event } { $label }
audit_d_rating_games = 積分榜 #{ $list }：{ $what }，共 { $games } 局
audit_d_rating_kind_file = 檔案
audit_d_rating_kind_form = 表格
audit_d_rating_kind_event = 賽事
audit_d_rating_remove = 積分榜 #{ $list }：第 { $batch } 批（{ $kind }「{ $label }」），共 { $games } 局；原因：{ $reason }
audit_d_rating_start_list = 積分榜 #{ $list }：{ $players } 名選手
audit_d_hand_pairing = 第 { $round } 輪：人手編排，共 { $boards } 台（{ $reason }）
audit_d_result_report_side = 第 { $round } 輪第 { $board } 台：{ $side }報告 { $result }
audit_d_deal_public_value = 第 { $round } 輪{ $game ->
    [decider] 加賽局
   *[other] 第 { $game } 局
}：佈局 #{ $deal } 的公開值已輸入：{ $value }
audit_d_player_move = { $name }：由「{ $from }」轉到「{ $to }」
audit_d_draw = 以 { $method } 抽籤（種子 { $seed }）：共 { $rounds } 輪
audit_d_forbidden_pairs = { $pairs }
audit_d_relax_avoidance = 第 { $round } 輪：「{ $team }」隊可相遇
audit_d_fouls = { $start } 號第 { $round } 輪犯規 { $old } → { $new }
audit_d_knockout_report = 第 { $match } 場比賽第 { $game } 局：{ $start } 號（{ $side }）報告 { $result }
