### The error pages: a headline per cause, a sentence saying what it means and what to do.

error_not_found = 找不到
error_login_required = 需要登录
error_forbidden = 没有权限
error_csrf = 表单已过期
error_invalid = 输入有误
error_exists = 此项目已存在
error_too_many = 尝试次数过多
error_internal = 服务器错误
error_invalid_help = 数据未变更。请修正下方指出的字段后重新提交。
error_not_now_help = 数据未变更：赛事目前的状态不允许此操作（时候未到，或已经太迟）。
error_stale_help = 数据未变更：其他人刚更改了此项目。请重新加载页面再试。
error_exists_help = 数据未变更：已有相同名称或编号的项目。
error_refused_help = 数据未变更：此处无法执行此操作。

## Form values a page refused (the field or line and what was typed).
err_form_too_large = 表单太大，无法读取。
err_form_unreadable = 表单中有字段的值类型不符（例如数字栏填了文字）。
err_version_missing = 第 { $board } 台：表单缺少该台的版本；请重新加载页面再输入。
err_published_not_discarded = 第 { $round } 轮已公布，不能舍弃。
err_published_not_fixed = 第 { $round } 轮已公布；请先舍弃该轮，或改为录入结果。
err_not_a_board = “{ $typed }”不是台号。
err_not_a_start_here = “{ $typed }”不是本赛事的编号。
err_not_a_start = “{ $typed }”不是编号。
err_plays_themselves = 棋手不能与自己对局。
err_pairing_reason = 人工编排必须填写原因以记录在案。
err_reason_needed = 请填写原因以记录在案。
err_not_a_round_to_pair = “{ $typed }”不是尚待编排的轮次（{ $first }–{ $last }）。
err_bye_kind = “{ $typed }”不是轮空类型（半分、全分或零分）。
err_no_player = 没有编号 { $start } 的棋手。
err_not_a_result = “{ $typed }”不是 1-0、0-1 或 1/2-1/2。
err_board_has_result = 第 { $board } 台已有结果。
err_unknown_account = 没有名为“{ $name }”的账户。
err_bad_amount = 第 { $line } 行：“{ $typed }”不是以整数货币单位表示的金额。
err_bad_place_line = 名次奖金第 { $line } 行：“{ $typed }”不是“名次 金额”或“起–止 金额”。
err_bad_special_line = 特别奖第 { $line } 行：“{ $typed }”不是“组别, 奖项, 金额”。
err_no_prize_table = 本赛事尚未设定奖金表。
err_not_a_round = “{ $typed }”不是轮次。
err_not_a_game = “{ $typed }”不是局号（1、2…或加赛）。
err_not_a_rating_list = “{ $typed }”不是积分榜。
err_unknown_role = “{ $typed }”不是角色。
err_not_a_tie_rule = “{ $typed }”不是平分处理方式。
err_match_waiting = 第 { $match } 场比赛仍在等待对手产生。
err_not_in_match = 编号 { $start } 不在第 { $match } 场比赛之中。
err_not_a_backup_account = “{ $typed }”不是备份中的账户。
err_not_a_local_account = “{ $typed }”不是本地账户。
err_backup_missing = 表单中没有备份；请重新上传。
