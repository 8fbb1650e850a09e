### 整个数据库的命令（`anqi backup`、`anqi restore`、`anqi copy-db`）与管理员下载。

db_postgres_copy = 本服务器的数据存于 PostgreSQL：请用 pg_dump 复制数据库，用 pg_restore 还原（anqi backup、anqi restore 与下载只复制 SQLite 文件）。
db_copy_done = 已从 { $from } 复制 { $rows } 行（{ $tables } 个数据表）到 { $to }。
db_copy_not_empty = 目标数据库不是空的（数据表 { $table } 已有数据）：请复制到新的空数据库。
db_copy_same = 来源与目标是同一个数据库。
db_copy_row = 数据表 { $table }：目标拒绝了一行数据：{ $message }
db_copy_failed = 复制失败，未写入任何数据：{ $message }
db_bad_url = { $url } 既不是 sqlite:// 也不是 postgres:// 数据库网址。
db_copy_nul = 数据表 { $table }，数据行 { $row }，列 { $column }：文本含有 NUL 字符，PostgreSQL 无法存储。没有复制任何数据；请先在源数据库更正此值。
