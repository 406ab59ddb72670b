//! The per-game pipeline: a parsed record replayed under the chosen rules, turned into a report.

use crate::decode::EncodingInfo;
use crate::handicap;
use crate::output::{Captures, GameReport, Status};
use crate::record::GameRecord;
use crate::rules::{self, Rules};

/// What the per-game analysis needs to know.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Rules used to replay every game (French by default).
    pub rules: Rules,
}

/// Analyses one parsed game: facts, handicap, replay. Pure: same input, same report.
pub fn analyze_game(
    file: &str,
    game: u32,
    record: &GameRecord,
    encoding: &EncodingInfo,
    opts: &AnalyzeOptions,
) -> GameReport {
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
    r
}
