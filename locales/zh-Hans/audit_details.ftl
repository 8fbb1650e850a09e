# The audit log's details: what changed, worded for the reader (`audit_d_*`; stored as
# JSON in the detail column by `Reason::audit`). Names and values the user typed stay as typed.
audit_d_players = { $count } 名棋手
audit_d_fixed_by_pairing = { $count } 名棋手，于首轮编排时固定
audit_d_player_rating = { $name }：{ $old } → { $new }{ $reopened ->
    [yes] （起始名单重新开放）
   *[no] {""}
}
audit_d_player_delete = { $name }{ $reopened ->
    [yes] （起始名单重新开放）
   *[no] {""}
}
audit_d_change = { $field }：{ $old } → { $new }
audit_d_and = { $first }；{ $rest }
audit_d_list = { $first }、{ $rest }
audit_d_text = { $text }
audit_d_yes = 是
audit_d_no = 否
audit_d_on = 开
audit_d_off = 关
audit_d_bye_request = 第 { $round } 轮 #{ $start } { $name }：{ $kind }
audit_d_withdraw = #{ $start } 自第 { $round } 轮起（{ $reason }）
audit_d_round_player = 第 { $round } 轮 #{ $start }（{ $reason }）
audit_d_late_entry = #{ $start } 第 { $rounds } 轮：{ $kind }
audit_d_round_reason = 第 { $round } 轮（{ $reason }）
audit_d_round_boards = 第 { $round } 轮：{ $boards } 台
audit_d_round = 第 { $round } 轮
audit_d_pairing = { $red }-{ $black }
audit_d_pairing_bye = { $red }-轮空
audit_d_board_manual = 第 { $round } 轮第 { $board } 台：{ $old } → { $new }（{ $reason }）
audit_d_result = 第 { $round } 轮第 { $board } 台：{ $old ->
    [none] 无
   *[other] { $old }
} → { $new ->
    [none] 无
   *[other] { $new }
}
audit_d_result_report = 第 { $round } 轮第 { $board } 台：{ $result }
audit_d_database_copy = 下载了整个数据库的副本
audit_d_deal_withdraw = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：布局 #{ $deal }（承诺值 { $commitment }）因重新抽取而撤回
audit_d_deal_seal = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：布局 #{ $deal } 已密封，承诺值 { $commitment }
audit_d_deal_unseal = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：布局 #{ $deal } 已解封
audit_d_deal_unseal_override = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：布局 #{ $deal } 在尚无结果时提前解封：{ $pending }
audit_d_record_apply = 第 { $round } 轮第 { $board } 台第 { $game } 局：采用棋谱的结果 { $result }（{ $status }）
audit_d_record_board = 第 { $round } 轮第 { $board } 台第 { $game } 局：{ $legal ->
    [yes] 合规
   *[no] 违例
}
audit_d_record_match = 第 { $match } 场比赛第 { $game } 局：{ $legal ->
    [yes] 合规
   *[no] 违例
}
audit_d_record_delete_board = 第 { $round } 轮第 { $board } 台第 { $game } 局（{ $reason }）
audit_d_record_delete_match = 第 { $match } 场比赛第 { $game } 局（{ $reason }）
audit_d_game_board = 第 { $round } 轮第 { $board } 台第 { $game } 局
audit_d_game_match = 第 { $match } 场比赛第 { $game } 局
audit_d_readjudicated = { $game }：按新版规则重新判定，判定有变；结果不变
audit_d_upload = 第 { $round } 轮：存入 { $games } 局中的 { $stored } 局，登记 { $results } 个结果
audit_d_ko_lot = 第 { $match } 场比赛：#{ $start } 第 1 局执红
audit_d_ko_decider_colour = 第 { $match } 场比赛：加赛由种子较高者执{ $colour ->
    [red] 红
   *[black] 黑
}
audit_d_ko_result = 第 { $match } 场比赛第 { $game } 局：{ $result }
audit_d_ko_forfeit = 第 { $match } 场比赛：#{ $start } 弃权（{ $reason }）
audit_d_ko_withdraw = #{ $start } 退出（{ $reason }）
audit_d_ko_seed = 每场比赛 { $best_of } 局，总分相同时{ $tie_rule ->
    [decider] 加赛一局
    [play_on] 继续加赛
   *[other] 种子较高者晋级
}，季军战：{ $third_place ->
    [yes] 有
   *[no] 无
}；种子 { $seeds }
audit_d_prize_place = 第 { $place } 名：{ $amount }
audit_d_prize_places = 第 { $from }–{ $to } 名：每人 { $amount }
audit_d_prize_special = { $label }（{ $category }）：{ $amount }
audit_d_prize_team = 团体{ $place }
audit_d_prizes = { $currency } 总额 { $total }；同分：{ $ties }；{ $rows }
audit_d_import = { $format }：赛事 { $event }（{ $name }）；关联：{ $linked }
audit_d_none = 无
# The club rating lists (積分榜): lists, their settings, batches of games, starting lists.
audit_d_rating_list = 积分榜 #{ $list } { $name }
audit_d_rating_settings = （起始积分 { $start }，赛满 { $after } 局后计分，级位 { $base }/{ $step } { $lowest }…{ $highest }）
audit_d_rating_list_settings = 积分榜 #{ $list }：{ $old_name }{ $old } → { $name }{ $new }
audit_d_rating_list_game = 棋种 { $old } → { $new }
audit_d_rating_from_file = 文件「{ $label }」
audit_d_rating_one_game = { $date } { $red } – { $black } { $result }
audit_d_rating_from_form = 以表格输入的对局
audit_d_rating_from_event = 赛事 #{ $event } { $label }
audit_d_rating_games = 积分榜 #{ $list }：{ $what }，共 { $games } 局
audit_d_rating_kind_file = 文件
audit_d_rating_kind_form = 表格
audit_d_rating_kind_event = 赛事
audit_d_rating_remove = 积分榜 #{ $list }：第 { $batch } 批（{ $kind }「{ $label }」），共 { $games } 局；原因：{ $reason }
audit_d_rating_start_list = 积分榜 #{ $list }：{ $players } 名选手
audit_d_hand_pairing = 第 { $round } 轮：人工编排，共 { $boards } 台（{ $reason }）
audit_d_result_report_side = 第 { $round } 轮第 { $board } 台：{ $side }报告 { $result }
audit_d_deal_public_value = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：布局 #{ $deal } 的公开值已输入：{ $value }
audit_d_player_move = { $name }：由“{ $from }”转到“{ $to }”
audit_d_draw = 以 { $method } 抽签（种子 { $seed }）：共 { $rounds } 轮
audit_d_forbidden_pairs = { $pairs }
audit_d_relax_avoidance = 第 { $round } 轮：“{ $team }”队可相遇
audit_d_fouls = { $start } 号第 { $round } 轮犯规 { $old } → { $new }
audit_d_knockout_report = 第 { $match } 场比赛第 { $game } 局：{ $start } 号（{ $side }）报告 { $result }
