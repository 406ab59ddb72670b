//! `echelle report`: one self-contained HTML page for an archive and its ladder.
//!
//! The page is built from what the other commands already compute: the batch's [`Summary`]
//! (archive health), the reports of the games to look at ([`concern`]), their boards drawn by
//! `diagram` (`show`'s SVG), and the rating module's [`RateReport`] (ladder, history,
//! disputed games, calibration plot). Nothing here decides about Go or ratings; it only keeps
//! and lays out. The page needs no network: inline CSS, inline SVG, a few lines of plain
//! JavaScript for the filter (the page reads whole without it).
//!
//! - `concern.rs`: which games are listed and why, and what is kept of them;
//! - `boards.rs`: a second walk over the inputs that draws the boards of the first few;
//! - `charts.rs`: SVG bars and lines; `html.rs`: escaping and tables;
//! - `page.rs`: the page's sections.

mod boards;
pub mod charts;
pub mod concern;
pub mod html;
mod page;

pub use boards::NoBoard;
pub use concern::{Concern, Flagged, Trust};

use crate::batch::{self, BatchError, BatchOptions};
use crate::input::InputError;
use crate::output::Summary;
use crate::rating::{self, Collected, RateError, RateOptions, RateReport, Reading};
use std::path::PathBuf;

/// Why a report could not be made (bad files never stop it: they are in it).
#[derive(Debug)]
pub enum ReportError {
    /// The batch could not run (an unusable top-level path, threads that cannot start).
    Batch(BatchError),
    /// The inputs could not be walked again to draw the boards.
    Boards(InputError),
    /// The rating options are unusable (a malformed ladder or alias file, a bad date).
    Rate(RateError),
    /// The batch was stopped by a signal: a partial page would mislead.
    Interrupted(Box<Summary>),
}

impl std::fmt::Display for ReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportError::Batch(e) => e.fmt(f),
            ReportError::Boards(e) => write!(f, "cannot read the inputs again for the boards: {e}"),
            ReportError::Rate(e) => e.fmt(f),
            ReportError::Interrupted(_) => f.write_str("interrupted: no report written"),
        }
    }
}

impl std::error::Error for ReportError {}

/// Everything a report needs besides the paths.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// How the games are read and analysed (as for `analyze`).
    pub batch: BatchOptions,
    /// How the players are rated (as for `rate`); history is always kept (the curves).
    pub rate: RateOptions,
    /// Boards drawn at most: each is 10–40 KB of SVG; the other games are table rows.
    pub max_boards: usize,
    /// Table rows of games to look at at most, after the boards.
    pub max_rows: usize,
    /// Players of each ladder with a rating curve at most (the strongest).
    pub max_curves: usize,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            batch: BatchOptions::default(),
            rate: RateOptions::default(),
            max_boards: 100,
            max_rows: 20_000,
            max_curves: 500,
        }
    }
}

/// Everything the page shows, before it is written.
pub struct Report {
    /// The inputs as given.
    pub inputs: Vec<String>,
    /// The batch's counts (as `analyze` prints them).
    pub summary: Summary,
    /// How the inputs were read, failures named (as `rate` accounts for them).
    pub reading: Reading,
    /// The games to look at, most serious first.
    pub flagged: Vec<Flagged>,
    /// The boards of the first drawable games of `flagged`, by their index in it.
    pub boards: Vec<(usize, Result<String, NoBoard>)>,
    /// Drawable games that got no board for the cap.
    pub boards_left_out: usize,
    /// The ratings.
    pub rating: RateReport,
    /// Limits and settings shown on the page.
    pub options: ReportOptions,
}

/// Reads and analyses every game under `paths`, rates the players, and draws the boards of
/// the most serious games to look at.
pub fn build(paths: &[PathBuf], opts: &ReportOptions) -> Result<Report, ReportError> {
    let mut batch_opts = opts.batch.clone();
    batch_opts.json = false;
    batch_opts.analyze.rating_inputs = true;
    let mut kept = Collected::default();
    let mut flagged = Vec::new();
    let mut seq = 0u64;
    // Results files (.tou, .h9) named on the command line are rated beside the records, as
    // `rate` does; they hold no board to look at.
    let (results, records) = crate::federation::split_results_paths(paths);
    let paths = &records[..];
    let summary = batch::for_each(paths, &batch_opts, &mut |done| {
        flagged.extend(concern::flag(seq, &done.game.report));
        seq += 1;
        kept.add(&done.game.report, done.game.rating);
        Ok(false)
    })
    .map_err(ReportError::Batch)?;
    if summary.interrupted {
        return Err(ReportError::Interrupted(Box::new(summary)));
    }
    flagged.sort_by_key(Flagged::key);
    let (tables, results_reading) = crate::federation::read_results_files(&results);
    kept.games.extend(tables);
    let rate_opts = RateOptions {
        keep_history: true,
        keep_predictions: false,
        ..opts.rate.clone()
    };
    let rating = rating::rate(&kept.games, &rate_opts).map_err(ReportError::Rate)?;
    let drawable: Vec<usize> = (0..flagged.len())
        .filter(|&i| flagged[i].drawable())
        .collect();
    let drawn: Vec<usize> = drawable.iter().copied().take(opts.max_boards).collect();
    let wanted: Vec<(String, u32)> = drawn
        .iter()
        .map(|&i| (flagged[i].file.clone(), flagged[i].game.unwrap_or(0)))
        .collect();
    let pictures = boards::draw(paths, &wanted, &batch_opts.limits, &batch_opts.analyze)
        .map_err(ReportError::Boards)?;
    let mut reading = Reading::new(&summary, kept.failures);
    reading.results = (!results.is_empty()).then_some(results_reading);
    Ok(Report {
        inputs: paths
            .iter()
            .chain(&results)
            .map(|p| p.display().to_string())
            .collect(),
        reading,
        summary,
        boards_left_out: drawable.len() - drawn.len(),
        boards: drawn.into_iter().zip(pictures).collect(),
        flagged,
        rating,
        options: opts.clone(),
    })
}
