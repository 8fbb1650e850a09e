# Verdicts of the adjudicator in words (issue 18): pieces, sides, results, how a game ended, why a
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
