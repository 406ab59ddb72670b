//! The terminal renderer: the final position as plain text or in ANSI colours, with a legend
//! and the count breakdown under the board.

use super::{
    Cell, DiagramInput, State, View, board_name, clean, col_label, dead_text, margin_text, num,
    point_name, rules_name, verdict_text, winner_name,
};
use crate::board::Color;
use crate::life::DeadSource;
use crate::output::label;
use crate::record::Winner;
use crate::scoring::{Count, Score};
use std::fmt::Write as _;

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
    // Every state has its own glyph, filled for Black and hollow for White, so that the
    // picture reads the same on a terminal without colours or to eyes that do not tell red.
    match cell {
        Cell::Stone { color, state, .. } => match (color, state) {
            (Black, State::Alive) => (ansi::BLACK, '●'),
            (White, State::Alive) => (ansi::WHITE, '○'),
            (Black, State::Dead) => (ansi::DEAD, '◆'),
            (White, State::Dead) => (ansi::DEAD, '◇'),
            (Black, State::Seki) => (ansi::SEKI_BLACK, '◉'),
            (White, State::Seki) => (ansi::SEKI_WHITE, '◎'),
        },
        Cell::Empty { owner, star } => match owner {
            Some(Black) => (ansi::BLACK, '▪'),
            Some(White) => (ansi::WHITE, '▫'),
            None if star => (ansi::GRID, '╋'),
            None => (ansi::GRID, grid_char(x, y, v.w, v.h)),
        },
    }
}

/// The final position for a terminal, with a legend and the score breakdown.
///
/// Without `color`: `X`/`O` stones, `x`/`o` dead, `#`/`@` seki, `+`/`-` territory, `.`
/// neutral, `,` star point, `( )` around the last move. With `color`: ANSI colours on a
/// wood background, `●`/`○` stones, `◆`/`◇` dead (red), `◉`/`◎` seki (green background),
/// `▪`/`▫` territory: filled for Black, hollow for White, each state its own glyph.
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

/// What each mark means, in the marks of the chosen mode.
fn legend(out: &mut String, color: bool) {
    if color {
        let g = ansi::GRID;
        let r = ansi::RESET;
        let _ = writeln!(
            out,
            "{}●{g} {}○{r} stones  {}◆ ◇{r} dead  {}◉{r} {}◎{r} seki  {}▪{g} {}▫{r} territory (Black, White)  {g}┼{r} neutral  {g}╋{r} star point  {}( ){r} last move",
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
    counts(out, s, v);
    dead_stones(out, input, s, v);
    outcome(out, s);
}

/// The French count with its stones and territory, the quick count, and the count under the
/// record's own rules.
fn counts(out: &mut String, s: &Score, v: &View) {
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
}

/// The dead stones, the unsure ones, the estimate's groups, the chains the markup keeps in
/// atari, and the seki.
fn dead_stones(out: &mut String, input: &DiagramInput, s: &Score, v: &View) {
    let d = &s.dead_stones;
    let list = |points: &[String]| point_list(points, v.w, v.h);
    let _ = writeln!(
        out,
        "Dead stones ({}): Black {}; White {}",
        dead_text(d.source, d.confidence),
        list(&d.black),
        list(&d.white)
    );
    if !d.unsure.is_empty() {
        let _ = writeln!(
            out,
            "Unsure (near a coin toss in the playouts): {}",
            list(&d.unsure)
        );
    }
    if d.source == DeadSource::Estimate && !input.life.groups.is_empty() {
        let _ = writeln!(out, "Groups, as the estimate decided them:");
        for g in &input.life.groups {
            let points: Vec<String> = g.stones.iter().map(|p| p.to_sgf()).collect();
            let kept = g
                .kept
                .map(|k| format!(", kept in {} % of the playouts", num(k * 100.0)))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {} {} ({}, {}{kept}): {}",
                g.color.name(),
                label(&g.status),
                label(&g.method),
                label(&g.confidence),
                list(&points)
            );
        }
    }
    if !d.left_in_atari.is_empty() {
        let _ = writeln!(
            out,
            "Kept alive by the markup though capturable at once: {}",
            list(&d.left_in_atari)
        );
    }
    let _ = writeln!(out, "Seki: {}", list(&s.seki));
}

/// The komi's note, the winner with its margin and basis, and the verdict against `RE`.
fn outcome(out: &mut String, s: &Score) {
    if let Some(note) = &s.komi_note {
        let _ = writeln!(out, "Komi: {}", clean(note));
    }
    let o = &s.winner;
    let mut line = format!("Outcome: {}", win_words(o.color));
    if let Some(m) = o.margin {
        let _ = write!(line, " by {}", num(m));
    }
    let _ = write!(line, " (basis: {})", o.source.name());
    if let Some(r) = &o.reason {
        let _ = write!(line, ": {}", clean(r));
    }
    let _ = writeln!(out, "{line}");
    let _ = writeln!(out, "Verdict vs RE: {}", verdict_text(s.verdict));
}

/// `Black wins`, `draw (jigo)`, or `winner unknown` for results without one.
fn win_words(w: Winner) -> String {
    match w {
        Winner::Black | Winner::White => format!("{} wins", winner_name(w)),
        Winner::Draw => "draw (jigo)".into(),
        other => format!("winner {}", winner_name(other)),
    }
}

/// The count under the record's own rules, beside the French one.
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

/// A list of points in board coordinates as the diagram labels them, then in SGF, e.g.
/// `4: C4 D4 E4 D3 (cj dj ej dk)`; shortened so a huge dead group does not flood the report.
/// SGF points only where the board's letters run out (over 25 columns) or a point is off it.
fn point_list(points: &[String], w: usize, h: usize) -> String {
    const SHOWN: usize = 12;
    if points.is_empty() {
        return "none".into();
    }
    let more = points.len().saturating_sub(SHOWN);
    let shown = |names: Vec<String>| {
        let mut s = names.join(" ");
        if more > 0 {
            let _ = write!(s, " … +{more}");
        }
        s
    };
    let sgf = shown(points.iter().take(SHOWN).cloned().collect());
    let board: Option<Vec<String>> = points
        .iter()
        .take(SHOWN)
        .map(|p| board_name(p, w, h))
        .collect();
    match board {
        Some(names) => format!("{}: {} ({sgf})", points.len(), shown(names)),
        None => format!("{} ({sgf})", points.len()),
    }
}

#[cfg(test)]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::diagram::tests::{FIVE, input, seed_scored, setup};

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
        // With the escapes taken away (a terminal without colours), every state keeps a
        // glyph of its own: the plain rows map one to one onto the coloured ones.
        let plain_rows: Vec<Vec<char>> = (3..8).map(|i| marks(lines[i])).collect();
        let bare = strip_ansi(&c);
        let colour_lines: Vec<&str> = bare.lines().collect();
        let colour_rows: Vec<Vec<char>> = (3..8).map(|i| marks(colour_lines[i])).collect();
        let mut pairs = std::collections::BTreeMap::new();
        for (p, c) in plain_rows
            .iter()
            .flatten()
            .zip(colour_rows.iter().flatten())
        {
            // A neutral point is the grid's line crossing, whichever its shape.
            let c = &if ('\u{2500}'..='\u{257F}').contains(c) && *c != '╋' {
                '┼'
            } else {
                *c
            };
            assert_eq!(*pairs.entry(*p).or_insert(*c), *c, "{p} drawn two ways");
        }
        let glyphs: std::collections::BTreeSet<char> = pairs.values().copied().collect();
        assert_eq!(
            glyphs.len(),
            pairs.len(),
            "two states share a glyph: {pairs:?}"
        );
        assert!(pairs.len() >= 9, "{pairs:?}");
    }

    /// The point marks of one board row (every other character after the row number).
    fn marks(row: &str) -> Vec<char> {
        let chars: Vec<char> = row.chars().collect();
        (0..5)
            .filter_map(|x| chars.get(3 + 2 * x).copied())
            .collect()
    }

    /// The text of a coloured diagram without its escapes.
    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut esc = false;
        for c in s.chars() {
            match (esc, c) {
                (false, '\x1b') => esc = true,
                (true, 'm') => esc = false,
                (true, _) => {}
                (false, c) => out.push(c),
            }
        }
        out
    }

    #[test]
    fn point_lists_give_board_coordinates_then_sgf_points() {
        let pts = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            point_list(&pts(&["cj", "dj", "ej", "dk"]), 19, 19),
            "4: C10 D10 E10 D9 (cj dj ej dk)"
        );
        assert_eq!(point_list(&[], 19, 19), "none");
        // Rectangular board: rows counted from the bottom of its own height.
        assert_eq!(point_list(&pts(&["ja", "jc"]), 11, 3), "2: K3 K1 (ja jc)");
        // Over 25 columns the diagram labels columns in SGF letters: SGF points only.
        assert_eq!(point_list(&pts(&["aa", "Zb"]), 52, 52), "2 (aa Zb)");
        // A point off the board (inconsistent data): SGF points only, no panic.
        assert_eq!(point_list(&pts(&["aa", "zz"]), 9, 9), "2 (aa zz)");
        // Long lists are cut the same way in both.
        let many: Vec<String> = (0..15)
            .map(|i| format!("a{}", (b'a' + i) as char))
            .collect();
        let l = point_list(&many, 19, 19);
        assert!(l.starts_with("15: A19 A18 "), "{l}");
        assert_eq!(l.matches("… +3").count(), 2, "{l}");
    }

    #[test]
    fn the_estimate_names_how_it_decided_each_group() {
        let p = crate::scoring::tests::seed001();
        let life = crate::life::decide(&p, None, crate::life::DeadStoneMethod::Estimate);
        let re = crate::record::RecordedResult::new(
            "B+2.5",
            Winner::Black,
            Some(crate::record::ResultKind::Score),
            Some(2.5),
        );
        let s = crate::scoring::score(&crate::scoring::tests::seed_input(&p, &life, &re));
        let t = terminal(&input(&p, &life, Some(&s)), false);
        // Each group on a line of its own: fate, method, confidence, the playouts' share.
        assert!(
            t.contains(
                "Groups, as the estimate decided them:\n  Black alive (playouts, likely, \
                 kept in 100 % of the playouts): 15: E9 E8 E7 "
            ),
            "{t}"
        );
        assert!(
            t.contains(
                "\n  Black dead (playouts, likely, kept in 20.8 % of the playouts): 1: H7 (hc)\n"
            ),
            "{t}"
        );
        assert_eq!(t.matches(" (playouts, likely, ").count(), 3, "{t}");
        // The markup's verdict lists no groups.
        let (p, life, s) = seed_scored();
        let t = terminal(&input(&p, &life, Some(&s)), false);
        assert!(!t.contains("Groups, as"), "{t}");
    }

    #[test]
    fn nine_by_nine_with_score() {
        let (p, life, s) = seed_scored();
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
        assert!(
            t.contains("Dead stones (markup): Black 1: H7 (hc); White none"),
            "{t}"
        );
        assert!(t.contains("Seki: none"));
        assert!(t.contains("Outcome: Black wins by"), "{t}");
        assert!(t.contains("Verdict vs RE:"), "{t}");
    }
}
