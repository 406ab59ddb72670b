//! What a rating run produces: players, ladders, per-game history and predictions, and
//! the whole [`RateReport`] (rendered by `table`).

use super::evaluate::EngineEvaluation;
use super::events::{Event, Skipped};
use super::options::EngineKind;
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
}

/// Where a player's start level came from, in order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StartSource {
    /// The ladder file.
    Ladder,
    /// The first readable rank in the player's records.
    Rank,
    /// Neither: the default level.
    Default,
}

impl StartSource {
    /// The name it is written as (`ladder`, `rank`, `default`).
    pub fn name(self) -> &'static str {
        match self {
            StartSource::Ladder => "ladder",
            StartSource::Rank => "rank",
            StartSource::Default => "default",
        }
    }
}

/// One row of a final ladder.
#[derive(Clone, Debug, Serialize)]
pub struct LadderRow {
    /// 1-based position.
    pub position: usize,
    /// Display name.
    pub name: String,
    /// Level on the ladder scale.
    pub level: f64,
    /// Grade (`3k`, `2d`).
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

/// The result of [`rate`].
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
