use super::*;
use crate::rating::events::tests::game;

fn g(idx: u32, round: &str, b: &str, w: &str, win: Winner) -> GameInput {
    let mut g = game("t.sgf", idx, Some("2025-06-14"), b, w, win);
    g.round = Some(round.into());
    g.event = Some("Open".into());
    g.black_rank = Some("1k".into());
    g.white_rank = Some("2d".into());
    g
}

fn problems(games: &[GameInput]) -> Vec<Problem> {
    match Tournament::from_games(games, &[], &WriteOptions::default()) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems,
    }
}

#[test]
fn what_cannot_be_decided_is_an_error_naming_the_records() {
    let mut no_result = g(1, "1", "C", "D", Winner::Unknown);
    no_result.black_rank = Some("3k".into());
    let twice = g(2, "1", "A", "E", Winner::Black);
    let p = problems(&[g(0, "1", "A", "B", Winner::Black), no_result, twice]);
    assert!(p.contains(&Problem::NoResult("t.sgf#1".into())), "{p:?}");
    assert!(p.contains(&Problem::TwoGamesInRound {
        player: "A".into(),
        round: 1,
        sources: ("t.sgf#0".into(), "t.sgf#2".into())
    }));
    let mut no_round = g(1, "", "C", "D", Winner::Black);
    no_round.round = None;
    let p = problems(&[g(0, "1", "A", "B", Winner::Black), no_round]);
    assert_eq!(p, vec![Problem::NoRound("t.sgf#1".into())]);
    let mut unranked = g(0, "1", "A", "B", Winner::Black);
    unranked.black_rank = None;
    assert!(matches!(
        &problems(&[unranked])[..],
        [Problem::NoRank { .. }]
    ));
    let p = problems(&[g(0, "1", "Čáha Jan", "B", Winner::Black)]);
    assert!(
        matches!(
            &p[..],
            [Problem::NotLatin1 {
                character: 'Č', ..
            }]
        ),
        "{p:?}"
    );
    assert_eq!(problems(&[]), vec![Problem::NoGames]);
}

#[test]
fn rounds_fall_back_on_dates_and_byes_are_written() {
    let mut a = g(0, "", "A", "B", Winner::Black);
    let mut b = g(1, "", "A", "C", Winner::White);
    a.round = None;
    b.round = None;
    b.date = Some("2025-06-15".into());
    let t = match Tournament::from_games(&[a, b], &[], &WriteOptions::default()) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.rounds, 2);
    assert_eq!(
        (t.date.as_str(), t.end_date.as_str()),
        ("2025-06-14", "2025-06-15")
    );
    let text = t.text(ResultsFormat::Tou);
    // B played round 1 only, C round 2 only: each has a `0=` bye.
    assert!(text.contains("   0=   "), "{text}");
    let back = match super::super::table::read("x.tou", text.as_bytes(), ResultsFormat::Tou) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!((back.games.len(), back.no_games), (2, 2));
    assert!(back.errors.is_empty(), "{:?}", back.errors);
}

#[test]
fn ranks_as_the_formats_write_them() {
    assert_eq!(rank_of("3d"), Some(("3D".into(), 2)));
    assert_eq!(rank_of("12 kyu"), Some(("12K".into(), -12)));
    assert_eq!(rank_of("1p"), Some(("1P".into(), 10)));
    assert_eq!(rank_of("?"), None);
    assert_eq!(rank_of("40k"), None);
}
