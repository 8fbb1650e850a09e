//! `anqi perft` as a process: output format, the RULES.md §3.1 numbers, and bad input.

use crate::run::anqi;
#[test]
fn xiangqi_start_divide_and_total() {
    let (code, out, err) = anqi(["perft", "--variant", "xiangqi", "2"]).run().parts();
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 45);
    assert!(lines.contains(&"h2e2: 45"), "{out}");
    assert_eq!(lines.last(), Some(&"Nodes searched: 1920"));
}

#[test]
fn jieqi_rows_of_the_rules() {
    let (code, out, _) = anqi([
        "perft",
        "--variant",
        "jieqi",
        "--deal",
        "pppppccrnbaabnrRNBAABNRCCPPPPP",
        "3",
    ])
    .run()
    .parts();
    assert_eq!(code, 0);
    assert!(out.ends_with("Nodes searched: 72765\n"), "{out}");
    let (code, out, _) = anqi([
        "perft",
        "--variant",
        "jieqi",
        "--fen",
        "2bk5/9/4b4/2a4N1/1n1a4P/p8/3nP1A2/4BA3/4K2C1/9 w - 0 1",
        "3",
    ])
    .run()
    .parts();
    assert_eq!(code, 0);
    assert!(out.ends_with("Nodes searched: 2027\n"), "{out}");
}

#[test]
fn jieqi_without_deal_counts_one_ply_but_needs_the_deal_deeper() {
    let (code, out, _) = anqi(["perft", "--variant", "jieqi", "1"]).run().parts();
    assert_eq!(code, 0);
    assert!(out.ends_with("Nodes searched: 44\n"));
    let (code, _, err) = anqi(["perft", "--variant", "jieqi", "2"]).run().parts();
    assert_eq!(code, 2);
    assert!(err.contains("--deal"), "{err}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "perft",
                "--fen",
                "rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                "1",
            ],
            "11 ranks",
        ),
        (
            &[
                "perft",
                "--variant",
                "jieqi",
                "--deal",
                "rnbaabnrccpppppRPPPPCCRNBAABNR",
                "1",
            ],
            "3 Red Chariots",
        ),
        (&["perft", "0"], "depth"),
        (&["perft", "x"], "depth"),
        (&["perft", "--variant", "shogi", "1"], "unknown variant"),
        (
            &[
                "perft",
                "--variant",
                "xiangqi",
                "--deal",
                "rnbaabnrccpppppPPPPPCCRNBAABNR",
                "1",
            ],
            "jieqi",
        ),
    ];
    for (args, needle) in cases {
        let (code, out, err) = anqi(args.iter()).run().parts();
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn bad_input_is_refused_in_the_language_of_lang() {
    for (lang, depth, deal) in [
        (
            "zh_TW.UTF-8",
            "anqi perft: 深度須為至少 1 的整數，收到「0」\n",
            "佈局",
        ),
        (
            "zh_CN.UTF-8",
            "anqi perft: 深度须为至少 1 的整数，收到“0”\n",
            "布局",
        ),
    ] {
        let run = |args: &[&str]| {
            let out = anqi(args).lang(lang).run();
            assert_eq!(out.code, 2, "{args:?}");
            out.stderr
        };
        assert_eq!(run(&["perft", "0"]), depth);
        let err = run(&["perft", "--variant", "banqi", "--deal", "xx", "1"]);
        assert!(err.contains(deal), "{lang}: {err}");
        assert!(
            !err.contains("deal") && !err.contains("letters"),
            "{lang}: {err}"
        );
    }
}
