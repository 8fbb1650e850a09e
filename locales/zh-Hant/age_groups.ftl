# Age groups (年齡組) of an entry form: the field, its errors, the lines that show them.
agegroups_label = 年齡組（組名與最早出生年份，例如 U12 2014, U16 2010）
agegroups_help = 確認的報名者若生於該組年份或之後，即獲得該組名為類別，可用於特別獎；一人可屬多個組。
agegroups_too_long = 年齡組：最多 { $max } 個字元。
agegroups_too_many = 最多 { $max } 個年齡組。
agegroups_no_year = 年齡組「{ $group }」：請寫組名，再寫最早出生年份（例如 U12 2014）。
agegroups_no_name = 年齡組「{ $group }」：年份前缺少組名。
agegroups_bad_year = 年齡組「{ $group }」：年份須在 { $min } 至 { $max } 之間。
agegroups_name_long = 年齡組「{ $group }」：組名超過 { $max } 個字元。
agegroups_bad_name = 年齡組「{ $group }」：組名含不允許的字元。
agegroups_twice = 年齡組 { $name } 重複。
agegroups_names_long = 年齡組名稱合計超過 { $max } 個字元（棋手類別最多 { $max } 個字元）。
agegroups_need_birth_year = 年齡組需要出生年份：請在問題中勾選。
agegroups_line = 年齡組：{ $groups }
agegroups_item = { $name }（{ $year } 年或之後出生）
agegroups_of_entry = 年齡組
agegroups_none_of_entry = （無）
