//! Federation files against the real ones: every published ladder list in the shared
//! corpus, read and written back with no games, gives the same bytes.

mod common;

use echelle::federation::{LadderList, Layout, TextEncoding};

/// The published lists: file, rows, layout.
const LISTS: [(&str, usize, Layout); 3] = [
    ("ech_ffg_V3.txt", 11_317, Layout::NoCountry),
    ("ech_ffg_V3b.txt", 12_179, Layout::NoCountry),
    ("ech_ffg_V3_16.txt", 13_670, Layout::Country),
];

#[test]
fn published_ladder_lists_round_trip_byte_for_byte() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let dir = corpus.join("federation-files/yrutschle-goat/t");
    for (file, rows, layout) in LISTS {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let list = LadderList::read(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(list.encoding(), TextEncoding::Latin1, "{file}");
        assert_eq!(list.rows().count(), rows, "{file}");
        assert_eq!(list.layout(), layout, "{file}");
        let out = list.to_latin1().unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(out == bytes, "{file}: written back differs");
        // The same list in UTF-8 reads into the same rows and is written in Latin-1.
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        let utf8 = LadderList::read(text.as_bytes()).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(utf8.encoding(), TextEncoding::Utf8);
        assert!(utf8.rows().eq(list.rows()), "{file}");
        assert!(utf8.to_latin1().is_ok_and(|b| b == bytes), "{file}");
    }
}

/// The sample list, its aliases and the sample archive.
fn sample(p: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn echelle(args: &[&std::ffi::OsStr]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_echelle"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_list_read_with_no_games_is_written_back_unchanged_by_the_command() {
    // No path at all: `rate --ladder` alone writes the list back.
    let mut lists = vec![sample("samples/federation/ech_ffg_sample.txt")];
    if let Some(c) = common::corpus() {
        lists.push(c.join("federation-files/yrutschle-goat/t/ech_ffg_V3_16.txt"));
        lists.push(c.join("federation-files/yrutschle-goat/t/ech_ffg_V3.txt"));
    }
    for list in lists {
        let out = echelle(&[
            "rate".as_ref(),
            "--ladder".as_ref(),
            list.as_os_str(),
            "--format".as_ref(),
            "ffg".as_ref(),
            "--no-progress".as_ref(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let want = std::fs::read(&list).unwrap_or_default();
        assert!(
            out.stdout == want,
            "{}: written back differs",
            list.display()
        );
        // The identity report is on stderr (the list has no room for it), even with no games.
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("identity: ladder list of"), "{err}");
    }
    // Without the list, a path is still required (a usage error, status 2).
    let out = echelle(&["rate".as_ref(), "--format".as_ref(), "ffg".as_ref()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least one PATH"));
}

#[test]
fn the_sample_season_updates_the_sample_list() {
    let out = echelle(&[
        "rate".as_ref(),
        sample("samples").as_os_str(),
        "--ladder".as_ref(),
        sample("samples/federation/ech_ffg_sample.txt").as_os_str(),
        "--aliases".as_ref(),
        sample("samples/federation/aliases.tsv").as_os_str(),
        "--format".as_ref(),
        "ffg".as_ref(),
        "--no-progress".as_ref(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // ISO-8859-1, CRLF, no ending after the last row; every row of the list kept.
    let text: String = out.stdout.iter().map(|&b| char::from(b)).collect();
    assert!(
        std::str::from_utf8(&out.stdout).is_err(),
        "written in Latin-1"
    );
    assert!(!text.ends_with('\n'));
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "#Echelle au 17/12/2025", "the last game's date");
    let input = std::fs::read(sample("samples/federation/ech_ffg_sample.txt")).unwrap_or_default();
    let input: String = input.iter().map(|&b| char::from(b)).collect();
    let names = |l: &[&str]| -> Vec<String> {
        l.iter()
            .map(|r| {
                r.chars()
                    .take(38)
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    };
    let out_names = names(&lines[1..]);
    for row in input.split("\r\n").skip(1) {
        let name: String = row
            .chars()
            .take(38)
            .collect::<String>()
            .trim_end()
            .to_string();
        assert!(out_names.contains(&name), "{name} kept");
    }
    // Who did not play keeps the row as it was; who played has a new level.
    assert!(lines.contains(&"ABADIE Lucien                         -1200 L 2400101 31To FR"));
    assert!(lines.contains(&"Zhou Wei                              -9999 - 2400111 XXXX XX"));
    let row = |n: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(n))
            .copied()
            .unwrap_or("")
    };
    assert!(row("MARCHAND Élodie").ends_with(" L 2400107 69Ly FR"));
    assert!(
        !row("MARCHAND Élodie").contains("-150"),
        "{}",
        row("MARCHAND Élodie")
    );
    // The licence chose between the two DUBOIS Jérôme: the other one is untouched.
    assert!(lines.contains(&"DUBOIS Jérôme                         -1700 - 2400104 75Pa FR"));
    // New players, merged in the federation's order: GARCIA before GIRARD before GIRAUD,
    // Å after Z, transliterated by the aliases file.
    let pos = |n: &str| out_names.iter().position(|x| x == n);
    assert!(pos("GARCIA-MUÑOZ Zoë") < pos("GIRARD Thomas"));
    assert!(pos("GIRARD Thomas") < pos("GIRAUD Thomas"));
    assert_eq!(pos("ÅBERG Søren"), Some(out_names.len() - 1));
    assert!(row("PETROV Ivan").ends_with(" - ------- XXXX XX"));
    assert_eq!(out_names.len(), 15 + 4);
    // The report names every folded match and the near miss.
    let err = String::from_utf8_lossy(&out.stderr);
    for want in [
        "by licence  Jérôme Dubois = DUBOIS Jérôme (line 4, licence 2400103): order, case",
        "folded      François Nguyễn = NGUYEN François (line 11, licence 2400109): order, case, accents",
        "near miss   Thomas Girard ~ GIRAUD Thomas (line 6, licence 2400105): one edit apart; not matched",
    ] {
        assert!(err.contains(want), "{want}\n{err}");
    }
}

#[test]
fn a_name_latin1_cannot_hold_stops_the_list_and_is_named() {
    let out = echelle(&[
        "rate".as_ref(),
        sample("samples").as_os_str(),
        "--ladder".as_ref(),
        sample("samples/federation/ech_ffg_sample.txt").as_os_str(),
        "--format".as_ref(),
        "ffg".as_ref(),
        "--no-progress".as_ref(),
        "-q".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no partial list");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot be written in ISO-8859-1"), "{err}");
    // Named as the records spell the player, and the character that failed.
    let named = ["李 明", "田中 さくら", "박 지훈", "Иван Петров"]
        .iter()
        .any(|n| err.contains(&format!("`{n}` cannot be written in ISO-8859-1 (`")));
    assert!(named && err.contains(", U+"), "{err}");
}

#[test]
fn a_date_can_be_given_and_the_json_carries_the_identity_report() {
    let out = echelle(&[
        "rate".as_ref(),
        sample("samples").as_os_str(),
        "--ladder".as_ref(),
        sample("samples/federation/ech_ffg_sample.txt").as_os_str(),
        "--aliases".as_ref(),
        sample("samples/federation/aliases.tsv").as_os_str(),
        "--format".as_ref(),
        "ffg".as_ref(),
        "--ladder-date".as_ref(),
        "2026-01-05 09:30:00".as_ref(),
        "--no-progress".as_ref(),
        "-q".as_ref(),
    ]);
    assert!(
        out.stdout
            .starts_with(b"#Echelle au 05/01/2026 09:30:00\r\n")
    );
    let out = echelle(&[
        "rate".as_ref(),
        sample("samples").as_os_str(),
        "--ladder".as_ref(),
        sample("samples/federation/ech_ffg_sample.txt").as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
        "--no-progress".as_ref(),
        "-q".as_ref(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let id = &v["identity"];
    assert_eq!(id["list_rows"], 15);
    assert_eq!(id["encoding"], "latin1");
    // Without the aliases the two DUBOIS Jérôme rows are homonyms: not matched, listed.
    let misses = id["near_misses"].as_array().cloned().unwrap_or_default();
    assert!(
        misses
            .iter()
            .any(|m| m["kind"] == "homonyms" && m["rows"].as_array().map(Vec::len) == Some(2)),
        "{id}"
    );
    assert!(
        id["folded"]
            .as_array()
            .is_some_and(|f| f.iter().any(|m| m["spelling"] == "Élodie Marchand"))
    );
}
