//! The federations' own files: tournament results (`.tou` for the FFG, `.h9` for the EGD),
//! read as rating events, written from a tournament's SGF records, and checked against them.
//!
//! - `cell`: one round cell (`12+w0`, `12+/w0`, `0=`), shared by both formats.
//! - `text`: where the table is in a file (bare, or inside a mail transcript) and its encoding.
//! - `tou`, `h9`: each format's header lines and fixed identity columns.
//! - `table`: a results table read whole — players, cells, the symmetry of every pair of
//!   cells — and its games as `rating::GameInput`s.
//! - `tournament`: a tournament's games from SGF records (players, rounds), and the results
//!   file it makes.
//! - `check`: a results file against the SGF records of the same tournament.

pub mod cell;
pub mod check;
pub mod h9;
pub mod table;
pub mod text;
pub mod tou;
pub mod tournament;

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
