### Strings of the account page (API tokens, passwords) and of the refusals of typed text.

nav_backup = 备份
backup_title = 数据库备份
backup_intro = 下载整个数据库的一致副本，网站在备份期间照常运行。副本包含所有账户的密码哈希与所有密封的牌局：请如服务器本身般妥善保管。每次下载都会记入审计记录。要还原副本，请先停止服务器，再运行 anqi restore FILE。
backup_download = 下载副本
token_created = 创建于
token_expires = 到期
token_last_used = 最后使用
token_never_used = 从未
token_revoke = 撤销
token_revoked = 令牌已撤销。
token_days = 有效天数
password_change_ends_access = 更改密码会登出此账户的其他所有会话，并撤销其所有 API 令牌。
svc_password_short = 密码至少须有 8 个字符
svc_token_days = 令牌有效期为 1 至 { $max } 天
svc_token_id_missing = 未指明要撤销的令牌
svc_text_too_long = 最多 { $max } 个字符
svc_text_bad_char = 不允许字符 { $code }（控制字符或文字方向字符）
display_name = 公开名称
display_name_help = 赛事页面向公众显示此名称；登录名称不会公开。
arbiters_unnamed = 位未设公开名称
svc_user_name_bad = 用户名称须为 1 至 40 个字符，不得含控制字符、文字方向字符或不可见字符
svc_user_name_taken = 用户名称「{ $name }」已被使用
svc_unknown_user = 没有名为「{ $name }」的账户
