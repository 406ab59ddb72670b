//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The shared corpus (`../shared/corpus`), or `None` with a printed reason when absent.
pub fn corpus() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!(
            "skipped: the shared corpus is absent at {} (a fresh clone has no ../shared)",
            p.display()
        );
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
