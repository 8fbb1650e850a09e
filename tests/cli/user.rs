//! `anqi user`: accounts and API tokens from scripts (create, list, revoke).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn anqi(args: &[&str], stdin: &str) -> Output {
    run(None, args, stdin)
}

/// `anqi` with `LANG` set.
fn anqi_in(lang: &str, args: &[&str], stdin: &str) -> Output {
    run(Some(lang), args, stdin)
}

fn run(lang: Option<&str>, args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_anqi"));
    command.args(args);
    if let Some(lang) = lang {
        command.env("LANG", lang);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run anqi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

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
        anqi(&refs, stdin)
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
    assert!(
        add.status.success(),
        "{}",
        String::from_utf8_lossy(&add.stderr)
    );
    assert!(
        String::from_utf8_lossy(&add.stdout).contains("scorer"),
        "stored NFKC"
    );

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
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let token = String::from_utf8(made.stdout).unwrap().trim().to_string();
    assert_eq!(token.len(), 64);

    let listed = run(&["user", "tokens", "scorer"], "");
    assert!(listed.status.success());
    let listed = String::from_utf8(listed.stdout).unwrap();
    assert!(!listed.contains(&token), "the token itself is never listed");
    let line = listed
        .lines()
        .find(|l| l.contains("hall laptop"))
        .expect("listed");
    let id = line.split('\t').next().unwrap().to_string();
    assert!(line.contains("never"), "{line}");

    let too_long = run(&["user", "token", "scorer", "--days", "900"], "");
    assert_eq!(too_long.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&too_long.stderr).contains("--days"));

    let revoked = run(&["user", "revoke", "scorer", &id], "");
    assert!(
        revoked.status.success(),
        "{}",
        String::from_utf8_lossy(&revoked.stderr)
    );
    let again = run(&["user", "revoke", "scorer", &id], "");
    assert_eq!(again.status.code(), Some(1));
    let listed = run(&["user", "tokens", "scorer"], "");
    assert!(!String::from_utf8_lossy(&listed.stdout).contains("hall laptop"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn user_refusals_are_in_the_language_of_lang() {
    let dir = std::env::temp_dir().join(format!("anqi-cli-user-lang-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("anqi.db").display());
    let add = |lang: &str| {
        anqi_in(
            lang,
            &[
                "user",
                "add",
                "scorer",
                "--role",
                "arbiter",
                "--password-stdin",
                "--database-url",
                &url,
            ],
            "long-enough-1\n",
        )
    };
    let first = add("C");
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
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
        let none = anqi_in(
            lang,
            &["user", "tokens", "ghost", "--database-url", &url],
            "",
        );
        assert_eq!(none.status.code(), Some(1));
        let err = String::from_utf8(none.stderr).unwrap();
        assert!(err.contains(missing), "{lang}: {err}");
        assert!(
            !err.contains("user") && !err.contains("no "),
            "{lang}: {err}"
        );

        let again = add(lang);
        assert_eq!(again.status.code(), Some(1));
        let err = String::from_utf8(again.stderr).unwrap();
        assert!(err.contains(taken), "{lang}: {err}");
        assert!(
            !err.contains("user") && !err.contains("taken") && !err.contains("name"),
            "{lang}: {err}"
        );
    }
    // English stays as it was.
    let none = anqi_in(
        "C",
        &["user", "tokens", "ghost", "--database-url", &url],
        "",
    );
    assert_eq!(
        String::from_utf8(none.stderr).unwrap(),
        "anqi: no user 'ghost'\n"
    );
    let again = add("en_US.UTF-8");
    assert_eq!(
        String::from_utf8(again.stderr).unwrap(),
        "anqi: user name 'scorer' is taken\n"
    );
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
        let out = anqi_in(
            lang,
            &[
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--database-url",
                "sqlite::memory:",
                "--trusted-proxies",
                "127.0.0.1, bogus",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(String::from_utf8(out.stderr).unwrap(), expected, "{lang}");
    }
}
