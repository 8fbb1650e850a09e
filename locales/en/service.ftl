### Strings of the workflows' refusals (`service::Reason` keys) and the error pages' headlines.
### `{name}` is replaced by the reason's argument of that name.

error_stale = Changed by someone else
error_not_now = This cannot be done now
error_refused = This cannot be done
svc_already_exists = This already exists.
svc_stale_board = board { $board } was changed by someone else meanwhile; reload the page and try again
svc_stale_bracket = the bracket was changed by someone else meanwhile; reload the page and try again
svc_draft_pending = round { $round } is paired but not published yet
svc_round_unfinished = round { $round } has boards without a result: { $boards }
svc_all_rounds_paired = all { $rounds } Swiss rounds are paired
svc_list_empty = the starting list has no players yet
svc_list_already_fixed = the starting list is confirmed already
svc_list_paired = round 1 is paired: the starting list was fixed by the first pairing
svc_bad_rating = '{ $typed }' is not a rating (a whole number from 0 to { $max }, empty for unrated)
svc_confirm_delete = tick the box to confirm the deletion
svc_delete_after_pairing = round 1 is paired: an entry can no longer be deleted; withdraw the player instead
svc_too_few_players = round { $round } needs at least two players to pair (found { $found })
svc_pairing_failed = the pairing failed: { $detail }
svc_bad_match_games = board { $board }: { $detail }
svc_not_a_result = board { $board }: '{ $typed }' is not a result (1-0, 0-1, 1/2-1/2, 1-0F, 0-1F, 0-0F)
svc_bye_has_no_result = board { $board } is the pairing-allocated bye; it has no result to enter
svc_bye_has_no_game = board { $board } is the pairing-allocated bye; it has no game
svc_round_not_published = round { $round } is not published yet
svc_player_twice = player { $player } is on two boards of round { $round }
svc_bye_and_paired = player { $player } has a bye in round { $round } but is also paired
svc_bad_round_game = round/game: { $detail }
svc_xiangqi_no_deal = variant: xiangqi has no face-down pieces, so no deal
svc_not_a_round = round: { $round } is not a round number (1–{ $max })
svc_past_the_final = round: { $round } is past the final (the knockout has { $knockout } rounds after { $swiss } Swiss rounds)
svc_deal_not_sealed = deal #{ $deal } is { $status }; only a sealed deal can be unsealed
svc_unseal_pending = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: not every game has a result ({ $pending }); unseal with the override if you must
svc_deal_changed = deal #{ $deal } was changed meanwhile
svc_no_knockout_round = knockout round { $round } does not exist
svc_pending_match = match { $match }
svc_pending_board = board { $board }
svc_knockout_not_seeded = the knockout is not seeded
svc_round_not_paired = round { $round } is not paired
svc_pending_round_unpublished = round { $round } is not published
svc_knockout_refused = { $detail }
svc_not_a_game_result = result: '{ $typed }' is not 1-0, 0-1 or 1/2-1/2
svc_not_a_colour = { $field }: '{ $typed }' is not red or black
svc_knockout_not_seeded_yet = the knockout has not been seeded yet (POST .../knockout)
svc_no_knockout_stage = this event has no knockout stage (knockout size 0)
svc_already_seeded = the knockout is already seeded
svc_bad_best_of = best of { $best_of }: a knockout match is best of 1, 3, 5 or 7
svc_too_few_qualifiers = the knockout needs { $size } qualifiers; only { $found } players are available
svc_knockout_begun = the knockout has begun; it can no longer be discarded
svc_prize_row_too_large = prize row { $row }: amount too large
svc_special_too_large = special prize { $row }: amount too large
svc_bad_ties = ties: '{ $typed }' is not by_tie_break, shared or hort
svc_team_prizes = team prizes: { $why }
svc_bad_prize_table = { $detail }
svc_prizes_too_large = the prize amounts are too large
svc_swiss_not_over = the Swiss stage is not over: { $done } of { $wanted } rounds published
svc_swiss_round_pending = the Swiss stage is not over: round { $round } has { $pending } boards without a result
svc_no_rounds_yet = the event has no rounds yet
svc_board_without_result = round { $round } board { $board } has no result yet
svc_knockout_unfinished = the knockout stage is not finished
svc_no_rated_games = the event has no rated games
svc_event_already_in_list = this event's games are already in the list '{ $list }'
svc_not_a_board_game = game: { $game } is not a game of this board (1–{ $max })
svc_record_unreadable = record: { $detail }
svc_deal_tag_differs = record: the Deal tag differs from the round's sealed deal
svc_record_red_differs = record: the Red tag names '{ $tag }', but Red in this game is { $player } (no. { $start })
svc_record_black_differs = record: the Black tag names '{ $tag }', but Black in this game is { $player } (no. { $start })
svc_record_empty = record: the record is empty
svc_record_too_long = record: { $plies } plies, more than the { $limit } a record may have (no real game comes near)
svc_nothing_to_apply = board { $board } game { $game }: the record has no result to apply ({ $status })
svc_not_a_match_game = game: { $game } is not a played or due game of match { $match }
# Bulk record upload.
svc_upload_bad_round_tag = the Round tag '{ $tag }' is not a round number (3, or 3.2 for game 2)
svc_upload_other_round = the Round tag says round { $tag }; this upload is for round { $round }
svc_upload_no_names = the game has no Red and Black tags to find its board by
svc_upload_game_number_needed = the boards of this event hold several games: give the game number (Round "3.2" or a Game tag)
svc_upload_colours_swapped = colours swapped: on board { $board } Red is { $red } and Black is { $black }
svc_upload_names_differ = board { $board }: the { $tag } tag names '{ $typed }', but that side is { $player }
svc_upload_no_board = no board of this round has { $red } against { $black }
svc_upload_duplicate = board { $board } game { $game } already has game { $other } of this file
svc_upload_too_many = records: the file holds { $games } games; one upload takes at most { $max }
svc_upload_no_such_board = game { $game }: '{ $board }' is not a board of this round
svc_upload_assigned_twice = board { $board } was assigned games { $first } and { $second }; a board takes one
svc_upload_changed = the round or the file changed since the preview; check the new preview and confirm again
svc_upload_nothing = no game of the file matches a board of this round: nothing to store
# Bulk record upload of a knockout round.
svc_upload_match_game_number_needed = a knockout match has several games: give the game number (Round "7.2" or a Game tag)
svc_upload_match_colours_swapped = colours swapped: in game { $game } of match { $board } Red is { $red } and Black is { $black }
svc_upload_match_names_differ = match { $board } game { $game }: the { $tag } tag names '{ $typed }', but that side is { $player }
svc_upload_no_match = no match of this round has { $red } against { $black }
svc_upload_not_a_match_game = match { $board } has no game { $game } whose colours are known (the lot or the decider's colour not recorded yet, or no such game)
svc_upload_match_duplicate = match { $board } game { $game } already has game { $other } of this file
svc_upload_no_such_match_game = game { $game }: '{ $board }' is not a game of a match of this round
svc_upload_match_assigned_twice = match game { $board } was assigned games { $first } and { $second }; a game takes one record
svc_upload_match_nothing = no game of the file matches a game of a match of this round: nothing to store
svc_upload_match_decided = match { $board } is decided after { $played } games: it has no game { $game }
svc_upload_result_refused = the record is stored but its result is not entered: { $detail }
svc_import_format = not an Anqi event backup: the "format" field must be "{ $format }" (export the event again)
svc_import_bad_table = { $table }: { $detail }
svc_import_bad_value = { $table } row { $row }, { $column }: { $detail }
svc_import_row = { $table } row { $row }: { $detail }
svc_import_already = this event was imported before, as event { $event }; it is not imported twice
svc_import_unknown_account = map_{ $account }: the backup lists no arbiter or player account { $account }
svc_import_bad_choice = the account chosen for '{ $name }' is not one of the accounts offered for it
svc_not_a_deal_game = game: round { $round } has no game { $game } (its games: { $games })
svc_deal_already_unsealed = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: its deal is already unsealed and can never be drawn again
svc_deal_used = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: a game has already been played on this deal (a result or a record), so it can never be drawn again
svc_redraw_unconfirmed = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
} already has a sealed deal. Tick “draw again” to withdraw it and seal a new one
svc_game_played_without_deal = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
} has already been played without a deal
svc_round_all_dealt = every game of round { $round } already has its deal (or has been played)
svc_knockout_all_dealt = every knockout game already has its deal (or has been played)
svc_none_finished = no sealed deal has all its games finished yet
svc_deals_changed = the deals were changed by someone else meanwhile; nothing was unsealed
svc_no_legal_pairing = the pairing engine finds no pairing for round { $round } that keeps the rules (no rematch, no second bye, the colour rules). Pair it by hand: a draft is made for you to change board by board, with the same checks before it is published.
svc_draft_missing = player { $player } is to be paired in round { $round } but is on no board
svc_draft_not_playing = { $player } is not a player of round { $round } (no such start number, or withdrawn or not yet entered)
svc_draft_themselves = player { $player } cannot play against themselves
svc_draft_two_byes = only one board may be the bye
svc_draft_rematch = { $red } and { $black } have already met
svc_draft_second_bye = player { $player } already had a bye or a forfeit win
svc_draft_colour = player { $player } would play { $colour } a third time running, or twice more than the other colour
svc_draft_not_a_start = board { $board }: '{ $typed }' is not a start number
svc_draft_too_many = at most { $max } boards
svc_export_jieqi_only = only Jieqi games are written in the Jieqi tools' formats
svc_export_sealed = the game's deal is still sealed; its record is written for other tools once the deal is unsealed
svc_export_illegal = the record has an illegal move at ply { $ply }; only a record that replays is written for other tools
svc_export_format = unknown record format “{ $format }” (record, jieqibox, pikafish or pychess)
svc_section_name_required = give the section a short name (e.g. Open, Junior)
svc_section_name_taken = the event already has a section named “{ $name }”
svc_first_section_unnamed = name the event's first section in its settings before adding another
svc_no_such_section = there is no section { $id } in this event
svc_section_started = a round is paired or the round robin drawn in one of the sections: players no longer move
svc_section_has_player = the section { $section } already has a player of that name and club
svc_bad_draw_seed = “{ $typed }” is not a seed: 64 hexadecimal digits
svc_bad_draw_method = “{ $typed }” is not a way to draw: lot or rating
svc_not_round_robin = this section is a Swiss; only a round robin is drawn
svc_already_drawn = the round robin has been drawn already
svc_not_drawn = draw the round robin's numbers before pairing round 1
svc_round_robin_by_table = a round robin is paired by its Berger table, not by hand
svc_too_many_sections = an event has at most { $most } sections
svc_drawn_no_entries = the round robin is drawn: no new entries (its schedule is fixed)
svc_row_unknown_section = line { $line }: “{ $section }” is no section of this event (its sections: { $known })
svc_drawn_no_entries_in = the section { $section } has drawn its round robin: no new entries
svc_bad_pair = “{ $typed }” is not a pair of start numbers (e.g. 3-7)
svc_pairs_count = give 1 to { $most } pairs, not { $count }
svc_pair_same_player = a pair needs two players ({ $start } is given twice)
svc_pair_unknown_start = a start number of these pairs has no player
svc_avoidance_blocks = round { $round } cannot be paired with every team kept apart: { $teams } must meet in it. Give a reason to let just these teams meet in this round (it is recorded), or pair the round by hand.
svc_lot_drawn = the final lot was drawn already; it is drawn once
svc_fouls_no_round = fouls are recorded against a round that has been paired; no round is paired yet
report_link_other_round = This form is for another round: this link reports round { $round }. Reload the page.
report_link_other_board = Board { $board } is not your board this round. Reload the page.
report_link_final = Round { $round }'s results are final: the next round is paired. Ask the arbiter.
report_link_other_match = This link is for match { $match }: reload the page.
report_link_other_game = Game { $game } cannot be reported now: it is not the game due, or its colours are not fixed yet. Reload the page.
report_link_game_entered = Game { $game } already has its result. Ask the arbiter for any change.
report_link_match_decided = Match { $match } is decided. Ask the arbiter for any change.
