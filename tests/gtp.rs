//! The GTP dead-stone oracle against a real GNU Go (skipped, with a message, when absent).

mod common;

use echelle::board::{Color, Point};
use echelle::gtp::GtpEngine;
use std::time::Duration;

/// The GNU Go command line, if GNU Go is installed (Debian puts it in /usr/games, off PATH).
fn gnugo() -> Option<String> {
    for program in ["gnugo", "/usr/games/gnugo"] {
        let ok = std::process::Command::new(program)
            .arg("--version")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return Some(format!("{program} --mode gtp --level 1"));
        }
    }
    None
}

fn pt(x: u8, y: u8) -> Point {
    Point { x, y }
}

/// 9x9: Black walls column E, White column F; one white stone at C5 inside Black's side
/// and one black stone at H3 inside White's: both obviously dead.
fn walls() -> (Vec<Point>, Vec<Point>) {
    let mut black: Vec<Point> = (0..9).map(|y| pt(4, y)).collect();
    let mut white: Vec<Point> = (0..9).map(|y| pt(5, y)).collect();
    black.push(pt(7, 6));
    white.push(pt(2, 4));
    (black, white)
}

fn expected_dead() -> Vec<Point> {
    let mut d = vec![pt(2, 4), pt(7, 6)];
    d.sort();
    d
}

#[test]
fn gnugo_finds_the_dead_stones_of_a_played_game() {
    let Some(cmd) = gnugo() else {
        common::skip("GNU Go is not installed (apt-get install gnugo)");
        return;
    };
    let mut engine = GtpEngine::start(&cmd).unwrap();
    assert!(engine.name().contains("GNU Go"), "{}", engine.name());
    let (black, white) = walls();
    let mut moves: Vec<(Color, Option<Point>)> = Vec::new();
    for (b, w) in black.iter().zip(&white) {
        moves.push((Color::Black, Some(*b)));
        moves.push((Color::White, Some(*w)));
    }
    moves.push((Color::Black, None));
    moves.push((Color::White, None));
    let dead = engine.dead_stones(9, 9, 7.5, &[], &[], &moves).unwrap();
    assert_eq!(dead, expected_dead());

    // The same engine serves the next position: a setup (AB/AW) with no moves.
    let dead = engine.dead_stones(9, 9, 7.5, &black, &white, &[]).unwrap();
    assert_eq!(dead, expected_dead());

    // Black-only setup goes through set_free_handicap; nothing there is dead.
    let hoshi = [pt(2, 2), pt(6, 6), pt(2, 6)];
    let moves = [(Color::White, Some(pt(6, 2)))];
    let dead = engine.dead_stones(9, 9, 0.5, &hoshi, &[], &moves).unwrap();
    assert!(dead.is_empty(), "{dead:?}");
}

#[test]
fn gnugo_rejections_name_the_move() {
    let Some(cmd) = gnugo() else {
        common::skip("GNU Go is not installed (apt-get install gnugo)");
        return;
    };
    let mut engine = GtpEngine::start(&cmd).unwrap();
    let moves = [
        (Color::Black, Some(pt(2, 2))),
        (Color::White, Some(pt(3, 3))),
        (Color::Black, Some(pt(3, 3))),
    ];
    let err = engine
        .dead_stones(9, 9, 6.5, &[], &[], &moves)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("move 3 (b D6) rejected"), "{err}");
    let err = engine
        .dead_stones(9, 13, 6.5, &[], &[], &[])
        .unwrap_err()
        .to_string();
    assert!(err.contains("square"), "{err}");
    // The engine is still usable after a rejected move.
    let dead = engine
        .dead_stones(9, 9, 6.5, &[], &[], &moves[..2])
        .unwrap();
    assert!(dead.is_empty(), "{dead:?}");
}

#[test]
fn a_missing_engine_gives_a_clear_error() {
    let err = GtpEngine::start("gnugo-not-installed-here --mode gtp")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        err,
        "cannot start GTP engine `gnugo-not-installed-here`: No such file or directory (is it installed?)"
    );
}

#[test]
fn a_silent_engine_times_out_instead_of_hanging() {
    // `cat` echoes commands back: never a GTP answer, so the deadline must fire.
    let start = std::time::Instant::now();
    let err = GtpEngine::start_with_timeout("cat", Duration::from_millis(300))
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("no answer to `name`"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn an_engine_that_exits_is_reported() {
    let err = GtpEngine::start("true")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("exited"), "{err}");
}
