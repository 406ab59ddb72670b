//! Coulom's Whole-History Rating, updated incrementally day by day.
//!
//! Each player has one rating per day played, linked by a Wiener process of variance
//! w² Elo² per day, with a Gaussian prior (sd `whr_prior_sd` Elo) on the first day
//! around the start level. After each day's games are added, the players of that day
//! get Newton steps over their whole history (tridiagonal Hessian, Thomas algorithm),
//! so the cost of a day is the history length of its players, not the whole archive.
//! At the end, full sweeps over all players converge the final ladder.
//! Scale: Elo = level × scale; p(Black) = σ((Elo(B) − Elo(W) + advantage)·ln10/400), the
//! advantage being stone × stones − komi_point × komi in Elo points.

use super::engine::{EloScale, update_alone};
use super::{Engine, EngineKind, EngineParams, Event};

/// Natural units per Elo point.
const NAT: f64 = std::f64::consts::LN_10 / 400.0;
/// A day's players are settled when no Newton step moves a rating by more (natural units,
/// about 0.2 Elo).
const DAY_TOL: f64 = 1e-3;
/// Largest Newton step (natural units, ≈ 350 Elo), against divergence on odd data.
const MAX_STEP: f64 = 2.0;

#[derive(Clone, Debug)]
struct Day {
    day: i64,
    r: f64,
    /// (opponent, opponent's day index, score, advantage for this player in natural units).
    games: Vec<(usize, usize, f64, f64)>,
}

#[derive(Clone, Debug)]
struct Player {
    prior: f64,
    days: Vec<Day>,
    /// Posterior variance of the latest day (natural units²), from the last Newton step.
    var: f64,
}

/// The WHR engine.
pub struct Whr {
    p: Vec<Player>,
    w2: f64,
    prior_var: f64,
    scale: EloScale,
    w2_elo: f64,
    prior_sd: f64,
    /// Most Newton passes over the day's players after each day.
    pub passes: usize,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Whr {
    /// Starts every player with a prior at start level × scale.
    pub fn new(start: &[f64], p: &EngineParams) -> Self {
        let scale = EloScale::new(p);
        Whr {
            p: start
                .iter()
                .map(|l| Player {
                    prior: scale.elo(*l) * NAT,
                    days: Vec::new(),
                    var: 0.0,
                })
                .collect(),
            w2: (p.whr_w2 * NAT * NAT).max(1e-12),
            prior_var: (p.whr_prior_sd * NAT).powi(2).max(1e-12),
            scale,
            w2_elo: p.whr_w2,
            prior_sd: p.whr_prior_sd,
            passes: 10,
        }
    }

    fn current(&self, p: usize) -> f64 {
        self.p[p].days.last().map_or(self.p[p].prior, |d| d.r)
    }

    /// Variance of a player's rating on `day`: the latest posterior variance plus the
    /// Wiener drift since (the prior for a new player).
    fn variance(&self, p: usize, day: i64) -> f64 {
        match self.p[p].days.last() {
            Some(d) => self.p[p].var + self.w2 * (day - d.day).max(0) as f64,
            None => self.prior_var,
        }
    }

    fn adv(&self, e: &Event) -> f64 {
        self.scale.advantage(e) * NAT
    }

    /// Gradient and Hessian (diagonal, off-diagonal) of player `pi`'s log-posterior.
    fn derivatives(&self, pi: usize) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let pl = &self.p[pi];
        let n = pl.days.len();
        let mut g = vec![0.0; n];
        let mut h = vec![0.0; n];
        let mut off = vec![0.0; n.saturating_sub(1)];
        for (i, d) in pl.days.iter().enumerate() {
            for &(o, oi, s, a) in &d.games {
                let ro = self.p[o].days.get(oi).map_or(self.p[o].prior, |x| x.r);
                let q = sigmoid(d.r + a - ro);
                g[i] += s - q;
                h[i] -= q * (1.0 - q);
            }
        }
        if n > 0 {
            g[0] -= (pl.days[0].r - pl.prior) / self.prior_var;
            h[0] -= 1.0 / self.prior_var;
        }
        for i in 0..n.saturating_sub(1) {
            let dt = (pl.days[i + 1].day - pl.days[i].day).max(1) as f64;
            let inv = 1.0 / (self.w2 * dt);
            let diff = pl.days[i].r - pl.days[i + 1].r;
            g[i] -= diff * inv;
            g[i + 1] += diff * inv;
            h[i] -= inv;
            h[i + 1] -= inv;
            off[i] = inv;
        }
        (g, h, off)
    }

    /// One Newton step on player `pi`'s whole history; returns the largest change.
    fn newton(&mut self, pi: usize) -> f64 {
        let (g, h, off) = self.derivatives(pi);
        let n = g.len();
        if n == 0 {
            return 0.0;
        }
        // Thomas algorithm for the symmetric tridiagonal system H x = g.
        let mut c = vec![0.0; n];
        let mut y = vec![0.0; n];
        let mut prev_c = 0.0;
        let mut prev_y = 0.0;
        for i in 0..n {
            let a = if i > 0 { off[i - 1] } else { 0.0 };
            let den = h[i] - a * prev_c;
            if den.abs() < 1e-300 || !den.is_finite() {
                return 0.0;
            }
            c[i] = if i + 1 < n { off[i] / den } else { 0.0 };
            y[i] = (g[i] - a * prev_y) / den;
            prev_c = c[i];
            prev_y = y[i];
        }
        // The last pivot of the elimination is 1/(H⁻¹)ₙₙ: the latest day's variance.
        let last_pivot = h[n - 1] - if n > 1 { off[n - 2] * c[n - 2] } else { 0.0 };
        if last_pivot < 0.0 {
            self.p[pi].var = -1.0 / last_pivot;
        }
        let mut x = vec![0.0; n];
        for i in (0..n).rev() {
            x[i] = y[i] - if i + 1 < n { c[i] * x[i + 1] } else { 0.0 };
        }
        let mut maxd: f64 = 0.0;
        for (d, xi) in self.p[pi].days.iter_mut().zip(x) {
            let step = xi.clamp(-MAX_STEP, MAX_STEP);
            if step.is_finite() {
                d.r -= step;
                maxd = maxd.max(step.abs());
            }
        }
        maxd
    }

    /// Largest absolute gradient over all players (0 at the exact optimum).
    pub fn gradient_norm(&self) -> f64 {
        (0..self.p.len())
            .flat_map(|p| self.derivatives(p).0)
            .fold(0.0, |m, g| m.max(g.abs()))
    }

    /// Sweeps every player until the largest step is below `tol` or `max` sweeps.
    pub fn converge(&mut self, max: usize, tol: f64) -> usize {
        for sweep in 0..max {
            let mut m: f64 = 0.0;
            for p in 0..self.p.len() {
                m = m.max(self.newton(p));
            }
            if m < tol {
                return sweep + 1;
            }
        }
        max
    }

    fn day_index(&mut self, p: usize, day: i64) -> usize {
        let cur = self.current(p);
        let days = &mut self.p[p].days;
        if days.last().is_none_or(|d| d.day != day) {
            days.push(Day {
                day,
                r: cur,
                games: Vec::new(),
            });
        }
        days.len() - 1
    }
}

impl Engine for Whr {
    fn kind(&self) -> EngineKind {
        EngineKind::Whr
    }
    fn predict(&self, e: &Event) -> (f64, Option<f64>) {
        let d = self.current(e.black) + self.adv(e) - self.current(e.white);
        // Uncertain ratings flatten the prediction (MacKay's probit approximation).
        let var = self.variance(e.black, e.day) + self.variance(e.white, e.day);
        let p = sigmoid(d / (1.0 + std::f64::consts::PI * var / 8.0).sqrt());
        (self.scale.level(d / NAT), Some(p))
    }
    fn periodic(&self) -> bool {
        true
    }
    fn update(&mut self, e: &Event) -> bool {
        update_alone(self, e)
    }
    fn update_day(&mut self, es: &[&Event]) -> Vec<bool> {
        let mut touched = Vec::with_capacity(es.len() * 2);
        for e in es {
            let bi = self.day_index(e.black, e.day);
            let wi = self.day_index(e.white, e.day);
            let a = self.adv(e);
            let sb = if e.black_won { 1.0 } else { 0.0 };
            self.p[e.black].days[bi].games.push((e.white, wi, sb, a));
            self.p[e.white].days[wi]
                .games
                .push((e.black, bi, 1.0 - sb, -a));
            touched.push(e.black);
            touched.push(e.white);
        }
        touched.sort_unstable();
        touched.dedup();
        // Newton passes over the day's players until their ratings settle (or `passes`).
        for _ in 0..self.passes {
            let mut moved: f64 = 0.0;
            for &p in &touched {
                moved = moved.max(self.newton(p));
            }
            if moved < DAY_TOL {
                break;
            }
        }
        vec![true; es.len()]
    }
    fn level(&self, p: usize) -> f64 {
        self.scale.level(self.current(p) / NAT)
    }
    fn finish(&mut self) {
        self.converge(50, 1e-6);
    }
    fn params(&self) -> Vec<(String, f64)> {
        self.scale
            .params(&[("w2", self.w2_elo), ("prior_sd", self.prior_sd)])
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::event as ev;
    use super::*;

    #[test]
    fn hand_checked_single_game() {
        // Prior sd of one natural unit, both at 0: the optimum solves 1 − σ(2x) = x, x ≈ 0.3372.
        let p = EngineParams {
            scale: 1.0,
            stone: 0.0,
            whr_prior_sd: 1.0 / NAT,
            ..EngineParams::default()
        };
        let mut w = Whr::new(&[0.0, 0.0], &p);
        w.update_day(&[&ev(0, 0, 1, true)]);
        w.finish();
        let x = w.current(0);
        assert!((x - 0.3372).abs() < 1e-3, "x = {x}");
        assert!((w.current(1) + x).abs() < 1e-5);
        assert!((1.0 - sigmoid(2.0 * x) - x).abs() < 1e-5);
    }

    #[test]
    fn converges_on_a_small_history() {
        let p = EngineParams {
            scale: 1.0,
            whr_w2: 50.0,
            ..EngineParams::default()
        };
        let mut w = Whr::new(&[0.0, 100.0, -100.0, 0.0], &p);
        let mut day = 0;
        for i in 0..60usize {
            let (b, wh) = (i % 4, (i * 7 + 1) % 4);
            if b == wh {
                continue;
            }
            let e = ev(day, b, wh, (i * 13) % 5 < 3);
            w.update_day(&[&e]);
            day += 1 + (i as i64 % 3);
        }
        let sweeps = w.converge(200, 1e-10);
        assert!(sweeps < 200);
        assert!(w.gradient_norm() < 1e-6, "gradient {}", w.gradient_norm());
    }

    #[test]
    fn winner_rises_and_history_moves() {
        let p = EngineParams {
            scale: 1.0,
            ..EngineParams::default()
        };
        let mut w = Whr::new(&[0.0, 0.0], &p);
        for d in 0..10 {
            w.update_day(&[&ev(d, 0, 1, true)]);
        }
        assert!(w.level(0) > 50.0 && w.level(1) < -50.0);
        // Later wins pull the first day's rating up too (whole history).
        let first = w.p[0].days[0].r;
        assert!(first > 0.0);
    }
}
