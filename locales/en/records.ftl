### Strings of the bulk record upload and of the list of verdicts changed on upgrade (issue 14).

upload_records = Upload a round's records
upload_help = One record file (PGN) holding the games of a round, or of a knockout round (the rounds after the Swiss). Each game is matched to its board or match by its Round tag (3, or 7.2 for game 2 of a match) and its Red and Black tags (names or start numbers), which must give that game's colours. Nothing is stored before you confirm; games that already have a result keep it.
upload_records_text = Records
upload_check = Check the file (nothing is stored yet)
upload_check_again = Check again with these assignments
upload_confirm = Store the matched games
upload_preview = Preview
upload_will_store = Games to be stored
upload_game = Game
upload_match = Match
upload_line = line
upload_tags = Tags
upload_placed = Board
upload_by_hand = assigned by hand
upload_unmatched = Not matched:
upload_assign = Assign to
upload_assign_none = — not stored —
upload_not_stored = Not stored:
upload_stored = records stored
upload_results_set = results set
readjudicated_title = Verdicts changed by the new rules
readjudicated_help = These records were adjudicated again when the server was upgraded (a ruling such as a repetition no longer ends the game: play may go on). The entered results did not change; check each game and apply the record's result if it is right.
readjudicated_before = Before
readjudicated_now = Now
readjudicated_entered = Result entered
readjudicated_match = Match
