//! Game records: sgf-parse trees turned into normalised game facts and a main line of steps.

use crate::board::{Color, Point};
use crate::decode::EncodingInfo;
use serde::Serialize;

mod facts;
mod game;
mod main_line;
mod parse;
mod repair;
#[cfg(test)]
mod testing;

pub use facts::{
    SizeError, SizeProblem, parse_date, parse_komi, parse_result, parse_rules, parse_size,
};
pub use parse::{parse_file, read_bytes};

/// The ruleset names `RU` is read into (the rules themselves are in [`crate::rules`]).
pub use crate::rules::RuleSet;

/// Limits that keep one hostile or huge file from exhausting the stack or memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseLimits {
    /// Most nodes (main line and variations, all games) accepted in one file.
    pub max_nodes: usize,
    /// Most points that compressed point lists (`AB[aa:ss]`) may expand to in one file: the
    /// parser expands each one, so a small file of ranges can cost minutes and gigabytes.
    pub max_points: u64,
    /// Most property values (`[...]`) in one file: the parser keeps each one as a string, so
    /// millions of empty values in a file under the size limit would cost gigabytes.
    pub max_values: u64,
    /// Most properties in one file: each costs the parser ~300 bytes.
    pub max_properties: u64,
}

impl Default for ParseLimits {
    fn default() -> Self {
        ParseLimits {
            max_nodes: 100_000,
            max_points: 1_000_000,
            // Ten values and five properties per node of a file at the node limit: more than
            // any real record holds, and under 256 MB at worst.
            max_values: 1_000_000,
            max_properties: 500_000,
        }
    }
}

/// What kind of failure a [`RecordError`] is; serialised as its kebab-case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RecordErrorKind {
    /// The text is not SGF, even leniently (`parse`).
    Parse,
    /// The text holds no game, or a game tree is empty (`no-game`).
    NoGame,
    /// The file declares more nodes than [`ParseLimits::max_nodes`] (`too-deep`).
    TooDeep,
    /// Its compressed point lists expand to more than [`ParseLimits::max_points`] points, or
    /// it holds more than [`ParseLimits::max_values`] property values or
    /// [`ParseLimits::max_properties`] properties (`too-large`).
    TooLarge,
    /// A game of another kind than Go, `GM` other than 1 (`not-go`).
    NotGo,
    /// `SZ` is not a board size of 1 to 52 (`invalid-size`).
    InvalidSize,
}

impl RecordErrorKind {
    /// The machine-readable name, as serialised: `parse`, `no-game`, `too-deep`…
    pub fn as_str(self) -> &'static str {
        match self {
            RecordErrorKind::Parse => "parse",
            RecordErrorKind::NoGame => "no-game",
            RecordErrorKind::TooDeep => "too-deep",
            RecordErrorKind::TooLarge => "too-large",
            RecordErrorKind::NotGo => "not-go",
            RecordErrorKind::InvalidSize => "invalid-size",
        }
    }
}

impl std::fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a file or one game of it could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordError {
    /// Machine-readable kind.
    pub kind: RecordErrorKind,
    /// Human-readable detail, naming the game and the offending value.
    pub message: String,
}

impl RecordError {
    /// An error of `kind`, explained by `message`.
    pub(crate) fn new(kind: RecordErrorKind, message: String) -> RecordError {
        RecordError { kind, message }
    }
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for RecordError {}

/// The games of one file, in order, with file-level warnings (repairs).
#[derive(Debug)]
pub struct ParsedFile {
    /// One entry per game tree of the collection.
    pub games: Vec<Result<GameRecord, RecordError>>,
    /// Repairs and oddities of the file as a whole (also copied into each game's warnings).
    pub warnings: Vec<String>,
}

/// One file's bytes read: how they were decoded, and the games parsed from the text.
#[derive(Debug)]
pub struct ReadFile {
    /// The encoding the bytes were decoded with.
    pub encoding: EncodingInfo,
    /// Decoding fallbacks, one message each (not copied into `parsed`).
    pub warnings: Vec<String>,
    /// The games, or why the file as a whole could not be read.
    pub parsed: Result<ParsedFile, RecordError>,
}

/// Board dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Size {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
}

/// Where a move goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveAt {
    /// A pass (`B[]`, or `B[tt]` on boards of 19 or less).
    Pass,
    /// A point on the board.
    Point(Point),
    /// A point outside the board; the raw SGF value is kept for the report.
    OffBoard(String),
}

/// One step of the main line, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Setup properties of one node (`AB`, `AW`, `AE`, `PL`).
    Setup {
        /// Points where a black stone is put.
        black: Vec<Point>,
        /// Points where a white stone is put.
        white: Vec<Point>,
        /// Points cleared.
        empty: Vec<Point>,
        /// Whose turn it is after this node, from `PL`.
        to_play: Option<Color>,
    },
    /// A move (`B` or `W`).
    Move {
        /// Who moved.
        color: Color,
        /// Where.
        at: MoveAt,
    },
}

/// A player as recorded (`PB`/`BR` or `PW`/`WR`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Player {
    /// Name, trimmed; `None` when absent or empty.
    pub name: Option<String>,
    /// Rank as written (`3k`, `2d`, `9p`…), trimmed; `None` when absent.
    pub rank: Option<String>,
}

/// The game date (`DT`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameDate {
    /// First date, `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; `None` when nothing could be read.
    pub first: Option<String>,
    /// Last date when the value lists several days (`1996-05-06,07,08` → `1996-05-08`).
    pub last: Option<String>,
    /// The raw `DT` value.
    pub raw: String,
}

/// The recorded rules, normalised with the raw value kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesInfo {
    /// Normalised name.
    pub name: RuleSet,
    /// Raw `RU`, if any.
    pub raw: Option<String>,
}

/// Komi, normalised (Fox ×100/×50 scaled) with the raw value kept.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Komi {
    /// Komi in points; `None` when absent or unreadable.
    pub value: Option<f64>,
    /// Raw `KM`, if any.
    pub raw: Option<String>,
    /// True when a Fox-style scaled value was divided down.
    pub scaled: bool,
    /// True when it was written ×50: Fox's Chinese count in stones (`375` → 7.5 points).
    #[serde(skip)]
    pub in_stones: bool,
}

/// Who won according to `RE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Black won (serialised `"B"`).
    #[serde(rename = "B")]
    Black,
    /// White won (serialised `"W"`).
    #[serde(rename = "W")]
    White,
    /// A draw (jigo).
    Draw,
    /// No result (void game).
    Void,
    /// Unknown or unreadable.
    Unknown,
}

/// How the game was won according to `RE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultKind {
    /// By counting (`B+3.5`, or a draw).
    Score,
    /// By resignation.
    Resign,
    /// On time.
    Time,
    /// By forfeit.
    Forfeit,
    /// Anything else (`B+`, `W+Illegal`, free text…).
    Other,
}

/// The recorded result (`RE`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordedResult {
    /// Raw `RE`; `None` when absent.
    pub raw: Option<String>,
    /// Normalised winner.
    pub winner: Winner,
    /// How it was won; `None` when unknown.
    pub kind: Option<ResultKind>,
    /// Margin in points for a score result.
    pub margin: Option<f64>,
}

impl RecordedResult {
    /// A result read from `raw`.
    pub fn new(
        raw: &str,
        winner: Winner,
        kind: Option<ResultKind>,
        margin: Option<f64>,
    ) -> RecordedResult {
        RecordedResult {
            raw: Some(raw.to_string()),
            winner,
            kind,
            margin,
        }
    }
}

/// What a record says about a game besides its moves, normalised: what a report shows of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameFacts {
    /// Board size.
    pub size: Size,
    /// Black player.
    pub black: Player,
    /// White player.
    pub white: Player,
    /// Date, if `DT` is present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<GameDate>,
    /// Event (`EV`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Round (`RO`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// Place (`PC`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Rules (`RU`).
    pub rules: RulesInfo,
    /// Komi (`KM`).
    pub komi: Komi,
}

/// One game of a file: its facts, what scoring and handicap inference read, and its main line.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Size, players, date, event, rules, komi.
    pub facts: GameFacts,
    /// Raw `SZ`, if any.
    pub size_raw: Option<String>,
    /// Declared handicap (`HA`), raw value kept when unreadable.
    pub handicap_declared: Option<i64>,
    /// Raw `HA` when it could not be read as an integer.
    pub handicap_raw: Option<String>,
    /// Recorded result.
    pub result: RecordedResult,
    /// The main line: setup nodes and moves in order (root setup first).
    pub steps: Vec<Step>,
    /// Territory markup on the last main-line node (`TB`, `TW`), for scoring.
    pub territory_black: Vec<Point>,
    /// See `territory_black`.
    pub territory_white: Vec<Point>,
    /// Application that wrote the file (`AP`), raw.
    pub application: Option<String>,
    /// True when the text needed a repair to parse (lenient mode, junk, missing parenthesis…).
    pub repaired: bool,
    /// Repairs and oddities met while reading this game (file-level repairs included).
    pub warnings: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::RecordErrorKind;

    #[test]
    fn error_kinds_serialise_as_their_names() {
        use RecordErrorKind::*;
        for kind in [Parse, NoGame, TooDeep, TooLarge, NotGo, InvalidSize] {
            let json = serde_json::to_value(kind).ok();
            assert_eq!(json.as_ref().and_then(|v| v.as_str()), Some(kind.as_str()));
        }
    }
}
