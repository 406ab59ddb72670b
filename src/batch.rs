//! The batch driver: inputs read in order, games analysed in parallel, reports streamed in order.

use crate::analyze::{AnalyzeOptions, analyze_game};
use crate::decode;
use crate::input::{self, Item, Limits};
use crate::output::{GameReport, Status, Summary};
use crate::record::{self, ParseLimits};
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Instant;

/// Which reports reach the output (the summary always counts them all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Only {
    /// Every game and every failed file.
    #[default]
    All,
    /// Games and files with an error, a repair, or a rule violation.
    Problems,
    /// Only errors.
    Errors,
    /// Only games with rule violations.
    Violations,
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
        }
    }
}

/// Everything the batch needs besides the paths.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    /// Worker threads; `None` = one per core.
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

/// What became of one input.
enum Outcome {
    Reports(Vec<GameReport>),
    Skipped { name: String, reason: String },
}

/// Reads, decodes, parses and analyses one input.
fn process(item: Item, opts: &BatchOptions) -> Outcome {
    let (name, bytes) = match item {
        Item::Skipped { name, reason } => return Outcome::Skipped { name, reason },
        other => other.load(&opts.limits),
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(message) => {
            return Outcome::Reports(vec![GameReport::error(&name, None, "read", message)]);
        }
    };
    Outcome::Reports(analyze_bytes(&name, bytes, opts))
}

/// Decodes, parses and analyses the bytes of one SGF input.
pub fn analyze_bytes(name: &str, bytes: Vec<u8>, opts: &BatchOptions) -> Vec<GameReport> {
    let decoded = decode::decode_owned(bytes);
    let parsed = match record::parse_file(&decoded.text, &opts.parse) {
        Ok(p) => p,
        Err(e) => {
            let mut r = GameReport::error(name, None, e.kind, e.message);
            r.warnings = decoded.warnings;
            r.encoding = Some(decoded.encoding);
            return vec![r];
        }
    };
    let mut reports = Vec::with_capacity(parsed.games.len());
    for (i, game) in parsed.games.iter().enumerate() {
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        let mut r = match game {
            Ok(rec) => analyze_game(name, index, rec, &decoded.encoding, &opts.analyze),
            Err(e) => {
                let mut r = GameReport::error(name, Some(index), e.kind, e.message.clone());
                r.encoding = Some(decoded.encoding.clone());
                r.warnings = parsed.warnings.clone();
                r
            }
        };
        // Decoding fallbacks belong to every game of the file.
        if !decoded.warnings.is_empty() {
            let mut w = decoded.warnings.clone();
            w.append(&mut r.warnings);
            r.warnings = w;
        }
        reports.push(r);
    }
    reports
}

/// Runs the whole batch, writing one JSON line per kept report to `out`.
///
/// Errs only when a top-level path is unusable or the output cannot be written.
pub fn run(paths: &[PathBuf], opts: &BatchOptions, out: &mut dyn Write) -> Result<Summary, String> {
    let start = Instant::now();
    let inputs = input::inputs(paths, &opts.limits)?;
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(WORKER_STACK);
    if let Some(n) = opts.threads {
        builder = builder.num_threads(n.max(1));
    }
    let pool = builder
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
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
        .map_err(|e| format!("cannot start the reader thread: {e}"))?;

    let mut summary = Summary::default();
    let mut write_error = None;
    for chunk in rx {
        let outcomes: Vec<Outcome> =
            pool.install(|| chunk.into_par_iter().map(|it| process(it, opts)).collect());
        for o in outcomes {
            match o {
                Outcome::Skipped { name, reason } => summary.skip(name, reason),
                Outcome::Reports(reports) => {
                    summary.files += 1;
                    for r in reports {
                        summary.add(&r);
                        if write_error.is_none() && opts.only.keeps(&r) {
                            let mut line = r.to_json_line();
                            line.push('\n');
                            match out.write_all(line.as_bytes()) {
                                Ok(()) => summary.written += 1,
                                Err(e) => write_error = Some(e.to_string()),
                            }
                        }
                    }
                }
            }
        }
        if let Some(b) = &bar {
            b.set_message(format!("{} files, {} games", summary.files, summary.games));
        }
        if write_error.is_some() {
            break;
        }
    }
    let _ = reader.join();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(e) = write_error {
        return Err(format!("cannot write the output: {e}"));
    }
    out.flush()
        .map_err(|e| format!("cannot write the output: {e}"))?;
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
