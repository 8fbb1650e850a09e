-- The PostgreSQL twin of SQLite's 0022: sections and round robins (see that file).
ALTER TABLE events ADD COLUMN parent_id BIGINT REFERENCES events (id);
ALTER TABLE events ADD COLUMN section_name TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN format TEXT COLLATE "C" NOT NULL DEFAULT 'swiss' CHECK (format IN ('swiss', 'round_robin'));
ALTER TABLE events ADD COLUMN cycles BIGINT NOT NULL DEFAULT 1 CHECK (cycles IN (1, 2));
ALTER TABLE events ADD COLUMN group_count BIGINT NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN qualifiers_per_group BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN withdrawal_rule TEXT COLLATE "C" NOT NULL DEFAULT 'annul_first_half'
    CHECK (withdrawal_rule IN ('annul_first_half', 'forfeits'));
ALTER TABLE events ADD COLUMN draw_method TEXT COLLATE "C";
ALTER TABLE events ADD COLUMN draw_seed TEXT COLLATE "C";
CREATE INDEX events_parent ON events (parent_id);
ALTER TABLE players ADD COLUMN draw_number BIGINT;
ALTER TABLE players ADD COLUMN group_no BIGINT;
