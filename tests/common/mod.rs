//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};

/// Says why a test (or part of one) is skipped, on stderr where it shows without
/// `--nocapture`: libtest captures `eprintln!`, not a direct write to the handle.
pub fn skip(reason: &str) {
    let _ = writeln!(std::io::stderr(), "skipped: {reason}");
}

/// A GTP engine that shakes hands but cannot score (`final_status_list` answers an error),
/// written as a shell script `name` into `dir`: its command line, or `None` (the skip said)
/// when no POSIX sh runs it.
pub fn engine_that_cannot_score(dir: &Path, name: &str) -> Option<String> {
    let script = r#"while read -r c; do case "$c" in protocol_version) printf '= 2\n\n';; final_status_list*) printf '? cannot score\n\n';; *) printf '= fake\n\n';; esac; done"#;
    let file = dir.join(name);
    std::fs::write(&file, script).expect("the script is written");
    let cmd = format!("sh {}", file.display());
    if echelle::gtp::check(&cmd).is_err() {
        skip("no POSIX sh to run a fake GTP engine");
        return None;
    }
    Some(cmd)
}

/// A scratch folder for one test (`$TMPDIR/echelle-PREFIX-PID-NAME`), emptied first and
/// removed when dropped, so that test runs leave nothing behind.
pub struct Scratch(PathBuf);

impl Scratch {
    /// The fresh folder for test `name` of the test file `prefix`.
    pub fn new(prefix: &str, name: &str) -> Scratch {
        let d =
            std::env::temp_dir().join(format!("echelle-{prefix}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp dir");
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
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

/// `n` generated files: finished games with captures, collections, broken and repaired
/// files, illegal moves, dates whole and partial.
pub fn generated_batch(dir: &Path, n: u64) {
    std::fs::create_dir_all(dir).expect("dir");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..n {
        let mut moves = String::new();
        for k in 0..(20 + rng.next() % 120) {
            let color = if k % 2 == 0 { 'B' } else { 'W' };
            let (a, b) = (rng.next() % 19, rng.next() % 19);
            moves.push_str(&format!(
                ";{color}[{}{}]",
                (b'a' + a as u8) as char,
                (b'a' + b as u8) as char
            ));
        }
        let date = match i % 4 {
            0 => format!("DT[2024-{:02}-{:02}]", 1 + i % 12, 1 + i % 28),
            1 => "DT[2023-05]".to_string(),
            2 => "DT[2023-02-30]".to_string(),
            _ => String::new(),
        };
        let game = format!(
            "(;GM[1]FF[4]SZ[19]KM[6.5]{date}PB[B{i}]PW[W{}]RE[{}+{}.5]{moves};B[];W[])",
            i % 7,
            if i % 3 == 0 { 'W' } else { 'B' },
            i % 30
        );
        let text = match i % 10 {
            3 => game.clone() + &game,
            5 => "(;GM[1]SZ[9];B[ee];W[cc]".to_string(),
            8 => "not an sgf at all".to_string(),
            _ => game,
        };
        std::fs::write(dir.join(format!("g{i:04}.sgf")), text).expect("write");
    }
}
