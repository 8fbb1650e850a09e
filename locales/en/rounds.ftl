### Strings of the round pages: pairing, results, byes, withdrawals.

rounds = Rounds
round = Round
no_rounds = No round has been paired yet.
boards = boards
board = Board
draft = draft, not published
pending_results = results missing
pair_round = Pair round { $round }
first_colour_lot = Colour of player 1 in round 1
draw_lot = Draw by lot
red = Red
black = Black
score = Pts
result = Result
bye = bye
byes = Byes and absences
bye_kind = Kind
bye_half = half-point bye
bye_full = full-point bye
bye_zero = absent, zero points
withdrawals = Withdrawals
withdraw = Withdraw
publish = Publish
discard = Discard and pair again
manual_pairing = Manual pairing
reason = Reason
save_results = Save results
result_entry_help = Type 1-0, 0-1, 1/2-1/2 (or 1, 0, =); forfeits 1-0F, 0-1F, 0-0F. Tab moves to the next board.
stale_boards = Changed by someone else meanwhile, not saved — check and enter again: boards
report_result = Report my result
standings = Standings
print = Print
match_entry_help = Banqi match: type each game's result from Red's view, e.g. 1=0 (1½–1½); forfeits as above. Games per match
round_n = Round { $round }
board_n = Board { $board }
game_n = Game { $game }
match_n = Match { $match }
pair_by_hand = Pair by hand
pair_by_hand_help = When the engine finds no pairing, or to pair every board yourself: a draft is made with the players by score paired 1–2, 3–4 …, for you to change board by board before publishing.
draft_checks = Checks of this draft
draft_checks_ok = Every player is paired once; no rematch, no second bye, the colour rules kept.
draft_refuses = Must be fixed before publishing:
draft_told = The engine would have avoided (allowed when no other pairing exists):
edit_pairing = Edit the whole pairing
edit_pairing_help = One line per board: Red's and Black's start numbers (Black empty for the bye). Saved all at once, only if every player to be paired is on exactly one board.
save_pairing = Save the pairing
my_board = Your game
my_board_line = You play { $colour ->
    [red] Red
   *[black] Black
} against { $opponent }, board { $board }
my_board_bye = You have the bye this round.
your_board = you
your_report = Your report
opponent_report = Your opponent's report
report_waiting_short = waiting for your opponent
report_match_games = The games, from Red's side
report_i_won = I won
report_drawn = Drawn
report_i_lost = I lost
report_waiting = Your result is reported. It counts once your opponent reports the same (or the arbiter enters it).
report_confirmed = Your opponent reported the same: the result is entered.
report_conflict = Your opponent reported a different result. Both reports are kept; the arbiter will decide.
reports_conflict = Reports differ:
red_reported = Red reported
black_reported = Black reported
withdrawn_from = withdrawn from round { $round }

## Corrections and undo of rounds and records: withdrawing a round, cancelling byes and withdrawals, late-entry byes, deleting a record, the results form's report, and the refusals of those workflows (`rc_*`).
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
relax_reason = Reason to let these teams meet in this round
report_link_title = Report your result
report_link_closed = This round's results are final: the next round is paired. Ask the arbiter for any change.
report_link_help = Both players report; two matching reports enter the result. Keep this page private: it is your own link.
report_link_not_paired = You have no game this round (the bye or an absence).
report_link_pairings = All pairings of this round
slips_links_when_published = The players' report links (QR codes) appear on the slips once the round is published.
report_qr = scan to report the result
screen_title = Display screen
screen_no_round = The pairings appear here once the first round is published.
screen_by_board = Pairings by board
screen_by_name = Pairings by name
screen_colour = Colour
screen_opponent = Opponent
qr_event = Scan for this event's pairings and results
qr_player = Scan for this player's page
table_labels = Table labels
qr_board = Scan to follow this board
screen_starts = starts
report_ko_waiting = No game can be reported yet: { $what }.
report_ko_closed = This match is decided. Ask the arbiter for any change.
report_ko_advance = You advance.
report_ko_out = You are out of the knockout.
report_ko_score = Match score (yours first)
report_ko_games = Games played
my_game_line = { $game }: you play { $colour ->
    [red] Red
   *[black] Black
} against { $opponent }
