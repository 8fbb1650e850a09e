# Verdicts of the adjudicator in words: pieces, sides, results, how a game ended, why a
# ply was refused, the rulings met on the way, and the report `anqi adjudicate` prints.
verdict_piece_king_red = 帥
verdict_piece_king_black = 將
verdict_piece_advisor_red = 仕
verdict_piece_advisor_black = 士
verdict_piece_elephant_red = 相
verdict_piece_elephant_black = 象
verdict_piece_horse_red = 馬
verdict_piece_horse_black = 馬
verdict_piece_chariot_red = 車
verdict_piece_chariot_black = 車
verdict_piece_cannon_red = 炮
verdict_piece_cannon_black = 炮
verdict_piece_pawn_red = 兵
verdict_piece_pawn_black = 卒
verdict_side_red = 紅方
verdict_side_black = 黑方
verdict_variant_xiangqi = 象棋
verdict_variant_jieqi = 揭棋
verdict_variant_banqi = 暗棋
verdict_result_red_wins = 紅勝
verdict_result_black_wins = 黑勝
verdict_result_draw = 和棋
verdict_result_unknown = 未定
verdict_term_checkmate = 將死
verdict_term_stalemate = 走方無著可走
verdict_term_perpetual_check = 長將
verdict_term_perpetual_chase = 長捉
verdict_term_repetition = 三次重複局面
verdict_term_move_limit = 達到限著
verdict_term_no_pieces = 一方棋子被吃光
verdict_term_claimed = 依棋譜所記結果
verdict_term_unfinished = 對局未完
verdict_term_illegal = 違例著法
# A result with how the game ended: "Red wins (checkmate)".
verdict_outcome = { $result }（{ $how }）
verdict_cause_reveal_contradicts = { $square } 的暗子是{ $known }，不是{ $said }
verdict_cause_captured_contradicts = { $square } 被吃的暗子是{ $known }，不是{ $said }
verdict_cause_reveal_missing = { $square } 的暗子走動了，但棋譜沒有記下翻出的棋子
verdict_cause_impossible_identity = { $square } 的暗子不可能是{ $said }：{ $side }已沒有這種暗子
verdict_cause_not_a_move = 不是 ICCS、WXF 或中文記譜的著法
verdict_cause_no_legal_match = 沒有合法著法與之相符
verdict_cause_ambiguous = 著法不明確，可能是{ $candidates }
# Two or more candidates: "a or b", "a or b or c".
verdict_or = { $first }或{ $rest }
verdict_cause_reveal_on_face_up = 記了翻出的棋子，但 { $square } 的棋子已是明子
# $termination is the code of how the game had ended (checkmate, perpetual_check …).
verdict_cause_after_the_end = { $after ->
    [0] 開局時
   *[other] 第 { $after } 著後
}對局已經結束：{ $termination ->
    [checkmate] 將死
    [stalemate] 走方無著可走
    [perpetual_check] 長將
    [perpetual_chase] 長捉
    [repetition] 三次重複局面
    [move_limit] 達到限著
    [no_pieces] 一方棋子被吃光
    [claimed] 依棋譜所記結果
    [unfinished] 對局未完
    [illegal] 違例著法
   *[other] { $termination }
}
verdict_cause_not_utf8 = 著法中有不是 UTF-8 的位元組
verdict_cause_unreadable = 第 { $line } 行第 { $column } 欄無法讀取
# A reason the adjudicator gave as text only (older verdicts, Banqi's moves).
verdict_message = { $message }
verdict_illegal_ply = 第 { $ply } 著「{ $token }」不合規則：{ $why }
verdict_claim_conflict = { $summary }；棋譜所記結果 { $claim } 與局面矛盾
verdict_event = 第 { $ply } 著：{ $what }；{ $went_on ->
    [yes] 對局繼續
   *[no] 棋譜至此結束
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
}次重複
verdict_again = 局面重複
verdict_ruling_perpetual_check = { $side }長將
verdict_ruling_perpetual_chase = { $side }長捉
verdict_ruling_both_check = 雙方長將，判和
verdict_ruling_both_chase = 雙方長捉，判和
verdict_ruling_draw = 判和
verdict_event_move_limit_banqi = 久未吃子或翻子，達到限著，可判和
verdict_event_move_limit = 久未吃子，達到限著，判和
verdict_event_perpetual_chase = 無暗子時長捉，可判和
# The report of `anqi adjudicate`, line by line.
verdict_report_illegal = { $game }：第 { $ply } 步「{ $token }」不合規則：{ $why }
verdict_report_applied = 已走 { $plies } 步；出錯前的局面：{ $fen }
verdict_report_result = { $game }：共 { $plies } 步，{ $code }（{ $result }，{ $how }）
verdict_report_final = 終局局面：{ $fen }
verdict_report_conflict = 棋譜所記結果與局面矛盾：{ $claim }
verdict_report_game = 第 { $number } 局（第 { $line } 行）：
verdict_report_games = { $games } 局
# Why a Banqi turn (or a xiangqi move the position refuses) was not accepted.
verdict_cause_not_a_banqi_turn = 不是暗棋記譜（a1、a1=K、a1-a2 或 a1xa3）
verdict_cause_either_side = { $square } 的「{ $name }」可能是任何一方的棋子：請寫字母（R/r）或分紅黑的名稱（俥/車）
verdict_cause_flip_unnamed = 翻開 { $square } 時沒有記下翻出的棋子（沒有已知的佈局）
verdict_cause_flip_contradicts = { $square } 翻出的記為{ $written }，但佈局中是{ $dealt }
verdict_cause_unplayable = 局面不容許這步著法
verdict_banqi_piece = { $side }{ $piece }
verdict_turn_nothing_to_flip = { $square } 沒有可翻開的暗子
verdict_turn_first_not_flip = 第一步必須翻子
verdict_turn_opponents_piece = { $square } 的棋子屬於對方
verdict_turn_face_down_mover = { $square } 的棋子是暗子，不能走動
verdict_turn_no_piece = { $square } 沒有棋子
verdict_turn_not_in_line = { $from } 與 { $to } 不在同一橫行或直行
verdict_turn_too_far = { $from }-{ $to }：棋子每次只能走一格
verdict_turn_not_empty = { $square } 已有棋子
verdict_turn_nothing_to_capture = { $square } 沒有可吃的棋子
verdict_turn_face_down_target = { $square } 的暗子不能吃
verdict_turn_own_piece = { $square } 是己方的棋子
verdict_turn_cannon_screen = 炮須隔一子才能吃（{ $from } 與 { $to } 之間有 { $between } 子）
verdict_turn_capture_at_distance = { $from }x{ $to }：只有炮能吃不相鄰的棋子
verdict_turn_outranked = { $piece }不能吃較大的{ $target }
verdict_turn_king_takes_pawn = { $piece }不能吃{ $target }：帥、將不能吃兵、卒
verdict_turn_chains_off = 本賽規則不容許連吃
# Refusals of `anqi adjudicate` (its flags, the file, a game it cannot read).
verdict_cli_unknown_variant = 不明的棋種「{ $value }」（應為 xiangqi、jieqi 或 banqi）
verdict_cli_move_limit = --move-limit 必須是整數步數（0 表示不用此規則），而不是「{ $value }」
verdict_cli_move_limit_too_large = --move-limit { $value } 太大
verdict_cli_flag = { $flag }：{ $detail }
verdict_cli_cannot_read = 無法讀取 { $file }：{ $error }
verdict_cli_in_file = { $file }：{ $what }
verdict_cli_too_large = { $file }：檔案大於 { $bytes } 位元組
verdict_cli_at_line = { $file }：第 { $line } 行：{ $what }
verdict_cli_variant_tag = 不明的棋種標籤「{ $tag }」（請用 --variant 指定）
verdict_cli_no_variant = 沒有指定棋種：請用 --variant 或 Variant 標籤指定
verdict_cli_not_utf8 = 有不是 UTF-8 的位元組
verdict_cause_still_in_check = 將帥正被將軍，此著未能應將
verdict_cause_into_check = 此著會令己方將帥被將軍（或將帥照面）
