//! What a rating run produces: players, ladders, per-game history and predictions, and
//! the whole [`RateReport`] (rendered by `table`).

use super::engine::EngineRun;
use super::evaluate::EngineEvaluation;
use super::events::{Disputed, Event, Skipped};
use super::identify::IdentityReport;
use super::ladder::grade;
use super::options::EngineKind;
use super::sources::SourcesReport;
use crate::federation::LadderList;
use serde::Serialize;

/// A player of the rated stream.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// Folded canonical key.
    pub key: String,
    /// Start level.
    pub start: f64,
    /// Where the start level came from.
    pub start_source: StartSource,
    /// True when the start level came from a professional rank.
    pub professional: bool,
    /// The federation list's row (index) the player was matched to.
    #[serde(skip)]
    pub row: Option<usize>,
    /// The player's licence: the matched row's, else the alias file's.
    #[serde(skip)]
    pub licence: Option<String>,
}

/// Where a player's start level came from, in order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StartSource {
    /// The ladder file.
    Ladder,
    /// The first readable rank in the player's records.
    Rank,
    /// No rank of their own: the first opponent's rank, less the handicap given.
    Opponent,
    /// Neither: the default level.
    Default,
}

impl StartSource {
    /// The name it is written as (`ladder`, `rank`, `opponent`, `default`).
    pub fn name(self) -> &'static str {
        match self {
            StartSource::Ladder => "ladder",
            StartSource::Rank => "rank",
            StartSource::Opponent => "opponent",
            StartSource::Default => "default",
        }
    }
}

/// An engine's own figures for a player, beside the level on the ladder scale (which the
/// engine derives from them).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Native {
    /// EGF: the GoR (level + 2050).
    Gor(f64),
    /// Glicko-2: the rating (1500 + level × scale) and its deviation, in Glicko points.
    Glicko {
        /// The rating.
        rating: f64,
        /// The rating deviation (RD) after the player's last rated day.
        deviation: f64,
    },
}

impl Native {
    /// The figures as (column head, JSON key, value), in the order they are shown.
    pub fn figures(self) -> Vec<(&'static str, &'static str, f64)> {
        match self {
            Native::Gor(gor) => vec![("GoR", "gor", gor)],
            Native::Glicko { rating, deviation } => {
                vec![("rating", "rating", rating), ("RD", "deviation", deviation)]
            }
        }
    }
}

/// One row of a final ladder.
#[derive(Clone, Debug, Serialize)]
pub struct LadderRow {
    /// The player's id (index in [`RateReport::players`]).
    #[serde(skip)]
    pub player: usize,
    /// 1-based position.
    pub position: usize,
    /// Display name.
    pub name: String,
    /// Level on the ladder scale.
    pub level: f64,
    /// The engine's own figures (GoR, Glicko rating and deviation), when it has them.
    pub native: Option<Native>,
    /// Grade (`3k`, `2d`; 9d at most).
    pub grade: String,
    /// Games rated by this engine.
    pub games: u32,
    /// Date of the last rated game.
    pub last: Option<String>,
}

/// One player's side of one rated game.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    /// Event index in the stream.
    pub event: usize,
    /// Player id.
    pub player: usize,
    /// Opponent id.
    pub opponent: usize,
    /// True when the player had Black.
    pub black: bool,
    /// Level before.
    pub before: f64,
    /// Level after.
    pub after: f64,
}

/// One prediction made before a game.
#[derive(Clone, Debug)]
pub struct Prediction {
    /// Event index in the stream.
    pub event: usize,
    /// Gap in ladder points, Black's effective level minus White's.
    pub gap: f64,
    /// Black's level minus White's before the game, handicap left out.
    pub level_gap: f64,
    /// Probability that Black wins.
    pub p_black: f64,
}

/// Everything one engine produced.
#[derive(Clone, Debug)]
pub struct EngineReport {
    /// Which engine.
    pub engine: EngineKind,
    /// Parameters used (fitted ones included), by name.
    pub params: Vec<(String, f64)>,
    /// Final ladder, strongest first.
    pub ladder: Vec<LadderRow>,
    /// Per-game history (when kept).
    pub history: Vec<HistoryEntry>,
    /// Predictions (when kept).
    pub predictions: Vec<Prediction>,
    /// Games this engine rated.
    pub rated: usize,
}

/// The result of [`rate`](super::rate).
#[derive(Clone, Debug)]
pub struct RateReport {
    /// Players by id.
    pub players: Vec<PlayerInfo>,
    /// The rated event stream (common to all engines before engine-specific skips).
    pub events: Vec<Event>,
    /// One report per engine, in the order asked.
    pub engines: Vec<EngineReport>,
    /// Games not rated, with reasons (engine-specific ones name the engine).
    pub skipped: Vec<Skipped>,
    /// Evaluation figures (with `evaluate`).
    pub evaluation: Vec<EngineEvaluation>,
    /// Games whose count and signed result name different winners, in stream order.
    pub disputed: Vec<Disputed>,
    /// The federation's list read as `--ladder` (the base of `--format ffg`).
    pub list: Option<LadderList>,
    /// How the players were matched to that list's rows.
    pub identity: Option<IdentityReport>,
    /// How results files' players and games were joined to the records'.
    pub sources: SourcesReport,
}

/// The final ladder of one engine run: players who played a rated game, strongest first
/// (ties by name, so that the order never depends on the input).
pub(crate) fn final_ladder(
    run: &EngineRun,
    players: &[PlayerInfo],
    events: &[Event],
) -> Vec<LadderRow> {
    let mut rows: Vec<LadderRow> = (0..players.len())
        .filter(|&p| run.games[p] > 0)
        .map(|p| LadderRow {
            player: p,
            position: 0,
            name: players[p].name.clone(),
            level: run.levels[p],
            native: run.native.get(p).copied().flatten(),
            grade: grade(run.levels[p]),
            games: run.games[p],
            last: run.last[p].and_then(|i| events[i].date.clone()),
        })
        .collect();
    rows.sort_by(|a, b| {
        b.level
            .total_cmp(&a.level)
            .then_with(|| a.name.cmp(&b.name))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.position = i + 1;
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::game;
    use super::super::{EngineParams, RateOptions, rate};
    use super::*;
    use crate::record::Winner;

    #[test]
    fn egf_and_glicko2_show_their_own_scales_beside_the_level() {
        let games: Vec<_> = (0..4u32)
            .map(|i| {
                let date = format!("2000-01-0{}", i + 1);
                let win = if i == 2 { Winner::White } else { Winner::Black };
                game("a.sgf", i, Some(&date), "A", "B", win)
            })
            .collect();
        let opts = RateOptions {
            engines: vec![EngineKind::Egf, EngineKind::Glicko2, EngineKind::Ffg1984],
            ..RateOptions::default()
        };
        let r = rate(&games, &opts).unwrap_or_else(|e| panic!("{e}"));
        let scale = EngineParams::default().scale;
        for row in &r.engines[0].ladder {
            let Some(Native::Gor(gor)) = row.native else {
                panic!("egf row without a GoR: {row:?}");
            };
            assert!((gor - row.level - 2050.0).abs() < 1e-9);
        }
        for row in &r.engines[1].ladder {
            let Some(Native::Glicko { rating, deviation }) = row.native else {
                panic!("glicko2 row without a rating: {row:?}");
            };
            assert!((rating - 1500.0 - row.level * scale).abs() < 1e-6);
            // Four games narrow the starting deviation (200) but leave it positive.
            assert!(deviation > 0.0 && deviation < 200.0, "{deviation}");
        }
        assert!(r.engines[2].ladder.iter().all(|row| row.native.is_none()));
        let table = r.ladder_table(&super::super::Reading::default());
        assert!(table.contains("level  GoR  grade"), "{table}");
        assert!(table.contains("level  rating   RD  grade"), "{table}");
    }

    #[test]
    fn start_sources_serialise_as_their_names() {
        for s in [StartSource::Ladder, StartSource::Rank, StartSource::Default] {
            assert_eq!(
                serde_json::to_string(&s).ok(),
                Some(format!("\"{}\"", s.name()))
            );
        }
    }
}
