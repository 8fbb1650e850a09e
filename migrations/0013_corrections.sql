-- Corrections and undo (issue 18): an event's time zone (the audit log shows its times there) and
-- whether it is archived (read-only, off the home list); accounts an administrator disabled; the
-- reason the user typed for a correction, kept beside its audit entry.
ALTER TABLE events ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Asia/Hong_Kong';
ALTER TABLE events ADD COLUMN archived INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE audit_log ADD COLUMN reason TEXT NOT NULL DEFAULT '';
CREATE INDEX audit_log_event_action ON audit_log (event_id, action, id);
