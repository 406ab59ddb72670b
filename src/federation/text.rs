//! The bytes of a federation file as text, and text back to ISO-8859-1.
//!
//! Federation files are published in ISO-8859-1; people also pass them on re-encoded in
//! UTF-8 or saved as Latin-9 (ISO-8859-15). The rule: bytes that are valid UTF-8 are UTF-8
//! (a Latin-1 name with accents is almost never valid UTF-8: an accented letter is one byte
//! ≥ 0x80 between ASCII letters, which UTF-8 never allows); anything else is read as
//! ISO-8859-1, where every byte is a character, so nothing is refused and nothing is lost.
//!
//! Latin-9 and Latin-1 differ on 8 code points (0xA4 0xA6 0xA8 0xB4 0xB8 0xBC 0xBD 0xBE: `€ Š
//! š Ž ž Œ œ Ÿ` in Latin-9, `¤ ¦ ¨ ´ ¸ ¼ ½ ¾` in Latin-1). A Latin-9 file is read as Latin-1:
//! those bytes are then read as the Latin-1 signs and written back as the same bytes, so a
//! round trip stays exact, and [`latin9_ambiguous`] lets a reader point the rows out (a
//! name holding `½` is more likely `œ`). Reading them as Latin-9 instead would make every such
//! name impossible to write back in ISO-8859-1.

/// How the bytes of a file were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextEncoding {
    /// Valid UTF-8 (a byte-order mark, if any, dropped).
    Utf8,
    /// Anything else: ISO-8859-1, one character per byte.
    Latin1,
}

/// The text of `bytes` and how it was read (see the module doc).
pub fn decode(bytes: &[u8]) -> (String, TextEncoding) {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(body) {
        Ok(s) => (s.to_string(), TextEncoding::Utf8),
        Err(_) => (
            bytes.iter().map(|&b| char::from(b)).collect(),
            TextEncoding::Latin1,
        ),
    }
}

/// `text` in ISO-8859-1, or the first character it has no byte for.
pub fn encode_latin1(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).map_err(|_| c))
        .collect()
}

/// True for the characters a Latin-9 byte would have meant otherwise (see the module doc).
pub fn latin9_ambiguous(c: char) -> bool {
    matches!(
        c,
        '\u{A4}' | '\u{A6}' | '\u{A8}' | '\u{B4}' | '\u{B8}' | '\u{BC}' | '\u{BD}' | '\u{BE}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_utf8_and_anything_else_is_latin1() {
        assert_eq!(
            decode("Élodie".as_bytes()),
            ("Élodie".to_string(), TextEncoding::Utf8)
        );
        assert_eq!(
            decode(b"\xEF\xBB\xBFAb"),
            ("Ab".to_string(), TextEncoding::Utf8)
        );
        assert_eq!(
            decode(b"\xC9lodie"),
            ("Élodie".to_string(), TextEncoding::Latin1)
        );
        // Latin-9 œ (0xBD) reads as Latin-1 ½ and is flagged.
        let (t, e) = decode(b"C\xBDur");
        assert_eq!((t.as_str(), e), ("C½ur", TextEncoding::Latin1));
        assert!(t.chars().any(latin9_ambiguous));
        assert!(!"Cœur é".chars().any(latin9_ambiguous));
    }

    #[test]
    fn latin1_encoding_stops_at_the_first_character_it_cannot_write() {
        assert_eq!(encode_latin1("Zoë ½"), Ok(b"Zo\xEB \xBD".to_vec()));
        assert_eq!(encode_latin1("Nguyễn"), Err('ễ'));
        assert_eq!(encode_latin1("Cœur"), Err('œ'));
        let all: String = (0u8..=255).map(char::from).collect();
        assert_eq!(encode_latin1(&all), Ok((0u8..=255).collect()));
    }
}
