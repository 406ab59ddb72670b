//! Fitting free parameters on the first half of the stream, by minimising its log-loss.
//!
//! - Engines on the Elo scale (elo, glicko2, whr): the scale of start levels, the
//!   professionals' offset and the value of a stone come first from a static fit of the
//!   first half (see `seed`); then the engine's own parameters (K; τ and the starting
//!   deviation; w² and the prior) each have a fixed grid (an axis); the fit starts at the
//!   grid point nearest the given values and moves, one step along one axis at a time, to
//!   the neighbour with the lowest first-half log-loss, until no neighbour is lower. It
//!   ends at a point of the lattice that no neighbour beats: what [`neighbour_losses`] lets
//!   a test check.
//! - Ladder engines (ffg1984, ffg2003) give no probability: a logistic regression on their
//!   level gap, Black's stones of advantage and the komi (no intercept) turns their ladder
//!   into one, fitted exactly by Newton's method on the first half.

use super::engine::{Starts, make_engine, run_engine};
use super::report::Prediction;
use super::{EngineKind, EngineParams, Event, Rounding};
use std::collections::BTreeMap;

/// Clamp for log-loss so that a certain wrong prediction costs a finite amount.
const EPS: f64 = 1e-6;

/// The log-loss of predicting `p` for Black when Black won or lost.
pub fn loss(p: f64, won: bool) -> f64 {
    let p = p.clamp(EPS, 1.0 - EPS);
    -(if won { p } else { 1.0 - p }).ln()
}

/// One free parameter: its name, how to read and set it, and its grid (increasing).
pub struct Axis {
    /// Parameter name, as reported.
    pub name: &'static str,
    get: fn(&EngineParams) -> f64,
    set: fn(&mut EngineParams, f64),
    /// The values the fit may take.
    pub grid: &'static [f64],
}

/// Geometric grids, about √2 apart, wide enough that a fit on real archives does not stop
/// at an edge.
const K: &[f64] = &[
    0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0, 5.6, 8.0, 11.0, 16.0, 23.0, 32.0, 45.0, 64.0, 90.0, 128.0,
];
const SCALE: &[f64] = &[0.1, 0.15, 0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0];
const TAU: &[f64] = &[
    0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.9, 1.2, 1.5, 2.0, 3.0,
];
const RD0: &[f64] = &[20.0, 30.0, 45.0, 60.0, 90.0, 120.0, 180.0, 250.0, 350.0];
const W2: &[f64] = &[
    0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0, 2048.0, 4096.0,
    8192.0,
];
const PRIOR_SD: &[f64] = &[
    25.0, 35.0, 50.0, 70.0, 100.0, 140.0, 200.0, 280.0, 400.0, 560.0, 800.0,
];

/// The axis of the `EngineParams` field `$field`, named `$name`, over `$grid`.
macro_rules! axis {
    ($name:literal, $field:ident, $grid:expr) => {
        Axis {
            name: $name,
            get: |p| p.$field,
            set: |p, v| p.$field = v,
            grid: $grid,
        }
    };
}

/// The free parameters of an engine (none for the ladder rules and the EGF's formula): its
/// own, then the Elo value of a ladder point of start level.
pub fn axes(kind: EngineKind) -> Vec<Axis> {
    let mut own: Vec<Axis> = match kind {
        EngineKind::Elo => vec![axis!("k", elo_k, K)],
        EngineKind::Glicko2 => vec![axis!("tau", glicko_tau, TAU), axis!("rd0", glicko_rd0, RD0)],
        EngineKind::Whr => vec![
            axis!("w2", whr_w2, W2),
            axis!("prior_sd", whr_prior_sd, PRIOR_SD),
        ],
        EngineKind::Ffg1984 | EngineKind::Ffg2003 | EngineKind::Egf => return Vec::new(),
    };
    own.push(axis!("scale", scale, SCALE));
    own
}

/// Mean log-loss of an engine run over `events` with `params` (0 when it predicts nothing).
pub fn objective(
    kind: EngineKind,
    events: &[Event],
    start: &Starts,
    params: &EngineParams,
    rounding: Rounding,
) -> f64 {
    let run = run_engine(
        make_engine(kind, start, params, rounding),
        events,
        start.len(),
        false,
    );
    let from = 0;
    let scored: Vec<f64> = run
        .preds
        .iter()
        .filter(|p| p.event >= from)
        .map(|p| loss(p.p_black, events.get(p.event).is_some_and(|e| e.black_won)))
        .collect();
    if scored.is_empty() {
        return 0.0;
    }
    scored.iter().sum::<f64>() / scored.len() as f64
}

/// Index of the grid value nearest `v`.
fn nearest(grid: &[f64], v: f64) -> usize {
    grid.iter()
        .enumerate()
        .min_by(|a, b| (a.1 - v).abs().total_cmp(&(b.1 - v).abs()))
        .map_or(0, |(i, _)| i)
}

/// A lattice point: one grid index per axis.
type Point = Vec<usize>;

/// Losses of lattice points, computed once each.
struct Lattice<'a> {
    kind: EngineKind,
    events: &'a [Event],
    start: &'a Starts,
    base: &'a EngineParams,
    rounding: Rounding,
    axes: Vec<Axis>,
    seen: BTreeMap<Point, f64>,
}

impl<'a> Lattice<'a> {
    /// The lattice of `kind`'s axes, and its point nearest `base`.
    fn around(
        kind: EngineKind,
        events: &'a [Event],
        start: &'a Starts,
        base: &'a EngineParams,
        rounding: Rounding,
    ) -> (Lattice<'a>, Point) {
        let axes = axes(kind);
        let at = axes
            .iter()
            .map(|a| nearest(a.grid, (a.get)(base)))
            .collect();
        let lattice = Lattice {
            kind,
            events,
            start,
            base,
            rounding,
            axes,
            seen: BTreeMap::new(),
        };
        (lattice, at)
    }

    fn params(&self, at: &[usize]) -> EngineParams {
        let mut p = self.base.clone();
        for (axis, &i) in self.axes.iter().zip(at) {
            (axis.set)(&mut p, axis.grid[i]);
        }
        p
    }

    fn loss(&mut self, at: &Point) -> f64 {
        if let Some(&l) = self.seen.get(at) {
            return l;
        }
        let p = self.params(at);
        let l = objective(self.kind, self.events, self.start, &p, self.rounding);
        self.seen.insert(at.clone(), l);
        l
    }

    /// The points one step away along one axis, in axis order, down before up.
    fn neighbours(&self, at: &[usize]) -> Vec<Point> {
        let mut out = Vec::new();
        for (a, axis) in self.axes.iter().enumerate() {
            if at[a] > 0 {
                let mut n = at.to_vec();
                n[a] -= 1;
                out.push(n);
            }
            if at[a] + 1 < axis.grid.len() {
                let mut n = at.to_vec();
                n[a] += 1;
                out.push(n);
            }
        }
        out
    }
}

/// Fits the engine's free parameters on `first_half` by steepest descent on the lattice of
/// their grids, starting from the grid point nearest `base`.
pub fn fit_params(
    kind: EngineKind,
    first_half: &[Event],
    start: &Starts,
    base: &EngineParams,
    rounding: Rounding,
) -> EngineParams {
    let (mut lattice, mut at) = Lattice::around(kind, first_half, start, base, rounding);
    if lattice.axes.is_empty() || first_half.is_empty() {
        return base.clone();
    }
    let mut here = lattice.loss(&at);
    // Every move lowers the loss, so the walk ends; the cap only guards against a loss that
    // is not a number.
    for _ in 0..1000 {
        let mut best: Option<(Point, f64)> = None;
        for n in lattice.neighbours(&at) {
            let l = lattice.loss(&n);
            if l < here - 1e-12 && best.as_ref().is_none_or(|(_, b)| l < *b) {
                best = Some((n, l));
            }
        }
        match best {
            Some((n, l)) => {
                at = n;
                here = l;
            }
            None => break,
        }
    }
    lattice.params(&at)
}

/// The first-half loss at `params` and at each of its lattice neighbours (one grid step
/// along one axis), with the axis name and the neighbour's value: the fit is a local
/// minimum of the lattice when no neighbour's loss is lower.
pub fn neighbour_losses(
    kind: EngineKind,
    first_half: &[Event],
    start: &Starts,
    params: &EngineParams,
    rounding: Rounding,
) -> (f64, Vec<(&'static str, f64, f64)>) {
    let (mut lattice, at) = Lattice::around(kind, first_half, start, params, rounding);
    let here = lattice.loss(&at);
    let mut out = Vec::new();
    for n in lattice.neighbours(&at) {
        let l = lattice.loss(&n);
        let (a, axis) = lattice
            .axes
            .iter()
            .enumerate()
            .find(|(a, _)| n[*a] != at[*a])
            .map_or((0, &lattice.axes[0]), |(a, ax)| (a, ax));
        out.push((axis.name, axis.grid[n[a]], l));
    }
    (here, out)
}

/// 1/(1 + e^(−x)).
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The features of a ladder prediction: level gap in stones (100 ladder points), Black's
/// stones of advantage, komi in points.
fn features(p: &Prediction, e: &Event) -> [f64; 3] {
    [p.level_gap / 100.0, e.handicap_stones(), e.komi_points()]
}

/// A ladder engine's probability model: weights of the level gap (per 100 ladder points), of
/// Black's stones of advantage and of the komi (per point).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderLogistic(pub [f64; 3]);

impl LadderLogistic {
    /// The probability that Black wins.
    pub fn p(&self, pred: &Prediction, e: &Event) -> f64 {
        let x = features(pred, e);
        sigmoid(self.0.iter().zip(x).map(|(w, v)| w * v).sum())
    }

    /// Fitted on the predictions of events before `half`, by Newton's method on the
    /// log-likelihood (a tiny ridge keeps it defined when a feature never varies).
    pub fn fit(preds: &[Prediction], half: usize, events: &[Event]) -> LadderLogistic {
        let data: Vec<([f64; 3], f64)> = preds
            .iter()
            .filter(|p| p.event < half)
            .filter_map(|p| {
                let e = events.get(p.event)?;
                Some((features(p, e), f64::from(u8::from(e.black_won))))
            })
            .collect();
        let mut w = [0.0f64; 3];
        for _ in 0..50 {
            let mut g = [0.0f64; 3];
            let mut h = [[0.0f64; 3]; 3];
            for (x, y) in &data {
                let q = sigmoid(w.iter().zip(x).map(|(a, b)| a * b).sum());
                for i in 0..3 {
                    g[i] += (y - q) * x[i];
                    for j in 0..3 {
                        h[i][j] += q * (1.0 - q) * x[i] * x[j];
                    }
                }
            }
            for (i, row) in h.iter_mut().enumerate() {
                row[i] += 1e-6;
                g[i] -= 1e-6 * w[i];
            }
            let Some(step) = solve3(h, g) else { break };
            let mut moved = 0.0f64;
            for (wi, s) in w.iter_mut().zip(step) {
                // Damped: a separable first half must not send the weights to infinity.
                let s = s.clamp(-5.0, 5.0);
                *wi += s;
                moved = moved.max(s.abs());
            }
            if moved < 1e-10 {
                break;
            }
        }
        LadderLogistic(w)
    }
}

/// Solves the 3x3 system `a x = b` (Gaussian elimination with pivoting).
pub(crate) fn solve3(mut a: [[f64; 3]; 3], mut b: [f64; 3]) -> Option<[f64; 3]> {
    for c in 0..3 {
        let piv = (c..3).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[piv][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, piv);
        b.swap(c, piv);
        for r in c + 1..3 {
            let f = a[r][c] / a[c][c];
            let pivot_row = a[c];
            for (x, p) in a[r].iter_mut().zip(pivot_row).skip(c) {
                *x -= f * p;
            }
            b[r] -= f * b[c];
        }
    }
    let mut x = [0.0; 3];
    for r in (0..3).rev() {
        let s: f64 = (r + 1..3).map(|k| a[r][k] * x[k]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}
