//! `anqi adjudicate [--variant V] [--deal DEAL] [--fen FEN] [--json] [--summary] FILE|-`: replay
//! every game of a record file and report the verdicts. The file is read game by game (a
//! collection of thousands of games never sits in memory at once). Exit status: the worst over the
//! file: 0 every game legal, 1 an illegal or unreadable game, 2 the file itself unreadable (or a
//! one-game file that cannot be read, as before multi-game files). The Jieqi community's formats
//! are read too (`rules::formats`: JieqiBox JSON, Pikafish lines, pychess PGN), told from the
//! content.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};

use super::Refusal;
use crate::i18n::{Lang, Reason};
use crate::rules::Variant;
use crate::rules::adjudicate::{
    AdjudicateOptions, PlyCause, PlyError, Termination, Verdict, adjudicate_banqi,
    adjudicate_record, read_record,
};
use crate::rules::describe;
use crate::rules::describe::{
    banqi_deal_error, banqi_fen_error, deal_error, fen_error, record_error, setup_error,
};
use crate::rules::formats;
use crate::rules::notation::{GameSplitter, GameText, RecordErrorKind};
use crate::rules::{banqi, xiangqi};

/// Arguments of `anqi adjudicate`.
#[derive(Debug, clap::Args)]
pub struct AdjudicateArgs {
    /// The game: xiangqi, jieqi or banqi (default: each record's Variant or Game tag).
    #[arg(long)]
    pub variant: Option<String>,
    /// The arbiter's deal (overrides the record's Deal tag).
    #[arg(long)]
    pub deal: Option<String>,
    /// The start position (overrides the record's FEN tag).
    #[arg(long)]
    pub fen: Option<String>,
    /// The no-capture limit in plies at which the move-limit ruling applies (xiangqi/Jieqi default
    /// 120; Banqi: without a capture or a flip, default 100). 0 turns the rule off.
    #[arg(long, value_name = "PLIES")]
    pub move_limit: Option<String>,
    /// Banqi: the move-limit ruling after this many plies in all (off by default; some rule sets use 180).
    #[arg(long, value_name = "PLIES")]
    pub ply_limit: Option<u32>,
    /// Banqi: plies of perpetual chasing, with no face-down piece left, for the chase ruling (seed
    /// 4.11 D; default 20). 0 turns the rule off.
    #[arg(long, value_name = "PLIES")]
    pub chase_limit: Option<u32>,
    /// Banqi: chariots move any distance (a house rule; off by default).
    #[arg(long)]
    pub chariot_slides: bool,
    /// Banqi: a capturing piece may go on capturing in the same turn, written `a1xa2xa3` (a house rule;
    /// off by default).
    #[arg(long)]
    pub chain_captures: bool,
    /// Print each verdict as JSON, one object per line.
    #[arg(long)]
    pub json: bool,
    /// Print only the counts of games by termination (as JSON with --json).
    #[arg(long)]
    pub summary: bool,
    /// The record file (one game or many), or `-` for standard input.
    pub file: String,
}

/// Settings shared by every game of the file.
struct Setup {
    variant: Option<Variant>,
    /// The `--deal` read as a Jieqi deal (checked at once when `--variant` says Jieqi or xiangqi).
    deal: Option<Result<xiangqi::Deal, Refusal>>,
    move_limit: Option<u32>,
}

/// What one game of the file came to.
enum GameVerdict {
    /// Judged (legal or illegal).
    Judged(Verdict),
    /// Could not be judged: why, and the line and column it names.
    Unreadable {
        why: Refusal,
        line: usize,
        column: usize,
        plies_before: usize,
    },
}

/// Runs `anqi adjudicate`; returns the exit status.
pub fn run(args: AdjudicateArgs) -> i32 {
    let lang = Lang::from_env();
    let setup = match setup(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("anqi adjudicate: {}", e.text(lang));
            return 2;
        }
    };
    let cannot_read = |e: std::io::Error| {
        Refusal::new(
            format!("cannot read {}: {e}", args.file),
            Reason::new("verdict_cli_cannot_read")
                .arg("file", &args.file)
                .arg("error", e),
        )
    };
    let input: Box<dyn Read> = if args.file == "-" {
        Box::new(std::io::stdin())
    } else {
        match std::fs::File::open(&args.file) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("anqi adjudicate: {}", cannot_read(e).text(lang));
                return 2;
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut run = Run {
        args: &args,
        setup: &setup,
        lang,
        games: 0,
        held: None,
        status: 0,
        counts: BTreeMap::new(),
        claim_conflicts: 0,
        events: 0,
    };
    let mut reader = BufReader::with_capacity(1 << 16, input);
    // A JieqiBox JSON file or Pikafish lines are read whole (bounded), then game by game.
    let whole = match reader.fill_buf() {
        Ok(head) => matches!(
            formats::detect(head),
            formats::Format::JieqiBox | formats::Format::Pikafish
        ),
        Err(_) => false,
    };
    if whole {
        return run.whole_file(reader, &mut out, &cannot_read);
    }
    let mut splitter = GameSplitter::new();
    let mut line = Vec::with_capacity(256);
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = out.flush();
                eprintln!("anqi adjudicate: {}", cannot_read(e).text(lang));
                return 2;
            }
        }
        if let Some(game) = splitter.push_line(&line)
            && let Err(why) = run.game(game, &mut out)
        {
            let _ = out.flush();
            eprintln!("anqi adjudicate: {}", why.text(lang));
            return 2;
        }
    }
    if let Some(game) = splitter.finish()
        && let Err(why) = run.game(game, &mut out)
    {
        let _ = out.flush();
        eprintln!("anqi adjudicate: {}", why.text(lang));
        return 2;
    }
    let status = run.finish(&mut out);
    if out.flush().is_err() {
        return 2;
    }
    status
}

impl Run<'_> {
    /// Judges every game of a file read whole (JieqiBox JSON, Pikafish lines); returns the exit
    /// status.
    fn whole_file(
        &mut self,
        reader: impl Read,
        out: &mut impl Write,
        cannot_read: &dyn Fn(std::io::Error) -> Refusal,
    ) -> i32 {
        let lang = self.lang;
        let mut bytes = Vec::new();
        let limit = formats::MAX_FILE_BYTES as u64;
        if let Err(e) = reader.take(limit + 1).read_to_end(&mut bytes) {
            eprintln!("anqi adjudicate: {}", cannot_read(e).text(lang));
            return 2;
        }
        if bytes.len() as u64 > limit {
            let why = Refusal::new(
                format!(
                    "{}: the file is larger than {} bytes",
                    self.args.file,
                    formats::MAX_FILE_BYTES
                ),
                Reason::new("verdict_cli_too_large")
                    .arg("file", &self.args.file)
                    .arg("bytes", formats::MAX_FILE_BYTES),
            );
            eprintln!("anqi adjudicate: {}", why.text(lang));
            return 2;
        }
        let games = match formats::split_whole(&bytes) {
            Ok(games) => games,
            Err(e) => {
                let name = &self.args.file;
                let why = Refusal::new(
                    format!("{name}: {e}"),
                    Reason::new("verdict_cli_in_file")
                        .arg("file", name)
                        .arg_reason("what", &record_error(&e)),
                );
                eprintln!("anqi adjudicate: {}", why.text(lang));
                return 2;
            }
        };
        for game in games {
            if let Err(why) = self.game(game, out) {
                let _ = out.flush();
                eprintln!("anqi adjudicate: {}", why.text(lang));
                return 2;
            }
        }
        let status = self.finish(out);
        if out.flush().is_err() {
            return 2;
        }
        status
    }
}

/// Options are checked here, not by clap, so that every error is one line.
fn setup(args: &AdjudicateArgs) -> Result<Setup, Refusal> {
    let variant = args
        .variant
        .as_deref()
        .map(|v| {
            v.parse::<Variant>().map_err(|english| {
                Refusal::new(
                    english,
                    Reason::new("verdict_cli_unknown_variant").arg("value", v),
                )
            })
        })
        .transpose()?;
    let typed_limit = args.move_limit.as_deref().unwrap_or_default();
    let move_limit = args
        .move_limit
        .as_deref()
        .map(|m| m.trim().parse::<u32>())
        .transpose()
        .map_err(|_| {
            Refusal::new(
                format!(
                    "--move-limit must be a whole number of plies (0 turns the rule off), got '{typed_limit}'"
                ),
                Reason::new("verdict_cli_move_limit").arg("value", typed_limit),
            )
        })?;
    // A flag's value refused by its parser: "--deal: …".
    let flag = |flag: &str, english: String, detail: Reason| {
        Refusal::new(
            format!("{flag}: {english}"),
            Reason::new("verdict_cli_flag")
                .arg("flag", flag)
                .arg_reason("detail", &detail),
        )
    };
    let deal = args.deal.as_deref().map(|d| {
        xiangqi::Deal::parse(d).map_err(|e| flag("--deal", e.to_string(), deal_error(&e)))
    });
    match (&deal, variant) {
        (Some(Err(e)), Some(Variant::Xiangqi | Variant::Jieqi)) => return Err(e.clone()),
        (Some(_), Some(Variant::Banqi)) => {
            if let Some(d) = &args.deal {
                banqi::Deal::parse(d)
                    .map_err(|e| flag("--deal", e.to_string(), banqi_deal_error(&e)))?;
            }
        }
        _ => {}
    }
    if let (Some(fen), Some(v)) = (&args.fen, variant) {
        match v {
            Variant::Banqi => banqi::fen::read(fen, args.deal.as_deref())
                .map(|_| ())
                .map_err(|e| flag("--fen", e.to_string(), banqi_fen_error(&e)))?,
            _ => xiangqi::Position::from_fen(fen, v)
                .map(|_| ())
                .map_err(|e| flag("--fen", e.to_string(), fen_error(&e)))?,
        }
    }
    if let Some(n) = move_limit
        && n > u32::from(u16::MAX)
        && variant != Some(Variant::Banqi)
    {
        return Err(Refusal::new(
            format!("--move-limit {n} is too large"),
            Reason::new("verdict_cli_move_limit_too_large").arg("value", n),
        ));
    }
    Ok(Setup {
        variant,
        deal,
        move_limit,
    })
}

/// The state of one run over a file.
struct Run<'a> {
    args: &'a AdjudicateArgs,
    setup: &'a Setup,
    lang: Lang,
    games: usize,
    /// The first game, held back until a second shows whether the file holds one game or many.
    held: Option<(GameText, GameVerdict)>,
    status: i32,
    counts: BTreeMap<&'static str, usize>,
    claim_conflicts: usize,
    events: usize,
}

impl Run<'_> {
    /// Judges one game; `Err` when the file itself is unreadable (it is not UTF-8 but Big5 or
    /// GB18030, so no game of it can be read).
    fn game(&mut self, game: GameText, out: &mut impl Write) -> Result<(), Refusal> {
        let verdict = self.judge(&game)?;
        self.games += 1;
        if let Some((text, held)) = self.held.take() {
            self.emit(1, &text, held, out);
        }
        if self.games == 1 {
            self.held = Some((game, verdict));
        } else {
            self.emit(self.games, &game, verdict, out);
        }
        Ok(())
    }

    /// Prints what is held and the summary; returns the exit status.
    fn finish(&mut self, out: &mut impl Write) -> i32 {
        if let Some((text, held)) = self.held.take() {
            if self.games == 1 {
                // A one-game file behaves as before: an unreadable record is the file's error.
                if let GameVerdict::Unreadable { why, .. } = &held {
                    eprintln!("anqi adjudicate: {}", why.text(self.lang));
                    return 2;
                }
            }
            self.emit(1, &text, held, out);
        }
        if self.args.summary {
            self.print_summary(out);
        }
        self.status
    }

    fn judge(&self, game: &GameText) -> Result<GameVerdict, Refusal> {
        let unreadable = |why: Refusal, line: usize, column: usize, plies_before: usize| {
            Ok(GameVerdict::Unreadable {
                why,
                line,
                column,
                plies_before,
            })
        };
        let name = &self.args.file;
        // The record's syntax error, naming the file.
        let syntax = |e: &crate::rules::notation::RecordError| {
            Refusal::new(
                format!("{name}: {e}"),
                Reason::new("verdict_cli_in_file")
                    .arg("file", name)
                    .arg_reason("what", &record_error(e)),
            )
        };
        let record = match read_record(&game.bytes, game.first_line) {
            Ok(r) => r,
            Err(e) => {
                if let RecordErrorKind::NotUtf8 {
                    likely: Some(_), ..
                } = e.kind
                {
                    return Err(syntax(&e));
                }
                return unreadable(syntax(&e), e.line, e.column, e.plies_before);
            }
        };
        let at_start = |english: String, what: Reason| {
            unreadable(
                Refusal::new(
                    format!("{name}: line {}: {english}", game.first_line),
                    Reason::new("verdict_cli_at_line")
                        .arg("file", name)
                        .arg("line", game.first_line)
                        .arg_reason("what", &what),
                ),
                game.first_line,
                1,
                0,
            )
        };
        let variant = match self.setup.variant {
            Some(v) => v,
            None => match crate::rules::record_variant(&record) {
                Ok(Some(v)) => v,
                Err(tag) => {
                    return at_start(
                        format!("unknown variant tag '{tag}' (give --variant)"),
                        Reason::new("verdict_cli_variant_tag").arg("tag", tag),
                    );
                }
                Ok(None) => {
                    return at_start(
                        "no variant: give --variant or a Variant tag".into(),
                        Reason::new("verdict_cli_no_variant"),
                    );
                }
            },
        };
        let judged = match variant {
            Variant::Banqi if record.moves.iter().any(|m| m.text.contains('\u{FFFD}')) => {
                // Banqi reports bytes that are not UTF-8 as the record's error, wherever they stand.
                return match crate::rules::notation::Record::from_bytes_at(
                    &game.bytes,
                    game.first_line,
                ) {
                    Err(e) => unreadable(syntax(&e), e.line, e.column, e.plies_before),
                    Ok(_) => at_start(
                        "bytes that are not UTF-8".into(),
                        Reason::new("verdict_cli_not_utf8"),
                    ),
                };
            }
            Variant::Banqi => {
                let defaults = banqi::Settings::default();
                let limit = |flag: Option<u32>, default: Option<u32>| match flag {
                    Some(0) => None,
                    Some(n) => Some(n),
                    None => default,
                };
                let settings = banqi::Settings {
                    move_rules: banqi::MoveRules {
                        chariot_slides: self.args.chariot_slides,
                        chain_captures: self.args.chain_captures,
                    },
                    no_progress_limit: limit(self.setup.move_limit, defaults.no_progress_limit),
                    ply_limit: limit(self.args.ply_limit, defaults.ply_limit),
                    perpetual_chase_plies: limit(
                        self.args.chase_limit,
                        defaults.perpetual_chase_plies,
                    ),
                };
                adjudicate_banqi(
                    &record,
                    self.args.fen.as_deref(),
                    self.args.deal.as_deref(),
                    settings,
                )
            }
            Variant::Xiangqi | Variant::Jieqi => {
                let move_limit = match self.setup.move_limit {
                    None => 120,
                    Some(0) => u16::MAX,
                    Some(n) => u16::try_from(n).unwrap_or(u16::MAX),
                };
                let options = AdjudicateOptions {
                    move_limit,
                    fen: self.args.fen.clone(),
                };
                let deal = match &self.setup.deal {
                    None => None,
                    Some(Ok(d)) => Some(d),
                    Some(Err(e)) => return at_start(e.english.clone(), e.reason.clone()),
                };
                adjudicate_record(&record, variant, deal, &options)
            }
        };
        match judged {
            Ok(v) => Ok(GameVerdict::Judged(v)),
            Err(e) => {
                let what = match &e {
                    crate::rules::adjudicate::AdjudicateError::Syntax(e) => record_error(e),
                    crate::rules::adjudicate::AdjudicateError::Setup(e) => setup_error(e),
                };
                at_start(e.to_string(), what)
            }
        }
    }

    /// Prints (or counts) one game's verdict.
    fn emit(&mut self, number: usize, game: &GameText, verdict: GameVerdict, out: &mut impl Write) {
        // Why an unreadable game could not be judged, in the reader's language.
        let mut why = None;
        let verdict = match verdict {
            GameVerdict::Judged(v) => v,
            GameVerdict::Unreadable {
                why: refusal,
                line,
                column,
                plies_before,
            } => {
                why = Some(Reason::new("verdict_message").arg("message", refusal.text(self.lang)));
                let error = PlyError {
                    ply: plies_before + 1,
                    token: String::new(),
                    message: refusal.english,
                    cause: Some(PlyCause::Unreadable { line, column }),
                };
                let variant = self.setup.variant.unwrap_or(Variant::Xiangqi);
                Verdict::illegal(variant, 0, String::new(), error)
            }
        };
        if !verdict.is_legal() {
            self.status = self.status.max(1);
        }
        *self.counts.entry(verdict.termination.as_str()).or_default() += 1;
        self.claim_conflicts += usize::from(verdict.claim_conflict.is_some());
        self.events += verdict.events.len();
        if self.args.summary {
            return;
        }
        // Output errors (a closed pipe) end nothing here; the status reports the verdicts.
        let _ = if self.args.json {
            writeln!(out, "{}", verdict.to_json())
        } else if self.games == 1 {
            write!(out, "{}", report(&verdict, self.lang, why.as_ref()))
        } else {
            let header = self.lang.reason(
                &Reason::new("verdict_report_game")
                    .arg("number", number)
                    .arg("line", game.first_line),
            );
            let blank = if number > 1 { "\n" } else { "" };
            write!(
                out,
                "{blank}{header}\n{}",
                report(&verdict, self.lang, why.as_ref())
            )
        };
    }

    fn print_summary(&self, out: &mut impl Write) {
        let _ = if self.args.json {
            let json = serde_json::json!({
                "games": self.games,
                "terminations": self.counts,
                "claim_conflicts": self.claim_conflicts,
                "events": self.events,
            });
            writeln!(out, "{json}")
        } else {
            let mut text = format!(
                "{}\n",
                self.lang
                    .reason(&Reason::new("verdict_report_games").arg("games", self.games))
            );
            for t in Termination::ALL {
                if let Some(n) = self.counts.get(t.as_str()) {
                    text.push_str(&format!(
                        "  {n:>7}  {} ({})\n",
                        t.as_str(),
                        self.lang.reason(&describe::termination(t))
                    ));
                }
            }
            text.push_str(&format!(
                "  {:>7}  claim_conflict\n  {:>7}  events\n",
                self.claim_conflicts, self.events
            ));
            write!(out, "{text}")
        };
    }
}

/// The readable report of a verdict (what `anqi adjudicate` prints without `--json`) in `lang`,
/// ending with a newline; `why` words the error instead of its cause (an unreadable game).
fn report(v: &Verdict, lang: Lang, why: Option<&Reason>) -> String {
    let game = describe::variant(v.variant);
    let mut lines = Vec::new();
    if let Some(e) = &v.error {
        lines.push(
            Reason::new("verdict_report_illegal")
                .arg_reason("game", &game)
                .arg("ply", e.ply)
                .arg("token", &e.token)
                .arg_reason("why", why.unwrap_or(&describe::error(e))),
        );
        lines.push(
            Reason::new("verdict_report_applied")
                .arg("plies", v.plies)
                .arg("fen", &v.final_fen),
        );
    } else {
        lines.push(
            Reason::new("verdict_report_result")
                .arg_reason("game", &game)
                .arg("plies", v.plies)
                .arg("code", v.result.as_str())
                .arg_reason("result", &describe::result(v.result))
                .arg_reason("how", &describe::termination(v.termination)),
        );
        lines.push(Reason::new("verdict_report_final").arg("fen", &v.final_fen));
    }
    let mut out = String::new();
    for line in &lines {
        out.push_str(&lang.reason(line));
        out.push('\n');
    }
    for line in describe::events(v) {
        out.push_str("  ");
        out.push_str(&lang.reason(&line));
        out.push('\n');
    }
    if let (None, Some(claim)) = (&v.error, v.claim_conflict) {
        out.push_str(
            &lang.reason(&Reason::new("verdict_report_conflict").arg("claim", claim.as_str())),
        );
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::adjudicate::GameResult;

    fn verdict() -> Verdict {
        Verdict {
            variant: Variant::Banqi,
            plies: 12,
            result: GameResult::RedWins,
            termination: Termination::NoPieces,
            final_fen: "8/8/8/1R6 b 0 9".into(),
            error: None,
            claim_conflict: None,
            events: vec![],
        }
    }

    #[test]
    fn reports_in_each_language() {
        let v = verdict();
        assert_eq!(
            report(&v, Lang::En, None),
            "Banqi: 12 plies, 1-0 (Red wins: a side has no pieces left)\nFinal position: 8/8/8/1R6 b 0 9\n"
        );
        assert_eq!(
            report(&v, Lang::ZhHant, None),
            "暗棋：共 12 步，1-0（紅勝，一方棋子被吃光）\n終局局面：8/8/8/1R6 b 0 9\n"
        );
        assert!(report(&v, Lang::ZhHans, None).contains("红胜"));
        let conflict = Verdict {
            claim_conflict: Some(GameResult::BlackWins),
            ..verdict()
        };
        assert!(report(&conflict, Lang::En, None).contains("claims 0-1"));
    }

    #[test]
    fn reports_an_illegal_ply() {
        let v = Verdict::illegal(
            Variant::Banqi,
            2,
            "8/8/8/1R6 b 0 9".into(),
            PlyError::new(3, "a1-a2", "a2 is not empty"),
        );
        assert_eq!(
            report(&v, Lang::En, None),
            "Banqi: illegal ply 3 'a1-a2': a2 is not empty\nPlies applied: 2. Position before it: 8/8/8/1R6 b 0 9\n"
        );
        assert!(
            report(&v, Lang::ZhHans, None)
                .starts_with("暗棋：第 3 步「a1-a2」不合规则：a2 is not empty\n")
        );
    }
}
