//! The echelle command line: a thin layer over the library.

use clap::{Args, Parser, Subcommand};
use echelle::batch::{self, BatchOptions, Only};
use echelle::life::DeadStoneMethod;
use echelle::rating::{self, EngineKind, Format, RateOptions, Rounding, Undated};
use echelle::rules::{KoRule, Rules};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Check, score and rate archives of Go game records (SGF).
#[derive(Parser)]
#[command(name = "echelle", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decode, parse, replay and score every game; one JSON line per game.
    Analyze(AnalyzeArgs),
    /// Rate the players: the 1984 French ladder (and other engines) over the games in date order.
    Rate(Box<RateArgs>),
    /// Measure the dead-stone estimate against records with agreed TB/TW markup.
    Accuracy(AccuracyArgs),
    /// Draw a game's final position with dead stones, territory, seki and the count.
    Show(ShowArgs),
}

#[derive(Args)]
struct ShowArgs {
    /// The SGF file, with `#N` to pick the N-th game of a collection (from 0).
    game: String,
    /// Also write an SVG diagram here.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Colours in the terminal.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// How dead stones are decided (as for analyze, gtp:COMMAND included).
    #[arg(long, default_value = "auto", value_parser = parse_dead_stones)]
    dead_stones: DeadStones,
    /// Ko rule for the replay.
    #[arg(long, value_enum, default_value_t = KoRule::Positional)]
    ko: KoRule,
}

/// The `--dead-stones` choice: a method of echelle's, or a GTP engine command.
#[derive(Clone, Debug)]
enum DeadStones {
    Method(DeadStoneMethod),
    Gtp(String),
}

fn parse_dead_stones(s: &str) -> Result<DeadStones, String> {
    use clap::ValueEnum;
    if let Some(cmd) = s.strip_prefix("gtp:") {
        if cmd.trim().is_empty() {
            return Err("gtp: needs an engine command, e.g. gtp:gnugo --mode gtp".into());
        }
        return Ok(DeadStones::Gtp(cmd.to_string()));
    }
    DeadStoneMethod::from_str(s, true)
        .map(DeadStones::Method)
        .map_err(|_| format!("`{s}`: expected auto, markup, estimate, none or gtp:COMMAND"))
}

impl DeadStones {
    /// Sets the analysis options; checks now that a GTP engine starts, so that a missing
    /// engine is one clear error rather than a note on every game.
    fn apply(&self, o: &mut echelle::analyze::AnalyzeOptions) -> Result<(), String> {
        match self {
            DeadStones::Method(m) => o.dead_stones = *m,
            DeadStones::Gtp(cmd) => {
                echelle::gtp::GtpEngine::start(cmd)?;
                o.gtp = Some(cmd.clone());
            }
        }
        Ok(())
    }
}

/// When to colour the terminal picture.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ColorChoice {
    /// When standard output is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(Args)]
struct AccuracyArgs {
    /// Files, directories or archives; only games ending with TB/TW markup are used.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Playouts per position for the estimate.
    #[arg(long)]
    playouts: Option<u32>,
    /// Seed of the playouts (the default is the one `analyze` uses): other seeds show how
    /// much of the figures is sampling luck.
    #[arg(long)]
    seed: Option<u64>,
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
    /// List the games whose estimated dead set differs from the markup.
    #[arg(long)]
    list: bool,
    /// Also write one JSON line per position (estimate, markup, time) to this file.
    #[arg(long, value_name = "FILE")]
    positions: Option<PathBuf>,
}

/// Options shared by every subcommand that reads records.
#[derive(Args)]
struct InputArgs {
    /// Files, directories, .zip/.tar/.tar.gz archives, or `-` for standard input.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// Largest SGF file read from disk, in bytes.
    #[arg(long, default_value_t = 64 << 20)]
    max_file_bytes: u64,
    /// Largest archive entry read, in bytes.
    #[arg(long, default_value_t = 16 << 20)]
    max_entry_bytes: u64,
    /// Most nodes accepted in one file (deep trees are rejected, not crashed on).
    #[arg(long, default_value_t = 100_000)]
    max_nodes: usize,
    /// Ko rule for replays (French rules: positional superko).
    #[arg(long, value_enum, default_value_t = KoRule::Positional)]
    ko: KoRule,
    /// How dead stones are decided before counting: auto (markup, else estimate), markup,
    /// estimate, none (every stone alive), or gtp:COMMAND (ask a GTP engine, e.g.
    /// "gtp:gnugo --mode gtp").
    #[arg(long, default_value = "auto", value_parser = parse_dead_stones)]
    dead_stones: DeadStones,
    /// Never show a progress bar.
    #[arg(long)]
    no_progress: bool,
}

#[derive(Args)]
struct AnalyzeArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Write the JSON lines here instead of standard output.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// Which records to write (the summary counts all of them).
    #[arg(long, value_enum, default_value_t = Only::All)]
    only: Only,
    /// Print no summary on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Args)]
struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Rating engines, several allowed (comma-separated or repeated).
    #[arg(
        long = "engine",
        value_enum,
        value_delimiter = ',',
        default_value = "ffg1984"
    )]
    engines: Vec<EngineKind>,
    /// Output format of the ladder.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Undated games: skipped (default) or rated after all dated ones.
    #[arg(long, value_enum, default_value_t = Undated::Skip)]
    undated: Undated,
    /// Starting ladder: TSV `name<TAB>level` or the federation's list format.
    #[arg(long)]
    ladder: Option<PathBuf>,
    /// Name aliases: TSV `alias<TAB>canonical name`.
    #[arg(long)]
    aliases: Option<PathBuf>,
    /// Start level when neither the ladder nor the record's rank gives one (-1500 = 15k).
    #[arg(long, default_value_t = -1500.0, allow_negative_numbers = true)]
    default_level: f64,
    /// Rounding of the 1984 ladder's changes.
    #[arg(long, value_enum, default_value_t = Rounding::Trunc)]
    rounding: Rounding,
    /// Rate only games up to this date (YYYY, YYYY-MM or YYYY-MM-DD).
    #[arg(long)]
    as_of: Option<String>,
    /// Predict each game before rating it and print each engine's accuracy.
    #[arg(long)]
    evaluate: bool,
    /// Write one JSON line per rated game, player and engine here.
    #[arg(long)]
    history: Option<PathBuf>,
    /// Write one JSON line per game and engine with the prediction (implies --evaluate).
    #[arg(long)]
    predictions: Option<PathBuf>,
    /// Write the list of games that could not be rated, with reasons, here.
    #[arg(long)]
    skipped: Option<PathBuf>,
    /// Elo K factor (starting point of the fit under --evaluate).
    #[arg(long)]
    elo_k: Option<f64>,
    /// Value of one handicap stone in Elo points (elo, glicko2, whr).
    #[arg(long)]
    stone: Option<f64>,
    /// WHR drift w², in Elo² per day.
    #[arg(long)]
    whr_w2: Option<f64>,
    /// Glicko-2 volatility constraint τ.
    #[arg(long)]
    glicko_tau: Option<f64>,
    /// Keep the given parameters under --evaluate instead of fitting them on the first half.
    #[arg(long)]
    no_fit: bool,
}

impl InputArgs {
    fn batch_options(&self) -> Result<BatchOptions, String> {
        let mut o = BatchOptions {
            threads: self.threads,
            progress: !self.no_progress,
            ..BatchOptions::default()
        };
        o.limits.max_file_bytes = self.max_file_bytes;
        o.limits.max_entry_bytes = self.max_entry_bytes;
        o.parse.max_nodes = self.max_nodes;
        self.dead_stones.apply(&mut o.analyze)?;
        o.analyze.rules = Rules {
            ko: self.ko,
            ..Rules::french()
        };
        Ok(o)
    }
}

fn analyze(args: &AnalyzeArgs) -> Result<(), String> {
    let mut opts = args.input.batch_options()?;
    opts.only = args.only;
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let summary = batch::run(&args.input.paths, &opts, &mut out)?;
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
    let mut opts = args.input.batch_options()?;
    opts.json = false;
    opts.analyze.rating_inputs = true;
    let mut games = Vec::new();
    let summary = batch::for_each(&args.input.paths, &opts, &mut |done| {
        if let Some(g) = done.game.rating {
            games.push(g);
        }
        Ok(false)
    })?;
    let mut ro = RateOptions {
        engines: args.engines.clone(),
        undated: args.undated,
        aliases: args.aliases.as_ref().map(read_text).transpose()?,
        ladder: args.ladder.as_ref().map(read_text).transpose()?,
        default_level: args.default_level,
        rounding: args.rounding,
        as_of: args.as_of.clone(),
        evaluate: args.evaluate || args.predictions.is_some(),
        fit: !args.no_fit,
        keep_history: args.history.is_some(),
        keep_predictions: args.predictions.is_some(),
        ..RateOptions::default()
    };
    if let Some(k) = args.elo_k {
        ro.params.elo_k = k;
    }
    if let Some(v) = args.stone {
        ro.params.stone = v;
    }
    if let Some(v) = args.whr_w2 {
        ro.params.whr_w2 = v;
    }
    if let Some(v) = args.glicko_tau {
        ro.params.glicko_tau = v;
    }
    let report = rating::rate(&games, &ro)?;
    let mut stdout = std::io::stdout().lock();
    let mut text = report.render(args.format);
    if ro.evaluate && args.format == Format::Table {
        text.push('\n');
        text.push_str(&report.evaluation_table());
    }
    stdout
        .write_all(text.as_bytes())
        .map_err(|e| format!("cannot write the output: {e}"))?;
    if let Some(p) = &args.history {
        write_text(p, &report.history_jsonl())?;
    }
    if let Some(p) = &args.predictions {
        write_text(p, &report.predictions_jsonl())?;
    }
    if let Some(p) = &args.skipped {
        write_text(p, &report.skipped_list())?;
    }
    if ro.evaluate && args.format != Format::Table {
        eprint!("{}", report.evaluation_table());
    }
    eprintln!(
        "echelle: {} SGF inputs, {} games read in {:.2}s",
        summary.files,
        summary.games,
        summary.elapsed.as_secs_f64()
    );
    eprint!("{}", report.skipped_summary());
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
    let report = echelle::accuracy::accuracy_report(&args.paths, params)?;
    if let Some(path) = &args.positions {
        let mut text = String::new();
        for p in &report.positions {
            text.push_str(&serde_json::to_string(p).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&report).map_err(|e| e.to_string())?
        );
    } else {
        let label = args
            .paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" ");
        print!("{}", report.render(&label));
        if args.list {
            for m in &report.mismatches {
                println!("  differs: {m}");
            }
        }
    }
    Ok(())
}

fn show(args: &ShowArgs) -> Result<(), String> {
    use echelle::analyze::AnalyzeOptions;
    use std::io::IsTerminal;
    // `file.sgf#2`: a trailing `#digits` picks the game; a `#` elsewhere is part of the name.
    let (path, index) = match args.game.rsplit_once('#') {
        Some((p, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => (
            p.to_string(),
            n.parse::<usize>().map_err(|e| e.to_string())?,
        ),
        _ => (args.game.clone(), 0),
    };
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut opts = AnalyzeOptions {
        rules: Rules {
            ko: args.ko,
            ..Rules::french()
        },
        ..AnalyzeOptions::default()
    };
    args.dead_stones.apply(&mut opts)?;
    let pic = echelle::analyze::picture(&path, bytes, index, &opts)?;
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal(),
    };
    print!("{}", echelle::diagram::terminal(&pic.input(), color));
    if let Some(p) = &args.svg {
        write_text(p, &echelle::diagram::svg(&pic.input()))?;
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
