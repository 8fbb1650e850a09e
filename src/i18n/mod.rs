//! Interface languages (繁體中文, 简体中文, English) and the translation table every page string goes through.

mod accounts;
mod core;
mod corrections_rounds;
mod deals;
mod imports;
mod knockout;
mod players;
mod ratings;
mod records;
mod rounds;
mod service;
mod standings;
mod viewer;

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
            if let Some(lang) = lang
                && best.is_none_or(|(bq, _)| q > bq)
            {
                best = Some((q, lang));
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

    /// A reason in this language: the key's translation with each `{name}` replaced by its argument.
    pub fn reason(self, reason: &Reason) -> String {
        let mut out = self.t(reason.key).to_string();
        for (name, value) in &reason.args {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }
}

/// A message key with its named arguments (`{round}`, `{board}` … in the translations).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// The translation key (see `i18n/service.rs`).
    pub key: &'static str,
    /// Named arguments, substituted for `{name}` in the translation.
    pub args: Vec<(&'static str, String)>,
}

impl Reason {
    /// A reason without arguments.
    pub fn new(key: &'static str) -> Reason {
        Reason {
            key,
            args: Vec::new(),
        }
    }

    /// Adds a named argument.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Reason {
        self.args.push((name, value.to_string()));
        self
    }

    /// A reason whose one argument `detail` is text produced by a pure module (a parser's message
    /// naming a line, a token or a field).
    pub fn detail(key: &'static str, detail: impl ToString) -> Reason {
        Reason::new(key).arg("detail", detail)
    }

    /// The value of an argument, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl std::fmt::Display for Reason {
    /// The English text (logs, the JSON API, the CLI without a language).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Lang::En.reason(self))
    }
}

type Row = (&'static str, &'static str, &'static str);

fn table() -> &'static HashMap<&'static str, Row> {
    static TABLE: OnceLock<HashMap<&'static str, Row>> = OnceLock::new();
    TABLE.get_or_init(|| {
        AREAS
            .iter()
            .flat_map(|a| a.iter())
            .map(|(k, en, hant, hans)| (*k, (*en, *hant, *hans)))
            .collect()
    })
}

/// Whether the table has a key (for tests of templates).
pub fn has_key(key: &str) -> bool {
    table().contains_key(key)
}

/// One row of the table: key, English, 繁體中文, 简体中文.
pub type Entry = (&'static str, &'static str, &'static str, &'static str);

/// The table, one slice per area of the site (each area keeps its strings in its own file).
const AREAS: &[&[Entry]] = &[
    core::ENTRIES,
    accounts::ENTRIES,
    rounds::ENTRIES,
    standings::ENTRIES,
    viewer::ENTRIES,
    deals::ENTRIES,
    imports::ENTRIES,
    ratings::ENTRIES,
    knockout::ENTRIES,
    players::ENTRIES,
    service::ENTRIES,
    records::ENTRIES,
    corrections_rounds::ENTRIES,
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
        for (k, en, hant, hans) in AREAS.iter().flat_map(|a| a.iter()) {
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
