//! Life-and-death and scoring against real records: KGS games with agreed territory markup.
//!
//! The corpus lives in `../shared/corpus`; tests skip with a message when it is absent.
//! Accuracy runs are `#[ignore]`: `cargo test --release --test scoring_corpus -- --ignored --nocapture`.

use echelle::board::{Color, Point, Position};
use echelle::life::{self, DeadStoneMethod, LifeAndDeath};
use echelle::record::{RecordedResult, ResultKind, RuleSet, Winner};
use echelle::scoring::{self, ScoreInput, Verdict};
use sgf_parse::go::{Move, Prop};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn corpus() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let alt = Path::new("/work/shared/corpus");
    if p.is_dir() {
        Some(p)
    } else if alt.is_dir() {
        Some(alt.to_path_buf())
    } else {
        eprintln!("corpus absent: skipping");
        None
    }
}

/// What the test reader keeps of a game.
#[derive(Debug, Default)]
struct Game {
    pos: Option<Position>,
    tb: Vec<Point>,
    tw: Vec<Point>,
    re: String,
    ru: String,
    km: Option<f64>,
    ha: u32,
    captures_black: u32,
    captures_white: u32,
    passes_black: u32,
    passes_white: u32,
    moves_black: u32,
    moves_white: u32,
    last_color: Option<Color>,
}

/// Removes the chain at `p` if it has no liberty; returns the number of stones removed.
fn capture_if_dead(pos: &mut Position, x: usize, y: usize) -> u32 {
    let w = pos.width as usize;
    let h = pos.height as usize;
    let Some(c) = pos.cells[y * w + x] else {
        return 0;
    };
    let mut seen = vec![false; w * h];
    let mut stack = vec![y * w + x];
    let mut chain = Vec::new();
    seen[y * w + x] = true;
    while let Some(i) = stack.pop() {
        chain.push(i);
        let (cx, cy) = (i % w, i / w);
        let mut nbs = Vec::new();
        if cx > 0 {
            nbs.push(i - 1);
        }
        if cx + 1 < w {
            nbs.push(i + 1);
        }
        if cy > 0 {
            nbs.push(i - w);
        }
        if cy + 1 < h {
            nbs.push(i + w);
        }
        for q in nbs {
            match pos.cells[q] {
                None => return 0,
                Some(d) if d == c && !seen[q] => {
                    seen[q] = true;
                    stack.push(q);
                }
                _ => {}
            }
        }
    }
    for &i in &chain {
        pos.cells[i] = None;
    }
    chain.len() as u32
}

fn read_game(path: &Path) -> Option<Game> {
    let text = std::fs::read_to_string(path).ok()?;
    let nodes = sgf_parse::go::parse(&text).ok()?;
    let root = nodes.into_iter().next()?;
    let mut g = Game::default();
    let mut size = (19usize, 19usize);
    for prop in root.properties() {
        match prop {
            Prop::SZ(s) => size = (s.0 as usize, s.1 as usize),
            Prop::KM(k) => g.km = Some(*k),
            Prop::HA(h) => g.ha = (*h).max(0) as u32,
            Prop::RE(t) => g.re = t.text.clone(),
            Prop::RU(t) => g.ru = t.text.clone(),
            _ => {}
        }
    }
    let (w, h) = size;
    let mut pos = Position::empty(w as u8, h as u8);
    for node in root.main_variation() {
        g.tb.clear();
        g.tw.clear();
        for prop in node.properties() {
            match prop {
                Prop::AB(ps) | Prop::AW(ps) => {
                    let c = if matches!(prop, Prop::AB(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    for p in ps {
                        if (p.x as usize) < w && (p.y as usize) < h {
                            pos.cells[p.y as usize * w + p.x as usize] = Some(c);
                        }
                    }
                }
                Prop::TB(ps) => g.tb = ps.iter().map(|p| Point { x: p.x, y: p.y }).collect(),
                Prop::TW(ps) => g.tw = ps.iter().map(|p| Point { x: p.x, y: p.y }).collect(),
                Prop::B(m) | Prop::W(m) => {
                    let c = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    g.last_color = Some(c);
                    let pt = match m {
                        Move::Move(p) if (p.x as usize) < w && (p.y as usize) < h => Some(*p),
                        _ => None,
                    };
                    let Some(p) = pt else {
                        match c {
                            Color::Black => g.passes_black += 1,
                            Color::White => g.passes_white += 1,
                        }
                        continue;
                    };
                    match c {
                        Color::Black => g.moves_black += 1,
                        Color::White => g.moves_white += 1,
                    }
                    let (x, y) = (p.x as usize, p.y as usize);
                    pos.cells[y * w + x] = Some(c);
                    let mut taken = 0;
                    for (dx, dy) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                        if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                            continue;
                        }
                        let (nx, ny) = (nx as usize, ny as usize);
                        if pos.cells[ny * w + nx] == Some(c.opponent()) {
                            taken += capture_if_dead(&mut pos, nx, ny);
                        }
                    }
                    let suicide = capture_if_dead(&mut pos, x, y);
                    match c {
                        Color::Black => {
                            g.captures_black += taken;
                            g.captures_white += suicide;
                        }
                        Color::White => {
                            g.captures_white += taken;
                            g.captures_black += suicide;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    g.pos = Some(pos);
    Some(g)
}

fn recorded(re: &str) -> RecordedResult {
    let winner = match re.chars().next() {
        Some('B') => Winner::Black,
        Some('W') => Winner::White,
        _ => Winner::Unknown,
    };
    let margin = re.get(2..).and_then(|m| m.parse::<f64>().ok());
    let kind = match re.get(2..) {
        _ if margin.is_some() => Some(ResultKind::Score),
        Some(s) if s.starts_with('R') => Some(ResultKind::Resign),
        Some(s) if s.starts_with('T') => Some(ResultKind::Time),
        _ => None,
    };
    RecordedResult {
        raw: Some(re.into()),
        winner,
        kind,
        margin,
    }
}

fn rules_of(ru: &str) -> RuleSet {
    match ru.to_ascii_lowercase().as_str() {
        "japanese" => RuleSet::Japanese,
        "chinese" => RuleSet::Chinese,
        "aga" => RuleSet::Aga,
        "korean" => RuleSet::Korean,
        "nz" | "new zealand" => RuleSet::Nz,
        _ => RuleSet::Unknown,
    }
}

fn score_game(g: &Game, pos: &Position, life: &LifeAndDeath) -> scoring::Score {
    let re = recorded(&g.re);
    scoring::score(&ScoreInput {
        position: pos,
        life,
        komi: g.km,
        handicap: g.ha,
        rules: rules_of(&g.ru),
        captures_black: g.captures_black,
        captures_white: g.captures_white,
        passes_black: g.passes_black,
        passes_white: g.passes_white,
        last_mover: g.last_color,
        ended_by_passes: true,
        result: &re,
    })
}

fn markup_dead(g: &Game, pos: &Position) -> Vec<bool> {
    let w = pos.width as usize;
    let mut d = vec![false; pos.cells.len()];
    for p in g.tb.iter().chain(&g.tw) {
        let i = p.y as usize * w + p.x as usize;
        if i < d.len() && pos.cells[i].is_some() {
            d[i] = true;
        }
    }
    d
}

fn show(pos: &Position, want: &[bool], got: &[bool]) -> String {
    let w = pos.width as usize;
    let mut s = String::new();
    for (i, c) in pos.cells.iter().enumerate() {
        let ch = match (c, want[i], got[i]) {
            (None, _, _) => '.',
            (Some(Color::Black), false, false) => 'X',
            (Some(Color::White), false, false) => 'O',
            (Some(Color::Black), true, true) => 'x',
            (Some(Color::White), true, true) => 'o',
            (Some(Color::Black), true, false) => 'B', // missed dead black
            (Some(Color::White), true, false) => 'W', // missed dead white
            (Some(Color::Black), false, true) => 'b', // wrongly dead black
            (Some(Color::White), false, true) => 'w', // wrongly dead white
        };
        s.push(ch);
        if i % w == w - 1 {
            s.push('\n');
        }
    }
    s
}

fn markup_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .filter(|f| {
            std::fs::read_to_string(f)
                .map(|t| t.contains("TB[") || t.contains("TW["))
                .unwrap_or(false)
        })
        .collect()
}

/// Estimate parameters, with `PLAYOUTS` / `DEAD_BELOW` overrides from the environment.
fn params() -> life::EstimateParams {
    let mut params = life::EstimateParams::default();
    if let Some(n) = std::env::var("PLAYOUTS").ok().and_then(|v| v.parse().ok()) {
        params.playouts = n;
    }
    if let Some(d) = std::env::var("DEAD_BELOW")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        params.dead_below = d;
    }
    params
}

/// The estimate and its time: the fastest of three runs, because the machine is shared and
/// a run that lost its core says nothing about the estimator (the estimate is deterministic).
fn timed_estimate(pos: &Position) -> (LifeAndDeath, std::time::Duration) {
    let p = params();
    let mut best = std::time::Duration::MAX;
    let mut ld = None;
    for _ in 0..3 {
        let t = Instant::now();
        let r = life::analyze_with(pos, None, DeadStoneMethod::Estimate, p);
        best = best.min(t.elapsed());
        ld = Some(r);
    }
    let ld = ld.unwrap_or_else(|| life::analyze_with(pos, None, DeadStoneMethod::Estimate, p));
    (ld, best)
}

/// Exact dead-set rate, stone precision/recall and time per position on markup games.
fn dead_stone_accuracy(files: &[PathBuf], verbose: bool) -> (usize, usize) {
    let (mut games, mut exact) = (0usize, 0usize);
    let (mut scored_games, mut scored_exact) = (0usize, 0usize);
    let mut re_stats: std::collections::BTreeMap<String, [usize; 4]> = Default::default();
    let (mut tp, mut fp, mut fneg) = (0usize, 0usize, 0usize);
    let mut total = std::time::Duration::ZERO;
    let mut worst = std::time::Duration::ZERO;
    for f in files {
        let Some(g) = read_game(f) else { continue };
        let Some(pos) = g.pos.as_ref() else { continue };
        let want = markup_dead(&g, pos);
        let (ld, dt) = timed_estimate(pos);
        total += dt;
        worst = worst.max(dt);
        let got: Vec<bool> = ld
            .status
            .iter()
            .map(|s| *s == Some(life::ChainStatus::Dead))
            .collect();
        games += 1;
        let scored = g.re.len() > 2 && g.re[2..].parse::<f64>().is_ok();
        if scored {
            scored_games += 1;
        }
        for i in 0..want.len() {
            match (want[i], got[i]) {
                (true, true) => tp += 1,
                (false, true) => fp += 1,
                (true, false) => fneg += 1,
                _ => {}
            }
        }
        let by_markup = life::analyze(pos, Some((&g.tb, &g.tw)), DeadStoneMethod::Markup);
        let sm = score_game(&g, pos, &by_markup);
        let se = score_game(&g, pos, &ld);
        if scored {
            let rule = rules_of(&g.ru);
            let e = re_stats.entry(format!("{rule:?}")).or_insert([0usize; 4]);
            e[0] += 1;
            e[1] += usize::from(sm.verdict == Verdict::Match);
            e[2] += usize::from(se.verdict == Verdict::Match);
            e[3] += usize::from(sm.quick_count_agrees);
            if sm.verdict != Verdict::Match && verbose {
                println!(
                    "SCORE {} RE[{}] RU[{}] HA {} markup count {:?} quick agrees {} {:?}",
                    f.display(),
                    g.re,
                    g.ru,
                    g.ha,
                    sm.recorded_rules.as_ref().map(|c| c.margin),
                    sm.quick_count_agrees,
                    sm.quick_count_note
                );
                let mine_b = by_markup
                    .territory
                    .iter()
                    .filter(|t| **t == Some(Color::Black))
                    .count();
                let mine_w = by_markup
                    .territory
                    .iter()
                    .filter(|t| **t == Some(Color::White))
                    .count();
                let w = pos.width as usize;
                for (i, o) in by_markup.territory.iter().enumerate() {
                    let p = Point {
                        x: (i % w) as u8,
                        y: (i / w) as u8,
                    };
                    let kgs = if g.tb.contains(&p) {
                        Some(Color::Black)
                    } else if g.tw.contains(&p) {
                        Some(Color::White)
                    } else {
                        None
                    };
                    if kgs != *o {
                        let around: Vec<String> = [(0i32, -1i32), (0, 1), (-1, 0), (1, 0)]
                            .iter()
                            .map(|(dx, dy)| {
                                let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                                if x < 0 || y < 0 || x >= w as i32 || y >= pos.height as i32 {
                                    "#".into()
                                } else {
                                    format!("{:?}", pos.cells[y as usize * w + x as usize])
                                }
                            })
                            .collect();
                        // Liberties of the neighbour chains on the real board.
                        let mut libs_n = Vec::new();
                        for (dx, dy) in [(0i32, -1i32), (0, 1), (-1, 0), (1, 0)] {
                            let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                            if x < 0 || y < 0 || x >= w as i32 || y >= pos.height as i32 {
                                continue;
                            }
                            let j = y as usize * w + x as usize;
                            if pos.cells[j].is_none() {
                                continue;
                            }
                            let c = pos.cells[j];
                            let mut seen = vec![false; pos.cells.len()];
                            let mut st = vec![j];
                            seen[j] = true;
                            let mut libs = std::collections::BTreeSet::new();
                            while let Some(q) = st.pop() {
                                let (qx, qy) = ((q % w) as i32, (q / w) as i32);
                                for (ex, ey) in [(0i32, -1i32), (0, 1), (-1, 0), (1, 0)] {
                                    let (nx, ny) = (qx + ex, qy + ey);
                                    if nx < 0 || ny < 0 || nx >= w as i32 || ny >= pos.height as i32
                                    {
                                        continue;
                                    }
                                    let k = ny as usize * w + nx as usize;
                                    if pos.cells[k].is_none() {
                                        libs.insert(k);
                                    } else if pos.cells[k] == c && !seen[k] {
                                        seen[k] = true;
                                        st.push(k);
                                    }
                                }
                            }
                            libs_n.push(libs.len());
                        }
                        println!(
                            "  diff at {} kgs {kgs:?} mine {o:?} around {around:?} nbr libs {libs_n:?}",
                            p.to_sgf()
                        );
                    }
                }
                println!(
                    "  TB {} TW {} mine {mine_b} {mine_w} caps {} {} seki {}",
                    g.tb.len(),
                    g.tw.len(),
                    g.captures_black,
                    g.captures_white,
                    sm.seki.len()
                );
            }
        }
        if want == got {
            exact += 1;
            if scored {
                scored_exact += 1;
            }
        } else if verbose {
            println!(
                "MISMATCH {} RE[{}]\n{}",
                f.display(),
                g.re,
                show(pos, &want, &got)
            );
        }
    }
    println!(
        "games {games} exact {exact} ({:.1}%) stones tp {tp} fp {fp} fn {fneg} precision {:.2}% recall {:.2}% mean {:.3} ms worst {:.3} ms",
        100.0 * exact as f64 / games.max(1) as f64,
        100.0 * tp as f64 / (tp + fp).max(1) as f64,
        100.0 * tp as f64 / (tp + fneg).max(1) as f64,
        total.as_secs_f64() * 1000.0 / games.max(1) as f64,
        worst.as_secs_f64() * 1000.0
    );
    println!(
        "games with a score result {scored_games}: exact {scored_exact} ({:.1}%)",
        100.0 * scored_exact as f64 / scored_games.max(1) as f64
    );
    for (rule, [n, m, e, q]) in &re_stats {
        println!(
            "RU {rule}: {n} scored games, count = RE with markup dead stones {m}, with estimated {e}, quick count agrees {q}"
        );
    }
    (games, exact)
}

#[test]
#[ignore]
fn kgs_markup_dead_stones() {
    let Some(c) = corpus() else { return };
    let files = markup_files(&c.join("kgs-6d-godmoves/kgs-19-2017-01-new"));
    let verbose = std::env::var("VERBOSE").is_ok();
    let (games, exact) = dead_stone_accuracy(&files, verbose);
    assert!(games >= 150, "expected the 155 markup games, read {games}");
    assert!(exact * 100 >= games * 90);
}

#[test]
#[ignore]
fn gnugo_markup_dead_stones() {
    let Some(c) = corpus() else { return };
    let mut files = Vec::new();
    let root = c.join("gnugo-regression/regression");
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sgf") {
                files.push(p);
            }
        }
    }
    files.sort();
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| {
            std::fs::read_to_string(f)
                .map(|t| t.contains("TB[") || t.contains("TW["))
                .unwrap_or(false)
        })
        .collect();
    dead_stone_accuracy(&files, std::env::var("VERBOSE").is_ok());
}

/// The library's own report (real parser and replay) on the KGS markup games.
#[test]
#[ignore]
fn kgs_accuracy_report_with_real_parser() {
    let Some(c) = corpus() else { return };
    let files = markup_files(&c.join("kgs-6d-godmoves/kgs-19-2017-01-new"));
    let r =
        echelle::accuracy::accuracy_report(&files, life::EstimateParams::default()).expect("paths");
    println!(
        "report: games {} exact {} tp {} fp {} fn {} mean {:.3} ms worst {:.3} ms scored {} RE=count markup {} estimate {}",
        r.games,
        r.exact,
        r.true_positive,
        r.false_positive,
        r.false_negative,
        r.mean_ms,
        r.worst_ms,
        r.scored_games,
        r.re_match_markup,
        r.re_match_estimate
    );
    assert_eq!(r.games, 155);
    assert!(r.re_match_markup * 100 >= r.scored_games * 90);
}

/// GTP vertex (`L17`, no `I` column) to a board point on a 19x19 board.
fn gtp_point(v: &str) -> Option<Point> {
    let mut ch = v.chars();
    let col = ch.next()?.to_ascii_uppercase();
    let row: u8 = ch.as_str().parse().ok()?;
    let x = (b'A'..=b'T')
        .filter(|&c| c != b'I')
        .position(|c| c == col as u8)?;
    (1..=19).contains(&row).then(|| Point {
        x: x as u8,
        y: 19 - row,
    })
}

/// Pachi's `t-regress/old/dead_stones`: held out, never used for tuning. The `.gtp` files give
/// no full answer to `final_status_list dead`, only the `echo` line beside it, so each case
/// asserts what that line says: a vertex whose chain must be dead, must stay alive, or a dead
/// list that must not be empty. The positions are replayed from the `.sgf` twins.
#[test]
#[ignore]
fn pachi_dead_stones() {
    let Some(c) = corpus() else { return };
    let dir = c.join("pachi-tests/t-regress/old/dead_stones");
    // (file, must be dead, must stay alive, dead list must not be empty), from the echo lines.
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
    let verbose = std::env::var("VERBOSE").is_ok();
    let (mut ok, mut total_ms, mut worst_ms) = (0usize, 0.0f64, 0.0f64);
    for (name, dead, alive, nonempty) in cases {
        let f = dir.join(format!("{name}.sgf"));
        let Some(g) = read_game(&f) else {
            println!("pachi {name}: unreadable");
            continue;
        };
        let Some(pos) = g.pos.as_ref() else { continue };
        let (ld, dt) = timed_estimate(pos);
        let ms = dt.as_secs_f64() * 1000.0;
        total_ms += ms;
        worst_ms = worst_ms.max(ms);
        let is_dead = |v: &str| {
            gtp_point(v).is_some_and(|p| {
                ld.status
                    .get(p.y as usize * 19 + p.x as usize)
                    .copied()
                    .flatten()
                    == Some(life::ChainStatus::Dead)
            })
        };
        let any_dead = ld.status.contains(&Some(life::ChainStatus::Dead));
        let pass = dead.iter().all(|v| is_dead(v))
            && alive.iter().all(|v| !is_dead(v))
            && (!nonempty || any_dead);
        ok += usize::from(pass);
        println!(
            "pachi {name}: {} ({ms:.3} ms)",
            if pass { "ok" } else { "WRONG" }
        );
        if verbose || !pass {
            let got: Vec<bool> = ld
                .status
                .iter()
                .map(|s| *s == Some(life::ChainStatus::Dead))
                .collect();
            println!("{}", show(pos, &got, &got));
        }
    }
    println!(
        "pachi: {ok}/{} cases right, mean {:.3} ms worst {worst_ms:.3} ms",
        cases.len(),
        total_ms / cases.len() as f64
    );
}
