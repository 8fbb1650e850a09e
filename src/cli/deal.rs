//! `anqi deal new` and `anqi deal verify`: draw a sealed deal, or check an unsealed one (RULES.md §9).
//!
//! Exit status: 0 success (`ok` for verify), 1 verification mismatch, 2 malformed input.

use clap::{Args, Subcommand};

use super::Refusal;
use crate::deal::{
    Commitment, Deal, DealContext, GameNumber, PendingDeal, PublicValue, SealedDeal, Seed, verify,
    verify_with_value,
};
use crate::i18n::{Lang, Reason};
use crate::rules::Variant;
use crate::service::deals::{
    deal_reason, mismatch_reason, public_value_reason, seed_reason, verify_context_reason,
};

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
        /// A public value fixed after the commitment (SquareDeal): the deal is drawn from
        /// SHA-256(seed bytes ‖ UTF-8 of the value) and the commitment covers the seed alone.
        #[arg(long)]
        public_value: Option<String>,
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
        /// The public value the deal was drawn with, if any.
        #[arg(long)]
        public_value: Option<String>,
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
            public_value,
        } => new(
            &variant,
            seed.as_deref(),
            (&event, &round, &game),
            public_value.as_deref(),
        ),
        DealAction::Verify {
            variant,
            event,
            round,
            game,
            deal,
            seed,
            commitment,
            public_value,
        } => check(
            &variant,
            (&event, &round, &game),
            (&deal, &seed, &commitment),
            public_value.as_deref(),
        ),
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

/// A bad `--public-value`.
fn bad_value(e: crate::deal::PublicValueError) -> Refusal {
    Refusal::new(format!("--public-value: {e}"), public_value_reason(e))
}

fn new(
    variant: &str,
    seed: Option<&str>,
    (event, round, game): (&str, &str, &str),
    public_value: Option<&str>,
) -> Result<i32, Refusal> {
    let variant = parse_variant(variant)?;
    let context = parse_context(event, round, game)?;
    let value = public_value
        .map(PublicValue::parse)
        .transpose()
        .map_err(bad_value)?;
    let seed = match seed {
        Some(hex) => Seed::from_hex(hex).map_err(bad_seed)?,
        None => Seed::generate().map_err(|e| Refusal::new(e.to_string(), seed_reason(&e)))?,
    };
    let drawn = |e: crate::deal::DealStringError| Refusal::new(e.to_string(), deal_reason(&e));
    let (deal, commitment) = match &value {
        None => {
            let sealed =
                SealedDeal::from_seed(variant, context.clone(), seed.clone()).map_err(drawn)?;
            (sealed.deal, sealed.commitment)
        }
        Some(value) => {
            let pending =
                PendingDeal::new(variant, context.clone(), seed.clone()).map_err(drawn)?;
            (pending.draw(value).map_err(drawn)?, pending.commitment)
        }
    };
    println!("variant: {variant}");
    println!("event: {}", context.event());
    println!("round: {}", context.round());
    println!("game: {}", context.game());
    if let Some(value) = &value {
        println!("public value: {value}");
    }
    println!("deal: {deal}");
    println!("seed: {seed}");
    println!("commitment: {commitment}");
    Ok(0)
}

fn check(
    variant: &str,
    (event, round, game): (&str, &str, &str),
    (deal, seed, commitment): (&str, &str, &str),
    public_value: Option<&str>,
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
    let value = public_value
        .map(PublicValue::parse)
        .transpose()
        .map_err(bad_value)?;
    let verdict = match &value {
        None => verify(&context, &deal, &seed, &commitment),
        Some(value) => verify_with_value(&context, &deal, &seed, value, &commitment),
    };
    match verdict {
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
