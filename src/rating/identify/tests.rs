//! Matching record names to list rows, on a small generated list.

use super::*;

fn row(name: &str, licence: &str) -> String {
    format!("{name:<38}{:>5} - {licence} 31To FR", -1500)
}

/// A list with an accent-free row, a hyphen, homonyms and licences.
fn matcher() -> Matcher {
    let text = [
        "#Echelle au 01/06/2025".to_string(),
        row("ALLEMANN Pierre", "1000001"),
        row("ALLEMANN Pierre", "1000002"),
        row("DALOZ Jean-Michel", "1000003"),
        row("DUPONT Jean", "-------"),
        row("MARCHAND Elodie", "1000004"),
        row("MOREAU Léa", "1111111"),
    ]
    .join("\r\n");
    Matcher::new(LadderList::parse(&text).unwrap_or_else(|e| panic!("{e}")))
}

fn ids(aliases: &str) -> Identity {
    Identity::from_aliases(Some(aliases)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn order_case_accents_and_hyphens_are_folded_and_said() {
    let mut m = matcher();
    let mut id = Identity::default();
    let mut resolve = |raw: &str| {
        let k = id.key(raw);
        m.resolve(&k, raw, None, &mut id)
    };
    let elodie = resolve("Élodie Marchand");
    assert_eq!(elodie, "marchand elodie #6");
    // Another spelling of the same row is the same player.
    assert_eq!(resolve("MARCHAND Élodie"), elodie);
    assert_eq!(resolve("DUPONT Jean"), "dupont jean #5");
    assert_eq!(resolve("Jean Michel Daloz"), "daloz jean-michel #4");
    let (_, report, _) = m.finish();
    assert_eq!(report.matched_as_written, 1);
    let folds: Vec<(&str, &[Fold])> = report
        .folded
        .iter()
        .map(|f| (f.spelling.as_str(), f.folds.as_slice()))
        .collect();
    assert_eq!(
        folds,
        [
            (
                "Élodie Marchand",
                &[Fold::Order, Fold::Case, Fold::Accents][..]
            ),
            ("MARCHAND Élodie", &[Fold::Accents][..]),
            (
                "Jean Michel Daloz",
                &[Fold::Order, Fold::Case, Fold::Hyphens][..]
            ),
        ]
    );
    assert!(report.folded.iter().all(|f| f.by == MatchedBy::Name));
    assert_eq!(report.folded[0].row.line, 6);
    assert_eq!(report.folded[0].row.licence.as_deref(), Some("1000004"));
    assert!(report.near_misses.is_empty());
    let text = report.text();
    assert!(
        text.contains("folded      Élodie Marchand = MARCHAND Elodie (line 6, licence 1000004): order, case, accents"),
        "{text}"
    );
}

#[test]
fn a_licence_decides_between_homonyms_and_over_a_name() {
    let mut m = matcher();
    let mut id = ids("Pierre Allemann\tPierre Allemann\t1000002\nLM\tL. Moreau\t1111111\n");
    let k = id.key("Pierre Allemann");
    assert_eq!(
        m.resolve(&k, "Pierre Allemann", None, &mut id),
        "allemann pierre #3"
    );
    let k = id.key("LM");
    assert_eq!(m.resolve(&k, "LM", None, &mut id), "moreau léa #7");
    let (_, report, _) = m.finish();
    let by: Vec<(MatchedBy, &[Fold])> = report
        .folded
        .iter()
        .map(|f| (f.by, f.folds.as_slice()))
        .collect();
    assert_eq!(
        by,
        [
            (MatchedBy::Licence, &[Fold::Order, Fold::Case][..]),
            (MatchedBy::Licence, &[Fold::Name][..]),
        ]
    );
    assert!(
        report
            .text()
            .contains("by licence  L. Moreau = MOREAU Léa (line 7, licence 1111111): name")
    );
}

#[test]
fn near_misses_are_listed_and_not_matched() {
    let mut m = matcher();
    let mut id = ids("Léa Moreau\tLéa Moreau\t2222222\n");
    let mut resolve = |raw: &str| {
        let k = id.key(raw);
        m.resolve(&k, raw, None, &mut id)
    };
    // Homonyms without a licence, another licence, one letter off, and nobody close.
    assert_eq!(resolve("Pierre Allemann"), "pierre allemann");
    assert_eq!(resolve("Léa Moreau"), "léa moreau");
    assert_eq!(resolve("Elodie Marchant"), "elodie marchant");
    assert_eq!(resolve("Zoë Garcia"), "zoë garcia");
    let (_, report, _) = m.finish();
    assert_eq!(report.matched(), 0);
    assert_eq!(report.not_in_list, 4);
    let misses: Vec<(&str, MissKind, Vec<usize>)> = report
        .near_misses
        .iter()
        .map(|n| {
            (
                n.spelling.as_str(),
                n.kind,
                n.rows.iter().map(|r| r.line).collect(),
            )
        })
        .collect();
    assert_eq!(
        misses,
        [
            ("Pierre Allemann", MissKind::Homonyms, vec![2, 3]),
            ("Léa Moreau", MissKind::OtherLicence, vec![7]),
            ("Elodie Marchant", MissKind::OneEdit, vec![6]),
        ]
    );
    let text = report.text();
    assert!(
        text.contains("near miss   Léa Moreau [licence 2222222] ~ MOREAU Léa (line 7, licence 1111111): same name, another licence; not matched"),
        "{text}"
    );
    assert!(text.contains("4 not in the list, near misses: 3"), "{text}");
}

#[test]
fn one_edit_means_one_letter_added_dropped_or_changed() {
    assert!(one_edit_apart("marchand", "marchant"));
    assert!(one_edit_apart("marchand", "marchnd"));
    assert!(one_edit_apart("marchand", "marchandd"));
    assert!(one_edit_apart("", "a"));
    assert!(!one_edit_apart("marchand", "marchand"));
    assert!(!one_edit_apart("marchand", "mrachand"));
    assert!(!one_edit_apart("marchand", "marcha"));
}
