//! Helpers for the record tests: a text parsed, its one game, expected points and moves.

use super::{GameRecord, MoveAt, ParseLimits, ParsedFile, Step, parse_file};
use crate::board::{Color, Point};

/// Parses `text`; panics when the file as a whole fails.
pub(crate) fn parse(text: &str) -> ParsedFile {
    match parse_file(text, &ParseLimits::default()) {
        Ok(f) => f,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

/// The one game of `text`; panics when there is not exactly one, or it fails.
pub(crate) fn one(text: &str) -> GameRecord {
    let mut file = parse(text);
    assert_eq!(file.games.len(), 1, "{text}");
    match file.games.remove(0) {
        Ok(g) => g,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

/// The point at column `x`, row `y`.
pub(crate) fn pt(x: u8, y: u8) -> Point {
    Point { x, y }
}

/// A move of `color` at `at`.
pub(crate) fn mv(color: Color, at: MoveAt) -> Step {
    Step::Move { color, at }
}

/// Whether one of the game's warnings contains `needle`.
pub(crate) fn has_warning(g: &GameRecord, needle: &str) -> bool {
    g.warnings.iter().any(|w| w.contains(needle))
}
