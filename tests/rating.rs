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
        handicap: 0,
        komi: Some(7.5),
        width: 19,
        height: 19,
        winner: win,
        kind: Some(ResultKind::Resign),
        count: None,
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
                s.source.clone(),
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
    // Recorded B+33.5 (GNU Go's own dead list agrees); echelle's estimate leaves six White
    // stones alive and counts W+12.5, near a coin toss.
    let marchand = "ronde-2/table-1-marchand-yilmaz.sgf#0";
    let games = sample_games();
    let g = games
        .iter()
        .find(|g| g.source().ends_with(marchand))
        .unwrap_or_else(|| panic!("{marchand} is in the samples"));
    let count = g
        .count
        .clone()
        .unwrap_or_else(|| panic!("the game was counted"));
    assert_eq!((g.winner, count.winner), (Winner::Black, Winner::White));
    assert!(count.disputes() && count.unsure);
    assert_eq!(g.rated_result(WinnerChoice::Recorded).0, Winner::Black);
    assert_eq!(g.rated_result(WinnerChoice::Count).0, Winner::White);

    let marchand_won = |choice| {
        let o = RateOptions {
            engines: vec![EngineKind::Ffg2003],
            winner: choice,
            ..RateOptions::default()
        };
        let r = rate(&games, &o).unwrap_or_else(|e| panic!("{e}"));
        let d = r
            .disputed
            .iter()
            .find(|d| d.source.ends_with(marchand))
            .unwrap_or_else(|| panic!("{marchand} is disputed"));
        assert!(r.disputed_list().contains(marchand));
        assert!(
            r.disputed_note()
                .starts_with(&format!("disputed: {} games", r.disputed.len()))
        );
        d.rated_on == Some(Winner::Black)
    };
    assert!(
        marchand_won(WinnerChoice::Recorded),
        "rated on the signed result by default"
    );
    assert!(
        !marchand_won(WinnerChoice::Count),
        "--winner count rates the count"
    );
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
