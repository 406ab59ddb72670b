//! Predict-then-update evaluation: prediction rate, log-loss, calibration, and the
//! first-half fitting of free parameters.
//!
//! The stream is split at its middle event: free parameters (K, stone value, scale,
//! Glicko's τ and starting RD, WHR's w² and prior) and the ladder engines' logistic
//! scale are fitted on the first half only, by minimising its log-loss; figures are given
//! for the whole stream and for the second half alone (the honest, out-of-sample one).
//! Engines are compared on the games every selected engine predicted.

use super::engine::{make_engine, run_engine};
use super::{EngineKind, EngineParams, Event, Prediction, Rounding};
use serde::Serialize;

/// Clamp for log-loss so that a certain wrong prediction costs a finite amount.
const EPS: f64 = 1e-6;
/// Calibration bins by gap (ladder points, Black minus White).
const EDGES: [f64; 6] = [-300.0, -150.0, -50.0, 50.0, 150.0, 300.0];

/// 1/(1 + e^(−gap/s)).
pub fn logistic(gap: f64, s: f64) -> f64 {
    1.0 / (1.0 + (-gap / s.max(1e-9)).exp())
}

fn loss(p: f64, won: bool) -> f64 {
    let p = p.clamp(EPS, 1.0 - EPS);
    -(if won { p } else { 1.0 - p }).ln()
}

/// Scale s of a logistic on the gap, fitted on predictions of events before `half`.
pub fn fit_logistic_scale(preds: &[Prediction], half: usize, events: &[Event]) -> f64 {
    let data: Vec<(f64, bool)> = preds
        .iter()
        .filter(|p| p.event < half)
        .map(|p| (p.gap, events[p.event].black_won))
        .collect();
    if data.is_empty() {
        return 150.0;
    }
    let f = |ls: f64| {
        data.iter()
            .map(|&(g, w)| loss(logistic(g, ls.exp()), w))
            .sum::<f64>()
    };
    // Golden-section search on ln s in [ln 5, ln 5000].
    let (mut a, mut b) = (5f64.ln(), 5000f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - r * (b - a);
    let mut d = a + r * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Mean log-loss of an engine run over `events` with `params`.
fn objective(
    kind: EngineKind,
    events: &[Event],
    start: &[f64],
    params: &EngineParams,
    rounding: Rounding,
) -> f64 {
    let run = run_engine(
        make_engine(kind, start, params, rounding),
        events,
        start.len(),
        false,
    );
    if run.preds.is_empty() {
        return 0.0;
    }
    let sum: f64 = run
        .preds
        .iter()
        .map(|p| loss(p.p_black, events.get(p.event).is_some_and(|e| e.black_won)))
        .sum();
    sum / run.preds.len() as f64
}

type Setter = fn(&mut EngineParams, f64);

/// Fits the engine's free parameters on `first_half` by coordinate descent over grids.
pub fn fit_params(
    kind: EngineKind,
    first_half: &[Event],
    start: &[f64],
    base: &EngineParams,
    rounding: Rounding,
) -> EngineParams {
    let scale: (Setter, &[f64]) = (|p, v| p.scale = v, &[0.75, 1.0, 1.5, 2.0, 3.0]);
    let stone: (Setter, &[f64]) = (|p, v| p.stone = v, &[60.0, 80.0, 100.0, 120.0, 150.0]);
    let grids: Vec<(Setter, &[f64])> = match kind {
        EngineKind::Elo => vec![
            (
                |p, v| p.elo_k = v,
                &[5.0, 10.0, 15.0, 20.0, 30.0, 45.0, 65.0],
            ),
            scale,
            stone,
        ],
        EngineKind::Glicko2 => vec![
            (|p, v| p.glicko_tau = v, &[0.2, 0.4, 0.6, 0.9, 1.2]),
            (|p, v| p.glicko_rd0 = v, &[60.0, 120.0, 200.0, 350.0]),
            scale,
            stone,
        ],
        EngineKind::Whr => vec![
            (|p, v| p.whr_w2 = v, &[3.0, 10.0, 30.0, 100.0, 300.0]),
            (|p, v| p.whr_prior_sd = v, &[100.0, 200.0, 400.0]),
            scale,
            stone,
        ],
        _ => return base.clone(),
    };
    if first_half.is_empty() {
        return base.clone();
    }
    let mut best = base.clone();
    let mut best_loss = objective(kind, first_half, start, &best, rounding);
    for _round in 0..2 {
        let before = best_loss;
        for (set, values) in &grids {
            for &v in *values {
                let mut cand = best.clone();
                set(&mut cand, v);
                let l = objective(kind, first_half, start, &cand, rounding);
                if l < best_loss - 1e-12 {
                    best_loss = l;
                    best = cand;
                }
            }
        }
        if best_loss >= before - 1e-9 {
            break;
        }
    }
    best
}

/// One calibration bin.
#[derive(Clone, Debug, Serialize)]
pub struct Bin {
    /// Lower gap bound (ladder points), `None` = open.
    pub lo: Option<f64>,
    /// Upper gap bound, `None` = open.
    pub hi: Option<f64>,
    /// Games in the bin.
    pub n: usize,
    /// Mean predicted probability that Black wins.
    pub mean_p: f64,
    /// Observed share of Black wins.
    pub black_won: f64,
}

/// Which games a figure covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Slice {
    /// Every game.
    All,
    /// Handicap games (H ≥ 2).
    Handicap,
}

impl Slice {
    /// The name printed in the evaluation table.
    pub fn name(self) -> &'static str {
        match self {
            Slice::All => "all",
            Slice::Handicap => "handicap",
        }
    }

    /// True when the slice covers this game.
    fn covers(self, e: &Event) -> bool {
        self == Slice::All || e.handicap >= 2
    }
}

/// Which part of the stream a figure covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Half {
    /// The whole stream.
    Full,
    /// The second half alone (out of sample for the fitted parameters).
    Second,
}

impl Half {
    /// The name printed in the evaluation table.
    pub fn name(self) -> &'static str {
        match self {
            Half::Full => "full",
            Half::Second => "second",
        }
    }
}

/// Figures of one engine on one slice of the stream.
#[derive(Clone, Debug, Serialize)]
pub struct Figures {
    /// Which games.
    pub slice: Slice,
    /// Which part of the stream.
    pub half: Half,
    /// Games.
    pub n: usize,
    /// Share of games whose favourite won (p = 0.5 counts one half).
    pub rate: f64,
    /// Mean log-loss (natural log).
    pub log_loss: f64,
    /// Calibration by gap.
    pub calibration: Vec<Bin>,
}

/// Evaluation of one engine.
#[derive(Clone, Debug, Serialize)]
pub struct EngineEvaluation {
    /// Which engine.
    pub engine: EngineKind,
    /// Parameters used, fitted ones included.
    pub params: Vec<(String, f64)>,
    /// Figures per slice and half.
    pub figures: Vec<Figures>,
}

fn figures(slice: Slice, half: Half, preds: &[&Prediction], events: &[Event]) -> Figures {
    let n = preds.len();
    let mut rate = 0.0;
    let mut ll = 0.0;
    let mut bins: Vec<(usize, f64, f64)> = vec![(0, 0.0, 0.0); EDGES.len() + 1];
    for p in preds {
        let won = events[p.event].black_won;
        rate += if p.p_black == 0.5 {
            0.5
        } else if (p.p_black > 0.5) == won {
            1.0
        } else {
            0.0
        };
        ll += loss(p.p_black, won);
        let b = EDGES.iter().position(|&e| p.gap < e).unwrap_or(EDGES.len());
        bins[b].0 += 1;
        bins[b].1 += p.p_black;
        bins[b].2 += f64::from(u8::from(won));
    }
    let div = |a: f64, n: usize| if n == 0 { 0.0 } else { a / n as f64 };
    let calibration = bins
        .into_iter()
        .enumerate()
        .map(|(i, (c, sp, sw))| Bin {
            lo: i.checked_sub(1).map(|j| EDGES[j]),
            hi: EDGES.get(i).copied(),
            n: c,
            mean_p: div(sp, c),
            black_won: div(sw, c),
        })
        .collect();
    Figures {
        slice,
        half,
        n,
        rate: div(rate, n),
        log_loss: div(ll, n),
        calibration,
    }
}

/// One engine's predictions with the parameters that produced them.
pub type EnginePredictions = (EngineKind, Vec<Prediction>, Vec<(String, f64)>);

/// Evaluates every engine on the games all of them predicted.
pub fn evaluate(runs: &[EnginePredictions], events: &[Event]) -> Vec<EngineEvaluation> {
    let mut count = vec![0usize; events.len()];
    for (_, preds, _) in runs {
        for p in preds {
            if let Some(c) = count.get_mut(p.event) {
                *c += 1;
            }
        }
    }
    let half = events.len() / 2;
    runs.iter()
        .map(|(kind, preds, params)| {
            let common: Vec<&Prediction> = preds
                .iter()
                .filter(|p| count[p.event] == runs.len())
                .collect();
            let mut figs = Vec::new();
            for slice in [Slice::All, Slice::Handicap] {
                let sl: Vec<&Prediction> = common
                    .iter()
                    .copied()
                    .filter(|p| slice.covers(&events[p.event]))
                    .collect();
                let second: Vec<&Prediction> =
                    sl.iter().copied().filter(|p| p.event >= half).collect();
                figs.push(figures(slice, Half::Full, &sl, events));
                figs.push(figures(slice, Half::Second, &second, events));
            }
            EngineEvaluation {
                engine: *kind,
                params: params.clone(),
                figures: figs,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::event;
    use super::*;

    fn ev(idx: usize, won: bool) -> Event {
        Event {
            idx,
            ..event(idx as i64, 0, 1, won)
        }
    }

    #[test]
    fn logistic_scale_recovers_a_known_curve() {
        // Outcomes drawn deterministically from a logistic with s = 100.
        let mut events = Vec::new();
        let mut preds = Vec::new();
        let mut x: u64 = 12345;
        for i in 0..4000 {
            let gap = (i % 81) as f64 * 10.0 - 400.0;
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let u = (x >> 11) as f64 / (1u64 << 53) as f64;
            events.push(ev(i, u < logistic(gap, 100.0)));
            preds.push(Prediction {
                event: i,
                gap,
                p_black: 0.5,
            });
        }
        let s = fit_logistic_scale(&preds, 4000, &events);
        assert!((s - 100.0).abs() < 15.0, "s = {s}");
    }

    #[test]
    fn slices_and_halves_serialise_as_their_names() {
        for s in [Slice::All, Slice::Handicap] {
            assert_eq!(
                serde_json::to_string(&s).ok(),
                Some(format!("\"{}\"", s.name()))
            );
        }
        for h in [Half::Full, Half::Second] {
            assert_eq!(
                serde_json::to_string(&h).ok(),
                Some(format!("\"{}\"", h.name()))
            );
        }
    }

    #[test]
    fn figures_count_rate_and_loss() {
        let events = vec![ev(0, true), ev(1, false), ev(2, true), ev(3, true)];
        let preds: Vec<Prediction> = [(0, 0.8), (1, 0.8), (2, 0.5), (3, 0.9)]
            .iter()
            .map(|&(i, p)| Prediction {
                event: i,
                gap: 100.0,
                p_black: p,
            })
            .collect();
        let r = evaluate(&[(EngineKind::Elo, preds, Vec::new())], &events);
        let all = &r[0].figures[0];
        assert_eq!(all.n, 4);
        assert!((all.rate - 2.5 / 4.0).abs() < 1e-12);
        let ll = -(0.8f64.ln() + 0.2f64.ln() + 0.5f64.ln() + 0.9f64.ln()) / 4.0;
        assert!((all.log_loss - ll).abs() < 1e-12);
        let second = &r[0].figures[1];
        assert_eq!(second.n, 2);
        assert_eq!(all.calibration.iter().map(|b| b.n).sum::<usize>(), 4);
    }
}
