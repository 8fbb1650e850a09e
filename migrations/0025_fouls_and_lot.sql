-- Fouls (犯規) the arbiter records against a player in a round, for the FOUL tie-break and the
-- player card; and the seed of the final lot (抽籤, the LOT tie-break), drawn once by the arbiter.
CREATE TABLE fouls (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL CHECK (round_no >= 1),
    count INTEGER NOT NULL CHECK (count >= 1),
    note TEXT NOT NULL DEFAULT '',
    UNIQUE (event_id, player_id, round_no)
);
ALTER TABLE events ADD COLUMN lot_seed TEXT;
