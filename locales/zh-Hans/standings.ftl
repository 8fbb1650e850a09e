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
tie_breaks_help = 依次填代码，以逗号分隔：BH 对手分、BH-C1 对手分（去最低）、BH-M1 中间对手分（去最高及最低）、SB 索伯分、PS 累进分、WIN 胜局数、WON 实胜局数（不计对方弃权）、BWG 后手胜局数、BPG 后手局数、DE 直胜、PN 编号先后。
