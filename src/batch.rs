//! The batch driver: inputs read in order, games analysed in parallel, reports streamed in order.

mod resume;

pub use resume::{Resume, ResumeError};

use crate::analyze::{AnalyzeOptions, Analyzed, analyze_game};
use crate::columnar::{ParquetChunks, ParquetSink};
use crate::input::{self, InputError, Item, Limits};
use crate::output::{GameReport, Resumed, Status, Summary};
use crate::record::{self, ParseLimits};
use crate::scoring::Verdict;
use rayon::prelude::*;
use resume::{Passing, Resuming};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

crate::choice::choice! {
    /// Which reports reach the output (the summary always counts them all).
    pub enum Only {
        #[default] All = ("all", "Every game and every failed file"),
        Problems = ("problems", "Games and files with an error, a repair, or a rule violation"),
        Errors = ("errors", "Only errors"),
        Violations = ("violations", "Only games with rule violations"),
        Mismatches = ("mismatches", "Only games whose computed result differs from `RE` (winner or margin), uncertain ones aside"),
        Uncertain = ("uncertain", "Only games whose count differs from `RE` unless an uncertain group is decided the other way"),
    }
}

crate::choice::choice! {
    /// How `analyze` writes its records.
    pub enum RecordFormat {
        #[default] Jsonl = ("jsonl", "One JSON object per line (the default)"),
        Parquet = ("parquet", "A Parquet table, one row per record (needs -o FILE)"),
    }
}

impl RecordFormat {
    /// The format a file name asks for: `parquet` for a `.parquet` extension (any case).
    pub fn of_path(path: &std::path::Path) -> Option<RecordFormat> {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("parquet"))
            .then_some(RecordFormat::Parquet)
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
            Only::Uncertain => r.verdict == Some(Verdict::Uncertain),
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
    /// The output of an earlier run cannot be continued.
    Resume(ResumeError),
}

impl std::fmt::Display for BatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BatchError::Input(e) => e.fmt(f),
            BatchError::Workers(e) => write!(f, "cannot start worker threads: {e}"),
            BatchError::Reader(e) => write!(f, "cannot start the reader thread: {e}"),
            BatchError::Output(e) => write!(f, "cannot write the output: {e}"),
            BatchError::Resume(e) => write!(f, "cannot resume: {e}"),
        }
    }
}

impl std::error::Error for BatchError {}

impl From<InputError> for BatchError {
    fn from(e: InputError) -> Self {
        BatchError::Input(e)
    }
}

impl From<ResumeError> for BatchError {
    fn from(e: ResumeError) -> Self {
        BatchError::Resume(e)
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
    /// Set from outside (the command line sets it on SIGINT or SIGTERM) to stop the batch:
    /// no input is started after it, a game finished after it is dropped, and the records
    /// done before it are handed to the sink in order; the summary says `interrupted`.
    pub stop: Arc<AtomicBool>,
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
            stop: Arc::default(),
        }
    }
}

/// Worker stack size: sgf-parse recurses on deep trees (see docs); the record layer caps depth
/// so that whatever it accepts fits in this.
const WORKER_STACK: usize = 64 << 20;
/// Inputs handed to the workers at once: enough to keep them busy, few enough to bound memory.
const CHUNK_ITEMS: usize = 512;
/// Input bytes per chunk (files by their size on disk): a chunk's games and reports are held
/// until it is written, and they grow with its bytes (a 1 KB game gives a ~3 KB report), so
/// this bounds memory when files hold many games each.
const CHUNK_BYTES: u64 = 4 << 20;
/// How long the driver waits for the reader before it looks at the stop flag again.
const POLL: Duration = Duration::from_millis(50);

/// One game (or failed file) as the sink receives it.
pub struct Done {
    /// The analysis.
    pub game: Analyzed,
    /// The report as a JSON line with its newline, when [`BatchOptions::json`] asked for it.
    pub json: Option<String>,
}

/// What became of one input.
enum Fate {
    /// Its records; `whole` is false when the batch was stopped inside it, after these.
    Reports {
        games: Vec<Done>,
        whole: bool,
    },
    Skipped {
        name: String,
        reason: String,
    },
    /// Not started: the batch was stopped.
    Stopped,
}

/// Reads, decodes, parses and analyses one input.
fn process(item: Item, opts: &BatchOptions) -> Fate {
    if opts.stop.load(Ordering::SeqCst) {
        return Fate::Stopped;
    }
    let (name, bytes) = match item {
        Item::Skipped { name, reason } => return Fate::Skipped { name, reason },
        other => other.load(&opts.limits),
    };
    let (games, whole) = match bytes {
        Ok(b) => analyze_until(&name, b, opts, Some(&opts.stop)),
        Err(e) => (vec![failed(GameReport::error(&name, None, e))], true),
    };
    Fate::Reports {
        games: games
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
        whole,
    }
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
    analyze_until(name, bytes, opts, None).0
}

/// [`analyze_bytes`], stopping once `stop` is set: a game whose analysis ends after it is
/// dropped (a signal from the terminal also reaches a GTP engine, whose death could have
/// changed it). Returns the games kept and whether they are all the file's.
fn analyze_until(
    name: &str,
    bytes: Vec<u8>,
    opts: &BatchOptions,
    stop: Option<&AtomicBool>,
) -> (Vec<Analyzed>, bool) {
    let decoded = record::read_bytes(bytes, &opts.parse);
    let parsed = match decoded.parsed {
        Ok(p) => p,
        Err(e) => {
            let mut r = GameReport::error(name, None, e);
            r.warnings = decoded.warnings;
            r.encoding = Some(decoded.encoding);
            return (vec![failed(r)], true);
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
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            return (reports, false);
        }
        // Decoding fallbacks belong to every game of the file.
        if !decoded.warnings.is_empty() {
            let mut w = decoded.warnings.clone();
            w.append(&mut a.report.warnings);
            a.report.warnings = w;
        }
        cap_warnings(&mut a.report.warnings);
        reports.push(a);
    }
    (reports, true)
}

/// Warnings kept per report: a hostile record can raise one per node.
pub const MAX_WARNINGS: usize = 100;

/// Keeps the first [`MAX_WARNINGS`] warnings and says how many more there were.
fn cap_warnings(warnings: &mut Vec<String>) {
    if warnings.len() > MAX_WARNINGS {
        let more = warnings.len() - (MAX_WARNINGS - 1);
        warnings.truncate(MAX_WARNINGS - 1);
        warnings.push(format!("{more} more warnings not shown"));
    }
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
/// Errs only when a top-level path is unusable or the output cannot be written. When the
/// batch is stopped ([`BatchOptions::stop`]), `out` ends with the last whole record done
/// before the stop, and the summary says `interrupted`.
pub fn run(
    paths: &[PathBuf],
    opts: &BatchOptions,
    out: &mut dyn Write,
) -> Result<Summary, BatchError> {
    write_lines(paths, opts, None, out)
}

/// Continues a batch whose output holds what `from` read (see [`Resume::from_output`]):
/// writes to `out` the records after the output's last one, so that the output ends as the
/// uninterrupted batch's would. The inputs before the resume point are not read again, but
/// are counted in the summary from the output's lines.
///
/// Errs besides as [`run`] does when the inputs or the options are not those the output was
/// written with, as far as can be seen (see the module `resume`); nothing is written then.
pub fn resume(
    paths: &[PathBuf],
    opts: &BatchOptions,
    from: &Resume,
    out: &mut dyn Write,
) -> Result<Summary, BatchError> {
    write_lines(paths, opts, Some(from), out)
}

fn write_lines(
    paths: &[PathBuf],
    opts: &BatchOptions,
    from: Option<&Resume>,
    out: &mut dyn Write,
) -> Result<Summary, BatchError> {
    let opts = BatchOptions {
        json: true,
        ..opts.clone()
    };
    let summary = drive(paths, &opts, from, &mut |done| match done.json {
        Some(line) => out.write_all(line.as_bytes()).map(|()| true),
        None => Ok(false),
    })?;
    out.flush().map_err(BatchError::Output)?;
    Ok(summary)
}

/// Runs the whole batch, writing one row per kept report to `out` as a Parquet file
/// ([`crate::columnar`]); gives back `out` with the summary.
///
/// Errs as [`run`] does. When the batch is stopped ([`BatchOptions::stop`]), the file is
/// still closed: it holds the records done before the stop and is read like any other.
pub fn run_parquet<W: Write + Send>(
    paths: &[PathBuf],
    opts: &BatchOptions,
    out: W,
) -> Result<(Summary, W), BatchError> {
    let opts = BatchOptions {
        json: false,
        ..opts.clone()
    };
    let mut sink = ParquetSink::new(out).map_err(|e| BatchError::Output(e.into()))?;
    let summary = drive(paths, &opts, None, &mut |done| {
        if !opts.only.keeps(&done.game.report) {
            return Ok(false);
        }
        sink.push(&done.game.report)?;
        Ok(true)
    })?;
    let out = sink.finish().map_err(|e| BatchError::Output(e.into()))?;
    Ok((summary, out))
}

/// Runs the batch as [`run_parquet`] does, but hands the kept records to `chunk` as they
/// come, as small Parquet files of one row group each ([`ParquetChunks`]): read in order,
/// their rows are those of `run_parquet`'s file. At least one file is given (the schema
/// alone when no record is kept); an error from `chunk` stops the batch.
pub fn run_parquet_chunks(
    paths: &[PathBuf],
    opts: &BatchOptions,
    chunk: &mut dyn FnMut(Vec<u8>) -> io::Result<()>,
) -> Result<Summary, BatchError> {
    let opts = BatchOptions {
        json: false,
        ..opts.clone()
    };
    let mut chunks = ParquetChunks::new().map_err(|e| BatchError::Output(e.into()))?;
    let summary = drive(paths, &opts, None, &mut |done| {
        if !opts.only.keeps(&done.game.report) {
            return Ok(false);
        }
        if let Some(file) = chunks.push(&done.game.report)? {
            chunk(file)?;
        }
        Ok(true)
    })?;
    if let Some(file) = chunks.finish().map_err(|e| BatchError::Output(e.into()))? {
        chunk(file).map_err(BatchError::Output)?;
    }
    Ok(summary)
}

/// Runs the whole batch, handing every game to `sink` in input order.
///
/// The sink returns whether it wrote the record (counted as `written`), or a write error that
/// stops the batch. Errs only for an unusable top-level path, threads that cannot start, or
/// a sink error. When the batch is stopped ([`BatchOptions::stop`]), the sink has had every
/// record done before the stop, in order, and the summary says `interrupted`.
pub fn for_each(
    paths: &[PathBuf],
    opts: &BatchOptions,
    sink: &mut dyn FnMut(Done) -> io::Result<bool>,
) -> Result<Summary, BatchError> {
    drive(paths, opts, None, sink)
}

/// The ordered end of the batch: counts every input and hands the records to the sink.
struct Collector<'a, 's> {
    summary: Summary,
    sink: &'s mut dyn FnMut(Done) -> io::Result<bool>,
    /// For a resumed batch, until its resume point.
    resuming: Option<Resuming<'a>>,
}

impl Collector<'_, '_> {
    /// Takes the fates of inputs in input order; `false` once the batch was stopped among
    /// them (what follows the stop is dropped).
    fn take(&mut self, fates: Vec<Fate>) -> Result<bool, BatchError> {
        for fate in fates {
            match fate {
                Fate::Skipped { name, reason } => self.summary.skip(name, reason),
                Fate::Stopped => return Ok(false),
                Fate::Reports { games, whole } => {
                    self.summary.files += 1;
                    for done in games {
                        let written_before = match &mut self.resuming {
                            Some(r) => r.take(&done)?,
                            None => false,
                        };
                        if !written_before {
                            self.summary.add(&done.game.report);
                            if (self.sink)(done).map_err(BatchError::Output)? {
                                self.summary.written += 1;
                            }
                        }
                    }
                    if !whole {
                        return Ok(false);
                    }
                    if let Some(r) = &self.resuming {
                        r.input_done()?;
                    }
                }
            }
        }
        Ok(true)
    }

    /// For a resumed batch, takes the inputs of a chunk up to the resume point, one by one
    /// (only those that may hold it are analysed); returns the rest of the chunk, or `None`
    /// once the batch was stopped.
    fn pass_written(
        &mut self,
        chunk: Vec<Item>,
        pool: &rayon::ThreadPool,
        opts: &BatchOptions,
    ) -> Result<Option<Vec<Item>>, BatchError> {
        let mut items = chunk.into_iter();
        while let Some(r) = self.resuming.as_mut().filter(|r| !r.reached()) {
            let Some(item) = items.next() else { break };
            if !matches!(item, Item::Skipped { .. }) && r.pass(item.name())? == Passing::Written {
                self.summary.files += 1;
                continue;
            }
            // On a worker: its stack, its GTP engine.
            if !self.take(vec![pool.install(|| process(item, opts))])? {
                return Ok(None);
            }
        }
        Ok(Some(items.collect()))
    }
}

/// The batch driver behind [`for_each`], [`run`] and [`resume()`].
fn drive(
    paths: &[PathBuf],
    opts: &BatchOptions,
    from: Option<&Resume>,
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
    let (reader, rx) = spawn_reader(inputs, Arc::clone(&opts.stop))?;
    let mut collector = Collector {
        summary: starting_summary(opts, from),
        sink,
        resuming: from
            .map(|f| Resuming::new(f, opts.only == Only::All))
            .filter(|r| !r.reached()),
    };
    let stopped = || opts.stop.load(Ordering::SeqCst);
    let mut outcome = Ok(());
    loop {
        let chunk = match rx.recv_timeout(POLL) {
            Ok(chunk) if !stopped() => chunk,
            Err(mpsc::RecvTimeoutError::Timeout) if !stopped() => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            _ => break,
        };
        let step = collector
            .pass_written(chunk, &pool, opts)
            .and_then(|rest| match rest {
                Some(rest) if !rest.is_empty() => {
                    let fates: Vec<Fate> =
                        pool.install(|| rest.into_par_iter().map(|it| process(it, opts)).collect());
                    collector.take(fates)
                }
                Some(_) => Ok(true),
                None => Ok(false),
            });
        if let Some(b) = &bar {
            let s = &collector.summary;
            b.set_message(format!("{} files, {} games", s.files, s.games));
        }
        match step {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                outcome = Err(e);
                break;
            }
        }
    }
    // The reader ends on its own once the channel is closed, at its next chunk; it is waited
    // for after a full batch only: after a stop or an error it may be reading a large
    // archive entry, or standard input that does not end.
    drop(rx);
    let interrupted = stopped();
    if !interrupted && outcome.is_ok() {
        let _ = reader.join();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    outcome?;
    let mut summary = collector.summary;
    match &collector.resuming {
        Some(r) if !interrupted && !r.reached() => return Err(r.not_found().into()),
        _ => {}
    }
    summary.interrupted = interrupted;
    summary.elapsed = start.elapsed();
    Ok(summary)
}

/// A reader thread that walks the inputs (directory listing, archive decompression) in
/// chunks while the workers analyse the previous one; the bounded channel keeps memory
/// bounded. It stops at `stop`, or once the receiver is gone.
fn spawn_reader(
    inputs: input::Inputs,
    stop: Arc<AtomicBool>,
) -> Result<(std::thread::JoinHandle<()>, mpsc::Receiver<Vec<Item>>), BatchError> {
    let (tx, rx) = mpsc::sync_channel::<Vec<Item>>(2);
    let reader = std::thread::Builder::new()
        .name("echelle-reader".into())
        .stack_size(WORKER_STACK)
        .spawn(move || {
            let mut chunk = Vec::with_capacity(CHUNK_ITEMS);
            let mut bytes = 0u64;
            for item in inputs {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                bytes = bytes.saturating_add(item.weight());
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
    Ok((reader, rx))
}

/// The summary a batch starts from: empty, or for a resumed batch the records already
/// written, counted from their lines.
fn starting_summary(opts: &BatchOptions, from: Option<&Resume>) -> Summary {
    let mut summary = Summary::default();
    if opts.analyze.oracle.is_some() {
        // The summary says how many went to the oracle, none included.
        summary.oracle = Some(Default::default());
    }
    if let Some(from) = from {
        let oracle = summary.oracle;
        summary = from.counted().clone();
        summary.oracle = summary.oracle.or(oracle);
        summary.resumed = Some(Resumed {
            records: from.records(),
            games: summary.games,
            filtered: opts.only != Only::All,
        });
    }
    summary
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
