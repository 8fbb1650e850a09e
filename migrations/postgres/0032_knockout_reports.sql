-- The PostgreSQL twin of SQLite's 0032: the knockout's report links and reports (see that file).
CREATE TABLE knockout_links (
    token TEXT COLLATE "C" PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES knockouts (event_id) ON DELETE CASCADE,
    match_id BIGINT NOT NULL CHECK (match_id >= 1),
    start_no BIGINT NOT NULL CHECK (start_no >= 1),
    UNIQUE (event_id, match_id, start_no)
);

CREATE TABLE knockout_reports (
    event_id BIGINT NOT NULL REFERENCES knockouts (event_id) ON DELETE CASCADE,
    match_id BIGINT NOT NULL CHECK (match_id >= 1),
    game_no BIGINT NOT NULL CHECK (game_no >= 1),
    start_no BIGINT NOT NULL CHECK (start_no >= 1),
    result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    at TEXT NOT NULL,
    PRIMARY KEY (event_id, match_id, game_no, start_no)
);
