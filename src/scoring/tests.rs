//! Tests of the counts on small finished positions; `seed001` and `seed_input` serve other tests.

use super::*;
use crate::board::Point;
use crate::life::tests::pos;
use crate::life::{DeadStoneMethod, decide};

/// Seed 001: 9x9, 3 stones, KM 0.5; Black 15 stones and 28 territory = 43, White 14
/// stones and 24 territory (one dead black stone inside) and 2.5 = 40.5; White took one
/// stone, Black passed once, White twice (last). Quick count: 25 against 22.5.
pub(crate) fn seed001() -> Position {
    pos(&[
        "....XO...",
        "....XO...",
        "....XO.x.",
        "XXXXXO...",
        "....XOO..",
        "....XOOOO",
        "..XXXO...",
        "...XOO...",
        "...XO....",
    ])
}

/// The seed-001 count's input: H3, KM 0.5, French rules, one capture, White passing last.
pub(crate) fn seed_input<'a>(
    p: &'a Position,
    life: &'a LifeAndDeath,
    re: &'a RecordedResult,
) -> ScoreInput<'a> {
    ScoreInput {
        position: p,
        life,
        komi: Some(0.5),
        handicap: 3,
        rules: Rules::french(),
        captures_black: 0,
        captures_white: 1,
        passes_black: 1,
        passes_white: 2,
        last_mover: Some(Color::White),
        ended_by_passes: true,
        result: re,
    }
}

#[test]
fn seed_001_both_counts_give_black_by_2_5() {
    let p = seed001();
    let re = RecordedResult::new("B+2.5", Winner::Black, Some(ResultKind::Score), Some(2.5));
    for method in [DeadStoneMethod::Estimate, DeadStoneMethod::Markup] {
        let tw = [Point { x: 7, y: 2 }];
        let life = decide(&p, Some((&[], &tw)), method);
        let s = score(&seed_input(&p, &life, &re));
        assert_eq!(s.french.black, 43.0);
        assert_eq!(s.french.white, 40.5);
        assert_eq!(s.french.compensation, 2.0);
        assert_eq!(s.french.margin, 2.5);
        assert_eq!(s.quick_count.black, 25.0);
        assert_eq!(s.quick_count.white, 22.5);
        assert!(s.quick_count_agrees, "{:?}", s.quick_count_note);
        assert_eq!(s.dead_stones.black, vec!["hc".to_string()]);
        assert_eq!(s.verdict, Verdict::Match);
        assert_eq!(s.winner.color, Winner::Black);
    }
}

#[test]
fn quick_count_disagreement_is_explained() {
    let p = seed001();
    let re = RecordedResult::new("B+2.5", Winner::Black, Some(ResultKind::Score), Some(2.5));
    let life = decide(&p, None, DeadStoneMethod::Estimate);
    let mut input = seed_input(&p, &life, &re);
    // Black moved last: White owes a pass stone; the counts still agree, with a note.
    input.passes_white = 1;
    input.last_mover = Some(Color::Black);
    let s = score(&input);
    assert!(s.quick_count_agrees);
    assert!(s.quick_count_note.is_some());
    // A capture miscounted: reported, not hidden.
    input.captures_white = 3;
    input.last_mover = Some(Color::White);
    let s = score(&input);
    assert!(!s.quick_count_agrees);
    assert!(s.quick_count_note.unwrap_or_default().contains("differ"));
}

#[test]
fn absent_komi_takes_the_french_default() {
    // The values themselves are the rules presets' (rules.rs tests them).
    let p = seed001();
    let re = RecordedResult::new("?", Winner::Unknown, None, None);
    let life = decide(&p, None, DeadStoneMethod::Estimate);
    let mut input = seed_input(&p, &life, &re);
    input.komi = None;
    input.handicap = 0;
    let s = score(&input);
    assert_eq!(s.french.komi, 7.5);
    assert!(s.komi_note.is_some());
    assert_eq!(s.verdict, Verdict::NoResult);
}

#[test]
fn japanese_count_uses_prisoners_and_dead_stones() {
    let p = seed001();
    let re = RecordedResult::new("W+R", Winner::White, Some(ResultKind::Resign), None);
    let life = decide(&p, None, DeadStoneMethod::Estimate);
    let mut input = seed_input(&p, &life, &re);
    input.rules = Rules::preset(RuleSet::Japanese);
    let s = score(&input);
    let j = s.recorded_rules.clone().unwrap_or_else(|| s.french.clone());
    // Black: 28 territory + 0 prisoners; White: 24 territory + 1 prisoner + 1 dead + 0.5.
    assert_eq!(j.black, 28.0);
    assert_eq!(j.white, 26.5);
    assert_eq!(s.verdict, Verdict::NotComparable);
    assert_eq!(s.winner.color, Winner::White);
    assert_eq!(s.winner.source, WinnerSource::Recorded);
}

#[test]
fn chinese_gives_h_and_verdicts() {
    let p = seed001();
    let life = decide(&p, None, DeadStoneMethod::Estimate);
    let re = RecordedResult::new("W+0.5", Winner::White, Some(ResultKind::Score), Some(0.5));
    let mut input = seed_input(&p, &life, &re);
    input.rules = Rules::preset(RuleSet::Chinese);
    let s = score(&input);
    let c = s.recorded_rules.clone().unwrap_or_else(|| s.french.clone());
    assert_eq!(c.compensation, 3.0);
    assert_eq!(c.margin, 1.5);
    assert_eq!(s.verdict, Verdict::WinnerDiffers);
    let re = RecordedResult::new("B+3.5", Winner::Black, Some(ResultKind::Score), Some(3.5));
    let mut input = seed_input(&p, &life, &re);
    input.rules = Rules::preset(RuleSet::Chinese);
    assert_eq!(score(&input).verdict, Verdict::MarginDiffers);
}

#[test]
fn unfinished_game_has_unknown_winner() {
    let p = seed001();
    let life = decide(&p, None, DeadStoneMethod::Estimate);
    let re = RecordedResult::new("", Winner::Unknown, None, None);
    let mut input = seed_input(&p, &life, &re);
    input.ended_by_passes = false;
    let s = score(&input);
    assert_eq!(s.winner.color, Winner::Unknown);
    assert!(s.winner.reason.is_some());
}

#[test]
fn seki_eyes_are_area_but_seki_gives_no_japanese_territory() {
    // Pass-alive outer walls with eyes at the edge; inner chains in seki share f3 and f5.
    let p = pos(&crate::life::tests::SEKI);
    let life = decide(&p, None, DeadStoneMethod::Estimate);
    let re = RecordedResult::new("0", Winner::Draw, Some(ResultKind::Score), None);
    let mut input = seed_input(&p, &life, &re);
    input.handicap = 0;
    input.komi = Some(0.0);
    input.captures_white = 0;
    input.rules = Rules::preset(RuleSet::Japanese);
    let s = score(&input);
    assert_eq!(s.seki.len(), 13 + 10);
    // Area: the seki liberties f3, f5 are neutral; 77 − 2 = 75 points shared.
    assert_eq!(s.french.black + s.french.white, 75.0);
    // Japanese: the four edge eyes of each wall count; nothing in the seki.
    let j = s.recorded_rules.clone().unwrap_or_else(|| s.french.clone());
    assert_eq!(j.black, 4.0);
    assert_eq!(j.white, 4.0);
    assert_eq!(j.winner, Winner::Draw);
    // The per-point map behind that count: the edge eyes only, nothing in the seki.
    let map = japanese_territory(&p, &life);
    let owned = |c| map.iter().filter(|&&o| o == Some(c)).count();
    assert_eq!((owned(Color::Black), owned(Color::White)), (4, 4));
    let f3 = 2 * 11 + 5;
    assert_eq!(life.territory[f3], None);
    assert_eq!(map[f3], None);
}
