//! Where a rated game of an event was played — the stage, the round and the game of a match — so
//! that a player's history names it ("Round 3 · game 2", "Final · game 1").

use crate::i18n::Reason;

/// The round of an event a game was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventRound {
    /// A Swiss round, by its number.
    Swiss(u32),
    /// A round of the knockout, by how many players it began with (2: the final).
    Knockout(u32),
    /// The knockout's match for 3rd place.
    ThirdPlace,
}

impl EventRound {
    /// The stored stage (`swiss`, `knockout`, `third_place`) and round number.
    pub const fn stored(self) -> (&'static str, Option<u32>) {
        match self {
            EventRound::Swiss(n) => ("swiss", Some(n)),
            EventRound::Knockout(players) => ("knockout", Some(players)),
            EventRound::ThirdPlace => ("third_place", None),
        }
    }

    /// The round of a stored stage and round number; `None` when they do not make one.
    pub fn from_stored(stage: &str, round: Option<u32>) -> Option<EventRound> {
        match (stage, round) {
            ("swiss", Some(n)) => Some(EventRound::Swiss(n)),
            ("knockout", Some(players)) => Some(EventRound::Knockout(players)),
            ("third_place", None) => Some(EventRound::ThirdPlace),
            _ => None,
        }
    }

    /// The round as a message (area `ratings`): `Round 3`, `Semi-finals`, `3rd-place match`.
    pub fn reason(self) -> Reason {
        match self {
            EventRound::Swiss(n) => Reason::new("rating_origin_round").arg("round", n),
            EventRound::Knockout(2) => Reason::new("rating_origin_final"),
            EventRound::Knockout(4) => Reason::new("rating_origin_semi_finals"),
            EventRound::Knockout(8) => Reason::new("rating_origin_quarter_finals"),
            EventRound::Knockout(n) => Reason::new("rating_origin_round_of").arg("players", n),
            EventRound::ThirdPlace => Reason::new("rating_origin_third_place"),
        }
    }
}

/// Where in an event a rated game was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameOrigin {
    /// The round.
    pub round: EventRound,
    /// The game of a match (a Banqi pairing's or a knockout match's); none for a one-game board.
    pub game: Option<u32>,
}

impl GameOrigin {
    /// The round and game as a message (area `ratings`): `Round 3`, `Round 3 · game 2`,
    /// `Semi-finals · game 1`.
    pub fn reason(&self) -> Reason {
        let round = self.round.reason();
        match self.game {
            Some(game) => Reason::new("rating_origin_game")
                .arg_reason("round", &round)
                .arg("game", game),
            None => round,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn an_origin_names_its_round_and_game_in_every_language() {
        let swiss = GameOrigin {
            round: EventRound::Swiss(3),
            game: Some(2),
        };
        assert_eq!(Lang::En.reason(&swiss.reason()), "Round 3 · game 2");
        assert_eq!(Lang::ZhHant.reason(&swiss.reason()), "第 3 輪第 2 局");
        let board = GameOrigin {
            game: None,
            ..swiss
        };
        assert_eq!(Lang::ZhHans.reason(&board.reason()), "第 3 轮");
        let semi = GameOrigin {
            round: EventRound::Knockout(4),
            game: Some(1),
        };
        assert_eq!(Lang::ZhHant.reason(&semi.reason()), "準決賽第 1 局");
        let third = GameOrigin {
            round: EventRound::ThirdPlace,
            game: Some(3),
        };
        assert_eq!(Lang::En.reason(&third.reason()), "3rd-place match · game 3");
        assert_eq!(
            Lang::En.reason(&EventRound::Knockout(16).reason()),
            "Round of 16"
        );
        for round in [
            EventRound::Swiss(5),
            EventRound::Knockout(2),
            EventRound::ThirdPlace,
        ] {
            let (stage, n) = round.stored();
            assert_eq!(EventRound::from_stored(stage, n), Some(round));
        }
        assert_eq!(EventRound::from_stored("swiss", None), None);
        assert_eq!(EventRound::from_stored("third_place", Some(4)), None);
    }
}
