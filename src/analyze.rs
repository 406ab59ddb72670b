//! The per-game pipeline: a parsed record replayed under the chosen rules, turned into a report.

use crate::decode::EncodingInfo;
use crate::handicap;
use crate::output::{Captures, GameReport, Status};
use crate::rating::GameInput;
use crate::record::GameRecord;
use crate::rules::{self, Rules};
use std::hash::{Hash, Hasher};

/// What the per-game analysis needs to know.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Rules used to replay every game (French by default).
    pub rules: Rules,
    /// Also build the rating view of each game.
    pub rating_inputs: bool,
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
    r.violations = Some(replay.violations);
    r.ko_rule_dependent = Some(replay.ko_rule_dependent);
    let rating = opts.rating_inputs.then(|| {
        GameInput::from_record(
            file,
            game,
            record,
            r.handicap.as_ref().map_or(0, |h| h.stones),
            record.result.winner,
            record.result.kind,
            Some(fingerprint(record)),
        )
    });
    Analyzed { report: r, rating }
}
