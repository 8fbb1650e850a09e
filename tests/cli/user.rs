//! `anqi user`: accounts and API tokens from scripts (create, list, revoke).

use crate::run::anqi;
#[test]
fn tokens_are_made_listed_and_revoked_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("anqi-cli-user-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("anqi.db").display());
    let db = ["--database-url", url.as_str()];
    let with = |args: &[&str]| -> Vec<String> {
        let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        all.extend(db.iter().map(|s| s.to_string()));
        all
    };
    let run = |args: &[&str], stdin: &str| {
        let all = with(args);
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        anqi(&refs).stdin(stdin).run()
    };
    let add = run(
        &[
            "user",
            "add",
            "ｓｃｏｒｅｒ",
            "--role",
            "arbiter",
            "--password-stdin",
        ],
        "long-enough-1\n",
    );
    assert_eq!(add.code, 0, "{}", add.stderr);
    assert!(add.stdout.as_str().contains("scorer"), "stored NFKC");

    let made = run(
        &[
            "user",
            "token",
            "scorer",
            "--label",
            "hall laptop",
            "--days",
            "7",
        ],
        "",
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    let token = made.stdout.trim().to_string();
    assert_eq!(token.len(), 64);

    let listed = run(&["user", "tokens", "scorer"], "");
    assert_eq!(listed.code, 0);
    let listed = listed.stdout;
    assert!(!listed.contains(&token), "the token itself is never listed");
    let line = listed
        .lines()
        .find(|l| l.contains("hall laptop"))
        .expect("listed");
    let id = line.split('\t').next().unwrap().to_string();
    assert!(line.contains("never"), "{line}");

    let too_long = run(&["user", "token", "scorer", "--days", "900"], "");
    assert_eq!(too_long.code, 2);
    assert!(too_long.stderr.as_str().contains("--days"));

    let revoked = run(&["user", "revoke", "scorer", &id], "");
    assert_eq!(revoked.code, 0, "{}", revoked.stderr);
    let again = run(&["user", "revoke", "scorer", &id], "");
    assert_eq!(again.code, 1);
    let listed = run(&["user", "tokens", "scorer"], "");
    assert!(!listed.stdout.as_str().contains("hall laptop"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn user_refusals_are_in_the_language_of_lang() {
    let dir = std::env::temp_dir().join(format!("anqi-cli-user-lang-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("anqi.db").display());
    let add = |lang: &str| {
        anqi([
            "user",
            "add",
            "scorer",
            "--role",
            "arbiter",
            "--password-stdin",
            "--database-url",
            &url,
        ])
        .stdin("long-enough-1\n")
        .lang(lang)
        .run()
    };
    let first = add("C");
    assert_eq!(first.code, 0, "{}", first.stderr);
    // (LANG, the words for "no such user" and "taken", and for the taken name's "user name")
    for (lang, missing, taken) in [
        (
            "zh_TW.UTF-8",
            "沒有用戶名為「ghost」的帳戶",
            "用戶名「scorer」已有人使用",
        ),
        (
            "zh_CN.UTF-8",
            "没有用户名为“ghost”的账户",
            "用户名“scorer”已有人使用",
        ),
    ] {
        let none = anqi(["user", "tokens", "ghost", "--database-url", &url])
            .lang(lang)
            .run();
        assert_eq!(none.code, 1);
        let err = none.stderr;
        assert!(err.contains(missing), "{lang}: {err}");
        assert!(
            !err.contains("user") && !err.contains("no "),
            "{lang}: {err}"
        );

        let again = add(lang);
        assert_eq!(again.code, 1);
        let err = again.stderr;
        assert!(err.contains(taken), "{lang}: {err}");
        assert!(
            !err.contains("user") && !err.contains("taken") && !err.contains("name"),
            "{lang}: {err}"
        );
    }
    // English stays as it was.
    let none = anqi(["user", "tokens", "ghost", "--database-url", &url])
        .lang("C")
        .run();
    assert_eq!(none.stderr, "anqi: no user 'ghost'\n");
    let again = add("en_US.UTF-8");
    assert_eq!(again.stderr, "anqi: user name 'scorer' is taken\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_trusted_proxy_is_refused_in_the_language_of_lang() {
    for (lang, expected) in [
        (
            "zh_TW.UTF-8",
            "anqi: --trusted-proxies：受信任的代理「bogus」不是 IP 位址\n",
        ),
        (
            "zh_CN.UTF-8",
            "anqi: --trusted-proxies：受信任的代理“bogus”不是 IP 地址\n",
        ),
        (
            "C",
            "anqi: --trusted-proxies: trusted proxy 'bogus' is not an IP address\n",
        ),
    ] {
        let out = anqi([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database-url",
            "sqlite::memory:",
            "--trusted-proxies",
            "127.0.0.1, bogus",
        ])
        .lang(lang)
        .run();
        assert_eq!(out.code, 2);
        assert_eq!(out.stderr, expected, "{lang}");
    }
}
