-- Rating lists keep their computed state (RULES.md §7), so a page reads it instead of replaying every
-- game: each player's current points, games and last game day, and each game's change with both sides'
-- points after it. The store updates them when games are appended (re-rating from the earliest date a
-- batch touches) and recomputes them when a batch is removed or the start points change; it always
-- equals a replay of the games in date order (arrival order within a date).
--
-- `state_ok` is 0 for a list whose state has not been computed yet: every list already stored when this
-- migration runs. `store::open` computes those once, before the server answers, and every write path
-- recomputes such a list from its first game, so a stale state is never shown.

ALTER TABLE rating_lists ADD COLUMN state_ok INTEGER NOT NULL DEFAULT 0 CHECK (state_ok IN (0, 1));
-- The number of games, shown on every page of the list (set with the state).
ALTER TABLE rating_lists ADD COLUMN game_count INTEGER NOT NULL DEFAULT 0;

-- Current points (hundredths), rated games (starting entry included) and the day of the last game.
ALTER TABLE rating_players ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rating_players ADD COLUMN games INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0);
ALTER TABLE rating_players ADD COLUMN last_played TEXT;

-- What Red gained (Black's change is the negation) and both sides' points after the game; NULL only
-- inside the transaction that appends the game.
ALTER TABLE rating_games ADD COLUMN red_change INTEGER;
ALTER TABLE rating_games ADD COLUMN red_after INTEGER;
ALTER TABLE rating_games ADD COLUMN black_after INTEGER;

-- The standings in page order (points descending, then name) and a player's history in date order.
CREATE INDEX rating_players_standings ON rating_players (list_id, points DESC, name);
DROP INDEX rating_games_red;
DROP INDEX rating_games_black;
CREATE INDEX rating_games_red ON rating_games (red_id, played_on, seq);
CREATE INDEX rating_games_black ON rating_games (black_id, played_on, seq);
