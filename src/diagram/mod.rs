//! Pictures of a final position: a terminal diagram with the score breakdown, and a standalone
//! SVG. Both read the same resolved view of the board, so they never disagree.
//!
//! Inputs come from files and may be inconsistent (vectors of the wrong length, a verdict for
//! another board size): every lookup is bounds-checked and anything unsafe is drawn plain.

use crate::board::{Color, Point, Position};
use crate::life::{ChainStatus, Confidence, DeadSource, LifeAndDeath};
use crate::record::{RuleSet, Winner};
use crate::scoring::{Count, Score, Verdict};
use std::fmt::Write as _;

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

fn sgf_letter(v: usize) -> char {
    match v {
        0..=25 => (b'a' + v as u8) as char,
        26..=51 => (b'A' + (v - 26) as u8) as char,
        _ => '?',
    }
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

fn rules_name(r: RuleSet) -> &'static str {
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

fn winner_name(w: Winner) -> &'static str {
    match w {
        Winner::Black => "Black",
        Winner::White => "White",
        Winner::Draw => "draw",
        Winner::Void => "void",
        Winner::Unknown => "unknown",
    }
}

fn source_name(s: DeadSource) -> &'static str {
    match s {
        DeadSource::Markup => "markup",
        DeadSource::Estimate => "estimate",
        DeadSource::None => "none",
        DeadSource::Gtp => "GTP engine",
    }
}

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

fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Match => "match",
        Verdict::MarginDiffers => "same winner, margin differs",
        Verdict::WinnerDiffers => "winner differs",
        Verdict::NotComparable => "not comparable (resignation, time, forfeit or void)",
        Verdict::NoResult => "no result to compare",
    }
}

/// `B+2.5`, `W+0.5` or `Draw` from a Black − White margin.
fn margin_text(margin: f64) -> String {
    if margin > 0.0 {
        format!("B+{}", num(margin))
    } else if margin < 0.0 {
        format!("W+{}", num(-margin))
    } else {
        "Draw".into()
    }
}

/// A list of SGF points, shortened so a huge dead group does not flood the report.
fn point_list(points: &[String]) -> String {
    const SHOWN: usize = 12;
    if points.is_empty() {
        return "none".into();
    }
    let mut s = format!("{} (", points.len());
    s.push_str(
        &points
            .iter()
            .take(SHOWN)
            .cloned()
            .collect::<Vec<_>>()
            .join(" "),
    );
    if points.len() > SHOWN {
        let _ = write!(s, " … +{}", points.len() - SHOWN);
    }
    s.push(')');
    s
}

/// Drops control characters: titles come from files and must not carry terminal escapes.
fn clean(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

// ---------------------------------------------------------------------------------------------
// Terminal

/// ANSI styles of the colour diagram (256-colour palette, on a wood background).
mod ansi {
    pub const RESET: &str = "\x1b[0m";
    pub const BOLD: &str = "\x1b[1m";
    pub const DIM: &str = "\x1b[2m";
    pub const GRID: &str = "\x1b[0;48;5;180;38;5;94m";
    pub const BLACK: &str = "\x1b[0;48;5;180;38;5;16m";
    pub const WHITE: &str = "\x1b[0;1;48;5;180;38;5;231m";
    pub const DEAD: &str = "\x1b[0;1;48;5;180;38;5;160m";
    pub const SEKI_BLACK: &str = "\x1b[0;48;5;114;38;5;16m";
    pub const SEKI_WHITE: &str = "\x1b[0;1;48;5;114;38;5;231m";
    pub const LAST: &str = "\x1b[0;1;48;5;180;38;5;160m";
}

/// Box-drawing grid character for an empty point, from which sides have lines.
fn grid_char(x: usize, y: usize, w: usize, h: usize) -> char {
    let (u, d, l, r) = (y > 0, y + 1 < h, x > 0, x + 1 < w);
    match (u, d, l, r) {
        (false, false, false, false) => '·',
        (false, false, false, true) => '╶',
        (false, false, true, false) => '╴',
        (false, false, true, true) => '─',
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╷',
        (true, true, false, false) => '│',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
    }
}

/// One point as text: its style (empty without colour) and glyph.
fn glyph(cell: Cell, x: usize, y: usize, v: &View, color: bool) -> (&'static str, char) {
    use Color::{Black, White};
    if !color {
        let ch = match cell {
            Cell::Stone { color, state, .. } => match (color, state) {
                (Black, State::Alive) => 'X',
                (White, State::Alive) => 'O',
                (Black, State::Dead) => 'x',
                (White, State::Dead) => 'o',
                (Black, State::Seki) => '#',
                (White, State::Seki) => '@',
            },
            Cell::Empty { owner, star } => match owner {
                Some(Black) => '+',
                Some(White) => '-',
                None if star => ',',
                None => '.',
            },
        };
        return ("", ch);
    }
    match cell {
        Cell::Stone { color, state, .. } => match (color, state) {
            (Black, State::Alive) => (ansi::BLACK, '●'),
            (White, State::Alive) => (ansi::WHITE, '○'),
            (Black, State::Dead) => (ansi::DEAD, '●'),
            (White, State::Dead) => (ansi::DEAD, '○'),
            (Black, State::Seki) => (ansi::SEKI_BLACK, '●'),
            (White, State::Seki) => (ansi::SEKI_WHITE, '○'),
        },
        Cell::Empty { owner, star } => match owner {
            Some(Black) => (ansi::BLACK, '▪'),
            Some(White) => (ansi::WHITE, '▪'),
            None if star => (ansi::GRID, '╋'),
            None => (ansi::GRID, grid_char(x, y, v.w, v.h)),
        },
    }
}

/// The final position for a terminal, with a legend and the score breakdown.
///
/// Without `color`: `X`/`O` stones, `x`/`o` dead, `#`/`@` seki, `+`/`-` territory, `.`
/// neutral, `,` star point, `( )` around the last move. With `color`: ANSI colours on a
/// wood background, `●`/`○` stones (red when dead, green background in seki), `▪` territory.
pub fn terminal(input: &DiagramInput, color: bool) -> String {
    let v = View::new(input);
    let mut out = String::new();
    let title = clean(&input.title);
    if color {
        let _ = writeln!(out, "{}{title}{}", ansi::BOLD, ansi::RESET);
    } else {
        let _ = writeln!(out, "{title}");
    }
    if v.w == 0 || v.h == 0 {
        let _ = writeln!(out, "(empty board {}x{})", v.w, v.h);
    } else {
        out.push('\n');
        board_rows(&mut out, &v, color);
        out.push('\n');
        legend(&mut out, color);
    }
    if let Some(note) = v.life_note {
        let _ = writeln!(out, "Note: {note}");
    }
    if let Some((x, y)) = v.last {
        let _ = writeln!(out, "Last move: {}", point_name(x, y, v.w, v.h));
    }
    breakdown(&mut out, input, &v);
    out
}

/// Coordinates and rows: `19 . . X O 19`, columns lettered above and below.
fn board_rows(out: &mut String, v: &View, color: bool) {
    let lw = v.h.to_string().len();
    let mut header = " ".repeat(lw + 1);
    for x in 0..v.w {
        header.push(' ');
        header.push(col_label(x, v.w));
    }
    let header = if color {
        format!("{}{header}{}", ansi::DIM, ansi::RESET)
    } else {
        header
    };
    let _ = writeln!(out, "{header}");
    for y in 0..v.h {
        let row = v.h - y;
        let _ = write!(out, "{row:>lw$} ");
        for x in 0..=v.w {
            // Separator before column x (x == w: after the last column).
            let sep = match v.last {
                Some((lx, ly)) if ly == y && lx == x => '(',
                Some((lx, ly)) if ly == y && lx + 1 == x => ')',
                _ if color && x > 0 && x < v.w => '─',
                _ => ' ',
            };
            if color {
                let style = if sep == '(' || sep == ')' {
                    ansi::LAST
                } else {
                    ansi::GRID
                };
                out.push_str(style);
            }
            out.push(sep);
            if x < v.w {
                let (style, ch) = glyph(v.at(x, y), x, y, v, color);
                out.push_str(style);
                out.push(ch);
            }
        }
        if color {
            out.push_str(ansi::RESET);
        }
        let _ = writeln!(out, " {row}");
    }
    let _ = writeln!(out, "{header}");
}

fn legend(out: &mut String, color: bool) {
    if color {
        let g = ansi::GRID;
        let r = ansi::RESET;
        let _ = writeln!(
            out,
            "{}●{g} {}○{r} stones  {}● ○{r} dead  {}●{r} {}○{r} seki  {}▪{g} {}▪{r} territory  {g}┼{r} neutral  {g}╋{r} star point  {}( ){r} last move",
            ansi::BLACK,
            ansi::WHITE,
            ansi::DEAD,
            ansi::SEKI_BLACK,
            ansi::SEKI_WHITE,
            ansi::BLACK,
            ansi::WHITE,
            ansi::LAST,
        );
    } else {
        let _ = writeln!(
            out,
            "X O stones  x o dead  # @ seki  + - territory (Black, White)  . neutral  , star point  ( ) last move"
        );
    }
}

/// The score breakdown under the board, or why there is none.
fn breakdown(out: &mut String, input: &DiagramInput, v: &View) {
    if let Some(note) = &input.life.note {
        let _ = writeln!(out, "Life and death: {}", clean(note));
    }
    let Some(s) = input.score else {
        let _ = writeln!(
            out,
            "Not scored. Dead stones: {}.",
            dead_text(input.life.source, input.life.confidence)
        );
        return;
    };
    let (stones, terr) = v.tally();
    let f = &s.french;
    let _ = writeln!(
        out,
        "French count (area): komi {}, compensation {}",
        num(f.komi),
        num(f.compensation)
    );
    let _ = writeln!(
        out,
        "  Black: {} stones + {} territory = {}",
        stones[0],
        terr[0],
        num(f.black)
    );
    let _ = writeln!(
        out,
        "  White: {} stones + {} territory = {} + komi {} + compensation {} = {}",
        stones[1],
        terr[1],
        num(f.white - f.komi - f.compensation),
        num(f.komi),
        num(f.compensation),
        num(f.white)
    );
    let _ = writeln!(
        out,
        "  Margin: {} ({})",
        margin_text(f.margin),
        win_words(f.winner)
    );
    let q = &s.quick_count;
    let _ = writeln!(
        out,
        "Quick count: Black {}, White {} → {} ({})",
        num(q.black),
        num(q.white),
        margin_text(q.margin),
        if s.quick_count_agrees {
            "agrees with the French count"
        } else {
            "DISAGREES with the French count"
        }
    );
    if let Some(note) = &s.quick_count_note {
        let _ = writeln!(out, "  note: {}", clean(note));
    }
    if let Some(c) = &s.recorded_rules {
        let _ = writeln!(out, "{}", recorded_line(c));
    }
    let d = &s.dead_stones;
    let _ = writeln!(
        out,
        "Dead stones ({}): Black {}; White {}",
        dead_text(d.source, d.confidence),
        point_list(&d.black),
        point_list(&d.white)
    );
    if !d.unsure.is_empty() {
        let _ = writeln!(
            out,
            "Unsure (near a coin toss in the playouts): {}",
            point_list(&d.unsure)
        );
    }
    if !d.left_in_atari.is_empty() {
        let _ = writeln!(
            out,
            "Kept alive by the markup though capturable at once: {}",
            point_list(&d.left_in_atari)
        );
    }
    let _ = writeln!(out, "Seki: {}", point_list(&s.seki));
    if let Some(note) = &s.komi_note {
        let _ = writeln!(out, "Komi: {}", clean(note));
    }
    let o = &s.outcome;
    let mut line = format!("Outcome: {}", win_words(o.winner));
    if let Some(m) = o.margin {
        let _ = write!(line, " by {}", num(m));
    }
    let _ = write!(line, " (basis: {})", o.basis);
    if let Some(r) = &o.reason {
        let _ = write!(line, ": {}", clean(r));
    }
    let _ = writeln!(out, "{line}");
    let _ = writeln!(out, "Verdict vs RE: {}", verdict_text(s.verdict));
}

fn win_words(w: Winner) -> String {
    match w {
        Winner::Black | Winner::White => format!("{} wins", winner_name(w)),
        Winner::Draw => "draw (jigo)".into(),
        other => format!("winner {}", winner_name(other)),
    }
}

fn recorded_line(c: &Count) -> String {
    format!(
        "{} count: Black {}, White {} (komi {}, compensation {}) → {}",
        rules_name(c.rules),
        num(c.black),
        num(c.white),
        num(c.komi),
        num(c.compensation),
        margin_text(c.margin)
    )
}

// ---------------------------------------------------------------------------------------------
// SVG

/// Distance between lines, in pixels; everything else is an integer multiple or offset so the
/// output needs no float formatting.
const CELL: usize = 24;
/// Space between the outer lines and the board edge, holding the coordinates.
const MARGIN: usize = 36;
/// Distance from an outer line to the centre of its coordinate labels: clear of the stones.
const LABEL: usize = 22;
/// White space left and right of the board.
const PAD: usize = 8;
/// Height of the title band above the board.
const TITLE_H: usize = 34;
/// Height of the caption band below the board.
const CAPTION_H: usize = 30;

/// Escapes XML text and attribute values; drops characters XML 1.0 forbids.
fn xml(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c if c.is_control() => {}
            c => s.push(c),
        }
    }
    s
}

/// The one-line score caption under the SVG board.
fn caption(input: &DiagramInput) -> String {
    let life = input.life;
    let Some(s) = input.score else {
        return format!(
            "Not scored · dead stones: {}",
            dead_text(life.source, life.confidence)
        );
    };
    let f = &s.french;
    let mut c = format!(
        "French: Black {} – White {} (komi {}, comp. {}) → {}",
        num(f.black),
        num(f.white),
        num(f.komi),
        num(f.compensation),
        margin_text(f.margin)
    );
    let _ = write!(
        c,
        " · quick count {}",
        if s.quick_count_agrees {
            "agrees"
        } else {
            "differs"
        }
    );
    if let Some(r) = &s.recorded_rules {
        let _ = write!(c, " · {}: {}", rules_name(r.rules), margin_text(r.margin));
    }
    let _ = write!(
        c,
        " · dead: {} · RE: {}",
        dead_text(s.dead_stones.source, s.dead_stones.confidence),
        match s.verdict {
            Verdict::Match => "match",
            Verdict::MarginDiffers => "margin differs",
            Verdict::WinnerDiffers => "winner differs",
            Verdict::NotComparable => "not comparable",
            Verdict::NoResult => "none",
        }
    );
    c
}

/// A clean standalone SVG of the final position, with a title and a one-line score caption.
///
/// Stones are `<circle class="stone …">`; dead stones are smaller and translucent with a red
/// cross, territory is a small square, seki stones carry a green ring, the last move a red one.
pub fn svg(input: &DiagramInput) -> String {
    let v = View::new(input);
    let title = clean(&input.title);
    let cap = clean(&caption(input));
    let (w, h) = (v.w.max(1), v.h.max(1));
    let board_w = 2 * MARGIN + (w - 1) * CELL;
    let board_h = 2 * MARGIN + (h - 1) * CELL;
    // Rough text widths (bold 15 px title, 12 px caption) so long lines are not clipped.
    let title_w = title.chars().count() * 9 + 20;
    let cap_w = cap.chars().count() * 13 / 2 + 20;
    let total_w = (board_w + 2 * PAD).max(title_w).max(cap_w);
    let total_h = TITLE_H + board_h + CAPTION_H;
    let ox = (total_w - board_w) / 2;
    let oy = TITLE_H;
    // Pixel centre of point (x, y).
    let px = |x: usize| ox + MARGIN + x * CELL;
    let py = |y: usize| oy + MARGIN + y * CELL;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" viewBox="0 0 {total_w} {total_h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", xml(&title));
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{total_w}" height="{total_h}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="22" font-size="15" font-weight="bold" text-anchor="middle" fill="#222">{}</text>"##,
        total_w / 2,
        xml(&title)
    );
    let _ = writeln!(
        s,
        r##"<rect x="{ox}" y="{oy}" width="{board_w}" height="{board_h}" fill="#dcb35c" stroke="#8a6a2a"/>"##
    );
    if v.w > 0 && v.h > 0 {
        svg_board(&mut s, &v, &px, &py);
    }
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#222">{}</text>"##,
        total_w / 2,
        oy + board_h + 20,
        xml(&cap)
    );
    s.push_str("</svg>\n");
    s
}

/// Grid, star points, coordinates and the points themselves.
fn svg_board(s: &mut String, v: &View, px: &dyn Fn(usize) -> usize, py: &dyn Fn(usize) -> usize) {
    let (x0, x1, y0, y1) = (px(0), px(v.w - 1), py(0), py(v.h - 1));
    let mut d = String::new();
    for x in 0..v.w {
        let _ = write!(d, "M{} {y0}V{y1}", px(x));
    }
    for y in 0..v.h {
        let _ = write!(d, "M{x0} {}H{x1}", py(y));
    }
    let _ = writeln!(
        s,
        r##"<path d="{d}" stroke="#000" stroke-width="1" fill="none"/>"##
    );
    // Coordinates: letters above and below, numbers left and right (+4: baseline to centre).
    let _ = writeln!(
        s,
        r##"<g font-size="11" fill="#333" text-anchor="middle">"##
    );
    for x in 0..v.w {
        let l = xml(&col_label(x, v.w).to_string());
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{l}</text><text x="{}" y="{}">{l}</text>"#,
            px(x),
            y0 - LABEL + 4,
            px(x),
            y1 + LABEL + 4
        );
    }
    for y in 0..v.h {
        let n = v.h - y;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{n}</text><text x="{}" y="{}">{n}</text>"#,
            x0 - LABEL,
            py(y) + 4,
            x1 + LABEL,
            py(y) + 4
        );
    }
    s.push_str("</g>\n");
    let r = CELL / 2 - 1;
    for y in 0..v.h {
        for x in 0..v.w {
            let (cx, cy) = (px(x), py(y));
            match v.at(x, y) {
                Cell::Empty { star: true, .. } => {
                    let _ = writeln!(
                        s,
                        r##"<circle class="hoshi" cx="{cx}" cy="{cy}" r="3" fill="#000"/>"##
                    );
                }
                Cell::Empty { owner: Some(o), .. } => {
                    let _ = writeln!(s, "{}", territory_square(cx, cy, o));
                }
                Cell::Empty { .. } => {}
                Cell::Stone {
                    color,
                    state: State::Dead,
                    ..
                } => {
                    let (cls, fill) = stone_paint(color);
                    let k = 5;
                    let _ = writeln!(
                        s,
                        r##"<circle class="stone dead {cls}" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000" opacity="0.45"/>"##,
                        r - 3
                    );
                    let _ = writeln!(
                        s,
                        r##"<path class="cross" d="M{} {}L{} {}M{} {}L{} {}" stroke="#c81e1e" stroke-width="2"/>"##,
                        cx - k,
                        cy - k,
                        cx + k,
                        cy + k,
                        cx - k,
                        cy + k,
                        cx + k,
                        cy - k
                    );
                }
                Cell::Stone { color, state, .. } => {
                    let (cls, fill) = stone_paint(color);
                    let _ = writeln!(
                        s,
                        r##"<circle class="stone {cls}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#000" stroke-width="1"/>"##
                    );
                    if state == State::Seki {
                        let _ = writeln!(
                            s,
                            r##"<circle class="seki" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#1a9e5a" stroke-width="2"/>"##,
                            r - 4
                        );
                    }
                }
            }
        }
    }
    if let Some((x, y)) = v.last {
        let _ = writeln!(
            s,
            r##"<circle class="last" cx="{}" cy="{}" r="5" fill="none" stroke="#d22" stroke-width="2"/>"##,
            px(x),
            py(y)
        );
    }
}

fn stone_paint(c: Color) -> (&'static str, &'static str) {
    match c {
        Color::Black => ("black", "#111"),
        Color::White => ("white", "#fafafa"),
    }
}

/// A small square on a territory point, in the owner's colour.
fn territory_square(cx: usize, cy: usize, owner: Color) -> String {
    let (cls, fill) = match owner {
        Color::Black => ("tb", "#000"),
        Color::White => ("tw", "#fff"),
    };
    format!(
        r##"<rect class="{cls}" x="{}" y="{}" width="8" height="8" fill="{fill}" stroke="#000" stroke-width="0.5"/>"##,
        cx - 4,
        cy - 4
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::{DeadStoneMethod, analyze};
    use crate::record::{RecordedResult, ResultKind};
    use crate::scoring::tests::{seed_input, seed001};
    use crate::scoring::{ScoreInput, score};

    /// A position and a hand-made verdict from the diagram's own plain glyphs.
    fn setup(rows: &[&str]) -> (Position, LifeAndDeath) {
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

    fn input<'a>(
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

    const FIVE: [&str; 5] = ["+X.O-", "+X#@O", "XXo.O", "++XOx", "+.XO-"];

    #[test]
    fn five_by_five_rows_round_trip() {
        let (p, life) = setup(&FIVE);
        let mut inp = input(&p, &life, None);
        inp.last_move = Some(Point { x: 2, y: 3 });
        let t = terminal(&inp, false);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "t.sgf#0 — Black vs White");
        assert_eq!(lines[2], "   A B C D E");
        assert_eq!(lines[3], "5  + X . O -  5");
        assert_eq!(lines[4], "4  + X # @ O  4");
        assert_eq!(lines[5], "3  X X o . O  3");
        assert_eq!(lines[6], "2  + +(X)O x  2");
        assert_eq!(lines[7], "1  + . X O -  1");
        assert_eq!(lines[8], "   A B C D E");
        assert!(t.contains("Last move: C2 (cd)"));
        assert!(t.contains("Not scored"));
        // Colour mode: glyphs and escapes, nothing of the plain marks.
        let c = terminal(&inp, true);
        assert!(c.contains('●') && c.contains('○') && c.contains('▪') && c.contains("\x1b["));
    }

    #[test]
    fn nine_by_nine_with_score() {
        let p = seed001();
        let tw = [Point { x: 7, y: 2 }];
        let life = analyze(&p, Some((&[], &tw)), DeadStoneMethod::Markup);
        let re = RecordedResult::new("B+2.5", Winner::Black, Some(ResultKind::Score), Some(2.5));
        let s = score(&ScoreInput {
            rules: RuleSet::Japanese,
            ..seed_input(&p, &life, &re)
        });
        let mut inp = input(&p, &life, Some(&s));
        inp.last_move = Some(Point { x: 8, y: 0 });
        let t = terminal(&inp, false);
        assert!(t.contains("\n   A B C D E F G H J\n"), "{t}");
        assert!(t.contains("9  + + + + X O - -(-) 9"), "{t}");
        assert!(t.contains("7  + + + + X O - x -  7"), "{t}");
        assert!(
            t.contains("  Black: 15 stones + 28 territory = 43\n"),
            "{t}"
        );
        assert!(
            t.contains(
                "  White: 14 stones + 24 territory = 38 + komi 0.5 + compensation 2 = 40.5\n"
            ),
            "{t}"
        );
        assert!(t.contains("Margin: B+2.5 (Black wins)"), "{t}");
        assert!(t.contains("agrees with the French count"), "{t}");
        assert!(t.contains("Japanese count: Black"), "{t}");
        assert!(t.contains("Dead stones (markup): Black 1 (hc); White none"));
        assert!(t.contains("Seki: none"));
        assert!(t.contains("Outcome: Black wins by"), "{t}");
        assert!(t.contains("Verdict vs RE:"), "{t}");

        let g = svg(&inp);
        assert!(g.starts_with("<svg") && g.trim_end().ends_with("</svg>"));
        let stones = p.cells.iter().filter(|c| c.is_some()).count();
        assert_eq!(g.matches("<circle class=\"stone").count(), stones);
        assert_eq!(g.matches("<circle class=\"stone dead").count(), 1);
        assert_eq!(g.matches("class=\"cross\"").count(), 1);
        assert_eq!(g.matches("class=\"tb\"").count(), 28);
        assert_eq!(g.matches("class=\"tw\"").count(), 23);
        assert_eq!(g.matches("class=\"last\"").count(), 1);
        assert!(g.contains("French: Black 43 – White 40.5"), "{g}");
        // Deterministic.
        assert_eq!(g, svg(&inp));
    }

    #[test]
    fn seki_from_the_analysis_is_marked() {
        let (p, _) = setup(&crate::life::tests::SEKI);
        let life = analyze(&p, None, DeadStoneMethod::Estimate);
        let inp = input(&p, &life, None);
        let t = terminal(&inp, false);
        assert!(t.contains("6  O O O # # # @ @ X X X  6"), "{t}");
        assert!(t.contains("\n   A B C D E F G H J K L\n"), "{t}");
        let g = svg(&inp);
        assert_eq!(g.matches("class=\"seki\"").count(), 23);
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
            let life = analyze(&p, None, DeadStoneMethod::None);
            let inp = input(&p, &life, None);
            let t = terminal(&inp, false);
            let board: String = t.lines().skip(3).take(h as usize).collect();
            assert_eq!(board.matches(',').count(), stars, "{w}x{h}\n{t}");
            assert_eq!(svg(&inp).matches("class=\"hoshi\"").count(), stars);
        }
        let p = Position::empty(19, 19);
        let life = analyze(&p, None, DeadStoneMethod::None);
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
    fn names_are_escaped() {
        let (p, life) = setup(&FIVE);
        let mut inp = input(&p, &life, None);
        inp.title = "a.sgf — <&> \"Q\" 'x' vs B\x1b[31m".into();
        let g = svg(&inp);
        assert!(
            g.contains("&lt;&amp;&gt; &quot;Q&quot; &apos;x&apos;"),
            "{g}"
        );
        assert!(!g.contains("<&>") && !g.contains('\x1b'));
        assert!(!terminal(&inp, false).contains('\x1b'));
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
            let life = analyze(&p, None, DeadStoneMethod::Estimate);
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
        let life = analyze(&p, None, DeadStoneMethod::None);
        let t = terminal(&input(&p, &life, None), false);
        assert!(t.contains(" a b c ") && t.contains(" X Y Z\n"), "{t}");
        assert!(t.contains("\n52  . . ") && t.contains(" .  1\n"));
        // 5x3: rectangles keep their shape.
        let p = Position::empty(5, 3);
        let life = analyze(&p, None, DeadStoneMethod::None);
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
    fn numbers_are_fixed() {
        assert_eq!(num(43.0), "43");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(margin_text(-6.5), "W+6.5");
        assert_eq!(margin_text(0.0), "Draw");
    }
}
