# The team prize rule of the prize table: both prizes, or the team prize first (one prize only).
prize_team_rule = 獲團體獎隊伍的棋手
prize_team_rule_both = 兩獎兼得：團體獎和個人獎
prize_team_rule_team_first = 只得一獎：得團體獎者不再得個人獎，個人獎順延
prize_team_rule_help = 選「只得一獎」時，獲團體獎隊伍的計分棋手（前 N 名）不得個人獎，名次獎和特別獎順延給後面的棋手。
prize_won_with_team = 隨 { $team } 獲團體獎
svc_bad_team_rule = team_rule：「{ $typed }」不是 both 或 team_first
audit_d_prizes_team_first = { $currency } 總額 { $total }；同分：{ $ties }；獲團體獎隊伍的棋手不得個人獎；{ $rows }
