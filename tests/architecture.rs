//! The page cards of `docs/architecture.md` against the code: every route the web app registers
//! has a card, each card names the handler of every route it lists, and every handler, view
//! function, template (with what it extends, imports and includes), store function and locale area
//! a card names exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A route as the web app registers it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Route {
    /// `GET`, `POST` …, and the path as written in the attribute.
    method: String,
    path: String,
    /// `web::routes::<module>::<fn>`.
    handler: String,
}

/// The body of `fn name` in `text`: from its line to the next line that starts a top-level item.
fn fn_body<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = text.find(&format!("fn {name}("))?;
    let rest = &text[start..];
    let end = rest.find("\n}").map_or(rest.len(), |e| e + 2);
    Some(&rest[..end])
}

/// The names a `configure` body registers: `.service(name)`.
fn registered(text: &str) -> BTreeSet<String> {
    let Some(body) = fn_body(text, "configure") else {
        return BTreeSet::new();
    };
    body.split(".service(")
        .skip(1)
        .filter_map(|s| s.split(')').next())
        .map(|s| s.trim().to_string())
        .collect()
}

/// Every route of `src/web/routes/`: an actix attribute on a handler that its module's `configure`
/// registers, in a module that `routes::configure` registers.
fn app_routes() -> Vec<Route> {
    let dir = root().join("src/web/routes");
    let top = read(&dir.join("mod.rs"));
    let top_configure = fn_body(&top, "configure").unwrap_or_default().to_string();
    let mut routes = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("src/web/routes")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    for file in files {
        let module = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if module == "mod" {
            continue;
        }
        let text = read(&file);
        let names = registered(&text);
        let module_registered = top_configure.contains(&format!("{module}::configure(cfg)"));
        // The route attributes above a handler (several under `#[routes]`).
        let mut pending: Vec<(String, String)> = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if let Some(attr) = line.strip_prefix("#[") {
                for method in ["get", "post", "put", "delete", "patch"] {
                    if let Some(rest) = attr.strip_prefix(&format!("{method}(\"")) {
                        let path = rest.split('"').next().unwrap_or_default().to_string();
                        pending.push((method.to_uppercase(), path));
                    }
                }
                continue;
            }
            if let Some(at) = line.find("fn ").filter(|_| !pending.is_empty()) {
                let name: String = line[at + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if names.contains(&name) && module_registered {
                    for (method, path) in &pending {
                        routes.push(Route {
                            method: method.clone(),
                            path: path.clone(),
                            handler: format!("web::routes::{module}::{name}"),
                        });
                    }
                }
                pending.clear();
            }
        }
    }
    routes
}

/// One page's card.
#[derive(Debug, Default)]
struct Card {
    title: String,
    fields: BTreeMap<String, Vec<String>>,
}

impl Card {
    fn field(&self, name: &str) -> &[String] {
        self.fields.get(name).map_or(&[], Vec::as_slice)
    }
}

/// The items of a card line: each `…` span, with `a::{b, c}` expanded to `a::b`, `a::c`.
fn items(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|item| match (item.find("::{"), item.strip_suffix('}')) {
            (Some(at), Some(inner)) => inner[at + 3..]
                .split(',')
                .map(|n| format!("{}::{}", &item[..at], n.trim()))
                .collect(),
            _ => vec![item.to_string()],
        })
        .collect()
}

/// The cards under the doc's "## Page cards" heading: a `### Title`, then `- field: items`.
fn cards(doc: &str) -> Vec<Card> {
    let Some(start) = doc.find("\n## Page cards") else {
        return Vec::new();
    };
    let section = &doc[start + 1..];
    let section = section[3..]
        .find("\n## ")
        .map_or(section, |end| &section[..end + 3]);
    let mut cards: Vec<Card> = Vec::new();
    for line in section.lines() {
        if let Some(title) = line.strip_prefix("### ") {
            cards.push(Card {
                title: title.trim().to_string(),
                ..Card::default()
            });
        } else if let (Some(card), Some(rest)) = (cards.last_mut(), line.strip_prefix("- "))
            && let Some((field, list)) = rest.split_once(':')
        {
            card.fields
                .entry(field.trim().to_string())
                .or_default()
                .extend(items(list));
        }
    }
    cards
}

/// Whether the Rust item `path` (`service::rounds::round`, `service::event_state::EventStates::get`)
/// is defined: the longest prefix that is a module file, then each type in it and the function.
fn item_exists(path: &str) -> bool {
    let parts: Vec<&str> = path.split("::").collect();
    for split in (1..parts.len()).rev() {
        let base = root().join("src").join(parts[..split].join("/"));
        let file = [base.with_extension("rs"), base.join("mod.rs")]
            .into_iter()
            .find(|f| f.is_file());
        let Some(file) = file else { continue };
        let text = read(&file);
        let (types, name) = parts[split..].split_at(parts.len() - split - 1);
        let defined = |pattern: &str| {
            text.match_indices(pattern).any(|(at, _)| {
                text[at + pattern.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| !c.is_alphanumeric() && c != '_')
            })
        };
        return types.iter().all(|t| {
            ["struct ", "enum ", "impl ", "trait "]
                .iter()
                .any(|k| defined(&format!("{k}{t}")))
        }) && defined(&format!("fn {}", name[0]));
    }
    false
}

/// The templates a template extends, imports or includes.
fn template_uses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for tag in text.split("{%").skip(1) {
        let tag = tag.trim_start();
        if ["extends ", "import ", "include "]
            .iter()
            .any(|k| tag.starts_with(k))
            && let Some(name) = tag.split('"').nth(1)
        {
            out.push(format!("templates/{name}"));
        }
    }
    out
}

/// What is wrong between the doc's cards and the code, one line each.
fn problems(doc: &str) -> Vec<String> {
    let cards = cards(doc);
    let mut found = Vec::new();
    if cards.is_empty() {
        found.push("no \"## Page cards\" section with cards".to_string());
    }
    let routes = app_routes();
    let mut carded: BTreeMap<(String, String), Vec<&str>> = BTreeMap::new();
    for card in &cards {
        for route in card.field("routes") {
            let (method, path) = route.split_once(' ').unwrap_or(("", route));
            carded
                .entry((method.to_string(), path.to_string()))
                .or_default()
                .push(&card.title);
        }
    }
    for r in &routes {
        match carded.get(&(r.method.clone(), r.path.clone())) {
            None => found.push(format!("route {} {} has no card", r.method, r.path)),
            Some(titles) if titles.len() > 1 => found.push(format!(
                "route {} {} is on several cards: {titles:?}",
                r.method, r.path
            )),
            Some(titles) => {
                let card = cards.iter().find(|c| c.title == titles[0]);
                if !card.is_some_and(|c| c.field("handlers").contains(&r.handler)) {
                    found.push(format!(
                        "card {:?} lists {} {} but not its handler {}",
                        titles[0], r.method, r.path, r.handler
                    ));
                }
            }
        }
    }
    for ((method, path), titles) in &carded {
        if !routes
            .iter()
            .any(|r| &r.method == method && &r.path == path)
        {
            found.push(format!(
                "card {titles:?} lists {method} {path}, which the app does not register"
            ));
        }
    }
    for card in &cards {
        let title = &card.title;
        if card.field("routes").is_empty() || card.field("handlers").is_empty() {
            found.push(format!("card {title:?} names no route or no handler"));
        }
        for (field, prefix) in [
            ("handlers", "web::routes::"),
            ("view", "service::"),
            ("store", "store::"),
        ] {
            for item in card.field(field) {
                if !item.starts_with(prefix) || !item_exists(item) {
                    found.push(format!("card {title:?}: {field} `{item}` does not exist"));
                }
            }
        }
        let listed = card.field("templates");
        for template in listed {
            let file = root().join(template);
            if !template.starts_with("templates/") || !file.is_file() {
                found.push(format!(
                    "card {title:?}: template `{template}` does not exist"
                ));
                continue;
            }
            for used in template_uses(&read(&file)) {
                if !listed.contains(&used) {
                    found.push(format!(
                        "card {title:?}: `{template}` uses `{used}`, which the card does not list"
                    ));
                }
            }
        }
        for area in card.field("locales") {
            for lang in ["en", "zh-Hant", "zh-Hans"] {
                if !root().join(format!("locales/{lang}/{area}.ftl")).is_file() {
                    found.push(format!(
                        "card {title:?}: locale area `{area}` has no {lang} file"
                    ));
                }
            }
        }
    }
    found
}

fn the_doc() -> String {
    read(&root().join("docs/architecture.md"))
}

#[test]
fn every_route_has_a_page_card_and_every_name_on_a_card_exists() {
    let routes = app_routes();
    assert!(
        routes.len() > 100,
        "the route scan found only {}",
        routes.len()
    );
    let found = problems(&the_doc());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_missing_card_or_a_misnamed_item_is_reported() {
    let doc = the_doc();
    let start = doc.find("### Round\n").expect("the round page's card");
    let end = start + doc[start + 4..].find("\n### ").expect("a next card") + 5;
    let without_round = format!("{}{}", &doc[..start], &doc[end..]);
    let found = problems(&without_round);
    assert!(
        found
            .iter()
            .any(|p| p == "route GET /events/{id}/rounds/{n} has no card"),
        "{found:?}"
    );
    for (right, wrong, named) in [
        (
            "`service::rounds::may_withdraw_round`",
            "`service::rounds::may_withdraw_rounds`",
            "view `service::rounds::may_withdraw_rounds` does not exist",
        ),
        (
            "`templates/rounds/show.html`",
            "`templates/rounds/shown.html`",
            "template `templates/rounds/shown.html` does not exist",
        ),
        (
            "`store::rounds::event_rounds`",
            "`store::round::event_rounds`",
            "store `store::round::event_rounds` does not exist",
        ),
        (
            "`templates/rounds/correction.html`, ",
            "",
            "uses `templates/rounds/correction.html`, which the card does not list",
        ),
    ] {
        let card = &doc[start..end];
        assert!(card.contains(right), "{right} is on the round card");
        let broken = format!(
            "{}{}{}",
            &doc[..start],
            card.replacen(right, wrong, 1),
            &doc[end..]
        );
        let found = problems(&broken);
        assert!(
            found.iter().any(|p| p.contains(named)),
            "{named}: {found:?}"
        );
    }
}

/// Who may do or see what is decided in `service::policy` and the service layer, never in a
/// handler: no handler reads the viewer's rights (`access.arbitrate`, `access.manage`) or tests a
/// role itself. The extractors (`Arbitrated`, `Managed`) and the service functions decide.
#[test]
fn handlers_leave_rights_to_the_policy() {
    let dir = root().join("src/web/routes");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("src/web/routes") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        for (i, line) in read(&path).lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for decision in [
                "access.arbitrate",
                "access.manage",
                "is_admin()",
                ".role ==",
            ] {
                if code.contains(decision) {
                    found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "rights decided in handlers:\n{}",
        found.join("\n")
    );
}
