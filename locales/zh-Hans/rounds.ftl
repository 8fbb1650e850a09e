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
publish = 公布
discard = 放弃并重新编排
manual_pairing = 人手编排
reason = 原因
save_results = 保存结果
result_entry_help = 输入 1-0、0-1、1/2-1/2（或 1、0、=）；弃权 1-0F、0-1F、0-0F。按 Tab 跳到下一台。
stale_boards = 其他人已同时更改，未保存，请检查后重新输入：台号
report_result = 报告我的结果
standings = 排名
print = 打印
match_entry_help = 暗棋对局：按红方（先手）逐局输入，例如 1=0（1½–1½）；弃权同上。每场局数
round_n = 第 { $round } 轮
board_n = 第 { $board } 台
game_n = 第 { $game } 局
match_n = 第 { $match } 场
pair_by_hand = 人工编排
pair_by_hand_help = 编排程序找不到编排时，或想自行编排每一台时使用：系统按积分把棋手两两配对（1–2、3–4 …）建立草稿，由你逐台修改后再发布。
draft_checks = 草稿检查
draft_checks_ok = 每位棋手只编排一次；没有重复对局、重复轮空，颜色规则也符合。
draft_refuses = 发布前必须修正：
draft_told = 编排程序本会避免（没有其他编排时可以接受）：
edit_pairing = 修改整轮编排
edit_pairing_help = 每台一行：红方及黑方的序号（轮空时黑方留空）。一次保存；须每位应编排的棋手恰好在一台。
save_pairing = 保存编排
my_board = 你的对局
my_board_line = 你执{ $colour ->
    [red] 红
   *[black] 黑
}，对 { $opponent }，第 { $board } 台
my_board_bye = 你本轮轮空。
your_board = 你
your_report = 你的报告
opponent_report = 对手的报告
report_waiting_short = 待对手确认
report_match_games = 各局结果（以红方计）
report_i_won = 我胜
report_drawn = 和局
report_i_lost = 我负
report_waiting = 已报告结果。对手报告相同结果（或裁判输入）后即确认。
report_confirmed = 对手报告了相同结果：结果已记录。
report_conflict = 对手报告的结果不同。两份报告都会保留，由裁判决定。
reports_conflict = 报告不一致：
red_reported = 红方报
black_reported = 黑方报
withdrawn_from = 自第 { $round } 轮起退出
