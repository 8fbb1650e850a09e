-- Login throttling by client address and by account name, counted in one table so that a check and
-- its count happen in one write transaction; API tokens gain an id (to list and revoke them), an
-- expiry and the time of their last use.
CREATE TABLE login_throttle (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failed_at TEXT NOT NULL
);

ALTER TABLE api_tokens ADD COLUMN id TEXT;
ALTER TABLE api_tokens ADD COLUMN expires_at TEXT;
ALTER TABLE api_tokens ADD COLUMN last_used_at TEXT;
UPDATE api_tokens SET id = substr(token_hash, 1, 16);
-- Tokens made before tokens expired keep working for a year from their creation.
UPDATE api_tokens SET expires_at = strftime('%Y-%m-%dT%H:%M:%SZ', created_at, '+365 days');
CREATE UNIQUE INDEX api_tokens_id ON api_tokens (id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- The name shown to the public (event pages list arbiters by it, never by their login name).
ALTER TABLE users ADD COLUMN display_name TEXT NOT NULL DEFAULT '';
