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

/// A fixed-seed xorshift generator, so a failing run can be replayed.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
