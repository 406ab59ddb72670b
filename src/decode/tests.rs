//! Tests of decoding: byte-order marks, the declared `CA` against detection, aliases, odd inputs.

use super::*;

fn gbk(s: &str) -> Vec<u8> {
    GBK.encode(s).0.into_owned()
}

#[test]
fn ascii_fast_path_reports_declared_name() {
    let d = decode(b"(;GM[1]CA[ISO-8859-1]PB[Bob])");
    assert_eq!(d.text, "(;GM[1]CA[ISO-8859-1]PB[Bob])");
    assert_eq!(d.encoding.name, "windows-1252");
    assert_eq!(d.encoding.source, EncodingSource::Declared);
    assert_eq!(d.encoding.declared.as_deref(), Some("ISO-8859-1"));
    assert!(d.warnings.is_empty());
}

#[test]
fn ascii_without_ca_is_default_utf8() {
    let d = decode(b"(;GM[1]PB[Bob])");
    assert_eq!(d.encoding.name, "UTF-8");
    assert_eq!(d.encoding.source, EncodingSource::Default);
    assert_eq!(d.encoding.declared, None);
}

#[test]
fn declared_gbk_keeps_move_after_backslash_trail_byte() {
    // 能 in Shift_JIS is 0x94 0x5C: lossy UTF-8 would let `\` escape the `]`.
    let mut b = b"(;CA[SJIS]PB[".to_vec();
    b.extend_from_slice(&SHIFT_JIS.encode("十段").0);
    b.extend_from_slice(b"]PW[");
    b.extend_from_slice(&SHIFT_JIS.encode("能").0);
    b.extend_from_slice(b"];B[pd])");
    let d = decode(&b);
    assert_eq!(d.encoding.name, "Shift_JIS");
    assert_eq!(d.encoding.source, EncodingSource::Declared);
    assert!(d.text.contains("PW[能];B[pd]"), "{}", d.text);
}

#[test]
fn ca_after_backslash_trail_byte_is_still_found() {
    // The structured scan loses sync on `\` inside 能; the plain search recovers CA.
    let mut b = b"(;PB[".to_vec();
    b.extend_from_slice(&SHIFT_JIS.encode("能").0);
    b.extend_from_slice(b"]CA[Shift_JIS]PW[x];B[pd])");
    let d = decode(&b);
    assert_eq!(d.encoding.declared.as_deref(), Some("Shift_JIS"));
    assert!(d.text.contains("PB[能]"));
}

#[test]
fn unknown_ca_falls_back_to_detection_with_warning() {
    let mut b = b"(;CA[FOO]C[".to_vec();
    b.extend_from_slice(&gbk(
        "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区。",
    ));
    b.extend_from_slice(b"])");
    let d = decode(&b);
    assert_eq!(d.encoding.source, EncodingSource::Detected);
    assert_eq!(d.encoding.name, "GBK");
    assert!(d.warnings.iter().any(|w| w.contains("CA[FOO] unknown")));
    assert!(d.text.contains("围棋"));
}

#[test]
fn unknown_ca_on_utf8_is_default() {
    let d = decode("(;CA[FOO]PB[古力])".as_bytes());
    assert_eq!(d.encoding.name, "UTF-8");
    assert_eq!(d.encoding.source, EncodingSource::Default);
    assert!(!d.warnings.is_empty());
}

#[test]
fn declared_single_byte_on_utf8_uses_utf8() {
    let d = decode("(;CA[ISO-8859-1]PB[Müller])".as_bytes());
    assert_eq!(d.text, "(;CA[ISO-8859-1]PB[Müller])");
    assert_eq!(d.encoding.name, "UTF-8");
    assert!(d.warnings[0].contains("valid UTF-8"), "{:?}", d.warnings);
}

#[test]
fn declared_gb2312_on_long_utf8_uses_utf8() {
    let d = decode("(;CA[GB2312]PB[古力]PW[柯洁])".as_bytes());
    assert_eq!(d.encoding.name, "UTF-8");
    assert!(d.text.contains("PW[柯洁]"));
}

#[test]
fn declared_latin1_on_latin1_bytes() {
    let d = decode(b"(;CA[ISO8859_1]PB[M\xFCller])");
    assert_eq!(d.encoding.name, "windows-1252");
    assert_eq!(d.encoding.source, EncodingSource::Declared);
    assert!(d.text.contains("Müller"));
}

#[test]
fn declared_utf8_but_invalid_is_detected() {
    let mut b = b"(;CA[UTF-8]C[".to_vec();
    b.extend_from_slice(&gbk(
        "围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区。",
    ));
    b.extend_from_slice(b"])");
    let d = decode(&b);
    assert_eq!(d.encoding.source, EncodingSource::Detected);
    assert_ne!(d.encoding.name, "UTF-8");
    assert!(d.warnings.iter().any(|w| w.contains("not valid UTF-8")));
}

#[test]
fn damaged_utf8_is_decoded_as_utf8() {
    // Fox: 柯洁 with the last continuation byte of 洁 replaced by `?`.
    let b = b"(;PB[\xe6\x9f\xaf\xe6\xb4?]PW[\xe9\x82\xac\xe5\x85\x89\xe4\xba\x9a];B[pd])";
    let d = decode(b);
    assert_eq!(d.encoding.name, "UTF-8");
    assert_eq!(d.encoding.source, EncodingSource::Detected);
    assert!(d.encoding.replaced);
    assert!(d.text.contains("PW[邬光亚];B[pd]"), "{}", d.text);
    // GBK is not mistaken for damaged UTF-8.
    assert!(!mostly_utf8(&gbk("围棋是一种古老的游戏")));
    // Fox: a damaged three-character name (`?` for one byte of each) beside sound UTF-8.
    let fox = b"PB[\xe3?\xb5\xe3?\x8b\xe3?\x97]PW[\xe4\xbd\x99\xe7\x82\xb3\xe8\x91\x9f]BR[9\xe6\xae\xb5]WR[P1\xe6\xae\xb5]";
    assert!(mostly_utf8(fox));
}

#[test]
fn utf8_bom_is_stripped() {
    let d = decode(b"\xEF\xBB\xBF(;CA[UTF-8]PB[x])");
    assert_eq!(d.text, "(;CA[UTF-8]PB[x])");
    assert_eq!(d.encoding.source, EncodingSource::Bom);
    assert!(d.warnings.is_empty());
}

#[test]
fn utf16_without_bom_is_sniffed() {
    let s = "(;CA[UTF-16LE]PB[이세돌])";
    let b: Vec<u8> = s.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    let d = decode(&b);
    assert_eq!(d.text, s);
    assert_eq!(d.encoding.name, "UTF-16LE");
    assert_eq!(d.encoding.declared.as_deref(), Some("UTF-16LE"));
    let b: Vec<u8> = s.encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
    assert_eq!(decode(&b).encoding.name, "UTF-16BE");
}

#[test]
fn iso2022jp_ascii_bytes_are_decoded() {
    let b = ISO_2022_JP
        .encode("(;CA[ISO-2022-JP]C[囲碁])")
        .0
        .into_owned();
    assert!(b.is_ascii());
    let d = decode(&b);
    assert_eq!(d.text, "(;CA[ISO-2022-JP]C[囲碁])");
}

#[test]
fn aliases_map() {
    for (l, n) in [
        ("UTF8", "UTF-8"),
        ("ISO8859_1", "windows-1252"),
        ("ISO-8859-15", "ISO-8859-15"),
        ("MS_KANJI", "Shift_JIS"),
        ("Shift-JIS", "Shift_JIS"),
        ("EUC-CN", "GBK"),
        ("CP936", "GBK"),
        ("CP949", "EUC-KR"),
        ("CP1251", "windows-1251"),
        ("KOI8-R", "KOI8-R"),
        ("MacRoman", "macintosh"),
        ("x-mac-roman", "macintosh"),
        ("GB18030", "gb18030"),
    ] {
        assert_eq!(label_to_encoding(l).map(|e| e.name()), Some(n), "{l}");
    }
    assert!(label_to_encoding("FOO").is_none());
}

#[test]
fn ca_inside_comment_is_not_the_declaration() {
    assert_eq!(
        find_ca(b"(;C[see CA\\]CA[x]]CA[GBK];B[aa])"),
        Some(&b"GBK"[..])
    );
    // Structured scan stops at the root; the plain fallback still takes a later CA.
    assert_eq!(find_ca_structured(b"(;GM[1];CA[GBK])"), None);
    assert_eq!(find_ca(b"(;GM[1];CA[GBK])"), Some(&b"GBK"[..]));
    assert_eq!(find_ca(b"(;C[xCA[GBK]])"), None);
}

#[test]
fn decode_owned_matches_decode() {
    for b in [
        &b"(;PB[x])"[..],
        "(;PB[古力])".as_bytes(),
        b"\xEF\xBB\xBF(;PB[x])",
        b"(;CA[GBK]PB[\xB9\xC5\xC1\xA6])",
        b"",
    ] {
        let a = decode(b);
        let o = decode_owned(b.to_vec());
        assert_eq!(a.text, o.text);
        assert_eq!(a.encoding.name, o.encoding.name);
    }
}

#[test]
fn never_panics_on_odd_inputs() {
    for b in [
        &b""[..],
        b"\x00",
        b"CA[",
        b"CA[]",
        b"(;CA[UTF-16]PB[\xFF])",
        b"\xFE\xFF\x00",
        b"\xFF\xFE(",
        b"(;CA[\\",
    ] {
        let _ = decode(b);
    }
}
