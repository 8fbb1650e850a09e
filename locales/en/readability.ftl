### Strings of the readable pages of issue 18: the crosstable's cells, the player card from the
### player's side, withdrawn players, the knockout seed list, "deals required" and the separate
### deal rounds of the final and the 3rd-place match.

st_after_round = After round { $round }
ct_round = Rd { $round }
ct_red = r
ct_black = b
ct_bye = bye
ct_absent = absent
ct_forfeit = F
ct_forfeit_title = by forfeit
ct_legend = Each cell: opponent's number, colour (r Red, b Black), points scored. F: by forfeit.
pc_win = Win
pc_draw = Draw
pc_loss = Loss
pc_forfeit_win = Win by forfeit
pc_forfeit_loss = Loss by forfeit
pc_withdrawn = withdrawn
pc_withdrawn_from = Withdrawn: not paired from round { $round } on
pc_outcome = Result
pc_round_points = Points
pc_running = Total
deals_required = Deals required: publish a round, or start a knockout game, only once its deal is sealed
deals_required_help = For Jieqi and Banqi (xiangqi has no deals). Without it, a round may be played without a sealed deal, and the pages say so.
public_value_required = Public value required: each deal is drawn from its seed and a value fixed at the venue after sealing
public_value_required_help = For Jieqi and Banqi. The arbiter then cannot choose a layout by drawing seeds until one suits: the setup sheet is printed only once the value is entered (see docs/deals.md).
deal_played_without = This round is played without a sealed deal.
deal_required_missing = No deal is sealed for this round yet: the pairing cannot be published before it is (the event requires deals).
ko_deal_played_without = The next game is played without a sealed deal.
ko_deal_required_missing = The next game cannot start before its deal is sealed (the event requires deals).
svc_deal_required_round = Round { $round } cannot be published: no deal is sealed for game { $games } (the event requires deals)
svc_deal_required_game = Game { $game } of match { $match } cannot start: its deal is not sealed (the event requires deals)
svc_deal_required_decider = The decider of match { $match } cannot start: its deal is not sealed (the event requires deals)
svc_rating_label_taken = Another batch of this list is already labelled '{ $label }': give this file another label
svc_rating_remove_unconfirmed = Tick the confirmation to remove the batch: every rating is recomputed without its games
svc_rating_remove_reason = Give the reason for removing the batch (it is kept in the audit log)
svc_rating_remove_bad_reason = reason: { $detail }
rating_remove_confirm = Yes, remove this batch and recompute every rating
push_start_from_event = Players new to the list start from their rating in this event (not the list's start points)
ct_half_bye = half-point bye
ct_full_bye = full-point bye
