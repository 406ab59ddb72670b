//! Small inline SVG charts: horizontal bars for counts, lines for ratings over time.
//!
//! Coordinates are written with at most one decimal so that the page stays small and the
//! same data always gives the same bytes. Labels pass through [`html::text`]: a player's
//! name is record data.

use super::html;
use std::fmt::Write as _;

/// One bar: its label, its value, and a CSS class that colours it.
pub struct Bar<'a> {
    /// What the bar counts.
    pub label: &'a str,
    /// How many.
    pub value: u64,
    /// CSS class of the bar (`ok`, `warn`, `bad`, or empty).
    pub class: &'a str,
}

/// Width of the label column and of the longest bar, in pixels.
const LABEL_W: usize = 240;
const BAR_W: usize = 220;
/// Height of one bar's row.
const ROW_H: usize = 18;

/// A horizontal bar chart, longest bar = largest value; `None` when there is nothing to draw.
pub fn bars(title: &str, bars: &[Bar]) -> Option<String> {
    if bars.is_empty() {
        return None;
    }
    let max = bars.iter().map(|b| b.value).max().unwrap_or(0).max(1);
    let width = LABEL_W + BAR_W + 70;
    let height = ROW_H * bars.len() + 24;
    let mut s = format!(
        r#"<svg class="bars" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img"><title>{}</title>"#,
        html::text(title)
    );
    let _ = write!(
        s,
        r#"<text x="0" y="14" class="chart-title">{}</text>"#,
        html::text(title)
    );
    for (i, b) in bars.iter().enumerate() {
        let y = 24 + i * ROW_H;
        // Any bar not zero shows at least one pixel: a single game must be visible.
        let len = if b.value == 0 {
            0
        } else {
            ((b.value as f64 / max as f64) * BAR_W as f64)
                .round()
                .max(1.0) as usize
        };
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{}</text><rect class="bar {}" x="{}" y="{}" width="{len}" height="{}"/><text x="{}" y="{}">{}</text>"#,
            LABEL_W - 6,
            y + 13,
            html::text(b.label),
            html::attr(b.class),
            LABEL_W,
            y + 3,
            ROW_H - 5,
            LABEL_W + len + 5,
            y + 13,
            html::count(b.value)
        );
    }
    s.push_str("</svg>");
    Some(s)
}

/// One line of a plot: a name, a colour, and (day, value) points in day order.
pub struct Series<'a> {
    /// Shown in the legend and the tooltip.
    pub name: &'a str,
    /// A CSS colour.
    pub colour: &'a str,
    /// Points: day number and value.
    pub points: Vec<(i64, f64)>,
}

/// Points kept per line at most: a player of 5,000 games needs no 5,000-vertex line in a
/// 160-pixel sparkline.
const MAX_POINTS: usize = 120;

/// Every n-th point, always the first and the last, so that at most [`MAX_POINTS`] remain.
fn thin(points: &[(i64, f64)]) -> Vec<(i64, f64)> {
    if points.len() <= MAX_POINTS {
        return points.to_vec();
    }
    let step = points.len().div_ceil(MAX_POINTS - 1);
    let mut out: Vec<(i64, f64)> = points.iter().step_by(step).copied().collect();
    if let Some(&last) = points.last()
        && out.last() != Some(&last)
    {
        out.push(last);
    }
    out
}

/// The axes' labels of a full plot: the first and last date under the x axis.
pub struct Axes<'a> {
    /// The first day's date, as written.
    pub from: &'a str,
    /// The last day's date.
    pub to: &'a str,
}

/// A line plot of `series` in `width` × `height` pixels; with `axes`, value labels on the
/// left, dates below and a legend; without, a bare sparkline. `None` when no series has a point.
pub fn lines(
    series: &[Series],
    width: usize,
    height: usize,
    axes: Option<&Axes>,
) -> Option<String> {
    let all = || series.iter().flat_map(|s| s.points.iter());
    let (mut d0, mut d1) = (i64::MAX, i64::MIN);
    let (mut v0, mut v1) = (f64::INFINITY, f64::NEG_INFINITY);
    for &(d, v) in all() {
        d0 = d0.min(d);
        d1 = d1.max(d);
        v0 = v0.min(v);
        v1 = v1.max(v);
    }
    if d0 > d1 || !v0.is_finite() || !v1.is_finite() {
        return None;
    }
    // A flat line sits in the middle rather than on an edge.
    if v1 - v0 < 1.0 {
        v0 -= 50.0;
        v1 += 50.0;
    }
    let (left, right, top, bottom) = match axes {
        Some(_) => (48.0, 110.0, 8.0, 22.0),
        None => (2.0, 2.0, 2.0, 2.0),
    };
    let (w, h) = (width as f64, height as f64);
    let span = (d1 - d0).max(1) as f64;
    let x = |d: i64| left + (d - d0) as f64 / span * (w - left - right);
    let y = |v: f64| top + (v1 - v) / (v1 - v0) * (h - top - bottom);
    let class = if axes.is_some() { "plot" } else { "spark" };
    let mut s = format!(
        r#"<svg class="{class}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    if let Some(a) = axes {
        let _ = write!(
            s,
            r##"<rect x="{left}" y="{top}" width="{:.1}" height="{:.1}" fill="none" stroke="#bbb"/><text x="{:.1}" y="{:.1}" text-anchor="end">{:.0}</text><text x="{:.1}" y="{:.1}" text-anchor="end">{:.0}</text><text x="{left}" y="{:.1}">{}</text><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            w - left - right,
            h - top - bottom,
            left - 4.0,
            top + 10.0,
            v1,
            left - 4.0,
            h - bottom,
            v0,
            h - 6.0,
            html::text(a.from),
            w - right,
            h - 6.0,
            html::text(a.to),
        );
    }
    for (i, line) in series.iter().enumerate() {
        let pts = thin(&line.points);
        let path: Vec<String> = pts
            .iter()
            .map(|&(d, v)| format!("{:.1},{:.1}", x(d), y(v)))
            .collect();
        let colour = html::attr(line.colour);
        if path.len() == 1 {
            let _ = write!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="2" fill="{colour}"/>"#,
                x(pts[0].0),
                y(pts[0].1)
            );
        } else {
            let _ = write!(
                s,
                r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5"><title>{}</title></polyline>"#,
                path.join(" "),
                html::text(line.name)
            );
        }
        if axes.is_some() {
            let ly = top + 12.0 + 16.0 * i as f64;
            let _ = write!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
                w - right + 8.0,
                ly - 9.0,
                w - right + 22.0,
                ly,
                html::text(line.name)
            );
        }
    }
    s.push_str("</svg>");
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_scale_to_the_largest_and_escape_labels() {
        let svg = bars(
            "t",
            &[
                Bar {
                    label: "<a>",
                    value: 10,
                    class: "ok",
                },
                Bar {
                    label: "b",
                    value: 1,
                    class: "bad",
                },
            ],
        )
        .unwrap_or_default();
        assert!(svg.contains(&format!("width=\"{BAR_W}\"")), "{svg}");
        assert!(svg.contains("width=\"22\""), "{svg}");
        assert!(svg.contains("&lt;a&gt;") && !svg.contains("<a>"), "{svg}");
        assert!(bars("t", &[]).is_none());
    }

    #[test]
    fn long_lines_are_thinned_to_their_ends() {
        let pts: Vec<(i64, f64)> = (0..1000).map(|i| (i, i as f64)).collect();
        let t = thin(&pts);
        assert!(t.len() <= MAX_POINTS, "{}", t.len());
        assert_eq!(t.first(), Some(&(0, 0.0)));
        assert_eq!(t.last(), Some(&(999, 999.0)));
    }

    #[test]
    fn a_line_spans_its_box() {
        let s = Series {
            name: "x",
            colour: "#000",
            points: vec![(0, -100.0), (10, 100.0)],
        };
        let svg = lines(&[s], 100, 20, None).unwrap_or_default();
        assert!(svg.contains("points=\"2.0,18.0 98.0,2.0\""), "{svg}");
        assert!(lines(&[], 100, 20, None).is_none());
    }
}
