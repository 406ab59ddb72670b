//! Territory and seki against goscorer's expected maps (lightvector/goscorer,
//! `python/expected_test_output/*.txt`). Skips with a message without the corpus.
//!
//! Each file is one board printed by goscorer's `test.py` as several maps, each headed by
//! `NAME:`. Characters, from `test.py` (`stones_and_marked_dead_of_str`, `get_output`) and
//! `goscorer.py` (`LocScore`, `mark_scoring`):
//! - `BOARD`: `x`/`o` black/white stone, `b`/`w` black/white stone marked dead, `.` empty.
//! - `TERRITORY`: `z`/`a` = `is_territory_for` Black/White (Japanese territory: empty and
//!   dead-stone points; never in a seki group's area, never an unscorable false eye); any
//!   other point repeats the BOARD character.
//! - `SEKI`: `belongs_to_seki_group` (the point is in a region of a colour whose eyes are
//!   worth at most one in total): `x`/`o` on a stone (of either colour, dead ones included)
//!   in a Black/White seki region, `z`/`a` on an empty point there, `.` elsewhere.
//! - `UNSCORABLE FALSE EYES`: `F` where `is_unscorable_false_eye` (a false eye that must be
//!   filled, or a point next to a dead throw-in in one); other points repeat BOARD.
//!
//! Our side: the given dead stones go through `life::from_dead_list` (the finishing step)
//! and `scoring::japanese_territory` (our Japanese count: territory outside seki) is compared
//! with TERRITORY on every empty or dead-stone point; our seki chains with SEKI on every
//! living stone. The estimate is run too, on the board with the dead stones still on it.

mod common;

use echelle::board::{Color, Point, Position};
use echelle::life::{self, ChainStatus, DeadSource, DeadStoneMethod, EstimateParams};
use std::collections::BTreeMap;

/// One goscorer file: the board and the maps we compare with, as rows of bytes.
struct Case {
    width: usize,
    height: usize,
    board: Vec<Vec<u8>>,
    territory: Vec<Vec<u8>>,
    seki: Vec<Vec<u8>>,
    unscorable: Vec<Vec<u8>>,
}

/// Splits a file into its maps and checks they are rectangles of one size; `Err` says why not.
fn parse(text: &str) -> Result<Case, String> {
    let mut maps: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_suffix(':') {
            maps.insert(name.to_string(), Vec::new());
            current = Some(name.to_string());
        } else if let Some(rows) = current.as_ref().and_then(|c| maps.get_mut(c)) {
            rows.push(line.as_bytes().to_vec());
        } else {
            return Err(format!("row before any map name: {line:?}"));
        }
    }
    let mut take = |name: &str| maps.remove(name).ok_or(format!("no {name} map"));
    let board = take("BOARD")?;
    let territory = take("TERRITORY")?;
    let seki = take("SEKI")?;
    let unscorable = take("UNSCORABLE FALSE EYES")?;
    let height = board.len();
    let width = board.first().map_or(0, Vec::len);
    if width == 0 || width > 52 || height > 52 {
        return Err(format!("board {width}x{height} out of range"));
    }
    for (name, m) in [
        ("BOARD", &board),
        ("TERRITORY", &territory),
        ("SEKI", &seki),
        ("UNSCORABLE FALSE EYES", &unscorable),
    ] {
        if m.len() != height || m.iter().any(|r| r.len() != width) {
            return Err(format!("{name} is not a {width}x{height} rectangle"));
        }
    }
    if let Some(c) = board.iter().flatten().find(|c| !b".xobw".contains(c)) {
        return Err(format!("unknown board character {:?}", *c as char));
    }
    Ok(Case {
        width,
        height,
        board,
        territory,
        seki,
        unscorable,
    })
}

impl Case {
    fn at(&self, m: &[Vec<u8>], i: usize) -> u8 {
        m[i / self.width][i % self.width]
    }

    /// The position with every stone on it, and the marked-dead points.
    fn position(&self) -> (Position, Vec<Point>) {
        let mut pos = Position::empty(self.width as u8, self.height as u8);
        let mut dead = Vec::new();
        for (y, row) in self.board.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                pos.cells[y * self.width + x] = match c {
                    b'x' | b'b' => Some(Color::Black),
                    b'o' | b'w' => Some(Color::White),
                    _ => None,
                };
                if c == b'b' || c == b'w' {
                    dead.push(Point {
                        x: x as u8,
                        y: y as u8,
                    });
                }
            }
        }
        (pos, dead)
    }
}

/// Why one territory point differs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Cause {
    /// goscorer leaves out an unscorable false eye that we count.
    FalseEye,
    /// goscorer sees the area as a seki group's (eyes worth ≤ 1) and scores nothing; the eye
    /// holds stones marked dead, which we lift (French: dead stones are removed) but which
    /// goscorer keeps as part of the eye shape.
    SekiEyeWithDeadStones,
    /// goscorer sees the area as a seki group's (eyes worth ≤ 1, judged by its eye-shape
    /// heuristics) and scores nothing; no dead stone inside.
    GoscorerSeki,
    /// We see a seki (or a seki eye) and score nothing where goscorer scores.
    OurSeki,
    /// Anything else.
    Other,
}

/// True when the region of `i` (connected points of our territory map with one owner)
/// holds a stone goscorer marks dead.
fn region_has_dead(case: &Case, territory: &[Option<Color>], pos: &Position, i: usize) -> bool {
    let (w, h) = (case.width, case.height);
    let mut seen = vec![false; w * h];
    let mut stack = vec![i];
    seen[i] = true;
    while let Some(p) = stack.pop() {
        if b"bw".contains(&case.at(&case.board, p)) {
            return true;
        }
        let (x, y) = (p % w, p / w);
        let nbs = [
            (x > 0).then(|| p - 1),
            (x + 1 < w).then(|| p + 1),
            (y > 0).then(|| p - w),
            (y + 1 < h).then(|| p + w),
        ];
        for q in nbs.into_iter().flatten() {
            let living = pos.cells[q].is_some() && !b"bw".contains(&case.at(&case.board, q));
            if !seen[q] && !living && territory[q] == territory[i] {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    false
}

fn owner_char(c: Option<Color>) -> u8 {
    match c {
        Some(Color::Black) => b'z',
        Some(Color::White) => b'a',
        None => b'.',
    }
}

#[test]
fn goscorer_territory_and_seki_maps() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let dir = corpus.join("goscorer-tests/python/expected_test_output");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        common::skip(&format!("no goscorer maps at {}", dir.display()));
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let verbose = std::env::var_os("GOSCORER_VERBOSE").is_some();

    let mut parsed = 0;
    let mut unparsed = Vec::new();
    let (mut terr_exact, mut terr_exact_but_false_eyes) = (0, 0);
    let (mut points, mut points_agree) = (0, 0);
    let mut causes: BTreeMap<Cause, (usize, Vec<String>)> = BTreeMap::new();
    let (mut seki_exact, mut stones, mut stones_agree) = (0, 0, 0);
    let (mut only_theirs, mut only_ours, mut both_seki) = (0, 0, 0);
    let mut seki_misses = Vec::new();
    let (mut with_dead, mut est_exact, mut est_exact_with_dead) = (0, 0, 0);
    for path in &files {
        let name = path.file_stem().map_or_else(String::new, |s| {
            s.to_string_lossy().trim_start_matches("test_").to_string()
        });
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let case = match parse(&text) {
            Ok(c) => c,
            Err(why) => {
                unparsed.push(format!("{name}: {why}"));
                continue;
            }
        };
        parsed += 1;
        let (pos, dead) = case.position();
        let ld = life::from_dead_list(&pos, &dead, DeadSource::Markup);
        let ours = echelle::scoring::japanese_territory(&pos, &ld);
        let n = case.width * case.height;

        // Territory, on every empty or dead-stone point.
        let mut file_causes = Vec::new();
        for (i, &mine) in ours.iter().enumerate().take(n) {
            let b = case.at(&case.board, i);
            if !b".bw".contains(&b) {
                continue;
            }
            points += 1;
            let theirs = match case.at(&case.territory, i) {
                b'z' => Some(Color::Black),
                b'a' => Some(Color::White),
                _ => None,
            };
            if mine == theirs {
                points_agree += 1;
                continue;
            }
            let in_their_seki = b"zaxo".contains(&case.at(&case.seki, i));
            let cause = if theirs.is_none() && case.at(&case.unscorable, i) == b'F' {
                Cause::FalseEye
            } else if theirs.is_none() && in_their_seki {
                if region_has_dead(&case, &ld.territory, &pos, i) {
                    Cause::SekiEyeWithDeadStones
                } else {
                    Cause::GoscorerSeki
                }
            } else if mine.is_none()
                && (ld.seki_region[i] || ld.territory[i].is_some_and(|o| Some(o) == theirs))
            {
                Cause::OurSeki
            } else {
                Cause::Other
            };
            file_causes.push(cause);
        }
        if file_causes.is_empty() {
            terr_exact += 1;
        } else if file_causes.iter().all(|&c| c == Cause::FalseEye) {
            terr_exact_but_false_eyes += 1;
        }
        for c in &file_causes {
            causes.entry(*c).or_default().0 += 1;
        }
        let mut kinds = file_causes.clone();
        kinds.sort();
        kinds.dedup();
        for c in kinds {
            causes.entry(c).or_default().1.push(name.clone());
        }

        // Seki, on every living stone.
        let mut seki_ok = true;
        for i in 0..n {
            if !b"xo".contains(&case.at(&case.board, i)) {
                continue;
            }
            stones += 1;
            let theirs = b"xo".contains(&case.at(&case.seki, i));
            let mine = ld.status[i] == Some(ChainStatus::Seki);
            match (theirs, mine) {
                (true, false) => only_theirs += 1,
                (false, true) => only_ours += 1,
                (true, true) => {
                    both_seki += 1;
                    stones_agree += 1;
                }
                (false, false) => stones_agree += 1,
            }
            seki_ok &= theirs == mine;
        }
        if seki_ok {
            seki_exact += 1;
        } else {
            seki_misses.push(name.clone());
        }

        // The estimate, on the board with the dead stones still on it.
        let est = life::decide_with(
            &pos,
            None,
            DeadStoneMethod::Estimate,
            EstimateParams::default(),
        );
        let w = case.width;
        let est_dead: Vec<Point> = (0..n)
            .filter(|&i| est.status[i] == Some(ChainStatus::Dead))
            .map(|i| Point {
                x: (i % w) as u8,
                y: (i / w) as u8,
            })
            .collect();
        if !dead.is_empty() {
            with_dead += 1;
        }
        if verbose && est_dead != dead {
            let extra = est_dead.iter().filter(|p| !dead.contains(p)).count();
            let missed = dead.iter().filter(|p| !est_dead.contains(p)).count();
            eprintln!(
                "== {name}: estimate kills {extra} unmarked stones, keeps {missed} marked dead"
            );
        }
        if est_dead == dead {
            est_exact += 1;
            if !dead.is_empty() {
                est_exact_with_dead += 1;
            }
        }

        if verbose && (!file_causes.is_empty() || !seki_ok) {
            eprintln!("== {name}: territory {file_causes:?}, seki ok {seki_ok}");
            for y in 0..case.height {
                let row = |f: &dyn Fn(usize) -> u8| -> String {
                    (0..w).map(|x| f(y * w + x) as char).collect()
                };
                let board = row(&|i| case.at(&case.board, i));
                let theirs = row(&|i| case.at(&case.territory, i));
                let mine = row(&|i| {
                    let b = case.at(&case.board, i);
                    match (ours[i], ld.status[i]) {
                        (Some(c), _) => owner_char(Some(c)),
                        (None, Some(ChainStatus::Seki)) => b'S',
                        (None, _) if ld.seki_region[i] => b's',
                        _ => b,
                    }
                });
                let seki = row(&|i| case.at(&case.seki, i));
                eprintln!("  {board}  {theirs}  {mine}  {seki}");
            }
        }
    }

    let files_n = files.len();
    eprintln!(
        "goscorer maps: {files_n} files, {parsed} parsed; territory maps exact {terr_exact}, \
         exact but for unscorable false eyes {terr_exact_but_false_eyes}; \
         points agree {points_agree}/{points}"
    );
    for (cause, (count, names)) in &causes {
        eprintln!(
            "  {cause:?}: {count} points in {} files: {}",
            names.len(),
            names.join(", ")
        );
    }
    eprintln!(
        "  seki: stones agree {stones_agree}/{stones} (seki for both {both_seki}, for goscorer \
         only {only_theirs}, for us only {only_ours}), files exact {seki_exact}/{parsed}; differ: {}",
        seki_misses.join(", ")
    );
    eprintln!(
        "  estimate: exact dead sets {est_exact}/{parsed} ({est_exact_with_dead} of the \
         {with_dead} with marked dead stones)"
    );
    for u in &unparsed {
        eprintln!("  unparsed {u}");
    }

    // Floors just under the measured figures (23 exact maps, 16 more exact but for false
    // eyes, 4806/5359 points, seki 3983/5357 stones and 26 files), so a regression fails.
    // The estimate's floor is its measured figure, 29: these diagrams leave most of the
    // board open, where the estimate judges a chain whose liberties are all open points by
    // its own share of the playouts (`loose_nakade`'s bare wall on the right edge, kept in
    // under half of them, is called dead since 27 November 2026; games stopped early gained).
    // Groups near a coin toss abound there: with two rounds of extra playouts instead of five
    // (28 November 2026) the default seed gives 29 instead of 30, seeds 1-7 29.3 instead of
    // 28.9 on average.
    assert!(
        files_n >= 91,
        "expected goscorer's 91 maps, found {files_n}"
    );
    assert!(unparsed.is_empty(), "unparsed maps: {unparsed:?}");
    assert!(
        terr_exact >= 22,
        "exact territory maps {terr_exact}/{parsed}"
    );
    assert!(
        terr_exact + terr_exact_but_false_eyes >= 38,
        "territory maps exact but for false eyes {}/{parsed}",
        terr_exact + terr_exact_but_false_eyes
    );
    assert!(
        points_agree * 1000 >= points * 895,
        "territory points agree {points_agree}/{points}"
    );
    // Every difference is goscorer scoring less (false eyes, its eye-value seki): we never
    // withhold a point goscorer counts, nor give it to the other side.
    let ours_short: Vec<_> = causes
        .iter()
        .filter(|(c, _)| matches!(c, Cause::OurSeki | Cause::Other))
        .collect();
    assert!(
        ours_short.is_empty(),
        "unexplained differences {ours_short:?}"
    );
    assert!(
        stones_agree * 100 >= stones * 74,
        "seki agrees on {stones_agree}/{stones} stones"
    );
    assert_eq!(only_ours, 0, "stones in seki for us but not for goscorer");
    assert!(seki_exact >= 25, "exact seki maps {seki_exact}/{parsed}");
    assert!(
        est_exact >= 29,
        "estimate exact dead sets {est_exact}/{parsed}"
    );
}

#[test]
fn goscorer_map_parser_survives_odd_input() {
    assert!(parse("").is_err());
    assert!(parse("x.\n").is_err(), "a row before any map name");
    assert!(parse("BOARD:\nx.\n").is_err(), "maps missing");
    let ragged =
        "BOARD:\nx.\n.\nTERRITORY:\nx.\n..\nSEKI:\n..\n..\nUNSCORABLE FALSE EYES:\nx.\n..\n";
    assert!(parse(ragged).is_err(), "ragged board");
    let odd = "BOARD:\nq.\nTERRITORY:\nq.\nSEKI:\n..\nUNSCORABLE FALSE EYES:\nq.\n";
    assert!(parse(odd).is_err(), "unknown character");
    let one =
        "BOARD:\n.\nx\nw\nTERRITORY:\nz\nx\nz\nSEKI:\n.\n.\n.\nUNSCORABLE FALSE EYES:\n.\nx\nw\n";
    let c = parse(one).expect("a 1x3 board");
    let (pos, dead) = c.position();
    assert_eq!((pos.width, pos.height), (1, 3));
    assert_eq!(dead, vec![Point { x: 0, y: 2 }]);
    let ld = life::from_dead_list(&pos, &dead, DeadSource::Markup);
    let ours = echelle::scoring::japanese_territory(&pos, &ld);
    assert_eq!(ours, vec![Some(Color::Black), None, Some(Color::Black)]);
}
