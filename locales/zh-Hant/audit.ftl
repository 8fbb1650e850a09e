### Names of the audit log's action codes (`event.create` …): `Lang::audit_action`.

audit_action = { $key ->
    [arbiter-add] 新增裁判
    [arbiter-name] 裁判名稱
    [board-manual] 人工編排對局
    [bye-request] 申請輪空
    [database-backup] 資料庫備份
    [deal-seal] 密封佈局
    [deal-unseal] 解封佈局
    [deal-unseal_override] 裁判強制解封佈局
    [deal-withdraw] 撤回佈局
    [event-announce_deals] 公告統一佈局
    [event-create] 建立賽事
    [event-import] 匯入賽事
    [knockout-decider_colour] 選定加賽先後手
    [knockout-discard] 撤銷淘汰賽編排
    [knockout-forfeit] 淘汰賽棄權
    [knockout-lot] 淘汰賽抽籤
    [knockout-record] 淘汰賽棋譜
    [knockout-result] 淘汰賽結果
    [knockout-seed] 編排淘汰賽
    [knockout-withdraw] 退出淘汰賽
    [player-delete] 刪除棋手
    [player-link] 棋手連結帳戶
    [player-rating] 更改等級分
    [player-withdraw] 棋手退出
    [players-add] 登記棋手
    [players-confirm_list] 確認起始名單
    [players-fix_list] 固定起始名單
    [prizes-set] 設定獎金表
    [rating-games] 加入積分榜對局
    [rating-remove] 移除積分榜對局
    [rating-start_list] 加入起始積分
    [rating_list-create] 建立積分榜
    [rating_list-settings] 更改積分榜設定
    [record-apply] 採用棋譜結果
    [record-readjudicate] 重新裁定棋譜
    [record-submit] 提交棋譜
    [record-upload] 上傳棋譜
    [result-report] 棋手報告結果
    [result-set] 錄入結果
    [round-discard] 捨棄編排草稿
    [round-pair] 編排輪次
    [round-pair_publish] 編排並公佈輪次
    [round-publish] 公佈輪次
   *[other] { $code }
}
