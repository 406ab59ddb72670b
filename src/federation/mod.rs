//! The federations' own files: the FFG ladder list, read and written in the federation's own
//! format, and tournament results (`.tou` for the FFG, `.h9` for the EGD), read as rating
//! events, written from a tournament's SGF records, and checked against them.
//!
//! - `ladder_list`: the FFG ladder list (`ech_ffg_V3.txt`), both published layouts, written
//!   back byte for byte.
//! - `text`: a federation file's bytes as text (UTF-8, else ISO-8859-1) and text back to
//!   ISO-8859-1.
//! - `cell`: one round cell (`12+w0`, `12+/w0`, `0=`), shared by both formats.
//! - `results_text`: where the table is in a file (bare, or inside a mail transcript) and its encoding.
//! - `tou`, `h9`: each format's header lines and fixed identity columns.
//! - `table`: a results table read whole — players, cells, the symmetry of every pair of
//!   cells — and its games as `rating::GameInput`s.
//! - `tournament`: a tournament's games from SGF records (players, rounds), and the results
//!   file it makes.
//! - `check`: a results file against the SGF records of the same tournament.
//! - `xml`: OpenGotha's tournament XML, its games as rating inputs (to cross-check exports).

pub mod cell;
pub mod check;
pub mod h9;
pub mod ladder_list;
pub mod results_text;
pub mod table;
pub mod text;
pub mod tou;
pub mod tournament;
pub mod xml;

pub use ladder_list::{
    Club, Entry, Eol, LadderList, Layout, ListDate, ListError, ListProblem, Row, Status,
    WriteError, WriteProblem,
};
pub use text::TextEncoding;

crate::choice::choice! {
    /// A tournament results file format.
    pub enum ResultsFormat {
        #[default] Tou = ("tou", "The FFG's .tou results file"),
        H9 = ("h9", "The EGD's .h9 results file"),
    }
}

impl ResultsFormat {
    /// The format a file name's extension says (`.tou`, `.h9`, any case), if any.
    pub fn of_path(name: &str) -> Option<ResultsFormat> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "tou" => Some(ResultsFormat::Tou),
            "h9" => Some(ResultsFormat::H9),
            _ => None,
        }
    }
}

/// Whether a command-line path is a results file to read as such (a file named `.tou` or
/// `.h9`), rather than an input for the SGF walk.
pub fn is_results_path(path: &std::path::Path) -> bool {
    path.is_file() && ResultsFormat::of_path(&path.to_string_lossy()).is_some()
}

/// The command line's paths split into results files (read as such, [`is_results_path`])
/// and the inputs of the SGF walk, each in the order given.
pub fn split_results_paths(
    paths: &[std::path::PathBuf],
) -> (Vec<std::path::PathBuf>, Vec<std::path::PathBuf>) {
    paths.iter().cloned().partition(|p| is_results_path(p))
}

/// Reads results files for `rate`: their games as rating inputs, and how every file, game
/// and line was accounted.
pub fn read_results_files(
    paths: &[std::path::PathBuf],
) -> (Vec<crate::rating::GameInput>, crate::rating::ResultsReading) {
    let mut games = Vec::new();
    let mut reading = crate::rating::ResultsReading::default();
    for path in paths {
        let name = path.to_string_lossy().into_owned();
        reading.files += 1;
        let Some(format) = ResultsFormat::of_path(&name) else {
            reading
                .failed_whole
                .push((name, "not a .tou or .h9 file".into()));
            continue;
        };
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                reading.failed_whole.push((name, e.to_string()));
                continue;
            }
        };
        let t = match table::read(&name, &bytes, format) {
            Ok(t) => t,
            Err(e) => {
                reading.failed_whole.push((name, e.to_string()));
                continue;
            }
        };
        reading.games += t.games.len() as u64;
        for g in t.unratable() {
            let why = g.symmetry.describe();
            reading
                .unratable_games
                .push(format!("{name}: {}: {why}", t.label(g)));
        }
        for g in t.unknown_results() {
            reading
                .unratable_games
                .push(format!("{name}: {}: result unknown (?)", t.label(g)));
        }
        for e in &t.errors {
            reading.line_errors.push((name.clone(), e.to_string()));
        }
        games.extend(t.game_inputs());
    }
    (games, reading)
}
