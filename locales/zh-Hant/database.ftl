### 整個資料庫的指令（`anqi backup`、`anqi restore`、`anqi copy-db`）與管理員下載。

db_postgres_copy = 本伺服器的資料存於 PostgreSQL：請以 pg_dump 複製資料庫，以 pg_restore 還原（anqi backup、anqi restore 與下載只複製 SQLite 檔案）。
db_copy_done = 已自 { $from } 複製 { $rows } 列（{ $tables } 個資料表）至 { $to }。
db_copy_not_empty = 目標資料庫並非空白（資料表 { $table } 已有資料）：請複製至新的空白資料庫。
db_copy_same = 來源與目標是同一個資料庫。
db_copy_row = 資料表 { $table }：目標拒絕了一列資料：{ $message }
db_copy_failed = 複製失敗，未寫入任何資料：{ $message }
db_bad_url = { $url } 既非 sqlite:// 也非 postgres:// 資料庫網址。
db_copy_nul = 資料表 { $table }，資料列 { $row }，欄位 { $column }：文字含有 NUL 字元，PostgreSQL 無法儲存。沒有複製任何資料；請先在來源資料庫更正此值。
