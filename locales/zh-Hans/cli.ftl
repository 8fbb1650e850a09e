### 命令行本身的报告（`anqi user`、`anqi serve`、`anqi rate`、`anqi perft`、`anqi backup`、`anqi restore`）。

cli_no_user = 没有用户名为“{ $name }”的账户
cli_name_taken = 用户名“{ $name }”已有人使用
cli_no_token = “{ $name }”没有编号为“{ $id }”的令牌
cli_password_stdin = 无法从标准输入读取密码：{ $why }
cli_password_hashing = 密码哈希失败
cli_option = --{ $option }：{ $why }
cli_token_revoked = 已撤销 { $id }
cli_user_created = 已创建 { $name }（{ $role }）
cli_trusted_proxy_bad = --trusted-proxies：受信任的代理“{ $proxy }”不是 IP 地址
cli_no_admin = 尚无管理员。请创建一位（链接只能使用一次）：{ $link }
cli_runtime = 无法启动运行环境：{ $why }
cli_error = 错误：{ $message }
cli_rate_file = { $file }：{ $why }
cli_rate_level_table = 级别表：{ $why }
cli_level_step = 每级分数必须大于零
cli_level_range = 级别须由最低级别往上数至最高级别，最高级别至少为 1
cli_cannot_read = 无法读取 { $file }：{ $why }
cli_cannot_write = 无法写入 { $file }：{ $why }
cli_cannot_write_stdout = 无法写入标准输出：{ $why }
cli_cannot_write_standings = 无法写出排名：{ $why }
cli_perft_depth = 深度须为至少 1 的整数，收到“{ $typed }”
cli_perft_deal_variant = --deal 须配合 --variant jieqi（揭棋）
cli_perft_needs_deal = { $why }；请用 --deal 提供布局
cli_perft_nodes = 搜索节点数：{ $nodes }
cli_backup_done = 已写入 { $file }（数据库结构版本 { $version }，完整性检查通过）
cli_restore_done = 已从 { $file } 还原 { $database }
