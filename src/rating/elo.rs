//! Plain per-game Elo: the baseline every other engine must beat.
//!
//! Elo = level × scale; p(Black) = 1/(1 + 10^(−Δ/400)) with Δ = Elo(Black) − Elo(White)
//! plus Black's advantage (stone × stones − komi_point × komi, [`EloScale::advantage`]).
//! K in Elo points.

use super::engine::EloScale;
use super::{Engine, EngineKind, EngineParams, Event};

/// Logistic in base 10 over 400 Elo points.
pub fn elo_p(delta: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-delta / 400.0))
}

/// The Elo engine.
pub struct Elo {
    r: Vec<f64>,
    k: f64,
    scale: EloScale,
}

impl Elo {
    /// Starts every player at Elo = start level × scale.
    pub fn new(start: &[f64], p: &EngineParams) -> Self {
        let scale = EloScale::new(p);
        Elo {
            r: start.iter().map(|&l| scale.elo(l)).collect(),
            k: p.elo_k,
            scale,
        }
    }
    fn delta(&self, e: &Event) -> f64 {
        self.r[e.black] - self.r[e.white] + self.scale.advantage(e)
    }
}

impl Engine for Elo {
    fn kind(&self) -> EngineKind {
        EngineKind::Elo
    }
    fn predict(&self, e: &Event) -> (f64, Option<f64>) {
        let d = self.delta(e);
        (self.scale.level(d), Some(elo_p(d)))
    }
    fn update(&mut self, e: &Event) -> bool {
        let p = elo_p(self.delta(e));
        let s = if e.black_won { 1.0 } else { 0.0 };
        self.r[e.black] += self.k * (s - p);
        self.r[e.white] -= self.k * (s - p);
        true
    }
    fn level(&self, p: usize) -> f64 {
        self.scale.level(self.r[p])
    }
    fn params(&self) -> Vec<(String, f64)> {
        self.scale.params(&[("k", self.k)])
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::event;
    use super::*;

    #[test]
    fn elo_update_and_handicap() {
        let p = EngineParams {
            scale: 1.0,
            stone: 100.0,
            elo_k: 32.0,
            ..EngineParams::default()
        };
        let mut e = Elo::new(&[0.0, 0.0], &p);
        let mut g = event(0, 0, 1, true);
        assert!((e.predict(&g).1.unwrap_or(0.0) - 0.5).abs() < 1e-12);
        e.update(&g);
        assert!((e.level(0) - 16.0).abs() < 1e-9 && (e.level(1) + 16.0).abs() < 1e-9);
        // Four stones, no komi: 3.5 stones = 350 points in Black's favour.
        g.handicap = 4;
        g.komi = Some(0.0);
        let (gap, p) = e.predict(&g);
        assert!((gap - (32.0 + 350.0)).abs() < 1e-9);
        assert!(p.unwrap_or(0.0) > 0.85);
    }
}
