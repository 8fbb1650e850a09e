### Strings of the bulk record upload and of the list of verdicts changed on upgrade (issue 14).

upload_records = 上傳整輪棋譜
upload_help = 一個棋譜檔（PGN），內含一輪（或一輪淘汰賽，即積分編排之後的輪次）的對局。每局依 Round 標籤（3，或比賽第 2 局寫 7.2）及 Red、Black 標籤（姓名或編號）對應到台或場次，紅黑方須與該局相符。確認之前不會儲存任何內容；已有結果的對局保留其結果。
upload_records_text = 棋譜
upload_check = 檢查檔案（尚不儲存）
upload_check_again = 依此指定重新檢查
upload_confirm = 儲存已對應的對局
upload_preview = 預覽
upload_will_store = 將儲存的對局
upload_game = 局
upload_match = 場
upload_line = 行
upload_tags = 標籤
upload_placed = 台
upload_by_hand = 人工指定
upload_unmatched = 未對應：
upload_assign = 指定到
upload_assign_none = — 不儲存 —
upload_not_stored = 不儲存：
upload_stored = 份棋譜已儲存
upload_results_set = 個結果已錄入
readjudicated_title = 新規則改變的裁定
readjudicated_help = 伺服器升級時，這些棋譜已重新裁定（重複局面等判決不再結束對局：對局可以繼續）。已錄入的結果沒有改變；請逐局檢查，如新裁定正確再採用棋譜的結果。
readjudicated_before = 原裁定
readjudicated_now = 新裁定
readjudicated_entered = 已錄入結果
readjudicated_match = 場次
