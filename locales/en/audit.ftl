### Names of the audit log's action codes (`event.create` …): `Lang::audit_action`.

audit_action = { $key ->
    [arbiter-add] arbiter added
    [arbiter-name] arbiter named
    [board-manual] board paired by hand
    [bye-request] bye requested
    [database-backup] database backed up
    [deal-seal] deal sealed
    [deal-unseal] deal unsealed
    [deal-unseal_override] deal unsealed by the arbiter's override
    [deal-withdraw] deal withdrawn
    [event-announce_deals] one deal per round announced
    [event-create] event created
    [event-import] event imported
    [knockout-decider_colour] decider colours chosen
    [knockout-discard] knockout discarded
    [knockout-forfeit] knockout forfeit
    [knockout-lot] knockout lot drawn
    [knockout-record] knockout game record
    [knockout-result] knockout result
    [knockout-seed] knockout seeded
    [knockout-withdraw] withdrawal from the knockout
    [player-delete] player deleted
    [player-link] player linked to an account
    [player-rating] rating changed
    [player-withdraw] player withdrawn
    [players-add] players registered
    [players-confirm_list] starting list confirmed
    [players-fix_list] starting list fixed
    [prizes-set] prize table set
    [rating-games] games added to the rating list
    [rating-remove] games removed from the rating list
    [rating-start_list] starting entries added
    [rating_list-create] rating list created
    [rating_list-settings] rating list settings changed
    [record-apply] record's result applied
    [record-readjudicate] record adjudicated again
    [record-submit] record submitted
    [record-upload] records uploaded
    [result-report] result reported by a player
    [result-set] result entered
    [round-discard] draft round discarded
    [round-pair] round paired
    [round-pair_publish] round paired and published
    [round-publish] round published
   *[other] { $code }
}
