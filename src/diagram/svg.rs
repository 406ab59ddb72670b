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
/// Narrowest canvas with captions, so that a title on a small board keeps a few words a line.
const MIN_W: usize = 240;
/// Title: font size and line height.
const TITLE_PX: usize = 15;
const TITLE_LINE: usize = 19;
/// Caption and legend: font size and line height.
const SMALL_PX: usize = 12;
const SMALL_LINE: usize = 16;
/// Height of one legend row.
const LEGEND_ROW: usize = 22;

/// Width of a text in pixels, over-estimated so that no line runs off the canvas: a column
/// of the terminal's (`unicode-width`; CJK characters take two) is 0.6 of the font size, a
/// little more than the average Latin letter of a sans-serif font.
fn text_w(text: &str, font_px: usize) -> usize {
    unicode_width::UnicodeWidthStr::width(text) * font_px * 3 / 5
}

/// Lines of at most `max` pixels: pieces split at `sep` are kept whole when they fit (the
/// caption's ` · ` items), else wrapped at spaces, and a word longer than a line is cut.
fn wrap(text: &str, sep: &str, max: usize, font_px: usize) -> Vec<String> {
    let fits = |s: &str| text_w(s, font_px) <= max;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for piece in text.split(sep).filter(|p| !p.is_empty()) {
        let joined = if line.is_empty() {
            piece.to_string()
        } else {
            format!("{line}{sep}{piece}")
        };
        if fits(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if fits(piece) {
            line = piece.to_string();
            continue;
        }
        for word in piece.split(' ').filter(|w| !w.is_empty()) {
            let joined = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if fits(&joined) {
                line = joined;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // A word wider than a line (a long file name) is cut where it must be.
            for c in word.chars() {
                line.push(c);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Lines of text centred at `cx`, the first baseline at `y`: one `<text>`, a `<tspan>` a line.
fn text_lines(s: &mut String, lines: &[String], cx: usize, y: usize, style: &str, line_h: usize) {
    let _ = write!(s, r#"<text text-anchor="middle" {style}>"#);
    for (i, l) in lines.iter().enumerate() {
        let _ = write!(
            s,
            r#"<tspan x="{cx}" y="{}">{}</tspan>"#,
            y + i * line_h,
            xml(l)
        );
    }
    s.push_str("</text>\n");
}

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

/// What an SVG diagram draws besides the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// The title above the board, the score caption and the legend below it (a page that
    /// shows them beside the board leaves them out: the canvas is then the board's).
    pub captions: bool,
    /// A dashed orange ring on the stones of groups the playouts left near a coin toss.
    pub unsure: bool,
}

impl Default for SvgOptions {
    /// What `show --svg` draws: captions, unsure groups marked.
    fn default() -> Self {
        SvgOptions {
            captions: true,
            unsure: true,
        }
    }
}

/// A clean standalone SVG of the final position, with a title, the score caption and a
/// legend of the marks it uses.
///
/// Stones are `<circle class="stone …">`; dead stones are smaller and translucent with a red
/// cross, territory is a small square, seki stones carry a green ring, stones of a group near
/// a coin toss a dashed orange one, the last move a red one. The canvas is the board's width
/// (at least 240 pixels): the title and the caption are wrapped to it, on as many lines as
/// they need.
pub fn svg(input: &DiagramInput) -> String {
    svg_with(input, SvgOptions::default())
}

/// [`svg`], with or without the captions, with or without the unsure groups marked.
pub fn svg_with(input: &DiagramInput, opts: SvgOptions) -> String {
    let v = View::new(input);
    let title = clean(&input.title);
    let (w, h) = (v.w.max(1), v.h.max(1));
    let board_w = 2 * MARGIN + (w - 1) * CELL;
    let board_h = 2 * MARGIN + (h - 1) * CELL;
    let unsure = opts.unsure && v.life_note.is_none() && has_unsure(input, &v);
    let (total_w, title_lines, cap_lines, legend) = if opts.captions {
        let total_w = (board_w + 2 * PAD).max(MIN_W);
        let room = total_w - 2 * PAD;
        let legend = legend_rows(&marks(&v, unsure), room);
        (
            total_w,
            wrap(&title, " ", room, TITLE_PX),
            wrap(&clean(&caption(input)), " · ", room, SMALL_PX),
            legend,
        )
    } else {
        (board_w + 2 * PAD, Vec::new(), Vec::new(), Vec::new())
    };
    let band = |lines: usize, line_h: usize| if lines == 0 { 0 } else { lines * line_h + 12 };
    let title_h = band(title_lines.len(), TITLE_LINE);
    let caption_h = band(cap_lines.len(), SMALL_LINE);
    let legend_h = if legend.is_empty() {
        0
    } else {
        legend.len() * LEGEND_ROW + 6
    };
    let total_h = title_h + board_h + caption_h + legend_h;
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
    if !title_lines.is_empty() {
        let style =
            format!(r##"class="title" font-size="{TITLE_PX}" font-weight="bold" fill="#222""##);
        text_lines(
            &mut s,
            &title_lines,
            total_w / 2,
            8 + TITLE_PX,
            &style,
            TITLE_LINE,
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{ox}" y="{oy}" width="{board_w}" height="{board_h}" fill="#dcb35c" stroke="#8a6a2a"/>"##
    );
    if v.w > 0 && v.h > 0 {
        svg_board(&mut s, &v, &px, &py);
        if unsure {
            svg_unsure(&mut s, input, &v, &px, &py);
        }
    }
    if !cap_lines.is_empty() {
        let style = format!(r##"class="caption" font-size="{SMALL_PX}" fill="#222""##);
        let y = oy + board_h + 6 + SMALL_PX;
        text_lines(&mut s, &cap_lines, total_w / 2, y, &style, SMALL_LINE);
    }
    let top = oy + board_h + caption_h;
    for (row, items) in legend.iter().enumerate() {
        let width: usize = items.iter().map(|m| m.width()).sum();
        let mut x = (total_w - width.min(total_w)) / 2;
        let cy = top + row * LEGEND_ROW + LEGEND_ROW / 2;
        for m in items {
            m.draw(&mut s, x, cy);
            x += m.width();
        }
    }
    s.push_str("</svg>\n");
    s
}

/// A mark the legend explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Dead,
    Territory,
    Seki,
    Unsure,
    Last,
}

impl Mark {
    /// The words beside the mark.
    fn label(self) -> &'static str {
        match self {
            Mark::Dead => "dead",
            Mark::Territory => "territory",
            Mark::Seki => "seki",
            Mark::Unsure => "unsure group",
            Mark::Last => "last move",
        }
    }

    /// Width of the entry: the mark, its words, a gap.
    fn width(self) -> usize {
        let mark = if self == Mark::Territory { 30 } else { 22 };
        mark + text_w(self.label(), SMALL_PX) + 14
    }

    /// The entry, its mark centred on `cy`, starting at `x`.
    fn draw(self, s: &mut String, x: usize, cy: usize) {
        let cx = x + 9;
        let r = CELL / 2 - 1;
        match self {
            Mark::Dead => {
                let _ = write!(
                    s,
                    r##"<g class="legend dead"><circle cx="{cx}" cy="{cy}" r="{}" fill="#111" stroke="#000" opacity="0.45"/><path d="M{} {}L{} {}M{} {}L{} {}" stroke="#c81e1e" stroke-width="2"/></g>"##,
                    r - 4,
                    cx - 4,
                    cy - 4,
                    cx + 4,
                    cy + 4,
                    cx - 4,
                    cy + 4,
                    cx + 4,
                    cy - 4
                );
            }
            Mark::Territory => {
                let _ = write!(
                    s,
                    r#"<g class="legend territory">{}{}</g>"#,
                    territory_square(cx, cy, Color::Black, false),
                    territory_square(cx + 11, cy, Color::White, false)
                );
            }
            Mark::Seki => {
                let _ = write!(
                    s,
                    r##"<g class="legend seki"><circle cx="{cx}" cy="{cy}" r="8" fill="#111"/><circle cx="{cx}" cy="{cy}" r="5" fill="none" stroke="#1a9e5a" stroke-width="2"/></g>"##
                );
            }
            Mark::Unsure => {
                let _ = write!(
                    s,
                    r##"<g class="legend unsure"><circle cx="{cx}" cy="{cy}" r="8" fill="#fafafa" stroke="#000"/><circle cx="{cx}" cy="{cy}" r="9" fill="none" stroke="#ff7a00" stroke-width="3" stroke-dasharray="4 2"/></g>"##
                );
            }
            Mark::Last => {
                let _ = write!(
                    s,
                    r##"<g class="legend last"><circle cx="{cx}" cy="{cy}" r="5" fill="none" stroke="#d22" stroke-width="2"/></g>"##
                );
            }
        }
        let tx = x + if self == Mark::Territory { 30 } else { 22 };
        let _ = writeln!(
            s,
            r##"<text x="{tx}" y="{}" font-size="{SMALL_PX}" fill="#222">{}</text>"##,
            cy + 4,
            self.label()
        );
    }
}

/// The marks a board uses, in the legend's order.
fn marks(v: &View, unsure: bool) -> Vec<Mark> {
    let has = |f: &dyn Fn(Cell) -> bool| v.cells.iter().any(|c| f(*c));
    let mut m = Vec::new();
    if has(&|c| {
        matches!(
            c,
            Cell::Stone {
                state: State::Dead,
                ..
            }
        )
    }) {
        m.push(Mark::Dead);
    }
    if has(&|c| matches!(c, Cell::Empty { owner: Some(_), .. })) {
        m.push(Mark::Territory);
    }
    if has(&|c| {
        matches!(
            c,
            Cell::Stone {
                state: State::Seki,
                ..
            }
        )
    }) {
        m.push(Mark::Seki);
    }
    if unsure {
        m.push(Mark::Unsure);
    }
    if v.last.is_some() {
        m.push(Mark::Last);
    }
    m
}

/// The legend's entries in rows no wider than `room`.
fn legend_rows(marks: &[Mark], room: usize) -> Vec<Vec<Mark>> {
    let mut rows: Vec<Vec<Mark>> = Vec::new();
    let mut width = 0;
    for &m in marks {
        match rows.last_mut() {
            Some(row) if width + m.width() <= room => row.push(m),
            _ => {
                rows.push(vec![m]);
                width = 0;
            }
        }
        width += m.width();
    }
    rows
}

/// Whether a stone on the board is in a group near a coin toss.
fn has_unsure(input: &DiagramInput, v: &View) -> bool {
    let unsure = &input.life.unsure;
    unsure.len() == v.w * v.h
        && unsure
            .iter()
            .zip(&v.cells)
            .any(|(u, c)| *u && matches!(c, Cell::Stone { .. }))
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
                    let _ = writeln!(s, "{}", territory_square(cx, cy, o, true));
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
                    r##"<circle class="unsure" cx="{}" cy="{}" r="{}" fill="none" stroke="#ff7a00" stroke-width="3" stroke-dasharray="4 2"/>"##,
                    px(x),
                    py(y),
                    CELL / 2
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

/// A small square on a territory point, in the owner's colour (`class`: `tb`/`tw`, which the
/// legend's sample leaves out).
fn territory_square(cx: usize, cy: usize, owner: Color, class: bool) -> String {
    let (cls, fill) = match owner {
        Color::Black => (" class=\"tb\"", "#000"),
        Color::White => (" class=\"tw\"", "#fff"),
    };
    let cls = if class { cls } else { "" };
    format!(
        r##"<rect{cls} x="{}" y="{}" width="8" height="8" fill="{fill}" stroke="#000" stroke-width="0.5"/>"##,
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
        assert!(
            !marked.contains("legend"),
            "the page gives the legend: {marked}"
        );
        // show's picture marks them too, and says so in its legend; without them, no entry.
        let shown = svg(&inp);
        assert_eq!(shown.matches("class=\"unsure\"").count(), 1);
        assert!(shown.contains("class=\"legend unsure\""), "{shown}");
        assert!(shown.contains(">unsure group</text>"), "{shown}");
        assert!(!full.contains("legend unsure"), "{full}");
        for entry in ["dead", "territory"] {
            assert!(
                shown.contains(&format!("class=\"legend {entry}\"")),
                "{entry}"
            );
        }
        assert!(!shown.contains("legend seki"), "no seki on this board");
    }

    /// `(width, height)` of an SVG's viewBox.
    fn view_box(g: &str) -> (usize, usize) {
        let at = g.find("viewBox=\"0 0 ").map_or(0, |i| i + 13);
        let nums: Vec<usize> = g[at..]
            .split(['"', ' '])
            .take(2)
            .filter_map(|n| n.parse().ok())
            .collect();
        assert_eq!(nums.len(), 2, "{g}");
        (nums[0], nums[1])
    }

    #[test]
    fn the_canvas_is_the_board_and_long_titles_wrap() {
        let title = "club/2025-03-19-1-park-nguyen.sgf#0 — Black Jean-Baptiste de La Tour d'Auvergne \
                     (11k) vs White Maximiliana Oberhauser-Lindqvist (8k), 2025-03-19, result W+123.5";
        for (w, h) in [(9u8, 9u8), (13, 13), (19, 19), (19, 9), (7, 15)] {
            let p = crate::board::Position::empty(w, h);
            let life = crate::life::decide(&p, None, crate::life::DeadStoneMethod::None);
            let mut inp = input(&p, &life, None);
            inp.title = title.into();
            let g = svg(&inp);
            let board_w = 2 * MARGIN + (usize::from(w) - 1) * CELL;
            let board_h = 2 * MARGIN + (usize::from(h) - 1) * CELL;
            let (vw, vh) = view_box(&g);
            // As wide as the board and its padding, however long the title.
            assert_eq!(vw, (board_w + 2 * PAD).max(MIN_W), "{w}x{h}");
            assert!(vh > board_h && vh < board_h + 260, "{w}x{h}: {vh}");
            let lines: Vec<&str> = g
                .split("<tspan")
                .skip(1)
                .filter_map(|t| t.split('>').nth(1)?.split('<').next())
                .collect();
            // Every word of the title is drawn, on several lines, none wider than the canvas.
            let title_lines: Vec<&str> = lines
                .iter()
                .copied()
                .take_while(|l| !l.starts_with("Not scored"))
                .collect();
            assert!(title_lines.len() >= 2, "{w}x{h}: {title_lines:?}");
            assert_eq!(
                title_lines.concat().replace("&apos;", "'").replace(' ', ""),
                title.replace(' ', ""),
                "{w}x{h}: nothing cut"
            );
            for (i, l) in lines.iter().enumerate() {
                let l = l.replace("&apos;", "'");
                let px = if i < title_lines.len() {
                    TITLE_PX
                } else {
                    SMALL_PX
                };
                assert!(text_w(&l, px) <= vw - 2 * PAD, "{w}x{h}: {l}");
            }
        }
    }

    #[test]
    fn wrapping_keeps_every_character() {
        let text = "a.zip!a/very/long/path/without/any/space/at/all.sgf#0 — Black 박 지훈 (11k)";
        for max in [1, 30, 80, 200, 1000] {
            let lines = wrap(text, " ", max, 12);
            assert!(!lines.is_empty());
            assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""));
            for l in &lines {
                assert!(text_w(l, 12) <= max || l.chars().count() == 1, "{max}: {l}");
            }
        }
        // Caption items are kept whole when they fit.
        let lines = wrap(
            "one two · three four · five",
            " · ",
            text_w("one two · three four", 12),
            12,
        );
        assert_eq!(lines, ["one two · three four", "five"]);
        assert!(wrap("", " ", 100, 12).is_empty());
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
