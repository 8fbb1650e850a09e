### Strings of the standings, crosstable and player card pages.

tie_breaks = Tie-breaks
tb_BH = Buchholz
tb_BH-C1 = Buchholz cut 1
tb_BH-M1 = Median Buchholz
tb_SB = Sonneborn–Berger
tb_PS = Progressive
tb_WIN = Wins
tb_WON = Games won
tb_BWG = Wins with Black
tb_BPG = Games with Black
tb_DE = Direct encounter
tb_PN = Pairing number
rank = Rank
points = Points
crosstable = Crosstable
download_csv = CSV
player_card = Player
opponent = Opponent
colour = Colour
no_results_yet = No completed round yet.
tb_WIN_matches = Matches won
tb_WON_matches = Matches won over the board
tb_BWG_matches = Matches won as second mover
tb_BPG_matches = Matches as second mover
tie_breaks_help = Choose the tie-breaks in the order they decide, the first first; leave the places you do not need empty.
tie_breaks_meanings = What each tie-break counts
