//! The French federation's 2003–2012 rule (rules.md §4).
//!
//! Fictive levels: Black gets + 100 × (H − 0.5) when H ≥ 1 (nothing in an even game).
//! gap = loser's fictive − winner's fictive; the winner gains 15 + gap/15 clamped to
//! [1, 40], the loser loses the same clamped to [1, 15]; both × (1 − H/10) (not below 0),
//! × 0.2 on 13x13 and × 0.1 on 9x9. Fractions are kept. Boards 9, 13 and 19 only.

use super::engine::update_ladder;
use super::{Engine, EngineKind, Event};

/// Changes (winner, loser) for one game; `None` for an unsupported board size.
pub fn change(ng: f64, np: f64, winner_black: bool, h: u32, size: u8) -> Option<(f64, f64)> {
    let factor_size = match size {
        19 => 1.0,
        13 => 0.2,
        9 => 0.1,
        _ => return None,
    };
    let bonus = if h >= 1 {
        100.0 * (f64::from(h) - 0.5)
    } else {
        0.0
    };
    let (fng, fnp) = if winner_black {
        (ng + bonus, np)
    } else {
        (ng, np + bonus)
    };
    let base = 15.0 + (fnp - fng) / 15.0;
    let factor = (1.0 - f64::from(h) / 10.0).max(0.0) * factor_size;
    Some((
        base.clamp(1.0, 40.0) * factor,
        -base.clamp(1.0, 15.0) * factor,
    ))
}

/// The 2003 rule engine.
pub struct Ffg2003 {
    levels: Vec<f64>,
}

impl Ffg2003 {
    /// Starts every player at their start level.
    pub fn new(start: &[f64]) -> Self {
        Ffg2003 {
            levels: start.to_vec(),
        }
    }
}

impl Engine for Ffg2003 {
    fn kind(&self) -> EngineKind {
        EngineKind::Ffg2003
    }
    fn supports(&self, e: &Event) -> bool {
        matches!(e.size, 9 | 13 | 19)
    }
    fn predict(&self, e: &Event) -> (f64, Option<f64>) {
        let bonus = if e.handicap >= 1 {
            100.0 * (f64::from(e.handicap) - 0.5)
        } else {
            0.0
        };
        (self.levels[e.black] + bonus - self.levels[e.white], None)
    }
    fn update(&mut self, e: &Event) -> bool {
        update_ladder(&mut self.levels, e, |ng, np| {
            change(ng, np, e.black_won, e.handicap, e.size)
        })
    }
    fn level(&self, p: usize) -> f64 {
        self.levels[p]
    }
    fn params(&self) -> Vec<(String, f64)> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_2003() {
        // Even game, equal levels: +15 / −15.
        assert_eq!(change(0.0, 0.0, false, 0, 19), Some((15.0, -15.0)));
        // Upset by 300: 15 + 20 = 35 for the winner, loser clamped at −15.
        assert_eq!(change(0.0, 300.0, false, 0, 19), Some((35.0, -15.0)));
        // Favourite by 300: 15 − 20 → clamp 1 both.
        assert_eq!(change(300.0, 0.0, false, 0, 19), Some((1.0, -1.0)));
        // H = 3: Black −400 gets +250; beats White −100: gap = −100 − (−150) = 50 → 18.33 × 0.7.
        let (w, l) = change(-400.0, -100.0, true, 3, 19).unwrap_or_default();
        assert!((w - (15.0 + 50.0 / 15.0) * 0.7).abs() < 1e-9);
        assert!((l + 15.0 * 0.7).abs() < 1e-9);
        // Small boards.
        assert_eq!(change(0.0, 0.0, false, 0, 9), Some((1.5, -1.5)));
        assert_eq!(change(0.0, 0.0, false, 0, 13), Some((3.0, -3.0)));
        assert_eq!(change(0.0, 0.0, false, 0, 15), None);
    }
}
