//! The reliability plot of `--evaluate` as an SVG picture: for each engine, the share of
//! games Black won against the probability it was given, bin by bin, on the second half of
//! the stream (out of sample), all games and handicap games side by side. A calibrated
//! engine's points lie on the diagonal.

use super::evaluate::{Bin, Half, Slice};
use super::report::RateReport;
use std::fmt::Write as _;

/// Side of one square plot, and the margins around it, in pixels.
const SIDE: f64 = 300.0;
const MARGIN: f64 = 50.0;
/// Colours of the engines' series, in order.
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
];

/// Escapes text for XML.
fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

impl RateReport {
    /// The reliability plot of the evaluation; `None` without one.
    pub fn calibration_svg(&self) -> Option<String> {
        if self.evaluation.is_empty() {
            return None;
        }
        let panels = [Slice::All, Slice::Handicap];
        let width = MARGIN + panels.len() as f64 * (SIDE + MARGIN) + 140.0;
        let height = SIDE + 2.0 * MARGIN + 20.0;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
        for (k, slice) in panels.iter().enumerate() {
            let panel = Panel {
                x0: MARGIN + k as f64 * (SIDE + MARGIN),
                y0: MARGIN,
            };
            panel.frame(&mut s, *slice, k == 0);
            self.curves(&mut s, &panel, *slice);
        }
        self.legend(&mut s, MARGIN + panels.len() as f64 * (SIDE + MARGIN));
        s.push_str("</svg>\n");
        Some(s)
    }

    /// Each engine's bins of `slice` (second half) in `panel`: a line through them and a
    /// disc per bin.
    fn curves(&self, s: &mut String, panel: &Panel, slice: Slice) {
        let (px, py) = (|p| panel.px(p), |p| panel.py(p));
        for (e, ev) in self.evaluation.iter().enumerate() {
            let colour = COLOURS[e % COLOURS.len()];
            let Some(f) = ev
                .figures
                .iter()
                .find(|f| f.slice == slice && f.half == Half::Second)
            else {
                continue;
            };
            let bins: Vec<&Bin> = f.calibration.iter().filter(|b| b.n > 0).collect();
            let path: Vec<String> = bins
                .iter()
                .map(|b| format!("{:.1},{:.1}", px(b.mean_p), py(b.black_won)))
                .collect();
            if path.len() > 1 {
                let _ = writeln!(
                    s,
                    r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5"/>"#,
                    path.join(" ")
                );
            }
            for b in bins {
                // Area grows with the games in the bin.
                let r = 2.0 + (b.n as f64).sqrt().min(40.0) / 4.0;
                let _ = writeln!(
                    s,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="{r:.1}" fill="{colour}" fill-opacity="0.6"><title>{}: {} games, predicted {:.3}, observed {:.3}</title></circle>"#,
                    px(b.mean_p),
                    py(b.black_won),
                    xml(ev.engine.name()),
                    b.n,
                    b.mean_p,
                    b.black_won
                );
            }
        }
    }

    /// The engines' colours and names, from `lx` across.
    fn legend(&self, s: &mut String, lx: f64) {
        for (e, ev) in self.evaluation.iter().enumerate() {
            let y = MARGIN + 20.0 * e as f64;
            let _ = writeln!(
                s,
                r#"<rect x="{lx}" y="{}" width="12" height="12" fill="{}"/><text x="{}" y="{}">{}</text>"#,
                y,
                COLOURS[e % COLOURS.len()],
                lx + 18.0,
                y + 11.0,
                xml(ev.engine.name())
            );
        }
    }
}

/// One square panel of the plot, its top left corner at (`x0`, `y0`).
struct Panel {
    x0: f64,
    y0: f64,
}

impl Panel {
    /// The x of probability `p`.
    fn px(&self, p: f64) -> f64 {
        self.x0 + p * SIDE
    }

    /// The y of share `p`.
    fn py(&self, p: f64) -> f64 {
        self.y0 + (1.0 - p) * SIDE
    }

    /// Title, box, grid, the diagonal and the axes' labels (the vertical one on the first
    /// panel only).
    fn frame(&self, s: &mut String, slice: Slice, first: bool) {
        let (x0, y0) = (self.x0, self.y0);
        let (px, py) = (|p| self.px(p), |p| self.py(p));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-weight="bold">{} games, second half</text>"#,
            x0 + SIDE / 2.0,
            y0 - 15.0,
            if slice == Slice::All {
                "All"
            } else {
                "Handicap"
            }
        );
        let _ = writeln!(
            s,
            r##"<rect x="{x0}" y="{y0}" width="{SIDE}" height="{SIDE}" fill="none" stroke="#888"/>"##
        );
        for t in 0..=10 {
            let v = f64::from(t) / 10.0;
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#eee"/>"##,
                px(v),
                py(0.0),
                px(v),
                py(1.0)
            );
            if t % 2 == 0 {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" text-anchor="middle">{v:.1}</text><text x="{}" y="{}" text-anchor="end">{v:.1}</text>"#,
                    px(v),
                    py(0.0) + 15.0,
                    x0 - 5.0,
                    py(v) + 4.0
                );
            }
        }
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#444" stroke-dasharray="4 3"/>"##,
            px(0.0),
            py(0.0),
            px(1.0),
            py(1.0)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">predicted P(Black wins)</text>"#,
            x0 + SIDE / 2.0,
            y0 + SIDE + 32.0
        );
        if first {
            let _ = writeln!(
                s,
                r#"<text transform="translate({} {}) rotate(-90)" text-anchor="middle">observed share of Black wins</text>"#,
                x0 - 35.0,
                y0 + SIDE / 2.0
            );
        }
    }
}
