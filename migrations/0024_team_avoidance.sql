-- Teams (同隊回避, 團體成績): when a section keeps team-mates apart (`off`, `all`, or the number of
-- first rounds), how many best players' scores make a team's total, and each player's team
-- (school, province …) when it is not the club.
ALTER TABLE events ADD COLUMN club_avoidance TEXT NOT NULL DEFAULT 'off';
ALTER TABLE events ADD COLUMN team_counted INTEGER NOT NULL DEFAULT 3 CHECK (team_counted BETWEEN 1 AND 50);
ALTER TABLE players ADD COLUMN team TEXT NOT NULL DEFAULT '';
-- A team whose pairs the arbiter let meet in one round, because no pairing kept them apart, with
-- the reason given.
CREATE TABLE avoidance_relaxed (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round_no INTEGER NOT NULL,
    team TEXT NOT NULL,
    reason TEXT NOT NULL,
    UNIQUE (event_id, round_no, team)
);
