//! The command line: clap definitions, and their translation into the library's options.
//!
//! Nothing here decides anything about Go or files; library types are parsed by name through
//! [`ChoiceParser`] (the library knows no clap).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use echelle::accuracy::Half;
use echelle::batch::{BatchOptions, Only, RecordFormat};
use echelle::choice::Choice;
use echelle::federation::ListDate;
use echelle::federation::ResultsFormat;
use echelle::life::DeadStones;
use echelle::rating::{
    EngineKind, EngineParams, Format, ParamOverrides, RateOptions, Rounding, Undated, WinnerChoice,
};
use echelle::rules::{KoRule, Rules};
use std::marker::PhantomData;
use std::path::PathBuf;

/// Check, score and rate archives of Go game records (SGF).
#[derive(Parser)]
#[command(name = "echelle", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// `-o -` is standard output, as `-` is standard input: the default, not a file named `-`
    /// (`--resume` needs a real file).
    pub fn dash_is_stdout(&mut self) -> Result<(), clap::Error> {
        let (output, resume) = match &mut self.command {
            Command::Analyze(a) => (&mut a.output, a.resume),
            Command::Rate(a) => (&mut a.output, false),
            Command::Results(a) => (&mut a.output, false),
            Command::Accuracy(_) | Command::Show(_) | Command::Report(_) => return Ok(()),
        };
        if output.as_deref() != Some(std::path::Path::new("-")) {
            return Ok(());
        }
        if resume {
            return Err(usage_error(
                "analyze",
                clap::error::ErrorKind::ArgumentConflict,
                "--resume continues a file: it cannot resume standard output (-o -)",
            ));
        }
        *output = None;
        Ok(())
    }

    /// Every subcommand needs a path, but `rate --ladder`, which writes the list back with
    /// no games (clap cannot say "required unless" across flattened groups).
    pub fn check_paths(&self) -> Result<(), clap::Error> {
        let (name, input, alone) = match &self.command {
            Command::Analyze(a) => ("analyze", &a.input, false),
            Command::Rate(a) => ("rate", &a.input, a.rating.ladder.is_some()),
            Command::Report(a) => ("report", &a.input, false),
            Command::Results(a) => ("results", &a.input, false),
            Command::Accuracy(_) | Command::Show(_) => return Ok(()),
        };
        if !input.paths.is_empty() || alone {
            return Ok(());
        }
        Err(usage_error(
            name,
            clap::error::ErrorKind::MissingRequiredArgument,
            "at least one PATH is required (file, directory, archive or -)",
        ))
    }
}

/// A usage error of subcommand `name`, with that subcommand's usage line.
fn usage_error(name: &str, kind: clap::error::ErrorKind, message: &str) -> clap::Error {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    let sub = cmd
        .find_subcommand_mut(name)
        .map(|c| c.clone())
        .unwrap_or(cmd);
    sub.bin_name(format!("echelle {name}")).error(kind, message)
}

#[derive(Subcommand)]
pub enum Command {
    /// Decode, parse, replay and score every game; one JSON line per game.
    Analyze(AnalyzeArgs),
    /// Rate the players: the 1984 French ladder (and other engines) over the games in date order.
    Rate(Box<RateArgs>),
    /// Measure the dead-stone estimate against records with agreed TB/TW markup.
    Accuracy(AccuracyArgs),
    /// Draw a game's final position with dead stones, territory, seki and the count.
    Show(ShowArgs),
    /// One self-contained HTML page: archive health, games to look at with their boards, the
    /// ladder with rating curves.
    Report(Box<ReportArgs>),
    /// Write a tournament's results file (.tou, .h9) from its SGF records, or check one
    /// against them (--check).
    Results(Box<ResultsArgs>),
}

/// Parses a library [`Choice`] by name and offers its names and descriptions in `--help`.
#[derive(Clone)]
pub struct ChoiceParser<T>(PhantomData<T>);

impl<T> ChoiceParser<T> {
    /// A parser for `T`.
    pub fn new() -> Self {
        ChoiceParser(PhantomData)
    }
}

impl<T: Choice> TypedValueParser for ChoiceParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        // The possible-values parser gives clap's own message for an unknown name.
        let name = PossibleValuesParser::new(T::names()).parse_ref(cmd, arg, value)?;
        let ignore_case = arg.is_some_and(clap::Arg::is_ignore_case_set);
        T::ALL
            .iter()
            .find(|(_, n, _)| *n == name || (ignore_case && n.eq_ignore_ascii_case(&name)))
            .map(|e| e.0)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(T::ALL.iter().map(|(_, name, help)| {
            PossibleValue::new(*name).help(*help)
        })))
    }
}

/// `--dead-stones`: a method of echelle's, or `gtp:COMMAND`.
fn parse_dead_stones(s: &str) -> Result<DeadStones, String> {
    s.parse()
        .map_err(|e: echelle::life::DeadStonesError| e.to_string())
}

/// `--oracle`: `gtp:COMMAND`, the engine's command line.
fn parse_oracle(s: &str) -> Result<String, String> {
    echelle::gtp::command_of(s)
        .map(str::to_string)
        .map_err(|e| e.to_string())
}

#[derive(Args)]
pub struct ShowArgs {
    /// The game, named as `analyze` names it: a file, an archive entry (`x.zip!dir/a.sgf`,
    /// nested `a.tar.gz!b.zip!c.sgf`), `-` for standard input (`-!a.sgf` when it holds an
    /// archive), `\xHH` escapes for bytes that are not UTF-8; `#N` picks the N-th game of a
    /// collection (from 0).
    #[arg(allow_hyphen_values = true)]
    pub game: PathBuf,
    /// Also write an SVG diagram here.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Colours in the terminal.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    #[command(flatten)]
    pub game_options: GameArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl ShowArgs {
    /// The game's name as reports write it: bytes that are not UTF-8 (a name the shell
    /// passed as it is on disk) become `\xHH` escapes, which the lookup undoes.
    pub fn name(&self) -> String {
        echelle::input::name_of_bytes(self.game.as_os_str().as_encoded_bytes())
    }
}

/// When to colour the terminal picture.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// `--engine-timeout SECS`, shared by every command that may ask a GTP engine.
#[derive(Args)]
pub struct EngineTimeout {
    /// Seconds a GTP engine (`--dead-stones gtp:`, `--oracle`, `--engine`) may take over one
    /// position before it counts as giving no answer.
    #[arg(long = "engine-timeout", value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    secs: u64,
}

impl EngineTimeout {
    /// The deadline as a duration.
    pub fn duration(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.secs)
    }
}

#[derive(Args)]
pub struct AccuracyArgs {
    /// Files, directories or archives; only games ending with TB/TW markup are used.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Playouts per position for the estimate.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Seed of the playouts (the default is the one `analyze` uses): other seeds show how
    /// much of the figures is sampling luck.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
    /// List the games whose estimated dead set differs from the markup.
    #[arg(long)]
    pub list: bool,
    /// Also write one JSON line per position (estimate, markup, time) to this file.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Measure the estimate with this GTP engine asked about the positions it flags (seki,
    /// uncertain group), as `analyze --oracle` counts them.
    #[arg(long, value_name = "gtp:COMMAND", value_parser = parse_oracle, conflicts_with = "engine")]
    pub oracle: Option<String>,
    /// Measure this GTP engine alone (gtp:COMMAND) instead of the estimate.
    #[arg(long, value_name = "gtp:COMMAND", value_parser = parse_oracle)]
    pub engine: Option<String>,
    #[command(flatten)]
    pub engine_timeout: EngineTimeout,
    /// Only the positions of one half of the set (the parity of an FNV-1a hash of
    /// `file#game`): choose on one half, check on the other.
    #[arg(long, value_parser = ChoiceParser::<Half>::new())]
    pub half: Option<Half>,
    /// Time the estimate this many times on each position and count the fastest run (the
    /// answers are the same each time; one run on a shared machine catches its pauses). An
    /// engine, alone or as the oracle, is asked once.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub timing_runs: u32,
}

/// Size limits of the reading, shared by `show` and every subcommand that reads records.
#[derive(Args)]
pub struct LimitArgs {
    /// Largest SGF file (or standard input) read, in bytes.
    #[arg(long, default_value_t = 64 << 20)]
    pub max_file_bytes: u64,
    /// Largest archive entry read, in bytes.
    #[arg(long, default_value_t = 16 << 20)]
    pub max_entry_bytes: u64,
}

impl LimitArgs {
    /// The library's limits.
    pub fn limits(&self) -> echelle::input::Limits {
        echelle::input::Limits {
            max_file_bytes: self.max_file_bytes,
            max_entry_bytes: self.max_entry_bytes,
        }
    }
}

/// How a game is replayed and its dead stones decided, shared by `show` and every subcommand
/// that reads records.
#[derive(Args)]
pub struct GameArgs {
    /// Ko rule for replays (French rules: positional superko).
    #[arg(long, value_parser = ChoiceParser::<KoRule>::new(), default_value_t = KoRule::Positional)]
    pub ko: KoRule,
    /// How dead stones are decided before counting: auto (markup, else estimate), markup,
    /// estimate, none (every stone alive), or gtp:COMMAND (ask a GTP engine, e.g.
    /// "gtp:gnugo --mode gtp").
    #[arg(long, default_value = "auto", value_parser = parse_dead_stones)]
    pub dead_stones: DeadStones,
    /// Ask this GTP engine (gtp:COMMAND, e.g. "gtp:gnugo --mode gtp") only about the
    /// positions the estimate flags (a seki, an uncertain group): its dead stones replace the
    /// estimate's there; a batch's summary counts the positions sent.
    #[arg(long, value_name = "gtp:COMMAND", value_parser = parse_oracle)]
    pub oracle: Option<String>,
    #[command(flatten)]
    pub engine_timeout: EngineTimeout,
    /// Seed of the dead-stone estimate's playouts (default: a fixed one); another seed
    /// shows which answers rest on sampling luck.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl GameArgs {
    /// Sets in `o` the rules and the dead-stone options these flags ask for.
    pub fn apply(&self, o: &mut echelle::analyze::AnalyzeOptions) {
        o.dead_stones = self.dead_stones.clone();
        o.oracle = self.oracle.clone();
        o.engine_timeout = Some(self.engine_timeout.duration());
        o.seed = self.seed;
        o.rules = Rules {
            ko: self.ko,
            ..Rules::french()
        };
    }
}

/// Options shared by every subcommand that reads records.
#[derive(Args)]
pub struct InputArgs {
    /// Files, directories, .zip/.tar/.tar.gz archives, or `-` for standard input (at
    /// least one, but for `rate --ladder`: the list alone is written back).
    pub paths: Vec<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j')]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Most nodes accepted in one file (deep trees are rejected, not crashed on); the parser
    /// keeps the whole tree, ~750 bytes a node, so 1,000,000 nodes cost ~750 MB.
    #[arg(long, default_value_t = 100_000)]
    pub max_nodes: usize,
    #[command(flatten)]
    pub game: GameArgs,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write the records here instead of standard output (`.parquet`: a Parquet table; `-`:
    /// standard output).
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Output format; by default Parquet when -o FILE ends with `.parquet`, else JSON lines.
    #[arg(long, value_parser = ChoiceParser::<RecordFormat>::new())]
    pub format: Option<RecordFormat>,
    /// Which records to write (the summary counts all of them).
    #[arg(long, value_parser = ChoiceParser::<Only>::new(), default_value_t = Only::All)]
    pub only: Only,
    /// Print no summary on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Continue the -o FILE of an interrupted run, with the same inputs and options: keep
    /// its records (a last partial line is dropped), pass the inputs they come from without
    /// analysing them, append the rest. A missing FILE is started afresh.
    #[arg(long, requires = "output")]
    pub resume: bool,
}

/// How the players are rated: shared by `rate` and `report`.
#[derive(Args)]
pub struct RatingArgs {
    /// Rating engines, several allowed (comma-separated or repeated).
    #[arg(
        long = "engine",
        value_parser = ChoiceParser::<EngineKind>::new(),
        value_delimiter = ',',
        default_value = "ffg1984"
    )]
    pub engines: Vec<EngineKind>,
    /// Undated games: skipped (default) or rated after all dated ones.
    #[arg(long, value_parser = ChoiceParser::<Undated>::new(), default_value_t = Undated::Skip)]
    pub undated: Undated,
    /// Starting ladder: the federation's list (`ech_ffg_V3.txt`, ISO-8859-1 or UTF-8), or TSV
    /// `name<TAB>level`.
    #[arg(long)]
    pub ladder: Option<PathBuf>,
    /// Date of the list written by --format ffg (YYYY-MM-DD or DD/MM/YYYY, optionally with
    /// hh:mm:ss; default: the last rated game's).
    #[arg(long, value_name = "DATE")]
    pub ladder_date: Option<ListDate>,
    /// Name aliases: TSV `alias<TAB>canonical name[<TAB>licence]`.
    #[arg(long)]
    pub aliases: Option<PathBuf>,
    /// Start level when neither the ladder nor the record's rank gives one (-1500 = 15k).
    #[arg(long, default_value_t = -1500.0, allow_negative_numbers = true)]
    pub default_level: f64,
    /// Rounding of the 1984 ladder's changes.
    #[arg(long, value_parser = ChoiceParser::<Rounding>::new(), default_value_t = Rounding::Trunc)]
    pub rounding: Rounding,
    /// Rate only games up to this date (YYYY, YYYY-MM or YYYY-MM-DD).
    #[arg(long)]
    pub as_of: Option<String>,
    /// Predict each game before rating it and print each engine's accuracy.
    #[arg(long)]
    pub evaluate: bool,
    /// Whose winner a finished game takes: the result the players signed (RE), or echelle's
    /// count.
    #[arg(long, value_parser = ChoiceParser::<WinnerChoice>::new(), default_value_t = WinnerChoice::Recorded)]
    pub winner: WinnerChoice,
    /// Elo K factor (starting point of the fit under --evaluate).
    #[arg(long)]
    pub elo_k: Option<f64>,
    /// Value of one handicap stone in Elo points (elo, glicko2, whr).
    #[arg(long)]
    pub stone: Option<f64>,
    /// WHR drift w², in Elo² per day.
    #[arg(long)]
    pub whr_w2: Option<f64>,
    /// Glicko-2 volatility constraint τ.
    #[arg(long)]
    pub glicko_tau: Option<f64>,
    /// Keep the given parameters under --evaluate instead of fitting them on the first half.
    #[arg(long)]
    pub no_fit: bool,
}

#[derive(Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub rating: RatingArgs,
    /// Output format of the ladder.
    #[arg(long, value_parser = ChoiceParser::<Format>::new(), default_value_t = Format::Table)]
    pub format: Format,
    /// Write the ladder here instead of standard output (`-`: standard output).
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Print no summary on stderr (errors, and an evaluation sent there, still are).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Write one JSON line per rated game, player and engine here.
    #[arg(long)]
    pub history: Option<PathBuf>,
    /// Write one JSON line per game and engine with the prediction (implies --evaluate).
    #[arg(long)]
    pub predictions: Option<PathBuf>,
    /// Write the list of games that could not be rated, with reasons, here.
    #[arg(long)]
    pub skipped: Option<PathBuf>,
    /// Write the games whose count names another winner than RE (the disputed games) here.
    #[arg(long, value_name = "FILE")]
    pub disputed: Option<PathBuf>,
    /// Write the reliability plot of the evaluation (SVG: observed against predicted, by
    /// bin, second half) here (implies --evaluate).
    #[arg(long, value_name = "FILE")]
    pub calibration_svg: Option<PathBuf>,
}

#[derive(Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub rating: RatingArgs,
    /// The HTML file to write.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
    /// Boards drawn at most (the most serious games first); the others are table rows.
    #[arg(long, default_value_t = 100)]
    pub max_boards: usize,
    /// Table rows of games to look at at most, after the boards.
    #[arg(long, default_value_t = 20_000)]
    pub max_rows: usize,
    /// Print no summary on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl ResultsArgs {
    /// The players' directory from `--ladder` (empty without one), and the matching's
    /// report.
    pub fn directory(
        &self,
        games: &[echelle::rating::GameInput],
    ) -> Result<(echelle::federation::tournament::Directory, String), String> {
        let Some(path) = &self.ladder else {
            return Ok(Default::default());
        };
        let list_bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let list = echelle::federation::LadderList::read(&list_bytes)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let aliases = match &self.aliases {
            Some(p) => Some(
                std::fs::read(p)
                    .map(|b| echelle::federation::text::decode(&b).0)
                    .map_err(|e| format!("cannot read {}: {e}", p.display()))?,
            ),
            None => None,
        };
        let (dir, report) =
            echelle::federation::tournament::directory(list, games, aliases.as_deref())
                .map_err(|e| e.to_string())?;
        Ok((dir, report.text()))
    }
}

impl RatingArgs {
    /// The rating options these flags ask for; the ladder and alias files are read here.
    pub fn rate_options(&self) -> Result<RateOptions, String> {
        // Federation files come in UTF-8 or ISO-8859-1.
        let read = |p: &PathBuf| {
            std::fs::read(p)
                .map(|b| echelle::federation::text::decode(&b))
                .map_err(|e| format!("cannot read {}: {e}", p.display()))
        };
        let ladder = self.ladder.as_ref().map(read).transpose()?;
        Ok(RateOptions {
            engines: self.engines.clone(),
            undated: self.undated,
            aliases: self.aliases.as_ref().map(read).transpose()?.map(|a| a.0),
            ladder_encoding: ladder.as_ref().map(|l| l.1),
            ladder: ladder.map(|l| l.0),
            default_level: self.default_level,
            rounding: self.rounding,
            as_of: self.as_of.clone(),
            winner: self.winner,
            evaluate: self.evaluate,
            fit: !self.no_fit,
            params: EngineParams::default().overridden(&ParamOverrides {
                elo_k: self.elo_k,
                stone: self.stone,
                whr_w2: self.whr_w2,
                glicko_tau: self.glicko_tau,
            }),
            ..RateOptions::default()
        })
    }
}

#[derive(Args)]
pub struct ResultsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Format of the results file written (checked files are read by their extension).
    #[arg(long, value_parser = ChoiceParser::<ResultsFormat>::new(), default_value_t = ResultsFormat::Tou)]
    pub format: ResultsFormat,
    /// Tournament name (default: the records' EV).
    #[arg(long)]
    pub name: Option<String>,
    /// First day, YYYY-MM-DD or dd/mm/yyyy (default: the records' first date).
    #[arg(long)]
    pub date: Option<String>,
    /// Place (the town).
    #[arg(long)]
    pub place: Option<String>,
    /// Write the results file here instead of standard output (`-`: standard output).
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// The federation's list (`ech_ffg_V3.txt`): players matched to its rows are written
    /// with its spelling, licence and club (the matches are reported on stderr).
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    pub ladder: Option<PathBuf>,
    /// Name aliases for the matching: TSV `alias<TAB>canonical name[<TAB>licence]`.
    #[arg(long, value_name = "FILE", requires = "ladder")]
    pub aliases: Option<PathBuf>,
    /// Check this results file (.tou or .h9) against the records instead of writing one:
    /// list every game where they disagree; exit status 1 when the list is not empty.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["name", "date", "place", "output"])]
    pub check: Option<PathBuf>,
}

impl InputArgs {
    /// The batch options these flags ask for.
    pub fn batch_options(&self) -> BatchOptions {
        if let Some(n) = self.threads.filter(|&n| n > echelle::batch::max_threads()) {
            eprintln!(
                "echelle: -j {n} is more than four threads per core; using {}",
                echelle::batch::max_threads()
            );
        }
        let mut o = BatchOptions {
            threads: self.threads,
            progress: !self.no_progress,
            ..BatchOptions::default()
        };
        o.limits = self.limits.limits();
        o.parse.max_nodes = self.max_nodes;
        self.game.apply(&mut o.analyze);
        o
    }
}
