# The team prize rule of the prize table: both prizes, or the team prize first (one prize only).
prize_team_rule = Players of a prize-winning team
prize_team_rule_both = Win both: team prize and individual prize
prize_team_rule_team_first = One prize only: the team prize, individual prizes pass down
prize_team_rule_help = With “one prize only”, the players counted in a team that wins a team prize (its best N) take no individual prize: the places and special prizes pass down to the next players.
prize_won_with_team = Won a team prize with { $team }
svc_bad_team_rule = team_rule: “{ $typed }” is not both or team_first
audit_d_prizes_team_first = { $currency } total { $total }; ties: { $ties }; players of a prize-winning team take no individual prize; { $rows }
