//! Continuing the output of an interrupted batch: where it stopped, and whether it is the
//! same batch.
//!
//! Nothing is stored beside the output: its records are in input order (directories sorted,
//! archives in entry order, games in file order), so its last record says where the batch
//! stopped, and the names of its records say which inputs it passed. A resumed batch walks
//! the inputs again from the start and
//!
//! 1. passes every input before the output's last one without reading it, checking its name
//!    against the output's (in order, when every record was written: without a filter every
//!    input has at least one record; with a filter, inputs whose records were all left out
//!    are not in the output, so a name only has to come up in order);
//! 2. analyses the inputs named as the output's last one, and checks each of their written
//!    records against the output's lines, byte for byte: the last record found again is the
//!    resume point, and a record that differs means the inputs or the options changed;
//! 3. writes everything after the resume point, as the uninterrupted batch would have.
//!
//! The records already written are counted in the summary from their lines (with a filter,
//! the records it left out before the resume point were not analysed again and are not
//! counted). What this cannot see: an input before the resume point whose contents changed
//! under the same name.

use super::Done;
use crate::output::Summary;
use std::io::{self, BufRead, Seek, SeekFrom};

/// Why an output cannot be continued.
#[derive(Debug)]
pub enum ResumeError {
    /// The output could not be read or cut to its last whole line.
    Io(io::Error),
    /// A line of the output is not a record of `echelle analyze`.
    NotARecord {
        /// Its number, from 1.
        line: u64,
    },
    /// The inputs are not those the output was written from.
    OtherInput {
        /// The input the output has records of next.
        expected: String,
        /// The input met instead.
        found: String,
    },
    /// The output's last record is not among the records of these inputs.
    NotFound {
        /// Its file.
        file: String,
        /// Its game.
        game: Option<u32>,
    },
    /// A record of these inputs differs from the output's line for it.
    Differs {
        /// Its file.
        file: String,
        /// Its game.
        game: Option<u32>,
    },
}

/// `file#game` as `show` takes it; the file alone for a file that failed whole.
fn record_name(file: &str, game: Option<u32>) -> String {
    match game {
        Some(g) => format!("{file}#{g}"),
        None => file.to_string(),
    }
}

impl std::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeError::Io(e) => e.fmt(f),
            ResumeError::NotARecord { line } => {
                write!(f, "line {line} is not a record of echelle analyze")
            }
            ResumeError::OtherInput { expected, found } => write!(
                f,
                "the output has records of {expected} where the inputs now have {found}: \
                 the inputs changed since it was written"
            ),
            ResumeError::NotFound { file, game } => write!(
                f,
                "the output's last record ({}) is not among these inputs' records: the inputs \
                 or the options changed since it was written",
                record_name(file, *game)
            ),
            ResumeError::Differs { file, game } => write!(
                f,
                "the record of {} is not the one the output holds: the inputs or the options \
                 changed since it was written",
                record_name(file, *game)
            ),
        }
    }
}

impl std::error::Error for ResumeError {}

impl From<io::Error> for ResumeError {
    fn from(e: io::Error) -> Self {
        ResumeError::Io(e)
    }
}

/// What the output of an interrupted batch holds: where to continue it.
#[derive(Clone, Debug, Default)]
pub struct Resume {
    /// One name per input the output has records of, in order.
    inputs: Vec<String>,
    /// The records of the last of them, each a JSON line with its newline.
    last: Vec<String>,
    /// The records counted as the summary counts them (`written`: how many).
    counted: Summary,
    /// The last record's game.
    last_game: Option<u32>,
}

impl Resume {
    /// Reads an output: its whole lines, each a record. Returns what it holds and its length
    /// in bytes without a last partial line (a line the interrupted batch did not finish).
    pub fn read(mut output: impl BufRead) -> Result<(Resume, u64), ResumeError> {
        let mut resume = Resume::default();
        let mut whole = 0u64;
        let mut line = Vec::new();
        loop {
            line.clear();
            let n = output.read_until(b'\n', &mut line)?;
            if n == 0 || line.last() != Some(&b'\n') {
                break;
            }
            let number = resume.counted.written + 1;
            let not_a_record = || ResumeError::NotARecord { line: number };
            let value: serde_json::Value =
                serde_json::from_slice(&line).map_err(|_| not_a_record())?;
            if !resume.counted.add_written(&value) {
                return Err(not_a_record());
            }
            let file = value["file"].as_str().unwrap_or_default();
            let game = value["game"]
                .as_u64()
                .map(|g| u32::try_from(g).unwrap_or(u32::MAX));
            // An input's records have games 0, 1, 2… (some left out by a filter); a file that
            // failed whole has one record with no game.
            let same_input = resume.inputs.last().is_some_and(|f| f == file)
                && matches!((resume.last_game, game), (Some(a), Some(b)) if b > a);
            if !same_input {
                resume.inputs.push(file.to_string());
                resume.last.clear();
            }
            resume
                .last
                .push(String::from_utf8(line.clone()).map_err(|_| not_a_record())?);
            resume.last_game = game;
            resume.counted.written += 1;
            whole += n as u64;
        }
        Ok((resume, whole))
    }

    /// Reads an output file as [`Resume::read`] does, cuts it to its whole lines and leaves it
    /// at its end, ready for the rest of the batch.
    pub fn from_output(file: &mut std::fs::File) -> Result<Resume, ResumeError> {
        file.seek(SeekFrom::Start(0))?;
        let (resume, whole) = Resume::read(io::BufReader::new(&mut *file))?;
        file.set_len(whole)?;
        file.seek(SeekFrom::End(0))?;
        Ok(resume)
    }

    /// Records the output holds.
    pub fn records(&self) -> u64 {
        self.counted.written
    }

    /// The records counted as a summary counts them.
    pub(super) fn counted(&self) -> &Summary {
        &self.counted
    }
}

/// Whether an input met before the resume point was written already.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Passing {
    /// Its records are in the output: pass it without reading it.
    Written,
    /// It may hold the resume point: analyse it and hand its records to [`Resuming::take`].
    Analyse,
}

/// Where a resumed batch stands on its way to the output's last record.
pub(super) struct Resuming<'a> {
    plan: &'a Resume,
    /// Every input has records in the output (no filter): inputs are checked in order.
    strict: bool,
    /// Inputs of the output passed.
    passed: usize,
    /// Records of the last input found again.
    matched: usize,
}

impl<'a> Resuming<'a> {
    pub(super) fn new(plan: &'a Resume, strict: bool) -> Self {
        Resuming {
            plan,
            strict,
            passed: 0,
            matched: 0,
        }
    }

    /// Whether the resume point is passed: every record from now on is written.
    pub(super) fn reached(&self) -> bool {
        self.passed == self.plan.inputs.len()
    }

    /// Decides on an SGF input (one that gives records) met before the resume point.
    pub(super) fn pass(&mut self, name: &str) -> Result<Passing, ResumeError> {
        let expected = &self.plan.inputs[self.passed];
        if name == expected {
            if self.passed + 1 == self.plan.inputs.len() {
                return Ok(Passing::Analyse);
            }
            self.passed += 1;
            return Ok(Passing::Written);
        }
        if self.strict {
            return Err(ResumeError::OtherInput {
                expected: expected.clone(),
                found: name.to_string(),
            });
        }
        // Under a filter: an input none of whose records was written.
        Ok(Passing::Written)
    }

    /// Takes a record in input order: `true` when it is at or before the resume point (the
    /// output has it, or the filter left it out), so it is neither written nor counted.
    pub(super) fn take(&mut self, done: &Done) -> Result<bool, ResumeError> {
        if self.reached() {
            return Ok(false);
        }
        if let Some(line) = &done.json {
            if self.plan.last.get(self.matched) != Some(line) {
                return Err(ResumeError::Differs {
                    file: done.game.report.file.clone(),
                    game: done.game.report.game,
                });
            }
            self.matched += 1;
            if self.matched == self.plan.last.len() {
                self.passed += 1;
            }
        }
        Ok(true)
    }

    /// After the last record of an input analysed before the resume point: without a filter
    /// that input held the point.
    pub(super) fn input_done(&self) -> Result<(), ResumeError> {
        if self.strict && !self.reached() {
            return Err(self.not_found());
        }
        Ok(())
    }

    /// The error for inputs that ended before the resume point.
    pub(super) fn not_found(&self) -> ResumeError {
        ResumeError::NotFound {
            file: self.plan.inputs.last().cloned().unwrap_or_default(),
            game: self.plan.last_game,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(file: &str, game: Option<u32>) -> String {
        let game = game.map_or("null".to_string(), |g| g.to_string());
        format!(
            "{{\"file\":\"{file}\",\"game\":{game},\"status\":\"ok\",\"errors\":[],\"warnings\":[]}}\n"
        )
    }

    #[test]
    fn a_partial_last_line_is_left_out() {
        let whole = line("a.sgf", Some(0)) + &line("a.sgf", Some(1));
        let text = format!("{whole}{{\"file\":\"b.s");
        let (r, kept) = Resume::read(text.as_bytes()).expect("reads");
        assert_eq!(kept, whole.len() as u64);
        assert_eq!(r.records(), 2);
        assert_eq!(r.inputs, ["a.sgf"]);
        assert_eq!(r.last, [line("a.sgf", Some(0)), line("a.sgf", Some(1))]);
        assert_eq!(r.counted().games, 2);
    }

    #[test]
    fn inputs_are_told_apart_by_their_game_numbers() {
        // Two inputs named b (a file that failed whole, twice), two named c.
        let text = [
            line("a.sgf", Some(0)),
            line("a.sgf", Some(2)),
            line("b.sgf", None),
            line("b.sgf", None),
            line("c.sgf", Some(0)),
            line("c.sgf", Some(0)),
            line("c.sgf", Some(1)),
        ]
        .concat();
        let (r, kept) = Resume::read(text.as_bytes()).expect("reads");
        assert_eq!(kept, text.len() as u64);
        assert_eq!(r.inputs, ["a.sgf", "b.sgf", "b.sgf", "c.sgf", "c.sgf"]);
        assert_eq!(r.last, [line("c.sgf", Some(0)), line("c.sgf", Some(1))]);
        assert_eq!(r.last_game, Some(1));
        assert_eq!(r.counted().file_errors, 2);
    }

    #[test]
    fn an_empty_output_resumes_from_the_start() {
        let (r, kept) = Resume::read(&b"{\"file\""[..]).expect("reads");
        assert_eq!((kept, r.records()), (0, 0));
        assert!(Resuming::new(&r, true).reached());
    }

    #[test]
    fn a_line_that_is_not_a_record_is_named() {
        let text = line("a.sgf", Some(0)) + "{\"file\":\"b.sgf\"}\n";
        match Resume::read(text.as_bytes()) {
            Err(ResumeError::NotARecord { line }) => assert_eq!(line, 2),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            Resume::read(&b"hello\n"[..]),
            Err(ResumeError::NotARecord { line: 1 })
        ));
    }

    #[test]
    fn inputs_are_checked_by_name_without_a_filter() {
        let text = [line("a.sgf", Some(0)), line("b.sgf", Some(0))].concat();
        let (r, _) = Resume::read(text.as_bytes()).expect("reads");
        let mut strict = Resuming::new(&r, true);
        assert_eq!(strict.pass("a.sgf").expect("a"), Passing::Written);
        assert_eq!(strict.pass("b.sgf").expect("b"), Passing::Analyse);
        let mut strict = Resuming::new(&r, true);
        assert!(matches!(
            strict.pass("x.sgf"),
            Err(ResumeError::OtherInput { .. })
        ));
        // Under a filter, x may be an input none of whose records was kept.
        let mut filtered = Resuming::new(&r, false);
        assert_eq!(filtered.pass("x.sgf").expect("x"), Passing::Written);
        assert_eq!(filtered.pass("a.sgf").expect("a"), Passing::Written);
        assert_eq!(filtered.pass("b.sgf").expect("b"), Passing::Analyse);
    }
}
