### Strings of the corrections and undo of rounds and records (issue 18): withdrawing a round,
### cancelling byes and withdrawals, late-entry byes, deleting a record, the results form's report,
### and the refusals of those workflows (`rc_*`).

# Every correction's reason and confirmation.
rc_confirm_box = I confirm this correction
rc_reason_needed = reason: type why (it is kept in the audit log)
rc_reason_too_long = reason: at most { $max } characters
rc_reason_bad_char = reason: the character { $code } is not allowed
rc_confirm_needed = tick the confirmation box to make this correction
# Typed numbers.
rc_not_a_start_no = start number: '{ $typed }' is not a start number of this event
rc_not_a_round_no = round: '{ $typed }' is not a round number
rc_not_a_future_round = round: '{ $typed }' is not a round still to be paired ({ $from }–{ $to })
rc_bye_kind = kind: '{ $typed }' is not a half-point, full-point or zero-point bye
rc_late_bye_kind = kind: '{ $typed }': a late entry's bye scores zero or half a point
rc_not_a_board_no = board: '{ $typed }' is not a board number
rc_plays_themselves = black: a player cannot play themselves
rc_not_a_played_result = result: '{ $typed }' is not 1-0, 0-1 or 1/2-1/2
rc_version_missing = board { $board }: the form did not send the board's version; reload the page
rc_board_has_result = board { $board } already has a result
# Rounds.
rc_round_is_draft = round { $round } is a draft: discard it instead
rc_round_not_last = round { $round } is not the last round paired: withdraw the later rounds first
rc_round_has_results = round { $round } cannot be withdrawn: results are entered on board { $boards }
rc_round_has_records = round { $round } cannot be withdrawn: board { $boards } has a move record (delete it first)
rc_discard_published = round { $round } is published; it cannot be discarded (withdraw it while no result is in)
rc_fix_published = round { $round } is published; withdraw it or enter results instead
rc_withdraw_round = Withdraw this round
rc_withdraw_round_help = No result is entered yet: the round can be taken back (its pairing, byes and boards go) and paired again. Sealed deals stay.
# Byes.
rc_cancel_bye = Cancel a bye
rc_no_such_bye = player #{ $player } has no bye to cancel in round { $round }
rc_bye_round_paired = round { $round } is paired: player #{ $player }'s bye is part of its pairing; withdraw or discard the round first
rc_late_entries = Late entries
rc_late_rule = A player registered after a round was paired is not paired for the rounds missed (FIDE C.04.2, late entries): those rounds score zero, or half a point where the event's regulations grant it.
rc_missed_rounds = missed rounds
rc_give_late_byes = Give byes for the missed rounds
rc_late_byes_given = Byes of late entries
rc_no_missed_round = player #{ $player } missed no round without a bye
# Withdrawals.
rc_withdraw_undo = Undo a withdrawal
rc_already_withdrawn = player #{ $player } has already withdrawn (from round { $round })
rc_player_changed = player #{ $player } was changed meanwhile; reload the page
rc_not_withdrawn = player #{ $player } has not withdrawn
# The results form.
rc_saved_results = Results saved: { $count }.
rc_refused_results = Refused: { $count } —
rc_results_each_board = Each board is saved on its own: the valid results are stored even when another box holds a mistake, which is marked and kept as typed.
# Records.
rc_delete_record = Delete this record
rc_delete_record_help = The record and its verdict go; the result entered by the arbiter stays.
rc_no_record = game { $game } has no record to delete
rc_next_round_paired = round { $round } was paired on the old scores
rc_knockout_seeded = the knockout was seeded on the old standings
rc_late_change_unconfirmed = board { $board }: { $stage }. Changing its result does not pair anything again: give a reason and tick the confirmation to change it.
rc_late_change = Correcting a result after the next pairing
rc_late_change_warning = { $stage }. A result changed here does not pair that again. A change needs a reason and your confirmation; it is kept in the audit log.
