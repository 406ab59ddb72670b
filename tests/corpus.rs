//! `echelle analyze` over the real shared corpus: no panic, nothing lost, named files right.

mod common;

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// Every `.sgf` file below `dir`, as the batch names it.
fn sgf_files(dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let is_link = e.file_type().map(|t| t.is_symlink()).unwrap_or(false);
        if p.is_dir() && !is_link {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.insert(p.display().to_string());
        }
    }
}

/// `(move, kind)` of every violation of a record.
fn violations(r: &Value) -> Vec<(u64, String)> {
    r["violations"]
        .as_array()
        .map(|v| {
            v.iter()
                .filter_map(|x| Some((x["move"].as_u64()?, x["kind"].as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

fn records_for<'a>(records: &'a [Value], suffix: &str) -> Vec<&'a Value> {
    records
        .iter()
        .filter(|r| r["file"].as_str().is_some_and(|f| f.ends_with(suffix)))
        .collect()
}

#[test]
fn whole_corpus_every_file_appears_and_named_files_are_right() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let records = common::analyze(std::slice::from_ref(&corpus), 2);
    let mut expected = BTreeSet::new();
    sgf_files(&corpus, &mut expected);
    let seen: BTreeSet<String> = records
        .iter()
        .filter_map(|r| r["file"].as_str().map(str::to_string))
        .collect();
    let missing: Vec<_> = expected.difference(&seen).take(5).collect();
    assert!(
        missing.is_empty(),
        "files missing from the output: {missing:?}"
    );
    assert!(expected.len() > 11_000, "corpus shrank: {}", expected.len());

    // The littlego illegal games are flagged at the right move.
    let suicide = records_for(&records, "Illegal games/suicide.sgf");
    assert_eq!(suicide.len(), 1);
    // (;B[ab];W[];B[ba];W[aa]): White's 4th move fills its own last liberty.
    assert_eq!(violations(suicide[0]), vec![(4, "suicide".to_string())]);
    let superko = records_for(&records, "Illegal games/positional-superko.sgf");
    assert_eq!(superko.len(), 1);
    // The last move, Black's B[eg] (move 23), recreates an earlier whole-board position.
    assert_eq!(violations(superko[0]), vec![(23, "superko".to_string())]);

    // An OGS game left with an open border: Black's K15-K14, joined to its living group only
    // through empty points White holds, die alone, and the count is the players' W+111.5.
    let ogs = records_for(
        &records,
        "go-brasil-ranking-psygo/sgf/dogemp_game_records_025.sgf",
    );
    assert_eq!(ogs.len(), 1);
    assert_eq!(ogs[0]["verdict"], "match", "{}", ogs[0]["score"]);

    // Player names in CJK encodings come out right.
    let names: BTreeSet<String> = records
        .iter()
        .filter(|r| {
            r["file"]
                .as_str()
                .is_some_and(|f| f.contains("sabaki-sgf-tests/tests/sgf"))
        })
        .flat_map(|r| [r["black"]["name"].as_str(), r["white"]["name"].as_str()])
        .flatten()
        .map(str::to_string)
        .collect();
    for want in ["古力", "柯洁", "井山 裕太", "이세돌"] {
        assert!(
            names.iter().any(|n| n.contains(want)),
            "no player named {want} in {names:?}"
        );
    }
    // Counted games from servers and AI matches: the computed winner reproduces the recorded
    // one, which checks komi handling (Fox ×100 and ×50 values, Fox and YuanYu's KM[0], Fox
    // results in stones) and the estimate on records that stop before the dame are filled.
    // Measured: yenw 661/692 winners and 499 margins; Fox 71/76 and 41.
    // (folder, least counted games, winner floor %, margin floor %)
    for (folder, least, winner_pct, margin_pct) in [
        ("yenw-ai-games", 600, 94, 70),
        ("fox-pro-featurecat", 70, 90, 50),
    ] {
        let (compared, winners, margins) = agreement(&records, folder);
        assert!(compared > least, "{compared} counted games in {folder}");
        assert!(
            winners * 100 >= compared * winner_pct && margins * 100 >= compared * margin_pct,
            "{folder}: winner agrees on {winners}/{compared}, margin on {margins}"
        );
    }
}

/// Of the counted games under `folder` with a score result: how many, how many with the
/// recorded winner, how many with the recorded margin too.
fn agreement(records: &[Value], folder: &str) -> (usize, usize, usize) {
    let (mut compared, mut winners, mut margins) = (0, 0, 0);
    for r in records
        .iter()
        .filter(|r| r["file"].as_str().is_some_and(|f| f.contains(folder)))
    {
        let (winner, margin) = match r["verdict"].as_str() {
            Some("match") => (1, 1),
            Some("margin-differs") => (1, 0),
            Some("winner-differs") => (0, 0),
            _ => continue,
        };
        compared += 1;
        winners += winner;
        margins += margin;
    }
    (compared, winners, margins)
}
