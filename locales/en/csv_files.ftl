### Strings of CSV files read by the players import and the rating lists: the encoding a file was
### read in, and full-width commas.

csv_not_chinese = line { $line }: the file is not UTF-8 (byte { $byte }), and it is not Chinese text in Big5 or GB18030 either. Save it as “CSV UTF-8” and choose it again.
csv_undecided = the file is not UTF-8, and it reads as Chinese text in Big5 and in GB18030 alike. Save it as “CSV UTF-8” and choose it again.
csv_replacement = line { $line } holds the character �, which stands for text a program could not read: the file was read in a wrong encoding. Choose the file again, or save it as “CSV UTF-8”.
csv_fullwidth_too_many = the line has fewer fields than the columns, and with each full-width comma “，” read as a separator it has { $found } fields, more than the { $columns } columns: separate the fields with “,”
csv_fullwidth_split = { $message } (the line has fewer fields than the columns, so each full-width comma “，” in it was read as a separator)
csv_file_not_whole = the chosen file did not arrive whole; choose it again.
csv_read_as = The chosen file was read as { $encoding }. Nothing is stored yet: check the names, then send the text below again.
csv_players_read = { $count ->
    [one] 1 player in the file:
   *[other] { $count } players in the file:
}
csv_games_read = { $games ->
    [one] 1 game
   *[other] { $games } games
} among { $players } players:
csv_start_read = { $players ->
    [one] 1 player in the file:
   *[other] { $players } players in the file:
}
csv_file_on_server = This file is not UTF-8: it is read on the server when you send the form, and shown here for checking before anything is stored.
csv_files_help = A file may be UTF-8, or Big5 or GB18030 as Excel's “CSV” save writes them on a Chinese Windows (such a file is shown for checking first). In a line with fewer fields than the columns, each full-width comma “，” separates two fields; a line with all its fields keeps it as text.
cli_rate_read_as = note: { $file } is not UTF-8; it was read as { $encoding }
