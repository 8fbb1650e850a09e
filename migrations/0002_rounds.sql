-- Swiss rounds: boards with results (version-checked), requested byes, withdrawals, move records, API tokens.

ALTER TABLE players ADD COLUMN joins_at INTEGER NOT NULL DEFAULT 1;
ALTER TABLE players ADD COLUMN withdrawn_from INTEGER;
ALTER TABLE events ADD COLUMN tie_breaks TEXT NOT NULL DEFAULT 'BH,WIN,BWG,PS,PN';

CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    published INTEGER NOT NULL DEFAULT 0,
    first_colour TEXT CHECK (first_colour IN ('red', 'black')),
    created_at TEXT NOT NULL,
    UNIQUE (event_id, number)
);

CREATE TABLE boards (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    board_no INTEGER NOT NULL,
    red INTEGER NOT NULL,
    black INTEGER,
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2', '1-0F', '0-1F', '0-0F')),
    version INTEGER NOT NULL DEFAULT 0,
    manual INTEGER NOT NULL DEFAULT 0,
    reported_result TEXT,
    reported_by INTEGER REFERENCES users (id),
    UNIQUE (round_id, board_no)
);
CREATE INDEX boards_round ON boards (round_id);

CREATE TABLE round_absences (
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    start_no INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('H', 'F', 'Z')),
    PRIMARY KEY (round_id, start_no)
);

CREATE TABLE bye_requests (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    start_no INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('H', 'F', 'Z')),
    PRIMARY KEY (event_id, round_no, start_no)
);

CREATE TABLE game_records (
    id INTEGER PRIMARY KEY,
    board_id INTEGER NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
    game_no INTEGER NOT NULL DEFAULT 1,
    record TEXT NOT NULL,
    verdict TEXT NOT NULL,
    legal INTEGER NOT NULL,
    submitted_by INTEGER REFERENCES users (id),
    submitted_at TEXT NOT NULL,
    UNIQUE (board_id, game_no)
);

CREATE TABLE api_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
