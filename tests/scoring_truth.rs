//! Scores against published truth: GNU Go's `final_score` regression answers for
//! `games/scoring/*.sgf` (score.tst, score2.tst, and newscore.tst's `new_score`, which
//! repeats them and adds one). Skips with a message without the corpus.

mod common;

use echelle::batch::{BatchOptions, analyze_bytes};
use echelle::life::{DeadStoneMethod, DeadStones};

/// `(sgf path, expected winner, expected margin)` from the .tst files; cases GNU Go itself
/// fails (a trailing `*`) and positions loaded at a move number are left out; a position
/// asked twice counts once.
fn cases(dir: &std::path::Path) -> Vec<(std::path::PathBuf, char, f64)> {
    let mut out: Vec<(std::path::PathBuf, char, f64)> = Vec::new();
    for tst in ["score.tst", "score2.tst", "newscore.tst"] {
        let Ok(text) = std::fs::read_to_string(dir.join(tst)) else {
            continue;
        };
        let mut current: Option<std::path::PathBuf> = None;
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first() == Some(&"loadsgf") {
                current = (words.len() == 2).then(|| dir.join(words[1]));
            } else if let Some(rest) = line.strip_prefix("#? [") {
                let (Some(path), Some(ans)) = (current.take(), rest.strip_suffix(']')) else {
                    continue;
                };
                // newscore.tst answers `[W\+141.5 .*]`: the score, then anything.
                let ans = ans.replace('\\', "");
                let ans = ans.split_whitespace().next().unwrap_or_default();
                let mut it = ans.splitn(2, '+');
                let (Some(w), Some(m)) = (it.next(), it.next()) else {
                    continue;
                };
                if let (Some(c), Ok(m)) = (w.chars().next(), m.parse::<f64>())
                    && !out.iter().any(|(p, _, _)| *p == path)
                {
                    out.push((path, c, m));
                }
            }
        }
    }
    out
}

#[test]
fn gnugo_final_scores_are_matched() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let dir = corpus.join("gnugo-regression/regression");
    let cases = cases(&dir);
    assert!(
        cases.len() >= 45,
        "expected the score tests, found {}",
        cases.len()
    );
    let mut opts = BatchOptions::default();
    opts.analyze.dead_stones = DeadStones::Method(DeadStoneMethod::Estimate);
    let (mut winner_ok, mut exact) = (0, 0);
    let mut misses = Vec::new();
    for (path, w, m) in &cases {
        let bytes = std::fs::read(path).expect("scoring game");
        let games = analyze_bytes(&path.display().to_string(), bytes, &opts);
        let Some(score) = games.first().and_then(|g| g.report.score.clone()) else {
            misses.push(format!("{}: not counted", path.display()));
            continue;
        };
        // GNU Go answers under the game's rules (Japanese, komi 5.5).
        let count = score.recorded_rules.unwrap_or(score.french);
        let margin = if *w == 'B' { *m } else { -*m };
        if (count.margin > 0.0) == (margin > 0.0) {
            winner_ok += 1;
        }
        if (count.margin - margin).abs() < 1e-9 {
            exact += 1;
        } else {
            misses.push(format!(
                "{}: {:+} expected {:+}",
                path.display(),
                count.margin,
                margin
            ));
        }
    }
    let n = cases.len();
    eprintln!(
        "GNU Go score tests: {n} positions, winner agrees on {winner_ok}, exact margin on {exact}"
    );
    for m in &misses {
        eprintln!("  {m}");
    }
    // Floors from the measured figures (winner 51/51, margin 34/51), so a regression in
    // life and death shows here.
    assert!(
        winner_ok * 100 >= n * 94,
        "winner agrees on {winner_ok}/{n}"
    );
    assert!(exact * 100 >= n * 58, "exact margin on {exact}/{n}");
}

#[test]
fn kgs_and_gnugo_markup_games_hold_their_accuracy() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let params = echelle::life::EstimateParams::default();
    let kgs = echelle::accuracy::accuracy_report(
        &[corpus.join("kgs-6d-godmoves/kgs-19-2017-01-new")],
        params,
    )
    .expect("kgs folder");
    eprint!("{}", kgs.render("KGS 2017-01"));
    assert_eq!(kgs.games, 155, "the KGS folder has 155 games with markup");
    // Measured 148/155; a floor a little under it catches regressions.
    assert!(kgs.exact >= 145, "exact dead sets {}/155", kgs.exact);
    // Five of the seven misses are capturable chains the players left unmarked: counted
    // dead, the estimate matches 153/155 (the others: a semeai, an unfinished game).
    assert!(kgs.doubtful_markup >= 5);
    // The players' convention is to mark such chains dead (measured 510 against 7).
    assert!(kgs.capturable_marked_dead > 400 && kgs.capturable_left_alive < 20);
    // Groups near a coin toss (and big groups the playouts keep in under 80 %) are flagged:
    // few positions (measured 21; 23 with 32 playouts, 18 before the big-group rule), and
    // every remaining miss is flagged but one: the unfinished 2017-01-31-2, whose markup is
    // no verdict (with 32 playouts the other, 2017-01-15-17, was in an unsure group; with
    // 24 the estimate matches it).
    assert!(
        (1..=25).contains(&kgs.unsure_positions),
        "{} positions with unsure groups",
        kgs.unsure_positions
    );
    assert!(
        kgs.games - kgs.exact_with_atari_dead <= 1 + kgs.misses_flagged_unsure,
        "{} misses, {} flagged",
        kgs.games - kgs.exact_with_atari_dead,
        kgs.misses_flagged_unsure
    );
    assert!(
        kgs.exact_with_atari_dead >= 150,
        "exact with capturable chains dead {}/155",
        kgs.exact_with_atari_dead
    );
    assert!(kgs.precision() > 0.97 && kgs.recall() > 0.97);
    // With the players' own markup the count gives RE exactly, Chinese and Japanese alike:
    // this proves the counting (komi, compensation, prisoners) before any estimate.
    assert_eq!(kgs.scored_games, 149);
    assert_eq!(kgs.re_match_markup, 149, "score = RE with markup");

    let gnugo =
        echelle::accuracy::accuracy_report(&[corpus.join("gnugo-regression/regression")], params)
            .expect("gnugo folder");
    eprint!("{}", gnugo.render("GNU Go regression"));
    assert!(gnugo.games >= 140);
    assert!(
        gnugo.exact >= 130,
        "exact dead sets {}/{}",
        gnugo.exact,
        gnugo.games
    );
}

#[test]
fn pachi_dead_stone_questions_are_answered() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let dir = corpus.join("pachi-tests/t-regress/old/dead_stones");
    // (case, must be dead, must stay alive, some stone must be dead): what the `echo` line
    // beside each `final_status_list dead` in the .gtp files asks.
    let cases: [(&str, &[&str], &[&str], bool); 7] = [
        ("test1", &[], &[], true),
        ("test2", &[], &[], true),
        ("unclear_group", &["L17"], &[], false),
        ("unclear_group2", &["R17"], &[], false),
        (
            "unclear_group3",
            &["G4", "G5", "L3", "L2", "J3", "K3", "J4", "H4"],
            &[],
            false,
        ),
        ("unclear_group4", &[], &["B8"], false),
        ("unreliable", &["R14"], &[], false),
    ];
    let opts = echelle::analyze::AnalyzeOptions {
        dead_stones: DeadStones::Method(DeadStoneMethod::Estimate),
        ..Default::default()
    };
    let mut wrong = Vec::new();
    for (name, dead, alive, some_dead) in cases {
        let path = dir.join(format!("{name}.sgf"));
        let bytes = std::fs::read(&path).expect("pachi case");
        let pic = echelle::analyze::picture(name, bytes, 0, &opts).expect("replays");
        let w = pic.position.width;
        let is_dead = |v: &str| {
            echelle::gtp::parse_vertex(v, w)
                .ok()
                .flatten()
                .is_some_and(|p| {
                    pic.life
                        .status
                        .get(p.y as usize * w as usize + p.x as usize)
                        == Some(&Some(echelle::life::ChainStatus::Dead))
                })
        };
        let any_dead = pic
            .life
            .status
            .contains(&Some(echelle::life::ChainStatus::Dead));
        let right = dead.iter().all(|v| is_dead(v))
            && alive.iter().all(|v| !is_dead(v))
            && (!some_dead || any_dead);
        if !right {
            wrong.push(name);
        }
    }
    assert!(wrong.is_empty(), "pachi cases answered wrongly: {wrong:?}");
}

/// The one record of a corpus file.
fn the_record(path: &std::path::Path) -> serde_json::Value {
    let records = common::analyze(&[path.to_path_buf()], 1);
    records
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no record for {}", path.display()))
}

/// A record's Black dead stones (SGF points).
fn black_dead(r: &serde_json::Value) -> Vec<serde_json::Value> {
    r["score"]["dead_stones"]["black"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The uncertain groups of one corpus record: `(colour, method, status, stones)`.
fn uncertain_groups(path: std::path::PathBuf) -> Vec<(String, String, String, usize)> {
    let records = common::analyze(&[path], 1);
    let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    records
        .iter()
        .flat_map(|r| {
            r["score"]["dead_stones"]["uncertain_groups"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .map(|u| {
            let stones = u["points"].as_array().map_or(0, Vec::len);
            (
                text(&u["color"]),
                text(&u["method"]),
                text(&u["status"]),
                stones,
            )
        })
        .collect()
}

#[test]
fn a_group_inside_the_opponents_area_dies_and_is_flagged() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let games = corpus.join("gnugo-regression/regression/games");
    // Black's thirty stones reach White's points across an open border: dead, as GNU Go and
    // KataGo both call them (FINDINGS, eighth session), and uncertain. They sit at a coin
    // toss: with 32 playouts they were kept in 52.8 % and the open-border rule killed them;
    // with 24, kept in 45.5 %, the playouts do, with six Black stones they join through
    // White's points. (That the rule never takes a group in seki is `life::tests`'
    // `a_group_in_the_opponents_area_that_the_verdict_puts_in_seki_stays`.)
    let juka = uncertain_groups(games.join("nngs/juka-gnugo-3.3.16-200302072106.sgf"));
    assert!(
        juka.iter()
            .any(|(colour, method, status, stones)| colour == "black"
                && ["open-border", "playouts"].contains(&method.as_str())
                && status == "dead"
                && *stones >= 30),
        "{juka:?}"
    );
}

#[test]
fn a_false_seki_on_the_edge_beside_a_wall_joined_outside_is_read_dead() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    // GNU Go's `nanasi` game, Black to move: eleven Black stones on the right edge round a
    // straight four whose end stone t11 is in atari, r18-s18 and t19 beside White's r19.
    // Until the twenty-seventh session the seki proof held r18-s18 in seki with r19, and the
    // unit, kept in 54 % of the playouts, was an uncertain seki: verdict `uncertain`. The
    // shut-in reading now takes it, Black first, as `local_capture.py` does within 20 plies
    // (README, rules: a wall with one liberty outside, joined there by a friend, holds when
    // every threat to it is a self-atari). GNU Go's own count (`RE` W+297.5) has them dead:
    // the verdict is `match`, and no seki is left.
    let path = corpus.join("gnugo-regression/regression/games/gifu2006/gnugo-nanasi.sgf");
    let r = the_record(&path);
    assert_eq!(r["verdict"], "match", "{}", r["verdict"]);
    let dead = black_dead(&r);
    for p in [
        "sa", "qb", "rb", "sc", "rd", "sd", "re", "rf", "rg", "rh", "si",
    ] {
        assert!(dead.iter().any(|d| d == p), "{p} not dead: {dead:?}");
    }
    assert_eq!(r["score"]["seki"].as_array().map(Vec::len), Some(0));
    let groups = uncertain_groups(path);
    assert!(
        !groups.iter().any(|(_, method, _, _)| method == "seki"),
        "{groups:?}"
    );
}

#[test]
fn a_false_eye_its_owner_connects_to_move_keeps_the_group_alive() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    // Fox Pro1 9p 1408195559, Black to move: Black's 42 stones in the centre and top have
    // two eyes (H11, L15) once K16 joins the top chain, which is in atari there, to the
    // rest. The playouts save Black's bigger chain in atari (17 stones at D10, dead anyway)
    // and White takes K16: the group was dead in every playout and the count W+109 against
    // `RE` W+4. GNU Go and KataGo keep it; Black connects at K16.
    let dead = black_dead(&the_record(
        &corpus.join("fox-pro1-featurecat/Pro1/9p/1408195559019999075.sgf"),
    ));
    for p in ["ha", "kd", "ld", "jf", "kh", "gi"] {
        assert!(!dead.iter().any(|d| d == p), "{p} dead: {dead:?}");
    }
    // The 17 stones at D10 stay dead.
    assert!(dead.iter().any(|d| d == "dj"), "{dead:?}");
}
