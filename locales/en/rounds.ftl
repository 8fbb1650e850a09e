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
