//! The batch driver: inputs read in order, games analysed in parallel, reports streamed in order.

use crate::analyze::{AnalyzeOptions, Analyzed, analyze_game};
use crate::input::{self, InputError, Item, Limits};
use crate::output::{GameReport, Status, Summary};
use crate::record::{self, ParseLimits};
use crate::scoring::Verdict;
use rayon::prelude::*;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Instant;

crate::choice::choice! {
    /// Which reports reach the output (the summary always counts them all).
    pub enum Only {
        #[default] All = ("all", "Every game and every failed file"),
        Problems = ("problems", "Games and files with an error, a repair, or a rule violation"),
        Errors = ("errors", "Only errors"),
        Violations = ("violations", "Only games with rule violations"),
        Mismatches = ("mismatches", "Only games whose computed result differs from `RE` (winner or margin)"),
    }
}

impl Only {
    /// Whether a report passes this filter.
    pub fn keeps(self, r: &GameReport) -> bool {
        let violated = r.violations.as_ref().is_some_and(|v| !v.is_empty());
        match self {
            Only::All => true,
            Only::Problems => r.status != Status::Ok || violated,
            Only::Errors => r.status == Status::Error,
            Only::Violations => violated,
            Only::Mismatches => matches!(
                r.verdict,
                Some(Verdict::WinnerDiffers | Verdict::MarginDiffers)
            ),
        }
    }
}

/// Worker threads per core at most: more only costs memory and switching (each worker has
/// a 64 MiB stack reserved, and `-j 100000` starved the reader thread).
const THREADS_PER_CORE: usize = 4;

/// The most worker threads a batch starts, whatever is asked: four per core.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()) * THREADS_PER_CORE
}

/// Why a batch could not run to its end (bad files never stop it: they are reports).
#[derive(Debug)]
pub enum BatchError {
    /// A path given at the top level cannot be used.
    Input(InputError),
    /// The worker threads could not start.
    Workers(rayon::ThreadPoolBuildError),
    /// The thread that reads the inputs could not start.
    Reader(io::Error),
    /// The output could not be written.
    Output(io::Error),
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BatchError::Input(e) => e.fmt(f),
            BatchError::Workers(e) => write!(f, "cannot start worker threads: {e}"),
            BatchError::Reader(e) => write!(f, "cannot start the reader thread: {e}"),
            BatchError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for BatchError {}

impl From<InputError> for BatchError {
    fn from(e: InputError) -> Self {
        BatchError::Input(e)
    }
}

/// Everything the batch needs besides the paths.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    /// Worker threads; `None` = one per core; at most [`max_threads`].
    pub threads: Option<usize>,
    /// Size limits for files and archive entries.
    pub limits: Limits,
    /// Parser limits.
    pub parse: ParseLimits,
    /// Per-game analysis options.
    pub analyze: AnalyzeOptions,
    /// Output filter.
    pub only: Only,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Serialise each report to JSON in the workers.
    pub json: bool,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            threads: None,
            limits: Limits::default(),
            parse: ParseLimits::default(),
            analyze: AnalyzeOptions::default(),
            only: Only::All,
            progress: false,
            json: true,
        }
    }
}

/// Worker stack size: sgf-parse recurses on deep trees (see docs); the record layer caps depth
/// so that whatever it accepts fits in this.
const WORKER_STACK: usize = 64 << 20;
/// Inputs handed to the workers at once: enough to keep them busy, few enough to bound memory.
const CHUNK_ITEMS: usize = 512;
/// In-memory bytes (archive entries) per chunk.
const CHUNK_BYTES: usize = 64 << 20;

/// One game (or failed file) as the sink receives it.
pub struct Done {
    /// The analysis.
    pub game: Analyzed,
    /// The report as a JSON line with its newline, when [`BatchOptions::json`] asked for it.
    pub json: Option<String>,
}

/// What became of one input.
enum Fate {
    Reports(Vec<Done>),
    Skipped { name: String, reason: String },
}

/// Reads, decodes, parses and analyses one input.
fn process(item: Item, opts: &BatchOptions) -> Fate {
    let (name, bytes) = match item {
        Item::Skipped { name, reason } => return Fate::Skipped { name, reason },
        other => other.load(&opts.limits),
    };
    let games = match bytes {
        Ok(b) => analyze_bytes(&name, b, opts),
        Err(e) => vec![failed(GameReport::error(&name, None, e))],
    };
    Fate::Reports(
        games
            .into_iter()
            .map(|game| {
                // Serialising here keeps the ordered writer thread light.
                let json = (opts.json && opts.only.keeps(&game.report)).then(|| {
                    let mut line = game.report.to_json_line();
                    line.push('\n');
                    line
                });
                Done { game, json }
            })
            .collect(),
    )
}

/// A report with no game behind it.
fn failed(report: GameReport) -> Analyzed {
    Analyzed {
        report,
        rating: None,
    }
}

/// Decodes, parses and analyses the bytes of one SGF input.
pub fn analyze_bytes(name: &str, bytes: Vec<u8>, opts: &BatchOptions) -> Vec<Analyzed> {
    let decoded = record::read_bytes(bytes, &opts.parse);
    let parsed = match decoded.parsed {
        Ok(p) => p,
        Err(e) => {
            let mut r = GameReport::error(name, None, e);
            r.warnings = decoded.warnings;
            r.encoding = Some(decoded.encoding);
            return vec![failed(r)];
        }
    };
    let mut reports = Vec::with_capacity(parsed.games.len());
    for (i, game) in parsed.games.iter().enumerate() {
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        let mut a = match game {
            Ok(rec) => analyze_game(name, index, rec, &decoded.encoding, &opts.analyze),
            Err(e) => {
                let mut r = GameReport::error(name, Some(index), e.clone());
                r.encoding = Some(decoded.encoding.clone());
                r.warnings = parsed.warnings.clone();
                failed(r)
            }
        };
        // Decoding fallbacks belong to every game of the file.
        if !decoded.warnings.is_empty() {
            let mut w = decoded.warnings.clone();
            w.append(&mut a.report.warnings);
            a.report.warnings = w;
        }
        reports.push(a);
    }
    reports
}

/// Every game that reads cleanly under `paths` (files, folders, archives), in input order,
/// named `file#game`: for measurements over a set of records (accuracy, benchmarks), which
/// skip what cannot be read instead of reporting it.
pub fn read_records(paths: &[PathBuf]) -> Result<Vec<(String, record::GameRecord)>, InputError> {
    let limits = Limits::default();
    let mut out = Vec::new();
    for item in input::inputs(paths, &limits)? {
        if matches!(item, Item::Skipped { .. }) {
            continue;
        }
        let (name, bytes) = item.load(&limits);
        let Ok(bytes) = bytes else { continue };
        let Ok(file) = record::read_bytes(bytes, &ParseLimits::default()).parsed else {
            continue;
        };
        for (gi, game) in file.games.into_iter().enumerate() {
            if let Ok(g) = game {
                out.push((format!("{name}#{gi}"), g));
            }
        }
    }
    Ok(out)
}

/// Runs the whole batch, writing one JSON line per kept report to `out`.
///
/// Errs only when a top-level path is unusable or the output cannot be written.
pub fn run(
    paths: &[PathBuf],
    opts: &BatchOptions,
    out: &mut dyn Write,
) -> Result<Summary, BatchError> {
    let opts = BatchOptions {
        json: true,
        ..opts.clone()
    };
    let summary = for_each(paths, &opts, &mut |done| match done.json {
        Some(line) => out.write_all(line.as_bytes()).map(|()| true),
        None => Ok(false),
    })?;
    out.flush().map_err(BatchError::Output)?;
    Ok(summary)
}

/// Runs the whole batch, handing every game to `sink` in input order.
///
/// The sink returns whether it wrote the record (counted as `written`), or a write error that
/// stops the batch. Errs only for an unusable top-level path, threads that cannot start, or
/// a sink error.
pub fn for_each(
    paths: &[PathBuf],
    opts: &BatchOptions,
    sink: &mut dyn FnMut(Done) -> io::Result<bool>,
) -> Result<Summary, BatchError> {
    let start = Instant::now();
    let inputs = input::inputs(paths, &opts.limits)?;
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(n) = opts.threads {
        builder = builder.num_threads(n.clamp(1, max_threads()));
    }
    let pool = builder.build().map_err(BatchError::Workers)?;
    let bar = progress_bar(opts.progress);

    // A reader thread walks the inputs (directory listing, archive decompression) while the
    // workers analyse the previous chunk; the bounded channel keeps memory bounded.
    let (tx, rx) = mpsc::sync_channel::<Vec<Item>>(2);
    let reader = std::thread::Builder::new()
        .name("echelle-reader".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let mut chunk = Vec::with_capacity(CHUNK_ITEMS);
            let mut bytes = 0usize;
            for item in inputs {
                if let Item::Bytes { bytes: b, .. } = &item {
                    bytes += b.len();
                }
                chunk.push(item);
                if chunk.len() >= CHUNK_ITEMS || bytes >= CHUNK_BYTES {
                    if tx.send(std::mem::take(&mut chunk)).is_err() {
                        return;
                    }
                    bytes = 0;
                }
            }
            if !chunk.is_empty() {
                let _ = tx.send(chunk);
            }
        })
        .map_err(BatchError::Reader)?;

    let mut summary = Summary::default();
    let mut sink_error = None;
    for chunk in rx {
        let fates: Vec<Fate> =
            pool.install(|| chunk.into_par_iter().map(|it| process(it, opts)).collect());
        for fate in fates {
            match fate {
                Fate::Skipped { name, reason } => summary.skip(name, reason),
                Fate::Reports(games) => {
                    summary.files += 1;
                    for done in games {
                        summary.add(&done.game.report);
                        if sink_error.is_none() {
                            match sink(done) {
                                Ok(true) => summary.written += 1,
                                Ok(false) => {}
                                Err(e) => sink_error = Some(e),
                            }
                        }
                    }
                }
            }
        }
        if let Some(b) = &bar {
            b.set_message(format!("{} files, {} games", summary.files, summary.games));
        }
        if sink_error.is_some() {
            break;
        }
    }
    let _ = reader.join();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(e) = sink_error {
        return Err(BatchError::Output(e));
    }
    summary.elapsed = start.elapsed();
    Ok(summary)
}

/// A spinner on stderr when asked for and stderr is a terminal.
fn progress_bar(wanted: bool) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    Some(bar)
}
