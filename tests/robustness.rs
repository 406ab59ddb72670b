//! No input makes echelle panic: mutated and truncated records, random bytes, odd sizes.

use echelle::batch::{BatchOptions, analyze_bytes};

mod common;

use common::Rng;

const SEED_GAMES: &[&str] = &[
    "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7.5]PB[Ana]PW[Bo]RE[B+2.5]DT[2025-01-02,03]HA[2]AB[cc][gg]\
     ;W[ee];B[ec];W[ce];B[ge];W[eg];B[];W[]TB[aa]TW[ii])",
    "(;GM[1]SZ[19:13]KM[650]AP[foxwq]RE[W+R];B[pd];W[dp];B[tt];W[];B[aa]C[a [3d] comment];W[ba])",
    "(;GM[1]SZ[5];B[aa];W[ba];B[ab];W[bb];B[ca];W[aa](;B[cb])(;B[dd]))(;GM[12];B[aa])",
    ";GM[1]SZ[52]PB[\u{5f20}\u{4f1f}]RU[koSIMPLEscoreAREAtaxSEKIsui0];B[ZZ];W[Za];B[aZ]",
];

#[test]
fn mutated_records_never_panic() {
    let mut opts = BatchOptions::default();
    opts.analyze.dead_stones =
        echelle::life::DeadStones::Method(echelle::life::DeadStoneMethod::Estimate);
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let alphabet = b"();[]\\:ABWabcdeszt+-.0123456789 \n\xff\xfe\x00";
    let mut runs = 0;
    for base in SEED_GAMES {
        for _ in 0..400 {
            let mut bytes = base.as_bytes().to_vec();
            for _ in 0..1 + rng.below(6) {
                let i = rng.below(bytes.len());
                match rng.below(4) {
                    0 => bytes[i] = alphabet[rng.below(alphabet.len())],
                    1 => {
                        bytes.remove(i);
                    }
                    2 => bytes.insert(i, alphabet[rng.below(alphabet.len())]),
                    _ => bytes.truncate(i),
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let reports = analyze_bytes("fuzz.sgf", bytes, &opts);
            // Nothing is lost: every input gives at least one record.
            assert!(!reports.is_empty());
            for r in &reports {
                assert!(!r.report.to_json_line().is_empty());
            }
            runs += 1;
        }
    }
    assert_eq!(runs, 1600);
}

#[test]
fn random_bytes_never_panic() {
    let opts = BatchOptions::default();
    let mut rng = Rng(0xB17E_5EED_0000_0042);
    for len in [0usize, 1, 2, 7, 64, 513, 4096] {
        for _ in 0..50 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            assert!(!analyze_bytes("noise.sgf", bytes, &opts).is_empty());
        }
    }
}

#[test]
fn every_board_size_replays_and_counts() {
    let opts = BatchOptions::default();
    for w in 1..=52u8 {
        let h = 53 - w;
        let letter = |v: u8| {
            if v < 26 {
                (b'a' + v) as char
            } else {
                (b'A' + v - 26) as char
            }
        };
        let far = format!("{}{}", letter(w - 1), letter(h - 1));
        let sgf = format!("(;GM[1]SZ[{w}:{h}]RE[B+1];B[aa];W[{far}];B[];W[])");
        let reports = analyze_bytes("size.sgf", sgf.into_bytes(), &opts);
        assert_eq!(reports.len(), 1);
        let r = &reports[0].report;
        assert_eq!(r.moves, Some(4), "{w}x{h}");
        assert!(r.score.is_some(), "{w}x{h} was not counted");
    }
}

/// The error kinds of the reports of one generated file.
fn error_kinds(name: &str, bytes: Vec<u8>) -> Vec<String> {
    analyze_bytes(name, bytes, &BatchOptions::default())
        .iter()
        .flat_map(|a| a.report.errors.iter())
        .map(|e| {
            serde_json::to_value(e.kind)
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn compressed_point_lists_that_expand_past_the_budget_are_too_large() {
    // One node: 100,000 ranges of 2,704 points each (270 M insertions in the parser).
    let mut one_node = String::from("(;AB");
    one_node.push_str(&"[aa:ZZ]".repeat(100_000));
    one_node.push(')');
    assert_eq!(
        error_kinds("ranges.sgf", one_node.into_bytes()),
        ["too-large"]
    );
    // Many nodes under the node cap, one range each.
    let mut nodes = String::from("(;");
    nodes.push_str(&";AB[aa:ZZ]".repeat(99_990));
    nodes.push(')');
    assert_eq!(error_kinds("nodes.sgf", nodes.into_bytes()), ["too-large"]);
    // Territory markup on the last node too.
    let mut markup = String::from("(;GM[1]SZ[19];B[aa];W[bb]TB");
    markup.push_str(&"[aa:ss]".repeat(5_000));
    markup.push(')');
    assert_eq!(
        error_kinds("markup.sgf", markup.into_bytes()),
        ["too-large"]
    );
    // A real setup, ranges included, is well within it.
    let fine = "(;GM[1]SZ[19]AB[aa:ss]AW[cc:dd];B[ee])".as_bytes().to_vec();
    assert!(error_kinds("fine.sgf", fine).is_empty());
}

#[test]
fn millions_of_values_or_properties_are_too_large() {
    // 15 MB of empty values in one property: 7.8 M strings, 450 MB in the parser.
    let mut values = String::from("(;GM[1]SZ[19]XX");
    values.push_str(&"[]".repeat(2_000_000));
    values.push(')');
    assert_eq!(
        error_kinds("values.sgf", values.into_bytes()),
        ["too-large"]
    );
    // 300 properties per node: 1.2 GB and 7 s before the budget.
    let letter = |i: u32| char::from_u32(u32::from('A') + i % 26).unwrap_or('A');
    let node: String = (0..300u32)
        .map(|i| format!("{}{}[]", letter(i / 26), letter(i)))
        .collect();
    let mut properties = String::from("(;GM[1]SZ[19]");
    for _ in 0..2_000 {
        properties.push(';');
        properties.push_str(&node);
    }
    properties.push(')');
    assert_eq!(
        error_kinds("properties.sgf", properties.into_bytes()),
        ["too-large"]
    );
}

#[test]
fn a_record_with_a_warning_per_node_keeps_a_bounded_list() {
    // An unreadable setup value on every node.
    let mut text = String::from("(;GM[1]SZ[19]");
    text.push_str(&";AB[]".repeat(5_000));
    text.push(')');
    let reports = analyze_bytes("warnings.sgf", text.into_bytes(), &BatchOptions::default());
    let w = &reports[0].report.warnings;
    assert_eq!(w.len(), echelle::batch::MAX_WARNINGS);
    assert!(w[w.len() - 1].ends_with("more warnings not shown"), "{w:?}");
    assert!(w[0].contains("node 1"), "{w:?}");
}
