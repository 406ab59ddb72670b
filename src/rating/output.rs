//! What the rate command writes where: the ladder (with the evaluation, for a table) on
//! standard output, then each requested file, then the notes on standard error. The caller
//! only holds the file paths and writes each text where it is told, in the order given.

use super::options::{Format, RateOptions};
use super::report::RateReport;

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
}

/// Where one text of the rate command goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Standard output: the ladder.
    Stdout,
    /// The `--history` file.
    HistoryFile,
    /// The `--predictions` file.
    PredictionsFile,
    /// The `--skipped` file.
    SkippedFile,
    /// The `--disputed` file.
    DisputedFile,
    /// Standard error: the notes.
    Stderr,
}

impl OutputRequest {
    /// True when the evaluation is computed and printed: asked for, or needed by the
    /// predictions file (its probabilities are the evaluation's).
    pub fn evaluates(&self) -> bool {
        self.evaluate || self.predictions
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
    /// The rate command's texts in the order they are written. Each is rendered only when
    /// the iterator reaches it, so that a large history is not held beside the others.
    /// `read_note` says how the games were read (a line for standard error, before the
    /// skipped games).
    pub fn outputs<'a>(
        &'a self,
        request: &'a OutputRequest,
        read_note: &'a str,
    ) -> impl Iterator<Item = (Destination, String)> + 'a {
        [
            (Destination::Stdout, true),
            (Destination::HistoryFile, request.history),
            (Destination::PredictionsFile, request.predictions),
            (Destination::SkippedFile, request.skipped),
            (Destination::DisputedFile, request.disputed),
            (Destination::Stderr, true),
        ]
        .into_iter()
        .filter(|&(_, wanted)| wanted)
        .map(move |(to, _)| (to, self.output_text(to, request, read_note)))
    }

    /// The text for one destination.
    fn output_text(&self, to: Destination, request: &OutputRequest, read_note: &str) -> String {
        // A table reader gets the evaluation below the ladder; machine formats keep standard
        // output parsable and get it on standard error.
        let evaluation_below = request.evaluates() && request.format == Format::Table;
        match to {
            Destination::Stdout => {
                let mut text = self.render(request.format);
                if evaluation_below {
                    text.push('\n');
                    text.push_str(&self.evaluation_table());
                }
                text
            }
            Destination::HistoryFile => self.history_jsonl(),
            Destination::PredictionsFile => self.predictions_jsonl(),
            Destination::SkippedFile => self.skipped_list(),
            Destination::DisputedFile => self.disputed_list(),
            Destination::Stderr => {
                let mut text = String::new();
                if request.evaluates() && !evaluation_below {
                    text.push_str(&self.evaluation_table());
                }
                text.push_str(read_note);
                text.push_str(&self.skipped_summary());
                text.push_str(&self.disputed_note());
                text
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::game;
    use super::super::{EngineKind, GameInput, rate};
    use super::*;
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

    #[test]
    fn files_between_stdout_and_stderr_in_flag_order() {
        let r = report();
        let request = OutputRequest {
            history: true,
            skipped: true,
            ..OutputRequest::default()
        };
        let to: Vec<Destination> = r.outputs(&request, "read\n").map(|o| o.0).collect();
        assert_eq!(
            to,
            [
                Destination::Stdout,
                Destination::HistoryFile,
                Destination::SkippedFile,
                Destination::Stderr
            ]
        );
    }

    #[test]
    fn the_evaluation_follows_a_table_and_leaves_other_formats_alone() {
        let r = report();
        let texts = |format| {
            let request = OutputRequest {
                format,
                evaluate: true,
                ..OutputRequest::default()
            };
            let all: Vec<(Destination, String)> = r.outputs(&request, "read\n").collect();
            (all[0].1.clone(), all[1].1.clone())
        };
        let eval = r.evaluation_table();
        let (out, err) = texts(Format::Table);
        assert_eq!(out, format!("{}\n{eval}", r.render(Format::Table)));
        assert!(err.starts_with("read\n"), "{err}");
        let (out, err) = texts(Format::Csv);
        assert_eq!(out, r.render(Format::Csv));
        assert!(err.starts_with(&eval));
        assert!(err.ends_with(&r.skipped_summary()));
    }
}
