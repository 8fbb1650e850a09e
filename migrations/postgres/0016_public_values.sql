-- The PostgreSQL twin of SQLite's 0016: deals with a public value (see that file).
ALTER TABLE events ADD COLUMN public_value_required BIGINT NOT NULL DEFAULT 0 CHECK (public_value_required IN (0, 1));
ALTER TABLE deals ADD COLUMN value_required BIGINT NOT NULL DEFAULT 0 CHECK (value_required IN (0, 1));

CREATE TABLE deal_values (
    deal_id BIGINT PRIMARY KEY REFERENCES deals (id),
    public_value TEXT COLLATE "C" NOT NULL,
    deal TEXT COLLATE "C" NOT NULL,
    entered_by BIGINT NOT NULL REFERENCES users (id),
    entered_at TEXT COLLATE "C" NOT NULL
);

CREATE FUNCTION deal_values_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a public value cannot be changed or deleted';
END
$$;
CREATE TRIGGER deal_values_fixed BEFORE UPDATE OR DELETE ON deal_values
    FOR EACH ROW EXECUTE FUNCTION deal_values_fixed();

CREATE FUNCTION deals_value_required_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.value_required IS DISTINCT FROM OLD.value_required THEN
        RAISE EXCEPTION 'a sealed deal cannot be changed';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER deals_value_required_fixed BEFORE UPDATE OF value_required ON deals
    FOR EACH ROW EXECUTE FUNCTION deals_value_required_fixed();
