-- The knockout stage and prize tables (RULES.md §8).
-- The bracket is a pure state machine (src/knockout): its inputs are stored here and replayed in order.

CREATE TABLE knockouts (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    best_of INTEGER NOT NULL,
    tie_rule TEXT NOT NULL CHECK (tie_rule IN ('decider', 'play_on', 'higher_seed_advances')),
    third_place INTEGER NOT NULL,
    auto_lots INTEGER NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE knockout_qualifiers (
    event_id INTEGER NOT NULL REFERENCES knockouts (event_id) ON DELETE CASCADE,
    seed INTEGER NOT NULL,
    start_no INTEGER NOT NULL,
    PRIMARY KEY (event_id, seed),
    UNIQUE (event_id, start_no)
);

-- Lots, decider colour choices, game results, forfeits and withdrawals, in the order recorded.
-- `seq` is unique per event: two arbiters saving at once cannot both append the same step.
CREATE TABLE knockout_inputs (
    event_id INTEGER NOT NULL REFERENCES knockouts (event_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('lot', 'decider_colour', 'game', 'forfeit', 'withdrawal')),
    match_id INTEGER,
    game_no INTEGER,
    start_no INTEGER,
    colour TEXT CHECK (colour IN ('red', 'black')),
    result TEXT CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    reason TEXT NOT NULL DEFAULT '',
    user_id INTEGER REFERENCES users (id),
    at TEXT NOT NULL,
    PRIMARY KEY (event_id, seq)
);

CREATE TABLE prize_tables (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    currency TEXT NOT NULL,
    ties TEXT NOT NULL DEFAULT 'by_tie_break' CHECK (ties IN ('by_tie_break', 'shared')),
    updated_at TEXT NOT NULL
);

CREATE TABLE prize_rows (
    event_id INTEGER NOT NULL REFERENCES prize_tables (event_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    from_place INTEGER NOT NULL,
    to_place INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (event_id, position)
);

CREATE TABLE special_prizes (
    event_id INTEGER NOT NULL REFERENCES prize_tables (event_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    category TEXT NOT NULL,
    label TEXT NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (event_id, position)
);
