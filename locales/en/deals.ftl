### Strings of the sealed-deal pages (setup sheets, unsealing, verification) and the scoresheets.

deals = Sealed deals
deal = Deal
deals_secret_help = Only this event's arbiters and organizer see this page. Every board of a round is set with the same hidden layout; nothing of it is public until it is unsealed.
deals_none_for_xiangqi = Xiangqi has no face-down pieces, so no deals.
deals_empty = No deal has been sealed yet.
deal_seal = Seal a deal
deal_seal_button = Draw and seal
deal_game = Game
deal_decider = decider
deal_status = Status
deal_sealed = sealed
deal_withdrawn = withdrawn
deal_unsealed = unsealed
deal_override = override
deal_commitment = Commitment
deal_seed = Seed
deal_sealed_at = Sealed
deal_open = Open
deal_sheet = Setup sheet
deal_sheet_secret = Secret — for the arbiters' helpers only. Set every board face-down exactly as shown.
deal_sheet_kings = The kings stand face-up on their palace centres (shaded).
deal_round_sheets = Print every setup sheet of this round
deal_square = Square
deal_piece = Piece
deal_verify = Verify
deal_verify_help = The server recomputes the SHA-256 commitment from these fields and checks that the seed draws the deal. Change any field to see the check fail.
deal_verify_ok = ok — the seed draws this deal and the commitment matches.
deal_verify_mismatch = mismatch
deal_cli_help = Check it yourself without this server:
deal_unseal = Unseal
deal_all_results_in = Every game using this deal has a result.
deal_pending = Not every game using this deal has a result:
deal_override_label = Unseal anyway (arbiter's override, logged)
deal_announce = Announce duplicate deals
deal_announce_label = Tell players that every board of a round has the same layout (show commitments on round pages)
deal_announce_help = Off by default: the players are not told (seed rules).
scoresheet = Game record
record_secret = secret until the deal is unsealed
record_verdict = Adjudication
record_plies = plies
record_illegal = Illegal move at ply
record_undecided = The record ends without a result; the entered result is not changed.
record_unentered = No result entered yet; the record says
record_agrees = The record agrees with the entered result
record_conflict = The record's result differs from the entered result:
record_claim_conflict = The record claims a result the final position contradicts:
record_match_game = A game of a match: the board's result is the match score, entered by the arbiter.
record_apply = Apply the record's result
record_download = Download the record
record_none = No record submitted.
record_submit = Submit a move record
record_text = Record (paste)
record_file = or upload a file
record_help = Any notation of the record format (Chinese, WXF, ICCS). It is adjudicated at once with the round's sealed deal and the event's move limit; a result is set only when it agrees or none is entered yet.
record_check_save = Adjudicate and save
verify_field = { $field ->
    [variant] Game
    [event] Event
    [round] Round
    [game] Game number
    [deal] Deal
    [seed] Seed
    [public_value] Public value
   *[commitment] Commitment
}
verify_bad_variant = variant: “{ $typed }” is not jieqi or banqi
verify_bad_round = round: “{ $typed }” is not a number
verify_bad_game = game: “{ $typed }” is not 1, 2, … or decider
verify_bad_event = event: the event id must be 1–200 bytes without control characters
verify_round_zero = round: rounds are numbered from 1
verify_game_zero = game: games are numbered from 1
verify_seed_not_hex = seed: character { $position } “{ $character }” is not a hex digit
verify_seed_length = seed: a seed is 64 hex digits, found { $found } characters
verify_bad_commitment = commitment: not 64 hex digits
verify_not_from_seed = the seed does not draw this deal
verify_commitment_differs = the commitment does not match the variant, event, round, game, deal and seed
verify_deal_none = deal: { $variant } has no deal (only jieqi and banqi do)
verify_deal_length = deal: a { $variant } deal has { $expected } letters, found { $found }
verify_deal_letter = deal: letter { $position } “{ $letter }” is not a { $variant } piece letter
verify_deal_side = deal: letter { $position } “{ $letter }” stands on { $square }, which holds a { $side ->
    [Red] Red
   *[Black] Black
} piece
verify_deal_count = deal: a { $variant } deal needs { $expected } “{ $letter }”, found { $found }
deal_text_file = Plain text
verify_seed_os = seed: the operating system's random source failed: { $error }
deal_seal_help = A fresh secret seed is taken from the operating system. A game may be dealt at any time before it is played. Drawing a sealed game again withdraws its earlier deal (it stays listed) and needs “draw again” ticked; a deal a game has been played on is never drawn again.
deal_seal_all = Seal a whole round
deal_seal_round_button = Seal every game of this round
deal_seal_knockout_button = Seal every knockout game
deal_seal_all_help = Seals a deal for each game that has none yet and has not been played (knockout: games 1, 2, 3 … and the decider). Games already dealt keep their deals.
deal_redraw_label = Draw again (withdraws this game's sealed deal)
deal_sealed_count = { $count ->
    [one] One deal sealed.
   *[other] { $count } deals sealed.
}
deal_unsealed_count = { $count ->
    [one] One deal unsealed.
   *[other] { $count } deals unsealed.
}
deal_unseal_finished = Unseal finished deals
deal_finished_count = { $count ->
    [0] No sealed deal has all its games finished.
    [one] One sealed deal has all its games finished.
   *[other] { $count } sealed deals have all their games finished.
}
deal_unseal_finished_button = Unseal every finished deal
verify_not_from_seed_and_value = the seed and the public value do not draw this deal
pv_empty = public value: nothing was entered
pv_too_long = public value: more than { $max } characters
pv_control = public value: line breaks and tabs are not allowed
deal_public_value = Public value
deal_value_awaited = This deal is drawn from its seed and a public value that does not exist yet: the layout is unknown to everyone, the arbiters included, until the value is entered.
deal_value_help = Fix the public value in front of the players before the round starts: by default numbers drawn at the venue (for example two players each roll a die, or draw a numbered card), or a named outside source such as a lottery draw or a public randomness beacon round. Write what was drawn and how, e.g. “dice: 3, 5 (Chan, Lee)”. The deal is drawn from SHA-256(seed ‖ value); the value cannot be changed once entered.
deal_value_enter = Enter the public value and draw the deal
deal_value_entered = Entered
deal_sheet_needs_value = round { $round }: the deal waits for its public value; enter it on the deal's page before printing the setup sheet
svc_deal_no_value_awaited = deal #{ $deal } does not wait for a public value (it has one, or is not drawn with one, or is no longer sealed)

## "Deals required", "public value required", and a round or knockout game played without a deal.
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
