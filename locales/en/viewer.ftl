### Strings of the game viewer and the printed forms (result slips, scoresheets).

game = Game
move_no = No.
notation_chinese = 中文
start_position = Start position
first_ply = Start
prev_ply = Back one ply
next_ply = Forward one ply
last_ply = End
flip_board = Flip board
viewer_keys = Keys: ← → step, Home / End jump to the start / end.
board_picture = Board
square_notation = Notation
# Red K A B N R C P, then Black, in the order static/viewer.js reads them.
viewer_piece_chars = 帅仕相马车炮兵将士象马车炮卒
record_source = Record text
record_problem = The record cannot be shown in full:
end_checkmate = checkmate
end_stalemate = no legal move
end_perpetual_check = perpetual check
end_perpetual_chase = perpetual chase
end_repetition = repetition
end_move_limit = move limit
end_no_pieces = no pieces left
end_claimed = as recorded
end_unfinished = unfinished
end_illegal = illegal move in the record
view_game = Game record
result_slips = Result slips
scoresheets = Scoresheets
signature = Signature
arbiter = Arbiter
date_time = Date / time
# The Jieqi column: the piece a face-down mover turned out to be.
revealed_piece = 翻
revealed_piece_help = 翻: the piece a face-down mover turned out to be.
no_boards_to_print = No boards to print.
viewer_bad_ply = ply { $ply } ({ $token }): { $why }
river_chu = 楚 河
river_han = 漢 界
export_game_as = Download for analysis:
