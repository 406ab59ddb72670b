//! The per-game pipeline: a parsed record replayed under the chosen rules, turned into a report.

use crate::decode::EncodingInfo;
use crate::handicap;
use crate::life::{self, DeadStoneMethod};
use crate::output::WinnerReport;
use crate::output::{Captures, GameReport, Status};
use crate::rating::GameInput;
use crate::record::GameRecord;
use crate::record::{ResultKind, Winner};
use crate::rules::{self, Rules};
use crate::scoring::{self, ScoreInput, Verdict};
use std::hash::{Hash, Hasher};

/// What the per-game analysis needs to know.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Rules used to replay every game (French by default).
    pub rules: Rules,
    /// Also build the rating view of each game.
    pub rating_inputs: bool,
    /// How dead stones are decided before counting.
    pub dead_stones: DeadStoneMethod,
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
    record.size.width.hash(&mut h);
    record.size.height.hash(&mut h);
    record.steps.hash(&mut h);
    h.finish()
}

/// Empty points that belong to nobody after life and death: dame, seki, or unsettled space.
fn open_points(pos: &crate::board::Position, ld: &life::LifeAndDeath) -> usize {
    pos.cells
        .iter()
        .zip(&ld.territory)
        .filter(|(c, t)| c.is_none() && t.is_none())
        .count()
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
                source: "recorded",
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
                    source: "unknown",
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
    r.size = Some(record.size);
    r.black = Some(record.black.clone());
    r.white = Some(record.white.clone());
    r.date = record.date.clone();
    r.event = record.event.clone();
    r.round = record.round.clone();
    r.place = record.place.clone();
    r.rules = Some(record.rules.clone());
    r.komi = Some(record.komi.clone());
    r.result = Some(record.result.clone());
    let hc = handicap::infer(record);
    let replay = rules::replay(
        record.size.width,
        record.size.height,
        &record.steps,
        &opts.rules,
        hc.placement_moves,
    );
    r.handicap = Some(hc);
    r.moves = Some(replay.moves);
    r.passes = Some(replay.passes_black + replay.passes_white);
    r.ended_by_passes = Some(replay.ended_by_passes);
    r.captures = Some(Captures {
        black: replay.captures_black,
        white: replay.captures_white,
    });
    let stones = r.handicap.as_ref().map_or(0, |h| h.stones);
    let has_markup = !record.territory_black.is_empty() || !record.territory_white.is_empty();
    let by_score = record.result.kind == Some(ResultKind::Score);
    // Counting is for finished games: ended by passes, scored in RE, or marked up. A resigned
    // game has no true score; its winner is the recorded one.
    if replay.ended_by_passes || by_score || has_markup {
        let markup = has_markup.then_some((
            record.territory_black.as_slice(),
            record.territory_white.as_slice(),
        ));
        let ld = life::analyze(&replay.position, markup, opts.dead_stones);
        let open = open_points(&replay.position, &ld);
        let area = replay.position.cells.len();
        // A record that stops early (`W+0.5` after 80 moves, no passes, no markup) leaves a
        // board of unsettled space: counting it would accuse a sound result.
        let unfinished = !replay.ended_by_passes && !has_markup && open * 10 > area;
        let score = scoring::score(&ScoreInput {
            position: &replay.position,
            life: &ld,
            komi: record.komi.value,
            handicap: stones,
            rules: record.rules.name,
            captures_black: replay.captures_black + replay.suicided_white,
            captures_white: replay.captures_white + replay.suicided_black,
            passes_black: replay.passes_black,
            passes_white: replay.passes_white,
            last_mover: replay.last_mover,
            ended_by_passes: replay.ended_by_passes,
            result: &record.result,
        });
        if unfinished {
            r.winner = Some(WinnerReport {
                color: record.result.winner,
                margin: record.result.margin,
                source: "recorded",
                reason: Some(format!(
                    "unfinished position: {open} of {area} points belong to nobody and the record does not end with two passes"
                )),
            });
            r.verdict = Some(Verdict::NotComparable);
        } else {
            r.winner = Some(WinnerReport::from(&score.outcome));
            r.verdict = Some(score.verdict);
        }
        r.score = Some(score);
    } else {
        let (winner, verdict) = unscored(record);
        r.winner = Some(winner);
        r.verdict = Some(verdict);
    }
    r.violations = Some(replay.violations);
    r.ko_rule_dependent = Some(replay.ko_rule_dependent);
    let rating = opts.rating_inputs.then(|| {
        let (winner, kind) = match &r.winner {
            // A counted winner overrides RE; the kind stays the recorded one (forfeit etc.).
            Some(w) if w.source == "count" => (w.color, Some(ResultKind::Score)),
            _ => (record.result.winner, record.result.kind),
        };
        GameInput::from_record(
            file,
            game,
            record,
            stones,
            winner,
            kind,
            Some(fingerprint(record)),
        )
    });
    Analyzed { report: r, rating }
}
