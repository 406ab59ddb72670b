//! Glickman's Glicko-2, one rating period per calendar day.
//!
//! Scale: Glicko rating = 1500 + level × scale (scale = Elo points per ladder point).
//! Handicap: the opponent of Black is seen Black's advantage weaker (stone × stones −
//! komi_point × komi, in Elo points), and Black that much stronger by White. All games of one day form a period, rated from
//! the ratings at the start of the day; a player idle for n days gets φ² + n·σ² (capped at
//! 350), which is what n empty periods would give, without touching idle players.

use super::engine::{EloScale, update_alone};
use super::report::Native;
use super::{Engine, EngineKind, EngineParams, Event};
use std::f64::consts::PI;

/// Glicko-2 scale factor 173.7178.
pub const Q: f64 = 173.7178;
const PHI_MAX: f64 = 350.0 / Q;

/// g(φ).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Expected score of μ against μj with deviation φj.
fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// One period for one player in Glicko-2 units: (μ, φ, σ) and results (μj, φj, sj).
pub fn update(
    mu: f64,
    phi: f64,
    sigma: f64,
    games: &[(f64, f64, f64)],
    tau: f64,
) -> (f64, f64, f64) {
    if games.is_empty() {
        return (mu, (phi * phi + sigma * sigma).sqrt().min(PHI_MAX), sigma);
    }
    let mut vinv = 0.0;
    let mut sum = 0.0;
    for &(mj, pj, sj) in games {
        let ej = e(mu, mj, pj);
        let gj = g(pj);
        vinv += gj * gj * ej * (1.0 - ej);
        sum += gj * (sj - ej);
    }
    let v = 1.0 / vinv.max(1e-12);
    let delta = v * sum;
    // Volatility by the Illinois algorithm (step 5 of Glickman's paper).
    let a = (sigma * sigma).ln();
    let tau = tau.max(1e-6);
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= 1e-6 {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if !c.is_finite() {
            break;
        }
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma2 = if big_a.is_finite() {
        (big_a / 2.0).exp()
    } else {
        sigma
    };
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    (mu + phi2 * phi2 * sum, phi2.min(PHI_MAX), sigma2)
}

#[derive(Clone, Copy)]
struct State {
    mu: f64,
    phi: f64,
    sigma: f64,
    last: Option<i64>,
}

/// The Glicko-2 engine.
pub struct Glicko2 {
    s: Vec<State>,
    scale: EloScale,
    tau: f64,
    rd0: f64,
}

impl Glicko2 {
    /// Starts every player at 1500 + start × scale with deviation rd0 and σ = 0.06.
    pub fn new(start: &[f64], p: &EngineParams) -> Self {
        let scale = EloScale::new(p);
        let phi = (p.glicko_rd0 / Q).clamp(1e-3, PHI_MAX);
        let s = start
            .iter()
            .map(|l| State {
                mu: scale.elo(*l) / Q,
                phi,
                sigma: 0.06,
                last: None,
            })
            .collect();
        Glicko2 {
            s,
            scale,
            tau: p.glicko_tau,
            rd0: p.glicko_rd0,
        }
    }
    /// (μ, φ) of a player at the start of `day`.
    fn at(&self, p: usize, day: i64) -> (f64, f64) {
        let st = self.s[p];
        let idle = st.last.map_or(0, |l| (day - l - 1).max(0)) as f64;
        (
            st.mu,
            (st.phi * st.phi + idle * st.sigma * st.sigma)
                .sqrt()
                .min(PHI_MAX),
        )
    }
    fn adv(&self, e: &Event) -> f64 {
        self.scale.advantage(e) / Q
    }
}

impl Engine for Glicko2 {
    fn kind(&self) -> EngineKind {
        EngineKind::Glicko2
    }
    fn predict(&self, e: &Event) -> (f64, Option<f64>) {
        let (mb, pb) = self.at(e.black, e.day);
        let (mw, pw) = self.at(e.white, e.day);
        let d = mb + self.adv(e) - mw;
        let p = 1.0 / (1.0 + (-g((pb * pb + pw * pw).sqrt()) * d).exp());
        (self.scale.level(d * Q), Some(p))
    }
    fn periodic(&self) -> bool {
        true
    }
    fn update(&mut self, e: &Event) -> bool {
        update_alone(self, e)
    }
    fn update_day(&mut self, es: &[&Event]) -> Vec<bool> {
        let Some(day) = es.first().map(|e| e.day) else {
            return Vec::new();
        };
        // Everyone's results against opponents as they stood at the start of the day.
        let mut games: std::collections::BTreeMap<usize, Vec<(f64, f64, f64)>> = Default::default();
        for e in es {
            let (mb, pb) = self.at(e.black, day);
            let (mw, pw) = self.at(e.white, day);
            let a = self.adv(e);
            let sb = if e.black_won { 1.0 } else { 0.0 };
            games.entry(e.black).or_default().push((mw - a, pw, sb));
            games
                .entry(e.white)
                .or_default()
                .push((mb + a, pb, 1.0 - sb));
        }
        for (p, gs) in games {
            let (mu, phi) = self.at(p, day);
            let (m2, p2, s2) = update(mu, phi, self.s[p].sigma, &gs, self.tau);
            self.s[p] = State {
                mu: m2,
                phi: p2,
                sigma: s2,
                last: Some(day),
            };
        }
        vec![true; es.len()]
    }
    fn level(&self, p: usize) -> f64 {
        self.scale.level(self.s[p].mu * Q)
    }
    fn native(&self, p: usize) -> Option<Native> {
        // The deviation after the player's last rating period (idle days not added).
        let s = self.s[p];
        Some(Native::Glicko {
            rating: 1500.0 + s.mu * Q,
            deviation: s.phi * Q,
        })
    }
    fn params(&self) -> Vec<(String, f64)> {
        self.scale.params(&[("tau", self.tau), ("rd0", self.rd0)])
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::event;
    use super::*;

    #[test]
    fn glickman_worked_example() {
        let to = |r: f64, rd: f64| ((r - 1500.0) / Q, rd / Q);
        let (mu, phi) = to(1500.0, 200.0);
        let opp = [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ]
        .map(|(r, rd, s)| {
            let (m, p) = to(r, rd);
            (m, p, s)
        });
        let (m2, p2, s2) = update(mu, phi, 0.06, &opp, 0.5);
        let r = 1500.0 + Q * m2;
        let rd = Q * p2;
        assert!((r - 1464.06).abs() < 0.01, "r = {r}");
        assert!((rd - 151.52).abs() < 0.01, "rd = {rd}");
        assert!((s2 - 0.05999).abs() < 1e-5, "sigma = {s2}");
    }

    #[test]
    fn idle_days_widen_deviation() {
        let p = EngineParams {
            glicko_rd0: 50.0,
            ..EngineParams::default()
        };
        let mut g2 = Glicko2::new(&[0.0, 0.0], &p);
        let ev = |day: i64| event(day, 0, 1, true);
        g2.update_day(&[&ev(0)]);
        let (_, phi_next) = g2.at(0, 1);
        let (_, phi_later) = g2.at(0, 400);
        assert!(phi_later > phi_next);
        assert!(g2.level(0) > 0.0 && g2.level(1) < 0.0);
    }
}
