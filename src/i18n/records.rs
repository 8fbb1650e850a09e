//! Strings of the bulk record upload and of the list of verdicts changed on upgrade (issue 14).

use super::Entry;

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    ("upload_records", "Upload a round's records", "上傳整輪棋譜", "上传整轮棋谱"),
    ("upload_help",
     "One record file (PGN) holding the games of a round, or of a knockout round (the rounds after the Swiss). Each game is matched to its board or match by its Round tag (3, or 7.2 for game 2 of a match) and its Red and Black tags (names or start numbers), which must give that game's colours. Nothing is stored before you confirm; games that already have a result keep it.",
     "一個棋譜檔（PGN），內含一輪（或一輪淘汰賽，即積分編排之後的輪次）的對局。每局依 Round 標籤（3，或比賽第 2 局寫 7.2）及 Red、Black 標籤（姓名或序號）對應到台或場次，紅黑方須與該局相符。確認之前不會儲存任何內容；已有結果的對局保留其結果。",
     "一个棋谱文件（PGN），内含一轮（或一轮淘汰赛，即积分编排之后的轮次）的对局。每局依 Round 标签（3，或比赛第 2 局写 7.2）及 Red、Black 标签（姓名或序号）对应到台或场次，红黑方须与该局相符。确认之前不会保存任何内容；已有结果的对局保留其结果。"),
    ("upload_records_text", "Records", "棋譜", "棋谱"),
    ("upload_check", "Check the file (nothing is stored yet)", "檢查檔案（尚不儲存）", "检查文件（尚不保存）"),
    ("upload_check_again", "Check again with these assignments", "依此指定重新檢查", "依此指定重新检查"),
    ("upload_confirm", "Store the matched games", "儲存已對應的對局", "保存已对应的对局"),
    ("upload_preview", "Preview", "預覽", "预览"),
    ("upload_will_store", "Games to be stored", "將儲存的對局", "将保存的对局"),
    ("upload_game", "Game", "局", "局"),
    ("upload_match", "Match", "場", "场"),
    ("upload_line", "line", "行", "行"),
    ("upload_tags", "Tags", "標籤", "标签"),
    ("upload_placed", "Board", "台", "台"),
    ("upload_by_hand", "assigned by hand", "人工指定", "人工指定"),
    ("upload_unmatched", "Not matched:", "未對應：", "未对应："),
    ("upload_assign", "Assign to", "指定到", "指定到"),
    ("upload_assign_none", "— not stored —", "— 不儲存 —", "— 不保存 —"),
    ("upload_not_stored", "Not stored:", "不儲存：", "不保存："),
    ("upload_stored", "records stored", "份棋譜已儲存", "份棋谱已保存"),
    ("upload_results_set", "results set", "個結果已錄入", "个结果已录入"),
    ("readjudicated_title", "Verdicts changed by the new rules", "新規則改變的裁定", "新规则改变的裁定"),
    ("readjudicated_help",
     "These records were adjudicated again when the server was upgraded (a ruling such as a repetition no longer ends the game: play may go on). The entered results did not change; check each game and apply the record's result if it is right.",
     "伺服器升級時，這些棋譜已重新裁定（重複局面等判決不再結束對局：對局可以繼續）。已錄入的結果沒有改變；請逐局檢查，如新裁定正確再採用棋譜的結果。",
     "服务器升级时，这些棋谱已重新裁定（重复局面等判决不再结束对局：对局可以继续）。已录入的结果没有改变；请逐局检查，如新裁定正确再采用棋谱的结果。"),
    ("readjudicated_before", "Before", "原裁定", "原裁定"),
    ("readjudicated_now", "Now", "新裁定", "新裁定"),
    ("readjudicated_entered", "Result entered", "已錄入結果", "已录入结果"),
    ("readjudicated_match", "Match", "場次", "场次"),
];
