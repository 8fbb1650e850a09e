# Round robins, groups, the crossing into a knockout and team avoidance: why a schedule, a draw or the team pairs are refused.
rr_too_few = 循環賽至少要 2 名棋手，現有 { $players } 名
rr_too_many = 一個循環賽最多 { $most } 名棋手，現有 { $players } 名
rr_no_such_round = 共 { $rounds } 輪的賽程沒有第 { $round } 輪
rr_duplicate = 編號 { $start } 出現了兩次
rr_groups = { $players } 名棋手不能分成 { $groups } 組（每組至少 2 名）
rr_qualifiers = { $groups } 組各取 { $per_group } 名不能組成淘汰賽（總數須為 2 的乘方，每組取的人數不能多於該組人數）
avoid_team_too_large = 「{ $team }」隊有 { $players } 名棋手，同隊回避最多只能處理 { $most } 名
