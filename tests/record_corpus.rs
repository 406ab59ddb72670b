//! Reads every SGF file of the shared corpus: no panic, every file gives games or an error.

mod common;

use echelle::record::{
    GameRecord, ParseLimits, ParsedFile, ResultKind, RuleSet, Size, Winner, parse_file,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        common::skip(&format!("corpus not found at {}", dir.display()));
        None
    }
}

/// Quick decoding for this test only: a BOM names the encoding, else UTF-8 lossy.
fn decode(bytes: &[u8]) -> String {
    match encoding_rs::Encoding::for_bom(bytes) {
        Some((enc, _)) => enc.decode(bytes).0.into_owned(),
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
    }
    out.sort();
}

fn read(path: &Path) -> Result<ParsedFile, echelle::record::RecordError> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_file(&decode(&bytes), &ParseLimits::default())
}

fn first_game(dir: &Path, rel: &str) -> Option<GameRecord> {
    let path = dir.join(rel);
    if !path.is_file() {
        common::skip(&format!("check of {rel}: not found"));
        return None;
    }
    match read(&path) {
        Ok(mut f) if !f.games.is_empty() => match f.games.remove(0) {
            Ok(g) => Some(g),
            Err(e) => panic!("{rel}: {e}"),
        },
        other => panic!("{rel}: {other:?}"),
    }
}

#[test]
fn whole_corpus_reads_without_panic() {
    let Some(dir) = corpus() else { return };
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    assert!(!files.is_empty(), "no SGF files under {}", dir.display());
    let start = Instant::now();
    let (mut games, mut game_errors, mut file_errors, mut repaired) = (0, 0, 0, 0);
    let mut kinds: BTreeMap<&'static str, usize> = BTreeMap::new();
    for path in &files {
        match read(path) {
            Ok(f) => {
                assert!(
                    !f.games.is_empty(),
                    "{}: no game and no error",
                    path.display()
                );
                for g in &f.games {
                    match g {
                        Ok(g) => {
                            games += 1;
                            repaired += usize::from(g.repaired);
                        }
                        Err(e) => {
                            println!("  {}: {e}", path.display());
                            game_errors += 1;
                            *kinds.entry(e.kind.as_str()).or_default() += 1;
                        }
                    }
                }
            }
            Err(e) => {
                println!("  {}: {e}", path.display());
                file_errors += 1;
                *kinds.entry(e.kind.as_str()).or_default() += 1;
            }
        }
    }
    println!(
        "{} files in {:.2?}: {games} games ({repaired} repaired), {game_errors} game errors, \
         {file_errors} file errors; error kinds {kinds:?}",
        files.len(),
        start.elapsed()
    );
    assert!(games > files.len() / 2, "too few games read: {games}");
}

#[test]
fn fox_scaled_komi_and_missing_paren() {
    let Some(dir) = corpus() else { return };
    if let Some(g) = first_game(
        &dir,
        "fox-pro-featurecat/Pro2/Pro/7p/1548742404010001978.sgf",
    ) {
        assert_eq!(g.facts.komi.value, Some(6.5));
        assert!(g.facts.komi.scaled);
        assert_eq!(g.facts.rules.name, RuleSet::Japanese);
        assert_eq!(g.result.winner, Winner::Black);
        assert_eq!(g.result.kind, Some(ResultKind::Resign));
        assert_eq!(
            g.facts.date.and_then(|d| d.first).as_deref(),
            Some("2019-01-29")
        );
    }
    if let Some(g) = first_game(
        &dir,
        "fox-pro-featurecat/Pro2/Pro/9p/1550746119080010073.sgf",
    ) {
        // Starts with `;GM[1]`: repaired, KM[375] is 7.5.
        assert!(g.repaired);
        assert_eq!(g.facts.komi.value, Some(7.5));
        assert!(g.steps.len() > 100);
    }
}

#[test]
fn katago_rectangular_boards() {
    let Some(dir) = corpus() else { return };
    let base = "katago-tests/extracted_from_testsgf_cpp";
    if let Some(g) = first_game(&dir, &format!("{base}/testsgf_L1418.sgf")) {
        assert_eq!(
            g.facts.size,
            Size {
                width: 9,
                height: 17
            }
        );
        assert_eq!(g.facts.rules.name, RuleSet::Chinese);
        assert_eq!(g.result.margin, Some(32.5));
    }
    if let Some(g) = first_game(&dir, &format!("{base}/testsgf_L0578.sgf")) {
        assert_eq!(
            g.facts.size,
            Size {
                width: 17,
                height: 3
            }
        );
        assert_eq!(g.facts.komi.value, Some(-6.5));
    }
}

#[test]
fn kgs_date_and_result() {
    let Some(dir) = corpus() else { return };
    if let Some(g) = first_game(&dir, "kgs-6d-godmoves/kgs-19-2017-01-new/2017-01-01-1.sgf") {
        assert_eq!(
            g.facts.date.and_then(|d| d.first).as_deref(),
            Some("2017-01-01")
        );
        assert_eq!(g.facts.black.name.as_deref(), Some("lockhart"));
        assert_eq!(g.result.winner, Winner::Black);
        assert_eq!(g.result.kind, Some(ResultKind::Resign));
        assert_eq!(g.facts.komi.value, Some(6.5));
    }
}
