//! `anqi user`: accounts and API tokens from scripts (create, list, revoke).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn anqi(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_anqi"))
        .args(args)
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
