### Strings of the game viewer and the printed forms (result slips, scoresheets).

game = 局
move_no = 回合
notation_chinese = 中文
start_position = 开局
first_ply = 到开局
prev_ply = 上一步
next_ply = 下一步
last_ply = 到终局
flip_board = 翻转棋盘
viewer_keys = 按键：← → 逐步，Home / End 到开局 / 终局。
board_picture = 棋盘
square_notation = 记谱
# Red K A B N R C P, then Black, in the order static/viewer.js reads them.
viewer_piece_chars = 帅仕相马车炮兵将士象马车炮卒
record_source = 棋谱原文
record_problem = 棋谱无法完整显示：
end_checkmate = 将死
end_stalemate = 困毙
end_perpetual_check = 长将
end_perpetual_chase = 长捉
end_repetition = 重复局面
end_move_limit = 限着和棋
end_no_pieces = 棋子全失
end_claimed = 依记录结果
end_unfinished = 未完
end_illegal = 棋谱有违例着法
view_game = 棋谱
result_slips = 成绩单
scoresheets = 记录纸
signature = 签名
arbiter = 裁判
date_time = 日期 / 时间
# The Jieqi column: the piece a face-down mover turned out to be.
revealed_piece = 翻
revealed_piece_help = 翻：暗子走动后翻出的棋子。
no_boards_to_print = 没有可打印的台。
viewer_bad_ply = 第 { $ply } 着（{ $token }）：{ $why }
river_chu = 楚 河
river_han = 汉 界
export_game_as = 下载棋谱供分析：
