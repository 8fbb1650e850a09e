-- The PostgreSQL twin of SQLite's 0029: the players' report links (see that file).
CREATE TABLE report_links (
    token TEXT COLLATE "C" PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_no BIGINT NOT NULL CHECK (round_no >= 1),
    start_no BIGINT NOT NULL CHECK (start_no >= 1),
    UNIQUE (event_id, round_no, start_no)
);
