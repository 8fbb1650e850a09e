# The team prize rule of the prize table: both prizes, or the team prize first (one prize only).
prize_team_rule = 获团体奖队伍的棋手
prize_team_rule_both = 两奖兼得：团体奖和个人奖
prize_team_rule_team_first = 只得一奖：得团体奖者不再得个人奖，个人奖顺延
prize_team_rule_help = 选“只得一奖”时，获团体奖队伍的计分棋手（前 N 名）不得个人奖，名次奖和特别奖顺延给后面的棋手。
prize_won_with_team = 随 { $team } 获团体奖
svc_bad_team_rule = team_rule：“{ $typed }”不是 both 或 team_first
audit_d_prizes_team_first = { $currency } 总额 { $total }；同分：{ $ties }；获团体奖队伍的棋手不得个人奖；{ $rows }
