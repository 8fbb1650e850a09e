### Strings of the sealed-deal pages (setup sheets, unsealing, verification) and the scoresheets.

deals = 密封佈局
deal = 佈局
deals_secret_help = 只有本賽事的裁判及主辦可見此頁。同一輪每台按相同暗子佈局擺放；解封前一概不公開。
deals_none_for_xiangqi = 象棋沒有暗子，無需佈局。
deals_empty = 尚未密封任何佈局。
deal_seal = 密封佈局
deal_seal_button = 抽取並密封
deal_game = 局
deal_decider = 加賽局
deal_status = 狀態
deal_sealed = 已密封
deal_withdrawn = 已撤回
deal_unsealed = 已解封
deal_override = 裁判強制
deal_commitment = 承諾值
deal_seed = 種子
deal_sealed_at = 密封時間
deal_open = 查看
deal_sheet = 擺棋表
deal_sheet_secret = 機密——只供裁判助理使用。每台按此表覆蓋擺放。
deal_sheet_kings = 帥將明子置於九宮中央（灰底）。
deal_round_sheets = 列印本輪所有擺棋表
deal_square = 位置
deal_piece = 棋子
deal_verify = 驗證
deal_verify_help = 伺服器按以下欄位重新計算 SHA-256 承諾值，並檢查種子是否抽出此佈局。更改任何欄位，驗證即失敗。
deal_verify_ok = 驗證通過——種子抽出此佈局，承諾值相符。
deal_verify_mismatch = 不相符
deal_cli_help = 毋須本伺服器，自行驗證：
deal_unseal = 解封
deal_all_results_in = 使用此佈局的每局均已有結果。
deal_pending = 使用此佈局的對局尚未全部有結果：
deal_override_label = 仍然解封（裁判強制，記錄在案）
deal_announce = 公告使用統一佈局
deal_announce_label = 告知棋手同一輪各台佈局相同（於輪次頁顯示承諾值）
deal_announce_help = 預設關閉：不告知棋手（按規程）。
scoresheet = 棋譜
record_secret = 佈局解封前保密
record_verdict = 裁定
record_plies = 步
record_illegal = 違例著法，步序
record_undecided = 棋譜未有結果，已輸入的結果不變。
record_unentered = 尚未輸入結果；棋譜結果為
record_agrees = 棋譜與已輸入結果相符
record_conflict = 棋譜結果與已輸入結果不符：
record_claim_conflict = 棋譜所載結果與終局局面矛盾：
record_match_game = 此為多局賽其中一局：該台結果為總比分，由裁判輸入。
record_apply = 採用棋譜結果
record_download = 下載棋譜
record_none = 未有提交棋譜。
record_submit = 提交棋譜
record_text = 棋譜（貼上）
record_file = 或上載檔案
record_help = 接受記錄格式的任何記法（中文、WXF、ICCS）。即時按本輪密封佈局及本賽事步數限制裁定；只在結果相符或尚未輸入時才自動記錄結果。
record_check_save = 裁定並儲存
verify_field = { $field ->
    [variant] 棋種
    [event] 賽事
    [round] 輪次
    [game] 局號
    [deal] 佈局
    [seed] 種子
    [public_value] 公開值
   *[commitment] 承諾值
}
verify_bad_variant = 棋種：「{ $typed }」不是 jieqi（揭棋）或 banqi（暗棋）
verify_bad_round = 輪次：「{ $typed }」不是數字
verify_bad_game = 局號：「{ $typed }」不是 1、2…或 decider（加賽）
verify_bad_event = 賽事：賽事編號須為 1–200 位元組，不含控制字元
verify_round_zero = 輪次：輪次由 1 起計
verify_game_zero = 局號：局號由 1 起計
verify_seed_not_hex = 種子：第 { $position } 個字元「{ $character }」不是十六進位數字
verify_seed_length = 種子：種子是 64 個十六進位數字，此處有 { $found } 個字元
verify_bad_commitment = 承諾值：不是 64 個十六進位數字
verify_not_from_seed = 此種子抽不出這個佈局
verify_commitment_differs = 承諾值與棋種、賽事、輪次、局號、佈局及種子不符
verify_deal_none = 佈局：{ $variant ->
    [jieqi] 揭棋
    [banqi] 暗棋
   *[xiangqi] 象棋
}沒有佈局（只有揭棋和暗棋有）
verify_deal_length = 佈局：{ $variant ->
    [banqi] 暗棋
   *[jieqi] 揭棋
}的佈局有 { $expected } 個字母，此處有 { $found } 個
verify_deal_letter = 佈局：第 { $position } 個字母「{ $letter }」不是{ $variant ->
    [banqi] 暗棋
   *[jieqi] 揭棋
}的棋子字母
verify_deal_side = 佈局：第 { $position } 個字母「{ $letter }」位於 { $square }，該處應為{ $side ->
    [Red] 紅方
   *[Black] 黑方
}棋子
verify_deal_count = 佈局：{ $variant ->
    [banqi] 暗棋
   *[jieqi] 揭棋
}的佈局須有 { $expected } 個「{ $letter }」，此處有 { $found } 個
deal_text_file = 純文字版
verify_seed_os = 種子：作業系統的隨機來源失敗：{ $error }
deal_seal_help = 每次都由作業系統取得新的秘密種子。每一局在開始前任何時候都可以密封佈局。重新抽取已密封的局會撤回先前的佈局（仍會列出），須勾選「重新抽取」；已有對局使用的佈局永不重新抽取。
deal_seal_all = 密封整輪佈局
deal_seal_round_button = 密封本輪所有局的佈局
deal_seal_knockout_button = 密封淘汰賽所有局的佈局
deal_seal_all_help = 為每一局尚未有佈局、亦未對弈的對局密封佈局（淘汰賽：第 1、2、3 … 局及加賽局）。已有佈局的局保持不變。
deal_redraw_label = 重新抽取（撤回此局已密封的佈局）
deal_sealed_count = 已密封 { $count } 個佈局。
deal_unsealed_count = 已解封 { $count } 個佈局。
deal_unseal_finished = 解封已完成的佈局
deal_finished_count = { $count ->
    [0] 沒有所有對局都已完成的密封佈局。
   *[other] 有 { $count } 個密封佈局的所有對局已完成。
}
deal_unseal_finished_button = 解封所有已完成的佈局
verify_not_from_seed_and_value = 此種子與公開值抽不出這個佈局
pv_empty = 公開值：沒有輸入
pv_too_long = 公開值：超過 { $max } 個字元
pv_control = 公開值：不能含換行或定位字元
deal_public_value = 公開值
deal_value_awaited = 此佈局由種子與一個尚未產生的公開值抽出：輸入公開值之前，任何人（包括裁判）都不知道佈局。
deal_value_help = 請在本輪開始前、當著棋手的面定出公開值：預設在賽場抽取數字（例如兩位棋手各擲一次骰子，或各抽一張數字牌），也可用指明的外部來源，如彩票開獎號碼或公開隨機信標的一輪。請寫明抽到甚麼及如何抽到，例如「骰子：3、5（陳、李）」。佈局由 SHA-256(種子 ‖ 公開值) 抽出；公開值一經輸入不能更改。
deal_value_enter = 輸入公開值並抽出佈局
deal_value_entered = 輸入於
deal_sheet_needs_value = 第 { $round } 輪：佈局仍在等待公開值；請先在佈局頁輸入公開值，再列印擺棋表
svc_deal_no_value_awaited = 佈局 #{ $deal } 並不在等待公開值（已有公開值、不用公開值，或已不再密封）

## "Deals required", "public value required", and a round or knockout game played without a deal.
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
