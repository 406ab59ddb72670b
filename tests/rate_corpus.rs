//! `echelle rate` over real archives: every game is rated or listed with a reason.

mod common;

use echelle::batch::{self, BatchOptions};
use echelle::rating::{self, EngineKind, RateOptions};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Rates `dir` with every engine and checks that each game read is accounted for.
fn every_game_accounted_for(dir: PathBuf) {
    let mut opts = BatchOptions {
        threads: Some(2),
        json: false,
        ..BatchOptions::default()
    };
    opts.analyze.rating_inputs = true;
    let mut games = Vec::new();
    let summary = batch::for_each(std::slice::from_ref(&dir), &opts, &mut |done| {
        if let Some(g) = done.game.rating {
            games.push(g);
        }
        Ok(false)
    })
    .expect("batch runs");
    assert!(
        summary.games > 50,
        "{}: only {} games",
        dir.display(),
        summary.games
    );
    let ro = RateOptions {
        engines: vec![
            EngineKind::Ffg1984,
            EngineKind::Ffg2003,
            EngineKind::Egf,
            EngineKind::Glicko2,
            EngineKind::Whr,
            EngineKind::Elo,
        ],
        evaluate: true,
        ..RateOptions::default()
    };
    let report = rating::rate(&games, &ro).expect("rates");
    let rated: BTreeSet<&str> = report.events.iter().map(|e| e.source.as_str()).collect();
    let skipped: BTreeSet<&str> = report
        .skipped
        .iter()
        .filter(|s| s.engine.is_none())
        .map(|s| s.game.source.as_str())
        .collect();
    for g in &games {
        let source = g.source();
        assert!(
            rated.contains(source.as_str()) || skipped.contains(source.as_str()),
            "{source} is neither rated nor skipped with a reason"
        );
    }
    assert!(!rated.is_empty());
    // Every engine produced figures for the evaluation.
    assert_eq!(report.evaluation.len(), 6);
}

#[test]
fn go_brasil_games_are_rated_or_listed() {
    if let Some(c) = common::corpus() {
        every_game_accounted_for(c.join("go-brasil-ranking-psygo/sgf"));
    }
}

#[test]
fn kgs_january_games_are_rated_or_listed() {
    if let Some(c) = common::corpus() {
        every_game_accounted_for(c.join("kgs-6d-godmoves/kgs-19-2017-01-new"));
    }
}
