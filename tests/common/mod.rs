//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

/// Says why a test (or part of one) is skipped, on stderr where it shows without
/// `--nocapture`: libtest captures `eprintln!`, not a direct write to the handle.
pub fn skip(reason: &str) {
    let _ = writeln!(std::io::stderr(), "skipped: {reason}");
}

/// The shared corpus (`../shared/corpus`), or `None` with a printed reason when absent.
pub fn corpus() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if p.is_dir() {
        Some(p)
    } else {
        skip(&format!(
            "the shared corpus is absent at {} (a fresh clone has no ../shared)",
            p.display()
        ));
        None
    }
}

/// Runs the library batch over `paths` and returns the JSON records.
pub fn analyze(paths: &[PathBuf], threads: usize) -> Vec<serde_json::Value> {
    let opts = echelle::batch::BatchOptions {
        threads: Some(threads),
        ..Default::default()
    };
    let mut out = Vec::new();
    let summary = echelle::batch::run(paths, &opts, &mut out);
    assert!(summary.is_ok(), "batch failed: {:?}", summary.err());
    String::from_utf8(out)
        .expect("output is UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}
