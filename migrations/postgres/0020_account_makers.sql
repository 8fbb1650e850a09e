-- The PostgreSQL twin of SQLite's 0020: who made an account (see that file).
ALTER TABLE users ADD COLUMN created_by BIGINT REFERENCES users (id);
