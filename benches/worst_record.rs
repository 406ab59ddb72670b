//! The slowest records of a set: every input analysed alone, one at a time on one core, with
//! the default options, timed (the best of three runs); prints the ten slowest and the
//! distribution.
//!
//! `cargo bench --bench worst_record -- [PATH...]` (default `../shared/corpus`). Not a
//! criterion bench: it measures each record a few times, to find the worst, not to compare
//! builds.

use echelle::batch::{BatchOptions, analyze_bytes};
use echelle::input::{Limits, inputs};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Runs of each record; its time is the fastest.
const RUNS: usize = 3;

fn main() {
    // `cargo bench` passes `--bench`; paths are the other arguments.
    let mut paths: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if paths.is_empty() {
        paths.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    }
    let limits = Limits::default();
    let opts = BatchOptions::default();
    let items = match inputs(&paths, &limits) {
        Ok(items) => items,
        Err(e) => {
            eprintln!("worst_record: {e}");
            return;
        }
    };
    let mut times: Vec<(Duration, String, usize)> = Vec::new();
    for item in items {
        let (name, bytes) = item.load(&limits);
        let Ok(bytes) = bytes else { continue };
        // The best of a few runs: a hiccup of the machine (another process, a page fault)
        // must not pass for a slow record.
        let mut best = Duration::MAX;
        let mut games = 0;
        for _ in 0..RUNS {
            let start = Instant::now();
            games = analyze_bytes(&name, bytes.clone(), &opts).len();
            best = best.min(start.elapsed());
        }
        times.push((best, name, games));
    }
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    let total: Duration = times.iter().map(|t| t.0).sum();
    println!(
        "{} inputs, {:.1} s in all, mean {:.2} ms",
        times.len(),
        total.as_secs_f64(),
        total.as_secs_f64() * 1000.0 / times.len().max(1) as f64
    );
    for q in [0.5, 0.99, 0.999] {
        let i = ((1.0 - q) * times.len() as f64) as usize;
        if let Some(t) = times.get(i) {
            println!("quantile {q}: {:.2} ms", t.0.as_secs_f64() * 1000.0);
        }
    }
    for (t, name, games) in times.iter().take(10) {
        println!(
            "{:9.2} ms  {games:5} games  {name}",
            t.as_secs_f64() * 1000.0
        );
    }
}
