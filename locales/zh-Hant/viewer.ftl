### Strings of the game viewer and the printed forms (result slips, scoresheets).

game = 局
move_no = 回合
notation_chinese = 中文
start_position = 開局
first_ply = 到開局
prev_ply = 上一步
next_ply = 下一步
last_ply = 到終局
flip_board = 翻轉棋盤
viewer_keys = 按鍵：← → 逐步，Home / End 到開局 / 終局。
board_picture = 棋盤
square_notation = 記譜
# Red K A B N R C P, then Black, in the order static/viewer.js reads them.
viewer_piece_chars = 帥仕相傌俥炮兵將士象馬車砲卒
record_source = 棋譜原文
record_problem = 棋譜無法完整顯示：
end_checkmate = 將死
end_stalemate = 困斃
end_perpetual_check = 長將
end_perpetual_chase = 長捉
end_repetition = 重複局面
end_move_limit = 限著和棋
end_no_pieces = 棋子全失
end_claimed = 依記錄結果
end_unfinished = 未完
end_illegal = 棋譜有違例著法
view_game = 棋譜
result_slips = 成績單
scoresheets = 記錄紙
signature = 簽名
arbiter = 裁判
date_time = 日期 / 時間
# The Jieqi column: the piece a face-down mover turned out to be.
revealed_piece = 翻
revealed_piece_help = 翻：暗子走動後翻出的棋子。
no_boards_to_print = 沒有可列印的台。
viewer_bad_ply = 第 { $ply } 著（{ $token }）：{ $why }
river_chu = 楚 河
river_han = 漢 界
export_game_as = 下載棋譜供分析：
