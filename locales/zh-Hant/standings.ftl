### Strings of the standings, crosstable and player card pages.

tie_breaks = 小分（依次）
tb_BH = 對手分
tb_BH-C1 = 對手分（去最低）
tb_BH-M1 = 中間對手分
tb_SB = 索伯分
tb_PS = 累進分
tb_WIN = 勝局數
tb_WON = 實勝局數
tb_BWG = 後手勝局數
tb_BPG = 後手局數
tb_DE = 直勝
tb_PN = 編號先後
rank = 名次
points = 積分
crosstable = 成績表
download_csv = CSV 下載
player_card = 棋手
opponent = 對手
colour = 執色
no_results_yet = 尚無已完成的輪次。
tb_WIN_matches = 勝場數
tb_WON_matches = 實勝場數
tb_BWG_matches = 後手勝場數
tb_BPG_matches = 後手場數
tie_breaks_help = 依決定次序選擇小分，先比第一項；不需要的位置留空。
tie_breaks_meanings = 各項小分的計法
