# Form and reader errors worded per language: event settings fields.
words_not_whole_number = 「{ $value }」不是整數
words_out_of_range = { $value } 不在 { $min }–{ $max } 之間
words_not_date = 「{ $value }」不是日期（格式：年-月-日，如 2011-05-01）
words_tie_break_unknown = 「{ $code }」不是小分代碼
words_tie_break_twice = 「{ $code }」重複列出
words_knockout_size = { $value } 須為 0、4、8 或 16
words_best_of = { $value } 須為 1、3、5 或 7
words_points_order = 勝的分數須多於和，和的分數不少於負
words_name_required = 名稱須為 1–{ $max } 個字元
words_not_variant = 「{ $value }」不是揭棋、象棋或暗棋
words_end_before_start = 結束日期早於開始日期

# Inside other errors: the pairing engine, deal contexts.
words_all_rounds_played = 全部 { $rounds } 輪已經賽完
words_context_event_id = 賽事編號須為 1–200 位元組，不含控制字元
words_context_round = 輪次由 1 起計
words_context_game = 局號由 1 起計

# An event backup's values (import).
svc_import_not_json = 備份不是 JSON（第 { $line } 行，第 { $column } 字）
words_row_not_object = 第 { $row } 行不是物件
words_missing = 缺少此項
words_not_text = { $value } 不是文字
words_line_limit = 最多 { $max } 個字元，不得含控制字元
words_block_limit = 最多 { $max } 位元組，不得含控制字元
words_not_time = 「{ $value }」不是時間（RFC 3339）
words_refers_to_nothing = { $id } 在備份中找不到對應資料
words_other_event = { $id } 不是此備份的賽事（{ $event }）
words_no_account = 備份中沒有帳戶 { $id }
words_no_start_no = 沒有編號 { $number } 的棋手
words_not_text_or_number = { $value } 不是文字或數字
words_unknown_column = 第 { $row } 行：不明欄位「{ $column }」
words_not_one_of = 「{ $value }」不是可用的值：{ $allowed }
words_not_match_games = 「{ $value }」不是一場比賽的各局結果（每局 1、0 或 =）
words_not_verdict = 不是裁決（第 { $line } 行，第 { $column } 字）
words_record_too_long = 共 { $plies } 步，超過記錄上限 { $limit } 步（實戰對局遠不及此數）
words_place_order = 第 { $to } 名排在第 { $from } 名之前
words_not_deal_variant = 「{ $value }」不是此賽事的暗子棋種
words_not_hex64 = 不是 64 個十六進位數字
words_seed_not_hex = 種子第 { $position } 個字元「{ $character }」不是十六進位數字
words_unsealed_time = 只有已揭封的佈局才有此時間
words_not_backup_table = 不是賽事備份的資料表
words_missing_column = 缺少欄位 { $column }
words_row_missing = 第 { $row } 行：缺少 { $column }
words_not_list = 不是清單
words_account_twice = 帳戶 { $id } 重複列出
words_one_event = 一份備份只能有一項賽事
words_id_twice = 第 { $row } 行：編號 { $id } 重複

# Rating points as typed (rating list form, club CSV).
words_points_not_number = 不是數字（例如 1500 或 1523.75）
words_points_decimals = 小數超過兩位（積分只記到小數點後兩位）
words_points_range = 超出範圍（最多 1000000000 分）

# A record whose start cannot be set up (inside "record: …").
words_setup_variant_tag = 不明的棋種標籤「{ $tag }」
words_setup_other_variant = 此記錄是{ $record }，但本賽事下的是{ $asked }
words_setup_jieqi_deal_for_banqi = 暗棋記錄不能用揭棋佈局
words_setup_deal_tag = Deal 標籤有誤：{ $detail }
words_setup_deal_differs = 記錄的 Deal 標籤與給定的佈局不同
words_setup_deal_needs_jieqi = 只有揭棋才有佈局
words_setup_deal_pool = 佈局與開局的暗子不符
words_setup_not_banqi = 此記錄標示為「{ $tag }」，不是暗棋
words_deal_length = 佈局應有 { $expected } 個字母，此處有 { $found } 個
words_deal_letter = 第 { $position } 個字母「{ $letter }」不是棋子代號
words_deal_case = 第 { $position } 個字母「{ $letter }」應屬{ $side }（黑方小寫，紅方大寫）
words_deal_count = 佈局中{ $side } { $letter } 有 { $found } 個，應為 { $expected } 個
words_banqi_deal_count = 佈局中「{ $letter }」有 { $found } 個，一副棋應為 { $expected } 個
words_fen_board = FEN 的棋盤欄有誤
words_fen_side = FEN 的行棋方欄「{ $value }」有誤
words_fen_pool = FEN 的暗子欄有誤
words_fen_clock = FEN 的無吃子計數「{ $value }」不是數字
words_fen_move_number = FEN 的回合數「{ $value }」不是正數
words_fen_extra = FEN 多了一欄「{ $value }」
words_fen_position = FEN 的局面不合規則
words_banqi_fen_fields = 暗棋 FEN 在棋盤之後應有 4 欄，此處有 { $found } 欄

# A Banqi match's games as typed in the results form.
words_not_game_mark = 「{ $mark }」不是一局的結果（1、0、= 或 ½）
words_match_game_count = 「{ $typed }」有 { $games } 局；本賽事每場比賽 { $count } 局（一方已勝出時可少於此數），每局從紅方角度記一個符號（例如 1=0）
words_public_value_deal = 用公開值抽出的佈局暫時不能匯入（備份不含公開值）
words_not_format = 「{ $value }」不是賽制：swiss（瑞士制）或 round_robin（循環賽）
words_not_withdrawal_rule = 「{ $value }」不是退賽規則：annul_first_half 或 forfeits
words_groups_need_round_robin = 只有循環賽可以分小組
words_qualifiers_fill_knockout = { $groups } 個小組 × 每組 { $per_group } 名出線須湊成 0、4、8 或 16 人的淘汰賽（淘汰賽人數為 { $size }）
words_not_club_avoidance = 「{ $value }」不是同隊回避設定：off、all 或前幾輪的輪數（至多 20）
words_avoidance_swiss_only = 同隊回避只用於瑞士制；循環賽每對棋手都要相遇
