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
withdrawn_from = withdrawn from round
publish = Publish
discard = Discard and pair again
manual_pairing = Manual pairing
reason = Reason
save_results = Save results
result_entry_help = Type 1-0, 0-1, 1/2-1/2 (or 1, 0, =); forfeits 1-0F, 0-1F, 0-0F. Tab moves to the next board.
stale_boards = Changed by someone else meanwhile, not saved — check and enter again: boards
reported = reported
report_result = Report my result
standings = Standings
print = Print
match_entry_help = Banqi match: type each game's result from Red's view, e.g. 1=0 (1½–1½); forfeits as above. Games per match
round_n = Round { $round }
board_n = Board { $board }
game_n = Game { $game }
match_n = Match { $match }
