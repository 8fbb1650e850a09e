# Online entries (報名): the public form, the entrant's private page, the organizer's entries page.
entries_title = 报名
entries_form_title = 网上报名表
entries_form_help = 任何人都可通过公开报名表报名，无须账号：
entries_open_label = 接受报名（报名表开放）
entries_closes_label = 报名截止
entries_cap_label = 名额上限（留空为不限）
entries_asks_label = 报名表询问
entries_ask_club = 棋会或队伍
entries_ask_rating = 等级分
entries_ask_birth_year = 出生年份（年龄组）
entries_ask_contact = 电话或电邮
entries_list_label = 报名者可在此棋会积分榜中查找
entries_no_list = （无）
entries_fee_label = 报名费
entries_auto_label = 自动确认报名
entries_save_form = 保存报名表设定
entries_register_title = 网上报名
entries_not_taking = 本赛事现时不接受报名。
entries_name_label = 姓名
entries_club_label = 棋会或队伍
entries_rating_label = 等级分（无则留空）
entries_lookup_label = 在棋会积分榜中查找我的等级分
entries_birth_year_label = 出生年份
entries_contact_label = 电话或电邮
entries_private_help = 提交后会转到你的私人页面，可查看、更正或取消报名：请保存该网址。
entries_send = 提交报名
entries_private_title = 你的报名
entries_keep_link = 请保存本页网址：这是回到你报名的唯一途径。
entries_status_label = 状态
entries_status_pending = 等待主办方确认
entries_status_confirmed = 已确认
entries_status_cancelled = 已取消
entries_status_refused = 不获接纳
entries_paid = 已缴费
entries_owed = 未缴费
entries_correct_title = 更正报名
entries_correct = 保存更正
entries_confirmed_note = 你的报名已确认，已列入棋手名单。如需更正，请联络主办方。
entries_cancel = 取消报名
entries_cancel_reason = 报名者网上取消报名
entries_none = 暂无报名。
entries_confirm = 确认
entries_refuse = 不接纳
entries_mark_paid = 标记已缴费
entries_mark_owed = 标记未缴费
entries_sent = 你的报名已提交。
entries_corrected = 你的报名已更正。
entries_cancelled = 你的报名已取消。
entries_form_saved = 报名表设定已保存。
entries_updated = 报名已更新。
entries_bad_closing = “{ $value }”不是日期时间（YYYY-MM-DD HH:MM）。
entries_bad_cap = “{ $value }”不是 0 至 { $max } 的数字。
entries_bad_list = 请选择其中一个积分榜。
entries_bad_birth_year = “{ $value }”不是 1900 至 { $max } 的年份。
entries_not_in_list = 积分榜 { $list } 中没有名为 { $name } 的棋手：请按该表的写法输入姓名，或取消勾选并自行输入等级分。
entries_pick_section = 请选择一个接受报名的组别。
entries_closed = 此组别已截止报名。
entries_full = 此组别已满额：名额为 { $cap } 人。
entries_not_pending = 此报名已不在等待确认。
entries_cancel_after_pairing = 第一轮已编排：不能再在此取消报名。请联络裁判退赛。
entries_not_open_to_cancel = 此报名已取消或不获接纳。
entries_wait = 你的网址提交的报名太多：请于 { $minutes } 分钟后再试。
audit_entry_submit = 报名提交
audit_entry_correct = 报名更正
audit_entry_confirm = 报名确认
audit_entry_refuse = 报名不获接纳
audit_entry_cancel = 报名取消
audit_entry_reopen = 报名重开
audit_entry_paid = 报名费
audit_entries_form = 报名表
audit_d_entry = { $name }
audit_d_entry_correct = { $old } → { $name }，{ $club }，{ $rating }
audit_d_entry_paid = { $name }：{ $paid ->
    [yes] 已缴费
   *[no] 未缴费
}
audit_d_entry_form = { $open ->
    [yes] 开放
   *[no] 关闭
}，名额 { $cap }{ $auto ->
    [yes] ，自动确认
   *[no] {""}
}
