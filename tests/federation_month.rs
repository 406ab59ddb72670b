//! The officer's month of the README ("Working with the federation"), on the bundled
//! samples: a results file and the records of other tournaments rated together, the
//! tournament's own records and results file counted once, names joined across sources,
//! a results file written with the list's licences, and a director's file checked.

use std::ffi::OsStr;
use std::path::PathBuf;

fn sample(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn echelle(args: &[&OsStr]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_echelle"))
        .args(args)
        .arg("--no-progress")
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Latin-1 bytes as text.
fn latin1(b: &[u8]) -> String {
    b.iter().map(|&c| char::from(c)).collect()
}

#[test]
fn a_tournament_in_records_and_results_file_is_rated_once_from_the_results_file() {
    let records = sample("samples/tournament");
    let tou = sample("tests/snapshots/tournament.tou");
    let csv = |paths: &[&OsStr]| {
        let mut args: Vec<&OsStr> = vec!["rate".as_ref(), "--engine".as_ref(), "elo".as_ref()];
        args.extend_from_slice(paths);
        args.extend([OsStr::new("--format"), OsStr::new("csv")]);
        let out = echelle(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        (text(&out.stdout), text(&out.stderr))
    };
    let (alone, _) = csv(&[tou.as_os_str()]);
    let (both, err) = csv(&[records.as_os_str(), tou.as_os_str()]);
    // The 11 played games are in both; the forfeit is a game of neither stream.
    assert!(
        err.contains("11 record games also in a results file"),
        "{err}"
    );
    assert!(err.contains("11  duplicate"), "{err}");
    // Rated from the results file alone: the same ladder as with it only.
    assert_eq!(alone, both);
}

#[test]
fn results_file_names_join_the_records_spelling_and_each_fold_is_reported() {
    let out = echelle(&[
        "rate".as_ref(),
        sample("samples/club-2025").as_os_str(),
        sample("samples/federation/coupe-lyon-2025.tou").as_os_str(),
        "--format".as_ref(),
        "csv".as_ref(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (csv, err) = (text(&out.stdout), text(&out.stderr));
    // `NGUYEN Francois` of the results file is `François Nguyễn` of the records: one player.
    assert!(
        err.contains("NGUYEN Francois (")
            && err.contains("= François Nguyễn: order, case, accents"),
        "{err}"
    );
    assert!(!csv.contains("NGUYEN Francois"), "{csv}");
    assert_eq!(csv.matches("François Nguyễn").count(), 1, "{csv}");
}

#[test]
fn with_the_list_a_results_file_licence_picks_the_row_among_homonyms() {
    let out = echelle(&[
        "rate".as_ref(),
        sample("samples/club-2025").as_os_str(),
        sample("samples/federation/coupe-lyon-2025.tou").as_os_str(),
        "--ladder".as_ref(),
        sample("samples/federation/ech_ffg_sample.txt").as_os_str(),
        "--format".as_ref(),
        "csv".as_ref(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    // The list has two DUBOIS Jérôme: the results file's licence chooses line 5 …
    assert!(
        err.contains("by licence  DUBOIS Jérôme = DUBOIS Jérôme (line 5, licence 2400104)"),
        "{err}"
    );
    // … while the records' Jérôme Dubois, with no licence, stays a near miss.
    assert!(
        err.contains("near miss   Jérôme Dubois ~ DUBOIS Jérôme (line 4"),
        "{err}"
    );
    // A licensed player is the list's to match, not joined by name.
    assert!(!err.contains("DUBOIS Jérôme (samples"), "{err}");
}

#[test]
fn the_results_file_of_a_tournament_takes_licence_club_and_spelling_from_the_list() {
    let out = echelle(&[
        "results".as_ref(),
        sample("samples/tournament").as_os_str(),
        "--ladder".as_ref(),
        sample("samples/federation/ech_ffg_sample.txt").as_os_str(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let tou = latin1(&out.stdout);
    let row = tou
        .lines()
        .find(|l| l.contains("MARCHAND"))
        .unwrap_or_else(|| panic!("{tou}"));
    assert!(
        row.contains("MARCHAND Élodie           2D 2400107 69Ly"),
        "{row}"
    );
    // The others keep the records' spelling, with no licence.
    assert!(
        tou.contains("Zoé Garnier               1K                "),
        "{tou}"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("Élodie Marchand = MARCHAND Élodie (line 9, licence 2400107): order, case"),
        "{err}"
    );
}

#[test]
fn a_directors_file_is_checked_against_the_records() {
    let out = echelle(&[
        "results".as_ref(),
        "--check".as_ref(),
        sample("samples/federation/open-ete-2025-director.tou").as_os_str(),
        sample("samples/tournament").as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    assert!(
        list.contains("round 1: Léa Dubois - Björn Åberg: only in the records"),
        "{list}"
    );
    assert!(
        list.contains("round 2: GARNIER Zoe - MARCHAND Elodie: winner differs"),
        "{list}"
    );
    assert!(list.contains("(winner-differs)"), "{list}");
    // Round 1's count lets White's top group live (the game ended with White to move, as
    // its RE does): no dispute there.
    assert!(!list.contains("PETIT Francois - TANAKA Kenji"), "{list}");
    assert!(list.contains("; 3 to check"), "{list}");
}
