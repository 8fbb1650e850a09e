# Age groups (年齡組) of an entry form: the field, its errors, the lines that show them.
agegroups_label = 年龄组（组名与最早出生年份，例如 U12 2014, U16 2010）
agegroups_help = 确认的报名者若生于该组年份或之后，即获得该组名为类别，可用于特别奖；一人可属多个组。
agegroups_too_long = 年龄组：最多 { $max } 个字符。
agegroups_too_many = 最多 { $max } 个年龄组。
agegroups_no_year = 年龄组「{ $group }」：请写组名，再写最早出生年份（例如 U12 2014）。
agegroups_no_name = 年龄组「{ $group }」：年份前缺少组名。
agegroups_bad_year = 年龄组「{ $group }」：年份须在 { $min } 至 { $max } 之间。
agegroups_name_long = 年龄组「{ $group }」：组名超过 { $max } 个字符。
agegroups_bad_name = 年龄组「{ $group }」：组名含不允许的字符。
agegroups_twice = 年龄组 { $name } 重复。
agegroups_names_long = 年龄组名称合计超过 { $max } 个字符（棋手类别最多 { $max } 个字符）。
agegroups_need_birth_year = 年龄组需要出生年份：请在问题中勾选。
agegroups_line = 年龄组：{ $groups }
agegroups_item = { $name }（{ $year } 年或之后出生）
agegroups_of_entry = 年龄组
agegroups_none_of_entry = （无）
