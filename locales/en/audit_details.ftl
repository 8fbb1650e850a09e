# The audit log's details: what changed, worded for the reader (`audit_d_*`; stored as
# JSON in the detail column by `Reason::audit`). Names and values the user typed stay as typed.
audit_d_players = { $count } players
audit_d_fixed_by_pairing = { $count } players, fixed by the first pairing
audit_d_player_rating = { $name }: { $old } → { $new }{ $reopened ->
    [yes] {" "}(starting list re-opened)
   *[no] {""}
}
audit_d_player_delete = { $name }{ $reopened ->
    [yes] {" "}(starting list re-opened)
   *[no] {""}
}
audit_d_change = { $field }: { $old } → { $new }
audit_d_and = { $first }; { $rest }
audit_d_list = { $first }, { $rest }
audit_d_text = { $text }
audit_d_yes = yes
audit_d_no = no
audit_d_on = on
audit_d_off = off
audit_d_bye_request = round { $round } #{ $start } { $name }: { $kind }
audit_d_withdraw = #{ $start } from round { $round } ({ $reason })
audit_d_round_player = round { $round } #{ $start } ({ $reason })
audit_d_late_entry = #{ $start } rounds { $rounds }: { $kind }
audit_d_round_reason = round { $round } ({ $reason })
audit_d_round_boards = round { $round }: { $boards } boards
audit_d_round = round { $round }
audit_d_pairing = { $red }-{ $black }
audit_d_pairing_bye = { $red }-bye
audit_d_board_manual = round { $round } board { $board }: { $old } → { $new } ({ $reason })
audit_d_result = round { $round } board { $board }: { $old ->
    [none] none
   *[other] { $old }
} → { $new ->
    [none] none
   *[other] { $new }
}
audit_d_result_report = round { $round } board { $board }: { $result }
audit_d_database_copy = downloaded a copy of the whole database
audit_d_deal_withdraw = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: deal #{ $deal } (commitment { $commitment }) withdrawn by a re-draw
audit_d_deal_seal = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: deal #{ $deal } sealed, commitment { $commitment }
audit_d_deal_unseal = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: deal #{ $deal } unsealed
audit_d_deal_unseal_override = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: deal #{ $deal } unsealed by override while without a result: { $pending }
audit_d_record_apply = round { $round } board { $board } game { $game }: the record's result { $result } applied ({ $status })
audit_d_record_board = round { $round } board { $board } game { $game }: { $legal ->
    [yes] legal
   *[no] illegal
}
audit_d_record_match = match { $match } game { $game }: { $legal ->
    [yes] legal
   *[no] illegal
}
audit_d_record_delete_board = round { $round } board { $board } game { $game } ({ $reason })
audit_d_record_delete_match = match { $match } game { $game } ({ $reason })
audit_d_game_board = round { $round } board { $board } game { $game }
audit_d_game_match = match { $match } game { $game }
audit_d_readjudicated = { $game }: re-adjudicated by the newer rules, the verdict changed; the result stays
audit_d_upload = round { $round }: { $stored } of { $games } games stored, { $results } results set
audit_d_ko_lot = match { $match }: #{ $start } plays Red in game 1
audit_d_ko_decider_colour = match { $match }: the higher seed plays { $colour ->
    [red] Red
   *[black] Black
} in the decider
audit_d_ko_result = match { $match } game { $game }: { $result }
audit_d_ko_forfeit = match { $match }: #{ $start } forfeits ({ $reason })
audit_d_ko_withdraw = #{ $start } withdraws ({ $reason })
audit_d_ko_seed = best of { $best_of }, tie rule { $tie_rule ->
    [decider] decider
    [play_on] play on
   *[other] higher seed advances
}, 3rd-place match { $third_place ->
    [yes] yes
   *[no] no
}; seeds { $seeds }
audit_d_prize_place = { $place }: { $amount }
audit_d_prize_places = { $from }–{ $to }: { $amount } each
audit_d_prize_special = { $label } ({ $category }): { $amount }
audit_d_prize_team = team { $place }
audit_d_prizes = { $currency } total { $total }; ties: { $ties }; { $rows }
audit_d_import = { $format }: event { $event } ({ $name }); linked: { $linked }
audit_d_none = none
# The club rating lists (積分榜): lists, their settings, batches of games, starting lists.
audit_d_rating_list = rating list #{ $list } { $name }
audit_d_rating_settings = (start { $start }, rated after { $after } games, levels { $base }/{ $step } { $lowest }…{ $highest })
audit_d_rating_list_settings = rating list #{ $list }: { $old_name } { $old } → { $name } { $new }
audit_d_rating_list_game = game { $old } → { $new }
audit_d_rating_from_file = file '{ $label }'
audit_d_rating_one_game = { $date } { $red } – { $black } { $result }
audit_d_rating_from_form = games entered by form
audit_d_rating_from_event = event #{ $event } { $label }
audit_d_rating_games = rating list #{ $list }: { $what }, { $games } games
audit_d_rating_kind_file = file
audit_d_rating_kind_form = form
audit_d_rating_kind_event = event
audit_d_rating_remove = rating list #{ $list }: batch #{ $batch } ({ $kind } '{ $label }'), { $games } games; reason: { $reason }
audit_d_rating_start_list = rating list #{ $list }: { $players } players
audit_d_hand_pairing = round { $round }: pairing set by hand, { $boards } boards ({ $reason })
audit_d_result_report_side = round { $round } board { $board }: { $side } reported { $result }
audit_d_deal_public_value = round { $round } { $game ->
    [decider] the decider
   *[other] game { $game }
}: public value of deal #{ $deal } entered: { $value }
audit_d_player_move = { $name }: from section { $from } to { $to }
audit_d_draw = draw by { $method } (seed { $seed }): { $rounds } rounds
audit_d_forbidden_pairs = { $pairs }
audit_d_relax_avoidance = round { $round }: team “{ $team }” may meet
audit_d_fouls = player { $start }, round { $round }: fouls { $old } → { $new }
audit_d_knockout_report = match { $match } game { $game }: { $start } ({ $side }) reported { $result }
