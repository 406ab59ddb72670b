//! The SVG renderer: a clean standalone picture of the final position, with a title and a
//! one-line score caption.

use super::{
    Cell, DiagramInput, State, View, clean, col_label, dead_text, margin_text, num, rules_name,
};
use crate::board::Color;
use crate::scoring::Verdict;
use std::fmt::Write as _;

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
            Verdict::Uncertain => "uncertain",
            Verdict::NotComparable => "not comparable",
            Verdict::NoResult => "none",
        }
    );
    c
}

/// What an SVG diagram draws besides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// The title above the board and the score caption below it (a page that shows them
    /// beside the board leaves them out: the canvas is then the board's).
    pub captions: bool,
    /// A dashed orange ring on the stones of groups the playouts left near a coin toss.
    pub unsure: bool,
}

impl Default for SvgOptions {
    /// What `show --svg` draws: captions, no unsure marks.
    fn default() -> Self {
        SvgOptions {
            captions: true,
            unsure: false,
        }
    }
}

/// A clean standalone SVG of the final position, with a title and a one-line score caption.
///
/// Stones are `<circle class="stone …">`; dead stones are smaller and translucent with a red
/// cross, territory is a small square, seki stones carry a green ring, the last move a red one.
pub fn svg(input: &DiagramInput) -> String {
    svg_with(input, SvgOptions::default())
}

/// [`svg`], with or without the captions, with or without the unsure groups marked.
pub fn svg_with(input: &DiagramInput, opts: SvgOptions) -> String {
    let v = View::new(input);
    let title = clean(&input.title);
    let cap = if opts.captions {
        clean(&caption(input))
    } else {
        String::new()
    };
    let (w, h) = (v.w.max(1), v.h.max(1));
    let board_w = 2 * MARGIN + (w - 1) * CELL;
    let board_h = 2 * MARGIN + (h - 1) * CELL;
    let (title_h, caption_h) = if opts.captions {
        (TITLE_H, CAPTION_H)
    } else {
        (0, 0)
    };
    // Rough text widths (bold 15 px title, 12 px caption) so long lines are not clipped.
    let title_w = if opts.captions {
        title.chars().count() * 9 + 20
    } else {
        0
    };
    let cap_w = cap.chars().count() * 13 / 2 + 20;
    let total_w = (board_w + 2 * PAD).max(title_w).max(cap_w);
    let total_h = title_h + board_h + caption_h;
    let ox = (total_w - board_w) / 2;
    let oy = title_h;
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
    if opts.captions {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="22" font-size="15" font-weight="bold" text-anchor="middle" fill="#222">{}</text>"##,
            total_w / 2,
            xml(&title)
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{ox}" y="{oy}" width="{board_w}" height="{board_h}" fill="#dcb35c" stroke="#8a6a2a"/>"##
    );
    if v.w > 0 && v.h > 0 {
        svg_board(&mut s, &v, &px, &py);
        if opts.unsure && v.life_note.is_none() {
            svg_unsure(&mut s, input, &v, &px, &py);
        }
    }
    if opts.captions {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#222">{}</text>"##,
            total_w / 2,
            oy + board_h + 20,
            xml(&cap)
        );
    }
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

/// A dashed orange ring on every stone of a group the playouts left near a coin toss.
fn svg_unsure(
    s: &mut String,
    input: &DiagramInput,
    v: &View,
    px: &dyn Fn(usize) -> usize,
    py: &dyn Fn(usize) -> usize,
) {
    let unsure = &input.life.unsure;
    if unsure.len() != v.w * v.h {
        return;
    }
    for y in 0..v.h {
        for x in 0..v.w {
            let marked = unsure.get(y * v.w + x).copied().unwrap_or(false);
            if marked && matches!(v.at(x, y), Cell::Stone { .. }) {
                let _ = writeln!(
                    s,
                    r##"<circle class="unsure" cx="{}" cy="{}" r="{}" fill="none" stroke="#e67e00" stroke-width="2" stroke-dasharray="3 2"/>"##,
                    px(x),
                    py(y),
                    CELL / 2 + 1
                );
            }
        }
    }
}

/// CSS class and fill of a stone.
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
    use crate::board::Point;
    use crate::diagram::terminal;
    use crate::diagram::tests::{FIVE, input, seed_scored, setup};

    #[test]
    fn nine_by_nine_with_score() {
        let (p, life, s) = seed_scored();
        let mut inp = input(&p, &life, Some(&s));
        inp.last_move = Some(Point { x: 8, y: 0 });
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
    fn without_captions_the_canvas_is_the_board_and_unsure_stones_are_ringed() {
        let (p, mut life, s) = seed_scored();
        let inp = input(&p, &life, Some(&s));
        let full = svg(&inp);
        assert_eq!(full, svg_with(&inp, SvgOptions::default()));
        let bare = svg_with(
            &inp,
            SvgOptions {
                captions: false,
                unsure: true,
            },
        );
        assert!(!bare.contains("French:"), "{bare}");
        let side = 2 * MARGIN + 8 * CELL;
        assert!(
            bare.contains(&format!("width=\"{}\" height=\"{side}\"", side + 2 * PAD)),
            "{bare}"
        );
        assert_eq!(bare.matches("class=\"unsure\"").count(), 0);
        // Mark the first stone's point unsure: one ring, and none on an empty point.
        let first = p.cells.iter().position(|c| c.is_some()).unwrap_or(0);
        let empty = p.cells.iter().position(|c| c.is_none()).unwrap_or(0);
        life.unsure = vec![false; p.cells.len()];
        life.unsure[first] = true;
        life.unsure[empty] = true;
        let inp = input(&p, &life, Some(&s));
        let marked = svg_with(
            &inp,
            SvgOptions {
                captions: false,
                unsure: true,
            },
        );
        assert_eq!(marked.matches("class=\"unsure\"").count(), 1);
        // show's picture is unchanged by the marks.
        assert_eq!(svg(&inp), full);
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
}
