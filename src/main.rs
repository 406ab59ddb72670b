//! The echelle command line: a thin layer over the library.

use clap::{Args, Parser, Subcommand};
use echelle::batch::{self, BatchOptions, Only};
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
    /// Decode, parse and replay every game; one JSON line per game.
    Analyze(AnalyzeArgs),
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

impl InputArgs {
    fn batch_options(&self) -> BatchOptions {
        let mut o = BatchOptions {
            threads: self.threads,
            progress: !self.no_progress,
            ..BatchOptions::default()
        };
        o.limits.max_file_bytes = self.max_file_bytes;
        o.limits.max_entry_bytes = self.max_entry_bytes;
        o.parse.max_nodes = self.max_nodes;
        o.analyze.rules = Rules {
            ko: self.ko,
            ..Rules::french()
        };
        o
    }
}

fn analyze(args: &AnalyzeArgs) -> Result<(), String> {
    let mut opts = args.input.batch_options();
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Analyze(a) => analyze(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("echelle: {e}");
            ExitCode::from(2)
        }
    }
}
