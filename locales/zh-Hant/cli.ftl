### 命令列本身的報告（`anqi user`、`anqi serve`、`anqi rate`、`anqi perft`、`anqi backup`、`anqi restore`）。

cli_no_user = 沒有用戶名為「{ $name }」的帳戶
cli_name_taken = 用戶名「{ $name }」已有人使用
cli_no_token = 「{ $name }」沒有編號為「{ $id }」的權杖
cli_password_stdin = 無法從標準輸入讀取密碼：{ $why }
cli_password_hashing = 密碼雜湊失敗
cli_option = --{ $option }：{ $why }
cli_token_revoked = 已撤銷 { $id }
cli_user_created = 已建立 { $name }（{ $role }）
cli_trusted_proxy_bad = --trusted-proxies：受信任的代理「{ $proxy }」不是 IP 位址
cli_no_admin = 尚無管理員。請建立一位（連結只能使用一次）：{ $link }
cli_runtime = 無法啟動執行環境：{ $why }
cli_error = 錯誤：{ $message }
cli_rate_file = { $file }：{ $why }
cli_rate_level_table = 級別表：{ $why }
cli_level_step = 每級分數必須大於零
cli_level_range = 級別須由最低級別往上數至最高級別，最高級別至少為 1
cli_cannot_read = 無法讀取 { $file }：{ $why }
cli_cannot_write = 無法寫入 { $file }：{ $why }
cli_cannot_write_stdout = 無法寫入標準輸出：{ $why }
cli_cannot_write_standings = 無法寫出排名：{ $why }
cli_perft_depth = 深度須為至少 1 的整數，收到「{ $typed }」
cli_perft_deal_variant = --deal 須配合 --variant jieqi（揭棋）
cli_perft_needs_deal = { $why }；請以 --deal 提供佈局
cli_perft_nodes = 搜尋節點數：{ $nodes }
cli_backup_done = 已寫入 { $file }（資料庫結構版本 { $version }，完整性檢查通過）
cli_restore_done = 已自 { $file } 還原 { $database }
