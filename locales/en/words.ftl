# Form and reader errors worded per language: event settings fields.
words_not_whole_number = “{ $value }” is not a whole number
words_out_of_range = { $value } is outside { $min }–{ $max }
words_not_date = “{ $value }” is not a date (YYYY-MM-DD)
words_tie_break_unknown = “{ $code }” is not a tie-break code
words_tie_break_twice = “{ $code }” is listed twice
words_knockout_size = { $value } must be 0, 4, 8 or 16
words_best_of = { $value } must be 1, 3, 5 or 7
words_points_order = a win must score more than a draw, a draw at least a loss
words_name_required = the name must be 1–{ $max } characters
words_not_variant = “{ $value }” is not jieqi, xiangqi or banqi
words_end_before_start = the last day is before the first

# Inside other errors: the pairing engine, deal contexts.
words_all_rounds_played = all { $rounds } rounds have been played
words_context_event_id = the event id must be 1–200 bytes without control characters
words_context_round = rounds are numbered from 1
words_context_game = games are numbered from 1

# An event backup's values (import).
svc_import_not_json = the backup is not JSON (line { $line }, column { $column })
words_row_not_object = row { $row } is not an object
words_missing = missing
words_not_text = { $value } is not text
words_line_limit = at most { $max } characters without control characters
words_block_limit = at most { $max } bytes without control characters
words_not_time = “{ $value }” is not a time (RFC 3339)
words_refers_to_nothing = { $id } refers to nothing in the backup
words_other_event = { $id } is not the backup's event ({ $event })
words_no_account = account { $id } is not in the backup
words_no_start_no = no player has start number { $number }
words_not_text_or_number = { $value } is not text or a number
words_unknown_column = row { $row }: unknown column “{ $column }”
words_not_one_of = “{ $value }” is not one of: { $allowed }
words_not_match_games = “{ $value }” is not a match's games (one of 1, 0, = per game)
words_not_verdict = not a verdict (line { $line }, column { $column })
words_record_too_long = { $plies } plies, more than the { $limit } a record may have (no real game comes near)
words_place_order = place { $to } is before place { $from }
words_not_deal_variant = “{ $value }” is not the event's game with face-down pieces
words_not_hex64 = not 64 hex digits
words_seed_not_hex = seed character { $position } “{ $character }” is not a hex digit
words_unsealed_time = an unsealed deal, and only it, has this time
words_not_backup_table = not a table of an event backup
words_missing_column = column { $column } missing
words_row_missing = row { $row }: { $column } missing
words_not_list = not a list
words_account_twice = account { $id } is listed twice
words_one_event = a backup holds exactly one event
words_id_twice = row { $row }: id { $id } twice

# Rating points as typed (rating list form, club CSV).
words_points_not_number = not a number (e.g. 1500 or 1523.75)
words_points_decimals = more than two decimals (points are kept in hundredths)
words_points_range = out of range (at most 1000000000 points)

# A record whose start cannot be set up (inside "record: …").
words_setup_variant_tag = unknown variant tag “{ $tag }”
words_setup_other_variant = the record is { $record } but the event plays { $asked }
words_setup_jieqi_deal_for_banqi = a Jieqi deal was given for a Banqi record
words_setup_deal_tag = Deal tag: { $detail }
words_setup_deal_differs = the record's Deal tag differs from the deal given
words_setup_deal_needs_jieqi = a deal needs Jieqi
words_setup_deal_pool = the deal does not fit the face-down pieces of the start position
words_setup_not_banqi = the record is tagged as “{ $tag }”, not Banqi
words_deal_length = a deal has { $expected } letters, this one { $found }
words_deal_letter = letter { $position } “{ $letter }” is not a piece letter
words_deal_case = letter { $position } “{ $letter }” must be { $side } (Black lower case, Red upper case)
words_deal_count = the deal has { $found } × { $side } { $letter }, a side has { $expected }
words_banqi_deal_count = the deal has { $found } × “{ $letter }”, a full set has { $expected }
words_fen_board = the FEN board field is malformed
words_fen_side = FEN side to move: “{ $value }”
words_fen_pool = the FEN pool field is malformed
words_fen_clock = FEN capture clock: “{ $value }” is not a number
words_fen_move_number = FEN move number: “{ $value }” is not a positive number
words_fen_extra = FEN has an unexpected extra field “{ $value }”
words_fen_position = the FEN position breaks the rules
words_banqi_fen_fields = a Banqi FEN has 4 fields after the board, this one { $found }

# A Banqi match's games as typed in the results form.
words_not_game_mark = “{ $mark }” is not a game result (1, 0, = or ½)
words_match_game_count = “{ $typed }” has { $games } games; a match here is { $count } games (fewer only once a side has won it), one mark each from Red's view (e.g. 1=0)
words_public_value_deal = a deal drawn with a public value cannot be imported yet (the backup does not carry the value)
words_not_format = “{ $value }” is not a format: swiss or round_robin
words_not_withdrawal_rule = “{ $value }” is not a withdrawal rule: annul_first_half or forfeits
words_groups_need_round_robin = only a round robin is played in groups
words_qualifiers_fill_knockout = { $groups } groups × { $per_group } qualifiers must fill a knockout of 0, 4, 8 or 16 (the knockout size is { $size })
words_not_club_avoidance = “{ $value }” is not a team avoidance setting: off, all, or a number of first rounds (at most 20)
words_avoidance_swiss_only = Team-mates are kept apart only in a Swiss; a round robin plays every pair
