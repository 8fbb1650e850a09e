# Online entries (報名): the public form, the entrant's private page, the organizer's entries page.
entries_title = Entries
entries_form_title = Online entry form
entries_form_help = Anyone may enter through the public form, without an account:
entries_open_label = Take entries (the form is open)
entries_closes_label = Entries close
entries_cap_label = Most entries (empty for no limit)
entries_asks_label = The form asks for
entries_ask_club = Club or team
entries_ask_rating = Rating
entries_ask_birth_year = Year of birth (age groups)
entries_ask_contact = Phone or e-mail
entries_list_label = Entrants may be looked up in this club rating list
entries_no_list = (none)
entries_fee_label = Entry fee
entries_auto_label = Confirm entries automatically
entries_save_form = Save the entry form
entries_register_title = Enter online
entries_not_taking = This event is not taking entries now.
entries_name_label = Name
entries_club_label = Club or team
entries_rating_label = Rating (empty if unrated)
entries_lookup_label = Look my rating up in the club rating list
entries_birth_year_label = Year of birth
entries_contact_label = Phone or e-mail
entries_private_help = After sending you reach a private page where you can see, correct or cancel your entry: keep its address.
entries_send = Send my entry
entries_private_title = Your entry
entries_keep_link = Keep this page's address: it is the only way back to your entry.
entries_status_label = Status
entries_status_pending = Waiting for the organizer's confirmation
entries_status_confirmed = Confirmed
entries_status_cancelled = Cancelled
entries_status_refused = Refused
entries_paid = paid
entries_owed = owed
entries_correct_title = Correct your entry
entries_correct = Save the correction
entries_confirmed_note = Your entry is confirmed and you are on the players list. To correct it, ask the organizer.
entries_cancel = Cancel my entry
entries_cancel_reason = Entry cancelled by the entrant online
entries_none = No entries yet.
entries_confirm = Confirm
entries_refuse = Refuse
entries_mark_paid = Mark paid
entries_mark_owed = Mark owed
entries_sent = Your entry was sent.
entries_corrected = Your entry was corrected.
entries_cancelled = Your entry was cancelled.
entries_form_saved = The entry form was saved.
entries_updated = The entry was updated.
entries_bad_closing = “{ $value }” is not a date and time (YYYY-MM-DD HH:MM).
entries_bad_cap = “{ $value }” is not a number from 0 to { $max }.
entries_bad_list = Choose one of the rating lists.
entries_bad_birth_year = “{ $value }” is not a year from 1900 to { $max }.
entries_not_in_list = No player named { $name } in the rating list { $list }: type your name as the list writes it, or untick the box and type your rating.
entries_pick_section = Choose one of the sections that take entries.
entries_closed = Entries are closed for this section.
entries_full = This section is full: it takes { $cap } entries.
entries_not_pending = This entry is no longer waiting for confirmation.
entries_cancel_after_pairing = Round 1 is paired: the entry can no longer be cancelled here. Ask the arbiter to withdraw you.
entries_not_open_to_cancel = This entry is already cancelled or refused.
entries_wait = Too many entries from your address: try again in { $minutes } min.
audit_entry_submit = Entry sent
audit_entry_correct = Entry corrected
audit_entry_confirm = Entry confirmed
audit_entry_refuse = Entry refused
audit_entry_cancel = Entry cancelled
audit_entry_reopen = Entry re-opened
audit_entry_paid = Entry fee
audit_entries_form = Entry form
audit_d_entry = { $name }
audit_d_entry_correct = { $old } → { $name }, { $club }, { $rating }
audit_d_entry_paid = { $name }: { $paid ->
    [yes] paid
   *[no] owed
}
audit_d_entry_form = { $open ->
    [yes] open
   *[no] closed
}, cap { $cap }{ $auto ->
    [yes] , confirmed automatically
   *[no] {""}
}
