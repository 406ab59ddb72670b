//! The Python binding (`echelle._echelle`, built by maturin with the `python` feature): a thin
//! layer that turns Python arguments into the library's options and the library's JSON into
//! Python values. It decides nothing: every record, count and rating comes from the library,
//! and option names are parsed by the library's own `FromStr` (the command line's names).
//!
//! The Python package around it (`src/python/echelle/`) adds docstrings, keyword defaults,
//! the Dask helpers and the Arrow conversions.

use crate::batch::{self, BatchError, BatchOptions, Only};
use crate::input::Limits;
use crate::life::DeadStones;
use crate::output::Summary;
use crate::rating::{
    self, Collected, Destination, EngineKind, EngineParams, Format, OutputRequest, ParamOverrides,
    RateOptions, Reading, Rounding, Undated, WinnerChoice,
};
use crate::record::ParseLimits;
use crate::rules::{KoRule, Rules};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pyo3::create_exception!(
    _echelle,
    EchelleError,
    pyo3::exceptions::PyException,
    "An error that stops a whole call, with the command line's message (an unusable path, an unreadable ladder file, a GTP engine that does not start). Bad records are never raised: they are records."
);

/// Records waiting between the batch thread and Python: enough to keep the workers busy while
/// Python consumes, few enough to bound memory.
const QUEUE: usize = 256;
/// Parquet files waiting between the batch thread and Python (each at most 8,192 rows): the
/// next one is written while Python reads one.
const FILES_QUEUE: usize = 2;
/// How long a wait for the next record lasts before Python's signals (Ctrl-C) are checked.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// A named choice parsed as the command line parses it; a bad name is a `ValueError`.
fn choice<T: FromStr>(what: &str, name: &str) -> PyResult<T>
where
    T::Err: std::fmt::Display,
{
    name.parse()
        .map_err(|e: T::Err| PyValueError::new_err(format!("{what}: {e}")))
}

/// `engine_timeout` as `--engine-timeout` takes it: whole seconds, at least 1. Any other int
/// is a `ValueError` (a negative one would be pyo3's `OverflowError`); a non-int stays a
/// `TypeError`.
fn engine_secs(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    match obj.extract::<u64>() {
        Ok(secs) if secs >= 1 => Ok(secs),
        Err(e) if !obj.is_instance_of::<PyInt>() => Err(e),
        _ => Err(PyValueError::new_err(format!(
            "engine_timeout: `{obj}`: expected whole seconds, at least 1"
        ))),
    }
}

/// `analyze`'s options (the command line's flags), checked once and shared by every call
/// that runs a batch: `analyze`, `analyze_bytes`, `parquet_files` and `rate`. Its
/// keywords and defaults are the command line's; a bad name or value is a `ValueError` here.
#[pyclass(module = "echelle._echelle", frozen)]
struct Options {
    threads: Option<usize>,
    dead_stones: DeadStones,
    /// The oracle's command line (`gtp:` taken off).
    oracle: Option<String>,
    engine_timeout: Duration,
    /// The estimate's seed (`--seed`; `None`: the fixed default).
    seed: Option<u64>,
    ko: KoRule,
    only: Only,
    limits: Limits,
    max_nodes: usize,
}

#[pymethods]
impl Options {
    #[new]
    #[pyo3(signature = (*, threads=None, dead_stones="auto", ko="positional", only="all",
        max_file_bytes=Limits::default().max_file_bytes,
        max_entry_bytes=Limits::default().max_entry_bytes,
        max_nodes=ParseLimits::default().max_nodes, oracle=None, engine_timeout=60, seed=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        threads: Option<usize>,
        dead_stones: &str,
        ko: &str,
        only: &str,
        max_file_bytes: u64,
        max_entry_bytes: u64,
        max_nodes: usize,
        oracle: Option<&str>,
        #[pyo3(from_py_with = engine_secs)] engine_timeout: u64,
        seed: Option<u64>,
    ) -> PyResult<Self> {
        let dead_stones = choice("dead_stones", dead_stones)?;
        let oracle = oracle
            .map(|o| {
                crate::gtp::command_of(o)
                    .map(str::to_string)
                    .map_err(|e| PyValueError::new_err(format!("oracle: `{o}`: {e}")))
            })
            .transpose()?;
        crate::analyze::check_oracle(&dead_stones, oracle.as_deref())
            .map_err(|e| PyValueError::new_err(format!("oracle: {e}")))?;
        Ok(Options {
            threads,
            dead_stones,
            oracle,
            engine_timeout: Duration::from_secs(engine_timeout),
            seed,
            ko: choice("ko", ko)?,
            only: choice("only", only)?,
            limits: Limits {
                max_file_bytes,
                max_entry_bytes,
            },
            max_nodes,
        })
    }
}

impl Options {
    /// The batch options of one call (each call its own stop flag); a GTP engine (dead
    /// stones or oracle) that does not start is raised here, before the batch, as the
    /// command line refuses it.
    fn batch(&self) -> PyResult<BatchOptions> {
        let start =
            |cmd: &str| crate::gtp::check(cmd).map_err(|e| EchelleError::new_err(e.to_string()));
        if let DeadStones::Gtp(cmd) = &self.dead_stones {
            start(cmd)?;
        }
        if let Some(cmd) = &self.oracle {
            start(cmd)?;
        }
        let mut o = BatchOptions {
            threads: self.threads,
            only: self.only,
            limits: self.limits,
            progress: false,
            ..BatchOptions::default()
        };
        o.parse.max_nodes = self.max_nodes;
        o.analyze.dead_stones = self.dead_stones.clone();
        o.analyze.oracle = self.oracle.clone();
        o.analyze.engine_timeout = Some(self.engine_timeout);
        o.analyze.seed = self.seed;
        o.analyze.rules = Rules {
            ko: self.ko,
            ..Rules::french()
        };
        Ok(o)
    }
}

/// What the batch thread sends: an item (a record's JSON line, a Parquet file), or the end
/// of the batch with its summary.
enum Msg<T> {
    Item(T),
    End(Result<String, String>),
}

/// The receiving end of a running batch.
struct Stream<T> {
    rx: Option<Receiver<Msg<T>>>,
    /// The summary's text once the batch ended.
    summary: Option<String>,
}

/// A batch running on its own thread, as Python reads it: its items in input order, its
/// stop flag, its summary at the end. Dropped, it stops the batch.
struct Running<T> {
    stream: Mutex<Stream<T>>,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Running<T> {
    /// Starts `run` on `paths` on its own thread; it sends its items to the channel it is
    /// given (at most `queue` waiting), and the end is sent after it.
    fn start(
        paths: Vec<PathBuf>,
        opts: BatchOptions,
        queue: usize,
        run: impl FnOnce(&[PathBuf], &BatchOptions, &SyncSender<Msg<T>>) -> Result<Summary, BatchError>
        + Send
        + 'static,
    ) -> PyResult<Self> {
        // A path that cannot be used is raised here, as the command line refuses it at once.
        crate::input::inputs(&paths, &opts.limits)
            .map_err(|e| EchelleError::new_err(e.to_string()))?;
        let stop = Arc::clone(&opts.stop);
        let (tx, rx) = mpsc::sync_channel::<Msg<T>>(queue);
        std::thread::Builder::new()
            .name("echelle-py-batch".into())
            .spawn(move || {
                let end = run(&paths, &opts, &tx);
                let _ = tx.send(Msg::End(end.map(|s| s.render()).map_err(|e| e.to_string())));
            })
            .map_err(|e| EchelleError::new_err(format!("cannot start the batch thread: {e}")))?;
        Ok(Running {
            stream: Mutex::new(Stream {
                rx: Some(rx),
                summary: None,
            }),
            stop,
        })
    }
}

impl<T: Send> Running<T> {
    /// Stops the batch: no input is started after this, and the thread ends at its next item.
    fn halt(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The next item; `None` once the batch ended (its summary is then kept). Waits with the
    /// GIL released, and sees Python's signals (Ctrl-C) while waiting.
    fn next(&self, py: Python<'_>) -> PyResult<Option<T>> {
        let mut stream = self
            .stream
            .lock()
            .map_err(|_| PyRuntimeError::new_err("echelle: records stream poisoned"))?;
        loop {
            let Some(rx) = stream.rx.take() else {
                return Ok(None);
            };
            // An item already waiting is taken at once; otherwise the GIL is released while
            // waiting, so that other Python threads run meanwhile (the receiver is moved in
            // and back: it may be sent, not shared).
            let (rx, got) = match rx.try_recv() {
                Ok(msg) => (rx, Ok(msg)),
                Err(_) => py.detach(move || {
                    let got = rx.recv_timeout(SIGNAL_POLL);
                    (rx, got)
                }),
            };
            stream.rx = Some(rx);
            match got {
                Ok(Msg::Item(item)) => return Ok(Some(item)),
                Ok(Msg::End(end)) => {
                    stream.rx = None;
                    match end {
                        Ok(summary) => stream.summary = Some(summary),
                        Err(message) => return Err(EchelleError::new_err(message)),
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.halt();
                        stream.rx = None;
                        return Err(e);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    stream.rx = None;
                    return Err(EchelleError::new_err("the batch thread ended early"));
                }
            }
        }
    }

    /// Stops the batch; `next` then gives no more items.
    fn close(&self) {
        self.halt();
        if let Ok(mut s) = self.stream.lock() {
            s.rx = None;
        }
    }

    /// The summary `echelle analyze` prints on stderr, once every item was read.
    fn summary(&self) -> Option<String> {
        self.stream.lock().ok().and_then(|s| s.summary.clone())
    }
}

impl<T> Drop for Running<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// Sends one item to Python; `Err` once Python dropped the stream, which stops the batch.
fn send<T>(tx: &SyncSender<Msg<T>>, item: T) -> std::io::Result<()> {
    tx.send(Msg::Item(item))
        .map_err(|_| std::io::Error::other("the records are no longer read"))
}

/// The records of a running batch, in input order: an iterator of dicts, each equal to the
/// command line's JSON line. Dropping or closing it stops the batch.
#[pyclass(module = "echelle._echelle")]
struct Records {
    batch: Running<String>,
    loads: Py<PyAny>,
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match self.batch.next(py)? {
            Some(line) => self.loads.call1(py, (line,)).map(Some),
            None => Ok(None),
        }
    }

    /// Stops the batch; the iterator then ends.
    fn close(&self) {
        self.batch.close();
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        _t: Option<Bound<'_, PyAny>>,
        _v: Option<Bound<'_, PyAny>>,
        _tb: Option<Bound<'_, PyAny>>,
    ) -> bool {
        self.close();
        false
    }

    /// The summary `echelle analyze` prints on stderr, once every record was read.
    #[getter]
    fn summary(&self) -> Option<String> {
        self.batch.summary()
    }
}

/// The kept records of a running batch as small Parquet files (bytes), in input order, each
/// one row group of at most 8,192 rows; read in order, their rows are the table of
/// `analyze -o FILE.parquet`. At least one file comes (the schema alone when no record is
/// kept). Dropping or closing it stops the batch.
#[pyclass(module = "echelle._echelle")]
struct ParquetFiles {
    batch: Running<Vec<u8>>,
}

#[pymethods]
impl ParquetFiles {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyBytes>>> {
        Ok(self.batch.next(py)?.map(|file| PyBytes::new(py, &file)))
    }

    /// Stops the batch; the iterator then ends.
    fn close(&self) {
        self.batch.close();
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        _t: Option<Bound<'_, PyAny>>,
        _v: Option<Bound<'_, PyAny>>,
        _tb: Option<Bound<'_, PyAny>>,
    ) -> bool {
        self.close();
        false
    }

    /// The summary `echelle analyze` prints on stderr, once every file was read.
    #[getter]
    fn summary(&self) -> Option<String> {
        self.batch.summary()
    }
}

/// Starts a batch over `paths` on its own thread; records arrive in input order.
#[pyfunction]
fn analyze(py: Python<'_>, paths: Vec<PathBuf>, options: &Bound<'_, Options>) -> PyResult<Records> {
    let opts = options.get().batch()?;
    let loads = py.import("json")?.getattr("loads")?.unbind();
    let batch = Running::start(paths, opts, QUEUE, |paths, opts, tx| {
        batch::for_each(paths, opts, &mut |done| match done.json {
            Some(line) => send(tx, line).map(|()| true),
            None => Ok(false),
        })
    })?;
    Ok(Records { batch, loads })
}

/// Starts a batch over `paths` on its own thread; its kept records arrive as small Parquet
/// files while it runs, for pyarrow to read without a Python object per record.
#[pyfunction]
fn parquet_files(paths: Vec<PathBuf>, options: &Bound<'_, Options>) -> PyResult<ParquetFiles> {
    let opts = options.get().batch()?;
    let batch = Running::start(paths, opts, FILES_QUEUE, |paths, opts, tx| {
        batch::run_parquet_chunks(paths, opts, &mut |file| send(tx, file))
    })?;
    Ok(ParquetFiles { batch })
}

/// The records of one SGF file's bytes, named `name` (the file size limits do not apply).
#[pyfunction]
fn analyze_bytes(
    py: Python<'_>,
    name: &str,
    data: &Bound<'_, PyBytes>,
    options: &Bound<'_, Options>,
) -> PyResult<Vec<Py<PyAny>>> {
    let opts = options.get().batch()?;
    let bytes = data.as_bytes().to_vec();
    let lines: Vec<String> = py.detach(|| {
        batch::analyze_bytes(name, bytes, &opts)
            .into_iter()
            .filter(|a| opts.only.keeps(&a.report))
            .map(|a| a.report.to_json_line())
            .collect()
    });
    let loads = py.import("json")?.getattr("loads")?;
    lines
        .into_iter()
        .map(|l| loads.call1((l,)).map(Bound::unbind))
        .collect()
}

/// The files and archives under `paths` in the order `analyze` reads them.
#[pyfunction]
fn list_inputs(py: Python<'_>, paths: Vec<PathBuf>) -> PyResult<Vec<PathBuf>> {
    py.detach(|| crate::input::units(&paths))
        .map_err(|e| EchelleError::new_err(e.to_string()))
}

/// Reads a federation file (a ladder or aliases) as the command line does.
fn read_federation_file(p: &PathBuf) -> PyResult<(String, crate::federation::text::TextEncoding)> {
    std::fs::read(p)
        .map(|b| crate::federation::text::decode(&b))
        .map_err(|e| EchelleError::new_err(format!("cannot read {}: {e}", p.display())))
}

/// Rates the games under `paths` (SGF, archives, `.tou`/`.h9`) and the records (JSON lines of
/// `analyze`); returns the JSON document of `rate --format json` and, when asked, the history
/// lines.
#[pyfunction]
#[pyo3(signature = (paths, records, engines, undated, ladder, aliases, default_level, rounding,
    as_of, winner, evaluate, fit, elo_k, stone, whr_w2, glicko_tau, history, options))]
#[allow(clippy::too_many_arguments)]
fn rate(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    records: Vec<String>,
    engines: Vec<String>,
    undated: &str,
    ladder: Option<PathBuf>,
    aliases: Option<PathBuf>,
    default_level: f64,
    rounding: &str,
    as_of: Option<String>,
    winner: &str,
    evaluate: bool,
    fit: bool,
    elo_k: Option<f64>,
    stone: Option<f64>,
    whr_w2: Option<f64>,
    glicko_tau: Option<f64>,
    history: bool,
    options: &Bound<'_, Options>,
) -> PyResult<(String, Option<String>)> {
    let mut opts = options.get().batch()?;
    // Every game is rated, whatever `only` says.
    opts.only = Only::All;
    opts.json = false;
    opts.analyze.rating_inputs = true;
    let engines = engines
        .iter()
        .map(|e| choice::<EngineKind>("engines", e))
        .collect::<PyResult<Vec<_>>>()?;
    let ladder = ladder.as_ref().map(read_federation_file).transpose()?;
    let base = RateOptions {
        engines,
        undated: choice::<Undated>("undated", undated)?,
        aliases: aliases
            .as_ref()
            .map(read_federation_file)
            .transpose()?
            .map(|a| a.0),
        ladder_encoding: ladder.as_ref().map(|l| l.1),
        ladder: ladder.map(|l| l.0),
        default_level,
        rounding: choice::<Rounding>("rounding", rounding)?,
        as_of,
        winner: choice::<WinnerChoice>("winner", winner)?,
        evaluate,
        fit,
        params: EngineParams::default().overridden(&ParamOverrides {
            elo_k,
            stone,
            whr_w2,
            glicko_tau,
        }),
        ..RateOptions::default()
    };
    let request = OutputRequest {
        format: Format::Json,
        evaluate,
        history,
        predictions: false,
        skipped: false,
        disputed: false,
        calibration_svg: false,
        quiet: true,
        ladder_date: None,
    };
    let ro = request.rate_options(base);
    py.detach(move || {
        let (results, sgf) = crate::federation::split_results_paths(&paths);
        let mut kept = Collected::default();
        let mut summary = if sgf.is_empty() {
            Summary::default()
        } else {
            batch::for_each(&sgf, &opts, &mut |done| {
                kept.add(&done.game.report, done.game.rating);
                Ok(false)
            })
            .map_err(|e| e.to_string())?
        };
        rating::add_records(&records, &mut kept, &mut summary).map_err(|e| e.to_string())?;
        let (tables, results_reading) = crate::federation::read_results_files(&results);
        kept.games.extend(tables);
        let report = rating::rate(&kept.games, &ro).map_err(|e| e.to_string())?;
        let mut reading = Reading::new(&summary, kept.failures);
        reading.results = (!results.is_empty()).then_some(results_reading);
        let mut doc = None;
        let mut hist = None;
        for (to, text) in report
            .outputs(&request, &reading)
            .map_err(|e| e.to_string())?
        {
            let text = String::from_utf8_lossy(&text).into_owned();
            match to {
                Destination::Stdout => doc = Some(text),
                Destination::HistoryFile => hist = Some(text),
                _ => {}
            }
        }
        Ok((doc.unwrap_or_default(), hist))
    })
    .map_err(|e: String| EchelleError::new_err(e))
}

/// The native module `echelle._echelle`.
#[pymodule]
#[pyo3(name = "_echelle")]
fn echelle_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Records>()?;
    m.add_class::<Options>()?;
    // The defaults of the limits, for the package's keyword defaults.
    m.add("MAX_FILE_BYTES", Limits::default().max_file_bytes)?;
    m.add("MAX_ENTRY_BYTES", Limits::default().max_entry_bytes)?;
    m.add("MAX_NODES", ParseLimits::default().max_nodes)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_bytes, m)?)?;
    m.add_class::<ParquetFiles>()?;
    m.add_function(wrap_pyfunction!(parquet_files, m)?)?;
    m.add_function(wrap_pyfunction!(list_inputs, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add("EchelleError", m.py().get_type::<EchelleError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
