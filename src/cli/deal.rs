//! `anqi deal new` and `anqi deal verify`: draw a sealed deal, or check an unsealed one (RULES.md §9).
//!
//! Exit status: 0 success (`ok` for verify), 1 verification mismatch, 2 malformed input.

use clap::{Args, Subcommand};

use super::Refusal;
use crate::deal::{Commitment, Deal, DealContext, GameNumber, SealedDeal, Seed, verify};
use crate::i18n::{Lang, Reason};
use crate::rules::Variant;
use crate::service::deals::{deal_reason, mismatch_reason, seed_reason, verify_context_reason};

/// Arguments of `anqi deal`.
#[derive(Debug, Args)]
pub struct DealArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: DealAction,
}

/// The `deal` subcommands.
#[derive(Debug, Subcommand)]
pub enum DealAction {
    /// Draw a deal (from a fresh OS seed unless --seed is given) and print deal, seed and commitment.
    New {
        /// jieqi or banqi.
        #[arg(long)]
        variant: String,
        /// 64 hex digits; a fresh seed from the OS CSPRNG when omitted.
        #[arg(long)]
        seed: Option<String>,
        /// Event id committed to.
        #[arg(long, default_value = "local")]
        event: String,
        /// Round number committed to.
        #[arg(long, default_value = "1")]
        round: String,
        /// Game number committed to (1, 2, … or decider).
        #[arg(long, default_value = "1")]
        game: String,
    },
    /// Recompute a commitment from an unsealed deal; prints `ok` (exit 0) or `mismatch` (exit 1).
    Verify {
        /// jieqi or banqi.
        #[arg(long)]
        variant: String,
        /// Event id.
        #[arg(long)]
        event: String,
        /// Round number.
        #[arg(long)]
        round: String,
        /// Game number (1, 2, … or decider).
        #[arg(long)]
        game: String,
        /// The deal string.
        #[arg(long)]
        deal: String,
        /// The seed, 64 hex digits.
        #[arg(long)]
        seed: String,
        /// The published commitment, 64 hex digits.
        #[arg(long)]
        commitment: String,
    },
}

/// Runs `anqi deal`; returns the exit status.
pub fn run(args: DealArgs) -> i32 {
    let lang = Lang::from_env();
    let outcome = match args.action {
        DealAction::New {
            variant,
            seed,
            event,
            round,
            game,
        } => new(&variant, seed.as_deref(), &event, &round, &game),
        DealAction::Verify {
            variant,
            event,
            round,
            game,
            deal,
            seed,
            commitment,
        } => check(&variant, &event, &round, &game, &deal, &seed, &commitment),
    };
    match outcome {
        Ok(code) => code,
        Err(refusal) => {
            eprintln!("anqi deal: {}", refusal.text(lang));
            2
        }
    }
}

fn parse_variant(text: &str) -> Result<Variant, Refusal> {
    match Variant::parse(text) {
        Some(v @ (Variant::Jieqi | Variant::Banqi)) => Ok(v),
        _ => Err(Refusal::new(
            format!("--variant: '{text}' is not jieqi or banqi"),
            Reason::new("verify_bad_variant").arg("typed", text),
        )),
    }
}

fn parse_context(event: &str, round: &str, game: &str) -> Result<DealContext, Refusal> {
    let round: u32 = round.trim().parse().map_err(|_| {
        Refusal::new(
            format!("--round: '{round}' is not a round number"),
            Reason::new("verify_bad_round").arg("typed", round),
        )
    })?;
    let game = GameNumber::parse(game).ok_or_else(|| {
        Refusal::new(
            format!("--game: '{game}' is not a game number (1, 2, … or decider)"),
            Reason::new("verify_bad_game").arg("typed", game),
        )
    })?;
    DealContext::new(event, round, game).map_err(|e| {
        Refusal::new(
            format!("--event/--round/--game: {e}"),
            verify_context_reason(e),
        )
    })
}

/// A bad `--seed`.
fn bad_seed(e: crate::deal::SeedError) -> Refusal {
    Refusal::new(format!("--seed: {e}"), seed_reason(&e))
}

fn new(
    variant: &str,
    seed: Option<&str>,
    event: &str,
    round: &str,
    game: &str,
) -> Result<i32, Refusal> {
    let variant = parse_variant(variant)?;
    let context = parse_context(event, round, game)?;
    let seed = match seed {
        Some(hex) => Seed::from_hex(hex).map_err(bad_seed)?,
        None => Seed::generate().map_err(|e| Refusal::new(e.to_string(), seed_reason(&e)))?,
    };
    let sealed = SealedDeal::from_seed(variant, context, seed)
        .map_err(|e| Refusal::new(e.to_string(), deal_reason(&e)))?;
    println!("variant: {variant}");
    println!("event: {}", sealed.context.event());
    println!("round: {}", sealed.context.round());
    println!("game: {}", sealed.context.game());
    println!("deal: {}", sealed.deal);
    println!("seed: {}", sealed.seed);
    println!("commitment: {}", sealed.commitment);
    Ok(0)
}

fn check(
    variant: &str,
    event: &str,
    round: &str,
    game: &str,
    deal: &str,
    seed: &str,
    commitment: &str,
) -> Result<i32, Refusal> {
    let variant = parse_variant(variant)?;
    let context = parse_context(event, round, game)?;
    let deal = Deal::parse(variant, deal)
        .map_err(|e| Refusal::new(format!("--deal: {e}"), deal_reason(&e)))?;
    let seed = Seed::from_hex(seed).map_err(bad_seed)?;
    let commitment = Commitment::from_hex(commitment).ok_or_else(|| {
        Refusal::new(
            "--commitment: not 64 hex digits",
            Reason::new("verify_bad_commitment"),
        )
    })?;
    match verify(&context, &deal, &seed, &commitment) {
        Ok(()) => {
            println!("ok");
            Ok(0)
        }
        Err(why) => {
            println!("mismatch");
            let why = Refusal::new(why.to_string(), mismatch_reason(why));
            eprintln!("anqi deal: {}", why.text(Lang::from_env()));
            Ok(1)
        }
    }
}
