//! Results files (`.tou`, `.h9`): the real files of the shared folder read and checked for
//! symmetry as its README describes them; written from `samples/tournament`, read back.

mod common;

use echelle::federation::ResultsFormat;
use echelle::federation::table::{self, ResultsTable, Symmetry};
use std::path::{Path, PathBuf};

/// The shared folder of federation files, or `None` with a printed reason.
fn federation_files() -> Option<PathBuf> {
    let p = common::corpus()?.join("federation-files");
    if p.is_dir() {
        Some(p)
    } else {
        common::skip(&format!("{} is absent", p.display()));
        None
    }
}

fn read(dir: &Path, rel: &str, format: ResultsFormat) -> ResultsTable {
    let bytes = std::fs::read(dir.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    table::read(rel, &bytes, format).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// What the shared folder's README says of each file.
struct Expected {
    rel: &'static str,
    format: ResultsFormat,
    encoding: &'static str,
    embedded: bool,
    /// Line numbers of the first and last player rows.
    rows_at: (usize, usize),
    rows: usize,
    rounds: &'static [u32],
    games: usize,
    no_games: usize,
    /// Rows of the games that cannot be rated, with why.
    unratable: &'static [(usize, usize, Symmetry)],
    /// Rows of the games whose result is `?`.
    unknown: &'static [(usize, usize)],
}

const OG: &str = "lucvannier-opengotha/exportfiles/";
const GOAT: &str = "yrutschle-goat/t/";

fn expected() -> Vec<Expected> {
    let e =
        |rel: &'static str, format, encoding, embedded, rows_at, rows, rounds, games, no_games| {
            Expected {
                rel,
                format,
                encoding,
                embedded,
                rows_at,
                rows,
                rounds,
                games,
                no_games,
                unratable: &[],
                unknown: &[],
            }
        };
    use ResultsFormat::{H9, Tou};
    vec![
        e(
            "Tournoi de Juvisy.tou",
            Tou,
            "ISO-8859-1",
            false,
            (12, 30),
            19,
            &[1, 2, 3, 4],
            36,
            4,
        ),
        e(
            "CdFA2020-essaiLVCup.tou",
            Tou,
            "ISO-8859-1",
            false,
            (12, 27),
            16,
            &[1, 2, 3, 4],
            32,
            0,
        ),
        e(
            "Tournoi de Juvisy.h9",
            H9,
            "ISO-8859-1",
            false,
            (12, 30),
            19,
            &[1, 2, 3, 4],
            36,
            4,
        ),
        Expected {
            // 12 games in round 1, rounds 2–5 unpaired (`0-`); the both-win game on rows 9
            // and 10; the two `?` results of rows 7 and 8.
            unratable: &[(9, 10, Symmetry::BothWon)],
            unknown: &[(7, 8)],
            ..e(
                "TournoiChinois.h9",
                H9,
                "ASCII",
                false,
                (12, 35),
                24,
                &[1, 2, 3, 4, 5],
                12,
                96,
            )
        },
        e(
            "ioct_20_02.h9",
            H9,
            "ASCII",
            false,
            (11, 14),
            4,
            &[1, 2, 3],
            6,
            0,
        ),
        // 231 cells of which 61 are `0=`: 85 games.
        e(
            "out.200",
            Tou,
            "UTF-8",
            true,
            (97, 129),
            33,
            &[1, 2, 3, 4, 5, 6, 7],
            85,
            61,
        ),
        e("out.201", Tou, "UTF-8", true, (23, 44), 22, &[1], 11, 0),
        e(
            "out.202",
            Tou,
            "ISO-8859-1",
            true,
            (68, 89),
            22,
            &[1],
            11,
            0,
        ),
        e(
            "out.203",
            Tou,
            "ISO-8859-1",
            true,
            (67, 88),
            22,
            &[1],
            11,
            0,
        ),
        // Its four columns are rounds 1, 3, 4 and 6; 30 of its 44 cells are `0=`.
        e(
            "out.204",
            Tou,
            "UTF-8",
            true,
            (19, 29),
            11,
            &[1, 3, 4, 6],
            7,
            30,
        ),
        e(
            "out.204b",
            Tou,
            "ISO-8859-1",
            true,
            (64, 74),
            11,
            &[1, 3, 4, 6],
            7,
            30,
        ),
        e(
            "out.204c",
            Tou,
            "ISO-8859-1",
            true,
            (72, 101),
            30,
            &[6],
            15,
            0,
        ),
    ]
}

#[test]
fn every_shared_results_file_reads_as_its_readme_says() {
    let Some(dir) = federation_files() else {
        return;
    };
    for x in expected() {
        let rel = if x.rel.starts_with("out.") {
            format!("{GOAT}{}", x.rel)
        } else {
            format!("{OG}{}", x.rel)
        };
        let t = read(&dir, &rel, x.format);
        assert!(t.errors.is_empty(), "{rel}: {:?}", t.errors);
        assert_eq!(t.encoding, x.encoding, "{rel}");
        assert_eq!(t.embedded, x.embedded, "{rel}");
        assert_eq!(t.players.len(), x.rows, "{rel}");
        let at = (t.players[0].line, t.players[x.rows - 1].line);
        assert_eq!(at, x.rows_at, "{rel}");
        assert_eq!(t.rounds, x.rounds, "{rel}");
        assert_eq!((t.games.len(), t.no_games), (x.games, x.no_games), "{rel}");
        let unratable: Vec<_> = t
            .unratable()
            .map(|g| (g.first, g.second, g.symmetry))
            .collect();
        assert_eq!(unratable, x.unratable, "{rel}");
        let unknown: Vec<_> = t.unknown_results().map(|g| (g.first, g.second)).collect();
        assert_eq!(unknown, x.unknown, "{rel}");
        assert!(t.header.date.is_some() && t.header.name.is_some(), "{rel}");
        // Every game becomes one rating event with the tournament's date and its round.
        let inputs = t.game_inputs();
        assert_eq!(inputs.len(), x.games, "{rel}");
        assert!(inputs.iter().all(|g| g.date == t.header.date));
        assert!(
            inputs
                .iter()
                .all(|g| g.black.is_some() && g.white.is_some())
        );
    }
}

#[test]
fn the_same_table_in_utf8_and_latin1_reads_the_same() {
    let Some(dir) = federation_files() else {
        return;
    };
    for (a, b) in [("out.201", "out.202"), ("out.204", "out.204b")] {
        let ta = read(&dir, &format!("{GOAT}{a}"), ResultsFormat::Tou);
        let tb = read(&dir, &format!("{GOAT}{b}"), ResultsFormat::Tou);
        assert_eq!(
            ta.players,
            tb.players
                .iter()
                .map(|p| table::PlayerRow {
                    line: p.line - tb.players[0].line + ta.players[0].line,
                    ..p.clone()
                })
                .collect::<Vec<_>>()
        );
        assert_eq!(ta.games, tb.games);
        assert!(
            ta.players.iter().any(|p| p.identity.name.contains('é')),
            "{a}"
        );
    }
}

#[test]
fn juvisy_tou_and_h9_hold_the_same_games() {
    let Some(dir) = federation_files() else {
        return;
    };
    let tou = read(
        &dir,
        &format!("{OG}Tournoi de Juvisy.tou"),
        ResultsFormat::Tou,
    );
    let h9 = read(
        &dir,
        &format!("{OG}Tournoi de Juvisy.h9"),
        ResultsFormat::H9,
    );
    let key = |t: &ResultsTable| -> Vec<_> {
        t.game_inputs()
            .into_iter()
            .map(|g| (g.round, g.black, g.white, g.handicap, g.winner, g.komi))
            .collect()
    };
    assert_eq!(key(&tou), key(&h9));
    // Accents read by characters: the name column stays aligned.
    assert!(
        tou.players
            .iter()
            .any(|p| p.identity.name == "Burq François")
    );
    assert_eq!(tou.players[17].identity.licence, "");
}

fn echelle(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_echelle"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("echelle runs: {e}"))
}

fn snapshot(name: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn results_files_written_from_the_sample_tournament_match_their_snapshots() {
    for (format, snap) in [("tou", "tournament.tou"), ("h9", "tournament.h9")] {
        let out = echelle(&[
            "results",
            "samples/tournament",
            "--no-progress",
            "--place",
            "Lyon",
            "--format",
            format,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, snapshot(snap), "{snap}");
        // ISO-8859-1: `é` is one byte.
        assert!(out.stdout.windows(3).any(|w| w == b"Zo\xE9"));
    }
}

#[test]
fn written_files_read_back_into_the_same_games() {
    use echelle::federation::tournament::read_games;
    use echelle::record::{ResultKind, Winner};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (games, failures) = read_games(
        &[dir.join("samples/tournament")],
        &echelle::batch::BatchOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .unwrap_or_else(|| panic!("not interrupted"));
    assert!(failures.is_empty());
    assert_eq!(games.len(), 12);
    for (snap, format) in [
        ("tournament.tou", ResultsFormat::Tou),
        ("tournament.h9", ResultsFormat::H9),
    ] {
        let t = table::read(snap, &snapshot(snap), format).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            t.errors.is_empty() && t.unratable().count() == 0,
            "{}",
            t.report()
        );
        let mut back: Vec<_> = t
            .game_inputs()
            .into_iter()
            .map(|g| (g.round, g.black, g.white, g.handicap, g.winner))
            .collect();
        let mut want: Vec<_> = games
            .iter()
            // A .tou writes a forfeit as no game (`0+`/`0-`); a .h9 as a `!` cell.
            .filter(|g| format == ResultsFormat::H9 || g.kind != Some(ResultKind::Forfeit))
            .map(|g| {
                // An even game without komi is written handicap 1.
                let h = if g.handicap == 0 && g.komi == Some(0.5) {
                    1
                } else {
                    g.handicap
                };
                (
                    g.round.clone(),
                    g.black.clone(),
                    g.white.clone(),
                    h,
                    g.winner,
                )
            })
            .collect();
        back.sort_by_key(|g| format!("{g:?}"));
        want.sort_by_key(|g| format!("{g:?}"));
        assert_eq!(back, want, "{snap}");
        assert!(want.iter().any(|g| g.4 == Winner::White));
        let forfeits = t
            .game_inputs()
            .iter()
            .filter(|g| g.kind == Some(ResultKind::Forfeit))
            .count();
        assert_eq!(forfeits, usize::from(format == ResultsFormat::H9), "{snap}");
    }
}

#[test]
fn the_check_lists_what_the_director_must_look_at() {
    let out = echelle(&[
        "results",
        "--check",
        "tests/snapshots/tournament.tou",
        "samples/tournament",
        "--no-progress",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    // The file is echelle's own: only the games whose count disputes RE are listed (round
    // 1's White top group, which dies when Black moves first, lives: the game ended with
    // White to move, and its count gives RE's W+4.5).
    assert_eq!(
        text,
        "round 3: Ana Muñoz - Élodie Marchand: the count names the other winner than RE \
         (winner-differs) (samples/tournament/ronde-3-d-a.sgf#0)\n\
         11 games in the results file, 12 in the records, 11 on both sides; 1 to check\n"
    );
    // A director's file with a result turned over, a colour swapped and a game missing.
    let tou = snapshot("tournament.tou")
        .iter()
        .map(|b| char::from(*b))
        .collect::<String>()
        .replace(
            "   1 Zoé Garnier               1K                 6+w0",
            "   1 Zoé Garnier               1K                 6-w0",
        )
        .replace(
            "   6 Ana Muñoz                 2K                 1-b0",
            "   6 Ana Muñoz                 2K                 1+b0",
        )
        .replace("    5+w0    1-w0", "    5+b0    1-w0")
        .replace(
            "   5 Jérôme Lefèvre            1D                 4-b0",
            "   5 Jérôme Lefèvre            1D                 4-w0",
        )
        .replace("    7-w1", "    0=  ")
        .replace("    5+b1", "    0=  ");
    let latin1: Vec<u8> = tou
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect();
    let path = std::env::temp_dir().join(format!("echelle-check-{}.tou", std::process::id()));
    std::fs::write(&path, latin1).unwrap_or_else(|e| panic!("{e}"));
    let out = echelle(&[
        "results",
        "--check",
        &path.to_string_lossy(),
        "samples/tournament",
        "--no-progress",
    ]);
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("round 1: Ana Muñoz - Zoé Garnier: winner differs: the file says Ana Muñoz, the record Zoé Garnier"), "{text}");
    assert!(text.contains("round 1: Élodie Marchand - Jérôme Lefèvre: colour differs: Black is Élodie Marchand in the file, Jérôme Lefèvre in the record"), "{text}");
    assert!(text.contains("round 3: Léa Dubois - Jérôme Lefèvre: only in the records (samples/tournament/ronde-3-f-b.sgf#0)"), "{text}");
    assert!(
        text.contains(
            "10 games in the results file, 12 in the records, 10 on both sides; 4 to check"
        ),
        "{text}"
    );
}

#[test]
fn rate_takes_results_files_beside_sgf_inputs() {
    let out = echelle(&[
        "rate",
        "tests/snapshots/tournament.tou",
        "samples/club-2025",
        "--no-progress",
        "--format",
        "csv",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains(
        "echelle: 1 results files (.tou, .h9): 1 read + 0 failed whole; 11 games in them (0 unratable); 0 lines unreadable"
    ), "{err}");
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(csv.contains("Élodie Marchand"), "{csv}");
}

#[test]
fn opengotha_xml_and_its_exports_hold_the_same_games() {
    use echelle::federation::check::match_key;
    use echelle::federation::xml;
    let Some(dir) = federation_files() else {
        return;
    };
    let og = "lucvannier-opengotha/";
    for (xml_file, export, format, names) in [
        (
            "tournamentfiles/Tournoi de Juvisy.xml",
            "Tournoi de Juvisy.tou",
            ResultsFormat::Tou,
            true,
        ),
        (
            "tournamentfiles/Tournoi de Juvisy.xml",
            "Tournoi de Juvisy.h9",
            ResultsFormat::H9,
            true,
        ),
        (
            "tournamentfiles/CdFA2020-essaiLVCup.xml",
            "CdFA2020-essaiLVCup.tou",
            ResultsFormat::Tou,
            true,
        ),
        // The CJK names became `?` in the export: only rounds, handicaps and results compare.
        (
            "tournamentfiles/TournoiChinois.xml",
            "TournoiChinois.h9",
            ResultsFormat::H9,
            false,
        ),
        (
            "tournamentfiles/work/ioct_20_02.xml",
            "ioct_20_02.h9",
            ResultsFormat::H9,
            true,
        ),
    ] {
        let text = std::fs::read_to_string(dir.join(og).join(xml_file))
            .unwrap_or_else(|e| panic!("{xml_file}: {e}"));
        let from_xml = xml::game_inputs(xml_file, &text);
        let table = read(&dir, &format!("{OG}{export}"), format);
        let key = |g: &echelle::rating::GameInput| {
            let name = |n: &Option<String>| {
                if names {
                    match_key(n.as_deref().unwrap_or(""))
                } else {
                    String::new()
                }
            };
            format!(
                "{:?} {} / {} h{} {:?} {:?}",
                g.round,
                name(&g.black),
                name(&g.white),
                g.handicap,
                g.winner,
                g.komi
            )
        };
        let mut a: Vec<String> = from_xml.iter().map(key).collect();
        let mut b: Vec<String> = table.game_inputs().iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{xml_file} against {export}");
        assert!(!a.is_empty());
    }
}

#[test]
fn rate_names_the_bad_lines_of_a_results_file_and_reads_the_rest() {
    let dir = std::env::temp_dir().join(format!("echelle-bad-tou-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("bad.tou");
    let text = ";name=Club\n;date=01/03/2025\n\
        \x20  1 Dupont Jean               2D 0000000 31To    2+w0    3+b0\n\
        \x20  2 Martin Paul               1K 0000000 31To    1-b0    9+w0\n\
        \x20  3 Petit\n";
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let skipped = dir.join("skipped.txt");
    let out = echelle(&[
        "rate",
        "--no-progress",
        "--engine",
        "ffg2003",
        &path.to_string_lossy(),
        "--skipped",
        &skipped.to_string_lossy(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    let list = std::fs::read_to_string(&skipped).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{err}");
    let file = path.to_string_lossy();
    assert!(err.contains("1 results files (.tou, .h9): 1 read + 0 failed whole; 2 games in them (1 unratable); 2 lines unreadable"), "{err}");
    assert!(
        err.contains(&format!(
            "{file}: line 4: round column 2: opponent 9 is past the table (3 rows)"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{file}: line 5: truncated row: 10 characters, its identity columns need 33"
        )),
        "{err}"
    );
    assert!(err.contains(&format!("{file}: round 2: Dupont Jean (row 1) - Petit (row 3): the opponent's cell does not answer")), "{err}");
    assert!(
        list.contains(&format!("{file}\t-\t? - ?\tline 5: truncated row")),
        "{list}"
    );
}

#[test]
fn an_uncertain_count_is_a_note_not_a_disagreement() {
    use echelle::federation::{check, table, tournament};
    use echelle::scoring::Verdict;
    let Ok(Some((mut games, _))) = tournament::read_games(
        &[PathBuf::from("samples/tournament")],
        &echelle::batch::BatchOptions::default(),
    ) else {
        panic!("the sample tournament reads");
    };
    let t = table::read(
        "tournament.tou",
        &snapshot("tournament.tou"),
        ResultsFormat::Tou,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let before = check::check(&t, &games);
    assert_eq!(before.findings.len(), 1, "{}", before.text());
    assert!(before.notes.is_empty());
    // The disputed count, had it rested on an uncertain group.
    for g in &mut games {
        if let Some(c) = g
            .count
            .as_mut()
            .filter(|c| c.verdict == Verdict::WinnerDiffers)
        {
            c.verdict = Verdict::Uncertain;
        }
    }
    let after = check::check(&t, &games);
    assert!(after.findings.is_empty(), "{}", after.text());
    assert_eq!(after.notes.len(), 1);
    let text = after.text();
    assert!(
        text.contains(
            "note: round 3: Ana Muñoz - Élodie Marchand: the count differs from RE only if"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("; 0 to check; 1 uncertain count noted\n"),
        "{text}"
    );
}
