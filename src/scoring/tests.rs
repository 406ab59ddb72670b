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

/// Seed 001 estimated, with the stones of `color` that `pick` selects marked one uncertain
/// group (as if the playouts had left it near a coin toss).
fn with_uncertain(p: &Position, color: Color, pick: impl Fn(Point) -> bool) -> LifeAndDeath {
    use crate::life::{GroupConfidence, GroupDecision, Method};
    let mut life = decide(p, None, DeadStoneMethod::Estimate);
    let stones: Vec<Point> = (0..p.height)
        .flat_map(|y| (0..p.width).map(move |x| Point { x, y }))
        .filter(|&q| p.get(q) == Some(color) && pick(q))
        .collect();
    let status = if color == Color::Black && stones == [Point { x: 7, y: 2 }] {
        ChainStatus::Dead
    } else {
        ChainStatus::Alive
    };
    life.groups.push(GroupDecision {
        color,
        method: Method::Playouts,
        confidence: GroupConfidence::Uncertain,
        kept: Some(0.5),
        status,
        stones,
    });
    life
}

#[test]
fn a_winner_an_uncertain_group_could_give_is_uncertain() {
    let p = seed001();
    // The count says B+2.5; RE says White. Black's big wall is uncertain: dead, White wins.
    let life = with_uncertain(&p, Color::Black, |q| q != Point { x: 7, y: 2 });
    let re = RecordedResult::new("W+5.5", Winner::White, Some(ResultKind::Score), Some(5.5));
    let s = score(&seed_input(&p, &life, &re));
    assert_eq!(s.french.margin, 2.5);
    assert_eq!(s.verdict, Verdict::Uncertain);
    let [lo, hi] = s.margin_range.unwrap_or_default();
    assert!(lo < 0.0 && hi == 2.5, "{lo} {hi}");
    assert_eq!(s.dead_stones.uncertain_groups.len(), 1);
    assert_eq!(s.dead_stones.uncertain_groups[0].points.len(), 15);
}

#[test]
fn a_winner_no_uncertain_group_can_give_stays_winner_differs() {
    let p = seed001();
    // Only the dead black stone inside White's area is uncertain: alive, it helps Black, so
    // no way of deciding it gives White the game.
    let life = with_uncertain(&p, Color::Black, |q| q == Point { x: 7, y: 2 });
    let re = RecordedResult::new("W+5.5", Winner::White, Some(ResultKind::Score), Some(5.5));
    let s = score(&seed_input(&p, &life, &re));
    assert_eq!(s.verdict, Verdict::WinnerDiffers);
    let [lo, hi] = s.margin_range.unwrap_or_default();
    assert!(lo == 2.5 && hi > 2.5, "{lo} {hi}");
    // With no uncertain group at all, there is no range.
    let plain = decide(&p, None, DeadStoneMethod::Estimate);
    let s = score(&seed_input(&p, &plain, &re));
    assert_eq!((s.verdict, s.margin_range), (Verdict::WinnerDiffers, None));
}

#[test]
fn a_margin_is_uncertain_only_when_a_decision_of_the_groups_gives_it() {
    let p = seed001();
    let life = with_uncertain(&p, Color::Black, |q| q == Point { x: 7, y: 2 });
    // Inside the range but no way of deciding the one group gives it: a real difference.
    let re = RecordedResult::new("B+3.5", Winner::Black, Some(ResultKind::Score), Some(3.5));
    let s = score(&seed_input(&p, &life, &re));
    assert_eq!(s.verdict, Verdict::MarginDiffers);
    // The margin with the stone alive: that is what RE says, so the group could explain it.
    let [_, hi] = s.margin_range.unwrap_or_default();
    let raw = format!("B+{hi}");
    let re = RecordedResult::new(&raw, Winner::Black, Some(ResultKind::Score), Some(hi));
    assert_eq!(
        score(&seed_input(&p, &life, &re)).verdict,
        Verdict::Uncertain
    );
    // A match stays a match.
    let re = RecordedResult::new("B+2.5", Winner::Black, Some(ResultKind::Score), Some(2.5));
    assert_eq!(score(&seed_input(&p, &life, &re)).verdict, Verdict::Match);
}

fn fills_of(rows: &[&str]) -> Vec<usize> {
    let p = pos(rows);
    let life = decide(&p, None, DeadStoneMethod::None);
    let jap = japanese_territory(&p, &life);
    let fills = forced_fills(&p, &life, &jap);
    (0..fills.len()).filter(|&i| fills[i]).collect()
}

#[test]
fn a_point_a_chain_must_fill_once_the_dame_are_filled_is_no_japanese_territory() {
    // Black's chain a2-b2-a3 has a4 (Black's territory, with the b-column chain below) and
    // the dame a1 and b3. Filling a1 gains Black nothing; filling b3 would join the chain
    // below, but White takes that dame first. Once both are filled Black must connect at
    // a4, so a4 is no territory under territory scoring (as KGS counts: 2017-01-01-26, A15;
    // the old rule, one dame only, missed it).
    let rows = [".OO..", "XXO..", "X.O..", ".XO..", ".XO..", ".XO.."];
    assert_eq!(fills_of(&rows), vec![15]);
    // With b3 filled by Black's own stone, the chains are one and nothing needs filling.
    let rows = [".OO..", "XXO..", "XXO..", ".XO..", ".XO..", ".XO.."];
    assert_eq!(fills_of(&rows), Vec::<usize>::new());
}

#[test]
fn a_chain_already_in_atari_on_its_own_territory_must_fill() {
    // White's c2 has one liberty, b2, inside White's own area: Black would capture there.
    assert_eq!(fills_of(&[".OXX.", "O.OX.", ".OXX."]), vec![6]);
}

#[test]
fn a_fill_that_would_not_save_the_chain_is_no_fill() {
    // Black's chain has only a2 and the dame c2: once White fills c2, connecting at a2
    // leaves it no liberty. Such a chain is dead, and no point of it is a fill.
    assert_eq!(fills_of(&["XXXO.", ".X.O.", "XXXO."]), Vec::<usize>::new());
    assert_eq!(fills_of(&["XXXO.", ".XXO.", "XXXO."]), Vec::<usize>::new());
}

#[test]
fn a_seki_stone_at_the_edge_of_a_walled_area_leaves_it_territory() {
    // Black's wall encloses rows 2–4; the corner stone at a5 is (as if) in seki.
    let p = pos(&["OOOOOOO", "XXXXXXX", ".......", ".......", "X......"]);
    let mut life = decide(&p, None, DeadStoneMethod::None);
    let corner = 4 * 7;
    life.status[corner] = Some(ChainStatus::Seki);
    let map = japanese_territory(&p, &life);
    let black = |m: &[Option<Color>]| m.iter().filter(|&&o| o == Some(Color::Black)).count();
    // 20 empty points, all enclosed by the living wall too: still Black's.
    assert_eq!(black(&map), 20);
    // With the wall in seki as well, nothing living outside seki encloses it: no territory.
    for st in life.status.iter_mut().skip(7).take(7) {
        *st = Some(ChainStatus::Seki);
    }
    assert_eq!(black(&japanese_territory(&p, &life)), 0);
}
