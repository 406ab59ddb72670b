use super::*;

/// A `.tou` row: place, name, rank, licence, club, then the cells (OpenGotha's columns).
fn row(place: usize, name: &str, rank: &str, cells: &[&str]) -> String {
    let mut line = format!("{place:>4} {name:<25}{rank:>3} 0000000 31To");
    for c in cells {
        line.push_str(&format!("{c:>8}"));
    }
    line
}

fn tou(lines: &[String]) -> ResultsTable {
    match read("t.tou", lines.join("\n").as_bytes(), ResultsFormat::Tou) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn headers_anywhere_rows_by_position() {
    let t = tou(&[
        row(1, "Dupont Jean", "2D", &["2+w0", "0="]),
        ";date=05/04/2025".into(),
        row(2, "Martin Zoé", "1K", &["1-b0", "3+b1"]),
        ";komi=7.5".into(),
        row(3, "Petit Léa", "3K", &["0=", "2-w1"]),
        ";name=Open".into(),
    ]);
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert_eq!(t.header.date.as_deref(), Some("2025-04-05"));
    assert_eq!(t.games.len(), 2);
    let g = t.game_inputs();
    assert_eq!(g[0].black.as_deref(), Some("Martin Zoé"));
    assert_eq!(g[0].winner, Winner::White);
    assert_eq!((g[0].komi, g[0].round.as_deref()), (Some(7.5), Some("1")));
    // Handicap 1: no komi; Black (row 2) won.
    assert_eq!(
        (g[1].handicap, g[1].komi, g[1].winner),
        (1, None, Winner::Black)
    );
}

#[test]
fn bad_lines_are_errors_with_their_line_and_the_rest_is_read() {
    let t = tou(&[
        ";name=Open".into(),
        row(1, "Dupont Jean", "2D", &["2+w0", "4+b0"]),
        row(2, "Martin Zoé", "1K", &["1-b0", "3x"]),
        "   3 Petit".into(),
        row(4, "Blanc Marc", "5K", &["0=", "9-w0"]),
        row(5, "Noir Paul", "6K", &["0=", "1-w0"]),
    ]);
    let kinds: Vec<(usize, &LineErrorKind)> = t.errors.iter().map(|e| (e.line, &e.kind)).collect();
    assert!(matches!(
        kinds[0],
        (3, LineErrorKind::BadCell { column: 2, .. })
    ));
    assert!(matches!(kinds[1], (4, LineErrorKind::Truncated { .. })));
    assert!(matches!(
        kinds[2],
        (
            5,
            LineErrorKind::OpponentPastTable {
                column: 2,
                opponent: 9,
                rows: 5
            }
        )
    ));
    assert_eq!(kinds.len(), 3);
    // The truncated row keeps its number: row 4's game against row 1 is still found.
    assert_eq!(t.players.len(), 5);
    let pairs: Vec<_> = t
        .games
        .iter()
        .map(|g| (g.round, g.first, g.second, g.symmetry))
        .collect();
    assert_eq!(
        pairs,
        vec![
            (1, 1, 2, Symmetry::Agrees),
            (2, 1, 4, Symmetry::OneSided),
            (2, 5, 1, Symmetry::OneSided)
        ]
    );
    assert!(
        t.errors[0]
            .to_string()
            .starts_with("line 3: round column 2: cell `3x`")
    );
    assert!(t.report().contains("t.tou: line 4: truncated row"));
}

#[test]
fn every_asymmetry_is_named() {
    let cases = [
        (("2+w0", "1+b0"), Symmetry::BothWon),
        (("2-w0", "1-b0"), Symmetry::BothLost),
        (("2+w0", "1=b0"), Symmetry::ResultsDisagree),
        (("2+w0", "1-w0"), Symmetry::SameColour),
        (("2+w0", "1-b2"), Symmetry::HandicapDiffers),
        (("2+!w0", "1-b0"), Symmetry::ForfeitDiffers),
        (("2+", "1-"), Symmetry::ColourUnknown),
        (("2+w0", "0="), Symmetry::OneSided),
        (("2+w0", "1-b0"), Symmetry::Agrees),
        (("2+w", "1-b"), Symmetry::Agrees),
    ];
    for ((a, b), want) in cases {
        let t = tou(&[row(1, "A B", "1D", &[a]), row(2, "C D", "1D", &[b])]);
        assert_eq!(t.games[0].symmetry, want, "{a} / {b}");
        assert_eq!(t.games.len(), 1, "{a} / {b}");
        let rated = t.game_inputs()[0].winner;
        assert_eq!(
            rated != Winner::Unknown,
            want == Symmetry::Agrees,
            "{a} / {b}"
        );
    }
}

#[test]
fn forfeits_and_jigo_become_the_rating_kinds() {
    let t = tou(&[
        row(1, "A B", "1D", &["2+!w0", "2=b0"]),
        row(2, "C D", "1D", &["1-!b0", "1=w0"]),
    ]);
    let g = t.game_inputs();
    assert_eq!(
        (g[0].winner, g[0].kind),
        (Winner::White, Some(ResultKind::Forfeit))
    );
    assert_eq!(
        (g[1].winner, g[1].kind),
        (Winner::Draw, Some(ResultKind::Score))
    );
}

#[test]
fn latin9_and_utf8_names_read_by_characters() {
    // The same row in three encodings: the columns after the name stay in place.
    let utf8 = row(1, "Œuvre Zoé", "2D", &["0="]);
    let latin9: Vec<u8> = utf8
        .chars()
        .map(|c| match c {
            'Œ' => 0xBC,
            c => u8::try_from(u32::from(c)).unwrap_or(b'?'),
        })
        .collect();
    for (bytes, enc) in [(utf8.into_bytes(), "UTF-8"), (latin9, "ISO-8859-15")] {
        let t = match read("t.tou", &bytes, ResultsFormat::Tou) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(t.encoding, enc);
        assert_eq!(t.players[0].identity.name, "Œuvre Zoé");
        assert_eq!(t.players[0].identity.rank, "2D");
        assert!(t.errors.is_empty());
    }
}

#[test]
fn a_file_without_a_table_fails_whole() {
    assert_eq!(
        read("x", b"", ResultsFormat::Tou),
        Err(ResultsError::NoTable)
    );
    assert_eq!(
        read("x", b";name=A\n", ResultsFormat::Tou),
        Err(ResultsError::NoRows)
    );
    assert_eq!(
        read("x", b"hello\n", ResultsFormat::H9),
        Err(ResultsError::NoTable)
    );
}

#[test]
fn rounds_from_the_name() {
    assert_eq!(
        rounds_in_name("Tournoi - Ronde 1, 3, 4, 6", 4),
        Some(vec![1, 3, 4, 6])
    );
    assert_eq!(rounds_in_name("Tournoi - Ronde 6", 1), Some(vec![6]));
    assert_eq!(rounds_in_name("Tournoi - Ronde 6", 2), None);
    assert_eq!(rounds_in_name("Tournoi de Juvisy", 4), None);
}
