-- Players' own result reports, side by side: what Red's side and what Black's side reported (a
-- result from Red's view, or a Banqi match's games), so that a second report that differs from
-- the first is kept as a conflict for the arbiter instead of replacing it. A pending report of the
-- earlier single column moves to its reporter's side.
ALTER TABLE boards ADD COLUMN red_report TEXT;
ALTER TABLE boards ADD COLUMN black_report TEXT;
UPDATE boards SET red_report = reported_result
WHERE reported_result IS NOT NULL AND result IS NULL AND reported_by = (
    SELECT p.user_id FROM players p JOIN rounds r ON r.event_id = p.event_id
    WHERE r.id = boards.round_id AND p.start_no = boards.red
);
UPDATE boards SET black_report = reported_result
WHERE reported_result IS NOT NULL AND result IS NULL AND red_report IS NULL AND reported_by = (
    SELECT p.user_id FROM players p JOIN rounds r ON r.event_id = p.event_id
    WHERE r.id = boards.round_id AND p.start_no = boards.black
);
UPDATE boards SET reported_result = NULL, reported_by = NULL;
