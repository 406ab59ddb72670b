//! Decoding the real encoding test files from ../shared/corpus (skipped when absent).

mod common;

use echelle::decode::{EncodingSource, decode};
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        common::skip(&format!("corpus not found at {}", dir.display()));
        None
    }
}

fn check(dir: &Path, file: &str, expected: &[&str], encoding: &str) {
    let path = dir.join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let d = decode(&bytes);
    for e in expected {
        assert!(
            d.text.contains(e),
            "{file}: expected {e:?} in text decoded as {} ({:?}, warnings {:?}):\n{}",
            d.encoding.name,
            d.encoding.source,
            d.warnings,
            d.text.chars().take(400).collect::<String>()
        );
    }
    assert_eq!(d.encoding.name, encoding, "{file}: {:?}", d.warnings);
    assert!(!d.encoding.replaced, "{file}: replacement characters");
}

#[test]
fn sabaki_player_names() {
    let Some(c) = corpus() else { return };
    let dir = c.join("sabaki-sgf-tests/tests/sgf");
    check(
        &dir,
        "chinese.sgf",
        &["PB[古力]", "PW[柯洁]", "C[围棋 is fun]"],
        "GBK",
    );
    check(
        &dir,
        "japanese.sgf",
        &["PB[井山 裕太]", "PW[山下 敬吾]", "C[囲碁 is fun]"],
        "Shift_JIS",
    );
    check(
        &dir,
        "korean.sgf",
        &["PB[이세돌]", "PW[박정환]", "C[바둑 is fun]"],
        "EUC-KR",
    );
    // Declared MS_KANJI, but the bytes are UTF-8 that already holds U+FFFD: keep them
    // as they are rather than turning them into Shift_JIS mojibake.
    check(
        &dir,
        "japanese_bad.sgf",
        &["PB[\u{FFFD}\u{FFFD}\u{FFFD}R \u{FFFD}T"],
        "UTF-8",
    );
    // No CA; Shift_JIS whose trail bytes include `\` (0x5C).
    check(
        &dir,
        "encoding/nihon-kiin.sgf",
        &["PB[申眞ソ]", "PW[党毅飛]", "RE[257手完, 黒中押し勝ち]"],
        "Shift_JIS",
    );
    // No CA, GBK comments (MultiGo).
    check(&dir, "no-ca.sgf", &["C[【第三型】 黑先"], "GBK");
    check(
        &dir,
        "utf16le.sgf",
        &["PW[Go Seigen]", "PB[Kitani Minoru]"],
        "UTF-16LE",
    );
    check(
        &dir,
        "utf8bom.sgf",
        &["PW[Go Seigen]", "PB[Kitani Minoru]"],
        "UTF-8",
    );
    check(&dir, "complex.sgf", &["CA[UTF-8]"], "UTF-8");
    let d = decode(&std::fs::read(dir.join("utf8bom.sgf")).unwrap_or_default());
    assert_eq!(d.encoding.source, EncodingSource::Bom);
    assert!(d.text.starts_with('('), "BOM not stripped");
}

const CHINESE_S: &str =
    "C[围棋是一种古老的游戏，从被遗忘的中国起源先传到东亚其他地区，然后传到整个世界。]";
const CHINESE_T: &str = "C[圍棋是一種古老的遊戲，從其被遺忘的中國起源開始，首先傳播到東亞其他地區，然後傳播到整個世界。]";
const JAPANESE: &str = "C[Goは古代のゲームであり、中国での起源を忘れてから、最初に東アジアの他の地域に広がり、次に全世界に広がりました。]";
const KOREAN: &str = "C[바둑은 중국에서 잊혀진 기원에서 처음에는 동아시아의 나머지 지역으로 퍼진 후 전 세계로 퍼진 고대 게임입니다.]";
const HINDI: &str = "C[गो एक प्राचीन खेल है, जो चीन में अपने भूले हुए उद्गम से, पहले पूर्वी एशिया के";
const LATIN: &str = "C[Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»]";

#[test]
fn libsgfcplusplus_encodings() {
    let Some(c) = corpus() else { return };
    let dir = c.join("libsgfcplusplus-tests/test/test-files");
    let cases: &[(&str, &[&str], &str)] = &[
        ("encoding-chinese-gb18030.sgf", &[CHINESE_S], "gb18030"),
        ("encoding-chinese-gbk.sgf", &[CHINESE_S], "GBK"),
        ("encoding-simplifiedchinese-gb2312.sgf", &[CHINESE_S], "GBK"),
        ("encoding-simplifiedchinese-macos.sgf", &[CHINESE_S], "GBK"),
        ("encoding-traditionalchinese-big5.sgf", &[CHINESE_T], "Big5"),
        (
            "encoding-traditionalchinese-macos.sgf",
            &[CHINESE_T],
            "Big5",
        ),
        ("encoding-japanese-shiftjis.sgf", &[JAPANESE], "Shift_JIS"),
        ("encoding-japanese-macos.sgf", &[JAPANESE], "Shift_JIS"),
        (
            "encoding-japanese-iso2022jp.sgf",
            &[JAPANESE],
            "ISO-2022-JP",
        ),
        ("encoding-korean-macos.sgf", &[KOREAN], "EUC-KR"),
        (
            "encoding-cyrillic-windows.sgf",
            &["C[Го - древняя игра, которая со времен ее забытого происхождения"],
            "windows-1251",
        ),
        ("encoding-utf8-nobom.sgf", &[HINDI], "UTF-8"),
        ("encoding-utf8-withbom.sgf", &[HINDI], "UTF-8"),
        (
            "encoding-utf16-nobom.sgf",
            &[HINDI, "CA[UTF-16BE]"],
            "UTF-16BE",
        ),
        ("encoding-utf16-withbom.sgf", &[HINDI], "UTF-16BE"),
        ("encoding-western-isolatin1.sgf", &[LATIN], "windows-1252"),
        (
            "encoding-western-isolatin9.sgf",
            &[LATIN, "C[Ÿ Œœ €]", "C[Šš Žž]"],
            "ISO-8859-15",
        ),
        (
            "encoding-western-macosroman.sgf",
            &[LATIN, "C[Ÿ Œœ €]", "C[ƒ ‰ ™]"],
            "macintosh",
        ),
        (
            "encoding-western-windowslatin1.sgf",
            &[LATIN, "C[Ÿ Œœ €]", "C[Šš Žž]", "C[ƒ ‰ ™]"],
            "windows-1252",
        ),
    ];
    for (file, expected, enc) in cases {
        check(&dir, file, expected, enc);
    }
}

/// Every file in the corpus decodes without panicking; reports counts and speed.
#[test]
fn whole_corpus_decodes() {
    let Some(c) = corpus() else { return };
    let mut stack = vec![c];
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(p),
                Ok(t)
                    if t.is_file()
                        && p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) =>
                {
                    files.push(std::fs::read(&p).unwrap_or_default())
                }
                _ => {}
            }
        }
    }
    let bytes: usize = files.iter().map(Vec::len).sum();
    let t = std::time::Instant::now();
    let mut replaced = 0;
    let mut by = std::collections::BTreeMap::<String, usize>::new();
    for f in &files {
        let d = decode(f);
        replaced += usize::from(d.encoding.replaced);
        *by.entry(format!("{:?} {}", d.encoding.source, d.encoding.name))
            .or_default() += 1;
        for w in &d.warnings {
            // Group warnings by their wording without the charset value.
            let key = w.split('[').next().unwrap_or(w).to_string();
            *by.entry(format!("warning: {key}")).or_default() += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    eprintln!("{by:#?}");
    eprintln!(
        "decoded {} files, {bytes} bytes in {s:.3}s ({:.0} files/s, {:.0} MB/s); {replaced} with replacements",
        files.len(),
        files.len() as f64 / s,
        bytes as f64 / s / 1e6
    );
    assert!(files.len() > 1000);
}
