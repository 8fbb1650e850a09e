### Strings of the sealed-deal pages (setup sheets, unsealing, verification) and the scoresheets.

deals = 密封布局
deal = 布局
deals_secret_help = 只有本赛事的裁判及主办可见此页。同一轮每台按相同暗子布局摆放；解封前一概不公开。
deals_none_for_xiangqi = 象棋没有暗子，无需布局。
deals_empty = 尚未密封任何布局。
deal_seal = 密封布局
deal_seal_button = 抽取并密封
deal_game = 局
deal_decider = 加赛局
deal_status = 状态
deal_sealed = 已密封
deal_withdrawn = 已撤回
deal_unsealed = 已解封
deal_override = 裁判强制
deal_commitment = 承诺值
deal_seed = 种子
deal_sealed_at = 密封时间
deal_open = 查看
deal_sheet = 摆棋表
deal_sheet_secret = 机密——只供裁判助理使用。每台按此表覆盖摆放。
deal_sheet_kings = 帅将明子置于九宫中央（灰底）。
deal_round_sheets = 打印本轮所有摆棋表
deal_square = 位置
deal_piece = 棋子
deal_verify = 验证
deal_verify_help = 服务器按以下字段重新计算 SHA-256 承诺值，并检查种子是否抽出此布局。更改任何字段，验证即失败。
deal_verify_ok = 验证通过——种子抽出此布局，承诺值相符。
deal_verify_mismatch = 不相符
deal_cli_help = 无须本服务器，自行验证：
deal_unseal = 解封
deal_all_results_in = 使用此布局的每局均已有结果。
deal_pending = 使用此布局的对局尚未全部有结果：
deal_override_label = 仍然解封（裁判强制，记录在案）
deal_announce = 公告使用统一布局
deal_announce_label = 告知棋手同一轮各台布局相同（于轮次页显示承诺值）
deal_announce_help = 默认关闭：不告知棋手（按规程）。
scoresheet = 棋谱
record_secret = 布局解封前保密
record_verdict = 裁定
record_plies = 步
record_illegal = 违例着法，步序
record_undecided = 棋谱未有结果，已输入的结果不变。
record_unentered = 尚未输入结果；棋谱结果为
record_agrees = 棋谱与已输入结果相符
record_conflict = 棋谱结果与已输入结果不符：
record_claim_conflict = 棋谱所载结果与终局局面矛盾：
record_match_game = 此为多局赛其中一局：该台结果为总比分，由裁判输入。
record_apply = 采用棋谱结果
record_download = 下载棋谱
record_none = 未有提交棋谱。
record_submit = 提交棋谱
record_text = 棋谱（粘贴）
record_file = 或上传文件
record_help = 接受记录格式的任何记法（中文、WXF、ICCS）。即时按本轮密封布局及本赛事步数限制裁定；只在结果相符或尚未输入时才自动记录结果。
record_check_save = 裁定并保存
verify_field = { $field ->
    [variant] 棋种
    [event] 赛事
    [round] 轮次
    [game] 局号
    [deal] 布局
    [seed] 种子
    [public_value] 公开值
   *[commitment] 承诺值
}
verify_bad_variant = 棋种：“{ $typed }”不是 jieqi（揭棋）或 banqi（暗棋）
verify_bad_round = 轮次：“{ $typed }”不是数字
verify_bad_game = 局号：“{ $typed }”不是 1、2…或 decider（加赛）
verify_bad_event = 赛事：赛事编号须为 1–200 字节，不含控制字符
verify_round_zero = 轮次：轮次由 1 起计
verify_game_zero = 局号：局号由 1 起计
verify_seed_not_hex = 种子：第 { $position } 个字符“{ $character }”不是十六进制数字
verify_seed_length = 种子：种子是 64 个十六进制数字，此处有 { $found } 个字符
verify_bad_commitment = 承诺值：不是 64 个十六进制数字
verify_not_from_seed = 此种子抽不出这个布局
verify_commitment_differs = 承诺值与棋种、赛事、轮次、局号、布局及种子不符
verify_deal_none = 布局：{ $variant ->
    [jieqi] 揭棋
    [banqi] 暗棋
   *[xiangqi] 象棋
}没有布局（只有揭棋和暗棋有）
verify_deal_length = 布局：{ $variant ->
    [banqi] 暗棋
   *[jieqi] 揭棋
}的布局有 { $expected } 个字母，此处有 { $found } 个
verify_deal_letter = 布局：第 { $position } 个字母“{ $letter }”不是{ $variant ->
    [banqi] 暗棋
   *[jieqi] 揭棋
}的棋子字母
verify_deal_side = 布局：第 { $position } 个字母“{ $letter }”位于 { $square }，该处应为{ $side ->
    [Red] 红方
   *[Black] 黑方
}棋子
verify_deal_count = 布局：{ $variant ->
    [banqi] 暗棋
   *[jieqi] 揭棋
}的布局须有 { $expected } 个“{ $letter }”，此处有 { $found } 个
deal_text_file = 纯文本版
verify_seed_os = 种子：操作系统的随机来源失败：{ $error }
deal_seal_help = 每次都由操作系统取得新的秘密种子。每一局在开始前任何时候都可以密封布局。重新抽取已密封的局会撤回先前的布局（仍会列出），须勾选“重新抽取”；已有对局使用的布局永不重新抽取。
deal_seal_all = 密封整轮布局
deal_seal_round_button = 密封本轮所有局的布局
deal_seal_knockout_button = 密封淘汰赛所有局的布局
deal_seal_all_help = 为每一局尚未有布局、也未对弈的对局密封布局（淘汰赛：第 1、2、3 … 局及加赛局）。已有布局的局保持不变。
deal_redraw_label = 重新抽取（撤回此局已密封的布局）
deal_sealed_count = 已密封 { $count } 个布局。
deal_unsealed_count = 已解封 { $count } 个布局。
deal_unseal_finished = 解封已完成的布局
deal_finished_count = { $count ->
    [0] 没有所有对局都已完成的密封布局。
   *[other] 有 { $count } 个密封布局的所有对局已完成。
}
deal_unseal_finished_button = 解封所有已完成的布局
verify_not_from_seed_and_value = 此种子与公开值抽不出这个布局
pv_empty = 公开值：没有输入
pv_too_long = 公开值：超过 { $max } 个字符
pv_control = 公开值：不能含换行或制表符
deal_public_value = 公开值
deal_value_awaited = 此布局由种子与一个尚未产生的公开值抽出：输入公开值之前，任何人（包括裁判）都不知道布局。
deal_value_help = 请在本轮开始前、当着棋手的面定出公开值：默认在赛场抽取数字（例如两位棋手各掷一次骰子，或各抽一张数字牌），也可用指明的外部来源，如彩票开奖号码或公开随机信标的一轮。请写明抽到什么及如何抽到，例如“骰子：3、5（陈、李）”。布局由 SHA-256(种子 ‖ 公开值) 抽出；公开值一经输入不能更改。
deal_value_enter = 输入公开值并抽出布局
deal_value_entered = 输入于
deal_sheet_needs_value = 第 { $round } 轮：布局仍在等待公开值；请先在布局页输入公开值，再打印摆棋表
svc_deal_no_value_awaited = 布局 #{ $deal } 并不在等待公开值（已有公开值、不用公开值，或已不再密封）

## "Deals required", "public value required", and a round or knockout game played without a deal.
deals_required = 必须先密封布局：布局密封后才可公布该轮编排或开始淘汰赛对局
deals_required_help = 适用于揭棋及暗棋（象棋无布局）。不选此项时，可不密封布局而对局，页面会注明。
public_value_required = 须有公开值：每个布局由种子与密封后在赛场定出的数值抽出
public_value_required_help = 适用于揭棋与暗棋。裁判便无法反复抽种子挑选合意的布局：须输入公开值后才能打印摆棋表。
deal_played_without = 本轮不使用密封布局。
deal_required_missing = 本轮尚未密封布局：本赛事规定须先密封布局，才可公布编排。
ko_deal_played_without = 下一局不使用密封布局。
ko_deal_required_missing = 本赛事规定须先密封布局：下一局的布局密封后才可开始。
svc_deal_required_round = 第{ $round }轮不能公布：第{ $games }局尚未密封布局（本赛事规定须先密封布局）
svc_deal_required_game = 第{ $match }场比赛第{ $game }局不能开始：布局尚未密封（本赛事规定须先密封布局）
svc_deal_required_decider = 第{ $match }场比赛的加赛局不能开始：布局尚未密封（本赛事规定须先密封布局）
