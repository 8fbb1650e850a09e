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

## Corrections and undo of rounds and records: withdrawing a round, cancelling byes and withdrawals, late-entry byes, deleting a record, the results form's report, and the refusals of those workflows (`rc_*`).
# Every correction's reason and confirmation.
rc_confirm_box = 我确认此项更正
rc_reason_needed = 原因：请填写原因（记入审计日志）
rc_reason_too_long = 原因：最多 { $max } 个字符
rc_reason_bad_char = 原因：不可使用字符 { $code }
rc_confirm_needed = 请勾选确认框以进行此项更正
# Typed numbers.
rc_not_a_start_no = 编号：“{ $typed }”不是本赛事的选手编号
rc_not_a_round_no = 轮次：“{ $typed }”不是轮次
rc_not_a_future_round = 轮次：“{ $typed }”不是尚待编排的轮次（第 { $from }–{ $to } 轮）
rc_bye_kind = 类别：“{ $typed }”不是半分、全分或零分轮空
rc_late_bye_kind = 类别：“{ $typed }”：迟到报名的轮空只可得零分或半分
rc_not_a_board_no = 台号：“{ $typed }”不是台号
rc_plays_themselves = 黑方：选手不能与自己对局
rc_not_a_played_result = 结果：“{ $typed }”不是 1-0、0-1 或 1/2-1/2
rc_version_missing = 第 { $board } 台：表格未附此台的版本，请重新载入页面
rc_board_has_result = 第 { $board } 台已有结果
# Rounds.
rc_round_is_draft = 第 { $round } 轮仍是草稿：请改用舍弃
rc_round_not_last = 第 { $round } 轮不是最后编排的一轮：请先撤回之后的轮次
rc_round_has_results = 第 { $round } 轮不能撤回：第 { $boards } 台已有结果
rc_round_has_records = 第 { $round } 轮不能撤回：第 { $boards } 台已有棋谱（请先删除）
rc_discard_published = 第 { $round } 轮已公布，不能舍弃（未有结果时可撤回）
rc_fix_published = 第 { $round } 轮已公布；请撤回该轮或输入结果
rc_withdraw_round = 撤回本轮编排
rc_withdraw_round_help = 本轮尚未输入任何结果：可撤回本轮（删除其编排、轮空及各台），然后重新编排。已封存的布局保留。
# Byes.
rc_cancel_bye = 取消轮空
rc_no_such_bye = { $player } 号选手在第 { $round } 轮没有可取消的轮空
rc_bye_round_paired = 第 { $round } 轮已编排：{ $player } 号选手的轮空属于该轮编排；请先撤回或舍弃该轮
rc_late_entries = 迟到报名
rc_late_rule = 在某轮编排后才报名的选手，不参与已错过轮次的编排（国际棋联 C.04.2 迟到报名）：错过的轮次得零分，赛事规程容许时得半分。
rc_missed_rounds = 错过轮次
rc_give_late_byes = 为错过的轮次记轮空
rc_late_byes_given = 迟到报名的轮空
rc_no_missed_round = { $player } 号选手没有未记轮空的错过轮次
# Withdrawals.
rc_withdraw_undo = 取消退赛
rc_already_withdrawn = { $player } 号选手已退赛（自第 { $round } 轮起）
rc_player_changed = { $player } 号选手刚被更改，请重新载入页面
rc_not_withdrawn = { $player } 号选手并未退赛
# The results form.
rc_saved_results = 已保存结果：{ $count } 个。
rc_refused_results = 未接受：{ $count } 个 —
rc_results_each_board = 每台独立保存：即使其他格有错，有效结果仍会保存；有错的格会标示出来，并保留所输入的内容。
# Records.
rc_delete_record = 删除此棋谱
rc_delete_record_help = 棋谱及其判定将被删除；裁判输入的结果保留。
rc_no_record = 第 { $game } 局没有可删除的棋谱
rc_next_round_paired = 第 { $round } 轮已按原来的分数编排
rc_knockout_seeded = 淘汰赛已按原来的排名排定
rc_late_change_unconfirmed = 第 { $board } 台：{ $stage }。更改结果不会重新编排：如要更改，请填写原因并勾选确认。
rc_late_change = 编排后更正结果
rc_late_change_warning = { $stage }。在此更改结果不会重新编排。更改须填写原因并确认，并会记录在操作记录中。
relax_reason = 让这些队本轮相遇的理由
report_link_title = 报告成绩
report_link_closed = 本轮成绩已确定（下一轮已编排）。如需更改，请找裁判。
report_link_help = 双方各自报告；两份一致即登记成绩。此页为你的个人链接，请勿外传。
report_link_not_paired = 你本轮没有对局（轮空或缺席）。
report_link_pairings = 本轮全部对阵
slips_links_when_published = 本轮发布后，成绩单上会出现棋手的报告链接（二维码）。
report_qr = 扫码报告成绩
screen_title = 显示屏
screen_no_round = 第一轮发布后，对阵将显示于此。
screen_by_board = 按台次
screen_by_name = 按姓名
screen_colour = 执
screen_opponent = 对手
qr_event = 扫码查看本赛事对阵与成绩
qr_player = 扫码打开此棋手页面
table_labels = 台号牌
qr_board = 扫码观看本台
screen_starts = 开始
report_ko_waiting = 暂时没有可报告的对局：{ $what }。
report_ko_closed = 本场比赛已分胜负。如需更改，请找裁判。
report_ko_advance = 你晋级。
report_ko_out = 你已被淘汰。
report_ko_score = 比分（你在前）
report_ko_games = 已赛对局
my_game_line = { $game }：你执{ $colour ->
    [red] 红
   *[black] 黑
}，对 { $opponent }
