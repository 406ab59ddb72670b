//! Federation files against the real ones: every published ladder list in the shared
//! corpus, read and written back with no games, gives the same bytes.

mod common;

use echelle::federation::{LadderList, Layout, TextEncoding};

/// The published lists: file, rows, layout.
const LISTS: [(&str, usize, Layout); 3] = [
    ("ech_ffg_V3.txt", 11_317, Layout::NoCountry),
    ("ech_ffg_V3b.txt", 12_179, Layout::NoCountry),
    ("ech_ffg_V3_16.txt", 13_670, Layout::Country),
];

#[test]
fn published_ladder_lists_round_trip_byte_for_byte() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let dir = corpus.join("federation-files/yrutschle-goat/t");
    for (file, rows, layout) in LISTS {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let list = LadderList::read(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(list.encoding(), TextEncoding::Latin1, "{file}");
        assert_eq!(list.rows().count(), rows, "{file}");
        assert_eq!(list.layout(), layout, "{file}");
        let out = list.to_latin1().unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(out == bytes, "{file}: written back differs");
        // The same list in UTF-8 reads into the same rows and is written in Latin-1.
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        let utf8 = LadderList::read(text.as_bytes()).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(utf8.encoding(), TextEncoding::Utf8);
        assert!(utf8.rows().eq(list.rows()), "{file}");
        assert!(utf8.to_latin1().is_ok_and(|b| b == bytes), "{file}");
    }
}
