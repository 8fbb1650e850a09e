-- The team prize rule of a prize table: 'both' (a player counted in a prize-winning team keeps any
-- individual prize; what every table stored before did) or 'team_first' (one prize only: those players
-- are passed over for the individual prizes, which pass down).
ALTER TABLE prize_tables ADD COLUMN team_rule TEXT NOT NULL DEFAULT 'both'
    CHECK (team_rule IN ('both', 'team_first'));
