-- Sealed duplicate deals (RULES.md §9): one active deal per event, round and game number; re-draws
-- before the round starts leave the old record as 'withdrawn'. The triggers make a sealed record's
-- content immutable and forbid deleting it (SQLite syntax; a PostgreSQL backend needs its own).

ALTER TABLE events ADD COLUMN announce_deals INTEGER NOT NULL DEFAULT 0;

CREATE TABLE deals (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    round_no INTEGER NOT NULL CHECK (round_no >= 1),
    -- '1', '2', … or 'decider' (the game number as the commitment writes it).
    game TEXT NOT NULL,
    variant TEXT NOT NULL CHECK (variant IN ('jieqi', 'banqi')),
    deal TEXT NOT NULL,
    seed TEXT NOT NULL,
    commitment TEXT NOT NULL,
    sealed_by INTEGER NOT NULL REFERENCES users (id),
    sealed_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'sealed' CHECK (status IN ('sealed', 'withdrawn', 'unsealed')),
    withdrawn_at TEXT,
    unsealed_by INTEGER REFERENCES users (id),
    unsealed_at TEXT,
    unseal_override INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX deals_event ON deals (event_id, round_no, game);
-- At most one deal in use (sealed or unsealed) per game of a round.
CREATE UNIQUE INDEX deals_active ON deals (event_id, round_no, game) WHERE status <> 'withdrawn';

CREATE TRIGGER deals_no_delete BEFORE DELETE ON deals
BEGIN
    SELECT RAISE(ABORT, 'a sealed deal cannot be deleted');
END;

CREATE TRIGGER deals_content_fixed BEFORE UPDATE ON deals
WHEN NEW.event_id IS NOT OLD.event_id OR NEW.round_no IS NOT OLD.round_no OR NEW.game IS NOT OLD.game
  OR NEW.variant IS NOT OLD.variant OR NEW.deal IS NOT OLD.deal OR NEW.seed IS NOT OLD.seed
  OR NEW.commitment IS NOT OLD.commitment OR NEW.sealed_by IS NOT OLD.sealed_by
  OR NEW.sealed_at IS NOT OLD.sealed_at
BEGIN
    SELECT RAISE(ABORT, 'a sealed deal cannot be changed');
END;

-- Only sealed → withdrawn and sealed → unsealed, once.
CREATE TRIGGER deals_status_forward BEFORE UPDATE OF status ON deals
WHEN OLD.status <> 'sealed' AND NEW.status IS NOT OLD.status
BEGIN
    SELECT RAISE(ABORT, 'a withdrawn or unsealed deal keeps its status');
END;
