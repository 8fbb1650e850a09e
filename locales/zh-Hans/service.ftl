### Strings of the workflows' refusals (`service::Reason` keys) and the error pages' headlines.
### `{name}` is replaced by the reason's argument of that name.

error_stale = 已被他人更改
error_not_now = 目前无法执行
error_refused = 无法执行
svc_already_exists = 此项目已存在。
svc_stale_board = 第 { $board } 台已被他人更改；请重新加载页面再试
svc_stale_bracket = 对阵表已被他人更改；请重新加载页面再试
svc_draft_pending = 第 { $round } 轮已编排但尚未公布
svc_round_unfinished = 第 { $round } 轮尚有未录入结果的台：{ $boards }
svc_all_rounds_paired = 瑞士制 { $rounds } 轮已全部编排
svc_list_empty = 起始名单尚无棋手
svc_list_already_fixed = 起始名单已经确认
svc_list_paired = 第 1 轮已编排：起始名单已由首轮编排固定
svc_bad_rating = “{ $typed }”不是等级分（0 至 { $max } 的整数，无等级分则留空）
svc_confirm_delete = 请勾选方框以确认删除
svc_delete_after_pairing = 第 1 轮已编排：报名不能再删除，请改为棋手退赛
svc_too_few_players = 第 { $round } 轮至少需要两名棋手才能编排（现有 { $found } 名）
svc_pairing_failed = 编排失败：{ $detail }
svc_bad_match_games = 第 { $board } 台：{ $detail }
svc_not_a_result = 第 { $board } 台：“{ $typed }”不是结果（1-0、0-1、1/2-1/2、1-0F、0-1F、0-0F）
svc_bye_has_no_result = 第 { $board } 台是编排轮空，没有结果可录入
svc_bye_has_no_game = 第 { $board } 台是编排轮空，没有对局
svc_round_not_published = 第 { $round } 轮尚未公布
svc_player_twice = { $player } 号棋手在第 { $round } 轮出现在两台
svc_bye_and_paired = { $player } 号棋手在第 { $round } 轮已轮空，却又被编排
svc_bad_round_game = 轮次／局：{ $detail }
svc_xiangqi_no_deal = 棋种：象棋没有暗子，因此没有布局
svc_not_a_round = 轮次：{ $round } 不是有效轮次（1–{ $max }）
svc_past_the_final = 轮次：{ $round } 已在决赛之后（瑞士制 { $swiss } 轮之后，淘汰赛共 { $knockout } 轮）
svc_deal_not_sealed = 布局 #{ $deal } 的状态是 { $status }；只有已密封的布局才能解封
svc_unseal_pending = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：尚有对局未有结果（{ $pending }）；如必须解封，请使用强制解封
svc_deal_changed = 布局 #{ $deal } 已被他人更改
svc_no_knockout_round = 淘汰赛第 { $round } 轮不存在
svc_pending_match = 第 { $match } 场比赛
svc_pending_board = 第 { $board } 台
svc_knockout_not_seeded = 淘汰赛尚未种子排位
svc_round_not_paired = 第 { $round } 轮尚未编排
svc_pending_round_unpublished = 第 { $round } 轮尚未公布
svc_knockout_refused = { $detail }
svc_not_a_game_result = 结果：“{ $typed }”不是 1-0、0-1 或 1/2-1/2
svc_not_a_colour = { $field }：“{ $typed }”不是红方或黑方（red／black）
svc_knockout_not_seeded_yet = 淘汰赛尚未种子排位
svc_no_knockout_stage = 本赛事没有淘汰赛阶段（淘汰赛人数为 0）
svc_already_seeded = 淘汰赛已完成种子排位
svc_bad_best_of = { $best_of } 局制：淘汰赛比赛须为 1、3、5 或 7 局制
svc_too_few_qualifiers = 淘汰赛需要 { $size } 名晋级者，现只有 { $found } 名棋手
svc_knockout_begun = 淘汰赛已开始，不能再撤销
svc_prize_row_too_large = 奖金第 { $row } 行：金额过大
svc_special_too_large = 特别奖第 { $row } 项：金额过大
svc_bad_ties = 同分处理：“{ $typed }”不是 by_tie_break、shared 或 hort
svc_team_prizes = 团体奖：{ $why }
svc_bad_prize_table = { $detail }
svc_prizes_too_large = 奖金金额过大
svc_swiss_not_over = 瑞士制阶段尚未结束：已公布 { $done }／{ $wanted } 轮
svc_swiss_round_pending = 瑞士制阶段尚未结束：第 { $round } 轮尚有 { $pending } 台未有结果
svc_no_rounds_yet = 赛事尚未有任何轮次
svc_board_without_result = 第 { $round } 轮第 { $board } 台尚未有结果
svc_knockout_unfinished = 淘汰赛阶段尚未结束
svc_no_rated_games = 本赛事没有可计分的对局
svc_event_already_in_list = 本赛事的对局已在名单“{ $list }”中
svc_not_a_board_game = 局：{ $game } 不是本台的对局（1–{ $max }）
svc_record_unreadable = 记录：{ $detail }
svc_deal_tag_differs = 记录：Deal 标签与本轮密封的布局不同
svc_record_red_differs = 记录：Red 标签写的是“{ $tag }”，但本局红方是 { $player }（{ $start } 号）
svc_record_black_differs = 记录：Black 标签写的是“{ $tag }”，但本局黑方是 { $player }（{ $start } 号）
svc_record_empty = 记录：记录是空的
svc_record_too_long = 记录：共 { $plies } 步，超过记录上限 { $limit } 步（实战对局远不及此数）
svc_nothing_to_apply = 第 { $board } 台第 { $game } 局：记录没有可采用的结果（{ $status }）
svc_not_a_match_game = 局：{ $game } 不是第 { $match } 场比赛已下或待下的对局
# Bulk record upload.
svc_upload_bad_round_tag = Round 标签“{ $tag }”不是轮次（3，或第 2 局写 3.2）
svc_upload_other_round = Round 标签写的是第 { $tag } 轮；本次上传的是第 { $round } 轮
svc_upload_no_names = 本局没有 Red 和 Black 标签，无法找到对应的台
svc_upload_game_number_needed = 本赛事每台有多局：请注明局号（Round "3.2" 或 Game 标签）
svc_upload_colours_swapped = 红黑颠倒：第 { $board } 台红方是 { $red }，黑方是 { $black }
svc_upload_names_differ = 第 { $board } 台：{ $tag } 标签写的是“{ $typed }”，但该方是 { $player }
svc_upload_no_board = 本轮没有 { $red } 对 { $black } 的台
svc_upload_duplicate = 第 { $board } 台第 { $game } 局已对应本文件的第 { $other } 局
svc_upload_too_many = 记录：文件有 { $games } 局；一次最多上传 { $max } 局
svc_upload_no_such_board = 第 { $game } 局：“{ $board }”不是本轮的台
svc_upload_assigned_twice = 第 { $board } 台被指定了第 { $first } 局和第 { $second } 局；每台只能对应一局
svc_upload_changed = 预览之后本轮或文件已有变更；请查看新的预览后再确认
svc_upload_nothing = 文件中没有任何一局对应本轮的台：没有可保存的内容
# Bulk record upload of a knockout round.
svc_upload_match_game_number_needed = 淘汰赛每场有多局：请注明局号（Round "7.2" 或 Game 标签）
svc_upload_match_colours_swapped = 红黑颠倒：第 { $board } 场第 { $game } 局红方是 { $red }，黑方是 { $black }
svc_upload_match_names_differ = 第 { $board } 场第 { $game } 局：{ $tag } 标签写的是“{ $typed }”，但该方是 { $player }
svc_upload_no_match = 本轮没有 { $red } 对 { $black } 的比赛
svc_upload_not_a_match_game = 第 { $board } 场没有已知红黑方的第 { $game } 局（尚未记录抽签或加赛局的执色，或没有这一局）
svc_upload_match_duplicate = 第 { $board } 场第 { $game } 局已对应本文件的第 { $other } 局
svc_upload_no_such_match_game = 第 { $game } 局：“{ $board }”不是本轮比赛的对局
svc_upload_match_assigned_twice = 比赛对局 { $board } 被指定了第 { $first } 局和第 { $second } 局；每局只能对应一份棋谱
svc_upload_match_nothing = 文件中没有任何一局对应本轮比赛的对局：没有可保存的内容
svc_upload_match_decided = 第 { $board } 场在 { $played } 局后已分胜负：没有第 { $game } 局
svc_upload_result_refused = 棋谱会保存，但其结果不会录入：{ $detail }
svc_import_format = 不是 Anqi 赛事备份：“format”字段必须是“{ $format }”（请重新导出赛事）
svc_import_bad_table = { $table }：{ $detail }
svc_import_bad_value = { $table } 第 { $row } 行，{ $column }：{ $detail }
svc_import_row = { $table } 第 { $row } 行：{ $detail }
svc_import_already = 此赛事已导入过（赛事 { $event }），不会重复导入
svc_import_unknown_account = map_{ $account }：备份中没有编号 { $account } 的裁判或棋手账户
svc_import_bad_choice = 为“{ $name }”选择的账户不在可选账户之列
svc_not_a_deal_game = 局：第 { $round } 轮没有第 { $game } 局（该轮的局：{ $games }）
svc_deal_already_unsealed = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}的布局已经解封，不能再重新抽取
svc_deal_used = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}：已有对局使用此布局（已有结果或棋谱），不能再重新抽取
svc_redraw_unconfirmed = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}已有密封布局。如要撤回并重新抽取，请勾选“重新抽取”
svc_game_played_without_deal = 第 { $round } 轮{ $game ->
    [decider] 加赛局
   *[other] 第 { $game } 局
}已在没有布局的情况下进行
svc_round_all_dealt = 第 { $round } 轮每一局都已有布局（或已经对弈）
svc_knockout_all_dealt = 淘汰赛每一局都已有布局（或已经对弈）
svc_none_finished = 目前没有所有对局都已完成的密封布局
svc_deals_changed = 布局刚被其他人更改，未有解封任何布局
svc_no_legal_pairing = 编排程序找不到符合规则的第 { $round } 轮编排（不重复对局、不重复轮空、颜色规则）。请用“人工编排”：系统会建立草稿，由你逐台修改，发布前同样会检查。
svc_draft_missing = { $player } 号棋手须在第 { $round } 轮编排，但不在任何一台
svc_draft_not_playing = { $player } 不是第 { $round } 轮的棋手（没有此序号，或已退赛、尚未加入）
svc_draft_themselves = { $player } 号棋手不能与自己对弈
svc_draft_two_byes = 只可有一台轮空
svc_draft_rematch = { $red } 号与 { $black } 号已经对弈过
svc_draft_second_bye = { $player } 号棋手已轮空或不战而胜过
svc_draft_colour = { $player } 号棋手将连续第三局执{ $colour }，或比另一颜色多两局以上
svc_draft_not_a_start = 第 { $board } 台：“{ $typed }”不是序号
svc_draft_too_many = 最多 { $max } 台
svc_export_jieqi_only = 只有揭棋对局能写成揭棋工具的格式
svc_export_sealed = 这局的布局仍然密封；布局解封后才能把棋谱写给其他工具
svc_export_illegal = 棋谱第 { $ply } 步是违例着法；只有能完整重放的棋谱才能写给其他工具
svc_export_format = 未知的棋谱格式“{ $format }”（record、jieqibox、pikafish 或 pychess）
svc_section_name_required = 请为组别取个简称（例如公开组、少年组）
svc_section_name_taken = 本赛事已有名为“{ $name }”的组别
svc_first_section_unnamed = 请先在设置中为赛事的第一个组别命名，再新增组别
svc_no_such_section = 本赛事没有组别 { $id }
svc_section_started = 其中一组已编排轮次或已抽签：棋手不能再转组
svc_section_has_player = “{ $section }”组已有同名同单位的棋手
svc_bad_draw_seed = “{ $typed }”不是种子：须为 64 位十六进制数字
svc_bad_draw_method = “{ $typed }”不是抽签方式：lot（抽签）或 rating（按等级分）
svc_not_round_robin = 本组是瑞士制；只有循环赛需要抽签
svc_already_drawn = 循环赛已经抽签
svc_not_drawn = 请先抽签决定循环赛的抽签号，再编排第一轮
svc_round_robin_by_table = 循环赛按贝尔格表编排，不能手动编排
svc_too_many_sections = 一项赛事最多 { $most } 个组别
svc_drawn_no_entries = 循环赛已抽签：不再接受报名（赛程已定）
svc_row_unknown_section = 第 { $line } 行：本赛事没有“{ $section }”这个组别（组别有：{ $known }）
svc_drawn_no_entries_in = “{ $section }”组的循环赛已抽签：不再接受报名
svc_bad_pair = “{ $typed }”不是一对编号（例如 3-7）
svc_pairs_count = 请填 1 至 { $most } 对，而不是 { $count } 对
svc_pair_same_player = 一对须是两位棋手（编号 { $start } 填了两次）
svc_pair_unknown_start = 其中一个编号没有棋手
svc_avoidance_blocks = 第 { $round } 轮无法让所有同队棋手回避：{ $teams } 本轮必须相遇。写明理由即可只让这些队本轮相遇（理由会记录），或手工编排本轮。
svc_lot_drawn = 抽签已抽过，只抽一次
svc_fouls_no_round = 犯规须记在已编排的轮次；尚未编排任何一轮
report_link_other_round = 此表格属于另一轮：本链接用于第 { $round } 轮。请重新载入页面。
report_link_other_board = 第 { $board } 台不是你本轮的台次。请重新载入页面。
report_link_final = 第 { $round } 轮成绩已确定（下一轮已编排）。请找裁判。
report_link_other_match = 此链接属于第 { $match } 场比赛，请重新载入页面。
report_link_other_game = 现在不能报告第 { $game } 局：它不是当前的对局，或其先后手尚未确定。请重新载入页面。
report_link_game_entered = 第 { $game } 局已有结果。如需更改，请找裁判。
report_link_match_decided = 第 { $match } 场比赛已分胜负。如需更改，请找裁判。
