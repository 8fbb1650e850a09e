### Strings of the bulk record upload and of the list of verdicts changed on upgrade (issue 14).

upload_records = 上传整轮棋谱
upload_help = 一个棋谱文件（PGN），内含一轮（或一轮淘汰赛，即积分编排之后的轮次）的对局。每局依 Round 标签（3，或比赛第 2 局写 7.2）及 Red、Black 标签（姓名或编号）对应到台或场次，红黑方须与该局相符。确认之前不会保存任何内容；已有结果的对局保留其结果。
upload_records_text = 棋谱
upload_check = 检查文件（尚不保存）
upload_check_again = 依此指定重新检查
upload_confirm = 保存已对应的对局
upload_preview = 预览
upload_will_store = 将保存的对局
upload_game = 局
upload_match = 场
upload_line = 行
upload_tags = 标签
upload_placed = 台
upload_by_hand = 人工指定
upload_unmatched = 未对应：
upload_assign = 指定到
upload_assign_none = — 不保存 —
upload_not_stored = 不保存：
upload_stored = 份棋谱已保存
upload_results_set = 个结果已录入
readjudicated_title = 新规则改变的裁定
readjudicated_help = 服务器升级时，这些棋谱已重新裁定（重复局面等判决不再结束对局：对局可以继续）。已录入的结果没有改变；请逐局检查，如新裁定正确再采用棋谱的结果。
readjudicated_before = 原裁定
readjudicated_now = 新裁定
readjudicated_entered = 已录入结果
readjudicated_match = 场次
