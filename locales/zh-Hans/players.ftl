### Strings of the players page and the printed starting-rank list.

starting_list = 起始名单
starting_rank_list = 起始排名表
list_open = 起始名单尚未确认：编号按起始顺序（等级分，其次姓名）排列，报名或更改等级分时会变动。确认名单即固定编号；否则首轮编排时固定。
list_confirmed = 起始名单已确认：编号不再变动。现在报名的棋手取得下一个空缺编号。
list_fixed_by_pairing = 起始名单已由首轮编排固定：编号不再变动。迟报名者取得下一个空缺编号，并按等级分编排。
list_reopened_rating = 注意：有棋手的等级分已更改，已确认的起始名单重新开放，编号按新顺序排列。请检查名单并再次确认。
list_reopened_deleted = 注意：有棋手已被删除，已确认的起始名单重新开放，编号按新顺序排列。请检查名单并再次确认。
list_reopen_warning = 第 1 轮前更改等级分或删除棋手会重新开放已确认的起始名单：编号可能变动。
confirm_starting_list = 确认起始名单
confirm_starting_list_help = 按所示顺序固定编号，之后不再变动。
provisional = 暂定
late_entry = 迟报名
edit_rating = 更改等级分
delete_player = 删除
confirm_delete_box = 确定
list_was_confirmed = 起始名单已确认。
rating_saved = 等级分已保存。
player_deleted = 棋手已删除。
print_starting_list = 打印起始排名表
svc_player_registered = 「{ $name }」（{ $club }）已经报名
svc_players_registered = 名单中有棋手已报名本赛事（姓名及会属相同）
roster_at_line = 第 { $line } 行，{ $field ->
    [name] 姓名
    [club] 棋会
    [rating] 等级分
    [fide_id] FIDE 编号
    [local_id] 本地编号
    [category] 组别
    [header] 标题行
    [csv] CSV
   *[other] { $field }
}：{ $message }
roster_at_field = { $field ->
    [name] 姓名
    [club] 棋会
    [rating] 等级分
    [fide_id] FIDE 编号
    [local_id] 本地编号
    [category] 组别
    [header] 标题行
    [csv] CSV
   *[other] { $field }
}：{ $message }
roster_empty_name = 姓名是空的
roster_bad_rating = “{ $typed }”不是等级分（0–4000 的整数）
roster_bad_fide_id = “{ $typed }”不是 FIDE 编号（只限数字）
roster_malformed = 此处的 CSV 无法读取（请检查引号及换行）
roster_unknown_column = 未知列“{ $column }”（可用列：{ $known }）
roster_too_many_columns = 有 { $found } 列，最多 { $max } 列
roster_twice = “{ $name }”（{ $club }）在文件中出现两次
roster_no_players = 文件中没有棋手
