### 棋手导入及等级分榜读取的 CSV 文件：文件的编码，以及全角逗号。

csv_not_chinese = 第 { $line } 行：文件不是 UTF-8（字节 { $byte }），也不是 Big5 或 GB18030 的中文。请另存为“CSV UTF-8”后再选择。
csv_undecided = 文件不是 UTF-8，而以 Big5 及 GB18030 读都同样像中文，无法分辨。请另存为“CSV UTF-8”后再选择。
csv_replacement = 第 { $line } 行有“�”字符，代表程序读不出的文字：文件曾以错误的编码读取。请重新选择文件，或另存为“CSV UTF-8”。
csv_fullwidth_too_many = 此行的字段少于列数，而把每个全角逗号“，”当作分隔后有 { $found } 个字段，多于 { $columns } 列：请以“,”分隔字段
csv_fullwidth_split = { $message }（此行的字段少于列数，所以其中每个全角逗号“，”都当作字段分隔）
csv_file_not_whole = 所选的文件未完整送达，请重新选择。
csv_read_as = 所选的文件以 { $encoding } 读取。尚未保存任何数据：请核对姓名，然后再次提交下面的文字。
csv_players_read = 文件中有 { $count } 名棋手：
csv_games_read = { $players } 名棋手之间的 { $games } 局：
csv_start_read = 文件中有 { $players } 名棋手：
csv_file_on_server = 此文件不是 UTF-8：提交表格时由服务器读取，并先在此显示供核对，才保存任何数据。
csv_files_help = 文件可以是 UTF-8，或中文 Windows 上 Excel 以“CSV”另存的 Big5 或 GB18030（这类文件会先显示供核对）。字段少于列数的一行中，每个全角逗号“，”都分隔两个字段；字段齐全的一行则保留为文字。
cli_rate_read_as = 注意：{ $file } 不是 UTF-8，已以 { $encoding } 读取
