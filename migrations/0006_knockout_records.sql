-- Move records of knockout games (issue 9): one per game of a match, adjudicated with the sealed deal
-- of the knockout round (sealed under round number swiss_rounds + k) and stored with the verdict.
CREATE TABLE knockout_records (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    match_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    record TEXT NOT NULL,
    verdict TEXT NOT NULL,
    legal INTEGER NOT NULL,
    submitted_by INTEGER REFERENCES users (id),
    submitted_at TEXT NOT NULL,
    PRIMARY KEY (event_id, match_id, game_no)
);
