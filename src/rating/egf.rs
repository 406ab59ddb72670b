//! European GoR, 2021 formula, applied game by game.
//!
//! Scale: GoR = level + 2050 (GoR 2100 is the middle of 1d, ladder 50; 100 GoR a grade).
//! Handicap: Black's rating in Se is raised by 100 GoR per stone of advantage
//! ([`Event::advantage`]: H − 0.5 with a handicap, komi at 14 points a stone), so an even
//! game with 7 points of komi is neutral. The loser and winner each get their own
//! con and bonus; GoR is kept in [100, 3250] so that β stays defined.

use super::report::Native;
use super::{Engine, EngineKind, Event};

/// GoR of ladder level 0.
pub const GOR_OFFSET: f64 = 2050.0;
const GOR_MIN: f64 = 100.0;
const GOR_MAX: f64 = 3250.0;

/// β(r) = −7·ln(3300 − r).
pub fn beta(r: f64) -> f64 {
    -7.0 * (3300.0 - r.clamp(GOR_MIN, GOR_MAX)).ln()
}

/// Expected score of a player rated `r1` against `r2`.
pub fn expected(r1: f64, r2: f64) -> f64 {
    1.0 / (1.0 + (beta(r2) - beta(r1)).exp())
}

/// con = ((3300 − r)/200)^1.6.
pub fn con(r: f64) -> f64 {
    ((3300.0 - r.clamp(GOR_MIN, GOR_MAX)) / 200.0).powf(1.6)
}

/// bonus = ln(1 + e^((2300 − r)/80))/5.
pub fn bonus(r: f64) -> f64 {
    let x = (2300.0 - r) / 80.0;
    // ln(1 + e^x) without overflow for very weak players.
    let softplus = if x > 30.0 { x } else { x.exp().ln_1p() };
    softplus / 5.0
}

/// The GoR engine (ratings stored in GoR).
pub struct Egf {
    gor: Vec<f64>,
}

impl Egf {
    /// Starts every player at GoR = start level + 2050.
    pub fn new(start: &[f64]) -> Self {
        Egf {
            gor: start
                .iter()
                .map(|l| (l + GOR_OFFSET).clamp(GOR_MIN, GOR_MAX))
                .collect(),
        }
    }
    fn black_eff(&self, e: &Event) -> f64 {
        self.gor[e.black] + 100.0 * e.advantage()
    }
}

impl Engine for Egf {
    fn kind(&self) -> EngineKind {
        EngineKind::Egf
    }
    fn predict(&self, e: &Event) -> (f64, Option<f64>) {
        let b = self.black_eff(e);
        let w = self.gor[e.white];
        (b - w, Some(expected(b, w)))
    }
    fn update(&mut self, e: &Event) -> bool {
        let se = expected(self.black_eff(e), self.gor[e.white]);
        let sb = if e.black_won { 1.0 } else { 0.0 };
        let (rb, rw) = (self.gor[e.black], self.gor[e.white]);
        self.gor[e.black] = (rb + con(rb) * (sb - se) + bonus(rb)).clamp(GOR_MIN, GOR_MAX);
        self.gor[e.white] =
            (rw + con(rw) * ((1.0 - sb) - (1.0 - se)) + bonus(rw)).clamp(GOR_MIN, GOR_MAX);
        true
    }
    fn level(&self, p: usize) -> f64 {
        self.gor[p] - GOR_OFFSET
    }
    fn native(&self, p: usize) -> Option<Native> {
        Some(Native::Gor(self.gor[p]))
    }
    fn params(&self) -> Vec<(String, f64)> {
        vec![
            ("gor_offset".into(), GOR_OFFSET),
            ("gor_per_stone".into(), 100.0),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::event;
    use super::*;

    #[test]
    fn formula_values() {
        assert!((con(2000.0) - 19.98).abs() < 0.01);
        assert!((bonus(2300.0) - 2f64.ln() / 5.0).abs() < 1e-12);
        assert!(bonus(3000.0) < 1e-3);
        assert!((expected(2000.0, 2000.0) - 0.5).abs() < 1e-12);
        // One grade up at 2d is worth more than one grade up at 15k.
        assert!(expected(2250.0, 2150.0) > expected(700.0, 600.0));
        assert!(bonus(-5000.0).is_finite());
    }

    #[test]
    fn even_game_update() {
        let mut g = Egf::new(&[-50.0, -50.0]);
        let e = event(0, 0, 1, true);
        assert!((g.predict(&e).1.unwrap_or(0.0) - 0.5).abs() < 1e-9);
        g.update(&e);
        let half = con(2000.0) / 2.0;
        assert!((g.level(0) - (-50.0 + half + bonus(2000.0))).abs() < 1e-9);
        assert!((g.level(1) - (-50.0 - half + bonus(2000.0))).abs() < 1e-9);
    }
}
