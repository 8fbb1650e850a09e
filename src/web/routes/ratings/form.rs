//! The rating pages' forms, parsed into domain values (a list's name and settings, one game), and the
//! CSV reader's errors in the visitor's language.

use chrono::NaiveDate;

use crate::i18n::Lang;
use crate::rating::csv::InputError;
use crate::rating::points::PointsError;
use crate::rating::{Level, LevelTable, Outcome, Points, RatingSettings};
use crate::rules::Variant;
use crate::service::ratings::NewGame;

/// Longest list name accepted.
const MAX_LIST_NAME: usize = 120;
/// Longest player name accepted from the game form (CSV names are limited by the form size only).
const MAX_PLAYER_NAME: usize = 80;

/// A field the visitor must correct: the translation key of the field and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// Translation key of the field's label.
    pub field: &'static str,
    /// The problem, in the visitor's language where the text is ours.
    pub message: String,
}

/// Why a points value is refused, in `lang`.
fn points_error(lang: Lang, e: &PointsError) -> String {
    lang.t(e.key()).to_string()
}

/// The create/settings form of a rating list, as typed (so it can be shown again with its errors).
#[derive(Debug, Clone, serde::Deserialize)]
pub struct ListForm {
    /// The list's name.
    #[serde(default)]
    pub name: String,
    /// Points of a new player.
    #[serde(default)]
    pub start_points: String,
    /// Rated games before a level is given.
    #[serde(default)]
    pub rated_after: String,
    /// Where the lowest level's band starts.
    #[serde(default)]
    pub level_base: String,
    /// Points per level.
    #[serde(default)]
    pub level_step: String,
    /// The lowest level number.
    #[serde(default)]
    pub lowest_level: String,
    /// The highest level number.
    #[serde(default)]
    pub highest_level: String,
    /// The game the list rates (`jieqi`, `xiangqi`, `banqi`); empty: unchanged (settings only).
    #[serde(default)]
    pub variant: String,
    /// Whether the list is one of several games (from before lists had one), which the game's
    /// choice offers to keep.
    #[serde(skip)]
    pub several: bool,
}

/// A list's name, game (`None`: not chosen, or unchanged) and settings, as the form gives them.
pub type ListFields = (String, Option<Variant>, RatingSettings);

impl ListForm {
    /// The form filled with a list's current name, game and settings.
    pub fn of(name: &str, variant: Option<Variant>, s: &RatingSettings) -> ListForm {
        ListForm {
            variant: variant.map_or("", Variant::name).to_string(),
            several: variant.is_none(),
            name: name.to_string(),
            start_points: s.start_points.to_string(),
            rated_after: s.rated_after_games.to_string(),
            level_base: s.levels.base().to_string(),
            level_step: s.levels.step().to_string(),
            lowest_level: s.levels.lowest().to_string(),
            highest_level: s.levels.highest().to_string(),
        }
    }

    /// The name, game and settings, or every field that is wrong.
    pub fn parse(&self, lang: Lang) -> Result<ListFields, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut fail = |field: &'static str, message: String| {
            errors.push(FieldError { field, message });
        };
        let variant = match self.variant.trim() {
            "" => None,
            typed => {
                let v = Variant::parse(typed);
                if v.is_none() {
                    fail("variant", lang.t("rating_choose_game").into());
                }
                v
            }
        };
        let name = self.name.trim().to_string();
        if name.is_empty() {
            fail("name", lang.t("rating_required").into());
        } else if name.chars().count() > MAX_LIST_NAME {
            fail(
                "name",
                format_one(lang, "rating_too_long", "max", MAX_LIST_NAME),
            );
        } else if let Err(why) = crate::text::check_line(&name, MAX_LIST_NAME) {
            fail("name", lang.reason(&why.reason()));
        }
        let mut points = |field: &'static str, text: &str| match Points::parse(text) {
            Ok(p) => Some(p),
            Err(e) => {
                fail(
                    field,
                    format!("'{}': {}", text.trim(), points_error(lang, &e)),
                );
                None
            }
        };
        let start_points = points("rating_start_points", &self.start_points);
        let level_base = points("rating_level_base", &self.level_base);
        let level_step = points("rating_level_step", &self.level_step);
        let rated_after = whole::<u32>(&self.rated_after);
        let lowest = whole::<u8>(&self.lowest_level);
        let highest = whole::<u8>(&self.highest_level);
        let mut not_whole = |field: &'static str, text: &str| {
            errors.push(FieldError {
                field,
                message: format!("'{}': {}", text.trim(), lang.t("rating_not_whole")),
            });
        };
        if rated_after.is_none() {
            not_whole("rating_rated_after", &self.rated_after);
        }
        if lowest.is_none() {
            not_whole("rating_lowest_level", &self.lowest_level);
        }
        if highest.is_none() {
            not_whole("rating_highest_level", &self.highest_level);
        }
        let (
            Some(start_points),
            Some(base),
            Some(step),
            Some(rated_after_games),
            Some(lowest),
            Some(highest),
        ) = (
            start_points,
            level_base,
            level_step,
            rated_after,
            lowest,
            highest,
        )
        else {
            return Err(errors);
        };
        let levels = match LevelTable::new(base, step, lowest, highest) {
            Ok(t) => Some(t),
            Err(e) => {
                let (field, key) = match e {
                    crate::rating::level::LevelTableError::StepNotPositive => {
                        ("rating_level_step", "rating_step_not_positive")
                    }
                    crate::rating::level::LevelTableError::BadRange => {
                        ("rating_highest_level", "rating_levels_range")
                    }
                };
                errors.push(FieldError {
                    field,
                    message: lang.t(key).to_string(),
                });
                None
            }
        };
        match levels {
            Some(levels) if errors.is_empty() => Ok((
                name,
                variant,
                RatingSettings {
                    start_points,
                    rated_after_games,
                    levels,
                },
            )),
            _ => Err(errors),
        }
    }
}

impl Default for ListForm {
    /// The RULES.md §7 defaults, an empty name and Jieqi, the main game, chosen.
    fn default() -> ListForm {
        ListForm::of("", Some(Variant::Jieqi), &RatingSettings::default())
    }
}

/// A whole number written with digits only.
fn whole<T: std::str::FromStr>(text: &str) -> Option<T> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// The form for one game.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct GameForm {
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub date: String,
    /// Red's name.
    #[serde(default)]
    pub red: String,
    /// Black's name.
    #[serde(default)]
    pub black: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[serde(default)]
    pub result: String,
}

impl GameForm {
    /// The game, or every field that is wrong.
    pub fn parse(&self, lang: Lang) -> Result<NewGame, Vec<FieldError>> {
        let mut errors = Vec::new();
        let date = NaiveDate::parse_from_str(self.date.trim(), "%Y-%m-%d").ok();
        if date.is_none() {
            errors.push(FieldError {
                field: "rating_date",
                message: format_one(lang, "csv_bad_date", "date", self.date.trim()),
            });
        }
        let mut name = |field: &'static str, text: &str| {
            let n = text.trim();
            if n.is_empty() {
                errors.push(FieldError {
                    field,
                    message: lang.t("csv_empty_name").into(),
                });
            } else if n.chars().count() > MAX_PLAYER_NAME {
                errors.push(FieldError {
                    field,
                    message: format_one(lang, "rating_too_long", "max", MAX_PLAYER_NAME),
                });
            } else if let Err(why) = crate::text::check_line(n, MAX_PLAYER_NAME) {
                errors.push(FieldError {
                    field,
                    message: lang.reason(&why.reason()),
                });
            }
            n.to_string()
        };
        let red = name("rating_red", &self.red);
        let black = name("rating_black", &self.black);
        if !red.is_empty() && red == black {
            errors.push(FieldError {
                field: "rating_black",
                message: format_one(lang, "csv_same_player", "player", &black),
            });
        }
        let outcome = match self.result.trim() {
            "1-0" => Some(Outcome::RedWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" => Some(Outcome::Draw),
            other => {
                errors.push(FieldError {
                    field: "rating_result",
                    message: format_one(lang, "csv_unknown_result", "result", other),
                });
                None
            }
        };
        match (date, outcome) {
            (Some(date), Some(outcome)) if errors.is_empty() => Ok(NewGame {
                date,
                red,
                black,
                outcome,
                origin: None,
            }),
            _ => Err(errors),
        }
    }
}

/// A translated message with its one named argument filled in.
pub fn format_one(
    lang: Lang,
    key: &'static str,
    name: &'static str,
    value: impl std::fmt::Display,
) -> String {
    fill(lang, key, &[(name, value.to_string())])
}

/// A translated message with its named arguments filled in.
pub fn fill(lang: Lang, key: &'static str, values: &[(&'static str, String)]) -> String {
    let reason = values
        .iter()
        .fold(crate::i18n::Reason::new(key), |r, (name, value)| {
            r.arg(name, value)
        });
    lang.reason(&reason)
}

/// A CSV reader error in the visitor's language: where (line, column and its header name) and what.
pub fn input_error_text(lang: Lang, e: &InputError) -> String {
    e.text(lang)
}

/// A level in the visitor's language: 無級別 / 20級, 无级别 / 20级, unrated / level 20.
pub fn level_label(lang: Lang, level: Level) -> String {
    match level {
        Level::Unrated => lang.t("level_unrated").into(),
        Level::Ranked(n) => format_one(lang, "level_n", "level", n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list_form(start: &str, rated: &str, step: &str, lowest: &str, highest: &str) -> ListForm {
        ListForm {
            name: " 九龍棋會 ".into(),
            start_points: start.into(),
            rated_after: rated.into(),
            level_base: "1000".into(),
            level_step: step.into(),
            lowest_level: lowest.into(),
            highest_level: highest.into(),
            variant: "banqi".into(),
            several: false,
        }
    }

    #[test]
    fn the_default_form_gives_the_rules_defaults() {
        let f = ListForm {
            name: "Club".into(),
            ..ListForm::default()
        };
        assert_eq!(
            f.parse(Lang::En),
            Ok((
                "Club".into(),
                Some(Variant::Jieqi),
                RatingSettings::default()
            ))
        );
    }

    #[test]
    fn list_form_reads_custom_settings() {
        let (name, variant, s) = list_form("1200.5", "5", "100", "10", "1")
            .parse(Lang::En)
            .expect("valid");
        assert_eq!((name.as_str(), variant), ("九龍棋會", Some(Variant::Banqi)));
        assert_eq!(s.start_points, Points::from_hundredths(120_050));
        assert_eq!(s.rated_after_games, 5);
        assert_eq!(s.levels.step(), Points::whole(100));
        assert_eq!((s.levels.lowest(), s.levels.highest()), (10, 1));
    }

    #[test]
    fn list_form_names_every_bad_field() {
        let mut f = list_form("abc", "-1", "50", "x", "1");
        f.name = "  ".into();
        let fields: Vec<&str> = f
            .parse(Lang::En)
            .expect_err("invalid")
            .iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            [
                "name",
                "rating_start_points",
                "rating_rated_after",
                "rating_lowest_level"
            ]
        );
        let errors = list_form("1500", "10", "0", "30", "1")
            .parse(Lang::En)
            .expect_err("step 0");
        assert_eq!(errors[0].field, "rating_level_step");
        let errors = list_form("1500", "10", "50", "3", "5")
            .parse(Lang::En)
            .expect_err("range");
        assert_eq!(errors[0].field, "rating_highest_level");
        let errors = list_form("1500", "10", "50", "300", "1")
            .parse(Lang::En)
            .expect_err("level beyond u8");
        assert_eq!(errors[0].field, "rating_lowest_level");
    }

    #[test]
    fn game_form_reads_a_game_and_refuses_bad_fields() {
        let g = GameForm {
            date: "2026-03-01".into(),
            red: " 王小明 ".into(),
            black: "陳大文".into(),
            result: "1/2-1/2".into(),
        }
        .parse(Lang::ZhHant)
        .expect("valid");
        assert_eq!(g.red, "王小明");
        assert_eq!(g.outcome, Outcome::Draw);

        let errors = GameForm {
            date: "2026-02-30".into(),
            red: "王".into(),
            black: " 王".into(),
            result: "*".into(),
        }
        .parse(Lang::En)
        .expect_err("invalid");
        let fields: Vec<&str> = errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, ["rating_date", "rating_black", "rating_result"]);
        assert!(errors[0].message.contains("2026-02-30"));
    }

    #[test]
    fn csv_errors_are_told_in_the_visitors_language() {
        let e =
            crate::rating::csv::read_games("date,red,black,result\n2026-01-01,,B,1-0\n".as_bytes())
                .expect_err("empty name");
        assert_eq!(
            input_error_text(Lang::En, &e),
            "line 2, column 2 (red): empty player name"
        );
        assert_eq!(
            input_error_text(Lang::ZhHant, &e),
            "第 2 行，第 2 欄 (red)：棋手姓名空白"
        );
    }

    #[test]
    fn levels_are_named_in_each_language() {
        assert_eq!(level_label(Lang::ZhHant, Level::Unrated), "無級別");
        assert_eq!(level_label(Lang::ZhHans, Level::Ranked(20)), "20级");
        assert_eq!(level_label(Lang::En, Level::Ranked(3)), "level 3");
    }
}
