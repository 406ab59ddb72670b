//! Rating: the 1984 French ladder and modern engines over a chronological event stream.
//!
//! Flow: [`GameInput`]s are ordered ([`events::compare_games`]), filtered (each skip has
//! a [`SkipReason`]), names are folded and aliased, start levels chosen (`prepare`), then
//! every selected engine runs over the same [`Event`] stream: predict first, then update
//! (`engine`). All engines report levels on the ladder scale: 100 points a grade,
//! 0 = 1k/1d boundary.

pub mod account;
mod calibration;
mod dispute;
pub mod egf;
pub mod elo;
pub mod engine;
pub mod error;
pub mod evaluate;
pub mod events;
pub mod ffg1984;
pub mod ffg2003;
pub mod ffg_list;
pub mod fit;
pub mod glicko2;
pub mod identify;
pub mod ladder;
pub mod options;
pub mod output;
mod prepare;
pub mod records;
pub mod report;
pub mod seed;
pub mod sources;
pub mod table;
pub mod whr;

pub use account::{Collected, Failure, Ledger, Reading, ResultsReading};
pub use dispute::DisputedRow;
pub use engine::{Engine, Starts, make_engine};
pub use error::{FfgOutputError, LineProblem, RateError};
pub use evaluate::{Bin, EngineEvaluation, Figures, Half, Slice};
pub use events::{CountCheck, Disputed, Event, GameInput, GameLabel, Origin, SkipReason, Skipped};
pub use options::{
    EngineKind, EngineParams, Format, ParamOverrides, RateOptions, Rounding, Undated, WinnerChoice,
};
pub use output::{Destination, OutputRequest};
pub use records::{NotARecord, add_records};
pub use report::{
    EngineReport, HistoryEntry, LadderRow, Native, PlayerInfo, Prediction, RateReport, StartSource,
};

use engine::run_engine;
use prepare::prepare;

/// Rates the games with every selected engine (see the module docs).
/// Err only for a malformed ladder or alias file, or an unreadable `as_of`.
pub fn rate(games: &[GameInput], opts: &RateOptions) -> Result<RateReport, RateError> {
    let prep = prepare(games, opts)?;
    let start = Starts {
        level: prep.players.iter().map(|p| p.start).collect(),
        professional: prep.players.iter().map(|p| p.professional).collect(),
    };
    let mut kinds: Vec<EngineKind> = Vec::new();
    for k in if opts.engines.is_empty() {
        vec![EngineKind::Ffg1984]
    } else {
        opts.engines.clone()
    } {
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let half = prep.events.len() / 2;
    // The scale, the professionals' offset and the stone value, from a static fit of the
    // first half, for every engine on the Elo scale.
    let ranked: Vec<bool> = prep
        .players
        .iter()
        .map(|p| matches!(p.start_source, StartSource::Rank | StartSource::Ladder))
        .collect();
    let seeded = if opts.evaluate && opts.fit {
        seed::seed_params(&prep.events[..half], &start, &ranked, &opts.params)
    } else {
        opts.params.clone()
    };
    let mut skipped = prep.skipped;
    let mut engines = Vec::new();
    let mut runs = Vec::new();
    for &kind in &kinds {
        let params = if opts.evaluate && opts.fit {
            fit::fit_params(kind, &prep.events[..half], &start, &seeded, opts.rounding)
        } else {
            opts.params.clone()
        };
        let engine = make_engine(kind, &start, &params, opts.rounding);
        let mut run = run_engine(engine, &prep.events, start.len(), opts.keep_history);
        if kind.is_ladder() {
            // No probability: a logistic regression on the level gap and the handicap,
            // fitted on the first half only.
            let model = fit::LadderLogistic::fit(&run.preds, half, &prep.events);
            for p in &mut run.preds {
                if let Some(e) = prep.events.get(p.event) {
                    p.p_black = model.p(p, e);
                }
            }
            for (name, w) in ["logistic_level", "logistic_stone", "logistic_komi"]
                .into_iter()
                .zip(model.0)
            {
                run.params.push((name.into(), w));
            }
        }
        for (idx, reason) in &run.refused {
            let e = &prep.events[*idx];
            let g = &prep.players;
            skipped.push(Skipped {
                game: GameLabel {
                    source: e.source.clone(),
                    date: e.date.clone(),
                    black: Some(g[e.black].name.clone()),
                    white: Some(g[e.white].name.clone()),
                },
                reason: reason.clone(),
                engine: Some(kind),
            });
        }
        let rows = report::final_ladder(&run, &prep.players, &prep.events);
        runs.push((kind, run.preds.clone(), run.params.clone()));
        engines.push(EngineReport {
            engine: kind,
            params: run.params,
            ladder: rows,
            history: run.history,
            predictions: if opts.keep_predictions {
                run.preds
            } else {
                Vec::new()
            },
            rated: run.rated,
        });
    }
    let evaluation = if opts.evaluate {
        evaluate::evaluate(&runs, &prep.events)
    } else {
        Vec::new()
    };
    let (list, identity) = match prep.list {
        Some((l, i)) => (Some(l), Some(i)),
        None => (None, None),
    };
    Ok(RateReport {
        list,
        identity,
        sources: prep.sources,
        disputed: prep.disputed,
        players: prep.players,
        events: prep.events,
        engines,
        skipped,
        evaluation,
    })
}
