//! Records as `analyze` writes them (JSON lines), read back as rating inputs: so that a batch
//! analysed in parts (on other machines, by the Python binding's Dask helpers) is rated once,
//! from the records its parts wrote.
//!
//! A record holds everything rating reads of a game but one thing: the fingerprint of its
//! moves. Games read back have none, as games from results files have none, so duplicates
//! among them are found by date, players, handicap, komi, result and round, in different files
//! only (see [`super::events::duplicate_key`]).

use super::account::{Collected, Failure};
use super::events::{CountCheck, GameInput, Origin};
use crate::life::Confidence;
use crate::output::{ErrorEntry, ErrorKind, Summary, label};
use crate::record::{RecordErrorKind, ResultKind, Winner};
use crate::scoring::Verdict;
use serde::Serialize;
use serde_json::Value;

/// A line that is not a record of `echelle analyze`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotARecord {
    /// Its position among the records given, from 1.
    pub line: usize,
}

impl std::fmt::Display for NotARecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "record {} is not a record of echelle analyze", self.line)
    }
}

impl std::error::Error for NotARecord {}

/// The value of `all` whose serialised name is `name`.
fn named<T: Serialize + Copy>(all: &[T], name: Option<&str>) -> Option<T> {
    let name = name?;
    all.iter().copied().find(|v| label(v) == name)
}

const WINNERS: [Winner; 5] = [
    Winner::Black,
    Winner::White,
    Winner::Draw,
    Winner::Void,
    Winner::Unknown,
];
const KINDS: [ResultKind; 5] = [
    ResultKind::Score,
    ResultKind::Resign,
    ResultKind::Time,
    ResultKind::Forfeit,
    ResultKind::Other,
];
const VERDICTS: [Verdict; 6] = [
    Verdict::Match,
    Verdict::MarginDiffers,
    Verdict::WinnerDiffers,
    Verdict::Uncertain,
    Verdict::NotComparable,
    Verdict::NoResult,
];
const CONFIDENCES: [Confidence; 3] = [
    Confidence::Markup,
    Confidence::Certain,
    Confidence::Estimated,
];
const ERROR_KINDS: [ErrorKind; 8] = [
    ErrorKind::Read,
    ErrorKind::Record(RecordErrorKind::Parse),
    ErrorKind::Record(RecordErrorKind::NoGame),
    ErrorKind::Record(RecordErrorKind::TooDeep),
    ErrorKind::Record(RecordErrorKind::TooLarge),
    ErrorKind::Record(RecordErrorKind::NotGo),
    ErrorKind::Record(RecordErrorKind::InvalidSize),
    ErrorKind::Internal,
];

/// A string field, `None` when absent or null.
fn text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

/// The rating view of a game's record, as `analyze` built it beside the report (but for the
/// fingerprint); `None` when the record is not a game's (a failure, or not a record).
pub fn game_of_record(v: &Value) -> Option<GameInput> {
    if v["status"].as_str()? == "error" {
        return None;
    }
    let file = v["file"].as_str()?;
    let game = u32::try_from(v["game"].as_u64()?).ok()?;
    let winner = &v["winner"];
    let score = &v["score"];
    // The count stands beside the signed result when it settled the winner (analyze_game).
    let count = match (
        winner["source"].as_str(),
        score.is_object(),
        named(&VERDICTS, v["verdict"].as_str()),
    ) {
        (Some("count"), true, Some(verdict)) => Some(CountCheck {
            winner: named(&WINNERS, winner["color"].as_str())?,
            margin: winner["margin"].as_f64().unwrap_or(0.0),
            verdict,
            confidence: named(&CONFIDENCES, score["dead_stones"]["confidence"].as_str())?,
            unsure: score["dead_stones"]["unsure"]
                .as_array()
                .is_some_and(|u| !u.is_empty()),
        }),
        _ => None,
    };
    let dimension = |k: &str| u8::try_from(v["size"][k].as_u64()?).ok();
    Some(GameInput {
        file: file.to_string(),
        game,
        fingerprint: None,
        date: text(&v["date"]["first"]),
        event: text(&v["event"]),
        round: text(&v["round"]),
        black: text(&v["black"]["name"]),
        white: text(&v["white"]["name"]),
        black_rank: text(&v["black"]["rank"]),
        white_rank: text(&v["white"]["rank"]),
        black_licence: None,
        white_licence: None,
        handicap: u32::try_from(v["handicap"]["stones"].as_u64().unwrap_or(0)).ok()?,
        komi: v["komi"]["value"].as_f64(),
        width: dimension("width")?,
        height: dimension("height")?,
        winner: named(&WINNERS, v["result"]["winner"].as_str())?,
        kind: named(&KINDS, v["result"]["kind"].as_str()),
        count,
        origin: Origin::Record,
    })
}

/// The failure a failed record tells of; `None` unless its status is `error`.
fn failure_of_record(v: &Value) -> Option<Failure> {
    if v["status"].as_str()? != "error" {
        return None;
    }
    let errors = v["errors"]
        .as_array()?
        .iter()
        .map(|e| {
            Some(ErrorEntry {
                kind: named(&ERROR_KINDS, e["kind"].as_str())?,
                message: e["message"].as_str()?.to_string(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Failure {
        file: v["file"].as_str()?.to_string(),
        game: match &v["game"] {
            Value::Null => None,
            g => Some(u32::try_from(g.as_u64()?).ok()?),
        },
        errors,
    })
}

/// Adds records (JSON lines of `analyze`, in input order) to what `rate` keeps: each game's
/// rating view or its failure in `kept`, and the counts of the reading in `summary` (inputs
/// and games, as the batch counts them). Errs on the first line that is not a record.
pub fn add_records(
    lines: &[String],
    kept: &mut Collected,
    summary: &mut Summary,
) -> Result<(), NotARecord> {
    let mut last: Option<(String, Option<u64>)> = None;
    for (i, line) in lines.iter().enumerate() {
        let bad = NotARecord { line: i + 1 };
        let v: Value = serde_json::from_str(line).map_err(|_| bad.clone())?;
        if !summary.add_written(&v) {
            return Err(bad);
        }
        let file = v["file"].as_str().unwrap_or_default();
        let game = v["game"].as_u64();
        // An input's records have games 0, 1, 2…; a file that failed whole has one record
        // with no game (as an output is read back to be resumed).
        let same_input = last
            .as_ref()
            .is_some_and(|(f, g)| f == file && matches!((g, game), (Some(a), Some(b)) if b > *a));
        if !same_input {
            summary.files += 1;
        }
        last = Some((file.to_string(), game));
        match (game_of_record(&v), failure_of_record(&v)) {
            (Some(g), _) => kept.games.push(g),
            (None, Some(f)) => kept.failures.push(f),
            (None, None) => return Err(bad),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{BatchOptions, analyze_bytes};

    const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7]PB[Ann]BR[3k]PW[Bob]WR[2d]DT[2025-03-01]EV[Club]RO[2]\
        RE[W+R];B[ee];W[cc];B[gg])";

    #[test]
    fn a_record_read_back_gives_the_rating_view_analyze_built_but_its_fingerprint() {
        let mut opts = BatchOptions::default();
        opts.analyze.rating_inputs = true;
        for sgf in [GAME, "(;GM[1]SZ[9]KM[6.5]RE[B+2.5];B[ee];W[cc];B[];W[])"] {
            let done = analyze_bytes("a.sgf", sgf.as_bytes().to_vec(), &opts);
            let a = &done[0];
            let v: Value = serde_json::from_str(&a.report.to_json_line()).unwrap_or_default();
            let mut expected = a.rating.clone();
            if let Some(g) = expected.as_mut() {
                g.fingerprint = None;
            }
            assert!(expected.is_some());
            assert_eq!(game_of_record(&v), expected);
        }
    }

    #[test]
    fn failures_and_inputs_are_counted_as_the_batch_counts_them() {
        let opts = BatchOptions::default();
        let mut lines: Vec<String> = Vec::new();
        for (name, sgf) in [
            ("a.sgf", GAME),
            ("b.sgf", "not sgf at all"),
            ("c.sgf", GAME),
        ] {
            for a in analyze_bytes(name, sgf.as_bytes().to_vec(), &opts) {
                lines.push(a.report.to_json_line());
            }
        }
        let (mut kept, mut summary) = (Collected::default(), Summary::default());
        assert_eq!(add_records(&lines, &mut kept, &mut summary), Ok(()));
        assert_eq!(kept.games.len(), 2);
        assert_eq!(kept.failures.len(), 1);
        assert_eq!(kept.failures[0].file, "b.sgf");
        assert_eq!(summary.files, 3);
        assert_eq!(summary.games, 2);
        let bad = vec![lines[0].clone(), "{\"x\":1}".to_string()];
        assert_eq!(
            add_records(&bad, &mut kept, &mut summary),
            Err(NotARecord { line: 2 })
        );
    }
}
