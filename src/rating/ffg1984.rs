//! The 1984 French ladder (seed 000, "Système de calcul"), exactly as rules.md §4 states it.

use super::engine::update_ladder;
use super::{Engine, EngineKind, Event, Rounding};

/// Result of one game under the 1984 rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    /// Winner gains, loser loses (the loser's loss is −10 after an upset).
    Counted {
        /// Added to the winner.
        winner: f64,
        /// Added to the loser (negative).
        loser: f64,
    },
    /// The favourite won with a fictive gap over 100: the game is not counted.
    NotCounted,
}

impl Change {
    /// (winner's gain, loser's gain) when counted.
    pub fn gains(self) -> Option<(f64, f64)> {
        match self {
            Change::Counted { winner, loser } => Some((winner, loser)),
            Change::NotCounted => None,
        }
    }
}

/// The seed's rule for one game. `ng`, `np`: winner's and loser's levels before;
/// `winner_black`: the winner had Black; `h`: handicap stones (Black receives +100·H).
pub fn change(ng: f64, np: f64, winner_black: bool, h: u32, rounding: Rounding) -> Change {
    let bonus = 100.0 * f64::from(h);
    let (fng, fnp) = if winner_black {
        (ng + bonus, np)
    } else {
        (ng, np + bonus)
    };
    let round = |v: f64| match rounding {
        Rounding::Trunc => v.trunc(),
        Rounding::Exact => v,
    };
    if fng >= fnp {
        let d = fng - fnp;
        if d > 100.0 {
            return Change::NotCounted;
        }
        let var = round((110.0 - d) / 10.0).clamp(1.0, 10.0);
        Change::Counted {
            winner: var,
            loser: -var,
        }
    } else {
        let d = fnp - fng;
        let raw = if ng >= np {
            (d + 10.0) / 10.0
        } else {
            (d + 10.0) / 3.0
        };
        // Not zero-sum: the loser of an upset always loses 10.
        Change::Counted {
            winner: round(raw).clamp(10.0, 40.0),
            loser: -10.0,
        }
    }
}

/// The 1984 ladder engine.
pub struct Ffg1984 {
    levels: Vec<f64>,
    rounding: Rounding,
}

impl Ffg1984 {
    /// Starts every player at their start level.
    pub fn new(start: &[f64], rounding: Rounding) -> Self {
        Ffg1984 {
            levels: start.to_vec(),
            rounding,
        }
    }
}

impl Engine for Ffg1984 {
    fn kind(&self) -> EngineKind {
        EngineKind::Ffg1984
    }
    fn predict(&self, e: &Event) -> (f64, Option<f64>) {
        let gap = self.levels[e.black] + 100.0 * f64::from(e.handicap) - self.levels[e.white];
        (gap, None)
    }
    fn update(&mut self, e: &Event) -> bool {
        let rounding = self.rounding;
        update_ladder(&mut self.levels, e, |ng, np| {
            change(ng, np, e.black_won, e.handicap, rounding).gains()
        })
    }
    fn level(&self, p: usize) -> f64 {
        self.levels[p]
    }
    fn params(&self) -> Vec<(String, f64)> {
        vec![(
            "truncate".into(),
            f64::from(u8::from(self.rounding == Rounding::Trunc)),
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::event;
    use super::*;
    use Change::*;

    fn after(ng: f64, np: f64, wb: bool, h: u32) -> Option<(f64, f64)> {
        match change(ng, np, wb, h, Rounding::Trunc) {
            Counted { winner, loser } => Some((ng + winner, np + loser)),
            NotCounted => None,
        }
    }

    #[test]
    fn the_five_examples_of_rules_md() {
        assert_eq!(after(100.0, 50.0, false, 0), Some((106.0, 44.0)));
        assert_eq!(after(300.0, 150.0, false, 0), None);
        assert_eq!(after(-250.0, -100.0, false, 0), Some((-210.0, -110.0)));
        assert_eq!(after(-500.0, -150.0, true, 3), Some((-480.0, -160.0)));
        assert_eq!(after(-150.0, -500.0, false, 3), Some((-144.0, -506.0)));
    }

    #[test]
    fn edge_cases() {
        // d = 100 counted with the minimum 1; d = 101 not counted.
        assert_eq!(after(100.0, 0.0, false, 0), Some((101.0, -1.0)));
        assert_eq!(after(101.0, 0.0, false, 0), None);
        // Truncation: d = 35 → 7.5 → 7; exact keeps 7.5.
        assert_eq!(after(35.0, 0.0, false, 0), Some((42.0, -7.0)));
        assert_eq!(
            change(35.0, 0.0, false, 0, Rounding::Exact),
            Counted {
                winner: 7.5,
                loser: -7.5
            }
        );
        // Equal fictive levels: ±10.
        assert_eq!(after(0.0, 0.0, false, 0), Some((10.0, -10.0)));
        // Upset with NG ≥ NP (÷10): Black 100 + H2 (fictive 300) loses to White 120, d = 180 → 19.
        assert_eq!(after(120.0, 100.0, false, 2), Some((139.0, 90.0)));
        // Upset with NG < NP (÷3): d = 50 → 20.
        assert_eq!(after(0.0, 50.0, false, 0), Some((20.0, 40.0)));
        // Clamps: upset minimum 10 (d = 20, ÷10 → 3 → 10) and maximum 40.
        assert_eq!(after(100.0, 20.0, false, 1), Some((110.0, 10.0)));
        assert_eq!(after(-1000.0, 0.0, false, 0), Some((-960.0, -10.0)));
        // The loser of an upset loses 10, not VAR.
        assert!(matches!(
            change(0.0, 90.0, false, 0, Rounding::Trunc),
            Counted {
                winner: 33.0,
                loser: -10.0
            }
        ));
    }

    #[test]
    fn handicap_fictive_level_for_black_as_winner_and_loser() {
        // Black −300 with H2 (fictive −100) beats White −100: equal fictive levels → ±10.
        assert_eq!(after(-300.0, -100.0, true, 2), Some((-290.0, -110.0)));
        // Same players, White wins: equal fictive → ±10 too, but as favourite branch.
        assert_eq!(after(-100.0, -300.0, false, 2), Some((-90.0, -310.0)));
        // Black −300 H2 loses to White −50: White is favourite by 50 → 6.
        assert_eq!(after(-50.0, -300.0, false, 2), Some((-44.0, -306.0)));
    }

    #[test]
    fn order_changes_the_outcome() {
        let ev = |b: usize, w: usize, bw: bool| Event {
            komi: Some(7.5),
            ..event(0, b, w, bw)
        };
        // A (0) beats B (0), then B beats C (100), versus the reverse order.
        let games = [ev(0, 1, true), ev(1, 2, true)];
        let mut e1 = Ffg1984::new(&[0.0, 0.0, 100.0], Rounding::Trunc);
        for g in &games {
            e1.update(g);
        }
        let mut e2 = Ffg1984::new(&[0.0, 0.0, 100.0], Rounding::Trunc);
        for g in games.iter().rev() {
            e2.update(g);
        }
        // Forward: A beats B (±10), then B (−10) upsets C by 110: 120/3 = 40 → B = 30.
        // Reverse: B upsets C by 100: 110/3 → 36; then A upsets B by 36: 46/3 → 15, B −10 → 26.
        assert_eq!((e1.level(0), e1.level(1)), (10.0, 30.0));
        assert_eq!((e2.level(0), e2.level(1)), (15.0, 26.0));
    }
}
