-- Banqi Swiss pairings play a match of several games (seed 004 §5.2): the games' results from Red's
-- view, one character each ('1' win, '=' draw, '0' loss); the board's result is the match outcome.
ALTER TABLE boards ADD COLUMN games TEXT;
