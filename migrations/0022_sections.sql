-- Sections (組別) and round robins. An event with sections is a row of `events` (the first section,
-- holding the shared settings: name, venue, dates, deals policy, time zone) and one row per further
-- section with `parent_id` naming it; every row is a section with its own players, rounds, deals,
-- knockout and prizes. An event without sections is one row, its own single section, as before.
ALTER TABLE events ADD COLUMN parent_id INTEGER REFERENCES events (id);
ALTER TABLE events ADD COLUMN section_name TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN format TEXT NOT NULL DEFAULT 'swiss' CHECK (format IN ('swiss', 'round_robin'));
ALTER TABLE events ADD COLUMN cycles INTEGER NOT NULL DEFAULT 1 CHECK (cycles IN (1, 2));
ALTER TABLE events ADD COLUMN group_count INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN qualifiers_per_group INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN withdrawal_rule TEXT NOT NULL DEFAULT 'annul_first_half'
    CHECK (withdrawal_rule IN ('annul_first_half', 'forfeits'));
-- The round robin's draw: how it was made (`lot` with its seed, or `rating`), NULL until drawn.
ALTER TABLE events ADD COLUMN draw_method TEXT;
ALTER TABLE events ADD COLUMN draw_seed TEXT;
CREATE INDEX events_parent ON events (parent_id);
-- Each player's draw number and group (1 = A) in a round robin, NULL until drawn.
ALTER TABLE players ADD COLUMN draw_number INTEGER;
ALTER TABLE players ADD COLUMN group_no INTEGER;
