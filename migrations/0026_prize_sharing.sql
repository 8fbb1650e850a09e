-- Prize sharing by Hort beside 'by_tie_break' and 'shared', and team prizes paid by the team table.
-- SQLite cannot alter a CHECK, so prize_tables is rebuilt. Its children (prize_rows, special_prizes)
-- refer to it ON DELETE CASCADE and foreign keys are on while migrating, so dropping the parent
-- first would delete their rows: new tables for all three are made (the children's references
-- pointing at the new parent), filled, the old children dropped before the old parent, and the new
-- tables renamed (SQLite rewrites the references on rename).
CREATE TABLE prize_tables_new (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    currency TEXT NOT NULL,
    ties TEXT NOT NULL DEFAULT 'by_tie_break' CHECK (ties IN ('by_tie_break', 'shared', 'hort')),
    updated_at TEXT NOT NULL
);

CREATE TABLE prize_rows_new (
    event_id INTEGER NOT NULL REFERENCES prize_tables_new (event_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    from_place INTEGER NOT NULL,
    to_place INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (event_id, position)
);

CREATE TABLE special_prizes_new (
    event_id INTEGER NOT NULL REFERENCES prize_tables_new (event_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    category TEXT NOT NULL,
    label TEXT NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (event_id, position)
);

INSERT INTO prize_tables_new (event_id, currency, ties, updated_at)
    SELECT event_id, currency, ties, updated_at FROM prize_tables;
INSERT INTO prize_rows_new (event_id, position, from_place, to_place, amount)
    SELECT event_id, position, from_place, to_place, amount FROM prize_rows;
INSERT INTO special_prizes_new (event_id, position, category, label, amount)
    SELECT event_id, position, category, label, amount FROM special_prizes;

DROP TABLE prize_rows;
DROP TABLE special_prizes;
DROP TABLE prize_tables;

ALTER TABLE prize_tables_new RENAME TO prize_tables;
ALTER TABLE prize_rows_new RENAME TO prize_rows;
ALTER TABLE special_prizes_new RENAME TO special_prizes;

-- Team prizes: places of the team table (from–to) and the amount per place, in the prize table's
-- currency, shared among teams as the prize table's ties say.
CREATE TABLE team_prize_rows (
    event_id INTEGER NOT NULL REFERENCES prize_tables (event_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    from_place INTEGER NOT NULL,
    to_place INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (event_id, position)
);
