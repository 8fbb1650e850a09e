-- Online entries (報名): a section's entry form (open or not, closing time, cap, the optional fields
-- it asks, the rating list entrants may be looked up in, the fee, automatic confirmation), and the
-- entries sent through it, each reached by its entrant through a private link (only the token's
-- hash is stored) and linked to its player once confirmed.
CREATE TABLE entry_forms (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    open INTEGER NOT NULL DEFAULT 0,
    closes_at TEXT NOT NULL DEFAULT '',
    cap INTEGER NOT NULL DEFAULT 0 CHECK (cap >= 0),
    ask_club INTEGER NOT NULL DEFAULT 1,
    ask_rating INTEGER NOT NULL DEFAULT 1,
    ask_birth_year INTEGER NOT NULL DEFAULT 0,
    ask_contact INTEGER NOT NULL DEFAULT 0,
    rating_list_id INTEGER REFERENCES rating_lists (id) ON DELETE SET NULL,
    fee TEXT NOT NULL DEFAULT '',
    auto_confirm INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    club TEXT NOT NULL DEFAULT '',
    rating INTEGER NOT NULL DEFAULT 0,
    birth_year INTEGER,
    contact TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'confirmed', 'cancelled', 'refused')),
    paid INTEGER NOT NULL DEFAULT 0,
    player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX entries_of_event ON entries (event_id, id);
