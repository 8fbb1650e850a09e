-- The PostgreSQL twin of SQLite's 0026: Hort allowed as prize sharing, and team prize rows (see
-- that file). PostgreSQL alters the CHECK in place (its generated name for the column's CHECK).
ALTER TABLE prize_tables DROP CONSTRAINT IF EXISTS prize_tables_ties_check;
ALTER TABLE prize_tables ADD CONSTRAINT prize_tables_ties_check
    CHECK (ties IN ('by_tie_break', 'shared', 'hort'));
CREATE TABLE team_prize_rows (
    event_id BIGINT NOT NULL REFERENCES prize_tables (event_id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    from_place BIGINT NOT NULL,
    to_place BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    PRIMARY KEY (event_id, position)
);
