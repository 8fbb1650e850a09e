-- Accounts, sessions, events, players and the audit log.
-- Written in SQL that PostgreSQL also accepts where a portable form exists.

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'organizer', 'arbiter', 'player', 'club')),
    password_hash TEXT NOT NULL,
    failed_logins INTEGER NOT NULL DEFAULT 0,
    last_failed_at TEXT,
    created_at TEXT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

CREATE TABLE setup_tokens (
    token_hash TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    used_at TEXT
);

CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    venue TEXT NOT NULL DEFAULT '',
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    variant TEXT NOT NULL CHECK (variant IN ('jieqi', 'xiangqi', 'banqi')),
    swiss_rounds INTEGER NOT NULL DEFAULT 6,
    knockout_size INTEGER NOT NULL DEFAULT 8,
    best_of INTEGER NOT NULL DEFAULT 3,
    points_win INTEGER NOT NULL DEFAULT 2,
    points_draw INTEGER NOT NULL DEFAULT 1,
    points_loss INTEGER NOT NULL DEFAULT 0,
    move_limit INTEGER NOT NULL DEFAULT 120,
    created_at TEXT NOT NULL
);

CREATE TABLE event_arbiters (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, user_id)
);

CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    start_no INTEGER NOT NULL,
    name TEXT NOT NULL,
    club TEXT NOT NULL DEFAULT '',
    rating INTEGER NOT NULL DEFAULT 0,
    fide_id TEXT NOT NULL DEFAULT '',
    local_id TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    UNIQUE (event_id, start_no),
    UNIQUE (event_id, name, club)
);

CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id),
    event_id INTEGER REFERENCES events (id) ON DELETE CASCADE,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_event ON audit_log (event_id, id);
