### Strings of the account page (API tokens, passwords) and of the refusals of typed text.

nav_backup = 備份
backup_title = 資料庫備份
backup_intro = 下載整個資料庫的一致副本，網站在備份期間照常運作。副本包含所有帳戶的密碼雜湊與所有密封的牌局：請如伺服器本身般妥善保管。每次下載都會記入稽核紀錄。要還原副本，請先停止伺服器，再執行 anqi restore FILE。
backup_download = 下載副本
token_created = 建立於
token_expires = 到期
token_last_used = 最後使用
token_never_used = 從未
token_revoke = 撤銷
token_revoked = 權杖已撤銷。
token_days = 有效天數
password_change_ends_access = 更改密碼會登出此帳戶的其他所有工作階段，並撤銷其所有 API 權杖。
svc_password_short = 密碼至少須有 8 個字元
svc_token_days = 權杖有效期為 1 至 { $max } 天
svc_token_id_missing = 未指明要撤銷的權杖
svc_text_too_long = 最多 { $max } 個字元
svc_text_bad_char = 不允許字元 { $code }（控制字元或文字方向字元）
display_name = 公開名稱
display_name_help = 賽事頁面向公眾顯示此名稱；登入名稱不會公開。
arbiters_unnamed = 位未設公開名稱
svc_user_name_bad = 用戶名稱須為 1 至 40 個字元，不得含控制字元、文字方向字元或不可見字元
svc_user_name_taken = 用戶名稱「{ $name }」已被使用
svc_unknown_user = 沒有名為「{ $name }」的帳戶
