-- Who made an account (NULL: made on the command line, at set-up, or before this was recorded).
-- Organizers' accounts page lists the accounts they made or linked to their events.
ALTER TABLE users ADD COLUMN created_by INTEGER REFERENCES users (id);
