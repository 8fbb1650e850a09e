# Round robins, groups, the crossing into a knockout and team avoidance: why a schedule, a draw or the team pairs are refused.
rr_too_few = a round robin needs at least 2 players, found { $players }
rr_too_many = a round robin holds at most { $most } players, found { $players }
rr_no_such_round = round { $round } is not in a schedule of { $rounds } rounds
rr_duplicate = start number { $start } is given twice
rr_groups = { $players } players cannot make { $groups } groups of at least 2
rr_qualifiers = { $groups } groups sending { $per_group } each cannot fill a knockout (the total must be a power of two, and no group may send more than it has)
avoid_team_too_large = team '{ $team }' has { $players } players; at most { $most } can be kept apart
