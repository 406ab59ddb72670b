//! Writing HTML by hand: escaping, and the few building blocks the page repeats (tables,
//! number cells). Every string that may come from a record goes through [`text`] or
//! [`attr`]; nothing else reaches the page unescaped.

use std::fmt::Write as _;

/// Escapes text for an HTML element's content or a quoted attribute value; drops control
/// characters (a record may hold any byte) but keeps newlines and tabs.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Escapes a value for a quoted attribute (the same rules as text: quotes are escaped too).
pub fn attr(s: &str) -> String {
    text(s)
}

/// An integer with thin-space thousands separators, for people (`21 034`).
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(c);
    }
    out
}

/// A table: a header row and rows of cells already escaped (cells are HTML).
pub struct Table {
    html: String,
}

impl Table {
    /// A table with these column heads (plain text; none: no head row) and a class.
    pub fn new(class: &str, heads: &[&str]) -> Table {
        let mut html = format!("<table class=\"{}\">", attr(class));
        if !heads.is_empty() {
            html.push_str("<thead><tr>");
            for h in heads {
                let _ = write!(html, "<th>{}</th>", text(h));
            }
            html.push_str("</tr></thead>");
        }
        html.push_str("<tbody>\n");
        Table { html }
    }

    /// Adds a row of cells, each already HTML; `row_attrs` goes into the `<tr>` tag as is.
    pub fn row(&mut self, row_attrs: &str, cells: &[String]) {
        self.html.push_str("<tr");
        if !row_attrs.is_empty() {
            self.html.push(' ');
            self.html.push_str(row_attrs);
        }
        self.html.push('>');
        for c in cells {
            let _ = write!(self.html, "<td>{c}</td>");
        }
        self.html.push_str("</tr>\n");
    }

    /// The finished table.
    pub fn finish(mut self) -> String {
        self.html.push_str("</tbody></table>\n");
        self.html
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_quotes_become_text() {
        assert_eq!(
            text("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        assert_eq!(
            attr("\"><img onerror='x'>&"),
            "&quot;&gt;&lt;img onerror=&#39;x&#39;&gt;&amp;"
        );
        assert_eq!(text("a\u{1b}[31mb\nc"), "a[31mb\nc");
    }

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1\u{2009}000");
        assert_eq!(count(21_034_567), "21\u{2009}034\u{2009}567");
    }

    #[test]
    fn a_table_escapes_its_heads_and_keeps_its_cells() {
        let mut t = Table::new("x", &["a<b"]);
        t.row("class=\"r\"", &["<b>1</b>".to_string()]);
        let html = t.finish();
        assert!(html.contains("<th>a&lt;b</th>"), "{html}");
        assert!(
            html.contains("<tr class=\"r\"><td><b>1</b></td></tr>"),
            "{html}"
        );
    }
}
