# Verdicts of the adjudicator in words: pieces, sides, results, how a game ended, why a
# ply was refused, the rulings met on the way, and the report `anqi adjudicate` prints.
verdict_piece_king_red = 帅
verdict_piece_king_black = 将
verdict_piece_advisor_red = 仕
verdict_piece_advisor_black = 士
verdict_piece_elephant_red = 相
verdict_piece_elephant_black = 象
verdict_piece_horse_red = 马
verdict_piece_horse_black = 马
verdict_piece_chariot_red = 车
verdict_piece_chariot_black = 车
verdict_piece_cannon_red = 炮
verdict_piece_cannon_black = 炮
verdict_piece_pawn_red = 兵
verdict_piece_pawn_black = 卒
verdict_side_red = 红方
verdict_side_black = 黑方
verdict_variant_xiangqi = 象棋
verdict_variant_jieqi = 揭棋
verdict_variant_banqi = 暗棋
verdict_result_red_wins = 红胜
verdict_result_black_wins = 黑胜
verdict_result_draw = 和棋
verdict_result_unknown = 未定
verdict_term_checkmate = 将死
verdict_term_stalemate = 走方无着可走
verdict_term_perpetual_check = 长将
verdict_term_perpetual_chase = 长捉
verdict_term_repetition = 三次重复局面
verdict_term_move_limit = 达到限着
verdict_term_no_pieces = 一方棋子被吃光
verdict_term_claimed = 依棋谱所记结果
verdict_term_unfinished = 对局未完
verdict_term_illegal = 违例着法
# A result with how the game ended: "Red wins (checkmate)".
verdict_outcome = { $result }（{ $how }）
verdict_cause_reveal_contradicts = { $square } 的暗子是{ $known }，不是{ $said }
verdict_cause_captured_contradicts = { $square } 被吃的暗子是{ $known }，不是{ $said }
verdict_cause_reveal_missing = { $square } 的暗子走动了，但棋谱没有记下翻出的棋子
verdict_cause_impossible_identity = { $square } 的暗子不可能是{ $said }：{ $side }已没有这种暗子
verdict_cause_not_a_move = 不是 ICCS、WXF 或中文记谱的着法
verdict_cause_no_legal_match = 没有合法着法与之相符
verdict_cause_ambiguous = 着法不明确，可能是{ $candidates }
# Two or more candidates: "a or b", "a or b or c".
verdict_or = { $first }或{ $rest }
verdict_cause_reveal_on_face_up = 记了翻出的棋子，但 { $square } 的棋子已是明子
# $termination is the code of how the game had ended (checkmate, perpetual_check …).
verdict_cause_after_the_end = { $after ->
    [0] 开局时
   *[other] 第 { $after } 着后
}对局已经结束：{ $termination ->
    [checkmate] 将死
    [stalemate] 走方无着可走
    [perpetual_check] 长将
    [perpetual_chase] 长捉
    [repetition] 三次重复局面
    [move_limit] 达到限着
    [no_pieces] 一方棋子被吃光
    [claimed] 依棋谱所记结果
    [unfinished] 对局未完
    [illegal] 违例着法
   *[other] { $termination }
}
verdict_cause_not_utf8 = 着法中有不是 UTF-8 的字节
verdict_cause_unreadable = 第 { $line } 行第 { $column } 列无法读取
# A reason the adjudicator gave as text only (older verdicts, Banqi's moves).
verdict_message = { $message }
verdict_illegal_ply = 第 { $ply } 着「{ $token }」不合规则：{ $why }
verdict_claim_conflict = { $summary }；棋谱所记结果 { $claim } 与局面矛盾
verdict_event = 第 { $ply } 着：{ $what }；{ $went_on ->
    [yes] 对局继续
   *[no] 棋谱至此结束
}
verdict_repetition = { $again }，{ $ruling }
verdict_again_n = 局面第{ $n ->
    [1] 一
    [2] 二
    [3] 三
    [4] 四
    [5] 五
    [6] 六
    [7] 七
    [8] 八
    [9] 九
    [10] 十
   *[other] {" "}{ $n }{" "}
}次重复
verdict_again = 局面重复
verdict_ruling_perpetual_check = { $side }长将
verdict_ruling_perpetual_chase = { $side }长捉
verdict_ruling_both_check = 双方长将，判和
verdict_ruling_both_chase = 双方长捉，判和
verdict_ruling_draw = 判和
verdict_event_move_limit_banqi = 久未吃子或翻子，达到限着，可判和
verdict_event_move_limit = 久未吃子，达到限着，判和
verdict_event_perpetual_chase = 无暗子时长捉，可判和
# The report of `anqi adjudicate`, line by line.
verdict_report_illegal = { $game }：第 { $ply } 步「{ $token }」不合规则：{ $why }
verdict_report_applied = 已走 { $plies } 步；出错前的局面：{ $fen }
verdict_report_result = { $game }：共 { $plies } 步，{ $code }（{ $result }，{ $how }）
verdict_report_final = 终局局面：{ $fen }
verdict_report_conflict = 棋谱所记结果与局面矛盾：{ $claim }
verdict_report_game = 第 { $number } 局（第 { $line } 行）：
verdict_report_games = { $games } 局
# Why a Banqi turn (or a xiangqi move the position refuses) was not accepted.
verdict_cause_not_a_banqi_turn = 不是暗棋记谱（a1、a1=K、a1-a2 或 a1xa3）
verdict_cause_either_side = { $square } 的「{ $name }」可能是任何一方的棋子：请写字母（R/r）或分红黑的名称（俥/車）
verdict_cause_flip_unnamed = 翻开 { $square } 时没有记下翻出的棋子（没有已知的布局）
verdict_cause_flip_contradicts = { $square } 翻出的记为{ $written }，但布局中是{ $dealt }
verdict_cause_unplayable = 局面不容许这步着法
verdict_banqi_piece = { $side }{ $piece }
verdict_turn_nothing_to_flip = { $square } 没有可翻开的暗子
verdict_turn_first_not_flip = 第一步必须翻子
verdict_turn_opponents_piece = { $square } 的棋子属于对方
verdict_turn_face_down_mover = { $square } 的棋子是暗子，不能走动
verdict_turn_no_piece = { $square } 没有棋子
verdict_turn_not_in_line = { $from } 与 { $to } 不在同一横行或直行
verdict_turn_too_far = { $from }-{ $to }：棋子每次只能走一格
verdict_turn_not_empty = { $square } 已有棋子
verdict_turn_nothing_to_capture = { $square } 没有可吃的棋子
verdict_turn_face_down_target = { $square } 的暗子不能吃
verdict_turn_own_piece = { $square } 是己方的棋子
verdict_turn_cannon_screen = 炮须隔一子才能吃（{ $from } 与 { $to } 之间有 { $between } 子）
verdict_turn_capture_at_distance = { $from }x{ $to }：只有炮能吃不相邻的棋子
verdict_turn_outranked = { $piece }不能吃较大的{ $target }
verdict_turn_king_takes_pawn = { $piece }不能吃{ $target }：帅、将不能吃兵、卒
verdict_turn_chains_off = 本赛规则不容许连吃
# Refusals of `anqi adjudicate` (its flags, the file, a game it cannot read).
verdict_cli_unknown_variant = 不明的棋种「{ $value }」（应为 xiangqi、jieqi 或 banqi）
verdict_cli_move_limit = --move-limit 必须是整数步数（0 表示不用此规则），而不是「{ $value }」
verdict_cli_move_limit_too_large = --move-limit { $value } 太大
verdict_cli_flag = { $flag }：{ $detail }
verdict_cli_cannot_read = 无法读取 { $file }：{ $error }
verdict_cli_in_file = { $file }：{ $what }
verdict_cli_too_large = { $file }：文件大于 { $bytes } 字节
verdict_cli_at_line = { $file }：第 { $line } 行：{ $what }
verdict_cli_variant_tag = 不明的棋种标签「{ $tag }」（请用 --variant 指定）
verdict_cli_no_variant = 没有指定棋种：请用 --variant 或 Variant 标签指定
verdict_cli_not_utf8 = 有不是 UTF-8 的字节
verdict_cause_still_in_check = 将帅正被将军，此着未能应将
verdict_cause_into_check = 此着会令己方将帅被将军（或将帅照面）
