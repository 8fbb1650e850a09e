//! Event settings of the knockout stage (RULES.md §8).

/// Games in a match: best of 1, 3, 5 or 7 (seed 000: 单淘汰3局制, best of 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct BestOf(u32);

impl BestOf {
    /// Best of 3, the seed's format.
    pub const THREE: BestOf = BestOf(3);

    /// Best of `games`; only 1, 3, 5 and 7 are allowed.
    pub fn new(games: u32) -> Option<BestOf> {
        matches!(games, 1 | 3 | 5 | 7).then_some(BestOf(games))
    }

    /// The number of games.
    pub const fn games(self) -> u32 {
        self.0
    }
}

impl Default for BestOf {
    fn default() -> Self {
        BestOf::THREE
    }
}

impl TryFrom<u32> for BestOf {
    type Error = String;
    fn try_from(games: u32) -> Result<Self, Self::Error> {
        BestOf::new(games).ok_or_else(|| format!("best of {games}: only 1, 3, 5 or 7 games"))
    }
}

impl From<BestOf> for u32 {
    fn from(b: BestOf) -> u32 {
        b.0
    }
}

/// What happens when a match is level after its N games.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// One decider game; the higher seed chooses the colour and Black advances on a draw (the seed's rule).
    #[default]
    Decider,
    /// Further games, colours still alternating, until one is won; its winner advances.
    PlayOn,
    /// The higher seed advances without further games.
    HigherSeedAdvances,
}

impl TieRule {
    /// The name forms, the API and the store use (`decider`, `play_on`, `higher_seed_advances`).
    pub const fn as_str(self) -> &'static str {
        match self {
            TieRule::Decider => "decider",
            TieRule::PlayOn => "play_on",
            TieRule::HigherSeedAdvances => "higher_seed_advances",
        }
    }

    /// Reads a name of [`TieRule::as_str`] (spaces around allowed); nothing else.
    pub fn parse(text: &str) -> Option<TieRule> {
        [
            TieRule::Decider,
            TieRule::PlayOn,
            TieRule::HigherSeedAdvances,
        ]
        .into_iter()
        .find(|t| t.as_str() == text.trim())
    }
}

/// The knockout settings of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct KnockoutSettings {
    /// Games per match.
    pub best_of: BestOf,
    /// The rule for a level match.
    pub tie_rule: TieRule,
    /// Whether the semi-final losers play for 3rd place (brackets of 4 or more).
    pub third_place_match: bool,
}

impl Default for KnockoutSettings {
    /// The seed's format: best of 3, decider, 3rd-place match.
    fn default() -> Self {
        KnockoutSettings {
            best_of: BestOf::THREE,
            tie_rule: TieRule::Decider,
            third_place_match: true,
        }
    }
}
