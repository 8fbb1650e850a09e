-- A rating list rates one game (Jieqi, xiangqi or Banqi): an event of another game is not pushed into
-- it. A list stored before lists had a game takes it from what it holds: the game of the events
-- pushed into it; 'jieqi' when it holds no event's games (its files and forms do not say; its owner
-- may change it in the settings); NULL when it holds events of several games, which it keeps
-- accepting (`store::ratings::accepts`).
ALTER TABLE rating_lists ADD COLUMN variant TEXT COLLATE "C" CHECK (variant IN ('jieqi', 'xiangqi', 'banqi'));
UPDATE rating_lists SET variant = CASE
    (SELECT COUNT(DISTINCT e.variant) FROM rating_uploads u JOIN events e ON e.id = u.event_id
     WHERE u.list_id = rating_lists.id)
    WHEN 0 THEN 'jieqi'
    WHEN 1 THEN (SELECT MIN(e.variant) FROM rating_uploads u JOIN events e ON e.id = u.event_id
                 WHERE u.list_id = rating_lists.id)
    ELSE NULL END;

-- Where a game pushed from an event was played: the stage ('swiss', 'knockout', 'third_place'), the
-- round (the Swiss round's number; in the knockout, how many players its round began with: 2 is the
-- final) and the game of a match (a Banqi pairing's or a knockout match's; NULL for a one-game board).
-- NULL for games from files and forms, and for games pushed before this migration.
ALTER TABLE rating_games ADD COLUMN stage TEXT COLLATE "C" CHECK (stage IN ('swiss', 'knockout', 'third_place'));
ALTER TABLE rating_games ADD COLUMN round_no BIGINT;
ALTER TABLE rating_games ADD COLUMN game_no BIGINT;
