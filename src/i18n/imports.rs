//! Strings of the backup import pages (upload, then linking the backup's accounts).

use super::Entry;

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    ("import_backup_help",
     "A JSON backup exported from an Anqi server. You will own the imported event. No account is created: after reading the backup you choose, for each arbiter and linked player, a local account or none. Sealed deals stay sealed.",
     "由 Anqi 伺服器匯出的 JSON 備份。匯入的賽事由你擁有。不會建立任何帳戶：讀取備份後，你為每位裁判及已連結的棋手選擇本地帳戶或不連結。密封的佈局保持密封。",
     "由 Anqi 服务器导出的 JSON 备份。导入的赛事由你拥有。不会创建任何账户：读取备份后，你为每位裁判及已关联的棋手选择本地账户或不关联。密封的布局保持密封。"),
    ("import_failed", "Nothing was imported:", "未匯入任何資料：", "未导入任何数据："),
    ("import_link_title", "Link the backup's accounts", "連結備份中的帳戶", "关联备份中的账户"),
    ("import_link_help",
     "The backup was read and every value checked. Choose a local account for each arbiter and linked player, or leave it not linked: an unlinked arbiter has no rights here, an unlinked player entry stays without an account. Nothing is stored until you import.",
     "備份已讀取，所有數值均已檢查。請為每位裁判及已連結的棋手選擇本地帳戶，或保持不連結：未連結的裁判在此沒有權限，未連結的棋手條目不附帳戶。按下匯入前不會儲存任何資料。",
     "备份已读取，所有数值均已检查。请为每位裁判及已关联的棋手选择本地账户，或保持不关联：未关联的裁判在此没有权限，未关联的棋手条目不附账户。按下导入前不会保存任何数据。"),
    ("import_backup_account", "Account in the backup", "備份中的帳戶", "备份中的账户"),
    ("import_role_in_event", "In the event", "在賽事中", "在赛事中"),
    ("import_local_account", "Local account", "本地帳戶", "本地账户"),
    ("import_not_linked", "not linked", "不連結", "不关联"),
    ("import_as_arbiter", "arbiter", "裁判", "裁判"),
    ("import_as_player", "player", "棋手", "棋手"),
    ("import_no_accounts", "The backup names no arbiter and no linked player.", "備份中沒有裁判，也沒有已連結的棋手。", "备份中没有裁判，也没有已关联的棋手。"),
    ("import_rows", "Rows", "行數", "行数"),
    ("import_table", "Table", "資料表", "数据表"),
];
