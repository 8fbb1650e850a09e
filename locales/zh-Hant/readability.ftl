### Strings of the readable pages of issue 18: the crosstable's cells, the player card from the
### player's side, withdrawn players, the knockout seed list, "deals required" and the separate
### deal rounds of the final and the 3rd-place match.

st_after_round = 第 { $round } 輪後
ct_round = 第{ $round }輪
ct_red = 紅
ct_black = 黑
ct_bye = 輪空
ct_absent = 缺席
ct_forfeit = 棄
ct_forfeit_title = 對方或己方棄權
ct_legend = 每格：對手編號、執色（紅／黑）、該輪得分。棄：棄權。
pc_win = 勝
pc_draw = 和
pc_loss = 負
pc_forfeit_win = 勝（對方棄權）
pc_forfeit_loss = 負（棄權）
pc_withdrawn = 已退賽
pc_withdrawn_from = 已退賽：自第 { $round } 輪起不再編排
pc_outcome = 勝負
pc_round_points = 得分
pc_running = 累計積分
deals_required = 必須先密封佈局：佈局密封後才可公佈該輪編排或開始淘汰賽對局
deals_required_help = 適用於揭棋及暗棋（象棋無佈局）。不選此項時，可不密封佈局而對局，頁面會註明。
public_value_required = 須有公開值：每個佈局由種子與密封後在賽場定出的數值抽出
public_value_required_help = 適用於揭棋與暗棋。裁判便無法反覆抽種子挑選合意的佈局：須輸入公開值後才能列印擺棋表。
deal_played_without = 本輪不使用密封佈局。
deal_required_missing = 本輪尚未密封佈局：本賽事規定須先密封佈局，才可公佈編排。
ko_deal_played_without = 下一局不使用密封佈局。
ko_deal_required_missing = 本賽事規定須先密封佈局：下一局的佈局密封後才可開始。
svc_deal_required_round = 第{ $round }輪不能公佈：第{ $games }局尚未密封佈局（本賽事規定須先密封佈局）
svc_deal_required_game = 第{ $match }場比賽第{ $game }局不能開始：佈局尚未密封（本賽事規定須先密封佈局）
svc_deal_required_decider = 第{ $match }場比賽的加賽局不能開始：佈局尚未密封（本賽事規定須先密封佈局）
svc_rating_label_taken = 本名單已有標為「{ $label }」的一批對局：請為此檔案另取標籤
svc_rating_remove_unconfirmed = 請勾選確認方可刪除此批對局：所有等級分將重新計算
svc_rating_remove_reason = 請填寫刪除此批對局的原因（記入審計紀錄）
svc_rating_remove_bad_reason = 原因：{ $detail }
rating_remove_confirm = 確定刪除此批對局並重新計算所有等級分
push_start_from_event = 新加入名單的棋手以本賽事的等級分起算（而非名單的起始分）
ct_half_bye = 半分輪空
ct_full_bye = 全分輪空
