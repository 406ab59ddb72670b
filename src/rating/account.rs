//! Every input and game accounted for. The reading: SGF inputs read or failed whole, games
//! read or failed, other files skipped ([`Reading`]). Per engine: the games read, less those
//! skipped before any engine, make the stream; the stream, less the games this engine does
//! not rate, makes the games it rated ([`Ledger`]). Every figure is a sum of the lines below
//! it, so that a rating officer can check the counts by hand.

use super::engine::{Starts, make_engine};
use super::events::{Event, GameInput, SkipReason};
use super::options::{EngineKind, EngineParams, Rounding};
use super::report::RateReport;
use crate::output::{ErrorEntry, GameReport, Status, Summary, label};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

/// How many failures of each kind (whole files, games) the summary names.
const NAMED_FAILURES: usize = 5;

/// An input that failed whole, or one game of it that failed: neither is rated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// Input name (`dir/a.sgf`, `archive.zip!inner/b.sgf`).
    pub file: String,
    /// Index of the game in its file; `None` when the whole input failed.
    pub game: Option<u32>,
    /// What went wrong (kind and message).
    pub errors: Vec<ErrorEntry>,
}

impl Failure {
    /// The failure a report tells of; `None` unless its status is `error`.
    pub fn of(report: &GameReport) -> Option<Failure> {
        (report.status == Status::Error).then(|| Failure {
            file: report.file.clone(),
            game: report.game,
            errors: report.errors.clone(),
        })
    }

    /// `file` for a whole input, `file#game` for a game (as skipped games are named).
    pub fn source(&self) -> String {
        match self.game {
            Some(g) => format!("{}#{g}", self.file),
            None => self.file.clone(),
        }
    }

    /// Why, on one line: `failed whole (parse): message` or `failed (not-go): message`.
    pub fn reason(&self) -> String {
        let what = if self.game.is_some() {
            "failed"
        } else {
            "failed whole"
        };
        let mut text = what.to_string();
        for (i, e) in self.errors.iter().enumerate() {
            let sep = if i == 0 { " " } else { "; " };
            let _ = write!(text, "{sep}({}): {}", label(&e.kind), e.message);
        }
        // Messages quote file contents at times: keep the list one line per failure.
        text.replace(['\t', '\n', '\r'], " ")
    }
}

/// What the rate command keeps of an analysed batch: the games to rate, and the failures.
#[derive(Clone, Debug, Default)]
pub struct Collected {
    /// The rating view of every game read, in input order.
    pub games: Vec<GameInput>,
    /// The inputs and games that failed, in input order.
    pub failures: Vec<Failure>,
}

impl Collected {
    /// Keeps one analysed game: its rating view, or else its failure.
    pub fn add(&mut self, report: &GameReport, rating: Option<GameInput>) {
        match rating {
            Some(g) => self.games.push(g),
            None => self.failures.extend(Failure::of(report)),
        }
    }
}

/// How the inputs were read, as the rate command accounts for them.
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// SGF inputs (files and archive entries), read or failed whole.
    pub inputs: u64,
    /// Games found in the inputs read, failed ones included.
    pub games: u64,
    /// Other inputs the walk skipped, by reason (not SGF, nested too deep…).
    pub skipped: BTreeMap<String, u64>,
    /// Inputs and games that failed, in input order.
    pub failures: Vec<Failure>,
    /// Wall-clock time of the reading.
    pub elapsed: Duration,
    /// Results files (`.tou`, `.h9`) read beside the SGF inputs; `None` when none was given.
    pub results: Option<ResultsReading>,
}

/// Results files (`.tou`, `.h9`) read beside the SGF inputs: every file and game accounted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ResultsReading {
    /// Results files given.
    pub files: u64,
    /// Files that could not be read at all: `(file, why)`.
    pub failed_whole: Vec<(String, String)>,
    /// Games in the files read (every pair of cells, ratable or not).
    pub games: u64,
    /// One line per unratable game, `file: round R: A (row a) - B (row b): why`.
    pub unratable_games: Vec<String>,
    /// Every line that could not be read (the rest of its file was): `(file, "line N: why")`.
    pub line_errors: Vec<(String, String)>,
}

impl ResultsReading {
    /// The summary's lines for the results files.
    fn summary(&self, listed: bool) -> String {
        let failed = self.failed_whole.len() as u64;
        let mut out = format!(
            "echelle: {} results files (.tou, .h9): {} read + {failed} failed whole; \
             {} games in them ({} unratable); {} lines unreadable\n",
            self.files,
            self.files.saturating_sub(failed),
            self.games,
            self.unratable_games.len(),
            self.line_errors.len()
        );
        for (file, why) in &self.failed_whole {
            let _ = writeln!(out, "  {file}: failed whole: {why}");
        }
        let errors = self.line_errors.iter().map(|(f, e)| format!("{f}: {e}"));
        let notes = errors.chain(self.unratable_games.iter().cloned());
        for note in notes.clone().take(NAMED_FAILURES * 2) {
            let _ = writeln!(out, "  {note}");
        }
        let more = notes.count().saturating_sub(NAMED_FAILURES * 2);
        if more > 0 {
            let whither = if listed {
                "all are in the --skipped file"
            } else {
                "--skipped FILE lists them all"
            };
            let _ = writeln!(out, "  … and {more} more ({whither})");
        }
        out
    }
}

impl Reading {
    /// The reading of a batch: its counts, and the failures kept from its reports.
    pub fn new(summary: &Summary, failures: Vec<Failure>) -> Reading {
        Reading {
            inputs: summary.files,
            games: summary.games,
            skipped: summary.skipped.clone(),
            failures,
            elapsed: summary.elapsed,
            results: None,
        }
    }

    /// Inputs that failed whole.
    pub fn failed_whole(&self) -> u64 {
        self.failures.iter().filter(|f| f.game.is_none()).count() as u64
    }

    /// Games that failed in inputs otherwise read.
    pub fn games_failed(&self) -> u64 {
        self.failures.iter().filter(|f| f.game.is_some()).count() as u64
    }

    /// The summary for standard error: one line whose counts sum, the other inputs skipped
    /// by reason, then the first failures of each kind by name.
    pub fn summary(&self, listed: bool) -> String {
        let failed_whole = self.failed_whole();
        let games_failed = self.games_failed();
        let skipped: u64 = self.skipped.values().sum();
        let mut out = format!(
            "echelle: {} SGF inputs: {} read + {failed_whole} failed whole; \
             {} games in them: {} read + {games_failed} failed; \
             {skipped} other {} skipped ({:.2}s)\n",
            self.inputs,
            self.inputs.saturating_sub(failed_whole),
            self.games,
            self.games.saturating_sub(games_failed),
            if skipped == 1 { "file" } else { "files" },
            self.elapsed.as_secs_f64()
        );
        for (reason, n) in &self.skipped {
            let _ = writeln!(out, "  skipped {n}: {reason}");
        }
        let mut unnamed = 0;
        for whole in [true, false] {
            let of_kind = self.failures.iter().filter(|f| f.game.is_none() == whole);
            for (i, f) in of_kind.enumerate() {
                if i < NAMED_FAILURES {
                    let _ = writeln!(out, "  {}: {}", f.source(), f.reason());
                } else {
                    unnamed += 1;
                }
            }
        }
        if unnamed > 0 {
            let whither = if listed {
                "all are in the --skipped file"
            } else {
                "--skipped FILE lists them all"
            };
            let _ = writeln!(out, "  … and {unnamed} more failures ({whither})");
        }
        if let Some(r) = &self.results {
            out.push_str(&r.summary(listed));
        }
        out
    }

    /// Every failure, one line each, as the skipped games are listed: source, date, players,
    /// reason (date and players are unknown).
    pub fn failures_list(&self) -> String {
        let mut out = String::new();
        for f in &self.failures {
            let _ = writeln!(out, "{}\t-\t? - ?\t{}", f.source(), f.reason());
        }
        if let Some(r) = &self.results {
            for (file, why) in &r.failed_whole {
                let _ = writeln!(out, "{file}\t-\t? - ?\tfailed whole: {why}");
            }
            for (file, why) in &r.line_errors {
                let _ = writeln!(out, "{file}\t-\t? - ?\t{why}");
            }
        }
        out
    }

    /// The reading as JSON: the counts and every failure.
    pub fn to_json(&self) -> Value {
        let mut v = json!({
            "inputs": self.inputs,
            "inputs_read": self.inputs.saturating_sub(self.failed_whole()),
            "inputs_failed_whole": self.failed_whole(),
            "games": self.games,
            "games_read": self.games.saturating_sub(self.games_failed()),
            "games_failed": self.games_failed(),
            "other_files_skipped": self.skipped,
            "failures": self.failures,
        });
        // Present only when results files were given, so that other outputs stay as they were.
        if let (Some(r), Some(map)) = (&self.results, v.as_object_mut()) {
            map.insert("results_files".into(), json!(r));
        }
        v
    }
}

/// Games not rated for one reason: the reason (the first met, for reasons with an argument)
/// and how many.
pub type ReasonCount = (SkipReason, usize);

/// Where the games read went for one engine; the lines sum:
/// `read − Σ skipped = stream`, `stream − Σ not_rated = rated`.
#[derive(Clone, Debug)]
pub struct Ledger {
    /// The engine.
    pub engine: EngineKind,
    /// Games that failed to read (before `read`; not part of it).
    pub failed: u64,
    /// Games read and handed to rating.
    pub read: usize,
    /// Games skipped before any engine, by reason.
    pub skipped: Vec<ReasonCount>,
    /// Games in the rating stream, common to every engine.
    pub stream: usize,
    /// Games of the stream this engine did not rate, by reason.
    pub not_rated: Vec<ReasonCount>,
    /// Games this engine rated.
    pub rated: usize,
}

/// Counts reasons by category, ordered as the reasons are (undated first, engine rules last).
fn count_reasons<'a>(reasons: impl Iterator<Item = &'a SkipReason>) -> Vec<ReasonCount> {
    let mut by_category: BTreeMap<&str, ReasonCount> = BTreeMap::new();
    for r in reasons {
        by_category
            .entry(r.category())
            .or_insert_with(|| (r.clone(), 0))
            .1 += 1;
    }
    let mut counts: Vec<ReasonCount> = by_category.into_values().collect();
    counts.sort();
    counts
}

/// The board sizes an engine rates, found by asking it (so that the label follows its rule).
fn rated_sizes(kind: EngineKind) -> Vec<u8> {
    let engine = make_engine(
        kind,
        &Starts::plain(vec![0.0, 0.0]),
        &EngineParams::default(),
        Rounding::Trunc,
    );
    (1..=52)
        .filter(|&size| {
            engine.supports(&Event {
                idx: 0,
                date: None,
                day: 0,
                black: 0,
                white: 1,
                handicap: 0,
                komi: None,
                size,
                black_won: true,
                source: String::new(),
            })
        })
        .collect()
}

/// A reason as a ledger line says it (without the argument of a duplicate).
fn reason_label(reason: &SkipReason, engine: EngineKind) -> String {
    match reason {
        SkipReason::Duplicate(_) => "duplicate (the same game filed twice)".into(),
        SkipReason::UnsupportedBoard => {
            let sizes: Vec<String> = rated_sizes(engine)
                .iter()
                .map(|s| format!("{s}x{s}"))
                .collect();
            match sizes.split_last() {
                Some((last, [])) => format!("not {last}"),
                Some((last, rest)) => format!("not {} or {last}", rest.join(", ")),
                None => reason.label(),
            }
        }
        other => other.label(),
    }
}

/// A reason as a JSON key: its category in kebab case (`no-winner`, `not-counted`).
fn reason_key(reason: &SkipReason) -> String {
    reason.category().replace(' ', "-")
}

impl Ledger {
    /// The ledger as aligned lines, each indented by `indent`: a count, then what it is.
    pub fn text(&self, indent: &str) -> String {
        let mut lines: Vec<(&str, usize, String)> = Vec::new();
        if self.failed > 0 {
            let found = self.read + self.failed as usize;
            lines.push((" ", found, "games found".into()));
            lines.push(("-", self.failed as usize, "failed to read".into()));
            lines.push(("=", self.read, "games read".into()));
        } else {
            lines.push((" ", self.read, "games read".into()));
        }
        if self.skipped.is_empty() {
            lines.push(("-", 0, "skipped before any engine".into()));
        }
        for (reason, n) in &self.skipped {
            lines.push(("-", *n, reason_label(reason, self.engine)));
        }
        lines.push(("=", self.stream, "in the rating stream".into()));
        if self.not_rated.is_empty() {
            lines.push(("-", 0, format!("not rated by {}", self.engine)));
        }
        for (reason, n) in &self.not_rated {
            lines.push(("-", *n, reason_label(reason, self.engine)));
        }
        lines.push(("=", self.rated, format!("rated by {}", self.engine)));
        let w = lines
            .iter()
            .map(|l| l.1.to_string().len())
            .max()
            .unwrap_or(1);
        let mut out = String::new();
        for (sign, n, what) in lines {
            let _ = writeln!(out, "{indent}{sign} {n:>w$}  {what}");
        }
        out
    }

    /// The ledger as JSON: every count, reasons keyed by name.
    pub fn to_json(&self) -> Value {
        let counts = |v: &[ReasonCount]| {
            let mut m = Map::new();
            for (reason, n) in v {
                m.insert(reason_key(reason), json!(n));
            }
            Value::Object(m)
        };
        json!({
            "games_failed": self.failed,
            "games_read": self.read,
            "skipped_before_rating": counts(&self.skipped),
            "stream": self.stream,
            "not_rated": counts(&self.not_rated),
            "rated": self.rated,
        })
    }
}

impl RateReport {
    /// One ledger per engine, in the order the engines were asked.
    pub fn ledgers(&self, reading: &Reading) -> Vec<Ledger> {
        let before = self.skipped.iter().filter(|s| s.engine.is_none());
        let skipped = count_reasons(before.map(|s| &s.reason));
        let skipped_n: usize = skipped.iter().map(|c| c.1).sum();
        self.engines
            .iter()
            .map(|er| {
                let refused = self.skipped.iter().filter(|s| s.engine == Some(er.engine));
                Ledger {
                    engine: er.engine,
                    failed: reading.games_failed(),
                    read: self.events.len() + skipped_n,
                    skipped: skipped.clone(),
                    stream: self.events.len(),
                    not_rated: count_reasons(refused.map(|s| &s.reason)),
                    rated: er.rated,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::events::tests::game;
    use super::super::{RateOptions, rate};
    use super::*;
    use crate::output::ErrorKind;
    use crate::record::Winner;

    /// Six games: one undated, one without a winner, one on 9x9, three rated.
    fn report() -> RateReport {
        let mut games: Vec<GameInput> = (0..6u32)
            .map(|i| {
                let date = format!("2000-01-0{}", i + 1);
                game("a.sgf", i, Some(&date), "A", "B", Winner::Black)
            })
            .collect();
        games[0].date = None;
        games[1].winner = Winner::Void;
        (games[2].width, games[2].height) = (9, 9);
        let opts = RateOptions {
            engines: vec![EngineKind::Ffg1984, EngineKind::Ffg2003],
            ..RateOptions::default()
        };
        rate(&games, &opts).unwrap_or_else(|e| panic!("{e}"))
    }

    fn failure(file: &str, game: Option<u32>) -> Failure {
        Failure {
            file: file.into(),
            game,
            errors: vec![ErrorEntry {
                kind: ErrorKind::Record(crate::record::RecordErrorKind::Parse),
                message: "no game\there".into(),
            }],
        }
    }

    #[test]
    fn every_ledger_sums() {
        let r = report();
        let reading = Reading {
            failures: vec![failure("b.sgf", Some(1))],
            ..Reading::default()
        };
        let ledgers = r.ledgers(&reading);
        assert_eq!(ledgers.len(), 2);
        for l in &ledgers {
            let skipped: usize = l.skipped.iter().map(|c| c.1).sum();
            let refused: usize = l.not_rated.iter().map(|c| c.1).sum();
            assert_eq!(l.read, 6);
            assert_eq!(l.read - skipped, l.stream);
            assert_eq!(l.stream - refused, l.rated);
            assert_eq!(l.failed, 1);
        }
        let [ffg1984, ffg2003] = [&ledgers[0], &ledgers[1]];
        assert_eq!(
            ffg1984.skipped,
            vec![(SkipReason::Undated, 1), (SkipReason::NoWinner, 1)]
        );
        assert_eq!(ffg1984.not_rated, vec![(SkipReason::UnsupportedBoard, 1)]);
        assert_eq!(ffg1984.rated, 3);
        // The 2003 rule rates 9x9 games.
        assert!(ffg2003.not_rated.is_empty());
        assert_eq!(ffg2003.rated, 4);
        let text = ffg1984.text("");
        assert!(text.starts_with("  7  games found\n- 1  failed to read\n= 6  games read\n"));
        assert!(
            text.contains("- 1  not 19x19\n= 3  rated by ffg1984\n"),
            "{text}"
        );
        assert!(ffg2003.text("").contains("- 0  not rated by ffg2003\n"));
        let json = ffg1984.to_json();
        assert_eq!(json["not_rated"]["unsupported-board-size"], 1);
        assert_eq!(json["skipped_before_rating"]["no-winner"], 1);
        assert_eq!(json["rated"], 3);
    }

    #[test]
    fn board_labels_follow_each_engine_rule() {
        let label = |k| reason_label(&SkipReason::UnsupportedBoard, k);
        assert_eq!(label(EngineKind::Ffg1984), "not 19x19");
        assert_eq!(label(EngineKind::Ffg2003), "not 9x9, 13x13 or 19x19");
    }

    #[test]
    fn failures_are_collected_named_and_listed() {
        let mut c = Collected::default();
        c.add(&GameReport::bare("ok.sgf", Some(0), Status::Ok), None);
        let mut bad = GameReport::bare("junk.sgf", None, Status::Error);
        bad.errors.push(ErrorEntry {
            kind: ErrorKind::Record(crate::record::RecordErrorKind::TooDeep),
            message: "over 100000 nodes".into(),
        });
        c.add(&bad, None);
        assert_eq!(c.failures.len(), 1, "an ok report is no failure");
        let mut failures = c.failures;
        failures.extend((0..7).map(|i| failure("coll.sgf", Some(i))));
        let summary = Summary {
            files: 3,
            games: 9,
            ..Summary::default()
        };
        let reading = Reading::new(&summary, failures);
        let text = reading.summary(false);
        assert!(
            text.starts_with(
                "echelle: 3 SGF inputs: 2 read + 1 failed whole; \
                 9 games in them: 2 read + 7 failed; 0 other files skipped"
            ),
            "{text}"
        );
        assert!(text.contains("  junk.sgf: failed whole (too-deep): over 100000 nodes\n"));
        assert!(text.contains("  coll.sgf#4: failed (parse): no game here\n"));
        assert!(!text.contains("coll.sgf#5"), "{text}");
        assert!(text.contains("… and 2 more failures (--skipped FILE lists them all)"));
        let list = reading.failures_list();
        assert_eq!(list.lines().count(), 8);
        assert!(list.contains("coll.sgf#6\t-\t? - ?\tfailed (parse): no game here\n"));
        assert_eq!(reading.to_json()["inputs_failed_whole"], 1);
    }
}
