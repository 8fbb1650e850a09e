# Round robins, groups, the crossing into a knockout and team avoidance: why a schedule, a draw or the team pairs are refused.
rr_too_few = 循环赛至少要 2 名棋手，现有 { $players } 名
rr_too_many = 一个循环赛最多 { $most } 名棋手，现有 { $players } 名
rr_no_such_round = 共 { $rounds } 轮的赛程没有第 { $round } 轮
rr_duplicate = 编号 { $start } 出现了两次
rr_groups = { $players } 名棋手不能分成 { $groups } 组（每组至少 2 名）
rr_qualifiers = { $groups } 组各取 { $per_group } 名不能组成淘汰赛（总数须为 2 的乘方，每组取的人数不能多于该组人数）
avoid_team_too_large = 「{ $team }」队有 { $players } 名棋手，同队回避最多只能处理 { $most } 名
