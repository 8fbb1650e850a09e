-- A trial event (no rated game pushed from it) may be deleted after it started, deals included.
-- Sealed deals and public values stay undeletable otherwise: the deleting transaction names the
-- event in `event_deletions` first, and the triggers let only that event's rows go. The row is
-- removed again in the same transaction.
CREATE TABLE event_deletions (
    event_id INTEGER PRIMARY KEY
);

DROP TRIGGER deals_no_delete;
CREATE TRIGGER deals_no_delete BEFORE DELETE ON deals
WHEN NOT EXISTS (SELECT 1 FROM event_deletions WHERE event_id = OLD.event_id)
BEGIN
    SELECT RAISE(ABORT, 'a sealed deal cannot be deleted');
END;

DROP TRIGGER deal_values_no_delete;
CREATE TRIGGER deal_values_no_delete BEFORE DELETE ON deal_values
WHEN NOT EXISTS (
    SELECT 1 FROM event_deletions e JOIN deals d ON d.event_id = e.event_id WHERE d.id = OLD.deal_id
)
BEGIN
    SELECT RAISE(ABORT, 'a public value cannot be deleted');
END;
