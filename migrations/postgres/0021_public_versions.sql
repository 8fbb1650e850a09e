-- The PostgreSQL twin of SQLite's 0021: each event's public version (see that file).
ALTER TABLE audit_log ADD COLUMN public BIGINT NOT NULL DEFAULT 1;
ALTER TABLE events ADD COLUMN public_version BIGINT NOT NULL DEFAULT 0;
UPDATE events SET public_version = (SELECT COUNT(*) FROM audit_log a WHERE a.event_id = events.id);
CREATE FUNCTION audit_log_public_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE events SET public_version = public_version + 1 WHERE id = NEW.event_id;
    RETURN NULL;
END $$;
CREATE TRIGGER audit_log_public_version AFTER INSERT ON audit_log
FOR EACH ROW WHEN (NEW.public = 1 AND NEW.event_id IS NOT NULL)
EXECUTE FUNCTION audit_log_public_version();
