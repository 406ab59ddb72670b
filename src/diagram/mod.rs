//! Pictures of a final position: what the terminal (`text`) and SVG (`svg`) renderers share.
//!
//! Both renderers read the same resolved `View` of the board, so they never disagree; this
//! module also holds their common helpers (coordinates, names of rules, winners and verdicts,
//! number formatting).
//!
//! Inputs come from files and may be inconsistent (vectors of the wrong length, a verdict for
//! another board size): every lookup is bounds-checked and anything unsafe is drawn plain.

mod svg;
mod text;

pub use self::svg::{SvgOptions, svg, svg_with};
pub use self::text::terminal;

use crate::analyze::Picture;
use crate::board::{Color, Point, Position};
use crate::life::{ChainStatus, Confidence, DeadSource, LifeAndDeath};
use crate::record::{RuleSet, Winner};
use crate::scoring::{Score, Verdict};

/// What a picture shows: the final position, its life and death, and the score if there is one.
#[derive(Clone, Debug)]
pub struct DiagramInput<'a> {
    /// The final position.
    pub position: &'a Position,
    /// Life and death of that position.
    pub life: &'a LifeAndDeath,
    /// The score, when the game was scored.
    pub score: Option<&'a Score>,
    /// One line above the board, e.g. `file.sgf#0 — Black (3k) vs White (2k), 2025-03-01`.
    pub title: String,
    /// The last move played, marked on the board.
    pub last_move: Option<Point>,
}

impl<'a> DiagramInput<'a> {
    /// What to draw of one analysed game.
    pub fn of(picture: &'a Picture) -> DiagramInput<'a> {
        DiagramInput {
            position: &picture.position,
            life: &picture.life,
            score: picture.score.as_ref(),
            title: picture.title.clone(),
            last_move: picture.last_move,
        }
    }
}

/// Go column letters: `I` is skipped so it cannot be read as `J` or `1`.
const GO_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// What a stone is doing at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Alive,
    Dead,
    Seki,
}

/// One resolved point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// A stone; `owner` is the territory owner of a dead stone's point.
    Stone {
        color: Color,
        state: State,
        owner: Option<Color>,
    },
    /// An empty point: territory owner (`None` = neutral) and whether it is a star point.
    Empty { owner: Option<Color>, star: bool },
}

/// The board as both renderers see it.
struct View {
    w: usize,
    h: usize,
    cells: Vec<Cell>,
    last: Option<(usize, usize)>,
    /// Why the life-and-death data was ignored, if it was.
    life_note: Option<&'static str>,
}

impl View {
    /// Resolves every point of `input` once, so both renderers draw the same board.
    fn new(input: &DiagramInput) -> View {
        let pos = input.position;
        let life = input.life;
        let (w, h) = (pos.width as usize, pos.height as usize);
        let n = w * h;
        // A verdict computed for another board size would colour the wrong points: drop it.
        let life_ok = life.width == pos.width
            && life.height == pos.height
            && life.status.len() == n
            && life.territory.len() == n;
        let life_note = if life_ok {
            None
        } else {
            Some("life-and-death data does not fit this board: every stone shown alive")
        };
        let mut cells = Vec::with_capacity(n);
        for i in 0..n {
            let (x, y) = (i % w, i / w);
            let status = if life_ok {
                life.status.get(i).copied().flatten()
            } else {
                None
            };
            let owner = if life_ok {
                life.territory.get(i).copied().flatten()
            } else {
                None
            };
            cells.push(match pos.cells.get(i).copied().flatten() {
                Some(color) => Cell::Stone {
                    color,
                    state: match status {
                        Some(ChainStatus::Dead) => State::Dead,
                        Some(ChainStatus::Seki) => State::Seki,
                        _ => State::Alive,
                    },
                    owner,
                },
                None => Cell::Empty {
                    owner,
                    star: owner.is_none() && is_star(x, y, w, h),
                },
            });
        }
        let last = input
            .last_move
            .map(|p| (p.x as usize, p.y as usize))
            .filter(|&(x, y)| x < w && y < h);
        View {
            w,
            h,
            cells,
            last,
            life_note,
        }
    }

    /// The point at `(x, y)`; off the board (short vectors) an empty neutral point.
    fn at(&self, x: usize, y: usize) -> Cell {
        self.cells
            .get(y * self.w + x)
            .copied()
            .unwrap_or(Cell::Empty {
                owner: None,
                star: false,
            })
    }

    /// Living stones (seki included) and territory points per colour, `[black, white]`.
    fn tally(&self) -> ([u32; 2], [u32; 2]) {
        let (mut stones, mut terr) = ([0u32; 2], [0u32; 2]);
        for c in &self.cells {
            let owner = match *c {
                Cell::Stone {
                    color,
                    state: State::Alive | State::Seki,
                    ..
                } => {
                    stones[ci(color)] += 1;
                    None
                }
                Cell::Stone { owner, .. } | Cell::Empty { owner, .. } => owner,
            };
            if let Some(o) = owner {
                terr[ci(o)] += 1;
            }
        }
        (stones, terr)
    }
}

/// Index of a colour in the `[black, white]` pairs.
fn ci(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// Star-point lines of one side: the two corner lines and the middle line.
fn star_lines(n: usize) -> Option<([usize; 2], usize)> {
    match n {
        9 => Some(([2, 6], 4)),
        13 => Some(([3, 9], 6)),
        19 => Some(([3, 15], 9)),
        _ => None,
    }
}

/// Hoshi of 9/13/19 sides (rectangles too): corners and centre; side stars only on 19x19.
fn is_star(x: usize, y: usize, w: usize, h: usize) -> bool {
    let (Some((ex, mx)), Some((ey, my))) = (star_lines(w), star_lines(h)) else {
        return false;
    };
    let (xe, ye) = (ex.contains(&x), ey.contains(&y));
    let sides = w == 19 && h == 19 && ((x == mx && ye) || (xe && y == my));
    (xe && ye) || (x == mx && y == my) || sides
}

/// Column label: Go letters up to 25 columns, SGF letters beyond (`?` past the SGF range).
fn col_label(x: usize, w: usize) -> char {
    if w <= GO_LETTERS.len() {
        GO_LETTERS.get(x).map_or('?', |&b| b as char)
    } else {
        sgf_letter(x)
    }
}

/// SGF coordinate letter: `a`-`z`, then `A`-`Z` (sizes up to 52), `?` beyond.
fn sgf_letter(v: usize) -> char {
    match v {
        0..=25 => (b'a' + v as u8) as char,
        26..=51 => (b'A' + (v - 26) as u8) as char,
        _ => '?',
    }
}

/// Index of an SGF coordinate letter (`a`-`z`, then `A`-`Z`).
fn sgf_index(c: u8) -> Option<usize> {
    match c {
        b'a'..=b'z' => Some(usize::from(c - b'a')),
        b'A'..=b'Z' => Some(usize::from(c - b'A') + 26),
        _ => None,
    }
}

/// An SGF point (`cj`) in board coordinates as the diagram labels them (`C10` on 19x19):
/// `I` skipped, rows counted from the bottom. `None` past 25 columns (the diagram then
/// labels columns with SGF letters) or for a point off the board.
fn board_name(sgf: &str, w: usize, h: usize) -> Option<String> {
    let &[cx, cy] = sgf.as_bytes() else {
        return None;
    };
    let (x, y) = (sgf_index(cx)?, sgf_index(cy)?);
    if w > GO_LETTERS.len() || x >= w || y >= h {
        return None;
    }
    Some(format!("{}{}", col_label(x, w), h - y))
}

/// Go coordinate and SGF coordinate of a point, e.g. `Q16 (pd)`.
fn point_name(x: usize, y: usize, w: usize, h: usize) -> String {
    format!(
        "{}{} ({}{})",
        col_label(x, w),
        h - y,
        sgf_letter(x),
        sgf_letter(y)
    )
}

/// Points formatted deterministically: at most two decimals, no trailing zeros, no `-0`.
fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" { "0".into() } else { s }
}

/// Name of a rule set, as people write it.
pub fn rules_name(r: RuleSet) -> &'static str {
    match r {
        RuleSet::French => "French",
        RuleSet::Japanese => "Japanese",
        RuleSet::Korean => "Korean",
        RuleSet::Chinese => "Chinese",
        RuleSet::Aga => "AGA",
        RuleSet::Nz => "New Zealand",
        RuleSet::TrompTaylor => "Tromp-Taylor",
        RuleSet::Ing => "Ing",
        RuleSet::Unknown => "unknown",
    }
}

/// Name of a winner.
fn winner_name(w: Winner) -> &'static str {
    match w {
        Winner::Black => "Black",
        Winner::White => "White",
        Winner::Draw => "draw",
        Winner::Void => "void",
        Winner::Unknown => "unknown",
    }
}

/// Where the dead stones came from.
fn source_name(s: DeadSource) -> &'static str {
    match s {
        DeadSource::Markup => "markup",
        DeadSource::Estimate => "estimate",
        DeadSource::None => "none",
        DeadSource::Gtp => "GTP engine",
        DeadSource::EstimateOracle => "estimate, flagged, then GTP engine",
    }
}

/// How sure the dead stones are.
fn confidence_name(c: Confidence) -> &'static str {
    match c {
        Confidence::Markup => "markup",
        Confidence::Certain => "certain",
        Confidence::Estimated => "estimated",
    }
}

/// `estimate (estimated)`, or just `markup` when the confidence says nothing more.
fn dead_text(source: DeadSource, confidence: Confidence) -> String {
    let (s, c) = (source_name(source), confidence_name(confidence));
    if s == c {
        s.into()
    } else {
        format!("{s}, {c}")
    }
}

/// The comparison of the count with `RE`, in words.
fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Match => "match",
        Verdict::MarginDiffers => "same winner, margin differs",
        Verdict::WinnerDiffers => "winner differs",
        Verdict::Uncertain => "uncertain (an uncertain group decided the other way would give RE)",
        Verdict::NotComparable => {
            "not comparable (resignation, time, forfeit, void, or no count to judge RE by)"
        }
        Verdict::NoResult => "no result to compare",
    }
}

/// `B+2.5`, `W+0.5` or `Draw` from a Black − White margin.
pub fn margin_text(margin: f64) -> String {
    if margin > 0.0 {
        format!("B+{}", num(margin))
    } else if margin < 0.0 {
        format!("W+{}", num(-margin))
    } else {
        "Draw".into()
    }
}

/// Drops control characters: titles come from files and must not carry terminal escapes.
fn clean(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::{DeadStoneMethod, decide};
    use crate::record::{RecordedResult, ResultKind};
    use crate::scoring::tests::{seed_input, seed001};
    use crate::scoring::{ScoreInput, score};

    /// A position and a hand-made verdict from the diagram's own plain glyphs.
    pub(super) fn setup(rows: &[&str]) -> (Position, LifeAndDeath) {
        let h = rows.len();
        let w = rows.first().map_or(0, |r| r.len());
        let mut p = Position::empty(w as u8, h as u8);
        let n = w * h;
        let mut life = LifeAndDeath {
            width: w as u8,
            height: h as u8,
            status: vec![None; n],
            territory: vec![None; n],
            seki_region: vec![false; n],
            unsure: vec![false; n],
            groups: Vec::new(),
            source: DeadSource::Markup,
            confidence: Confidence::Markup,
            note: None,
        };
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.chars().enumerate() {
                let i = y * w + x;
                let (stone, status, owner) = match ch {
                    'X' => (Some(Color::Black), Some(ChainStatus::Alive), None),
                    'O' => (Some(Color::White), Some(ChainStatus::Alive), None),
                    'x' => (
                        Some(Color::Black),
                        Some(ChainStatus::Dead),
                        Some(Color::White),
                    ),
                    'o' => (
                        Some(Color::White),
                        Some(ChainStatus::Dead),
                        Some(Color::Black),
                    ),
                    '#' => (Some(Color::Black), Some(ChainStatus::Seki), None),
                    '@' => (Some(Color::White), Some(ChainStatus::Seki), None),
                    '+' => (None, None, Some(Color::Black)),
                    '-' => (None, None, Some(Color::White)),
                    _ => (None, None, None),
                };
                p.cells[i] = stone;
                life.status[i] = status;
                life.territory[i] = owner;
            }
        }
        (p, life)
    }

    /// A picture of `p` with a fixed title and no last move.
    pub(super) fn input<'a>(
        p: &'a Position,
        life: &'a LifeAndDeath,
        score: Option<&'a Score>,
    ) -> DiagramInput<'a> {
        DiagramInput {
            position: p,
            life,
            score,
            title: "t.sgf#0 — Black vs White".into(),
            last_move: None,
        }
    }

    /// A 5x5 position with every plain glyph: stones, dead, seki, territory, neutral.
    pub(super) const FIVE: [&str; 5] = ["+X.O-", "+X#@O", "XXo.O", "++XOx", "+.XO-"];

    /// Seed 001 (9x9) with its markup, scored under Japanese rules against `RE[B+2.5]`.
    pub(super) fn seed_scored() -> (Position, LifeAndDeath, Score) {
        let p = seed001();
        let tw = [Point { x: 7, y: 2 }];
        let life = decide(&p, Some((&[], &tw)), DeadStoneMethod::Markup);
        let re = RecordedResult::new("B+2.5", Winner::Black, Some(ResultKind::Score), Some(2.5));
        let s = score(&ScoreInput {
            rules: crate::rules::Rules::preset(RuleSet::Japanese),
            ..seed_input(&p, &life, &re)
        });
        (p, life, s)
    }

    #[test]
    fn seki_from_the_analysis_is_marked() {
        let (p, _) = setup(&crate::life::tests::SEKI);
        let life = decide(&p, None, DeadStoneMethod::Estimate);
        let inp = input(&p, &life, None);
        let t = terminal(&inp, false);
        assert!(t.contains("6  O O O # # # @ @ X X X  6"), "{t}");
        assert!(t.contains("\n   A B C D E F G H J K L\n"), "{t}");
        let g = svg(&inp);
        assert_eq!(g.matches("class=\"seki\"").count(), 23);
        // The report's boards (no captions) ring them too.
        let opts = SvgOptions {
            captions: false,
            unsure: true,
        };
        assert_eq!(svg_with(&inp, opts).matches("class=\"seki\"").count(), 23);
    }

    #[test]
    fn hoshi_on_empty_neutral_points() {
        for (w, h, stars) in [
            (9, 9, 5),
            (13, 13, 5),
            (19, 19, 9),
            (19, 13, 5),
            (10, 10, 0),
        ] {
            let p = Position::empty(w, h);
            let life = decide(&p, None, DeadStoneMethod::None);
            let inp = input(&p, &life, None);
            let t = terminal(&inp, false);
            let board: String = t.lines().skip(3).take(h as usize).collect();
            assert_eq!(board.matches(',').count(), stars, "{w}x{h}\n{t}");
            assert_eq!(svg(&inp).matches("class=\"hoshi\"").count(), stars);
        }
        let p = Position::empty(19, 19);
        let life = decide(&p, None, DeadStoneMethod::None);
        let t = terminal(&input(&p, &life, None), false);
        assert!(
            t.contains("16  . . . , . . . . . , . . . . . , . . .  16"),
            "{t}"
        );
        assert!(
            t.contains("    A B C D E F G H J K L M N O P Q R S T\n"),
            "{t}"
        );
    }

    #[test]
    fn any_size_and_bad_data_do_not_panic() {
        for (w, h) in [
            (1, 1),
            (5, 3),
            (3, 5),
            (19, 13),
            (26, 26),
            (27, 3),
            (52, 52),
            (0, 0),
            (0, 7),
            (60, 2),
        ] {
            let mut p = Position::empty(w, h);
            for (i, c) in p.cells.iter_mut().enumerate() {
                *c = match i % 3 {
                    0 => Some(Color::Black),
                    1 => Some(Color::White),
                    _ => None,
                };
            }
            let life = decide(&p, None, DeadStoneMethod::Estimate);
            let mut inp = input(&p, &life, None);
            inp.last_move = Some(Point {
                x: w.saturating_sub(1),
                y: h.saturating_sub(1),
            });
            for color in [false, true] {
                let t = terminal(&inp, color);
                if w > 0 && h > 0 && !color {
                    // Header, h rows, footer.
                    let rows = t
                        .lines()
                        .filter(|l| l.trim_start().starts_with(&h.to_string()))
                        .count();
                    assert!(rows >= 1, "{w}x{h}");
                }
            }
            let g = svg(&inp);
            assert!(g.starts_with("<svg") && g.trim_end().ends_with("</svg>"));
            let stones = p.cells.iter().filter(|c| c.is_some()).count();
            assert_eq!(
                g.matches("<circle class=\"stone").count(),
                stones,
                "{w}x{h}"
            );
        }
        // 52 wide: SGF letters.
        let p = Position::empty(52, 52);
        let life = decide(&p, None, DeadStoneMethod::None);
        let t = terminal(&input(&p, &life, None), false);
        assert!(t.contains(" a b c ") && t.contains(" X Y Z\n"), "{t}");
        assert!(t.contains("\n52  . . ") && t.contains(" .  1\n"));
        // 5x3: rectangles keep their shape.
        let p = Position::empty(5, 3);
        let life = decide(&p, None, DeadStoneMethod::None);
        let t = terminal(&input(&p, &life, None), false);
        assert!(
            t.contains("3  . . . . .  3\n") && t.contains("1  . . . . .  1\n"),
            "{t}"
        );
        // Mismatched vectors: short cells, life for another size.
        let (good, life) = setup(&FIVE);
        let short = Position {
            width: 9,
            height: 9,
            cells: good.cells.clone(),
        };
        let mut inp = input(&short, &life, None);
        inp.last_move = Some(Point { x: 200, y: 200 });
        let t = terminal(&inp, true);
        assert!(t.contains("does not fit"));
        let _ = svg(&inp);
        let mut bad = life.clone();
        bad.status.truncate(3);
        let inp = input(&good, &bad, None);
        assert!(terminal(&inp, false).contains("does not fit"));
        let _ = svg(&inp);
    }

    #[test]
    fn sgf_points_in_board_coordinates() {
        assert_eq!(board_name("cj", 19, 19).as_deref(), Some("C10"));
        assert_eq!(board_name("aa", 19, 19).as_deref(), Some("A19"));
        assert_eq!(board_name("ss", 19, 19).as_deref(), Some("T1"));
        assert_eq!(board_name("ia", 9, 9).as_deref(), Some("J9"));
        assert_eq!(board_name("cj", 13, 13).as_deref(), Some("C4"));
        // Rectangles: columns by width, rows by height.
        assert_eq!(board_name("ea", 7, 3).as_deref(), Some("E3"));
        assert_eq!(board_name("yy", 25, 25).as_deref(), Some("Z1"));
        // Past the letters, off the board, or not a point: no board name.
        assert_eq!(board_name("aa", 26, 26), None);
        assert_eq!(board_name("Aa", 52, 52), None);
        assert_eq!(board_name("ja", 9, 9), None);
        assert_eq!(board_name("ad", 9, 3), None);
        assert_eq!(board_name("a", 9, 9), None);
        assert_eq!(board_name("abc", 9, 9), None);
        assert_eq!(board_name("é", 9, 9), None);
        assert_eq!(board_name("", 0, 0), None);
    }

    #[test]
    fn numbers_are_fixed() {
        assert_eq!(num(43.0), "43");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(margin_text(-6.5), "W+6.5");
        assert_eq!(margin_text(0.0), "Draw");
    }
}
