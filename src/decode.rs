//! Decoding bytes to text: byte-order marks, the declared `CA` charset, detection.
//!
//! Order of trust: a byte-order mark (or unmistakable BOM-less UTF-16), then the
//! declared `CA[...]`, then strict UTF-8, then chardetng's guess. The declared charset
//! comes before detection because chardetng misguesses short inputs (a file whose only
//! non-ASCII text is a two-character player name).
//!
//! Sources: `bom` = byte-order mark; `declared` = the `CA` value was used; `default` =
//! the bytes were used as UTF-8 (pure ASCII, or valid UTF-8 with no usable `CA`);
//! `detected` = chardetng's guess, or BOM-less UTF-16 spotted by its NUL bytes.
//!
//! CJK text is never decoded lossily as UTF-8: in Shift_JIS, Big5 and GBK a multi-byte
//! character can contain `\`, which would then escape a closing `]`. Detection never
//! answers UTF-8 (only strictly valid UTF-8 is decoded as UTF-8 unless the file says so).

use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, ISO_2022_JP, MACINTOSH, SHIFT_JIS, UTF_8,
    UTF_16BE, UTF_16LE, WINDOWS_1252,
};
use serde::Serialize;

/// Which encoding was used to decode a file, and why.
#[derive(Clone, Debug, Serialize)]
pub struct EncodingInfo {
    /// encoding_rs canonical name, e.g. "UTF-8", "GBK", "Shift_JIS", "windows-1252".
    pub name: String,
    /// Where the choice came from.
    pub source: EncodingSource,
    /// The raw `CA` value, if the file declares one.
    pub declared: Option<String>,
    /// Whether any bytes were replaced by U+FFFD.
    pub replaced: bool,
}

/// Where the encoding choice came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EncodingSource {
    /// A byte-order mark.
    Bom,
    /// The declared `CA[...]` value.
    Declared,
    /// chardetng's guess, or BOM-less UTF-16 recognised by its NUL bytes.
    Detected,
    /// Plain UTF-8: the bytes were ASCII or strictly valid UTF-8.
    Default,
}

/// Decoded text with the encoding used and any fallback warnings.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The decoded text (without byte-order mark).
    pub text: String,
    /// The encoding used.
    pub encoding: EncodingInfo,
    /// One message per fallback taken, e.g. "`CA[FOO]` unknown, used detected GBK".
    pub warnings: Vec<String>,
}

/// A valid UTF-8 file declared in a legacy multi-byte charset is taken as UTF-8 from
/// this many non-ASCII characters on: genuine GBK/Shift_JIS/EUC-KR text of that length
/// is very unlikely to also be valid UTF-8, while UTF-8 CJK often decodes "cleanly" as
/// GBK (into mojibake).
const UTF8_OVERRIDES_MULTIBYTE_AT: usize = 4;

/// Decodes an SGF file's bytes to text; never fails, never panics.
pub fn decode(bytes: &[u8]) -> Decoded {
    let mut o = plan(bytes);
    let text = match o.text.take() {
        Some(t) => t,
        // Only planned after validation, so the lossy conversion never replaces.
        None => String::from_utf8_lossy(bytes.get(o.skip..).unwrap_or_default()).into_owned(),
    };
    o.finish(text)
}

/// Like [`decode`], but reuses the buffer as the output when it is valid UTF-8.
pub fn decode_owned(bytes: Vec<u8>) -> Decoded {
    let mut o = plan(&bytes);
    let text = match o.text.take() {
        Some(t) => t,
        None => match String::from_utf8(bytes) {
            Ok(mut s) => {
                s.drain(..o.skip.min(s.len()));
                s
            }
            // Unreachable in practice (UTF-8 is planned only after validation).
            Err(e) => {
                let b = e.into_bytes();
                let (t, replaced) = run(UTF_8, b.get(o.skip..).unwrap_or_default());
                o.replaced |= replaced;
                t
            }
        },
    };
    o.finish(text)
}

/// The decision, before the text is materialised.
struct Plan {
    /// `None`: the bytes after `skip` are valid UTF-8 and are the text.
    text: Option<String>,
    skip: usize,
    enc: &'static Encoding,
    source: EncodingSource,
    declared: Option<String>,
    replaced: bool,
    warnings: Vec<String>,
}

impl Plan {
    /// A plan that decodes from the first byte.
    fn new(
        text: Option<String>,
        enc: &'static Encoding,
        source: EncodingSource,
        declared: Option<String>,
        replaced: bool,
        warnings: Vec<String>,
    ) -> Plan {
        Plan {
            text,
            skip: 0,
            enc,
            source,
            declared,
            replaced,
            warnings,
        }
    }

    fn finish(self, text: String) -> Decoded {
        Decoded {
            text,
            encoding: EncodingInfo {
                name: self.enc.name().to_string(),
                source: self.source,
                declared: self.declared,
                replaced: self.replaced,
            },
            warnings: self.warnings,
        }
    }
}

/// Chooses the encoding in the module's order of trust, one step a function.
fn plan(bytes: &[u8]) -> Plan {
    if let Some(p) = by_bom(bytes) {
        return p;
    }
    if let Some(p) = utf16_without_bom(bytes) {
        return p;
    }
    let ascii = bytes.is_ascii();
    // The plain search is only needed when multi-byte trail bytes can desync the scan.
    let ca = if ascii {
        find_ca_structured(bytes)
    } else {
        find_ca(bytes)
    };
    let declared = ca.map(lossy);
    if ascii && !bytes.contains(&0x1B) {
        return pure_ascii(declared);
    }
    let utf8_ok = is_utf8(bytes);
    let mut warnings = Vec::new();
    if let Some(p) = by_declared(bytes, &declared, utf8_ok, &mut warnings) {
        return p;
    }
    undeclared(bytes, declared, utf8_ok, warnings)
}

/// Step 1, byte-order mark. The CA value is then ASCII inside the decoded text.
fn by_bom(bytes: &[u8]) -> Option<Plan> {
    let (enc, bom_len) = Encoding::for_bom(bytes)?;
    let mut warnings = Vec::new();
    let body = bytes.get(bom_len..).unwrap_or_default();
    let (text, replaced) = if enc == UTF_8 && is_utf8(body) {
        (None, false)
    } else {
        let (t, r) = run(enc, body);
        (Some(t), r)
    };
    let declared = match &text {
        Some(t) => find_ca(t.as_bytes()),
        None => find_ca(body),
    }
    .map(lossy);
    if let Some(d) = &declared {
        let agrees = match label_to_encoding(d) {
            Some(e) => e == enc || (is_utf16(e) && is_utf16(enc)),
            None => false,
        };
        if !agrees {
            warnings.push(format!(
                "byte-order mark says {}, ignored CA[{d}]",
                enc.name()
            ));
        }
    }
    if replaced {
        warnings.push(format!("invalid {} bytes replaced", enc.name()));
    }
    let mut p = Plan::new(text, enc, EncodingSource::Bom, declared, replaced, warnings);
    p.skip = bom_len;
    Some(p)
}

/// Step 2, UTF-16 without BOM: SGF is mostly ASCII, so half the bytes are NUL.
fn utf16_without_bom(bytes: &[u8]) -> Option<Plan> {
    let enc = sniff_utf16(bytes)?;
    let (text, replaced) = run(enc, bytes);
    let declared = find_ca(text.as_bytes()).map(lossy);
    let warnings = vec![format!("no byte-order mark, looks like {}", enc.name())];
    Some(Plan::new(
        Some(text),
        enc,
        EncodingSource::Detected,
        declared,
        replaced,
        warnings,
    ))
}

/// Step 3, pure ASCII (without ISO-2022-JP escapes): every ASCII-compatible charset agrees.
fn pure_ascii(declared: Option<String>) -> Plan {
    let mut warnings = Vec::new();
    let declared_enc = declared.as_deref().and_then(label_to_encoding);
    let (enc, source) = match (declared_enc, declared.as_deref()) {
        (Some(e), _) if e.is_ascii_compatible() => (e, EncodingSource::Declared),
        (Some(e), Some(d)) => {
            warnings.push(format!(
                "declared CA[{d}] ({}) but text is ASCII, used UTF-8",
                e.name()
            ));
            (UTF_8, EncodingSource::Default)
        }
        (None, Some(d)) => {
            warnings.push(format!("CA[{d}] unknown, text is ASCII, used UTF-8"));
            (UTF_8, EncodingSource::Default)
        }
        _ => (UTF_8, EncodingSource::Default),
    };
    Plan::new(None, enc, source, declared, false, warnings)
}

/// Step 4, the declared charset unless it is clearly wrong; `None` (with a warning
/// saying why) when the later steps must choose.
fn by_declared(
    bytes: &[u8],
    declared: &Option<String>,
    utf8_ok: bool,
    warnings: &mut Vec<String>,
) -> Option<Plan> {
    let d = declared.as_deref()?;
    let Some(enc) = label_to_encoding(d) else {
        warnings.push(format!("CA[{d}] unknown"));
        return None;
    };
    let plan = |text, enc, source, replaced, warnings: &mut Vec<String>| {
        Plan::new(
            text,
            enc,
            source,
            declared.clone(),
            replaced,
            std::mem::take(warnings),
        )
    };
    if enc == UTF_8 {
        if utf8_ok {
            return Some(plan(None, UTF_8, EncodingSource::Declared, false, warnings));
        }
        if mostly_utf8(bytes) {
            warnings.push(format!(
                "declared CA[{d}]; a few invalid UTF-8 bytes replaced"
            ));
            let (text, _) = run(UTF_8, bytes);
            return Some(plan(
                Some(text),
                UTF_8,
                EncodingSource::Declared,
                true,
                warnings,
            ));
        }
        warnings.push(format!("declared CA[{d}] but text is not valid UTF-8"));
        return None;
    }
    if is_utf16(enc) {
        warnings.push(format!("declared CA[{d}] but text is not UTF-16"));
        return None;
    }
    let (text, replaced) = run(enc, bytes);
    if utf8_ok
        && (replaced
            || enc.is_single_byte()
            || non_ascii_chars(bytes) >= UTF8_OVERRIDES_MULTIBYTE_AT)
    {
        warnings.push(format!(
            "declared CA[{d}] ({}) but text is valid UTF-8, used UTF-8",
            enc.name()
        ));
        return Some(plan(None, UTF_8, EncodingSource::Default, false, warnings));
    }
    if !replaced {
        return Some(plan(
            Some(text),
            enc,
            EncodingSource::Declared,
            false,
            warnings,
        ));
    }
    // The declared charset fails on these bytes: see whether detection does better.
    let guess = detect(bytes);
    if guess != enc {
        let (gtext, greplaced) = run(guess, bytes);
        if !greplaced {
            warnings.push(format!(
                "declared CA[{d}] ({}) does not fit the bytes, used detected {}",
                enc.name(),
                guess.name()
            ));
            return Some(plan(
                Some(gtext),
                guess,
                EncodingSource::Detected,
                false,
                warnings,
            ));
        }
    }
    warnings.push(format!("invalid {} bytes replaced", enc.name()));
    Some(plan(
        Some(text),
        enc,
        EncodingSource::Declared,
        true,
        warnings,
    ))
}

/// Steps 5–7, no usable declaration: strict UTF-8, then nearly-UTF-8, then detection.
fn undeclared(
    bytes: &[u8],
    declared: Option<String>,
    utf8_ok: bool,
    mut warnings: Vec<String>,
) -> Plan {
    // 5. Strict UTF-8.
    if utf8_ok {
        if declared.is_some() {
            warnings.push("used UTF-8 (text is valid UTF-8)".to_string());
        }
        return Plan::new(
            None,
            UTF_8,
            EncodingSource::Default,
            declared,
            false,
            warnings,
        );
    }

    // 6. Damaged UTF-8 (Fox files: some continuation bytes replaced by `?`). Safe to
    // decode lossily: in UTF-8 no ASCII byte such as `\` is ever part of a character.
    if mostly_utf8(bytes) {
        warnings.push("not valid UTF-8 but nearly so: invalid bytes replaced".to_string());
        let (text, _) = run(UTF_8, bytes);
        return Plan::new(
            Some(text),
            UTF_8,
            EncodingSource::Detected,
            declared,
            true,
            warnings,
        );
    }

    // 7. Detection. chardetng is told never to answer UTF-8: the bytes are not valid UTF-8.
    let guess = detect(bytes);
    let (text, replaced) = run(guess, bytes);
    if declared.is_none() {
        warnings.push(format!(
            "no CA and not UTF-8, used detected {}",
            guess.name()
        ));
    } else {
        warnings.push(format!("used detected {}", guess.name()));
    }
    if replaced {
        warnings.push(format!("invalid {} bytes replaced", guess.name()));
    }
    Plan::new(
        Some(text),
        guess,
        EncodingSource::Detected,
        declared,
        replaced,
        warnings,
    )
}

/// Decodes without BOM sniffing; returns the text and whether anything was replaced.
fn run(enc: &'static Encoding, bytes: &[u8]) -> (String, bool) {
    let (cow, replaced) = enc.decode_without_bom_handling(bytes);
    (cow.into_owned(), replaced)
}

fn is_utf8(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok()
}

fn is_utf16(enc: &'static Encoding) -> bool {
    enc == UTF_16LE || enc == UTF_16BE
}

/// Number of non-ASCII characters in valid UTF-8 (counts lead bytes).
fn non_ascii_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b >= 0xC0).count()
}

/// A UTF-8 character with one of its bytes replaced by `?` (Fox's damage) at the start of
/// `b`: its length.
fn damaged_char(b: &[u8]) -> Option<usize> {
    let len = match *b.first()? {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let tail = b.get(1..len)?;
    let marks = tail.iter().filter(|&&x| x == b'?').count();
    (marks == 1
        && tail
            .iter()
            .all(|&x| x == b'?' || (0x80..=0xBF).contains(&x)))
    .then_some(len)
}

/// Whether invalid UTF-8 is mostly valid: at least 4 valid non-ASCII characters, and either
/// every invalid spot is a character with one byte replaced by `?` (Fox's damage, however
/// many), or there are at least as many valid characters as invalid spots. Legacy CJK text
/// forms a valid UTF-8 sequence for roughly one character in ten and never the `?` pattern
/// (`?` is no GBK trail byte); Latin text almost never forms one at all.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut valid, mut damaged, mut invalid) = (0usize, 0usize, 0usize);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(_) => {
                valid += non_ascii_chars(rest);
                break;
            }
            Err(e) => {
                let (ok, tail) = rest.split_at(e.valid_up_to());
                valid += non_ascii_chars(ok);
                if let Some(n) = damaged_char(tail) {
                    damaged += 1;
                    rest = tail.get(n..).unwrap_or_default();
                    continue;
                }
                invalid += 1;
                match e.error_len() {
                    Some(n) => rest = tail.get(n..).unwrap_or_default(),
                    None => break,
                }
            }
        }
        // Give up early on text that is clearly not UTF-8.
        if invalid > 16 && invalid > valid * 2 {
            return false;
        }
    }
    valid >= 4 && ((invalid == 0 && damaged > 0) || valid >= invalid + damaged)
}

fn lossy(v: &[u8]) -> String {
    String::from_utf8_lossy(v).into_owned()
}

fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    det.feed(bytes, true);
    det.guess(None, chardetng::Utf8Detection::Deny)
}

/// Recognises BOM-less UTF-16 by NUL bytes on one side of each pair only.
fn sniff_utf16(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = &bytes[..bytes.len().min(512)];
    let pairs = head.len() / 2;
    if pairs < 2 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for p in head.chunks_exact(2) {
        even += usize::from(p[0] == 0);
        odd += usize::from(p[1] == 0);
    }
    // Mostly-ASCII SGF puts a NUL in at least ~40% of pairs on one side; other
    // encodings essentially never contain NUL.
    let many = |n: usize| n * 10 >= pairs * 4;
    let few = |n: usize| n * 50 <= pairs;
    if many(even) && few(odd) {
        Some(UTF_16BE)
    } else if many(odd) && few(even) {
        Some(UTF_16LE)
    } else {
        None
    }
}

/// Finds the raw `CA` value in ASCII-compatible bytes.
///
/// First a value-aware scan of the root node (skipping `\`-escaped bytes); if that
/// finds nothing (a CJK trail byte `\` may have swallowed a `]` before `CA`), a plain
/// search for `CA[` after a delimiter with a label-like value.
pub fn find_ca(bytes: &[u8]) -> Option<&[u8]> {
    find_ca_structured(bytes).or_else(|| find_ca_plain(bytes))
}

fn find_ca_structured(bytes: &[u8]) -> Option<&[u8]> {
    let mut nodes = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'[' => {
                // The identifier is the run of letters just before `[` (spaces allowed).
                // None means another value of the previous property: `AB[aa][bb]`.
                let mut k = i;
                while k > 0 && bytes[k - 1].is_ascii_whitespace() {
                    k -= 1;
                }
                let id_end = k;
                while k > 0 && bytes[k - 1].is_ascii_alphabetic() {
                    k -= 1;
                }
                let is_ca = &bytes[k..id_end] == b"CA";
                let start = i + 1;
                let mut j = start;
                while j < bytes.len() && bytes[j] != b']' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let end = j.min(bytes.len());
                if is_ca {
                    return Some(trim(&bytes[start..end]));
                }
                i = end;
            }
            b';' => {
                nodes += 1;
                // CA is a root property: stop at the second node.
                if nodes > 1 {
                    return None;
                }
            }
            b'(' if nodes > 0 => return None,
            b')' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

fn find_ca_plain(bytes: &[u8]) -> Option<&[u8]> {
    let mut from = 0;
    while let Some(pos) = bytes[from..].windows(3).position(|w| w == b"CA[") {
        let at = from + pos;
        from = at + 3;
        let delimited = at == 0
            || matches!(
                bytes[at - 1],
                b']' | b';' | b'(' | b' ' | b'\t' | b'\r' | b'\n'
            );
        if !delimited {
            continue;
        }
        let rest = &bytes[from..bytes.len().min(from + 48)];
        if let Some(end) = rest.iter().position(|&c| c == b']') {
            let v = &rest[..end];
            let labelish = v
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || b" -_.:()".contains(c));
            if labelish && !v.is_empty() {
                return Some(trim(v));
            }
        }
    }
    None
}

fn trim(v: &[u8]) -> &[u8] {
    v.trim_ascii()
}

/// Maps a `CA` value to an encoding: WHATWG labels plus real-world aliases they miss.
pub fn label_to_encoding(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    if let Some(e) = Encoding::for_label(label.as_bytes()) {
        return Some(e);
    }
    // Normalise away case and separators: "ISO8859_1", "Shift-JIS", "x_mac_roman".
    let key: String = label
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let key = key
        .strip_prefix("x")
        .filter(|k| k.starts_with("mac"))
        .unwrap_or(&key);
    let e = match key {
        "utf8" | "utf" | "unicode11utf8" => UTF_8,
        "utf16" | "utf16le" | "unicode" => UTF_16LE,
        "utf16be" => UTF_16BE,
        "ascii" | "usascii" | "latin1" | "iso88591" | "iso885911987" | "cp1252" | "windows1252"
        | "win1252" | "ansi" => WINDOWS_1252,
        "sjis" | "shiftjis" | "mskanji" | "cp932" | "ms932" | "windows31j" | "csshiftjis"
        | "xsjis" => SHIFT_JIS,
        "eucjp" | "xeucjp" => EUC_JP,
        "jis" | "iso2022jp" => ISO_2022_JP,
        "gb2312" | "euccn" | "xeuccn" | "cp936" | "ms936" | "gbk" | "chinese" | "gb231280" => GBK,
        "gb18030" => GB18030,
        "big5" | "big5hkscs" | "cp950" | "ms950" | "xxbig5" => BIG5,
        "euckr" | "cp949" | "ms949" | "uhc" | "ksc5601" | "ksc56011987" | "korean" => EUC_KR,
        "mac" | "macroman" | "macintosh" => MACINTOSH,
        _ => return by_number(key),
    };
    Some(e)
}

/// "iso8859N", "cpNNNN", "winNNNN", "koi8r" → the WHATWG label with separators.
fn by_number(key: &str) -> Option<&'static Encoding> {
    let label = if let Some(n) = key.strip_prefix("iso8859") {
        format!("iso-8859-{n}")
    } else if let Some(n) = key.strip_prefix("cp").or_else(|| key.strip_prefix("win")) {
        format!("windows-{n}")
    } else if let Some(n) = key.strip_prefix("koi8") {
        format!("koi8-{n}")
    } else {
        return None;
    };
    Encoding::for_label(label.as_bytes())
}

#[cfg(test)]
mod tests;
