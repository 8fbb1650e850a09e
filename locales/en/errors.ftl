### The error pages: a headline per cause, a sentence saying what it means and what to do.

error_not_found = Not found
error_login_required = Login required
error_forbidden = Not allowed
error_csrf = The form expired
error_invalid = A value is not valid
error_exists = This already exists
error_too_many = Too many attempts
error_internal = Server error
error_invalid_help = Nothing was changed. Correct the value named below and send the form again.
error_not_now_help = Nothing was changed: the state of the event does not allow this (not yet, or no longer).
error_stale_help = Nothing was changed: someone else changed this meanwhile. Reload the page and try again.
error_exists_help = Nothing was changed: an entry with the same name or number is already there.
error_refused_help = Nothing was changed: this is not possible here.

## Form values a page refused (the field or line and what was typed).
err_form_too_large = The form is too large to be read.
err_form_unreadable = A field of the form holds a value of the wrong kind (for example letters where a number belongs).
err_version_missing = Board { $board }: the form lacks the board's version; reload the page and enter it again.
err_published_not_discarded = Round { $round } is published; it cannot be discarded.
err_published_not_fixed = Round { $round } is published; discard it or enter results instead.
err_not_a_board = “{ $typed }” is not a board number.
err_not_a_start_here = “{ $typed }” is not a start number of this event.
err_not_a_start = “{ $typed }” is not a start number.
err_plays_themselves = A player cannot play themselves.
err_pairing_reason = A manual pairing needs a reason for the log.
err_reason_needed = Give a reason for the log.
err_not_a_round_to_pair = “{ $typed }” is not a round still to be paired ({ $first }–{ $last }).
err_bye_kind = “{ $typed }” is not a kind of bye (half point, full point or zero).
err_no_player = There is no player No. { $start }.
err_not_a_result = “{ $typed }” is not 1-0, 0-1 or 1/2-1/2.
err_board_has_result = Board { $board } already has a result.
err_unknown_account = There is no account named “{ $name }”.
err_bad_amount = line { $line }: “{ $typed }” is not an amount in whole currency units.
err_bad_place_line = Place prizes, line { $line }: “{ $typed }” is not “place amount” or “from-to amount”.
err_bad_special_line = Special prizes, line { $line }: “{ $typed }” is not “category, label, amount”.
err_no_prize_table = The event has no prize table yet.
err_not_a_round = “{ $typed }” is not a round number.
err_not_a_game = “{ $typed }” is not a game number (1, 2, … or the decider).
err_not_a_rating_list = “{ $typed }” is not a rating list.
err_unknown_role = “{ $typed }” is not a role.
err_not_a_tie_rule = “{ $typed }” is not a tie rule.
err_match_waiting = Match { $match } is still waiting for its players.
err_not_in_match = No. { $start } does not play in match { $match }.
err_not_a_backup_account = “{ $typed }” is not an account of the backup.
err_not_a_local_account = “{ $typed }” is not a local account.
err_backup_missing = The backup is missing from the form; upload it again.
