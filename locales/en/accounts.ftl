### Strings of the account page (API tokens, passwords) and of the refusals of typed text.

nav_backup = Backup
backup_title = Database backup
backup_intro = Download a consistent copy of the whole database, taken while the site keeps running. It holds every account's password hash and every sealed deal: keep it as safely as the server itself. The download is recorded in the audit log. To put a copy back, stop the server and run anqi restore FILE.
backup_download = Download a copy
token_created = Created
token_expires = Expires
token_last_used = Last used
token_never_used = never
token_revoke = Revoke
token_revoked = The token was revoked.
token_days = Valid for (days)
password_change_ends_access = Changing the password signs out every other session of this account and revokes all its API tokens.
svc_password_short = the password must be at least 8 characters
svc_token_days = a token lasts 1 to { $max } days
svc_token_id_missing = which token? (no id given)
svc_text_too_long = at most { $max } characters
svc_text_bad_char = the character { $code } (a control or text-direction character) is not allowed
display_name = Public name
display_name_help = Event pages show this name to the public; your login name stays private.
arbiters_unnamed = without a public name
svc_user_name_bad = a user name is 1–40 characters, without control, text-direction or invisible characters
svc_user_name_taken = the user name '{ $name }' is taken
svc_unknown_user = there is no account named '{ $name }'
