//! The echelle command line: a thin layer over the library.

mod cli;

use clap::Parser;
use cli::{AccuracyArgs, AnalyzeArgs, Cli, ColorChoice, Command, RateArgs, ShowArgs};
use echelle::batch;
use echelle::life::DeadStones;
use echelle::rating::{
    self, Collected, Destination, EngineParams, OutputRequest, ParamOverrides, RateOptions, Reading,
};
use echelle::rules::Rules;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

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

fn analyze(args: &AnalyzeArgs) -> Result<(), String> {
    check_engine(&args.input.dead_stones)?;
    let mut opts = args.input.batch_options();
    opts.only = args.only;
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let summary = batch::run(&args.input.paths, &opts, &mut out).map_err(|e| e.to_string())?;
    if !args.quiet {
        eprint!("{}", summary.render());
    }
    Ok(())
}

/// Reads a small text file given on the command line.
fn read_text(p: &PathBuf) -> Result<String, String> {
    std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
}

/// Writes a text file given on the command line.
fn write_text(p: &PathBuf, text: &str) -> Result<(), String> {
    std::fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
}

fn rate(args: &RateArgs) -> Result<(), String> {
    check_engine(&args.input.dead_stones)?;
    let mut opts = args.input.batch_options();
    opts.json = false;
    opts.analyze.rating_inputs = true;
    let mut kept = Collected::default();
    let summary = batch::for_each(&args.input.paths, &opts, &mut |done| {
        kept.add(&done.game.report, done.game.rating);
        Ok(false)
    })
    .map_err(|e| e.to_string())?;
    let request = OutputRequest {
        format: args.format,
        evaluate: args.evaluate,
        history: args.history.is_some(),
        predictions: args.predictions.is_some(),
        skipped: args.skipped.is_some(),
        disputed: args.disputed.is_some(),
        calibration_svg: args.calibration_svg.is_some(),
        quiet: args.quiet,
    };
    let ro = request.rate_options(RateOptions {
        engines: args.engines.clone(),
        undated: args.undated,
        aliases: args.aliases.as_ref().map(read_text).transpose()?,
        ladder: args.ladder.as_ref().map(read_text).transpose()?,
        default_level: args.default_level,
        rounding: args.rounding,
        as_of: args.as_of.clone(),
        winner: args.winner,
        fit: !args.no_fit,
        params: EngineParams::default().overridden(&ParamOverrides {
            elo_k: args.elo_k,
            stone: args.stone,
            whr_w2: args.whr_w2,
            glicko_tau: args.glicko_tau,
        }),
        ..RateOptions::default()
    });
    let report = rating::rate(&kept.games, &ro).map_err(|e| e.to_string())?;
    let reading = Reading::new(&summary, kept.failures);
    // The library decides what goes where and in which order; this only writes it.
    for (to, text) in report.outputs(&request, &reading) {
        // A file destination is only given when its path was.
        let to_file = |p: &Option<PathBuf>| p.as_ref().map_or(Ok(()), |p| write_text(p, &text));
        match to {
            Destination::Stdout if args.output.is_some() => to_file(&args.output)?,
            Destination::Stdout => std::io::stdout()
                .lock()
                .write_all(text.as_bytes())
                .map_err(|e| format!("cannot write the output: {e}"))?,
            Destination::HistoryFile => to_file(&args.history)?,
            Destination::PredictionsFile => to_file(&args.predictions)?,
            Destination::SkippedFile => to_file(&args.skipped)?,
            Destination::DisputedFile => to_file(&args.disputed)?,
            Destination::CalibrationSvgFile => to_file(&args.calibration_svg)?,
            Destination::Stderr => eprint!("{text}"),
        }
    }
    Ok(())
}

fn accuracy(args: &AccuracyArgs) -> Result<(), String> {
    let mut params = echelle::life::EstimateParams::default();
    if let Some(n) = args.playouts {
        params.playouts = n;
    }
    if let Some(seed) = args.seed {
        params.seed = seed;
    }
    let report =
        echelle::accuracy::accuracy_report(&args.paths, params).map_err(|e| e.to_string())?;
    if let Some(path) = &args.positions {
        std::fs::write(path, report.positions_jsonl().map_err(|e| e.to_string())?)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if args.json {
        println!("{}", report.to_json().map_err(|e| e.to_string())?);
    } else {
        print!("{}", report.text(&args.paths, args.list));
    }
    Ok(())
}

fn show(args: &ShowArgs) -> Result<(), String> {
    use echelle::analyze::AnalyzeOptions;
    use std::io::IsTerminal;
    let (path, index) = echelle::analyze::split_game_ref(&args.game).map_err(|e| e.to_string())?;
    // A name as analyze wrote it: escaped bytes of a name that is not UTF-8 are undone.
    let bytes = std::fs::read(echelle::input::path_of_name(path))
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    check_engine(&args.dead_stones)?;
    let opts = AnalyzeOptions {
        rules: Rules {
            ko: args.ko,
            ..Rules::french()
        },
        dead_stones: args.dead_stones.clone(),
        ..AnalyzeOptions::default()
    };
    let pic = echelle::analyze::picture(path, bytes, index, &opts).map_err(|e| e.to_string())?;
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal(),
    };
    let drawing = echelle::diagram::DiagramInput::of(&pic);
    print!("{}", echelle::diagram::terminal(&drawing, color));
    if let Some(p) = &args.svg {
        write_text(p, &echelle::diagram::svg(&drawing))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Analyze(a) => analyze(a),
        Command::Rate(a) => rate(a),
        Command::Accuracy(a) => accuracy(a),
        Command::Show(a) => show(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("echelle: {e}");
            ExitCode::from(2)
        }
    }
}
