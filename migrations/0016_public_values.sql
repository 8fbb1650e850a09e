-- Deals with a public value (SquareDeal): an event may require that each deal be drawn from
-- SHA-256(seed bytes ‖ UTF-8 of a public value) fixed after the commitment is published. Such a deal
-- is sealed with its commitment over the seed alone and an empty `deal`; the value, entered once,
-- and the layout it draws are kept in `deal_values`, which nothing changes or deletes.
ALTER TABLE events ADD COLUMN public_value_required INTEGER NOT NULL DEFAULT 0 CHECK (public_value_required IN (0, 1));
ALTER TABLE deals ADD COLUMN value_required INTEGER NOT NULL DEFAULT 0 CHECK (value_required IN (0, 1));

CREATE TABLE deal_values (
    deal_id INTEGER PRIMARY KEY REFERENCES deals (id),
    public_value TEXT NOT NULL,
    deal TEXT NOT NULL,
    entered_by INTEGER NOT NULL REFERENCES users (id),
    entered_at TEXT NOT NULL
);

CREATE TRIGGER deal_values_fixed BEFORE UPDATE ON deal_values
BEGIN
    SELECT RAISE(ABORT, 'a public value cannot be changed');
END;

CREATE TRIGGER deal_values_no_delete BEFORE DELETE ON deal_values
BEGIN
    SELECT RAISE(ABORT, 'a public value cannot be deleted');
END;

CREATE TRIGGER deals_value_required_fixed BEFORE UPDATE OF value_required ON deals
WHEN NEW.value_required IS NOT OLD.value_required
BEGIN
    SELECT RAISE(ABORT, 'a sealed deal cannot be changed');
END;
