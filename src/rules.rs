//! The rules of a game as one plain value (KataGo's `Rules` is the model): the ko rule,
//! suicide, how the board is scored, whether eyes in seki count, whether dead stones are
//! removed, the handicap compensation and the default komi; a preset per ruleset name.
//!
//! Replays read the ko rule and suicide (every game is replayed under the French rules, the
//! ko rule chosen with `--ko`); counting reads the rest, so that one counting function serves
//! every ruleset. This module imports nothing from the crate.

use serde::Serialize;

crate::choice::choice! {
    /// Which repetitions a board play may not create.
    pub enum KoRule {
        #[default] Positional = ("positional", "No whole-board arrangement may repeat, whoever is to move (French default)"),
        Situational = ("situational", "No arrangement may repeat with the same player to move"),
        NaturalSituational = ("natural-situational", "No player may recreate an arrangement they created before by a board play"),
        Simple = ("simple", "Only the immediate recapture of a basic ko is forbidden"),
    }
}

/// The name of a ruleset, as `RU` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// French rules (area scoring, positional superko, suicide illegal).
    French,
    /// Japanese rules.
    Japanese,
    /// Korean rules.
    Korean,
    /// Chinese rules.
    Chinese,
    /// American Go Association rules.
    Aga,
    /// New Zealand rules.
    Nz,
    /// Tromp-Taylor rules.
    TrompTaylor,
    /// Ing (SST) rules.
    Ing,
    /// Absent or unrecognised `RU`.
    Unknown,
}

/// What a colour's points are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points (French, Chinese, AGA…).
    Area,
    /// Surrounded points plus prisoners and the opponent's dead stones (Japanese, Korean).
    Territory,
}

/// The points White receives for a handicap of H stones (H ≥ 2; none in even games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandicapBonus {
    /// Nothing.
    None,
    /// H − 1: one per stone White did not answer (French, AGA).
    HMinusOne,
    /// H (Chinese, Ing).
    H,
}

/// The rules a game is played and counted under.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rules {
    /// The ruleset these rules are (or were made from).
    pub name: RuleSet,
    /// The repetition rule.
    pub ko: KoRule,
    /// Whether a move that removes its own chain is legal.
    pub suicide_allowed: bool,
    /// Area or territory.
    pub scoring: Scoring,
    /// Whether the eyes of a group in seki are its points (false under Japanese rules).
    pub seki_eyes_count: bool,
    /// Whether dead stones are taken off before counting (false under Tromp-Taylor, where
    /// every stone on the board counts as it stands).
    pub dead_stones_removed: bool,
    /// White's compensation for the handicap.
    pub handicap_bonus: HandicapBonus,
    /// Komi when `KM` is absent in an even game.
    pub komi_even: f64,
    /// Komi when `KM` is absent in a handicap game.
    pub komi_handicap: f64,
}

impl Rules {
    /// French rules: positional superko, suicide illegal, area scoring, H − 1, komi 7.5
    /// (0.5 with handicap; rules.md §2).
    pub fn french() -> Rules {
        Rules {
            name: RuleSet::French,
            ko: KoRule::Positional,
            suicide_allowed: false,
            scoring: Scoring::Area,
            seki_eyes_count: true,
            dead_stones_removed: true,
            handicap_bonus: HandicapBonus::HMinusOne,
            komi_even: 7.5,
            komi_handicap: 0.5,
        }
    }

    /// The preset of a ruleset name; an unknown name gives the French rules.
    pub fn preset(name: RuleSet) -> Rules {
        let french = Rules::french();
        match name {
            RuleSet::French | RuleSet::Unknown => french,
            RuleSet::Japanese | RuleSet::Korean => Rules {
                name,
                ko: KoRule::Simple,
                scoring: Scoring::Territory,
                seki_eyes_count: false,
                handicap_bonus: HandicapBonus::None,
                komi_even: 6.5,
                ..french
            },
            RuleSet::Chinese => Rules {
                name,
                ko: KoRule::Simple,
                handicap_bonus: HandicapBonus::H,
                ..french
            },
            RuleSet::Aga => Rules {
                name,
                ko: KoRule::Situational,
                ..french
            },
            RuleSet::Nz => Rules {
                name,
                ko: KoRule::Situational,
                suicide_allowed: true,
                handicap_bonus: HandicapBonus::None,
                komi_even: 7.0,
                ..french
            },
            RuleSet::TrompTaylor => Rules {
                name,
                suicide_allowed: true,
                dead_stones_removed: false,
                handicap_bonus: HandicapBonus::None,
                ..french
            },
            RuleSet::Ing => Rules {
                name,
                ko: KoRule::Situational,
                suicide_allowed: true,
                handicap_bonus: HandicapBonus::H,
                komi_even: 8.0,
                ..french
            },
        }
    }

    /// Komi when `KM` is absent, for a game of `handicap` stones (0 or 1 = even).
    pub fn default_komi(&self, handicap: u32) -> f64 {
        if handicap >= 2 {
            self.komi_handicap
        } else {
            self.komi_even
        }
    }

    /// Points White receives for `handicap` stones (0 or 1 = even game: none).
    pub fn compensation(&self, handicap: u32) -> f64 {
        if handicap < 2 {
            return 0.0;
        }
        match self.handicap_bonus {
            HandicapBonus::None => 0.0,
            HandicapBonus::HMinusOne => f64::from(handicap - 1),
            HandicapBonus::H => f64::from(handicap),
        }
    }
}

impl Default for Rules {
    /// The French rules.
    fn default() -> Rules {
        Rules::french()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_defaults_and_compensation() {
        let komi = |r, h| Rules::preset(r).default_komi(h);
        assert_eq!(komi(RuleSet::French, 0), 7.5);
        assert_eq!(komi(RuleSet::French, 3), 0.5);
        assert_eq!(komi(RuleSet::Japanese, 0), 6.5);
        assert_eq!(komi(RuleSet::Korean, 4), 0.5);
        assert_eq!(komi(RuleSet::Nz, 0), 7.0);
        assert_eq!(komi(RuleSet::Ing, 0), 8.0);
        assert_eq!(komi(RuleSet::Unknown, 0), 7.5);
        let comp = |r, h| Rules::preset(r).compensation(h);
        assert_eq!(comp(RuleSet::French, 3), 2.0);
        assert_eq!(comp(RuleSet::French, 1), 0.0);
        assert_eq!(comp(RuleSet::Chinese, 4), 4.0);
        assert_eq!(comp(RuleSet::Ing, 4), 4.0);
        assert_eq!(comp(RuleSet::Aga, 4), 3.0);
        assert_eq!(comp(RuleSet::Japanese, 4), 0.0);
        assert_eq!(comp(RuleSet::TrompTaylor, 4), 0.0);
        assert_eq!(comp(RuleSet::Unknown, 4), 3.0);
    }

    #[test]
    fn presets_name_themselves_and_unknown_is_french() {
        assert_eq!(Rules::preset(RuleSet::Unknown), Rules::french());
        assert_eq!(Rules::preset(RuleSet::Korean).name, RuleSet::Korean);
        assert_eq!(Rules::preset(RuleSet::Japanese).scoring, Scoring::Territory);
        assert!(!Rules::preset(RuleSet::TrompTaylor).dead_stones_removed);
        assert!(!Rules::preset(RuleSet::Japanese).seki_eyes_count);
    }
}
