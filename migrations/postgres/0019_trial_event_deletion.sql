-- The PostgreSQL twin of SQLite's 0019: a trial event's deals and public values may be deleted
-- with it (see that file).
CREATE TABLE event_deletions (
    event_id BIGINT PRIMARY KEY
);

CREATE OR REPLACE FUNCTION deals_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM event_deletions WHERE event_id = OLD.event_id) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a sealed deal cannot be deleted';
END
$$;

CREATE OR REPLACE FUNCTION deal_values_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND EXISTS (
        SELECT 1 FROM event_deletions e JOIN deals d ON d.event_id = e.event_id
        WHERE d.id = OLD.deal_id
    ) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'a public value cannot be changed or deleted';
END
$$;
