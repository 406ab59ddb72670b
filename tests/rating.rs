//! Integration tests of `echelle::rating::rate`.

use echelle::rating::{
    EngineKind, Format, GameInput, RateOptions, Reading, SkipReason, Undated, rate,
};
use echelle::record::{ResultKind, Winner};

fn game(file: &str, idx: u32, date: Option<&str>, b: &str, w: &str, win: Winner) -> GameInput {
    GameInput {
        file: file.into(),
        game: idx,
        date: date.map(Into::into),
        event: None,
        round: None,
        black: Some(b.into()),
        white: Some(w.into()),
        black_rank: None,
        white_rank: None,
        black_licence: None,
        white_licence: None,
        handicap: 0,
        komi: Some(7.5),
        width: 19,
        height: 19,
        winner: win,
        kind: Some(ResultKind::Resign),
        count: None,
        origin: echelle::rating::Origin::Record,
        fingerprint: None,
    }
}

fn opts(engines: &[EngineKind]) -> RateOptions {
    RateOptions {
        engines: engines.to_vec(),
        default_level: 0.0,
        ..RateOptions::default()
    }
}

fn level(r: &echelle::rating::RateReport, engine: usize, name: &str) -> Option<f64> {
    r.engines[engine]
        .ladder
        .iter()
        .find(|x| x.name == name)
        .map(|x| x.level)
}

/// Small deterministic generator (64-bit LCG).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Players with drifting true strength; handicap games when the gap is large.
fn synthetic(n_games: usize, n_players: usize, seed: u64) -> Vec<GameInput> {
    let mut rng = Rng(seed);
    let mut strength: Vec<f64> = (0..n_players)
        .map(|_| rng.next() * 2000.0 - 1500.0)
        .collect();
    let mut out = Vec::with_capacity(n_games);
    for i in 0..n_games {
        let day = i / 20;
        if i % 20 == 0 {
            for s in &mut strength {
                *s += (rng.next() - 0.45) * 12.0;
            }
        }
        let a = (rng.next() * n_players as f64) as usize % n_players;
        let mut b = (rng.next() * n_players as f64) as usize % n_players;
        if a == b {
            b = (b + 1) % n_players;
        }
        let (weak, strong) = if strength[a] < strength[b] {
            (a, b)
        } else {
            (b, a)
        };
        let gap = strength[strong] - strength[weak];
        let h = if gap >= 150.0 {
            ((gap / 100.0).round() as u32).min(9)
        } else {
            0
        };
        let (black, white) = if h > 0 || rng.next() < 0.5 {
            (weak, strong)
        } else {
            (strong, weak)
        };
        let adv = if h > 0 {
            f64::from(h) - 0.5 - 0.5 / 14.0
        } else {
            0.0
        };
        let p = 1.0 / (1.0 + (-(strength[black] + 100.0 * adv - strength[white]) / 90.0).exp());
        let y = 2000 + (day / 365) as i32;
        let date = format!("{y}-{:02}-{:02}", (day % 365) / 31 % 12 + 1, day % 28 + 1);
        let mut g = game(
            "syn.sgf",
            i as u32,
            Some(&date),
            &format!("P{black}"),
            &format!("P{white}"),
            if rng.next() < p {
                Winner::Black
            } else {
                Winner::White
            },
        );
        g.handicap = h;
        g.komi = Some(if h > 0 { 0.5 } else { 7.5 });
        let rank = |s: f64| {
            if s >= 0.0 {
                format!("{}d", (s / 100.0) as i64 + 1)
            } else {
                format!("{}k", (-s / 100.0) as i64 + 1)
            }
        };
        g.black_rank = Some(rank(strength[black] + (rng.next() - 0.5) * 200.0));
        g.white_rank = Some(rank(strength[white] + (rng.next() - 0.5) * 200.0));
        out.push(g);
    }
    out
}

#[test]
fn seed_example_through_rate() {
    let mut g = game(
        "a.sgf",
        0,
        Some("1984-01-01"),
        "Black",
        "White",
        Winner::Black,
    );
    g.handicap = 3;
    g.komi = Some(0.5);
    let ladder = "Black\t-500\nWhite\t-150\n".to_string();
    let r = rate(
        &[g],
        &RateOptions {
            ladder: Some(ladder),
            ..opts(&[EngineKind::Ffg1984])
        },
    );
    let r = r.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(level(&r, 0, "Black"), Some(-480.0));
    assert_eq!(level(&r, 0, "White"), Some(-160.0));
    assert_eq!(r.engines[0].ladder[0].grade, "2k");
}

#[test]
fn any_file_order_gives_the_same_ladder() {
    let games = synthetic(600, 30, 7);
    let o = opts(&[EngineKind::Ffg1984, EngineKind::Elo, EngineKind::Whr]);
    let a = rate(&games, &o).map(|r| r.ladder_csv()).unwrap_or_default();
    let mut rev = games.clone();
    rev.reverse();
    rev.rotate_left(123);
    let b = rate(&rev, &o).map(|r| r.ladder_csv()).unwrap_or_default();
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn skip_reasons_and_duplicates() {
    let mut games = vec![
        game("a.sgf", 0, Some("2000-01-01"), "A", "B", Winner::Black),
        game("a.sgf", 1, None, "A", "B", Winner::Black),
        game("a.sgf", 2, Some("2000-01-02"), "A", "B", Winner::Void),
        game("a.sgf", 3, Some("2000-01-02"), "A", "B", Winner::Draw),
        game("b.sgf", 0, Some("2000-01-01"), "a", " B ", Winner::Black),
        game("a.sgf", 4, Some("2000-01-01"), "A", "B", Winner::Black),
        game("a.sgf", 5, Some("2000-01-03"), "A", "a", Winner::White),
    ];
    let mut f = game("a.sgf", 6, Some("2000-01-03"), "A", "B", Winner::White);
    f.kind = Some(ResultKind::Forfeit);
    games.push(f);
    let mut small = game("a.sgf", 7, Some("2000-01-04"), "A", "B", Winner::White);
    (small.width, small.height) = (9, 9);
    games.push(small);
    let r = rate(&games, &opts(&[EngineKind::Ffg1984, EngineKind::Ffg2003]))
        .unwrap_or_else(|e| panic!("{e}"));
    let reasons: Vec<(String, SkipReason, Option<String>)> = r
        .skipped
        .iter()
        .map(|s| {
            (
                s.game.source.clone(),
                s.reason.clone(),
                s.engine.map(|k| k.name().to_string()),
            )
        })
        .collect();
    assert!(reasons.contains(&("a.sgf#1".into(), SkipReason::Undated, None)));
    assert!(reasons.contains(&("a.sgf#2".into(), SkipReason::NoWinner, None)));
    assert!(reasons.contains(&("a.sgf#3".into(), SkipReason::NoWinner, None)));
    // Same date, same folded players, same result, different file: a duplicate.
    assert!(reasons.contains(&(
        "b.sgf#0".into(),
        SkipReason::Duplicate("a.sgf#0".into()),
        None
    )));
    // Same file: a legitimate second game, rated.
    assert!(!reasons.iter().any(|x| x.0 == "a.sgf#4"));
    assert!(reasons.contains(&("a.sgf#5".into(), SkipReason::SamePlayer, None)));
    assert!(reasons.contains(&("a.sgf#6".into(), SkipReason::Forfeit, None)));
    assert!(reasons.contains(&(
        "a.sgf#7".into(),
        SkipReason::UnsupportedBoard,
        Some("ffg1984".into())
    )));
    assert!(
        !reasons
            .iter()
            .any(|x| x.0 == "a.sgf#7" && x.2.as_deref() == Some("ffg2003"))
    );
    assert_eq!(r.events.len(), 3);
    let ledgers = r.ledgers_text(&Reading::default());
    assert!(
        ledgers.contains("  - 1  duplicate (the same game filed twice)\n"),
        "{ledgers}"
    );
    assert!(ledgers.contains("  - 1  not 19x19\n"), "{ledgers}");
    assert!(r.skipped_list().contains("a.sgf#6"));
}

#[test]
fn fingerprint_dedupes_within_a_file_too() {
    let mut a = game("a.sgf", 0, Some("2000-01-01"), "A", "B", Winner::Black);
    let mut b = game("a.sgf", 1, Some("2000-01-01"), "A", "B", Winner::Black);
    a.fingerprint = Some(42);
    b.fingerprint = Some(42);
    let mut c = b.clone();
    c.game = 2;
    c.fingerprint = Some(43);
    let r = rate(&[a, b, c], &opts(&[EngineKind::Elo])).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.events.len(), 2);
    assert_eq!(r.skipped[0].reason, SkipReason::Duplicate("a.sgf#0".into()));
}

#[test]
fn undated_last_and_as_of() {
    let games = vec![
        game("a.sgf", 0, None, "A", "B", Winner::Black),
        game("a.sgf", 1, Some("2000-05-01"), "A", "B", Winner::White),
        game("a.sgf", 2, Some("2001-05-01"), "A", "B", Winner::White),
    ];
    let r = rate(
        &games,
        &RateOptions {
            undated: Undated::Last,
            ..opts(&[EngineKind::Ffg1984])
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.events.len(), 3);
    assert_eq!(r.events[2].source, "a.sgf#0");
    let r = rate(
        &games,
        &RateOptions {
            as_of: Some("2000".into()),
            ..opts(&[EngineKind::Ffg1984])
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.events.len(), 1);
    assert_eq!(r.engines[0].ladder[0].last.as_deref(), Some("2000-05-01"));
    assert!(
        rate(
            &games,
            &RateOptions {
                as_of: Some("May 2000".into()),
                ..opts(&[])
            }
        )
        .is_err()
    );
}

#[test]
fn start_levels_ladder_then_rank_then_default() {
    let mut g = game(
        "a.sgf",
        0,
        Some("2000-01-01"),
        "Jean  Dupont",
        "Ann",
        Winner::Black,
    );
    g.black_rank = Some("3k".into());
    g.white_rank = Some("2d".into());
    let mut g2 = game("a.sgf", 1, Some("2000-01-02"), "Zed", "Bob", Winner::Black);
    g2.black_rank = Some("1d".into());
    let ladder = "DUPONT Jean  -1500 - 0452000 31To FR\nZED  -9999 - 1 75Pa FR\n".to_string();
    let r = rate(
        &[g, g2],
        &RateOptions {
            ladder: Some(ladder),
            default_level: -900.0,
            ..opts(&[EngineKind::Ffg1984])
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let start = |n: &str| {
        r.players
            .iter()
            .find(|p| p.name == n)
            .map(|p| (p.start, p.start_source.name()))
    };
    assert_eq!(start("Jean Dupont"), Some((-1500.0, "ladder")));
    assert_eq!(start("Ann"), Some((150.0, "rank")));
    assert_eq!(start("Zed"), Some((50.0, "rank")));
    // Bob has no rank: he starts from his first ranked opponent's (Zed, 1d = 50), plus
    // White's share of the advantage in an even game with 7.5 komi (0.5 − 7.5/14 stones).
    let (bob, source) = start("Bob").unwrap_or_default();
    assert_eq!(source, "opponent");
    assert!(
        (bob - (50.0 + 100.0 * (0.5 - 7.5 / 14.0))).abs() < 1e-9,
        "{bob}"
    );
    // Nobody ranked on either side: the default level.
    let lone = game("b.sgf", 0, Some("2000-01-03"), "Cid", "Dee", Winner::White);
    let r2 = rate(
        &[lone],
        &RateOptions {
            default_level: -900.0,
            ..opts(&[EngineKind::Ffg1984])
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        r2.players
            .iter()
            .all(|p| p.start == -900.0 && p.start_source.name() == "default")
    );
    let bad = rate(
        &[],
        &RateOptions {
            ladder: Some("A\t1\nnonsense\n".into()),
            ..opts(&[])
        },
    )
    .map_err(|e| e.to_string());
    assert!(bad.is_err_and(|e| e.contains("line 2")));
}

#[test]
fn outputs_render() {
    let games = synthetic(200, 10, 3);
    let r = rate(
        &games,
        &RateOptions {
            evaluate: true,
            fit: false,
            ..opts(&[EngineKind::Ffg1984, EngineKind::Glicko2])
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let reading = Reading::default();
    let csv = r.render(Format::Csv, &reading);
    assert!(csv.starts_with("engine,position,name,level,grade,games,last_game\n"));
    let json: serde_json::Value =
        serde_json::from_str(&r.render(Format::Json, &reading)).unwrap_or_default();
    assert_eq!(json["engines"][1]["engine"], "glicko2");
    assert!(json["engines"][1]["ladder"][0]["deviation"].is_number());
    assert!(r.render(Format::Table, &reading).contains("== ffg1984"));
    let hist = r.history_jsonl();
    assert_eq!(
        hist.lines().count(),
        2 * (r.engines[0].rated + r.engines[1].rated)
    );
    let first: serde_json::Value =
        serde_json::from_str(hist.lines().next().unwrap_or("")).unwrap_or_default();
    assert!(first["before"].is_number() && first["opponent"].is_string());
    let preds = r.predictions_jsonl();
    assert_eq!(preds.lines().count(), 2 * r.events.len());
    let p: serde_json::Value =
        serde_json::from_str(preds.lines().next().unwrap_or("")).unwrap_or_default();
    for k in [
        "date",
        "black",
        "white",
        "handicap",
        "engine",
        "p_black",
        "black_won",
    ] {
        assert!(!p[k].is_null(), "missing {k}");
    }
    let t = r.evaluation_table();
    assert!(t.contains("log-loss") && t.contains("calibration"));
}

#[test]
fn tuned_whr_beats_tuned_elo_on_drifting_players() {
    let games = synthetic(12_000, 120, 11);
    let o = RateOptions {
        evaluate: true,
        keep_history: false,
        ..opts(&[
            EngineKind::Elo,
            EngineKind::Whr,
            EngineKind::Glicko2,
            EngineKind::Ffg1984,
        ])
    };
    let r = rate(&games, &o).unwrap_or_else(|e| panic!("{e}"));
    let second = |i: usize| {
        r.evaluation[i]
            .figures
            .iter()
            .find(|f| f.slice.name() == "all" && f.half.name() == "second")
            .map_or(9.0, |f| f.log_loss)
    };
    eprintln!("{}", r.evaluation_table());
    let (elo, whr, glicko, ladder) = (second(0), second(1), second(2), second(3));
    assert!(whr < elo, "whr {whr} vs elo {elo}");
    assert!(
        elo < 0.69 && glicko < 0.69 && ladder < 0.69,
        "{elo} {glicko} {ladder}"
    );
}

/// The rating view of every game of the bundled samples, as `echelle rate samples/` reads them.
fn sample_games() -> Vec<GameInput> {
    let mut opts = echelle::batch::BatchOptions {
        threads: Some(1),
        json: false,
        ..Default::default()
    };
    opts.analyze.rating_inputs = true;
    let samples = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut games = Vec::new();
    let read = echelle::batch::for_each(&[samples], &opts, &mut |done| {
        games.extend(done.game.rating);
        Ok(false)
    });
    assert!(read.is_ok(), "{:?}", read.err());
    games
}

#[test]
fn the_signed_result_decides_and_the_count_only_checks_it() {
    use echelle::rating::WinnerChoice;
    use echelle::scoring::Verdict;
    // Recorded B+18.5; the count gives W+18.5, on groups the estimate is sure of: a dispute.
    let disputed = "tournament/ronde-3-d-a.sgf#0";
    let games = sample_games();
    let g = games
        .iter()
        .find(|g| g.source().ends_with(disputed))
        .unwrap_or_else(|| panic!("{disputed} is in the samples"));
    let count = g
        .count
        .clone()
        .unwrap_or_else(|| panic!("the game was counted"));
    assert_eq!((g.winner, count.winner), (Winner::Black, Winner::White));
    assert_eq!(count.verdict, Verdict::WinnerDiffers);
    assert!(count.disputes() && !count.unsure);
    assert_eq!(g.rated_result(WinnerChoice::Recorded).0, Winner::Black);
    assert_eq!(g.rated_result(WinnerChoice::Count).0, Winner::White);
    // The same count resting on an uncertain group: the verdict is `uncertain`, not a sure
    // dispute (results --check only notes it), yet the ladder still lists it as disputed.
    let mut unsure = g.clone();
    if let Some(c) = unsure.count.as_mut() {
        c.verdict = Verdict::Uncertain;
        c.unsure = true;
    }
    let unsure_count = unsure.count.clone().unwrap_or_else(|| panic!("counted"));
    assert!(!unsure_count.disputes() && unsure_count.unsure);
    assert_eq!(unsure.rated_result(WinnerChoice::Recorded).0, Winner::Black);
    assert_eq!(unsure.rated_result(WinnerChoice::Count).0, Winner::White);

    let won_by_black = |games: &[GameInput], choice| {
        let o = RateOptions {
            engines: vec![EngineKind::Ffg2003],
            winner: choice,
            ..RateOptions::default()
        };
        let r = rate(games, &o).unwrap_or_else(|e| panic!("{e}"));
        let d = r
            .disputed
            .iter()
            .find(|d| d.game.source.ends_with(disputed))
            .unwrap_or_else(|| panic!("{disputed} is disputed"));
        assert!(r.disputed_list().contains(disputed));
        assert!(
            r.disputed_note()
                .starts_with(&format!("disputed: {} games", r.disputed.len()))
        );
        d.rated_on == Some(Winner::Black)
    };
    let with_unsure: Vec<GameInput> = games
        .iter()
        .map(|x| {
            if x.source().ends_with(disputed) {
                unsure.clone()
            } else {
                x.clone()
            }
        })
        .collect();
    for set in [&games, &with_unsure] {
        assert!(
            won_by_black(set, WinnerChoice::Recorded),
            "rated on the signed result by default"
        );
        assert!(
            !won_by_black(set, WinnerChoice::Count),
            "--winner count rates the count"
        );
    }
}

#[test]
fn a_count_decides_only_where_re_names_no_winner() {
    use echelle::rating::{CountCheck, WinnerChoice};
    use echelle::scoring::Verdict;
    let mut g = game("a.sgf", 0, Some("2025-01-01"), "A", "B", Winner::Unknown);
    g.kind = None;
    g.count = Some(CountCheck {
        winner: Winner::White,
        margin: 3.5,
        verdict: Verdict::NoResult,
        confidence: echelle::life::Confidence::Estimated,
        unsure: false,
    });
    assert_eq!(
        g.rated_result(WinnerChoice::Recorded),
        (Winner::White, Some(ResultKind::Score))
    );
    // A draw or a void game is a signed result too: the count does not overrule it.
    g.winner = Winner::Draw;
    assert_eq!(g.rated_result(WinnerChoice::Recorded).0, Winner::Draw);
    assert_eq!(g.rated_result(WinnerChoice::Count).0, Winner::White);
    // Resigned games keep their recorded kind.
    let r = game("b.sgf", 0, Some("2025-01-01"), "A", "B", Winner::Black);
    assert_eq!(
        r.rated_result(WinnerChoice::Count),
        (Winner::Black, Some(ResultKind::Resign))
    );
}

/// A stream drawn from the rating model itself: true Elo ratings drifting as a Wiener process
/// of `w2` Elo² a day, ranks declared from them (1.5 Elo a ladder point, with noise), handicap
/// by the rating gap, a stone worth `stone` Elo and komi `stone`/14 a point. Returns the games
/// and each player's true final rating.
fn model_stream(n_games: usize, stone: f64, w2: f64, seed: u64) -> (Vec<GameInput>, Vec<f64>) {
    let n = 80;
    let mut rng = Rng(seed);
    let mut elo: Vec<f64> = (0..n).map(|_| rng.next() * 1200.0 - 600.0).collect();
    let mut out = Vec::with_capacity(n_games);
    for i in 0..n_games {
        let day = i / 20;
        if i % 20 == 0 && i > 0 {
            for r in &mut elo {
                // Uniform steps with the Wiener process's daily variance.
                *r += (rng.next() - 0.5) * (12.0 * w2).sqrt();
            }
        }
        let a = (rng.next() * n as f64) as usize % n;
        let b = ((rng.next() * (n - 1) as f64) as usize + a + 1) % n;
        let (weak, strong) = if elo[a] < elo[b] { (a, b) } else { (b, a) };
        let h = ((elo[strong] - elo[weak]) / stone).round() as u32;
        let h = if h >= 2 { h.min(9) } else { 0 };
        let (black, white) = if h > 0 || rng.next() < 0.5 {
            (weak, strong)
        } else {
            (strong, weak)
        };
        let komi = if h > 0 { 0.5 } else { 7.0 };
        let adv = stone * (f64::from(h.max(1)) - 0.5) - stone / 14.0 * komi;
        let p = 1.0 / (1.0 + 10f64.powf(-(elo[black] - elo[white] + adv) / 400.0));
        let date = format!(
            "{}-{:02}-{:02}",
            2000 + day / 336,
            (day % 336) / 28 + 1,
            day % 28 + 1
        );
        let won = if rng.next() < p {
            Winner::Black
        } else {
            Winner::White
        };
        let mut g = game(
            "model.sgf",
            i as u32,
            Some(&date),
            &format!("P{black}"),
            &format!("P{white}"),
            won,
        );
        g.handicap = h;
        g.komi = Some(komi);
        let mut rank = |r: f64| {
            let level = r / 1.5 + (rng.next() - 0.5) * 100.0;
            if level >= 0.0 {
                format!("{}d", (level / 100.0) as i64 + 1)
            } else {
                format!("{}k", (-level / 100.0) as i64 + 1)
            }
        };
        g.black_rank = Some(rank(elo[black]));
        g.white_rank = Some(rank(elo[white]));
        out.push(g);
    }
    (out, elo)
}

#[test]
fn the_fit_recovers_a_known_model_and_no_grid_neighbour_beats_it() {
    use echelle::rating::fit::{fit_params, neighbour_losses};
    use echelle::rating::seed::seed_params;
    use echelle::rating::{EngineParams, Rounding, StartSource, Starts};
    let (stone, w2) = (180.0, 20.0);
    let (games, truth) = model_stream(8000, stone, w2, 11);
    let o = RateOptions {
        engines: vec![EngineKind::Elo, EngineKind::Whr],
        evaluate: true,
        keep_history: false,
        ..RateOptions::default()
    };
    let r = rate(&games, &o).unwrap_or_else(|e| panic!("{e}"));
    let param = |engine: usize, name: &str| {
        r.engines[engine]
            .params
            .iter()
            .find(|(k, _)| k == name)
            .map_or(f64::NAN, |x| x.1)
    };
    // The stone value, from the static fit of the first half: within 20 %.
    let fitted_stone = param(0, "stone");
    assert!(
        (fitted_stone - stone).abs() < 0.2 * stone,
        "stone {fitted_stone} (true {stone})"
    );
    // WHR's drift: within a factor of 4 of the truth (the grid steps by 2).
    let fitted_w2 = param(1, "w2");
    assert!(
        (w2 / 4.0..=w2 * 4.0).contains(&fitted_w2),
        "w2 {fitted_w2} (true {w2})"
    );
    // The final ratings: ranked as the true ones (Pearson's r over the 80 players).
    for er in &r.engines {
        let pairs: Vec<(f64, f64)> = er
            .ladder
            .iter()
            .filter_map(|row| {
                let i: usize = row.name.trim_start_matches('P').parse().ok()?;
                Some((row.level, truth[i]))
            })
            .collect();
        let n = pairs.len() as f64;
        let (mx, my) = (
            pairs.iter().map(|p| p.0).sum::<f64>() / n,
            pairs.iter().map(|p| p.1).sum::<f64>() / n,
        );
        let cov: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
        let vx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
        let vy: f64 = pairs.iter().map(|p| (p.1 - my).powi(2)).sum();
        let corr = cov / (vx * vy).sqrt();
        assert!(corr > 0.95, "{}: r = {corr}", er.engine.name());
    }
    // The lattice fit ends where no neighbour has a lower first-half loss.
    let half = r.events.len() / 2;
    let starts = Starts {
        level: r.players.iter().map(|p| p.start).collect(),
        professional: r.players.iter().map(|p| p.professional).collect(),
    };
    let ranked: Vec<bool> = r
        .players
        .iter()
        .map(|p| p.start_source == StartSource::Rank)
        .collect();
    let first = &r.events[..half];
    let seeded = seed_params(first, &starts, &ranked, &EngineParams::default());
    for kind in [EngineKind::Elo, EngineKind::Glicko2, EngineKind::Whr] {
        let fitted = fit_params(kind, first, &starts, &seeded, Rounding::Trunc);
        let (here, around) = neighbour_losses(kind, first, &starts, &fitted, Rounding::Trunc);
        assert!(!around.is_empty());
        for (axis, value, loss) in around {
            assert!(
                loss >= here,
                "{}: {axis} = {value} gives {loss} < {here}",
                kind.name()
            );
        }
    }
}

#[test]
fn the_reliability_plot_draws_every_bin_of_every_engine() {
    let games = synthetic(600, 12, 5);
    let o = RateOptions {
        evaluate: true,
        ..opts(&[EngineKind::Elo, EngineKind::Whr])
    };
    let r = rate(&games, &o).unwrap_or_else(|e| panic!("{e}"));
    let svg = r.calibration_svg().unwrap_or_default();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    let bins: usize = r
        .evaluation
        .iter()
        .flat_map(|ev| &ev.figures)
        .filter(|f| f.half == echelle::rating::Half::Second)
        .map(|f| f.calibration.iter().filter(|b| b.n > 0).count())
        .sum();
    assert_eq!(svg.matches("<circle").count(), bins);
    assert!(svg.contains(">elo</text>") && svg.contains(">whr</text>"));
    let plain = rate(&games, &opts(&[EngineKind::Elo])).unwrap_or_else(|e| panic!("{e}"));
    assert!(plain.calibration_svg().is_none());
}
