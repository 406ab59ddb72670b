//! The GTP dead-stone oracle against a real GNU Go (skipped, with a message, when absent).

mod common;

use echelle::board::{Color, Point};
use echelle::gtp::{GtpEngine, GtpGame};
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

/// A 9x9 setup position, komi 7.5, no moves, the player to move unknown.
fn setup<'a>(black: &'a [Point], white: &'a [Point]) -> GtpGame<'a> {
    GtpGame {
        width: 9,
        height: 9,
        komi: 7.5,
        black,
        white,
        moves: &[],
        to_move: None,
    }
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
    let dead = engine
        .dead_stones(&GtpGame {
            moves: &moves,
            ..setup(&[], &[])
        })
        .unwrap();
    assert_eq!(dead, expected_dead());

    // The same engine serves the next position: a setup (AB/AW) with no moves.
    let dead = engine
        .dead_stones(&GtpGame {
            to_move: Some(Color::White),
            ..setup(&black, &white)
        })
        .unwrap();
    assert_eq!(dead, expected_dead());

    // Black-only setup goes through set_free_handicap; nothing there is dead.
    let hoshi = [pt(2, 2), pt(6, 6), pt(2, 6)];
    let moves = [(Color::White, Some(pt(6, 2)))];
    let dead = engine
        .dead_stones(&GtpGame {
            komi: 0.5,
            moves: &moves,
            ..setup(&hoshi, &[])
        })
        .unwrap();
    assert!(dead.is_empty(), "{dead:?}");
}

#[test]
fn the_engine_is_told_who_is_to_move() {
    // A GTP engine that writes down every command and answers each with success (GTP 2).
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let log = dir.join("to-move-gtp.log");
    let script = format!(
        r#"while read -r c; do echo "$c" >> '{}'; case "$c" in protocol_version) printf '= 2\n\n';; *) printf '= \n\n';; esac; done"#,
        log.display()
    );
    let file = dir.join("to-move-gtp-engine.sh");
    std::fs::write(&file, script).expect("the script is written");
    let cmd = format!("sh {}", file.display());
    let Ok(mut engine) = GtpEngine::start(&cmd) else {
        common::skip("no POSIX sh to run a fake GTP engine");
        return;
    };
    let (black, white) = walls();
    let hoshi = [pt(2, 2), pt(6, 6)];
    // Each call: the setup, who is to move, and the pass expected before the question.
    type Case<'a> = (&'a [Point], &'a [Point], Option<Color>, Option<&'a str>);
    let cases: [Case; 5] = [
        (&black, &white, Some(Color::White), Some("play b pass")),
        (&black, &white, Some(Color::Black), None),
        (&black, &white, None, None),
        (&hoshi, &[], Some(Color::Black), Some("play w pass")),
        (&hoshi, &[], Some(Color::White), None),
    ];
    for (b, w, to_move, pass) in cases {
        let _ = std::fs::remove_file(&log);
        engine
            .dead_stones(&GtpGame {
                to_move,
                ..setup(b, w)
            })
            .expect("the fake engine answers");
        let sent = std::fs::read_to_string(&log).unwrap_or_default();
        let lines: Vec<&str> = sent.lines().collect();
        let n = lines.len();
        assert!(n >= 2 && lines[n - 1] == "final_status_list dead", "{sent}");
        assert_eq!(
            lines[..n - 1].iter().any(|l| l.contains("pass")),
            pass.is_some(),
            "{sent}"
        );
        if let Some(p) = pass {
            assert_eq!(lines[n - 2], p, "{sent}");
        }
    }
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
        .dead_stones(&GtpGame {
            moves: &moves,
            ..setup(&[], &[])
        })
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("move 3 (b D6) rejected"), "{err}");
    let err = engine
        .dead_stones(&GtpGame {
            height: 13,
            ..setup(&[], &[])
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("square"), "{err}");
    // The engine is still usable after a rejected move.
    let dead = engine
        .dead_stones(&GtpGame {
            moves: &moves[..2],
            ..setup(&[], &[])
        })
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

/// Runs the batch on `paths` with `oracle`, at `threads`: the JSON lines and the summary.
fn analyze_with_oracle(
    paths: &[std::path::PathBuf],
    oracle: Option<String>,
    threads: usize,
) -> (Vec<serde_json::Value>, String, echelle::output::Summary) {
    let mut opts = echelle::batch::BatchOptions {
        threads: Some(threads),
        ..Default::default()
    };
    opts.analyze.oracle = oracle;
    analyze_with(paths, &opts)
}

/// Runs the batch on `paths` with `opts`: the JSON lines (parsed, and as text) and the summary.
fn analyze_with(
    paths: &[std::path::PathBuf],
    opts: &echelle::batch::BatchOptions,
) -> (Vec<serde_json::Value>, String, echelle::output::Summary) {
    let mut out = Vec::new();
    let summary = echelle::batch::run(paths, opts, &mut out).expect("the batch runs");
    let text = String::from_utf8(out).expect("UTF-8");
    let records = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    (records, text, summary)
}

/// Whether the estimate flags a record: a seki, or an uncertain group.
fn flagged(r: &serde_json::Value) -> bool {
    let s = &r["score"];
    let seki = s["seki"].as_array().is_some_and(|v| !v.is_empty());
    let uncertain = s["dead_stones"]["uncertain_groups"]
        .as_array()
        .is_some_and(|v| !v.is_empty());
    s["dead_stones"]["source"] == "estimate" && (seki || uncertain)
}

#[test]
fn the_oracle_is_asked_only_about_flagged_positions() {
    let Some(cmd) = gnugo() else {
        common::skip("GNU Go is not installed (apt-get install gnugo)");
        return;
    };
    let paths = [std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("samples/championnat-2025.tar.gz")];
    let (alone, _, plain) = analyze_with_oracle(&paths, None, 2);
    let (asked, text1, summary) = analyze_with_oracle(&paths, Some(cmd.clone()), 1);
    let flagged_names: Vec<&serde_json::Value> = alone
        .iter()
        .filter(|r| flagged(r))
        .map(|r| &r["file"])
        .collect();
    assert!(
        !flagged_names.is_empty(),
        "the samples hold flagged positions"
    );
    assert_eq!(alone.len(), asked.len());
    for (a, b) in alone.iter().zip(&asked) {
        let d = &b["score"]["dead_stones"];
        if flagged(a) {
            assert_eq!(d["source"], "estimate+oracle", "{}", a["file"]);
            assert!(d.get("uncertain_groups").is_none(), "{d}");
        } else {
            // Positions the estimate does not flag never reach the engine.
            assert_eq!(a, b);
        }
    }
    let sent = summary.oracle.map(|o| (o.sent, o.failed));
    assert_eq!(sent, Some((flagged_names.len() as u64, 0)));
    assert!(plain.oracle.is_none());
    let line = format!(
        "oracle: {} flagged positions (seki, uncertain group) sent to the engine, 0 failed",
        flagged_names.len()
    );
    assert!(summary.render().contains(&line), "{}", summary.render());
    // The same bytes at two threads: each worker's engine starts each position afresh.
    let (_, text2, _) = analyze_with_oracle(&paths, Some(cmd), 2);
    assert_eq!(text1, text2);
}

#[test]
fn an_oracle_that_fails_keeps_the_estimate_and_is_counted() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let Some(cmd) = common::engine_that_cannot_score(&dir, "fake-gtp-engine.sh") else {
        return;
    };
    let paths = [std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("samples/championnat-2025.tar.gz")];
    let (alone, _, _) = analyze_with_oracle(&paths, None, 1);
    let (asked, _, summary) = analyze_with_oracle(&paths, Some(cmd), 1);
    let n = alone.iter().filter(|r| flagged(r)).count() as u64;
    assert!(n > 0);
    assert_eq!(summary.oracle.map(|o| (o.sent, o.failed)), Some((n, n)));
    for (a, b) in alone.iter().zip(&asked) {
        let d = &b["score"]["dead_stones"];
        if flagged(a) {
            assert_eq!(d["source"], "estimate");
            assert!(
                d["oracle_error"]
                    .as_str()
                    .is_some_and(|e| e.contains("cannot score")),
                "{d}"
            );
            assert_eq!(a["verdict"], b["verdict"]);
        } else {
            assert_eq!(a, b);
        }
    }
}

#[test]
fn a_failed_engine_keeps_every_stone_and_accuses_no_recorded_result() {
    // The engine that cannot score, now deciding every position (`--dead-stones gtp:`): each
    // counted game says why it has no dead stones, its count accuses no `RE`, and the summary
    // counts it.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let Some(cmd) = common::engine_that_cannot_score(&dir, "fake-gtp-engine-2.sh") else {
        return;
    };
    let paths = [std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("samples/championnat-2025.tar.gz")];
    let mut opts = echelle::batch::BatchOptions {
        threads: Some(2),
        ..Default::default()
    };
    opts.analyze.dead_stones = format!("gtp:{cmd}").parse().expect("a GTP command");
    let (records, _, summary) = analyze_with(&paths, &opts);
    let scored: Vec<&serde_json::Value> =
        records.iter().filter(|r| r["score"].is_object()).collect();
    assert!(scored.len() > 10, "{} scored records", scored.len());
    for r in &scored {
        let d = &r["score"]["dead_stones"];
        assert_eq!(d["source"], "none", "{d}");
        assert!(
            d["engine_error"]
                .as_str()
                .is_some_and(|e| e.contains("cannot score")),
            "{d}"
        );
        assert_eq!(r["verdict"], "not-comparable", "{}", r["file"]);
        assert_eq!(r["winner"]["source"], "recorded", "{}", r["file"]);
    }
    assert_eq!(summary.engine_failed, scored.len() as u64);
    let line = format!(
        "dead-stone engine: no answer for {} positions (every stone kept, not compared with RE)",
        scored.len()
    );
    assert!(summary.render().contains(&line), "{}", summary.render());
}

#[test]
fn accuracy_leaves_the_engine_start_out_of_the_times_per_position() {
    // A GTP engine that takes 300 ms to start, then calls nothing dead at once.
    let script = r#"sleep 0.3; while read -r c; do case "$c" in protocol_version) printf '= 2\n\n';; *) printf '= \n\n';; esac; done"#;
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let engine = dir.join("slow-start-gtp-engine.sh");
    std::fs::write(&engine, script).expect("the script is written");
    let cmd = format!("sh {}", engine.display());
    if GtpEngine::start(&cmd).is_err() {
        common::skip("no POSIX sh to run a fake GTP engine");
        return;
    }
    // One position whose players marked the white stone dead (TB under it).
    let game = dir.join("accuracy-engine-start.sgf");
    std::fs::write(&game, "(;GM[1]FF[4]SZ[9]KM[0.5]AB[cc][dd][cd]AW[gg]TB[gg])")
        .expect("the game is written");
    let opts = echelle::accuracy::AccuracyOptions {
        engine: Some(cmd),
        ..Default::default()
    };
    let r = echelle::accuracy::accuracy_with(&[game], &opts).expect("the game is read");
    assert_eq!((r.games, r.engine_failed, r.exact), (1, 0, 0));
    assert_eq!(r.method, "gtp");
    assert!(r.engine_start_ms >= 300.0, "{}", r.engine_start_ms);
    let json = r.to_json().unwrap_or_default();
    assert!(json.contains("\"engine_start_ms\":"), "{json}");
    let plain = echelle::accuracy::accuracy_with(
        &[dir.join("accuracy-engine-start.sgf")],
        &echelle::accuracy::AccuracyOptions::default(),
    )
    .expect("the game is read");
    assert_eq!(plain.engine_start_ms, 0.0);
}
