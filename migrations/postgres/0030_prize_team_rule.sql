-- The PostgreSQL twin of SQLite's 0030: the team prize rule of a prize table ('both' or 'team_first').
ALTER TABLE prize_tables ADD COLUMN team_rule TEXT NOT NULL DEFAULT 'both'
    CHECK (team_rule IN ('both', 'team_first'));
