//! Options of a rating run: the named choices (engine, rounding, ladder format, undated
//! games), the engines' free parameters, and everything [`rate`](super::rate) is told.

use serde::Serialize;

crate::choice::choice! {
    /// A rating engine.
    pub enum EngineKind {
        #[default] Ffg1984 = ("ffg1984", "The 1984 French ladder (seed 000), exactly as written"),
        Ffg2003 = ("ffg2003", "The French federation's 2003–2012 rule"),
        Egf = ("egf", "European Go Federation GoR (2021 formula)"),
        Glicko2 = ("glicko2", "Glickman's Glicko-2, one rating period per day"),
        Whr = ("whr", "Coulom's Whole-History Rating, updated incrementally day by day"),
        Elo = ("elo", "Plain per-game Elo: the baseline"),
    }
}

impl EngineKind {
    /// True for engines that give no probability (a logistic on their gap is fitted).
    pub fn is_ladder(self) -> bool {
        matches!(self, EngineKind::Ffg1984 | EngineKind::Ffg2003)
    }
}

crate::choice::choice! {
    /// Whose winner a rated game takes when echelle counted it.
    pub enum WinnerChoice {
        #[default] Recorded = ("recorded", "The result the players signed (RE); the count only where RE names no winner"),
        Count = ("count", "echelle's count of every finished game, over RE"),
    }
}

crate::choice::choice! {
    /// Rounding of the 1984 ladder's VAR.
    pub enum Rounding {
        #[default] Trunc = ("trunc", "Truncate VAR to an integer (the Decision in rules.md §4)"),
        Exact = ("exact", "Keep fractions"),
    }
}

crate::choice::choice! {
    /// Output format of the ladder.
    pub enum Format {
        #[default] Table = ("table", "Aligned terminal table"),
        Csv = ("csv", "CSV with a header row"),
        Json = ("json", "JSON"),
        Ffg = ("ffg", "The federation's ladder list (ech_ffg_V3.txt columns, ISO-8859-1): the --ladder list updated"),
    }
}

crate::choice::choice! {
    /// What to do with undated games.
    pub enum Undated {
        #[default] Skip = ("skip", "Leave them out (reported)"),
        Last = ("last", "Rate them after all dated games, in file order (reported)"),
    }
}

/// Free parameters of the engines (the ones `--evaluate` fits on the first half).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineParams {
    /// Elo points per ladder point, for elo, glicko2 and whr (their rating = 1500 + level × scale
    /// for Glicko, level × scale for Elo and WHR).
    pub scale: f64,
    /// Value of one stone of advantage (a handicap stone, or the first move), in Elo points
    /// (elo, glicko2, whr).
    pub stone: f64,
    /// Value of one point of komi, in Elo points (elo, glicko2, whr).
    pub komi_point: f64,
    /// Ladder points added to a start level that came from a professional rank (elo,
    /// glicko2, whr).
    pub pro_offset: f64,
    /// Elo K factor (Elo points).
    pub elo_k: f64,
    /// Glicko-2 volatility constraint τ.
    pub glicko_tau: f64,
    /// Glicko-2 starting deviation (Glicko points).
    pub glicko_rd0: f64,
    /// WHR Wiener variance w² (Elo² per day).
    pub whr_w2: f64,
    /// WHR prior deviation of a player's first rating around the start level (Elo).
    pub whr_prior_sd: f64,
}

impl Default for EngineParams {
    fn default() -> Self {
        EngineParams {
            scale: 1.5,
            // A stone is worth 100 ladder points at the default scale, and 14 points of komi.
            stone: 150.0,
            komi_point: 150.0 / 14.0,
            pro_offset: 0.0,
            elo_k: 20.0,
            glicko_tau: 0.5,
            glicko_rd0: 200.0,
            whr_w2: 30.0,
            whr_prior_sd: 200.0,
        }
    }
}

/// Engine parameters set by hand (`None` keeps the value it overrides).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ParamOverrides {
    /// Elo K factor.
    pub elo_k: Option<f64>,
    /// Value of one stone of advantage.
    pub stone: Option<f64>,
    /// WHR Wiener variance w².
    pub whr_w2: Option<f64>,
    /// Glicko-2 volatility constraint τ.
    pub glicko_tau: Option<f64>,
}

impl EngineParams {
    /// These parameters with the given ones replaced.
    pub fn overridden(self, o: &ParamOverrides) -> EngineParams {
        EngineParams {
            elo_k: o.elo_k.unwrap_or(self.elo_k),
            stone: o.stone.unwrap_or(self.stone),
            whr_w2: o.whr_w2.unwrap_or(self.whr_w2),
            glicko_tau: o.glicko_tau.unwrap_or(self.glicko_tau),
            ..self
        }
    }
}

/// Options of one rating run.
#[derive(Clone, Debug)]
pub struct RateOptions {
    /// Engines to run, side by side (empty = ffg1984).
    pub engines: Vec<EngineKind>,
    /// What to do with undated games.
    pub undated: Undated,
    /// Contents of the alias file (TSV: alias, canonical name).
    pub aliases: Option<String>,
    /// Contents of the ladder file (TSV, or the federation's list).
    pub ladder: Option<String>,
    /// How the ladder file's bytes were read, when they were (reported with the list).
    pub ladder_encoding: Option<crate::federation::TextEncoding>,
    /// Start level when neither ladder nor record rank gives one.
    pub default_level: f64,
    /// Rounding of the 1984 ladder.
    pub rounding: Rounding,
    /// Rate only games up to this date (`YYYY[-MM[-DD]]`, inclusive of the whole period).
    pub as_of: Option<String>,
    /// Compute evaluation figures (and fit free parameters on the first half).
    pub evaluate: bool,
    /// Fit free parameters on the first half when evaluating (otherwise `params` is used as is).
    pub fit: bool,
    /// Engine parameters (starting point of the fit).
    pub params: EngineParams,
    /// Keep per-game history entries (memory: two per game and engine).
    pub keep_history: bool,
    /// Keep per-game predictions.
    pub keep_predictions: bool,
    /// Whose winner a counted game takes.
    pub winner: WinnerChoice,
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            engines: vec![EngineKind::Ffg1984],
            undated: Undated::Skip,
            aliases: None,
            ladder: None,
            ladder_encoding: None,
            default_level: -1500.0,
            rounding: Rounding::Trunc,
            as_of: None,
            evaluate: false,
            fit: true,
            params: EngineParams::default(),
            keep_history: true,
            winner: WinnerChoice::Recorded,
            keep_predictions: true,
        }
    }
}
