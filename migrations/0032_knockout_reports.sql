-- Results of knockout games reported from the players' phones (/report/{token}), as the Swiss
-- rounds' report links do for boards. A link names one player of one match and serves every game
-- of it; it is made when the arbiter first prints the knockout's match slips. Both tables belong
-- to the bracket: discarding it (to seed again) removes them.
CREATE TABLE knockout_links (
    token TEXT PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES knockouts (event_id) ON DELETE CASCADE,
    match_id INTEGER NOT NULL CHECK (match_id >= 1),
    start_no INTEGER NOT NULL CHECK (start_no >= 1),
    UNIQUE (event_id, match_id, start_no)
);

-- One player's report of one knockout game, from Red's view, until the opponent's matching report
-- or the arbiter enters the game's result.
CREATE TABLE knockout_reports (
    event_id INTEGER NOT NULL REFERENCES knockouts (event_id) ON DELETE CASCADE,
    match_id INTEGER NOT NULL CHECK (match_id >= 1),
    game_no INTEGER NOT NULL CHECK (game_no >= 1),
    start_no INTEGER NOT NULL CHECK (start_no >= 1),
    result TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    at TEXT NOT NULL,
    PRIMARY KEY (event_id, match_id, game_no, start_no)
);
