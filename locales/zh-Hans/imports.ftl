### Strings of the backup import pages (upload, then linking the backup's accounts).

import_backup_help = 由 Anqi 服务器导出的 JSON 备份。导入的赛事由你拥有。不会创建任何账户：读取备份后，你为每位裁判及已关联的棋手选择本地账户或不关联。密封的布局保持密封。
import_failed = 未导入任何数据：
import_link_title = 关联备份中的账户
import_link_help = 备份已读取，所有数值均已检查。请为每位裁判及已关联的棋手选择本地账户，或保持不关联：未关联的裁判在此没有权限，未关联的棋手条目不附账户。按下导入前不会保存任何数据。
import_backup_account = 备份中的账户
import_role_in_event = 在赛事中
import_local_account = 本地账户
import_not_linked = 不关联
import_as_arbiter = 裁判
import_as_player = 棋手
import_no_accounts = 备份中没有裁判，也没有已关联的棋手。
import_rows = 行数
import_table = 数据表
