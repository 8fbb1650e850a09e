-- Each published round's secret report links (/report/{token}): one per player of the round,
-- made when the arbiter first prints the round's result slips. A token names the event, the round
-- number and the player's start number; the board is looked up when the link is used, so a board
-- fixed after printing keeps its players' links.
CREATE TABLE report_links (
    token TEXT PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL CHECK (round_no >= 1),
    start_no INTEGER NOT NULL CHECK (start_no >= 1),
    UNIQUE (event_id, round_no, start_no)
);
