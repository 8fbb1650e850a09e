# Form and reader errors worded per language: event settings fields.
words_not_whole_number = “{ $value }”不是整数
words_out_of_range = { $value } 不在 { $min }–{ $max } 之间
words_not_date = “{ $value }”不是日期（格式：年-月-日，如 2011-05-01）
words_tie_break_unknown = “{ $code }”不是小分代码
words_tie_break_twice = “{ $code }”重复列出
words_knockout_size = { $value } 须为 0、4、8 或 16
words_best_of = { $value } 须为 1、3、5 或 7
words_points_order = 胜的分数须多于和，和的分数不少于负
words_name_required = 名称须为 1–{ $max } 个字符
words_not_variant = “{ $value }”不是揭棋、象棋或暗棋
words_end_before_start = 结束日期早于开始日期

# Inside other errors: the pairing engine, deal contexts.
words_all_rounds_played = 全部 { $rounds } 轮已经赛完
words_context_event_id = 赛事编号须为 1–200 字节，不含控制字符
words_context_round = 轮次从 1 起计
words_context_game = 局号从 1 起计

# An event backup's values (import).
svc_import_not_json = 备份不是 JSON（第 { $line } 行，第 { $column } 字）
words_row_not_object = 第 { $row } 行不是对象
words_missing = 缺少此项
words_not_text = { $value } 不是文字
words_line_limit = 最多 { $max } 个字符，不得含控制字符
words_block_limit = 最多 { $max } 字节，不得含控制字符
words_not_time = “{ $value }”不是时间（RFC 3339）
words_refers_to_nothing = { $id } 在备份中找不到对应数据
words_other_event = { $id } 不是此备份的赛事（{ $event }）
words_no_account = 备份中没有账户 { $id }
words_no_start_no = 没有编号 { $number } 的棋手
words_not_text_or_number = { $value } 不是文字或数字
words_unknown_column = 第 { $row } 行：未知字段“{ $column }”
words_not_one_of = “{ $value }”不是可用的值：{ $allowed }
words_not_match_games = “{ $value }”不是一场比赛的各局结果（每局 1、0 或 =）
words_not_verdict = 不是裁决（第 { $line } 行，第 { $column } 字）
words_record_too_long = 共 { $plies } 步，超过记录上限 { $limit } 步（实战对局远不及此数）
words_place_order = 第 { $to } 名排在第 { $from } 名之前
words_not_deal_variant = “{ $value }”不是此赛事的暗子棋种
words_not_hex64 = 不是 64 个十六进制数字
words_seed_not_hex = 种子第 { $position } 个字符“{ $character }”不是十六进制数字
words_unsealed_time = 只有已揭封的布局才有此时间
words_not_backup_table = 不是赛事备份的数据表
words_missing_column = 缺少字段 { $column }
words_row_missing = 第 { $row } 行：缺少 { $column }
words_not_list = 不是列表
words_account_twice = 账户 { $id } 重复列出
words_one_event = 一份备份只能有一项赛事
words_id_twice = 第 { $row } 行：编号 { $id } 重复

# Rating points as typed (rating list form, club CSV).
words_points_not_number = 不是数字（例如 1500 或 1523.75）
words_points_decimals = 小数超过两位（积分只记到小数点后两位）
words_points_range = 超出范围（最多 1000000000 分）

# A record whose start cannot be set up (inside "record: …").
words_setup_variant_tag = 未知的棋种标签“{ $tag }”
words_setup_other_variant = 此记录是{ $record }，但本赛事下的是{ $asked }
words_setup_jieqi_deal_for_banqi = 暗棋记录不能用揭棋布局
words_setup_deal_tag = Deal 标签有误：{ $detail }
words_setup_deal_differs = 记录的 Deal 标签与给定的布局不同
words_setup_deal_needs_jieqi = 只有揭棋才有布局
words_setup_deal_pool = 布局与开局的暗子不符
words_setup_not_banqi = 此记录标示为“{ $tag }”，不是暗棋
words_deal_length = 布局应有 { $expected } 个字母，此处有 { $found } 个
words_deal_letter = 第 { $position } 个字母“{ $letter }”不是棋子代号
words_deal_case = 第 { $position } 个字母“{ $letter }”应属{ $side }（黑方小写，红方大写）
words_deal_count = 布局中{ $side } { $letter } 有 { $found } 个，应为 { $expected } 个
words_banqi_deal_count = 布局中“{ $letter }”有 { $found } 个，一副棋应为 { $expected } 个
words_fen_board = FEN 的棋盘栏有误
words_fen_side = FEN 的行棋方栏“{ $value }”有误
words_fen_pool = FEN 的暗子栏有误
words_fen_clock = FEN 的无吃子计数“{ $value }”不是数字
words_fen_move_number = FEN 的回合数“{ $value }”不是正数
words_fen_extra = FEN 多了一栏“{ $value }”
words_fen_position = FEN 的局面不合规则
words_banqi_fen_fields = 暗棋 FEN 在棋盘之后应有 4 栏，此处有 { $found } 栏

# A Banqi match's games as typed in the results form.
words_not_game_mark = “{ $mark }”不是一局的结果（1、0、= 或 ½）
words_match_game_count = “{ $typed }”有 { $games } 局；本赛事每场比赛 { $count } 局（一方已胜出时可少于此数），每局从红方角度记一个符号（例如 1=0）
words_public_value_deal = 用公开值抽出的布局暂时不能导入（备份不含公开值）
words_not_format = “{ $value }”不是赛制：swiss（瑞士制）或 round_robin（循环赛）
words_not_withdrawal_rule = “{ $value }”不是退赛规则：annul_first_half 或 forfeits
words_groups_need_round_robin = 只有循环赛可以分小组
words_qualifiers_fill_knockout = { $groups } 个小组 × 每组 { $per_group } 名出线须凑成 0、4、8 或 16 人的淘汰赛（淘汰赛人数为 { $size }）
words_not_club_avoidance = “{ $value }”不是同队回避设置：off、all 或前几轮的轮数（至多 20）
words_avoidance_swiss_only = 同队回避只用于瑞士制；循环赛每对棋手都要相遇
