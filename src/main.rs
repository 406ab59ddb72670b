//! The echelle command line: a thin layer over the library.

mod cli;

use clap::Parser;
use cli::{
    AccuracyArgs, AnalyzeArgs, Cli, ColorChoice, Command, GameArgs, RateArgs, ReportArgs,
    ResultsArgs, ShowArgs,
};
use echelle::batch::{self, RecordFormat};
use echelle::life::DeadStones;
use echelle::rating::{self, Collected, Destination, OutputRequest, Reading};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Checks now that a GTP engine starts, so that a missing engine is one clear error rather
/// than a note on every game.
fn check_engine(dead_stones: &DeadStones) -> Result<(), String> {
    if let DeadStones::Gtp(cmd) = dead_stones {
        echelle::gtp::check(cmd).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The dead-stone flags' engines, checked before any file is read.
fn check_game(game: &GameArgs) -> Result<(), String> {
    check_oracle(&game.dead_stones, game.oracle.as_deref())?;
    check_engine(&game.dead_stones)
}

/// Checks the oracle as [`check_engine`] checks an engine: it starts, and it is not asked
/// beside an engine that already decides every position.
fn check_oracle(dead_stones: &DeadStones, oracle: Option<&str>) -> Result<(), String> {
    echelle::analyze::check_oracle(dead_stones, oracle).map_err(|e| e.to_string())?;
    match oracle {
        Some(cmd) => echelle::gtp::check(cmd).map_err(|e| e.to_string()),
        None => Ok(()),
    }
}

/// The exit status of a batch stopped by a signal (SIGINT's, whichever signal it was).
const INTERRUPTED: u8 = 130;

/// The flag a batch watches: set by the first SIGINT or SIGTERM, which lets the batch finish
/// its records in order; a second one ends the process at once, with status 130.
fn stop_on_signals() -> Arc<AtomicBool> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::flag;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGINT, SIGTERM] {
        // The shutdown goes first: armed by the flag the first signal sets. A handler that
        // cannot be installed leaves the signal's default (the process ends at once).
        let _ =
            flag::register_conditional_shutdown(signal, i32::from(INTERRUPTED), Arc::clone(&stop));
        let _ = flag::register(signal, Arc::clone(&stop));
    }
    stop
}

/// Opens the output of `--resume` and reads where it stopped.
fn resumed_output(p: &PathBuf) -> Result<(batch::Resume, std::fs::File), String> {
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(p)
        .map_err(|e| format!("cannot open {}: {e}", p.display()))?;
    let resume = batch::Resume::from_output(&mut file)
        .map_err(|e| format!("cannot resume {}: {e}", p.display()))?;
    Ok((resume, file))
}

fn analyze(args: &AnalyzeArgs) -> Result<ExitCode, String> {
    let format = args
        .format
        .or_else(|| args.output.as_deref().and_then(RecordFormat::of_path))
        .unwrap_or_default();
    if format == RecordFormat::Parquet {
        // Checked before any work: both are mistakes in the command, not in the inputs.
        if args.resume {
            return Err(
                "--resume continues JSON lines only: a Parquet file cannot be \
                        appended to; run the command again without --resume"
                    .into(),
            );
        }
        if args.output.is_none() {
            return Err("Parquet output is binary: give it a file with -o FILE".into());
        }
    }
    check_game(&args.input.game)?;
    let mut opts = args.input.batch_options();
    opts.only = args.only;
    opts.stop = stop_on_signals();
    let paths = &args.input.paths;
    let created = |p: &PathBuf| {
        std::fs::File::create(p)
            .map(std::io::BufWriter::new)
            .map_err(|e| format!("cannot create {}: {e}", p.display()))
    };
    let summary = match &args.output {
        Some(p) if format == RecordFormat::Parquet => {
            batch::run_parquet(paths, &opts, created(p)?).map(|(summary, _)| summary)
        }
        Some(p) if args.resume => {
            let (from, file) = resumed_output(p)?;
            batch::resume(paths, &opts, &from, &mut std::io::BufWriter::new(file))
        }
        Some(p) => batch::run(paths, &opts, &mut created(p)?),
        None => batch::run(
            paths,
            &opts,
            &mut std::io::BufWriter::new(std::io::stdout().lock()),
        ),
    }
    .map_err(|e| e.to_string())?;
    if !summary.interrupted {
        if !args.quiet {
            eprint!("{}", summary.render());
        }
        return Ok(ExitCode::SUCCESS);
    }
    // Interrupted: the summary is printed even under -q, at least its first line.
    if args.quiet {
        eprint!("{}", summary.headline());
    } else {
        eprint!("{}", summary.render());
    }
    match &args.output {
        Some(p) if format == RecordFormat::Parquet => eprintln!(
            "echelle: {} holds the records done before the signal, closed as a valid Parquet file",
            p.display()
        ),
        Some(p) => eprintln!(
            "echelle: {} ends with its last whole record; the same command with --resume continues it",
            p.display()
        ),
        None => {}
    }
    Ok(ExitCode::from(INTERRUPTED))
}

/// Writes a file given on the command line.
fn write_text(p: &PathBuf, text: impl AsRef<[u8]>) -> Result<(), String> {
    std::fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
}

fn rate(args: &RateArgs) -> Result<ExitCode, String> {
    check_game(&args.input.game)?;
    let mut opts = args.input.batch_options();
    opts.json = false;
    opts.analyze.rating_inputs = true;
    opts.stop = stop_on_signals();
    // Results files (.tou, .h9) named on the command line are read beside the SGF walk.
    let (results, records) = echelle::federation::split_results_paths(&args.input.paths);
    let mut kept = Collected::default();
    let summary = batch::for_each(&records, &opts, &mut |done| {
        kept.add(&done.game.report, done.game.rating);
        Ok(false)
    })
    .map_err(|e| e.to_string())?;
    if summary.interrupted {
        eprint!("{}", summary.headline());
        eprintln!("echelle: nothing rated: a ladder needs every game");
        return Ok(ExitCode::from(INTERRUPTED));
    }
    let request = OutputRequest {
        format: args.format,
        evaluate: args.rating.evaluate,
        history: args.history.is_some(),
        predictions: args.predictions.is_some(),
        skipped: args.skipped.is_some(),
        disputed: args.disputed.is_some(),
        calibration_svg: args.calibration_svg.is_some(),
        quiet: args.quiet,
        ladder_date: args.rating.ladder_date,
    };
    let ro = request.rate_options(args.rating.rate_options()?);
    let (tables, results_reading) = echelle::federation::read_results_files(&results);
    kept.games.extend(tables);
    let report = rating::rate(&kept.games, &ro).map_err(|e| e.to_string())?;
    let mut reading = Reading::new(&summary, kept.failures);
    reading.results = (!results.is_empty()).then_some(results_reading);
    // The library decides what goes where and in which order; this only writes it.
    let outputs = report
        .outputs(&request, &reading)
        .map_err(|e| e.to_string())?;
    for (to, text) in outputs {
        // A file destination is only given when its path was.
        let to_file = |p: &Option<PathBuf>| p.as_ref().map_or(Ok(()), |p| write_text(p, &text));
        match to {
            Destination::Stdout if args.output.is_some() => to_file(&args.output)?,
            Destination::Stdout => std::io::stdout()
                .lock()
                .write_all(&text)
                .map_err(|e| format!("cannot write the output: {e}"))?,
            Destination::HistoryFile => to_file(&args.history)?,
            Destination::PredictionsFile => to_file(&args.predictions)?,
            Destination::SkippedFile => to_file(&args.skipped)?,
            Destination::DisputedFile => to_file(&args.disputed)?,
            Destination::CalibrationSvgFile => to_file(&args.calibration_svg)?,
            Destination::Stderr => {
                let _ = std::io::stderr().lock().write_all(&text);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `results`: a tournament's results file from its records, or `--check` of one against them.
fn results(args: &ResultsArgs) -> Result<ExitCode, String> {
    use echelle::federation::{ResultsFormat, check, table, tournament};
    check_game(&args.input.game)?;
    let mut opts = args.input.batch_options();
    opts.stop = stop_on_signals();
    let Some((games, failures)) =
        tournament::read_games(&args.input.paths, &opts).map_err(|e| e.to_string())?
    else {
        eprintln!("echelle: interrupted: nothing written or checked (every game is needed)");
        return Ok(ExitCode::from(INTERRUPTED));
    };
    if let Some(file) = &args.check {
        let name = file.to_string_lossy();
        let format = ResultsFormat::of_path(&name).unwrap_or(args.format);
        let bytes = std::fs::read(file).map_err(|e| format!("cannot read {name}: {e}"))?;
        let t = table::read(&name, &bytes, format).map_err(|e| format!("{name}: {e}"))?;
        let mut report = check::check(&t, &games);
        for f in &failures {
            report.findings.insert(
                0,
                check::Finding::FileProblem(format!("{}: {}", f.source(), f.reason())),
            );
        }
        emit(&report.text())?;
        return Ok(if report.findings.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let (directory, identity) = args.directory(&games)?;
    if !identity.is_empty() {
        eprint!("{identity}");
    }
    let wo = tournament::WriteOptions {
        format: args.format,
        name: args.name.clone(),
        date: args.date.clone(),
        place: args.place.clone(),
        directory,
    };
    let t = tournament::Tournament::from_games(&games, &failures, &wo)
        .map_err(|e| e.to_string().trim_end().to_string())?;
    let bytes = t.bytes(args.format).map_err(|e| e.to_string())?;
    match &args.output {
        Some(p) => {
            std::fs::write(p, &bytes).map_err(|e| format!("cannot write {}: {e}", p.display()))
        }
        None => std::io::stdout()
            .lock()
            .write_all(&bytes)
            .map_err(|e| format!("cannot write the output: {e}")),
    }?;
    Ok(ExitCode::SUCCESS)
}

fn accuracy(args: &AccuracyArgs) -> Result<(), String> {
    let mut params = echelle::life::EstimateParams::default();
    if let Some(n) = args.playouts {
        params.playouts = n;
    }
    if let Some(seed) = args.seed {
        params.seed = seed;
    }
    for cmd in args.oracle.iter().chain(&args.engine) {
        echelle::gtp::check(cmd).map_err(|e| e.to_string())?;
    }
    let opts = echelle::accuracy::AccuracyOptions {
        params,
        oracle: args.oracle.clone(),
        engine: args.engine.clone(),
        engine_timeout: Some(args.engine_timeout.duration()),
        half: args.half,
        timing_runs: args.timing_runs,
    };
    let report = echelle::accuracy::accuracy_with(&args.paths, &opts).map_err(|e| e.to_string())?;
    if let Some(path) = &args.positions {
        std::fs::write(path, report.positions_jsonl().map_err(|e| e.to_string())?)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if args.json {
        emit(&format!(
            "{}\n",
            report.to_json().map_err(|e| e.to_string())?
        ))?;
    } else {
        emit(&report.text(&args.paths, args.list))?;
    }
    Ok(())
}

fn show(args: &ShowArgs) -> Result<(), String> {
    use echelle::analyze::AnalyzeOptions;
    use std::io::IsTerminal;
    let spec = args.name();
    let (name, index) = echelle::analyze::split_game_ref(&spec).map_err(|e| e.to_string())?;
    // The name as analyze wrote it: archive entries, standard input, escaped bytes.
    let bytes =
        echelle::input::read_named(name, &args.limits.limits()).map_err(|e| e.to_string())?;
    check_game(&args.game_options)?;
    let mut opts = AnalyzeOptions::default();
    args.game_options.apply(&mut opts);
    let pic = echelle::analyze::picture(name, bytes, index, &opts).map_err(|e| e.to_string())?;
    if pic.games > 1 && name.len() == spec.len() {
        eprintln!(
            "echelle: {name} holds {} games; this is #0 (name another as {name}#N)",
            pic.games
        );
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal(),
    };
    let drawing = echelle::diagram::DiagramInput::of(&pic);
    emit(&echelle::diagram::terminal(&drawing, color))?;
    if let Some(p) = &args.svg {
        write_text(p, echelle::diagram::svg(&drawing))?;
    }
    Ok(())
}

fn report(args: &ReportArgs) -> Result<ExitCode, String> {
    use echelle::report::{self, ReportError, ReportOptions};
    check_game(&args.input.game)?;
    let mut batch = args.input.batch_options();
    batch.stop = stop_on_signals();
    let opts = ReportOptions {
        batch,
        rate: args.rating.rate_options()?,
        max_boards: args.max_boards,
        max_rows: args.max_rows,
        ..ReportOptions::default()
    };
    let built = match report::build(&args.input.paths, &opts) {
        Ok(r) => r,
        Err(ReportError::Interrupted(summary)) => {
            eprint!("{}", summary.headline());
            eprintln!("echelle: no report written: a page of part of the archive would mislead");
            return Ok(ExitCode::from(INTERRUPTED));
        }
        Err(e) => return Err(e.to_string()),
    };
    write_text(&args.output, built.html())?;
    if !args.quiet {
        eprint!("{}", built.summary.render());
        eprintln!(
            "echelle: {} written: {} games to look at, {} boards",
            args.output.display(),
            built.flagged.len(),
            built.boards.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to standard output; a reader that went away (`| head`) is no error.
fn emit(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    if let Err(e) = cli.check_paths().and_then(|()| cli.dash_is_stdout()) {
        e.exit();
    }
    let result = match &cli.command {
        Command::Analyze(a) => analyze(a),
        Command::Rate(a) => rate(a),
        Command::Accuracy(a) => accuracy(a).map(|()| ExitCode::SUCCESS),
        Command::Show(a) => show(a).map(|()| ExitCode::SUCCESS),
        Command::Report(a) => report(a),
        Command::Results(a) => results(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("echelle: {e}");
            ExitCode::from(2)
        }
    }
}
