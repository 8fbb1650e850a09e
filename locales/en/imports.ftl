### Strings of the backup import pages (upload, then linking the backup's accounts).

import_backup_help = A JSON backup exported from an Anqi server. You will own the imported event. No account is created: after reading the backup you choose, for each arbiter and linked player, a local account or none. Sealed deals stay sealed.
import_failed = Nothing was imported:
import_link_title = Link the backup's accounts
import_link_help = The backup was read and every value checked. Choose a local account for each arbiter and linked player, or leave it not linked: an unlinked arbiter has no rights here, an unlinked player entry stays without an account. Nothing is stored until you import.
import_backup_account = Account in the backup
import_role_in_event = In the event
import_local_account = Local account
import_not_linked = not linked
import_as_arbiter = arbiter
import_as_player = player
import_no_accounts = The backup names no arbiter and no linked player.
import_rows = Rows
import_table = Table
