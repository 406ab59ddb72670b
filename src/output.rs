//! Reports: the per-game JSON record, JSON Lines writing, and the batch summary.

use crate::decode::EncodingInfo;
use crate::handicap::Handicap;
use crate::input::InputError;
use crate::record::{GameFacts, RecordError, RecordErrorKind, RecordedResult};
use crate::replay::Violation;
use crate::scoring::{Score, Verdict, WinnerReport};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

/// How a game (or file) fared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Parsed cleanly.
    Ok,
    /// Parsed after a repair (listed in `warnings`).
    Repaired,
    /// Could not be read, decoded or parsed; see `errors`.
    Error,
}

/// Every kind of error a report can carry; serialised as its name (`read`, a record's kind
/// such as `parse` or `too-deep`, or `internal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input could not be read: I/O, a size limit, a corrupt archive (`read`).
    Read,
    /// The bytes were read but hold no readable game (see [`RecordErrorKind`]).
    Record(RecordErrorKind),
    /// The report itself could not be serialised (`internal`).
    Internal,
}

impl ErrorKind {
    /// The name it is serialised as.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Read => "read",
            ErrorKind::Record(kind) => kind.as_str(),
            ErrorKind::Internal => "internal",
        }
    }
}

impl Serialize for ErrorKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl From<RecordErrorKind> for ErrorKind {
    fn from(kind: RecordErrorKind) -> Self {
        ErrorKind::Record(kind)
    }
}

/// A specific error attached to a file or game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorEntry {
    /// Machine-readable reason.
    pub kind: ErrorKind,
    /// What went wrong, for a person.
    pub message: String,
}

impl From<InputError> for ErrorEntry {
    fn from(e: InputError) -> Self {
        ErrorEntry {
            kind: ErrorKind::Read,
            message: e.to_string(),
        }
    }
}

impl From<RecordError> for ErrorEntry {
    fn from(e: RecordError) -> Self {
        ErrorEntry {
            kind: e.kind.into(),
            message: e.message,
        }
    }
}

/// Stones captured by each colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Captures {
    /// Stones captured by Black.
    pub black: u32,
    /// Stones captured by White.
    pub white: u32,
}

/// One line of `echelle analyze` output: everything known about one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    /// Input name (`dir/a.sgf`, `archive.zip!inner/b.sgf`, `-`).
    pub file: String,
    /// Index of the game in its file, from 0; `null` for a file-level error.
    pub game: Option<u32>,
    /// Outcome.
    pub status: Status,
    /// Errors (empty unless `status` is `error`).
    pub errors: Vec<ErrorEntry>,
    /// Repairs and oddities.
    pub warnings: Vec<String>,
    /// How the bytes were decoded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<EncodingInfo>,
    /// Size, players, date, event, round, place, rules and komi, as the record gives them.
    #[serde(flatten)]
    pub facts: Option<GameFacts>,
    /// Handicap, inferred and declared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handicap: Option<Handicap>,
    /// Number of moves, passes included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Number of passes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passes: Option<u32>,
    /// True when the record ends with two consecutive passes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_by_passes: Option<bool>,
    /// Stones captured by each colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captures: Option<Captures>,
    /// Rule violations met while replaying the main line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub violations: Option<Vec<Violation>>,
    /// Moves whose legality depends on the ko rule chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ko_rule_dependent: Option<Vec<u32>>,
    /// The recorded result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordedResult>,
    /// The counts of the final position (finished games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    /// The winner echelle settles on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<WinnerReport>,
    /// The computed result against `RE`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

impl GameReport {
    /// A report with only the identity and status filled in.
    pub fn bare(file: &str, game: Option<u32>, status: Status) -> GameReport {
        GameReport {
            file: file.to_string(),
            game,
            status,
            errors: Vec::new(),
            warnings: Vec::new(),
            encoding: None,
            facts: None,
            handicap: None,
            moves: None,
            passes: None,
            ended_by_passes: None,
            captures: None,
            violations: None,
            ko_rule_dependent: None,
            result: None,
            score: None,
            winner: None,
            verdict: None,
        }
    }

    /// An error report for a whole file or one game.
    pub fn error(file: &str, game: Option<u32>, error: impl Into<ErrorEntry>) -> GameReport {
        let mut r = GameReport::bare(file, game, Status::Error);
        r.errors.push(error.into());
        r
    }

    /// The report as one JSON line (no trailing newline).
    pub fn to_json_line(&self) -> String {
        // Serialising plain data with string keys cannot fail; keep a valid line regardless.
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(
                "{{\"file\":{},\"status\":\"error\",\"errors\":[{{\"kind\":\"{}\",\"message\":{}}}]}}",
                serde_json::Value::String(self.file.clone()),
                label(&ErrorKind::Internal),
                serde_json::Value::String(e.to_string())
            )
        })
    }
}

/// Counts gathered over a batch, printed to stderr at the end.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// SGF inputs seen (files and archive entries).
    pub files: u64,
    /// Inputs skipped (not SGF), by reason.
    pub skipped: BTreeMap<String, u64>,
    /// The first few names skipped for each reason, to show in the summary.
    pub skipped_examples: BTreeMap<String, Vec<String>>,
    /// Files that failed as a whole (unreadable, unparsable).
    pub file_errors: u64,
    /// Games found.
    pub games: u64,
    /// Games parsed cleanly.
    pub ok: u64,
    /// Games parsed after a repair.
    pub repaired: u64,
    /// Errors by kind (files and games).
    pub errors: BTreeMap<String, u64>,
    /// Games with at least one rule violation.
    pub with_violations: u64,
    /// Violations by kind.
    pub violations: BTreeMap<String, u64>,
    /// Games by verdict against `RE`, and by the confidence of their dead stones when counted.
    pub verdicts: BTreeMap<String, u64>,
    /// With `--oracle`: the flagged positions sent to the engine, and how many of them it
    /// failed to answer (the estimate stood); `None` without an oracle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oracle: Option<OracleCounts>,
    /// With `--dead-stones gtp:`: positions the engine gave no answer for (every stone kept,
    /// the count not compared with `RE`).
    #[serde(skip_serializing_if = "is_zero")]
    pub engine_failed: u64,
    /// Records written to the output (after `--only` filtering).
    pub written: u64,
    /// The batch was stopped (a signal) before its end: the counts cover what was done.
    pub interrupted: bool,
    /// For a resumed batch: the records its output held already, counted from their lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed: Option<Resumed>,
    /// Wall-clock time of the batch.
    #[serde(skip)]
    pub elapsed: Duration,
}

/// How the dead-stone oracle (`--oracle gtp:COMMAND`) was used in a batch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OracleCounts {
    /// Positions the estimate flagged (seki, uncertain group) and sent to the engine.
    pub sent: u64,
    /// Of those, positions the engine did not answer: the estimate's dead stones stand.
    pub failed: u64,
}

/// What a resumed batch found written by the run it continues.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Resumed {
    /// Records already in the output (all counted in the summary, from their lines).
    pub records: u64,
    /// Games among them (the rest are files that failed whole).
    pub games: u64,
    /// Whether the output filter may have left records out before them: those were not
    /// analysed again, so the summary does not count them.
    pub filtered: bool,
}

/// What the summary counts of one record, by the names it is written with: the same whether
/// it comes from a report or from a line an earlier run wrote (a resumed batch).
struct Counted {
    /// `false` for a file that failed whole (`game` is null).
    game: bool,
    status: Status,
    /// Error kinds.
    errors: Vec<String>,
    /// The row of the verdict table, when there is a verdict.
    verdict: Option<String>,
    /// Violation kinds, when the main line was replayed.
    violations: Option<Vec<String>>,
    /// Sent to the oracle, and whether it failed.
    oracle: Option<bool>,
    /// The `--dead-stones gtp:` engine gave no answer.
    engine_failed: bool,
}

/// For serde: a zero count is left out.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Whether a record's position went to the oracle (`Some`), and whether the engine failed
/// (`Some(true)`), from its dead stones' source and error.
fn oracle_of(source: Option<&str>, error: bool) -> Option<bool> {
    match (source, error) {
        (_, true) => Some(true),
        (Some(s), false) if s == label(&crate::life::DeadSource::EstimateOracle) => Some(false),
        _ => None,
    }
}

/// The verdict table's row: the verdict, then where the dead stones came from. A count
/// resting on a group near a coin toss is told apart: the rows a director should read with
/// most care.
fn verdict_row(verdict: &str, confidence: Option<&str>, unsure: bool) -> String {
    let conf = match (confidence, unsure) {
        (Some(c), true) => format!("{c}, unsure"),
        (Some(c), false) => c.to_string(),
        (None, _) => "-".to_string(),
    };
    format!("{verdict:<16} {conf}")
}

impl Counted {
    fn of(r: &GameReport) -> Counted {
        let dead = r.score.as_ref().map(|s| &s.dead_stones);
        Counted {
            game: r.game.is_some(),
            status: r.status,
            errors: r.errors.iter().map(|e| e.kind.name().to_string()).collect(),
            verdict: r.verdict.map(|v| {
                let confidence = dead.map(|d| label(&d.confidence));
                verdict_row(
                    &label(&v),
                    confidence.as_deref(),
                    dead.is_some_and(|d| !d.unsure.is_empty()),
                )
            }),
            violations: r
                .violations
                .as_ref()
                .map(|v| v.iter().map(|x| label(&x.kind)).collect()),
            oracle: dead
                .and_then(|d| oracle_of(Some(label(&d.source).as_str()), d.oracle_error.is_some())),
            engine_failed: dead.is_some_and(|d| d.engine_error.is_some()),
        }
    }

    /// Reads back a record as [`GameReport::to_json_line`] wrote it; `None` when it is not one.
    fn of_json(v: &serde_json::Value) -> Option<Counted> {
        let kinds = |list: &serde_json::Value| -> Option<Vec<String>> {
            list.as_array()?
                .iter()
                .map(|x| x["kind"].as_str().map(str::to_string))
                .collect()
        };
        v["file"].as_str()?;
        let game = v.get("game").filter(|g| g.is_null() || g.is_u64())?;
        let status = [Status::Ok, Status::Repaired, Status::Error]
            .into_iter()
            .find(|s| v["status"].as_str() == Some(label(s).as_str()))?;
        let dead = &v["score"]["dead_stones"];
        Some(Counted {
            game: !game.is_null(),
            status,
            errors: kinds(&v["errors"])?,
            verdict: v["verdict"].as_str().map(|verdict| {
                let unsure = dead["unsure"].as_array().is_some_and(|u| !u.is_empty());
                verdict_row(verdict, dead["confidence"].as_str(), unsure)
            }),
            violations: match v.get("violations") {
                Some(list) => Some(kinds(list)?),
                None => None,
            },
            oracle: oracle_of(dead["source"].as_str(), dead.get("oracle_error").is_some()),
            engine_failed: dead.get("engine_error").is_some(),
        })
    }
}

/// The serialised (kebab-case) name of a plain enum value.
pub(crate) fn label<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// How many skipped names the summary shows for each reason.
const SKIPPED_EXAMPLES: usize = 5;

impl Summary {
    /// Counts one skipped input in.
    pub fn skip(&mut self, name: String, reason: String) {
        let examples = self.skipped_examples.entry(reason.clone()).or_default();
        if examples.len() < SKIPPED_EXAMPLES {
            examples.push(name);
        }
        *self.skipped.entry(reason).or_default() += 1;
    }

    /// Counts one report in.
    pub fn add(&mut self, r: &GameReport) {
        self.count(Counted::of(r));
    }

    /// Counts in a record an earlier run wrote, read back from its JSON line; `false` (and
    /// nothing counted) when the value is not such a record.
    pub(crate) fn add_written(&mut self, record: &serde_json::Value) -> bool {
        Counted::of_json(record).map(|c| self.count(c)).is_some()
    }

    fn count(&mut self, c: Counted) {
        if c.game {
            self.games += 1;
        } else {
            self.file_errors += 1;
        }
        match c.status {
            Status::Ok => self.ok += 1,
            Status::Repaired => self.repaired += 1,
            Status::Error => {}
        }
        for kind in c.errors {
            *self.errors.entry(kind).or_default() += 1;
        }
        if let Some(row) = c.verdict {
            *self.verdicts.entry(row).or_default() += 1;
        }
        if let Some(failed) = c.oracle {
            let o = self.oracle.get_or_insert_with(OracleCounts::default);
            o.sent += 1;
            o.failed += u64::from(failed);
        }
        self.engine_failed += u64::from(c.engine_failed);
        if let Some(v) = c.violations {
            if !v.is_empty() {
                self.with_violations += 1;
            }
            for kind in v {
                *self.violations.entry(kind).or_default() += 1;
            }
        }
    }

    /// The summary's first line: inputs, games, time (the games analysed by this run, per
    /// second); it starts with `echelle: interrupted after` when the batch was stopped.
    pub fn headline(&self) -> String {
        let secs = self.elapsed.as_secs_f64();
        let skipped: u64 = self.skipped.values().sum();
        let analysed = self
            .games
            .saturating_sub(self.resumed.as_ref().map_or(0, |r| r.games));
        format!(
            "echelle: {}{} SGF inputs, {} skipped, {} games in {:.2}s ({:.0} games/s)\n",
            if self.interrupted {
                "interrupted after "
            } else {
                ""
            },
            self.files,
            skipped,
            self.games,
            secs,
            if secs > 0.0 {
                analysed as f64 / secs
            } else {
                0.0
            }
        )
    }

    /// The human-readable summary.
    pub fn render(&self) -> String {
        let mut s = self.headline();
        if let Some(r) = &self.resumed {
            let _ = writeln!(
                s,
                "  resumed: {} records were already in the output (counted from it, not analysed again{})",
                r.records,
                if r.filtered {
                    "; games the filter left out before them are not counted"
                } else {
                    ""
                }
            );
        }
        for (reason, n) in &self.skipped {
            let names = self
                .skipped_examples
                .get(reason)
                .map(|v| v.join(", "))
                .unwrap_or_default();
            let more = if *n as usize > SKIPPED_EXAMPLES {
                ", …"
            } else {
                ""
            };
            let _ = writeln!(s, "  skipped {n:>7}  {reason}: {names}{more}");
        }
        let game_errors = self.games - self.ok - self.repaired;
        let _ = writeln!(
            s,
            "  games: {} ok, {} repaired, {} error; files that failed whole: {}",
            self.ok, self.repaired, game_errors, self.file_errors
        );
        for (kind, n) in &self.errors {
            let _ = writeln!(s, "  error  {n:>7}  {kind}");
        }
        let _ = writeln!(s, "  games with violations: {}", self.with_violations);
        for (kind, n) in &self.violations {
            let _ = writeln!(s, "  violation {n:>7}  {kind}");
        }
        if !self.verdicts.is_empty() {
            let _ = writeln!(
                s,
                "  {:<18} {:<18} {:>7}",
                "verdict vs RE", "dead stones", "games"
            );
            for (k, n) in &self.verdicts {
                let _ = writeln!(s, "    {k:<35} {n:>7}");
            }
        }
        if let Some(o) = &self.oracle {
            let _ = writeln!(
                s,
                "  oracle: {} flagged position{} (seki, uncertain group) sent to the engine, {} failed (estimate kept)",
                o.sent,
                if o.sent == 1 { "" } else { "s" },
                o.failed
            );
        }
        if self.engine_failed > 0 {
            let _ = writeln!(
                s,
                "  dead-stone engine: no answer for {} position{} (every stone kept, not compared with RE)",
                self.engine_failed,
                if self.engine_failed == 1 { "" } else { "s" }
            );
        }
        let _ = writeln!(s, "  records written: {}", self.written);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_kinds_keep_their_names() {
        use RecordErrorKind::*;
        for kind in [Parse, NoGame, TooDeep, TooLarge, NotGo, InvalidSize] {
            assert_eq!(label(&ErrorKind::from(kind)), kind.as_str());
        }
        assert_eq!(label(&ErrorKind::Read), "read");
        assert_eq!(label(&ErrorKind::Internal), "internal");
    }

    #[test]
    fn one_engine_position_is_said_in_the_singular() {
        let one = Summary {
            oracle: Some(OracleCounts { sent: 1, failed: 0 }),
            engine_failed: 1,
            ..Summary::default()
        }
        .render();
        assert!(one.contains("oracle: 1 flagged position (seki"), "{one}");
        assert!(one.contains("no answer for 1 position (every"), "{one}");
        let two = Summary {
            oracle: Some(OracleCounts { sent: 2, failed: 0 }),
            engine_failed: 2,
            ..Summary::default()
        }
        .render();
        assert!(two.contains("oracle: 2 flagged positions (seki"), "{two}");
        assert!(two.contains("no answer for 2 positions (every"), "{two}");
    }
}
