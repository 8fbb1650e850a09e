### Strings of the backup import pages (upload, then linking the backup's accounts).

import_backup_help = 由 Anqi 伺服器匯出的 JSON 備份。匯入的賽事由你擁有。不會建立任何帳戶：讀取備份後，你為每位裁判及已連結的棋手選擇本地帳戶或不連結。密封的佈局保持密封。
import_failed = 未匯入任何資料：
import_link_title = 連結備份中的帳戶
import_link_help = 備份已讀取，所有數值均已檢查。請為每位裁判及已連結的棋手選擇本地帳戶，或保持不連結：未連結的裁判在此沒有權限，未連結的棋手條目不附帳戶。按下匯入前不會儲存任何資料。
import_backup_account = 備份中的帳戶
import_role_in_event = 在賽事中
import_local_account = 本地帳戶
import_not_linked = 不連結
import_as_arbiter = 裁判
import_as_player = 棋手
import_no_accounts = 備份中沒有裁判，也沒有已連結的棋手。
import_rows = 行數
import_table = 資料表
