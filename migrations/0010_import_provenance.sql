-- Imports of event backups (issue 16).
-- A deal keeps the event id its commitment was computed over: an import renumbers the event, and the
-- copy must still verify against what was published. Rows sealed before this migration were committed
-- under their own event id.
ALTER TABLE deals ADD COLUMN committed_event TEXT NOT NULL DEFAULT '';
UPDATE deals SET committed_event = CAST(event_id AS TEXT);

-- The committed context is part of a sealed record's fixed content.
DROP TRIGGER deals_content_fixed;
CREATE TRIGGER deals_content_fixed BEFORE UPDATE ON deals
WHEN NEW.event_id IS NOT OLD.event_id OR NEW.round_no IS NOT OLD.round_no OR NEW.game IS NOT OLD.game
  OR NEW.variant IS NOT OLD.variant OR NEW.deal IS NOT OLD.deal OR NEW.seed IS NOT OLD.seed
  OR NEW.commitment IS NOT OLD.commitment OR NEW.sealed_by IS NOT OLD.sealed_by
  OR NEW.sealed_at IS NOT OLD.sealed_at OR NEW.committed_event IS NOT OLD.committed_event
BEGIN
    SELECT RAISE(ABORT, 'a sealed deal cannot be changed');
END;

-- An imported event keeps the identity of the event it copies (the original's own `origin`, or a
-- fingerprint of its id and creation time on the server it was made on): the same event is imported
-- once per server.
ALTER TABLE events ADD COLUMN origin TEXT;
CREATE UNIQUE INDEX events_origin ON events (origin) WHERE origin IS NOT NULL;
