//! The boards of the games to look at: a second walk over the inputs that reads only the
//! files named, and draws each game as `show` does (its SVG).
//!
//! The batch keeps no bytes and no positions (100,000 games would not fit); the few games
//! drawn are read again by name, archive entries included. Standard input cannot be read
//! twice: its games are listed without a board.

use crate::analyze::{AnalyzeOptions, picture};
use crate::diagram::{DiagramInput, SvgOptions, svg_with};
use crate::input::{self, Item, Limits};
use std::collections::HashMap;
use std::path::PathBuf;

/// Why a game asked for has no board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoBoard {
    /// It came from standard input, which was read once by the batch.
    StandardInput,
    /// Reading or replaying it again failed (the file changed since, or is unreadable now).
    Failed(String),
    /// The walk did not meet its file again.
    NotFound,
}

impl std::fmt::Display for NoBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoBoard::StandardInput => f.write_str("read from standard input: no board"),
            NoBoard::Failed(e) => write!(f, "cannot draw the board: {e}"),
            NoBoard::NotFound => f.write_str("cannot draw the board: its file was not found again"),
        }
    }
}

/// Draws the games `wanted` (file name, game index) under `paths`; one answer per game, in
/// the order asked. Errs only when a top-level path cannot be walked again.
pub fn draw(
    paths: &[PathBuf],
    wanted: &[(String, u32)],
    limits: &Limits,
    opts: &AnalyzeOptions,
) -> Result<Vec<Result<String, NoBoard>>, input::InputError> {
    let mut answers: Vec<Result<String, NoBoard>> = vec![Err(NoBoard::NotFound); wanted.len()];
    let mut by_file: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, (file, _)) in wanted.iter().enumerate() {
        if file == "-" {
            answers[i] = Err(NoBoard::StandardInput);
        } else {
            by_file.entry(file.as_str()).or_default().push(i);
        }
    }
    let files: Vec<PathBuf> = paths
        .iter()
        .filter(|p| p.as_os_str() != "-")
        .cloned()
        .collect();
    if by_file.is_empty() || files.is_empty() {
        return Ok(answers);
    }
    let mut left = by_file.len();
    for item in input::inputs(&files, limits)? {
        if matches!(item, Item::Skipped { .. }) {
            continue;
        }
        let Some(slots) = by_file.remove(item.name()) else {
            continue;
        };
        let (name, bytes) = item.load(limits);
        for i in slots {
            let index = wanted[i].1 as usize;
            answers[i] = match &bytes {
                Ok(b) => picture(&name, b.clone(), index, opts)
                    .map(|pic| {
                        // The page gives the title and the counts beside the board.
                        let opts = SvgOptions {
                            captions: false,
                            unsure: true,
                        };
                        svg_with(&DiagramInput::of(&pic), opts)
                    })
                    .map_err(|e| NoBoard::Failed(e.to_string())),
                Err(e) => Err(NoBoard::Failed(e.to_string())),
            };
        }
        left -= 1;
        if left == 0 {
            break;
        }
    }
    Ok(answers)
}
