-- Issue 14: rulings became events (RULES.md §5), so verdicts stored before that may be wrong (a record
-- refused as "the game had already ended" is legal now). Each stored verdict carries the version of
-- the rules that produced it; at start-up the server re-adjudicates the records of older versions once
-- (their boards' results never change by themselves) and lists the games whose verdict changed for
-- the event's arbiters.
ALTER TABLE game_records ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE knockout_records ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;

CREATE TABLE readjudicated_records (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    -- A Swiss board's game (board_id set) or a knockout game (match_id set).
    board_id INTEGER REFERENCES boards (id) ON DELETE CASCADE,
    match_id INTEGER,
    game_no INTEGER NOT NULL,
    old_verdict TEXT NOT NULL,
    new_verdict TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX readjudicated_records_event ON readjudicated_records (event_id);
