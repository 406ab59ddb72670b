//! Predict-then-update evaluation: prediction rate, log-loss and calibration.
//!
//! The stream is split at its middle event: free parameters are fitted on the first half
//! only (see `fit`); figures are given for the whole stream and for the second half alone
//! (the honest, out-of-sample one). Engines are compared on the games every selected engine
//! predicted. Calibration bins games by the predicted probability that Black wins.

use super::fit::loss;
use super::{EngineKind, Event, Prediction};
use serde::Serialize;

/// Calibration bins by predicted probability that Black wins: tenths.
const EDGES: [f64; 9] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/// One calibration bin.
#[derive(Clone, Debug, Serialize)]
pub struct Bin {
    /// Lower bound of the predicted probability, `None` = 0.
    pub lo: Option<f64>,
    /// Upper bound, `None` = 1.
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
        let b = EDGES
            .iter()
            .position(|&e| p.p_black < e)
            .unwrap_or(EDGES.len());
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
                level_gap: 0.0,
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
