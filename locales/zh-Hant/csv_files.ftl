### 棋手匯入及等級分榜讀取的 CSV 檔案：檔案的編碼，以及全形逗號。

csv_not_chinese = 第 { $line } 行：檔案不是 UTF-8（位元組 { $byte }），也不是 Big5 或 GB18030 的中文。請另存為「CSV UTF-8」後再選擇。
csv_undecided = 檔案不是 UTF-8，而以 Big5 及 GB18030 讀都同樣像中文，無法分辨。請另存為「CSV UTF-8」後再選擇。
csv_replacement = 第 { $line } 行有「�」字元，代表程式讀不出的文字：檔案曾以錯誤的編碼讀取。請重新選擇檔案，或另存為「CSV UTF-8」。
csv_fullwidth_too_many = 此行的欄位少於欄數，而把每個全形逗號「，」當作分隔後有 { $found } 個欄位，多於 { $columns } 欄：請以「,」分隔欄位
csv_fullwidth_split = { $message }（此行的欄位少於欄數，所以其中每個全形逗號「，」都當作欄位分隔）
csv_file_not_whole = 所選的檔案未完整送達，請重新選擇。
csv_read_as = 所選的檔案以 { $encoding } 讀取。尚未儲存任何資料：請核對姓名，然後再次送出下面的文字。
csv_players_read = 檔案中有 { $count } 名棋手：
csv_games_read = { $players } 名棋手之間的 { $games } 局：
csv_start_read = 檔案中有 { $players } 名棋手：
csv_file_on_server = 此檔案不是 UTF-8：送出表格時由伺服器讀取，並先在此顯示供核對，才儲存任何資料。
csv_files_help = 檔案可以是 UTF-8，或中文 Windows 上 Excel 以「CSV」另存的 Big5 或 GB18030（這類檔案會先顯示供核對）。欄位少於欄數的一行中，每個全形逗號「，」都分隔兩個欄位；欄位齊全的一行則保留為文字。
cli_rate_read_as = 注意：{ $file } 不是 UTF-8，已以 { $encoding } 讀取
