-- Issue 18. "Deals required" (an event setting): a Swiss round's pairing may be published, and a
-- knockout game started, only once its deal is sealed. Existing events were run without the
-- requirement and keep running so; the creation form turns it on for Jieqi and Banqi.
ALTER TABLE events ADD COLUMN deals_required INTEGER NOT NULL DEFAULT 0 CHECK (deals_required IN (0, 1));

-- The final and the 3rd-place match get separate deal rounds (the 3rd-place match's deals are
-- sealed under round swiss_rounds + knockout rounds + 1). Deal commitments cover their round
-- number, so a stored deal cannot move: an event whose final round already has a deal keeps the old
-- numbering, in which the 3rd-place match plays on the final's deals (0 here).
ALTER TABLE events ADD COLUMN third_place_own_deals INTEGER NOT NULL DEFAULT 1 CHECK (third_place_own_deals IN (0, 1));
UPDATE events SET third_place_own_deals = 0
WHERE knockout_size >= 4 AND EXISTS (
    SELECT 1 FROM deals d
    WHERE d.event_id = events.id
      AND d.round_no = events.swiss_rounds
          + CASE WHEN events.knockout_size >= 16 THEN 4 WHEN events.knockout_size >= 8 THEN 3 ELSE 2 END
);
