### Strings of the readable pages of issue 18: the crosstable's cells, the player card from the
### player's side, withdrawn players, the knockout seed list, "deals required" and the separate
### deal rounds of the final and the 3rd-place match.

st_after_round = 第 { $round } 轮后
ct_round = 第{ $round }轮
ct_red = 红
ct_black = 黑
ct_bye = 轮空
ct_absent = 缺席
ct_forfeit = 弃
ct_forfeit_title = 对方或己方弃权
ct_legend = 每格：对手编号、执色（红／黑）、该轮得分。弃：弃权。
pc_win = 胜
pc_draw = 和
pc_loss = 负
pc_forfeit_win = 胜（对方弃权）
pc_forfeit_loss = 负（弃权）
pc_withdrawn = 已退赛
pc_withdrawn_from = 已退赛：自第 { $round } 轮起不再编排
pc_outcome = 胜负
pc_round_points = 得分
pc_running = 累计积分
deals_required = 必须先密封布局：布局密封后才可公布该轮编排或开始淘汰赛对局
deals_required_help = 适用于揭棋及暗棋（象棋无布局）。不选此项时，可不密封布局而对局，页面会注明。
public_value_required = 须有公开值：每个布局由种子与密封后在赛场定出的数值抽出
public_value_required_help = 适用于揭棋与暗棋。裁判便无法反复抽种子挑选合意的布局：须输入公开值后才能打印摆棋表。
deal_played_without = 本轮不使用密封布局。
deal_required_missing = 本轮尚未密封布局：本赛事规定须先密封布局，才可公布编排。
ko_deal_played_without = 下一局不使用密封布局。
ko_deal_required_missing = 本赛事规定须先密封布局：下一局的布局密封后才可开始。
svc_deal_required_round = 第{ $round }轮不能公布：第{ $games }局尚未密封布局（本赛事规定须先密封布局）
svc_deal_required_game = 第{ $match }场比赛第{ $game }局不能开始：布局尚未密封（本赛事规定须先密封布局）
svc_deal_required_decider = 第{ $match }场比赛的加赛局不能开始：布局尚未密封（本赛事规定须先密封布局）
svc_rating_label_taken = 本名单已有标为“{ $label }”的一批对局：请为此文件另取标签
svc_rating_remove_unconfirmed = 请勾选确认方可删除此批对局：所有等级分将重新计算
svc_rating_remove_reason = 请填写删除此批对局的原因（记入审计记录）
svc_rating_remove_bad_reason = 原因：{ $detail }
rating_remove_confirm = 确定删除此批对局并重新计算所有等级分
push_start_from_event = 新加入名单的棋手以本赛事的等级分起算（而非名单的起始分）
ct_half_bye = 半分轮空
ct_full_bye = 全分轮空
