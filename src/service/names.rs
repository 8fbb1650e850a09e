//! Whether a record's Red and Black tags name the players of the game it is submitted for: a tag
//! names a player by start number (the fixed starting rank) or by name, compared after NFKC
//! (full-width letters and digits, compatibility forms) and traditional/simplified folding, ignoring
//! case, spaces and name dots. A missing or placeholder tag (`?`, `-`) names no one and passes.

use crate::rules::notation::record::Record;
use unicode_normalization::UnicodeNormalization;

/// A player's seat in a game: start number and registered name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    /// Start (pairing) number in the event.
    pub start: u32,
    /// The registered name.
    pub name: String,
}

/// A side whose tag names someone else: which side, what the tag says, who plays there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// True for the Red tag, false for the Black tag.
    pub red: bool,
    /// The tag's value as written.
    pub tag: String,
    /// The player of that side.
    pub player: Seat,
}

/// Traditional characters common in players' names and their simplified forms (folded to the
/// simplified one; the characters both scripts share need no entry).
#[rustfmt::skip]
const TRADITIONAL_SIMPLIFIED: &[(char, char)] = &[
    ('陳', '陈'), ('張', '张'), ('劉', '刘'), ('黃', '黄'), ('趙', '赵'), ('吳', '吴'),
    ('許', '许'), ('鄭', '郑'), ('謝', '谢'), ('楊', '杨'), ('葉', '叶'), ('蔣', '蒋'),
    ('鄧', '邓'), ('馮', '冯'), ('盧', '卢'), ('蕭', '萧'), ('羅', '罗'), ('韓', '韩'),
    ('錢', '钱'), ('孫', '孙'), ('顏', '颜'), ('呂', '吕'), ('蘇', '苏'), ('賴', '赖'),
    ('鍾', '钟'), ('龍', '龙'), ('華', '华'), ('國', '国'), ('偉', '伟'), ('東', '东'),
    ('義', '义'), ('軍', '军'), ('強', '强'), ('傑', '杰'), ('賢', '贤'), ('維', '维'),
    ('興', '兴'), ('學', '学'), ('寶', '宝'), ('嶺', '岭'), ('聰', '聪'), ('慶', '庆'),
    ('勝', '胜'), ('廣', '广'), ('長', '长'), ('萬', '万'), ('雲', '云'), ('鳳', '凤'),
    ('麗', '丽'), ('貴', '贵'), ('際', '际'), ('漢', '汉'), ('榮', '荣'), ('輝', '辉'),
    ('鴻', '鸿'), ('濤', '涛'), ('蘭', '兰'), ('紅', '红'), ('鋒', '锋'), ('銘', '铭'),
    ('齊', '齐'), ('閻', '阎'), ('湯', '汤'), ('馬', '马'), ('鄒', '邹'), ('陸', '陆'),
    ('賀', '贺'), ('聶', '聂'), ('譚', '谭'), ('顧', '顾'), ('龔', '龚'), ('嚴', '严'),
    ('歐', '欧'), ('陽', '阳'), ('門', '门'), ('島', '岛'), ('軒', '轩'), ('誠', '诚'),
    ('鵬', '鹏'), ('飛', '飞'), ('鐵', '铁'), ('銀', '银'), ('亞', '亚'),
    ('灣', '湾'), ('廳', '厅'), ('衛', '卫'), ('達', '达'), ('進', '进'), ('運', '运'),
    ('時', '时'), ('開', '开'), ('賓', '宾'), ('憲', '宪'), ('書', '书'), ('詩', '诗'),
    ('帥', '帅'), ('將', '将'), ('車', '车'), ('緒', '绪'), ('綠', '绿'), ('倫', '伦'),
    ('麥', '麦'), ('鄺', '邝'), ('關', '关'), ('區', '区'), ('溫', '温'),
    ('蔭', '荫'), ('潔', '洁'), ('靜', '静'), ('欽', '钦'), ('寧', '宁'), ('濱', '滨'),
    ('鋼', '钢'), ('紀', '纪'), ('彥', '彦'), ('鄉', '乡'), ('劍', '剑'), ('懷', '怀'),
];

/// The form in which two ways of writing one name compare equal.
pub fn fold(name: &str) -> String {
    name.nfkc()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace() && !matches!(c, '·' | '・' | '.' | '-' | '_'))
        .map(|c| {
            TRADITIONAL_SIMPLIFIED
                .iter()
                .find(|(t, _)| *t == c)
                .map_or(c, |(_, s)| *s)
        })
        .collect()
}

/// Whether a tag's value names this player: by start number, or by name after folding.
pub fn names(tag: &str, seat: &Seat) -> bool {
    let folded = fold(tag);
    match folded.parse::<u32>() {
        Ok(start) => start == seat.start,
        Err(_) => folded == fold(&seat.name),
    }
}

/// The value of a tag that names someone (not missing, empty or a placeholder).
fn named<'r>(record: &'r Record, tag: &str) -> Option<&'r str> {
    record
        .tag(tag)
        .map(str::trim)
        .filter(|v| !v.is_empty() && !matches!(*v, "?" | "-" | "*"))
}

/// The first side whose tag names someone other than the player there (Red first).
pub fn check(record: &Record, red: &Seat, black: &Seat) -> Option<Mismatch> {
    [(true, "Red", red), (false, "Black", black)]
        .into_iter()
        .find_map(|(is_red, tag, seat)| {
            let value = named(record, tag)?;
            (!names(value, seat)).then(|| Mismatch {
                red: is_red,
                tag: value.to_string(),
                player: seat.clone(),
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(start: u32, name: &str) -> Seat {
        Seat {
            start,
            name: name.into(),
        }
    }

    fn record(tags: &str) -> Record {
        Record::from_bytes(format!("{tags}\n1. h2e2 *\n").as_bytes()).expect("record")
    }

    #[test]
    fn names_compare_after_nfkc_and_traditional_simplified_folding() {
        assert!(names("陳 國偉", &seat(3, "陈国伟")));
        assert!(names("ＨＵ　ＲｏｎｇＨｕａ", &seat(3, "Hu Ronghua")));
        assert!(names("Lü Qin", &seat(1, "LÜ QIN")));
        assert!(!names("許銀川", &seat(1, "吕钦")));
    }

    #[test]
    fn a_start_number_names_the_player_with_that_start_number() {
        assert!(names("7", &seat(7, "吕钦")));
        assert!(names("７", &seat(7, "吕钦")), "full-width digits");
        assert!(!names("8", &seat(7, "吕钦")));
    }

    #[test]
    fn a_record_without_names_passes_and_the_first_wrong_side_is_reported() {
        let (red, black) = (seat(1, "呂欽"), seat(2, "许银川"));
        assert_eq!(check(&record(""), &red, &black), None);
        assert_eq!(
            check(&record("[Red \"?\"]\n[Black \"\"]"), &red, &black),
            None
        );
        assert_eq!(
            check(&record("[Red \"吕钦\"]\n[Black \"2\"]"), &red, &black),
            None
        );
        let m = check(&record("[Red \"吕钦\"]\n[Black \"胡荣华\"]"), &red, &black).unwrap();
        assert_eq!(
            (m.red, m.tag.as_str(), m.player.start),
            (false, "胡荣华", 2)
        );
        // Swapped colours are a mismatch, never fixed silently.
        let m = check(&record("[Red \"許銀川\"]\n[Black \"呂欽\"]"), &red, &black).unwrap();
        assert!(m.red);
    }
}
