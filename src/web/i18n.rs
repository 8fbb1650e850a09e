//! Interface languages (繁體中文, 简体中文, English) and the translation table every page string goes through.

use std::collections::HashMap;
use std::sync::OnceLock;

/// An interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    En,
    /// 繁體中文 (Hong Kong, Taiwan).
    ZhHant,
    /// 简体中文.
    ZhHans,
}

impl Lang {
    /// Every language, in the order of the switcher.
    pub const ALL: [Lang; 3] = [Lang::ZhHant, Lang::ZhHans, Lang::En];

    /// The code used in the cookie, URLs and `<html lang>`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHant => "zh-Hant",
            Lang::ZhHans => "zh-Hans",
        }
    }

    /// The language's own name, for the switcher.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhHant => "繁體中文",
            Lang::ZhHans => "简体中文",
        }
    }

    /// Parses a cookie or URL code.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// Picks the best language from an `Accept-Language` header (first match by quality); English by default.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = pieces
                .find_map(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|v| v.parse::<f32>().ok())
                })
                .unwrap_or(1.0);
            let lang = if tag.starts_with("zh") {
                if tag.contains("hant")
                    || tag.ends_with("-tw")
                    || tag.ends_with("-hk")
                    || tag.ends_with("-mo")
                {
                    Some(Lang::ZhHant)
                } else {
                    Some(Lang::ZhHans)
                }
            } else if tag.starts_with("en") {
                Some(Lang::En)
            } else {
                None
            };
            if let Some(lang) = lang {
                if best.is_none_or(|(bq, _)| q > bq) {
                    best = Some((q, lang));
                }
            }
        }
        best.map(|(_, l)| l).unwrap_or(Lang::En)
    }

    /// The translation of `key`; the key itself if the table lacks it (a test keeps the table complete).
    pub fn t(self, key: &str) -> &'static str {
        match table().get(key) {
            Some(row) => match self {
                Lang::En => row.0,
                Lang::ZhHant => row.1,
                Lang::ZhHans => row.2,
            },
            None => "??",
        }
    }
}

type Row = (&'static str, &'static str, &'static str);

fn table() -> &'static HashMap<&'static str, Row> {
    static TABLE: OnceLock<HashMap<&'static str, Row>> = OnceLock::new();
    TABLE.get_or_init(|| {
        ENTRIES
            .iter()
            .map(|(k, en, hant, hans)| (*k, (*en, *hant, *hans)))
            .collect()
    })
}

/// Whether the table has a key (for tests of templates).
pub fn has_key(key: &str) -> bool {
    table().contains_key(key)
}

/// key, English, 繁體中文, 简体中文.
const ENTRIES: &[(&str, &str, &str, &str)] = &[
    ("app_name", "Anqi", "暗棋賽務", "暗棋赛务"),
    (
        "tagline",
        "Tournament director for Jieqi, xiangqi and Banqi",
        "揭棋、象棋與暗棋賽事管理",
        "揭棋、象棋与暗棋赛事管理",
    ),
    ("nav_home", "Events", "賽事", "赛事"),
    ("nav_login", "Log in", "登入", "登录"),
    ("nav_logout", "Log out", "登出", "退出"),
    ("nav_account", "Account", "帳戶", "账户"),
    ("nav_users", "Users", "用戶", "用户"),
    ("language", "Language", "語言", "语言"),
    ("events", "Events", "賽事", "赛事"),
    ("no_events", "No events yet.", "尚無賽事。", "尚无赛事。"),
    ("new_event", "New event", "新增賽事", "新增赛事"),
    ("create", "Create", "建立", "创建"),
    ("save", "Save", "儲存", "保存"),
    ("add", "Add", "加入", "添加"),
    ("import", "Import", "匯入", "导入"),
    ("name", "Name", "名稱", "名称"),
    ("player_name", "Name", "姓名", "姓名"),
    ("venue", "Venue", "地點", "地点"),
    ("dates", "Dates", "日期", "日期"),
    ("start_date", "First day", "開始日期", "开始日期"),
    ("end_date", "Last day", "結束日期", "结束日期"),
    ("variant", "Game", "棋種", "棋种"),
    ("variant_jieqi", "Jieqi", "揭棋", "揭棋"),
    ("variant_xiangqi", "Xiangqi", "象棋", "象棋"),
    ("variant_banqi", "Banqi", "暗棋", "暗棋"),
    (
        "swiss_rounds",
        "Swiss rounds",
        "積分編排輪數",
        "积分编排轮数",
    ),
    (
        "knockout_size",
        "Knockout qualifiers",
        "淘汰賽人數",
        "淘汰赛人数",
    ),
    ("best_of", "Games per match", "每場局數", "每场局数"),
    (
        "scoring",
        "Scoring (win/draw/loss)",
        "計分（勝／和／負）",
        "计分（胜／和／负）",
    ),
    ("points_win", "Win", "勝", "胜"),
    ("points_draw", "Draw", "和", "和"),
    ("points_loss", "Loss", "負", "负"),
    (
        "move_limit",
        "Move limit (plies without capture)",
        "限著（無吃子半回合數）",
        "限着（无吃子半回合数）",
    ),
    ("organizer", "Organizer", "主辦", "主办"),
    ("arbiters", "Arbiters", "裁判", "裁判"),
    (
        "add_arbiter",
        "Assign arbiter (user name)",
        "指派裁判（用戶名）",
        "指派裁判（用户名）",
    ),
    ("players", "Players", "棋手", "棋手"),
    (
        "no_players",
        "No players registered yet.",
        "尚無棋手報名。",
        "尚无棋手报名。",
    ),
    ("start_no", "No.", "編號", "编号"),
    ("club", "Club", "棋會", "棋会"),
    ("rating", "Rating", "等級分", "等级分"),
    ("fide_id", "FIDE id", "FIDE 編號", "FIDE 编号"),
    ("local_id", "Local id", "本地編號", "本地编号"),
    ("category", "Category", "組別", "组别"),
    (
        "register_player",
        "Register a player",
        "報名棋手",
        "报名棋手",
    ),
    (
        "import_csv",
        "Import players from CSV",
        "從 CSV 匯入棋手",
        "从 CSV 导入棋手",
    ),
    (
        "import_csv_help",
        "Columns: name,club,rating (optional fide_id, local_id, category). UTF-8; a file with any bad row is not imported.",
        "欄位：name,club,rating（可選 fide_id、local_id、category）。UTF-8；檔案有任何錯誤行則全部不匯入。",
        "栏位：name,club,rating（可选 fide_id、local_id、category）。UTF-8；文件有任何错误行则全部不导入。",
    ),
    ("csv_file", "CSV file", "CSV 檔案", "CSV 文件"),
    (
        "csv_text",
        "or paste the CSV",
        "或貼上 CSV 內容",
        "或粘贴 CSV 内容",
    ),
    (
        "imported",
        "players imported",
        "名棋手已匯入",
        "名棋手已导入",
    ),
    (
        "nothing_imported",
        "Nothing was imported. Fix these lines and try again:",
        "未匯入任何資料。請修正以下各行後重試：",
        "未导入任何数据。请修正以下各行后重试：",
    ),
    (
        "link_account",
        "Link player account",
        "連結棋手帳戶",
        "链接棋手账户",
    ),
    ("user_name", "User name", "用戶名", "用户名"),
    ("password", "Password", "密碼", "密码"),
    ("new_password", "New password", "新密碼", "新密码"),
    (
        "current_password",
        "Current password",
        "目前密碼",
        "当前密码",
    ),
    ("change_password", "Change password", "更改密碼", "更改密码"),
    (
        "password_changed",
        "Password changed.",
        "密碼已更改。",
        "密码已更改。",
    ),
    ("role", "Role", "角色", "角色"),
    ("role_admin", "Administrator", "管理員", "管理员"),
    ("role_organizer", "Organizer", "主辦者", "主办者"),
    ("role_arbiter", "Arbiter", "裁判", "裁判"),
    ("role_player", "Player", "棋手", "棋手"),
    ("role_club", "Club manager", "棋會管理者", "棋会管理者"),
    ("login_title", "Log in", "登入", "登录"),
    (
        "login_failed",
        "Wrong user name or password.",
        "用戶名或密碼錯誤。",
        "用户名或密码错误。",
    ),
    (
        "login_wait",
        "Too many failed attempts. Wait and try again in seconds:",
        "嘗試失敗次數過多，請稍候再試（秒）：",
        "尝试失败次数过多，请稍候再试（秒）：",
    ),
    (
        "setup_title",
        "Create the administrator",
        "建立管理員",
        "创建管理员",
    ),
    (
        "setup_invalid",
        "This setup link is invalid or was already used.",
        "此設定連結無效或已使用。",
        "此设置链接无效或已使用。",
    ),
    ("create_user", "Create an account", "建立帳戶", "创建账户"),
    (
        "user_created",
        "Account created.",
        "帳戶已建立。",
        "账户已创建。",
    ),
    ("my_entries", "My entries", "我的參賽", "我的参赛"),
    ("signed_in_as", "Signed in as", "已登入：", "已登录："),
    ("error", "Error", "錯誤", "错误"),
    ("not_found", "Not found.", "找不到頁面。", "找不到页面。"),
    (
        "forbidden",
        "You are not allowed to do this.",
        "你沒有權限進行此操作。",
        "你没有权限进行此操作。",
    ),
    (
        "csrf_failed",
        "The form expired or was not sent from this site. Reload the page and try again.",
        "表單已過期或並非由本網站送出，請重新載入後再試。",
        "表单已过期或并非由本网站提交，请重新加载后再试。",
    ),
    (
        "bad_request",
        "The request was not understood.",
        "無法理解此請求。",
        "无法理解此请求。",
    ),
    (
        "conflict",
        "This already exists.",
        "此項目已存在。",
        "此项目已存在。",
    ),
    (
        "server_error",
        "Something went wrong on the server. Nothing was changed.",
        "伺服器發生錯誤，資料未變更。",
        "服务器发生错误，数据未变更。",
    ),
    (
        "fix_errors",
        "Please correct the following:",
        "請更正以下項目：",
        "请更正以下项目：",
    ),
    ("back", "Back", "返回", "返回"),
    ("audit_log", "Audit log", "操作記錄", "操作记录"),
    ("when", "When", "時間", "时间"),
    ("who", "Who", "操作者", "操作者"),
    ("what", "What", "操作", "操作"),
    ("settings", "Settings", "設定", "设置"),
    (
        "player_added",
        "Player registered.",
        "棋手已報名。",
        "棋手已报名。",
    ),
    (
        "arbiter_added",
        "Arbiter assigned.",
        "已指派裁判。",
        "已指派裁判。",
    ),
    (
        "account_linked",
        "Account linked.",
        "帳戶已連結。",
        "账户已链接。",
    ),
    (
        "unknown_user",
        "No such user.",
        "沒有此用戶。",
        "没有此用户。",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_match() {
        assert_eq!(
            Lang::from_accept_language("zh-TW,zh;q=0.9,en;q=0.8"),
            Lang::ZhHant
        );
        assert_eq!(Lang::from_accept_language("zh-CN,zh;q=0.9"), Lang::ZhHans);
        assert_eq!(Lang::from_accept_language("en-GB,zh-HK;q=0.5"), Lang::En);
        assert_eq!(Lang::from_accept_language("fr-FR"), Lang::En);
        assert_eq!(
            Lang::from_accept_language("fr;q=1, zh-Hant;q=0.3"),
            Lang::ZhHant
        );
    }

    #[test]
    fn table_has_no_duplicate_keys_and_no_empty_cells() {
        let mut seen = std::collections::HashSet::new();
        for (k, en, hant, hans) in ENTRIES {
            assert!(seen.insert(k), "duplicate key {k}");
            assert!(
                !en.is_empty() && !hant.is_empty() && !hans.is_empty(),
                "empty cell in {k}"
            );
        }
    }

    /// Every `t("key")` used in a template exists in the table, so no page shows a missing string.
    #[test]
    fn every_template_key_is_translated() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/templates");
        let mut stack = vec![std::path::PathBuf::from(dir)];
        let mut checked = 0;
        while let Some(path) = stack.pop() {
            for entry in std::fs::read_dir(&path).unwrap() {
                let p = entry.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let text = std::fs::read_to_string(&p).unwrap();
                for piece in text.split("t(\"").skip(1) {
                    let key = &piece[..piece.find('"').unwrap()];
                    assert!(
                        has_key(key),
                        "{}: key '{key}' is not in the translation table",
                        p.display()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "only {checked} keys found in templates");
    }
}
