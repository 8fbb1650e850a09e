-- The PostgreSQL twin of SQLite's 0031: the age groups of an entry form, as written (empty for none).
ALTER TABLE entry_forms ADD COLUMN age_groups TEXT COLLATE "C" NOT NULL DEFAULT '';
