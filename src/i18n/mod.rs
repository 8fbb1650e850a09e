//! Interface languages (繁體中文, 简体中文, English) and the messages every page, error and CLI report
//! goes through: Fluent files `locales/<lang>/<area>.ftl`, compiled into the binary, one bundle per
//! language shared by the web pages and the CLI.

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

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

    /// Every language, in the order of its bundle.
    const ALL_BY_INDEX: [Lang; 3] = [Lang::En, Lang::ZhHant, Lang::ZhHans];

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

    /// Chooses from a `LANG`-style value (`zh_TW.UTF-8`, `zh_CN`, `en_US`) or a language tag
    /// (`zh-Hant`, `zh-Hans`, `en`): `zh` with TW, HK, MO or Hant is traditional, other `zh`
    /// simplified, anything else English.
    pub fn from_locale(value: &str) -> Lang {
        let value = value.to_ascii_lowercase();
        if !value.starts_with("zh") {
            Lang::En
        } else if ["tw", "hk", "mo", "hant"]
            .iter()
            .any(|region| value.contains(region))
        {
            Lang::ZhHant
        } else {
            Lang::ZhHans
        }
    }

    /// The language of the command line: from `LANG` (English when it is unset).
    pub fn from_env() -> Lang {
        Lang::from_locale(&std::env::var("LANG").unwrap_or_default())
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

    /// The message `key` formatted without arguments (a `{ $name }` in it stays visible as `{$name}`);
    /// `??` if no locale file has it (a test keeps every key the code uses in the files).
    pub fn t(self, key: &str) -> &'static str {
        catalog().plain[self.index()]
            .get(key)
            .copied()
            .unwrap_or("??")
    }

    /// A reason in this language: the message of its key formatted with its named arguments (an
    /// argument that is itself a message, [`Reason::arg_reason`], is worded in this language too).
    pub fn reason(self, reason: &Reason) -> String {
        let args: Vec<(&str, &str)> = reason.args.iter().map(|(n, v)| (*n, v.as_str())).collect();
        self.message(reason.key, &args)
    }

    fn message(self, key: &str, given: &[(&str, &str)]) -> String {
        let bundle = &catalog().bundles[self.index()];
        let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
            return "??".to_string();
        };
        let mut args = FluentArgs::with_capacity(given.len());
        for (name, value) in given {
            match value
                .strip_prefix(NESTED)
                .and_then(|json| serde_json::from_str::<(String, Vec<(String, String)>)>(json).ok())
            {
                Some((inner_key, inner_args)) => {
                    let inner: Vec<(&str, &str)> = inner_args
                        .iter()
                        .map(|(n, v)| (n.as_str(), v.as_str()))
                        .collect();
                    args.set(
                        name.to_string(),
                        FluentValue::from(self.message(&inner_key, &inner)),
                    );
                }
                None => args.set(name.to_string(), fluent_value(value)),
            }
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&args), &mut errors)
            .into_owned()
    }

    /// Chinese move notation or piece names (written in simplified characters by the notation
    /// writers and the deal tables, in traditional ones on Banqi's pieces) in this language's
    /// script: 車 馬 帥 將 進 後 on Traditional pages, 车 马 帅 将 on Simplified ones, unchanged in
    /// English.
    pub fn pieces(self, text: &str) -> String {
        const PAIRS: [(char, char); 6] = [
            ('车', '車'),
            ('马', '馬'),
            ('帅', '帥'),
            ('将', '將'),
            ('进', '進'),
            ('后', '後'),
        ];
        let convert = |c: char| match self {
            Lang::ZhHant => PAIRS.iter().find(|(s, _)| *s == c).map_or(c, |(_, t)| *t),
            // 後 stays: Banqi's names have none, and it is not 后 in every word.
            Lang::ZhHans => PAIRS[..4]
                .iter()
                .find(|(_, t)| *t == c)
                .map_or(c, |(s, _)| *s),
            Lang::En => c,
        };
        text.chars().map(convert).collect()
    }

    /// The name of an audit log action code (`event.create` → 建立賽事); the code itself when it has
    /// no name yet.
    pub fn audit_action(self, code: &str) -> String {
        let key = format!("audit_{}", code.replace('.', "_"));
        if has_key(&key) {
            self.t(&key).to_string()
        } else {
            code.to_string()
        }
    }

    /// An audit log detail in this language: one stored by [`Reason::audit`] (JSON naming an
    /// `audit_d_*` message and its arguments) is worded; anything else — a row written before
    /// details were structured, a name as typed — is shown as stored.
    pub fn audit_detail(self, stored: &str) -> String {
        let Ok(serde_json::Value::Object(json)) = serde_json::from_str(stored) else {
            return stored.to_string();
        };
        let key = json.get("key").and_then(|k| k.as_str()).unwrap_or("");
        let args: Option<Vec<(&str, &str)>> =
            json.get("args").and_then(|a| a.as_array()).map(|a| {
                a.iter()
                    .filter_map(|pair| match pair.as_array().map(Vec::as_slice) {
                        Some([n, v]) => Some((n.as_str()?, v.as_str()?)),
                        _ => None,
                    })
                    .collect()
            });
        match args {
            Some(args) if key.starts_with("audit_d_") && has_key(key) => self.message(key, &args),
            _ => stored.to_string(),
        }
    }

    const fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::ZhHant => 1,
            Lang::ZhHans => 2,
        }
    }

    /// The language's identifier for Fluent (plural rules).
    fn langid(self) -> LanguageIdentifier {
        let tag = match self {
            Lang::En => "en",
            Lang::ZhHant => "zh-Hant",
            Lang::ZhHans => "zh-Hans",
        };
        tag.parse().unwrap_or_default()
    }
}

/// Marks an argument that holds a message ([`Reason::arg_reason`]) rather than text.
const NESTED: &str = "\u{1F}reason:";

/// An argument as Fluent sees it: a whole number written plainly is a number (so a message can
/// choose a plural form by it), anything else is text.
fn fluent_value(value: &str) -> FluentValue<'static> {
    match value.parse::<i64>() {
        Ok(n) if n.to_string() == value => FluentValue::from(n),
        _ => FluentValue::from(value.to_string()),
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

    /// Adds a named argument that is itself a message (a parser's error inside "line 3: …"): it is
    /// worded in the reader's language with the rest. [`Reason::get`] gives its encoded form.
    pub fn arg_reason(mut self, name: &'static str, reason: &Reason) -> Reason {
        let inner = serde_json::json!([reason.key, reason.args]);
        self.args.push((name, format!("{NESTED}{inner}")));
        self
    }

    /// Several reasons in one: "a; b; c" in the reader's language (`audit_d_and`).
    pub fn all(items: &[Reason]) -> Reason {
        Reason::joined(items, "audit_d_and")
    }

    /// Several reasons as a list: "a, b, c" / 「a、b、c」 (`audit_d_list`).
    pub fn list(items: &[Reason]) -> Reason {
        Reason::joined(items, "audit_d_list")
    }

    /// The list as a balanced tree of `key` (its message joins `first` and `rest` alike): each
    /// nesting level escapes its inner reason once more, so a chain one level per item would
    /// double a detail's size with every item (a prize table of ten rows gave audit details of
    /// megabytes, past what a backup imports); halves keep it to a few levels.
    fn joined(items: &[Reason], key: &'static str) -> Reason {
        match items {
            [] => Reason::new("audit_d_text").arg("text", ""),
            [one] => one.clone(),
            _ => {
                let (first, rest) = items.split_at(items.len() / 2);
                Reason::new(key)
                    .arg_reason("first", &Reason::joined(first, key))
                    .arg_reason("rest", &Reason::joined(rest, key))
            }
        }
    }

    /// The reason as an audit log detail (the `detail` column): JSON naming its `audit_d_*`
    /// message and arguments, worded on the audit page in the reader's language by
    /// [`Lang::audit_detail`].
    pub fn audit(&self) -> String {
        serde_json::json!({ "key": self.key, "args": self.args }).to_string()
    }

    /// The reason in `lang` (for templates: `{{ reason.text(ctx.lang) }}`).
    pub fn text(&self, lang: impl std::borrow::Borrow<Lang>) -> String {
        lang.borrow().reason(self)
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

/// One area's messages in the three languages (`locales/<lang>/<area>.ftl`, compiled in).
struct Area {
    name: &'static str,
    /// en, zh-Hant, zh-Hans: in the order of [`Lang::index`].
    sources: [&'static str; 3],
}

/// The `.ftl` files of the named areas, compiled into the binary.
macro_rules! areas {
    ($($name:literal),* $(,)?) => {
        &[$(Area {
            name: $name,
            sources: [
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/en/", $name, ".ftl")),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/zh-Hant/", $name, ".ftl")),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/zh-Hans/", $name, ".ftl")),
            ],
        }),*]
    };
}

/// Every area of the site, each with its own `.ftl` file per language. A new area: add the three
/// files and its name here.
const AREAS: &[Area] = areas![
    "core",
    "accounts",
    "rounds",
    "standings",
    "viewer",
    "deals",
    "imports",
    "ratings",
    "knockout",
    "players",
    "service",
    "records",
    "errors",
    "corrections",
    "live",
    "words",
    "verdicts",
    "trf",
    "audit_details",
    "database",
    "cli",
    "csv_files",
    "round_robin",
    "tiebreaks",
    "entries",
    "checkin",
    "prize_rule",
    "age_groups",
];

/// The three bundles (web and CLI share them) and every message pre-formatted without arguments.
struct Catalog {
    bundles: [FluentBundle<FluentResource>; 3],
    plain: [HashMap<&'static str, &'static str>; 3],
    /// Problems found while loading (syntax errors, a key defined twice): empty, as a test checks.
    #[cfg_attr(not(test), allow(dead_code))]
    problems: Vec<String>,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut problems = Vec::new();
        let bundles = Lang::ALL_BY_INDEX.map(|lang| {
            let mut bundle = FluentBundle::new_concurrent(vec![lang.langid()]);
            // Unicode isolation marks around arguments would end up in pages, CSV and the CLI.
            bundle.set_use_isolating(false);
            // NUMBER(), for ordinals (1st, 2nd …) in English.
            if let Err(e) = bundle.add_builtins() {
                problems.push(format!("{}: builtins: {e:?}", lang.code()));
            }
            for area in AREAS {
                let resource = match FluentResource::try_new(area.sources[lang.index()].to_string())
                {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        for e in errors {
                            problems.push(format!("{}/{}.ftl: {e:?}", lang.code(), area.name));
                        }
                        r
                    }
                };
                if let Err(errors) = bundle.add_resource(resource) {
                    for e in errors {
                        problems.push(format!("{}/{}.ftl: {e:?}", lang.code(), area.name));
                    }
                }
            }
            bundle
        });
        let plain = Lang::ALL_BY_INDEX.map(|lang| {
            let bundle = &bundles[lang.index()];
            let mut map = HashMap::new();
            for area in AREAS {
                for id in message_ids(area.sources[lang.index()]) {
                    let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
                        continue;
                    };
                    let mut errors = Vec::new();
                    let text = bundle
                        .format_pattern(pattern, None, &mut errors)
                        .into_owned();
                    map.insert(leak(id), leak(text));
                }
            }
            map
        });
        for p in &problems {
            eprintln!("anqi: locales: {p}");
        }
        Catalog {
            bundles,
            plain,
            problems,
        }
    })
}

/// The message identifiers of one `.ftl` source, in order.
fn message_ids(source: &str) -> Vec<String> {
    match fluent_syntax::parser::parse(source) {
        Ok(res) => message_names(&res),
        Err((res, _)) => message_names(&res),
    }
}

fn message_names(res: &fluent_syntax::ast::Resource<&str>) -> Vec<String> {
    res.body
        .iter()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// Loaded once and kept for the life of the process, so `Lang::t` can hand out `&'static str`.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Whether a message exists (in English; a test keeps the three languages' keys equal).
pub fn has_key(key: &str) -> bool {
    catalog().plain[Lang::En.index()].contains_key(key)
}

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
    fn languages_follow_lang_values_and_tags() {
        assert_eq!(Lang::from_locale("en_US.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Lang::ZhHans);
        assert_eq!(Lang::from_locale("zh_TW.UTF-8"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("zh_HK"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("zh-Hant"), Lang::ZhHant);
        assert_eq!(Lang::from_locale(Lang::ZhHans.code()), Lang::ZhHans);
    }

    #[test]
    fn locale_files_load_without_problems() {
        assert!(AREAS.len() >= 12, "only {} areas", AREAS.len());
        assert!(
            catalog().problems.is_empty(),
            "{}",
            catalog().problems.join("\n")
        );
    }

    /// The variables a pattern uses (`{ $name }`, also inside selectors and function calls).
    fn pattern_variables(
        pattern: &fluent_syntax::ast::Pattern<&str>,
        out: &mut std::collections::BTreeSet<String>,
    ) {
        use fluent_syntax::ast::PatternElement;
        for element in &pattern.elements {
            if let PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(
        expression: &fluent_syntax::ast::Expression<&str>,
        out: &mut std::collections::BTreeSet<String>,
    ) {
        use fluent_syntax::ast::Expression;
        match expression {
            Expression::Inline(inline) => inline_variables(inline, out),
            Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for v in variants {
                    pattern_variables(&v.value, out);
                }
            }
        }
    }

    fn inline_variables(
        inline: &fluent_syntax::ast::InlineExpression<&str>,
        out: &mut std::collections::BTreeSet<String>,
    ) {
        use fluent_syntax::ast::InlineExpression;
        match inline {
            InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expression_variables(expression, out),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, out);
                }
                for a in &arguments.named {
                    inline_variables(&a.value, out);
                }
            }
            _ => {}
        }
    }

    type Messages = std::collections::BTreeMap<String, std::collections::BTreeSet<String>>;

    /// key → variables of one area's file in one language.
    fn messages(source: &str) -> Messages {
        let res = fluent_syntax::parser::parse(source).expect("parses (see the test above)");
        let mut out = Messages::new();
        for entry in &res.body {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                let mut vars = std::collections::BTreeSet::new();
                let pattern = m.value.as_ref().expect("every message has a value");
                pattern_variables(pattern, &mut vars);
                assert!(
                    out.insert(m.id.name.to_string(), vars).is_none(),
                    "{} twice",
                    m.id.name
                );
            }
        }
        out
    }

    /// Every file below `dir` whose name ends in `ending` (any file for ""), with its text.
    fn files_below(dir: &std::path::Path, ending: &str) -> Vec<(std::path::PathBuf, String)> {
        let entries = std::fs::read_dir(dir).unwrap();
        entries
            .flat_map(|entry| {
                let p = entry.unwrap().path();
                if p.is_dir() {
                    files_below(&p, ending)
                } else if p.to_string_lossy().ends_with(ending) {
                    let text = std::fs::read_to_string(&p).unwrap();
                    vec![(p, text)]
                } else {
                    Vec::new()
                }
            })
            .collect()
    }

    /// [`files_below`] the crate's directory `dir`.
    fn crate_files(dir: &str, ending: &str) -> Vec<(std::path::PathBuf, String)> {
        files_below(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir),
            ending,
        )
    }

    /// Completeness, per locale: each area's file has the same keys in en, zh-Hant and zh-Hans, each
    /// message uses the same variables in the three, and no key is in two areas.
    #[test]
    fn every_locale_has_every_key_with_the_same_variables() {
        let mut all_keys = std::collections::HashSet::new();
        let mut total = 0;
        for area in AREAS {
            let en = messages(area.sources[0]);
            for (lang, source) in [
                (Lang::ZhHant, area.sources[1]),
                (Lang::ZhHans, area.sources[2]),
            ] {
                let other = messages(source);
                for (key, vars) in &en {
                    let Some(theirs) = other.get(key) else {
                        panic!("{}/{}.ftl lacks {key}", lang.code(), area.name);
                    };
                    assert_eq!(
                        vars,
                        theirs,
                        "{key}: en and {} use different variables",
                        lang.code()
                    );
                }
                for key in other.keys() {
                    assert!(
                        en.contains_key(key),
                        "{}/{}.ftl has {key}, en/{}.ftl does not",
                        lang.code(),
                        area.name,
                        area.name
                    );
                }
            }
            for key in en.keys() {
                assert!(all_keys.insert(key.clone()), "{key} is in two areas");
                for lang in Lang::ALL {
                    assert!(
                        !lang.t(key).trim().is_empty(),
                        "{key} is empty in {}",
                        lang.code()
                    );
                }
            }
            total += en.len();
        }
        assert!(total > 500, "only {total} messages");
    }

    /// Every key the Rust code names (`t("…")`, `Reason::new("…")`) has a message.
    #[test]
    fn every_key_in_the_code_has_a_message() {
        let mut checked = 0;
        for (p, text) in crate_files("src", ".rs") {
            for opener in [".t(\"", "Reason::new(\""] {
                for piece in text.split(opener).skip(1) {
                    let key = &piece[..piece.find('"').unwrap()];
                    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    {
                        continue;
                    }
                    assert!(has_key(key), "{}: key '{key}' has no message", p.display());
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} keys found in the code");
    }

    #[test]
    fn arguments_are_substituted_in_every_language() {
        let r = Reason::new("svc_round_not_published").arg("round", 3);
        assert_eq!(Lang::En.reason(&r), "round 3 is not published yet");
        assert_eq!(Lang::ZhHant.reason(&r), "第 3 輪尚未公佈");
        assert_eq!(Lang::ZhHans.reason(&r), "第 3 轮尚未公布");
        // Text arguments are kept as typed (no number formatting, no isolation marks).
        let r = Reason::new("svc_round_not_published").arg("round", "007");
        assert_eq!(Lang::En.reason(&r), "round 007 is not published yet");
        assert_eq!(
            Lang::En.t("svc_round_not_published"),
            "round {$round} is not published yet"
        );
        let missing: &'static str = ["no_such", "_key"].concat().leak();
        assert_eq!(Lang::En.t(missing), "??");
        assert_eq!(Lang::En.reason(&Reason::new(missing)), "??");
    }

    #[test]
    fn audit_codes_have_names() {
        assert_eq!(Lang::ZhHant.audit_action("event.create"), "建立賽事");
        assert_eq!(
            Lang::ZhHans.audit_action("deal.unseal_override"),
            "布局提前解封"
        );
        assert_eq!(Lang::En.audit_action("round.publish"), "Round published");
        assert_eq!(Lang::ZhHant.audit_action("new.code"), "new.code");
        // Every code the store writes has a name.
        let mut checked = 0;
        for (p, text) in crate_files("src", ".rs") {
            if p.ends_with("i18n/mod.rs") || !text.contains("audit::record") {
                continue;
            }
            for piece in text.split('"').skip(1).step_by(2) {
                let code = piece.split_once('.');
                let is_code = code.is_some_and(|(a, b)| {
                    [
                        "event",
                        "round",
                        "result",
                        "record",
                        "deal",
                        "knockout",
                        "player",
                        "players",
                        "prizes",
                        "bye",
                        "board",
                        "rating",
                        "rating_list",
                        "arbiter",
                        "database",
                        "section",
                    ]
                    .contains(&a)
                        && !b.is_empty()
                        && b.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                });
                if is_code {
                    assert_ne!(
                        Lang::ZhHant.audit_action(piece),
                        piece,
                        "{piece} has no name"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "only {checked} codes");
    }

    #[test]
    fn a_message_inside_a_message_is_worded_in_the_same_language() {
        let inner = Reason::new("svc_round_not_published").arg("round", 2);
        let outer = Reason::new("roster_at_field")
            .arg("field", "name")
            .arg_reason("message", &inner);
        assert_eq!(
            Lang::En.reason(&outer),
            "name: round 2 is not published yet"
        );
        assert_eq!(Lang::ZhHant.reason(&outer), "姓名：第 2 輪尚未公佈");
        assert_eq!(outer.to_string(), "name: round 2 is not published yet");
    }

    #[test]
    fn audit_details_are_worded_for_the_reader_and_old_rows_kept() {
        let detail = Reason::new("audit_d_round_reason")
            .arg("round", 2)
            .arg("reason", "錯排")
            .audit();
        assert_eq!(Lang::ZhHant.audit_detail(&detail), "第 2 輪（錯排）");
        assert_eq!(Lang::En.audit_detail(&detail), "round 2 (錯排)");
        // A nested message inside a detail.
        let nested = Reason::new("audit_d_bye_request")
            .arg("round", 3)
            .arg("start", 7)
            .arg("name", "Lee")
            .arg_reason("kind", &Reason::new("bye_half"))
            .audit();
        assert_eq!(
            Lang::ZhHans.audit_detail(&nested),
            "第 3 轮 #7 Lee：半分轮空"
        );
        assert_eq!(
            Lang::En.audit_detail(&nested),
            "round 3 #7 Lee: half-point bye"
        );
        // Plain text, and JSON that is no detail, are shown as stored.
        assert_eq!(Lang::ZhHans.audit_detail("round 3"), "round 3");
        assert_eq!(Lang::ZhHans.audit_detail("陳大文"), "陳大文");
        assert_eq!(
            Lang::ZhHans.audit_detail(r#"{"key":"svc_round_not_published","args":[]}"#),
            r#"{"key":"svc_round_not_published","args":[]}"#
        );
        assert_eq!(Lang::En.audit_detail("[1,2]"), "[1,2]");
    }

    #[test]
    fn piece_names_follow_the_script() {
        assert_eq!(
            Lang::ZhHant.pieces("马二进三炮 后车平四 帅五进一 将5平4"),
            "馬二進三炮 後車平四 帥五進一 將5平4"
        );
        assert_eq!(Lang::ZhHans.pieces("马二进三"), "马二进三");
        // Banqi's pieces are printed in traditional characters.
        assert_eq!(
            Lang::ZhHans.pieces("帥a1–a2 車b1×b2 俥"),
            "帅a1–a2 车b1×b2 俥"
        );
        assert_eq!(Lang::En.pieces("车"), "车");
    }

    /// Every reason key the workflows use has a message (so no page shows a bare key).
    #[test]
    fn every_service_key_is_translated() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/service");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).expect("src/service") {
            let text = std::fs::read_to_string(entry.expect("entry").path()).expect("read");
            for piece in text.split("\"svc_").skip(1) {
                let key = format!("svc_{}", &piece[..piece.find('"').expect("closing quote")]);
                assert!(has_key(&key), "{key} is not translated");
                checked += 1;
            }
        }
        assert!(checked > 40, "only {checked} keys found");
    }

    #[test]
    fn a_long_list_stays_small_in_the_audit_log_and_reads_in_order() {
        let items: Vec<Reason> = (1..=12)
            .map(|i| Reason::new("audit_d_text").arg("text", format!("row \"{i}\"")))
            .collect();
        let list = Reason::list(&items);
        assert!(list.audit().len() < 4000, "{} bytes", list.audit().len());
        let shown = Lang::En.reason(&list);
        let expected: Vec<String> = (1..=12).map(|i| format!("row \"{i}\"")).collect();
        assert_eq!(shown, expected.join(", "));
    }

    /// Every `t("key")` used in a template exists in the table, so no page shows a missing string.
    #[test]
    fn every_template_key_is_translated() {
        let mut checked = 0;
        for (p, text) in crate_files("templates", "") {
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
        assert!(checked > 50, "only {checked} keys found in templates");
    }
}
