//! The bytes of a results file (`.tou`, `.h9`) to lines of text: where the table is, and its
//! encoding. (Ladder lists are read by `text`, which also writes ISO-8859-1.)
//!
//! A results file is read whole when its first non-blank line is a header (`;`) or a table
//! row. Otherwise the table is embedded in something else (GOAT's mail and log transcripts):
//! it starts at the first `;name=` line (`.tou`) or `; CL[`/`; EV[` line (`.h9`) and ends at
//! the first blank line or line that is neither a header nor a row (a MIME boundary, a
//! `WARNING:` line). Only the table's own bytes are decoded, since a transcript mixes
//! encodings (UTF-8 mail parts around a Latin-1 attachment).
//!
//! Decoding: strict UTF-8 first (a byte-order mark is dropped); otherwise ISO-8859-15, the
//! charset OpenGotha writes (it agrees with ISO-8859-1 on every byte but eight symbols no
//! name uses), or windows-1252 when C1 bytes (0x80–0x9F) show a Windows editor's hand.

use super::ResultsFormat;
use encoding_rs::{ISO_8859_15, WINDOWS_1252};

/// The table's lines, decoded, with their line numbers in the file.
#[derive(Clone, Debug)]
pub struct TableText {
    /// `(line number from 1, text without its line end)`.
    pub lines: Vec<(usize, String)>,
    /// The encoding the table's bytes were read in.
    pub encoding: &'static str,
    /// True when the table was found inside another text (a transcript).
    pub embedded: bool,
}

/// Whether a line (as bytes) can be a table row: a place field of four blanks or digits,
/// then a blank.
fn row_like(line: &[u8]) -> bool {
    line.len() > 5
        && line[..4].iter().all(|b| *b == b' ' || b.is_ascii_digit())
        && line[4] == b' '
        && (line[..4].iter().any(|b| *b != b' ') || line[5..].iter().any(|b| *b != b' '))
}

/// Whether a line (as bytes) starts the table of an embedded `format` file.
fn starts_table(line: &[u8], format: ResultsFormat) -> bool {
    match format {
        ResultsFormat::Tou => line.starts_with(b";name="),
        ResultsFormat::H9 => line.starts_with(b"; CL[") || line.starts_with(b"; EV["),
    }
}

/// Splits the bytes in lines, finds the table, decodes it. `None` when there is no table.
pub fn table_text(bytes: &[u8], format: ResultsFormat) -> Option<TableText> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let lines: Vec<&[u8]> = bytes
        .split(|b| *b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    let blank = |l: &[u8]| l.iter().all(u8::is_ascii_whitespace);
    let first = lines.iter().position(|l| !blank(l))?;
    let bare = lines[first].starts_with(b";") || row_like(lines[first]);
    let (start, end) = if bare {
        (first, lines.len())
    } else {
        let start = lines.iter().position(|l| starts_table(l, format))?;
        let len = lines[start..]
            .iter()
            .position(|l| blank(l) || !(l.starts_with(b";") || row_like(l)))
            .unwrap_or(lines.len() - start);
        (start, start + len)
    };
    let region = &lines[start..end];
    let joined: Vec<u8> = region.join(&b'\n');
    let (text, encoding) = decode_table(&joined);
    let lines = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (start + i + 1, l.to_string()))
        .collect();
    Some(TableText {
        lines,
        encoding,
        embedded: !bare,
    })
}

/// Decodes a table's bytes (see the module's order of trust).
pub fn decode_table(bytes: &[u8]) -> (String, &'static str) {
    if let Ok(s) = std::str::from_utf8(bytes) {
        let ascii = s.is_ascii();
        return (s.to_string(), if ascii { "ASCII" } else { "UTF-8" });
    }
    if bytes.iter().any(|b| (0x80..0xA0).contains(b)) {
        let (text, _, _) = WINDOWS_1252.decode(bytes);
        return (text.into_owned(), "windows-1252");
    }
    let (text, _, _) = ISO_8859_15.decode(bytes);
    // The eight bytes where ISO-8859-15 and ISO-8859-1 differ.
    let latin9 = bytes
        .iter()
        .any(|b| matches!(b, 0xA4 | 0xA6 | 0xA8 | 0xB4 | 0xB8 | 0xBC | 0xBD | 0xBE));
    (
        text.into_owned(),
        if latin9 { "ISO-8859-15" } else { "ISO-8859-1" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::federation::text::encode_latin1;

    #[test]
    fn encodings_are_told_apart() {
        assert_eq!(
            decode_table("Frédéric".as_bytes()),
            ("Frédéric".into(), "UTF-8")
        );
        assert_eq!(
            decode_table(b"Fr\xE9d\xE9ric"),
            ("Frédéric".into(), "ISO-8859-1")
        );
        assert_eq!(decode_table(b"\xBCuvre"), ("Œuvre".into(), "ISO-8859-15"));
        assert_eq!(
            decode_table(b"\x8Cuvre \xE9"),
            ("Œuvre é".into(), "windows-1252")
        );
        assert_eq!(encode_latin1("Élodie"), Ok(b"\xC9lodie".to_vec()));
        assert_eq!(encode_latin1("Čáha"), Err('Č'));
    }

    #[test]
    fn an_embedded_table_is_cut_out() {
        let text = b"WARNING: x\n;name=T\n;date=01/02/2003\n   1 A B        3k 1234567 31To   0=\n\n--boundary\n";
        let Some(t) = table_text(text, ResultsFormat::Tou) else {
            panic!("table found")
        };
        assert!(t.embedded);
        assert_eq!(t.lines.len(), 3);
        assert_eq!(t.lines[0], (2, ";name=T".to_string()));
        assert!(table_text(b"nothing here\n", ResultsFormat::Tou).is_none());
        assert!(table_text(b"", ResultsFormat::H9).is_none());
    }
}
