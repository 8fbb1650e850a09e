-- Start numbers that never move (issue 15): bye requests name the player's entry (players.id), not a
-- start number, and the starting list of an event is fixed once — by "confirm the starting list" or by
-- the first pairing — with the number of players on it (later registrations are late entries).

CREATE TABLE bye_requests_by_player (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('H', 'F', 'Z')),
    PRIMARY KEY (event_id, round_no, player_id)
);
INSERT INTO bye_requests_by_player (event_id, round_no, player_id, kind)
    SELECT b.event_id, b.round_no, p.id, b.kind
    FROM bye_requests b JOIN players p ON p.event_id = b.event_id AND p.start_no = b.start_no;
DROP TABLE bye_requests;
ALTER TABLE bye_requests_by_player RENAME TO bye_requests;

-- When the starting list was fixed (NULL while open), whether someone confirmed it (0: the first
-- pairing fixed it; who confirmed is in the audit log), how many players it held then, and why it was
-- re-opened (shown as a warning until it is fixed again).
ALTER TABLE events ADD COLUMN start_list_fixed_at TEXT;
ALTER TABLE events ADD COLUMN start_list_confirmed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN start_list_size INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN start_list_reopened TEXT;

-- Events already paired: their list was fixed by round 1; late entries joined after it.
UPDATE events SET
    start_list_fixed_at = (SELECT MIN(r.created_at) FROM rounds r WHERE r.event_id = events.id),
    start_list_size = (SELECT COUNT(*) FROM players p WHERE p.event_id = events.id AND p.joins_at <= 1)
WHERE EXISTS (SELECT 1 FROM rounds r WHERE r.event_id = events.id);
