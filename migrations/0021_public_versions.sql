-- Each event's public version: it moves with every change the public can see, and only with those,
-- so that neither its moves nor its gaps tell of hidden writes (a record stored while its deal is
-- sealed, a draft pairing) or of other events' activity. The page cache keys anonymous pages on it
-- and the live stream announces it to those who see only what is public.
ALTER TABLE audit_log ADD COLUMN public INTEGER NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN public_version INTEGER NOT NULL DEFAULT 0;
UPDATE events SET public_version = (SELECT COUNT(*) FROM audit_log a WHERE a.event_id = events.id);
CREATE TRIGGER audit_log_public_version AFTER INSERT ON audit_log
WHEN NEW.public = 1 AND NEW.event_id IS NOT NULL
BEGIN
    UPDATE events SET public_version = public_version + 1 WHERE id = NEW.event_id;
END;
