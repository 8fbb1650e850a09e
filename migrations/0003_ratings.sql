-- Club rating lists (RULES.md §7): the list and its settings, its players, every rated game with where it
-- came from, and the uploads (a CSV file, a game entered by form, an event's games).
-- Only the games are stored; points, levels and histories are computed by replaying them in date order
-- (arrival order within a date), so a list always equals its recomputation from scratch.
-- Points are kept in exact hundredths (1500.00 = 150000), as the rating module does.

CREATE TABLE rating_lists (
    id INTEGER PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    start_points INTEGER NOT NULL DEFAULT 150000,
    rated_after_games INTEGER NOT NULL DEFAULT 10 CHECK (rated_after_games >= 0),
    level_base INTEGER NOT NULL DEFAULT 100000,
    level_step INTEGER NOT NULL DEFAULT 5000 CHECK (level_step > 0),
    lowest_level INTEGER NOT NULL DEFAULT 30,
    highest_level INTEGER NOT NULL DEFAULT 1 CHECK (highest_level >= 1 AND highest_level <= lowest_level),
    created_at TEXT NOT NULL
);

-- A player may have a starting entry (points and games from before the list, e.g. a previous rating
-- period); without one they start from the list's start points with no games.
CREATE TABLE rating_players (
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES rating_lists (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    start_points INTEGER,
    start_games INTEGER CHECK (start_games >= 0),
    CHECK ((start_points IS NULL) = (start_games IS NULL)),
    UNIQUE (list_id, name)
);

-- One row per batch of games appended to a list. `digest` is the SHA-256 of an uploaded file's text
-- (normalised, see store::ratings::upload_digest) and `event_id` the event whose games were pushed; each
-- may enter a list once. Several NULLs never collide in a UNIQUE constraint (SQLite and PostgreSQL alike).
CREATE TABLE rating_uploads (
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES rating_lists (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('file', 'form', 'event')),
    label TEXT NOT NULL DEFAULT '',
    digest TEXT,
    event_id INTEGER REFERENCES events (id) ON DELETE SET NULL,
    games INTEGER NOT NULL,
    user_id INTEGER REFERENCES users (id),
    created_at TEXT NOT NULL,
    UNIQUE (list_id, digest),
    UNIQUE (list_id, event_id)
);

-- `seq` numbers a list's games in order of arrival (file order within an upload); games are replayed by
-- (played_on, seq).
CREATE TABLE rating_games (
    id INTEGER PRIMARY KEY,
    list_id INTEGER NOT NULL REFERENCES rating_lists (id) ON DELETE CASCADE,
    upload_id INTEGER NOT NULL REFERENCES rating_uploads (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    played_on TEXT NOT NULL,
    red_id INTEGER NOT NULL REFERENCES rating_players (id),
    black_id INTEGER NOT NULL REFERENCES rating_players (id),
    result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    CHECK (red_id <> black_id),
    UNIQUE (list_id, seq)
);
CREATE INDEX rating_games_replay ON rating_games (list_id, played_on, seq);
CREATE INDEX rating_games_red ON rating_games (red_id);
CREATE INDEX rating_games_black ON rating_games (black_id);
