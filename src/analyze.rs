//! The per-game pipeline: a parsed record replayed under the chosen rules, turned into a report.

use crate::board::Point;
use crate::decode::EncodingInfo;
use crate::handicap;
use crate::life::{self, DeadStoneMethod, DeadStones, LARGEST_OPEN_REGION, LifeAndDeath};
use crate::output::{Captures, GameReport, Status};
use crate::rating::{CountCheck, GameInput};
use crate::record::{GameRecord, RecordError};
use crate::record::{ResultKind, Winner};
use crate::replay::Replay;
use crate::rules::Rules;
use crate::scoring::{self, Score, ScoreInput, Verdict, WinnerReport, WinnerSource};
use std::hash::{Hash, Hasher};

/// What the per-game analysis needs to know.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Rules used to replay every game (French by default).
    pub rules: Rules,
    /// Also build the rating view of each game.
    pub rating_inputs: bool,
    /// How dead stones are decided before counting.
    pub dead_stones: DeadStones,
    /// A GTP engine's command line (`--oracle gtp:COMMAND`): asked only about the positions
    /// the estimate flags (a seki, an uncertain group); its dead stones replace the estimate's.
    pub oracle: Option<String>,
    /// How long a GTP engine may take over one position (`None`: [`crate::gtp::DEFAULT_TIMEOUT`]).
    pub engine_timeout: Option<std::time::Duration>,
    /// Seed of the estimate's playouts (`None`: the fixed default): another seed shows which
    /// answers rest on sampling luck.
    pub seed: Option<u64>,
}

/// An oracle asked beside `--dead-stones gtp:`, whose engine already decides every position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OracleBesideEngine;

impl std::fmt::Display for OracleBesideEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("--oracle asks an engine about the estimate's flagged positions; with --dead-stones gtp: the engine decides them all already")
    }
}

impl std::error::Error for OracleBesideEngine {}

/// Checks that `oracle` may be asked beside `dead_stones` (the command line's and the Python
/// binding's one rule): an oracle refines the estimate, so it has no place beside an engine.
pub fn check_oracle(
    dead_stones: &DeadStones,
    oracle: Option<&str>,
) -> Result<(), OracleBesideEngine> {
    match (dead_stones, oracle) {
        (DeadStones::Gtp(_), Some(_)) => Err(OracleBesideEngine),
        _ => Ok(()),
    }
}

/// One analysed game: its report and, when asked for, its rating view.
#[derive(Clone, Debug)]
pub struct Analyzed {
    /// The per-game report.
    pub report: GameReport,
    /// The game as the rating layer sees it.
    pub rating: Option<GameInput>,
}

/// A hash of the main line (setup and moves), to recognise the same game filed twice.
fn fingerprint(record: &GameRecord) -> u64 {
    // DefaultHasher::new() uses fixed keys: the value is the same on every run.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    record.facts.size.width.hash(&mut h);
    record.facts.size.height.hash(&mut h);
    record.steps.hash(&mut h);
    h.finish()
}

/// A finished game scored: life and death and the counts.
pub struct Scored {
    /// Life and death of the final position.
    pub life: LifeAndDeath,
    /// The counts, winner and verdict: the recorded winner, with the reason, and
    /// `not-comparable` when the count must not judge `RE` (the record stopped early, or the
    /// dead-stone engine gave no answer).
    pub score: Score,
}

/// Scores a replayed game when it is finished: it ended by passes, its `RE` is a score, or it
/// carries `TB`/`TW` markup. A resigned game has no true score: `None`.
pub fn score_game(
    record: &GameRecord,
    replay: &Replay,
    handicap: u32,
    opts: &AnalyzeOptions,
) -> Option<Scored> {
    let has_markup = !record.territory_black.is_empty() || !record.territory_white.is_empty();
    let by_score = record.result.kind == Some(ResultKind::Score);
    if !(replay.ended_by_passes || by_score || has_markup) {
        return None;
    }
    let markup = has_markup.then_some((
        record.territory_black.as_slice(),
        record.territory_white.as_slice(),
    ));
    let komi = record.facts.komi.value.unwrap_or(0.0);
    let (ld, engine_error) = match &opts.dead_stones {
        DeadStones::Gtp(cmd) => gtp_life(cmd, opts.engine_timeout, replay, komi),
        DeadStones::Method(m) => (decide(replay, markup, *m, opts.seed), None),
    };
    let (ld, oracle_error) = match &opts.oracle {
        Some(cmd) if ld.flagged() => ask_oracle(cmd, opts.engine_timeout, replay, komi, ld),
        _ => (ld, None),
    };
    // A record that stops early (`W+0.5` after 80 moves, no passes, no markup) leaves a
    // board of unsettled space: counting it would accuse a sound result.
    let unfinished = (!replay.ended_by_passes && !has_markup)
        .then(|| unsettled(&replay.position, &ld))
        .flatten();
    let mut score = scoring::score(&ScoreInput::of_game(record, replay, &ld, handicap));
    score.dead_stones.oracle_error = oracle_error;
    // Every stone kept because the engine failed is no count to accuse a result with.
    let not_counted = engine_error
        .as_ref()
        .map(|e| format!("the dead-stone engine gave no answer (every stone kept): {e}"))
        .or(unfinished);
    score.dead_stones.engine_error = engine_error;
    // Set here, once, so that every caller (`analyze`, `show`) says the same.
    if let Some(reason) = not_counted {
        score.winner = WinnerReport {
            color: record.result.winner,
            margin: record.result.margin,
            source: WinnerSource::Recorded,
            reason: Some(reason),
        };
        score.verdict = Verdict::NotComparable;
    }
    Some(Scored { life: ld, score })
}

/// Life and death of a replay's final position, the player after its last move to move.
fn decide(
    replay: &Replay,
    markup: Option<(&[Point], &[Point])>,
    m: DeadStoneMethod,
    seed: Option<u64>,
) -> LifeAndDeath {
    let defaults = life::EstimateParams::default();
    let params = life::EstimateParams {
        to_move: replay.to_move(),
        seed: seed.unwrap_or(defaults.seed),
        ..defaults
    };
    life::decide_with(&replay.position, markup, m, params)
}

/// Life and death decided by a GTP engine's `final_status_list dead` on the final position,
/// the player after the last move to move. An engine failure keeps every stone, with the
/// reason as a note and returned beside it.
fn gtp_life(
    command: &str,
    timeout: Option<std::time::Duration>,
    replay: &Replay,
    komi: f64,
) -> (LifeAndDeath, Option<String>) {
    let pos = &replay.position;
    match crate::gtp::dead_stones_of(command, timeout, pos, komi, replay.to_move()) {
        Ok(dead) => (
            life::from_dead_list(pos, &dead, life::DeadSource::Gtp),
            None,
        ),
        Err(e) => {
            let mut ld = life::decide(pos, None, DeadStoneMethod::None);
            ld.note = Some(format!("GTP engine failed, every stone kept: {e}"));
            (ld, Some(e.to_string()))
        }
    }
}

/// The oracle's verdict on a flagged position: the engine's dead stones in place of the
/// estimate's; when it fails, the estimate and the reason.
fn ask_oracle(
    command: &str,
    timeout: Option<std::time::Duration>,
    replay: &Replay,
    komi: f64,
    estimate: LifeAndDeath,
) -> (LifeAndDeath, Option<String>) {
    let pos = &replay.position;
    match crate::gtp::dead_stones_of(command, timeout, pos, komi, replay.to_move()) {
        Ok(dead) => (
            life::from_dead_list(pos, &dead, life::DeadSource::EstimateOracle),
            None,
        ),
        Err(e) => (estimate, Some(e.to_string())),
    }
}

/// Empty points that belong to nobody after life and death: dame, seki, or unsettled space.
fn open_points(pos: &crate::board::Position, ld: &life::LifeAndDeath) -> usize {
    pos.cells
        .iter()
        .zip(&ld.territory)
        .filter(|(c, t)| c.is_none() && t.is_none())
        .count()
}

/// Why a position that did not end by passes is not finished, if it is not: more than a
/// tenth of the board belongs to nobody, or one open region holds
/// [`LARGEST_OPEN_REGION`] points or more.
fn unsettled(pos: &crate::board::Position, ld: &life::LifeAndDeath) -> Option<String> {
    let open = open_points(pos, ld);
    let area = pos.cells.len();
    let largest = largest_open_region(pos, ld);
    if life::mostly_open(open, area) {
        Some(format!(
            "unfinished position: {open} of {area} points belong to nobody and the record does not end with two passes"
        ))
    } else if largest >= LARGEST_OPEN_REGION {
        Some(format!(
            "unfinished position: an open region of {largest} points (of {open} belonging to nobody) and the record does not end with two passes"
        ))
    } else {
        None
    }
}

/// The size of the largest connected region of open points (see [`open_points`]).
fn largest_open_region(pos: &crate::board::Position, ld: &life::LifeAndDeath) -> usize {
    use crate::board::{Cell, Grid, flood};
    let Some(grid) = Grid::from_position(pos) else {
        return 0;
    };
    let geo = &grid.geo;
    let open = |i: usize| {
        pos.cells.get(i).is_some_and(|c| c.is_none())
            && ld.territory.get(i).is_some_and(|t| t.is_none())
    };
    let mut seen = vec![false; grid.cells.len()];
    let (mut stack, mut region) = (Vec::new(), Vec::new());
    let mut largest = 0;
    for start in 0..pos.cells.len() {
        let ps = geo.pad(start);
        if seen[ps] || !open(start) {
            continue;
        }
        region.clear();
        flood(geo, ps, &mut seen, &mut stack, &mut region, |q| {
            grid.cells[q] != Cell::Edge && open(geo.unpad(q))
        });
        largest = largest.max(region.len());
    }
    largest
}

/// The handicap of a record and its main line replayed (handicap placements are no wrong turn).
pub fn replay_record(record: &GameRecord, rules: &Rules) -> (crate::handicap::Handicap, Replay) {
    let hc = handicap::infer(record);
    let replay = crate::replay::replay(
        record.facts.size.width,
        record.facts.size.height,
        &record.steps,
        rules,
        hc.placement_moves,
    );
    (hc, replay)
}

/// Winner and verdict of a game that is not counted: the recorded winner of a resignation,
/// time loss or forfeit; otherwise unknown, with the reason.
fn unscored(record: &GameRecord) -> (WinnerReport, Verdict) {
    let res = &record.result;
    let decided = matches!(res.winner, Winner::Black | Winner::White);
    match res.kind {
        Some(ResultKind::Resign | ResultKind::Time | ResultKind::Forfeit) if decided => (
            WinnerReport {
                color: res.winner,
                margin: None,
                source: WinnerSource::Recorded,
                reason: None,
            },
            Verdict::NotComparable,
        ),
        _ => {
            let reason = match (&res.raw, res.winner) {
                (None, _) => "no RE and the record does not end with two passes".to_string(),
                (Some(raw), Winner::Void) => format!("RE[{raw}]: void game"),
                (Some(raw), _) => {
                    format!("RE[{raw}] is not a score and the record does not end with two passes")
                }
            };
            let verdict = if res.winner == Winner::Void {
                Verdict::NotComparable
            } else {
                Verdict::NoResult
            };
            (
                WinnerReport {
                    color: Winner::Unknown,
                    margin: None,
                    source: WinnerSource::Unknown,
                    reason: Some(reason),
                },
                verdict,
            )
        }
    }
}

/// Analyses one parsed game: facts, handicap, replay. Pure: same input, same report.
pub fn analyze_game(
    file: &str,
    game: u32,
    record: &GameRecord,
    encoding: &EncodingInfo,
    opts: &AnalyzeOptions,
) -> Analyzed {
    let status = if record.repaired {
        Status::Repaired
    } else {
        Status::Ok
    };
    let mut r = GameReport::bare(file, Some(game), status);
    r.warnings = record.warnings.clone();
    r.encoding = Some(encoding.clone());
    r.facts = Some(record.facts.clone());
    r.result = Some(record.result.clone());
    let (hc, replay) = replay_record(record, &opts.rules);
    r.handicap = Some(hc);
    r.moves = Some(replay.moves);
    r.passes = Some(replay.passes_black + replay.passes_white);
    r.ended_by_passes = Some(replay.ended_by_passes);
    r.captures = Some(Captures {
        black: replay.captures_black,
        white: replay.captures_white,
    });
    let stones = r.handicap.as_ref().map_or(0, |h| h.stones);
    match score_game(record, &replay, stones, opts) {
        Some(c) => {
            r.winner = Some(c.score.winner.clone());
            r.verdict = Some(c.score.verdict);
            r.score = Some(c.score);
        }
        None => {
            let (winner, verdict) = unscored(record);
            r.winner = Some(winner);
            r.verdict = Some(verdict);
        }
    }
    r.violations = Some(replay.violations);
    r.ko_rule_dependent = Some(replay.ko_rule_dependent);
    let rating = opts.rating_inputs.then(|| {
        // The count stands beside the signed result when it settled the winner (a finished
        // game): rating chooses between them and lists the disputes.
        let count = match (&r.winner, &r.score, r.verdict) {
            (Some(w), Some(s), Some(verdict)) if w.source == WinnerSource::Count => {
                Some(CountCheck {
                    winner: w.color,
                    margin: w.margin.unwrap_or(0.0),
                    verdict,
                    confidence: s.dead_stones.confidence,
                    unsure: !s.dead_stones.unsure.is_empty(),
                })
            }
            _ => None,
        };
        GameInput::from_record(file, game, record, stones, count, Some(fingerprint(record)))
    });
    Analyzed { report: r, rating }
}

/// Everything needed to draw one game's final position.
pub struct Picture {
    /// The final position.
    pub position: crate::board::Position,
    /// Life and death of it.
    pub life: LifeAndDeath,
    /// The count, when the game is finished.
    pub score: Option<Score>,
    /// A one-line title: file, players, date, recorded result.
    pub title: String,
    /// The last move played on the board.
    pub last_move: Option<crate::board::Point>,
    /// How many game trees the file holds (readable or not).
    pub games: usize,
}

/// Splits `file.sgf#2` into the file and the index of a game in it (0 when none is given).
///
/// Only a trailing `#digits` picks a game: a `#` elsewhere, or followed by anything but
/// digits, is part of the file name (names may hold `#`). An index too large is an error.
pub fn split_game_ref(spec: &str) -> Result<(&str, usize), std::num::ParseIntError> {
    match spec.rsplit_once('#') {
        Some((path, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            Ok((path, n.parse::<usize>()?))
        }
        _ => Ok((spec, 0)),
    }
}

/// Why a game cannot be drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum PictureError {
    /// The file holds no readable game.
    File {
        /// The file's name.
        name: String,
        /// Why.
        error: RecordError,
    },
    /// The game asked for cannot be read.
    Game {
        /// The file's name.
        name: String,
        /// The game's index.
        index: usize,
        /// Why.
        error: RecordError,
    },
    /// The file holds fewer games.
    NoSuchGame {
        /// The file's name.
        name: String,
        /// The game asked for.
        index: usize,
        /// How many games the file holds.
        total: usize,
    },
}

impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::File { name, error } => write!(f, "{name}: {}", error.message),
            PictureError::Game { name, index, error } => {
                write!(f, "{name}#{index}: {}", error.message)
            }
            PictureError::NoSuchGame { name, index, total } => match total {
                0 => write!(f, "{name} holds no game: no game #{index}"),
                1 => write!(f, "{name} holds 1 game (#0): no game #{index}"),
                n => write!(
                    f,
                    "{name} holds {n} games (#0 to #{}): no game #{index}",
                    n - 1
                ),
            },
        }
    }
}

impl std::error::Error for PictureError {}

/// Decodes, parses and replays game `index` of a file's bytes, and counts it, for `show`.
pub fn picture(
    name: &str,
    bytes: Vec<u8>,
    index: usize,
    opts: &AnalyzeOptions,
) -> Result<Picture, PictureError> {
    let parsed = crate::record::read_bytes(bytes, &Default::default())
        .parsed
        .map_err(|error| PictureError::File {
            name: name.to_string(),
            error,
        })?;
    let total = parsed.games.len();
    let record = match parsed.games.into_iter().nth(index) {
        Some(Ok(r)) => r,
        Some(Err(error)) => {
            return Err(PictureError::Game {
                name: name.to_string(),
                index,
                error,
            });
        }
        None => {
            return Err(PictureError::NoSuchGame {
                name: name.to_string(),
                index,
                total,
            });
        }
    };
    let (hc, replay) = replay_record(&record, &opts.rules);
    let last_move = record.steps.iter().rev().find_map(|s| match s {
        crate::record::Step::Move {
            at: crate::record::MoveAt::Point(p),
            ..
        } => Some(*p),
        _ => None,
    });
    let player = |p: &crate::record::Player| match (&p.name, &p.rank) {
        (Some(n), Some(r)) => format!("{n} ({r})"),
        (Some(n), None) => n.clone(),
        _ => "?".to_string(),
    };
    let mut title = format!(
        "{name}#{index} — Black {} vs White {}",
        player(&record.facts.black),
        player(&record.facts.white)
    );
    if let Some(d) = record.facts.date.as_ref().and_then(|d| d.first.clone()) {
        title.push_str(&format!(", {d}"));
    }
    if let Some(re) = &record.result.raw {
        title.push_str(&format!(", result {re}"));
    }
    let (life, score) = match score_game(&record, &replay, hc.stones, opts) {
        Some(c) => (c.life, Some(c.score)),
        None => {
            let method = match &opts.dead_stones {
                DeadStones::Method(m) => *m,
                DeadStones::Gtp(_) => DeadStoneMethod::Auto,
            };
            (decide(&replay, None, method, opts.seed), None)
        }
    };
    Ok(Picture {
        position: replay.position,
        life,
        score,
        title,
        last_move,
        games: total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::tests::pos;

    #[test]
    fn an_oracle_is_refused_beside_a_gtp_engine_only() {
        let engine = DeadStones::Gtp("gnugo --mode gtp".into());
        assert_eq!(check_oracle(&engine, Some("x")), Err(OracleBesideEngine));
        assert_eq!(check_oracle(&engine, None), Ok(()));
        assert_eq!(check_oracle(&DeadStones::default(), Some("x")), Ok(()));
    }

    #[test]
    fn an_open_region_of_ten_points_is_an_unfinished_position() {
        // Black's wall (eyes in columns a, c) and White's (eyes in i, k) on an 11x11 board;
        // column f holds `gap` open points (dame) from the second row down.
        let position = |gap: usize| {
            let rows: Vec<String> = (0..11)
                .map(|y| {
                    let f = if (1..=gap).contains(&y) { '.' } else { 'X' };
                    format!(".X.XX{f}OO.O.")
                })
                .collect();
            pos(&rows.iter().map(String::as_str).collect::<Vec<_>>())
        };
        let small = position(9);
        let ld = life::decide(&small, None, DeadStoneMethod::None);
        assert_eq!(largest_open_region(&small, &ld), 9);
        assert_eq!(unsettled(&small, &ld), None);
        let big = position(10);
        let ld = life::decide(&big, None, DeadStoneMethod::None);
        assert_eq!(largest_open_region(&big, &ld), 10);
        let why = unsettled(&big, &ld).unwrap_or_default();
        assert!(why.contains("open region of 10 points"), "{why}");
    }

    #[test]
    fn game_refs_split_on_a_trailing_index_only() {
        assert_eq!(split_game_ref("a.sgf#2"), Ok(("a.sgf", 2)));
        assert_eq!(split_game_ref("a.sgf"), Ok(("a.sgf", 0)));
        assert_eq!(split_game_ref("a#b.sgf#10"), Ok(("a#b.sgf", 10)));
        assert_eq!(split_game_ref("dir#1/a.sgf"), Ok(("dir#1/a.sgf", 0)));
        assert_eq!(split_game_ref("a.sgf#"), Ok(("a.sgf#", 0)));
        assert_eq!(split_game_ref("a.sgf#x2"), Ok(("a.sgf#x2", 0)));
        assert_eq!(split_game_ref("a.sgf#+2"), Ok(("a.sgf#+2", 0)));
        assert_eq!(split_game_ref("#3"), Ok(("", 3)));
        assert_eq!(
            split_game_ref("a.sgf#99999999999999999999999").map_err(|e| e.to_string()),
            Err("number too large to fit in target type".to_string())
        );
    }
}
