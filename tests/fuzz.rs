//! A mutational fuzzer on stable Rust over everything that reads bytes from a user: the
//! per-file pipeline (decode, parse, replay, dead stones, the JSON report), the archive
//! reader (zip, tar, gzip, nesting), and the text files `rate` reads (`--ladder`,
//! `--aliases`, results files `.tou`/`.h9`). Seeds come from `samples/`, `tests/snapshots`
//! and `../shared/corpus`; mutations flip, insert
//! (SGF tokens from a dictionary among them), delete, repeat and splice bytes.
//!
//! A finding is a panic, or an input that takes more than 2 s or raises the process's peak
//! memory by more than 256 MB. It is shrunk (chunks removed while it still fails), written
//! under `target/fuzz-findings/`, and the test fails naming it. The test suite runs each
//! target for a few seconds; `FUZZ_SECONDS=3600 cargo test --release --test fuzz -- --nocapture`
//! runs it for an hour (the seconds are shared among the targets), printing executions.

use echelle::batch::{BatchOptions, analyze_bytes};
use echelle::input::{Limits, from_reader};
use echelle::rating::events::Identity;
use echelle::rating::ladder::LadderFile;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What an input may cost at most.
const TIME_BUDGET: Duration = Duration::from_secs(2);
const MEMORY_BUDGET_KB: u64 = 256 * 1024;
/// Seconds per target when `FUZZ_SECONDS` is not set: a smoke test.
const SMOKE_SECONDS: u64 = 8;
/// How often a long run says how far it is.
const PROGRESS_EVERY: Duration = Duration::from_secs(300);
/// Findings per target after which a run stops: past that, they are one bug many times.
const MAX_FINDINGS: usize = 20;

/// SGF fragments worth inserting: property openings, point lists, results, sizes, escapes.
const DICTIONARY: &[&[u8]] = &[
    b"(;",
    b";",
    b")",
    b"(",
    b"[",
    b"]",
    b"\\",
    b"B[",
    b"W[",
    b"AB[",
    b"AW[",
    b"AE[",
    b"TB[",
    b"TW[",
    b"SZ[",
    b"SZ[19:13]",
    b"SZ[52]",
    b"SZ[0]",
    b"KM[",
    b"HA[",
    b"RE[",
    b"RU[",
    b"DT[",
    b"PL[",
    b"CA[",
    b"GM[1]",
    b"GM[2]",
    b"FF[4]",
    b"[aa:ss]",
    b"[aa:ZZ]",
    b"[tt]",
    b"[]",
    b"B+R",
    b"W+3.5",
    b"Japanese",
    b"UTF-8",
    b"gb2312",
    b"2025-01-02,03",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
    b"\x00",
    b"\r\n",
    b"PK\x03\x04",
    b"\x1f\x8b\x08",
    b"ustar",
];

mod common;

use common::Rng;

/// The readers under test.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// Bytes of one SGF file through the whole per-game analysis.
    Pipeline,
    /// Bytes read as a stream that may be an archive (zip, tar, tar.gz) of SGF files.
    Archive,
    /// A `--ladder` file.
    Ladder,
    /// An `--aliases` file.
    Aliases,
    /// A results file (`.tou`, `.h9`), read as both formats, and its games.
    Results,
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::Pipeline => "pipeline",
            Target::Archive => "archive",
            Target::Ladder => "ladder",
            Target::Aliases => "aliases",
            Target::Results => "results",
        }
    }

    /// Runs one input; what it produced, to keep the work from being optimised away.
    fn run(self, bytes: &[u8]) -> usize {
        match self {
            Target::Pipeline => {
                let mut opts = BatchOptions::default();
                opts.analyze.rating_inputs = true;
                analyze_bytes("fuzz.sgf", bytes.to_vec(), &opts)
                    .iter()
                    .map(|a| a.report.to_json_line().len())
                    .sum()
            }
            Target::Archive => {
                let limits = Limits::default();
                let mut n = 0;
                for item in from_reader("fuzz", std::io::Cursor::new(bytes.to_vec()), &limits) {
                    let (name, data) = item.load(&limits);
                    n += name.len();
                    if let Ok(d) = data {
                        n += analyze_bytes(&name, d, &BatchOptions::default()).len();
                    }
                }
                n
            }
            Target::Ladder => {
                let text = String::from_utf8_lossy(bytes);
                LadderFile::parse(&text, &Identity::default()).map_or(0, |_| 1)
            }
            Target::Aliases => {
                let text = String::from_utf8_lossy(bytes);
                Identity::from_aliases(Some(&text)).map_or(0, |_| 1)
            }
            Target::Results => {
                use echelle::federation::{ResultsFormat, table};
                [ResultsFormat::Tou, ResultsFormat::H9]
                    .into_iter()
                    .filter_map(|f| table::read("fuzz", bytes, f).ok())
                    .map(|t| t.game_inputs().len() + t.report().len())
                    .sum()
            }
        }
    }
}

/// The process's peak resident memory so far, in kB (0 where /proc is not there).
fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// Why an input is a finding, if it is.
fn finding(target: Target, bytes: &[u8]) -> Option<String> {
    let before = peak_kb();
    let start = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| std::hint::black_box(target.run(bytes))));
    let took = start.elapsed();
    let grew = peak_kb().saturating_sub(before);
    match outcome {
        Err(_) => Some("panic".into()),
        Ok(_) if took > TIME_BUDGET => Some(format!("took {:.1} s", took.as_secs_f64())),
        Ok(_) if grew > MEMORY_BUDGET_KB => Some(format!("peak memory grew {} MB", grew / 1024)),
        Ok(_) => None,
    }
}

/// One random change to `b`.
fn mutate(rng: &mut Rng, b: &mut Vec<u8>, seeds: &[Vec<u8>]) {
    let at = rng.below(b.len() + 1);
    match rng.below(7) {
        0 if !b.is_empty() => {
            let i = rng.below(b.len());
            b[i] ^= 1 << rng.below(8);
        }
        1 => {
            let word = DICTIONARY[rng.below(DICTIONARY.len())];
            b.splice(at..at, word.iter().copied());
        }
        2 if !b.is_empty() => {
            let end = (at + 1 + rng.below(64)).min(b.len());
            b.drain(at.min(end)..end);
        }
        3 if !b.is_empty() => {
            // Repeat a run: what makes lists and trees long.
            let start = rng.below(b.len());
            let end = (start + 1 + rng.below(32)).min(b.len());
            let run: Vec<u8> = b[start..end].to_vec();
            for _ in 0..1 + rng.below(200) {
                b.splice(at..at, run.iter().copied());
            }
        }
        4 if !seeds.is_empty() => {
            let other = &seeds[rng.below(seeds.len())];
            let from = rng.below(other.len() + 1);
            let to = (from + rng.below(256)).min(other.len());
            b.splice(at..at, other[from..to].iter().copied());
        }
        5 => b.truncate(at),
        _ => b.insert(at, rng.next() as u8),
    }
    // Inputs stay small enough to run fast: the budgets are tested on what they hold.
    b.truncate(1 << 20);
}

/// Shrinks a failing input: removes chunks, halving their size, while it still fails.
fn shrink(target: Target, mut b: Vec<u8>) -> Vec<u8> {
    let mut chunk = b.len() / 2;
    while chunk > 0 {
        let mut i = 0;
        while i < b.len() {
            let mut smaller = b.clone();
            smaller.drain(i..(i + chunk).min(b.len()));
            if finding(target, &smaller).is_some() {
                b = smaller;
            } else {
                i += chunk;
            }
        }
        chunk /= 2;
    }
    b
}

/// Seed inputs of a target: samples, then a spread of the corpus when it is there.
fn seeds(target: Target) -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../shared/corpus");
    let mut files: Vec<PathBuf> = Vec::new();
    let mut walk = |dir: &Path, every: usize, want: &dyn Fn(&Path) -> bool| {
        let mut found = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            let Ok(rd) = std::fs::read_dir(&d) else {
                continue;
            };
            let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
            entries.sort();
            for p in entries {
                if p.is_dir() {
                    stack.push(p);
                } else if want(&p) {
                    found.push(p);
                }
            }
        }
        found.sort();
        files.extend(found.into_iter().step_by(every.max(1)));
    };
    let ext = |p: &Path, exts: &[&str]| {
        p.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
    };
    match target {
        Target::Pipeline => {
            walk(&root.join("samples"), 1, &|p| ext(p, &["sgf"]));
            walk(&corpus, 40, &|p| ext(p, &["sgf"]));
        }
        Target::Archive => walk(&root.join("samples"), 1, &|p| ext(p, &["zip", "gz"])),
        Target::Ladder | Target::Aliases => {
            walk(&corpus.join("federation-files"), 1, &|p| {
                p.to_string_lossy().contains("ech_ffg")
            });
        }
        Target::Results => {
            walk(&root.join("tests/snapshots"), 1, &|p| {
                ext(p, &["tou", "h9"])
            });
            walk(&corpus.join("federation-files"), 1, &|p| {
                ext(p, &["tou", "h9"]) || p.to_string_lossy().contains("/out.")
            });
        }
    }
    let mut out: Vec<Vec<u8>> = files
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        // Ladder lists are long: a slice of each is enough to mutate.
        .map(|b| match target {
            Target::Ladder | Target::Aliases => b.into_iter().take(4096).collect(),
            _ => b,
        })
        .collect();
    match target {
        Target::Ladder => {
            out.push(b"#Echelle\nDUPONT Jean  -1500 - 0452000 31To FR\nAnn\t150\n".to_vec())
        }
        Target::Aliases => out.push(b"Ann B\tAnn\nBob\tRobert\n".to_vec()),
        Target::Results => out.push(
            b";name=T\n   1 A B                       1D 0000000 31To    2+w0\n   2 C D                       2K 0000000 31To    1-b0\n"
                .to_vec(),
        ),
        _ => out.push(b"(;GM[1]SZ[9];B[ee];W[cc])".to_vec()),
    }
    out
}

/// Fuzzes `target` for `seconds`; returns executions, or the finding's file and reason.
fn fuzz(target: Target, seconds: u64, seed: u64) -> Result<u64, String> {
    let seeds = seeds(target);
    let mut found = Vec::new();
    for s in &seeds {
        if let Some(why) = finding(target, s) {
            found.push(report(target, s.clone(), &why));
        }
    }
    let mut rng = Rng(seed | 1);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let mut next_note = start + PROGRESS_EVERY;
    let mut execs = 0u64;
    // A long run goes on after a finding, so one hour shows every kind it can reach.
    while Instant::now() < deadline && found.len() < MAX_FINDINGS {
        let mut b = seeds[rng.below(seeds.len())].clone();
        for _ in 0..1 + rng.below(8) {
            mutate(&mut rng, &mut b, &seeds);
        }
        execs += 1;
        if let Some(why) = finding(target, &b) {
            found.push(report(target, b, &why));
        }
        if Instant::now() >= next_note {
            next_note += PROGRESS_EVERY;
            let _ = writeln!(
                std::io::stderr(),
                "fuzz {}: {execs} inputs in {} s, {} findings",
                target.name(),
                start.elapsed().as_secs(),
                found.len()
            );
        }
    }
    if found.is_empty() {
        Ok(execs)
    } else {
        Err(found.join("\n"))
    }
}

/// Shrinks and saves a finding; the message names the file.
fn report(target: Target, b: Vec<u8>, why: &str) -> String {
    let small = shrink(target, b);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-findings");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{}-{:016x}.bin", target.name(), fnv(&small)));
    let _ = std::fs::write(&path, &small);
    format!(
        "{} finding ({why}), {} bytes, saved to {}",
        target.name(),
        small.len(),
        path.display()
    )
}

/// FNV-1a, to name a finding by its bytes.
fn fnv(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf2_9ce4_8422_2325, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn no_input_panics_or_exceeds_its_budget() {
    // Panics are caught and reported as findings: keep their messages off the terminal.
    std::panic::set_hook(Box::new(|_| {}));
    let total: u64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4 * SMOKE_SECONDS);
    let targets = [
        Target::Pipeline,
        Target::Archive,
        Target::Ladder,
        Target::Aliases,
        Target::Results,
    ];
    // The pipeline is where most of the code is: it gets half the time.
    let share = |t: Target| match t {
        Target::Pipeline => total / 2,
        _ => total / 8,
    };
    let mut failures = Vec::new();
    for (i, t) in targets.into_iter().enumerate() {
        match fuzz(t, share(t).max(1), 0x5EED_F022 + i as u64) {
            Ok(n) => {
                let _ = writeln!(std::io::stderr(), "fuzz {}: {n} inputs", t.name());
            }
            Err(e) => failures.push(e),
        }
    }
    let _ = std::panic::take_hook();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
