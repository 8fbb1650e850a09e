### Strings of the round pages: pairing, results, byes, withdrawals.

rounds = 轮次
round = 轮次
no_rounds = 尚未编排任何轮次。
boards = 台
board = 台号
draft = 草稿，未公布
pending_results = 台未有结果
pair_round = 编排第 { $round } 轮
first_colour_lot = 第一轮一号棋手执色
draw_lot = 抽签决定
red = 红方
black = 黑方
score = 积分
result = 结果
bye = 轮空
byes = 轮空及请假
bye_kind = 类别
bye_half = 半分轮空
bye_full = 全分轮空
bye_zero = 请假（零分）
withdrawals = 退赛
withdraw = 退赛
withdrawn_from = 退出，自第几轮起：
publish = 公布
discard = 放弃并重新编排
manual_pairing = 人手编排
reason = 原因
save_results = 保存结果
result_entry_help = 输入 1-0、0-1、1/2-1/2（或 1、0、=）；弃权 1-0F、0-1F、0-0F。按 Tab 跳到下一台。
stale_boards = 其他人已同时更改，未保存，请检查后重新输入：台号
reported = 棋手报告
report_result = 报告我的结果
standings = 排名
print = 打印
match_entry_help = 暗棋对局：按红方（先手）逐局输入，例如 1=0（1½–1½）；弃权同上。每场局数
round_n = 第 { $round } 轮
board_n = 第 { $board } 台
game_n = 第 { $game } 局
match_n = 第 { $match } 场
