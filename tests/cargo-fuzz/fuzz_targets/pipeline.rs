//! libFuzzer target: one SGF file's bytes through the whole per-game analysis.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let opts = echelle::batch::BatchOptions::default();
    for a in echelle::batch::analyze_bytes("fuzz.sgf", data.to_vec(), &opts) {
        let _ = a.report.to_json_line();
    }
});
