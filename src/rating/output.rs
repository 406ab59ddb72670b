//! What the rate command writes where: the ladder (with the evaluation, for a table) on
//! standard output, then each requested file, then the notes on standard error. The caller
//! only holds the file paths and writes each text where it is told, in the order given.

use super::account::Reading;
use super::error::RateError;
use super::options::{Format, RateOptions};
use super::report::RateReport;
use crate::federation::ListDate;

/// What the rate command was asked to write (the paths of the files stay with the caller).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutputRequest {
    /// Format of the ladder.
    pub format: Format,
    /// Print the evaluation figures (`--evaluate`).
    pub evaluate: bool,
    /// Write the per-game history file.
    pub history: bool,
    /// Write the predictions file (implies the evaluation).
    pub predictions: bool,
    /// Write the list of skipped games.
    pub skipped: bool,
    /// Write the list of disputed games.
    pub disputed: bool,
    /// Write the reliability plot (SVG) of the evaluation (implies the evaluation).
    pub calibration_svg: bool,
    /// No summary on standard error (`-q`); an evaluation or identity report sent there is
    /// still written.
    pub quiet: bool,
    /// The date of the list written with `--format ffg` (else the last game's).
    pub ladder_date: Option<ListDate>,
}

/// Where one text of the rate command goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Standard output, or the `-o` file: the ladder.
    Stdout,
    /// The `--history` file.
    HistoryFile,
    /// The `--predictions` file.
    PredictionsFile,
    /// The `--skipped` file.
    SkippedFile,
    /// The `--disputed` file.
    DisputedFile,
    /// The `--calibration-svg` file.
    CalibrationSvgFile,
    /// Standard error: the notes.
    Stderr,
}

impl OutputRequest {
    /// True when the evaluation is computed and printed: asked for, or needed by the
    /// predictions file (its probabilities are the evaluation's).
    pub fn evaluates(&self) -> bool {
        self.evaluate || self.predictions || self.calibration_svg
    }

    /// `base` set up for these outputs: history and predictions are kept only when they are
    /// written, since they cost memory per game and engine.
    pub fn rate_options(&self, base: RateOptions) -> RateOptions {
        RateOptions {
            evaluate: self.evaluates(),
            keep_history: self.history,
            keep_predictions: self.predictions,
            ..base
        }
    }
}

impl RateReport {
    /// The rate command's outputs (bytes) in the order they are written. Each is rendered
    /// only when the iterator reaches it, so that a large history is not held beside the
    /// others — except the federation's list, written first so that a list that cannot be
    /// written is an error before anything is. `reading` says how the inputs were read (its
    /// failures are named on standard error and listed in the skipped file).
    pub fn outputs<'a>(
        &'a self,
        request: &'a OutputRequest,
        reading: &'a Reading,
    ) -> Result<impl Iterator<Item = (Destination, Vec<u8>)> + 'a, RateError> {
        let mut list = match request.format {
            Format::Ffg => Some(self.ffg_list(request.ladder_date)?),
            _ => None,
        };
        let evaluation_on_stderr = request.evaluates() && !evaluation_below(request);
        let identity_on_stderr = self.identity.is_some() && identity_on_stderr(request);
        Ok([
            (Destination::Stdout, true),
            (Destination::HistoryFile, request.history),
            (Destination::PredictionsFile, request.predictions),
            (Destination::SkippedFile, request.skipped),
            (Destination::DisputedFile, request.disputed),
            (Destination::CalibrationSvgFile, request.calibration_svg),
            (
                Destination::Stderr,
                !request.quiet || evaluation_on_stderr || identity_on_stderr,
            ),
        ]
        .into_iter()
        .filter(|&(_, wanted)| wanted)
        .map(move |(to, _)| match (to, list.take()) {
            (Destination::Stdout, Some(bytes)) => (to, bytes),
            _ => (to, self.output_text(to, request, reading).into_bytes()),
        }))
    }

    /// The text for one destination.
    fn output_text(&self, to: Destination, request: &OutputRequest, reading: &Reading) -> String {
        let below = evaluation_below(request);
        match to {
            Destination::Stdout => {
                let mut text = self.render(request.format, reading);
                if below {
                    text.push('\n');
                    text.push_str(&self.evaluation_table());
                }
                text
            }
            Destination::HistoryFile => self.history_jsonl(),
            Destination::PredictionsFile => self.predictions_jsonl(),
            Destination::SkippedFile => reading.failures_list() + &self.skipped_list(),
            Destination::DisputedFile => self.disputed_list(),
            Destination::CalibrationSvgFile => self.calibration_svg().unwrap_or_default(),
            Destination::Stderr => {
                let mut text = String::new();
                if request.evaluates() && !below {
                    text.push_str(&self.evaluation_table());
                }
                if !request.quiet {
                    text.push_str(&reading.summary(request.skipped));
                    // A CSV ladder stays parsable: its accounting comes here instead.
                    if request.format == Format::Csv {
                        text.push_str(&self.ledgers_text(reading));
                    }
                    text.push_str(&self.disputed_note());
                }
                // Never silent: with the ladder in a format that has no room for it, the
                // identity report comes here, even under `-q`.
                if identity_on_stderr(request) {
                    text.push_str(&self.identity_text());
                }
                text
            }
        }
    }
}

/// True when the identity report goes to standard error: the ladder's format (CSV, the
/// federation's list) has no room for it.
fn identity_on_stderr(request: &OutputRequest) -> bool {
    matches!(request.format, Format::Csv | Format::Ffg)
}

/// True when the evaluation follows the ladder on standard output: a table reader gets it
/// there; machine formats keep standard output parsable and get it on standard error.
fn evaluation_below(request: &OutputRequest) -> bool {
    request.evaluates() && request.format == Format::Table
}

#[cfg(test)]
mod tests {
    use super::super::account::Failure;
    use super::super::events::tests::game;
    use super::super::{EngineKind, GameInput, rate};
    use super::*;
    use crate::output::{ErrorEntry, ErrorKind};
    use crate::record::Winner;

    fn report() -> RateReport {
        let games: Vec<GameInput> = (0..6u32)
            .map(|i| {
                let (b, w) = if i % 2 == 0 { ("A", "B") } else { ("B", "A") };
                let date = format!("2000-01-0{}", i + 1);
                let win = if i % 3 == 0 {
                    Winner::White
                } else {
                    Winner::Black
                };
                game("a.sgf", i, Some(&date), b, w, win)
            })
            .collect();
        let request = OutputRequest {
            evaluate: true,
            ..OutputRequest::default()
        };
        let opts = request.rate_options(RateOptions {
            engines: vec![EngineKind::Ffg1984, EngineKind::Elo],
            ..RateOptions::default()
        });
        rate(&games, &opts).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The outputs as text.
    fn outputs(
        r: &RateReport,
        request: &OutputRequest,
        reading: &Reading,
    ) -> std::vec::IntoIter<(Destination, String)> {
        let all: Vec<(Destination, String)> = r
            .outputs(request, reading)
            .unwrap_or_else(|e| panic!("{e}"))
            .map(|(to, b)| (to, String::from_utf8(b).unwrap_or_default()))
            .collect();
        all.into_iter()
    }

    /// A reading with one game that failed.
    fn reading() -> Reading {
        Reading {
            inputs: 1,
            games: 7,
            failures: vec![Failure {
                file: "a.sgf".into(),
                game: Some(6),
                errors: vec![ErrorEntry {
                    kind: ErrorKind::Record(crate::record::RecordErrorKind::NotGo),
                    message: "GM[2]".into(),
                }],
            }],
            ..Reading::default()
        }
    }

    #[test]
    fn files_between_stdout_and_stderr_in_flag_order() {
        let r = report();
        let reading = reading();
        let request = OutputRequest {
            history: true,
            skipped: true,
            ..OutputRequest::default()
        };
        let to: Vec<Destination> = outputs(&r, &request, &reading).map(|o| o.0).collect();
        assert_eq!(
            to,
            [
                Destination::Stdout,
                Destination::HistoryFile,
                Destination::SkippedFile,
                Destination::Stderr
            ]
        );
        let skipped = outputs(&r, &request, &reading).nth(2).map(|o| o.1);
        assert_eq!(
            skipped.as_deref(),
            Some("a.sgf#6\t-\t? - ?\tfailed (not-go): GM[2]\n")
        );
        // Quiet: nothing left for standard error.
        let quiet = OutputRequest {
            quiet: true,
            ..OutputRequest::default()
        };
        let to: Vec<Destination> = outputs(&r, &quiet, &reading).map(|o| o.0).collect();
        assert_eq!(to, [Destination::Stdout]);
    }

    #[test]
    fn the_evaluation_follows_a_table_and_leaves_other_formats_alone() {
        let r = report();
        let reading = reading();
        let texts = |format, quiet| {
            let request = OutputRequest {
                format,
                evaluate: true,
                quiet,
                ..OutputRequest::default()
            };
            let all: Vec<(Destination, String)> = outputs(&r, &request, &reading).collect();
            (all[0].1.clone(), all[1].1.clone())
        };
        let eval = r.evaluation_table();
        let summary = reading.summary(false);
        let (out, err) = texts(Format::Table, false);
        assert_eq!(
            out,
            format!("{}\n{eval}", r.render(Format::Table, &reading))
        );
        assert!(out.contains("  = 6  games read\n"), "{out}");
        assert_eq!(err, summary);
        let (out, err) = texts(Format::Csv, false);
        assert_eq!(out, r.render(Format::Csv, &reading));
        assert_eq!(err, format!("{eval}{summary}{}", r.ledgers_text(&reading)));
        // Quiet keeps the evaluation that was asked for, and drops the summary.
        let (_, err) = texts(Format::Json, true);
        assert_eq!(err, eval);
    }
}
