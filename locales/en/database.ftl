### Strings of the whole-database commands (`anqi backup`, `anqi restore`, `anqi copy-db`) and the administrator's download.

db_postgres_copy = This server keeps its data in PostgreSQL: copy the database with pg_dump and put it back with pg_restore (anqi backup, anqi restore and the download copy SQLite files only).
db_copy_done = Copied { $rows } rows ({ $tables } tables) from { $from } to { $to }.
db_copy_not_empty = The target database is not empty (table { $table } has rows): copy into a new, empty database.
db_copy_same = The source and the target are the same database.
db_copy_row = Table { $table }: the target refused a row: { $message }
db_copy_failed = The copy failed, nothing was written: { $message }
db_bad_url = { $url } is neither a sqlite:// nor a postgres:// database URL.
db_copy_nul = Table { $table }, row { $row }, column { $column }: the text holds a NUL character, which PostgreSQL cannot store. Nothing was copied; correct that value in the source first.
