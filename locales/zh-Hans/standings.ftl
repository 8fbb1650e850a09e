### Strings of the standings, crosstable and player card pages.

tie_breaks = 小分（依次）
tb_BH = 对手分
tb_BH-C1 = 对手分（去最低）
tb_BH-M1 = 中间对手分
tb_SB = 索伯分
tb_PS = 累进分
tb_WIN = 胜局数
tb_WON = 实胜局数
tb_BWG = 后手胜局数
tb_BPG = 后手局数
tb_DE = 直胜
tb_PN = 编号先后
rank = 名次
points = 积分
crosstable = 成绩表
download_csv = CSV 下载
player_card = 棋手
opponent = 对手
colour = 执色
no_results_yet = 尚无已完成的轮次。
tb_WIN_matches = 胜场数
tb_WON_matches = 实胜场数
tb_BWG_matches = 后手胜场数
tb_BPG_matches = 后手场数
tie_breaks_help = 依决定次序选择小分，先比第一项；不需要的位置留空。
tie_breaks_meanings = 各项小分的计法
