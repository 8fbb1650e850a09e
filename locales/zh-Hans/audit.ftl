### Names of the audit log's action codes (`event.create` …): `Lang::audit_action`.

audit_action = { $key ->
    [arbiter-add] 新增裁判
    [arbiter-name] 裁判名称
    [board-manual] 人工编排对局
    [bye-request] 申请轮空
    [database-backup] 数据库备份
    [deal-seal] 密封布局
    [deal-unseal] 解封布局
    [deal-unseal_override] 裁判强制解封布局
    [deal-withdraw] 撤回布局
    [event-announce_deals] 公告统一布局
    [event-create] 创建赛事
    [event-import] 导入赛事
    [knockout-decider_colour] 选定加赛先后手
    [knockout-discard] 撤销淘汰赛编排
    [knockout-forfeit] 淘汰赛弃权
    [knockout-lot] 淘汰赛抽签
    [knockout-record] 淘汰赛棋谱
    [knockout-result] 淘汰赛结果
    [knockout-seed] 编排淘汰赛
    [knockout-withdraw] 退出淘汰赛
    [player-delete] 删除棋手
    [player-link] 棋手关联账户
    [player-rating] 更改等级分
    [player-withdraw] 棋手退出
    [players-add] 登记棋手
    [players-confirm_list] 确认起始名单
    [players-fix_list] 固定起始名单
    [prizes-set] 设定奖金表
    [rating-games] 加入积分榜对局
    [rating-remove] 移除积分榜对局
    [rating-start_list] 加入起始积分
    [rating_list-create] 创建积分榜
    [rating_list-settings] 更改积分榜设置
    [record-apply] 采用棋谱结果
    [record-readjudicate] 重新裁定棋谱
    [record-submit] 提交棋谱
    [record-upload] 上传棋谱
    [result-report] 棋手报告结果
    [result-set] 录入结果
    [round-discard] 舍弃编排草稿
    [round-pair] 编排轮次
    [round-pair_publish] 编排并公布轮次
    [round-publish] 公布轮次
   *[other] { $code }
}
