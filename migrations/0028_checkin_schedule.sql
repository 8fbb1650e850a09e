-- Check-in (檢錄) and the schedule of a section (issue 35).
-- One row per section that has a schedule or a check-in rule: whether pairing waits on check-in
-- ('off', 'round1': once before round 1, 'every': before every round) and the time control as
-- typed (e.g. 60'+30").
CREATE TABLE section_schedules (
    event_id INTEGER PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    checkin TEXT NOT NULL DEFAULT 'off' CHECK (checkin IN ('off', 'round1', 'every')),
    time_control TEXT NOT NULL DEFAULT ''
);
-- The start of each round, on the event's wall clock ('YYYY-MM-DD HH:MM' in its time zone).
CREATE TABLE round_starts (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL CHECK (round_no >= 1),
    starts_at TEXT NOT NULL,
    PRIMARY KEY (event_id, round_no)
);
-- Players checked in for a round (present when a row exists); with the 'every' rule each round
-- has its own, else round 1's is the one.
CREATE TABLE checkins (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL CHECK (round_no >= 1),
    UNIQUE (event_id, player_id, round_no)
);
