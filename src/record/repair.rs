//! Text repair: the known ways real SGF files break before a parser sees them.
//!
//! Scans text outside property values (node count, parenthesis balance), finds where the
//! first game starts, and mends what tools are known to write: a byte-order mark, leading
//! junk, Fox's missing outer `(`, trailing Ctrl-Z/NUL bytes, a missing `)` at the end. Each
//! repair is one warning. It does not parse (no nodes, no values) and does not decide when
//! to repair: `parse` calls it once the strict parse has failed.

/// Counts of a text scanned outside property values.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Scan {
    /// `;` outside values: the number of nodes the text declares.
    pub(super) nodes: usize,
    /// `(` minus `)` outside values, at the end of the text.
    pub(super) balance: i64,
    /// Points the values written as compressed point lists (`[aa:ss]`) stand for.
    pub(super) points: u64,
    /// Property values (`[...]`) in the text.
    pub(super) values: u64,
    /// Properties: values not following another value (`AB[aa][bb]` is one).
    pub(super) properties: u64,
}

/// The points a value `xy:zw` (a compressed point list) stands for; 0 for any other value.
fn rectangle(value: &[u8]) -> u64 {
    let coord = |b: u8| match b {
        b'a'..=b'z' => Some(u64::from(b - b'a')),
        b'A'..=b'Z' => Some(u64::from(b - b'A') + 26),
        _ => None,
    };
    let [x1, y1, b':', x2, y2] = value else {
        return 0;
    };
    match (coord(*x1), coord(*y1), coord(*x2), coord(*y2)) {
        (Some(a), Some(b), Some(c), Some(d)) => (a.abs_diff(c) + 1) * (b.abs_diff(d) + 1),
        _ => 0,
    }
}

/// Scans SGF text without building anything (bytes: ASCII never occurs inside UTF-8 sequences).
pub(super) fn scan(text: &str) -> Scan {
    let mut s = Scan::default();
    let mut in_value = false;
    let mut escaped = false;
    let mut start = 0;
    let bytes = text.as_bytes();
    // The last byte outside values that is not white space (`]` when a value just closed).
    let mut last = 0u8;
    for (i, &b) in bytes.iter().enumerate() {
        if in_value {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b']' {
                in_value = false;
                last = b']';
                s.points = s.points.saturating_add(rectangle(&bytes[start..i]));
            }
            continue;
        }
        match b {
            b'[' => {
                in_value = true;
                start = i + 1;
                s.values += 1;
                if last != b']' {
                    s.properties += 1;
                }
            }
            b';' => s.nodes += 1,
            b'(' => s.balance += 1,
            b')' => s.balance -= 1,
            _ => {}
        }
        if !b.is_ascii_whitespace() && b != b'[' {
            last = b;
        }
    }
    s
}

/// Where the first game tree starts: the first `(` followed by `;` (prose before a game may
/// hold parentheses), else the first `(`.
fn game_start(text: &str) -> Option<usize> {
    text.match_indices('(')
        .map(|(i, _)| i)
        .find(|&i| text[i + 1..].trim_start().starts_with(';'))
        .or_else(|| text.find('('))
}

/// Applies the known repairs; returns the repaired text and one warning per repair.
pub(super) fn repair(text: &str) -> (String, Vec<String>) {
    let mut warnings = Vec::new();
    let mut t = text;
    if let Some(rest) = t.strip_prefix('\u{feff}') {
        warnings.push("byte-order mark removed".to_string());
        t = rest;
    }
    let trimmed_end = t.trim_end_matches(|c: char| c == '\u{1a}' || c == '\0' || c.is_whitespace());
    if trimmed_end.len() < t.trim_end().len() {
        warnings.push("trailing Ctrl-Z/NUL bytes removed".to_string());
    }
    t = trimmed_end;
    let start = t.trim_start();
    let mut out = String::with_capacity(t.len() + 2);
    if start.starts_with('(') {
        out.push_str(start);
    } else if start.starts_with(';') {
        // Fox files start with `;GM[1]`, without the outer parenthesis.
        warnings.push("missing outer '(' added".to_string());
        out.push('(');
        out.push_str(start);
    } else {
        match (game_start(start), start.find(';')) {
            (Some(p), _) => {
                warnings.push(format!("{p} bytes of leading junk before '(' removed"));
                out.push_str(&start[p..]);
            }
            (None, Some(p)) => {
                warnings.push(format!(
                    "{p} bytes of leading junk removed, outer '(' added"
                ));
                out.push('(');
                out.push_str(&start[p..]);
            }
            (None, None) => out.push_str(start),
        }
    }
    let balance = scan(&out).balance;
    if balance > 0 && balance <= 64 {
        warnings.push(format!("{balance} missing ')' added at the end"));
        for _ in 0..balance {
            out.push(')');
        }
    }
    (out, warnings)
}

#[cfg(test)]
mod tests {
    use crate::record::testing::{has_warning, one};

    #[test]
    fn repairs_bom_junk_and_ctrl_z() {
        let g = one("\u{feff}(;B[aa])");
        assert!(g.repaired && has_warning(&g, "byte-order mark"));
        let g = one("Downloaded from somewhere (really)\n(;B[aa])");
        assert!(g.repaired && has_warning(&g, "leading junk"));
        let g = one("(;B[aa])\u{1a}\0\0");
        assert!(g.repaired && has_warning(&g, "Ctrl-Z"));
        let g = one("(;B[aa];W[bb]");
        assert!(g.repaired && has_warning(&g, "missing ')'"));
        assert_eq!(g.steps.len(), 2);
    }
}
