-- Pairs of players the arbiter keeps apart in every round of a Swiss (relatives, one household):
-- the Dutch engine treats each as TRF `XXP`, and the exported TRF carries them.
CREATE TABLE forbidden_pairs (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    first_player INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    second_player INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    reason TEXT NOT NULL DEFAULT '',
    UNIQUE (event_id, first_player, second_player),
    CHECK (first_player < second_player)
);
