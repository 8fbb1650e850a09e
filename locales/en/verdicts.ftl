# Verdicts of the adjudicator in words: pieces, sides, results, how a game ended, why a
# ply was refused, the rulings met on the way, and the report `anqi adjudicate` prints.
verdict_piece_king_red = a king
verdict_piece_king_black = a king
verdict_piece_advisor_red = an advisor
verdict_piece_advisor_black = an advisor
verdict_piece_elephant_red = an elephant
verdict_piece_elephant_black = an elephant
verdict_piece_horse_red = a horse
verdict_piece_horse_black = a horse
verdict_piece_chariot_red = a chariot
verdict_piece_chariot_black = a chariot
verdict_piece_cannon_red = a cannon
verdict_piece_cannon_black = a cannon
verdict_piece_pawn_red = a pawn
verdict_piece_pawn_black = a pawn
verdict_side_red = Red
verdict_side_black = Black
verdict_variant_xiangqi = Xiangqi
verdict_variant_jieqi = Jieqi
verdict_variant_banqi = Banqi
verdict_result_red_wins = Red wins
verdict_result_black_wins = Black wins
verdict_result_draw = draw
verdict_result_unknown = no result
verdict_term_checkmate = checkmate
verdict_term_stalemate = the side to move has no legal move
verdict_term_perpetual_check = perpetual check
verdict_term_perpetual_chase = perpetual chase
verdict_term_repetition = threefold repetition
verdict_term_move_limit = move limit reached
verdict_term_no_pieces = a side has no pieces left
verdict_term_claimed = result as claimed in the record
verdict_term_unfinished = unfinished
verdict_term_illegal = illegal move
# A result with how the game ended: "Red wins (checkmate)".
verdict_outcome = { $result } ({ $how })
verdict_cause_reveal_contradicts = reveal contradicts the deal: the piece on { $square } is { $known }, not { $said }
verdict_cause_captured_contradicts = captured identity contradicts the deal: the piece taken on { $square } is { $known }, not { $said }
verdict_cause_reveal_missing = reveal missing: the face-down piece on { $square } moves but the record does not name it
verdict_cause_impossible_identity = impossible identity: the face-down piece on { $square } cannot be { $said }: { $side } has none of them left face-down
verdict_cause_not_a_move = not a move in ICCS, WXF or Chinese notation
verdict_cause_no_legal_match = illegal move: no legal move matches it
verdict_cause_ambiguous = ambiguous move: could be { $candidates }
# Two or more candidates: "a or b", "a or b or c".
verdict_or = { $first } or { $rest }
verdict_cause_reveal_on_face_up = a reveal is written but the piece on { $square } is face-up
# $termination is the code of how the game had ended (checkmate, perpetual_check …).
verdict_cause_after_the_end = the game had already ended ({ $termination }) { $after ->
    [0] before the first move
   *[other] after ply { $after }
}
verdict_cause_not_utf8 = garbage bytes (not UTF-8) in the move
verdict_cause_unreadable = unreadable at line { $line }, column { $column }
# A reason the adjudicator gave as text only (older verdicts, Banqi's moves).
verdict_message = { $message }
verdict_illegal_ply = illegal ply { $ply } ({ $token }): { $why }
verdict_claim_conflict = { $summary }; the record claims { $claim }, which the end contradicts
verdict_event = ply { $ply }: { $what }; { $went_on ->
    [yes] play went on
   *[no] the record ends here
}
verdict_repetition = { $again }, { $ruling }
verdict_again_n = { $n ->
    [1] first
    [2] second
    [3] third
    [4] fourth
    [5] fifth
    [6] sixth
    [7] seventh
    [8] eighth
   *[other] { $n }th
} occurrence
verdict_again = repeated position
verdict_ruling_perpetual_check = { $side } checked perpetually
verdict_ruling_perpetual_chase = { $side } chased perpetually
verdict_ruling_both_check = both sides checked perpetually: a draw
verdict_ruling_both_chase = both sides chased perpetually: a draw
verdict_ruling_draw = a draw by repetition
verdict_event_move_limit_banqi = the move limit was reached without a capture or a flip: a draw may be ruled
verdict_event_move_limit = the move limit was reached without a capture: a draw
verdict_event_perpetual_chase = perpetual chasing with no face-down piece left: a draw may be ruled
# The report of `anqi adjudicate`, line by line.
verdict_report_illegal = { $game }: illegal ply { $ply } '{ $token }': { $why }
verdict_report_applied = Plies applied: { $plies }. Position before it: { $fen }
verdict_report_result = { $game }: { $plies } plies, { $code } ({ $result }: { $how })
verdict_report_final = Final position: { $fen }
verdict_report_conflict = Note: the record claims { $claim }, which the position contradicts
verdict_report_game = Game { $number } (line { $line }):
verdict_report_games = { $games } games
# Why a Banqi turn (or a xiangqi move the position refuses) was not accepted.
verdict_cause_not_a_banqi_turn = not Banqi notation (a1, a1=K, a1-a2 or a1xa3)
verdict_cause_either_side = '{ $name }' on { $square } could be either side's piece; write the letter (R/r) or a 俥/車-style name
verdict_cause_flip_unnamed = the flip of { $square } does not say which piece turned up (no deal is known)
verdict_cause_flip_contradicts = the flip of { $square } shows { $written }, but the deal has { $dealt } there
verdict_cause_unplayable = illegal move: the position does not allow it
verdict_banqi_piece = { $piece } ({ $side })
verdict_turn_nothing_to_flip = there is no face-down piece on { $square } to flip
verdict_turn_first_not_flip = the first turn must be a flip
verdict_turn_opponents_piece = the piece on { $square } belongs to the opponent
verdict_turn_face_down_mover = the piece on { $square } is face-down and cannot move
verdict_turn_no_piece = there is no piece on { $square }
verdict_turn_not_in_line = { $from } and { $to } are not on one rank or file
verdict_turn_too_far = { $from }-{ $to }: a piece moves one square at a time
verdict_turn_not_empty = { $square } is not empty
verdict_turn_nothing_to_capture = there is nothing to capture on { $square }
verdict_turn_face_down_target = the face-down piece on { $square } cannot be captured
verdict_turn_own_piece = { $square } holds an own piece
verdict_turn_cannon_screen = a cannon takes only by jumping exactly one piece ({ $between } between { $from } and { $to })
verdict_turn_capture_at_distance = { $from }x{ $to }: only the cannon takes at a distance
verdict_turn_outranked = { $piece } cannot take { $target } (lower rank)
verdict_turn_king_takes_pawn = { $piece } cannot take { $target } (a king cannot take a pawn)
verdict_turn_chains_off = chain captures are not played under these rules
# Refusals of `anqi adjudicate` (its flags, the file, a game it cannot read).
verdict_cli_unknown_variant = unknown variant '{ $value }' (expected xiangqi, jieqi or banqi)
verdict_cli_move_limit = --move-limit must be a whole number of plies (0 turns the rule off), got '{ $value }'
verdict_cli_move_limit_too_large = --move-limit { $value } is too large
verdict_cli_flag = { $flag }: { $detail }
verdict_cli_cannot_read = cannot read { $file }: { $error }
verdict_cli_in_file = { $file }: { $what }
verdict_cli_too_large = { $file }: the file is larger than { $bytes } bytes
verdict_cli_at_line = { $file }: line { $line }: { $what }
verdict_cli_variant_tag = unknown variant tag '{ $tag }' (give --variant)
verdict_cli_no_variant = no variant: give --variant or a Variant tag
verdict_cli_not_utf8 = bytes that are not UTF-8
verdict_cause_still_in_check = the king is in check, and this move does not get it out of check
verdict_cause_into_check = this move would leave the mover's own king in check (or facing the other king)
