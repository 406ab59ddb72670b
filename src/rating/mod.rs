//! Rating: the 1984 French ladder and modern engines over a chronological event stream.
//!
//! Flow: [`GameInput`]s are ordered ([`events::compare_games`]), filtered (each skip has
//! a [`SkipReason`]), names are folded and aliased, start levels chosen, then every
//! selected engine replays the same [`Event`] stream: predict first, then update.
//! All engines report levels on the ladder scale: 100 points a grade, 0 = 1k/1d boundary.

pub mod egf;
pub mod elo;
pub mod evaluate;
pub mod events;
pub mod ffg1984;
pub mod ffg2003;
pub mod glicko2;
pub mod ladder;
pub mod table;
pub mod whr;

pub use evaluate::{Bin, EngineEvaluation, Figures};
pub use events::{Event, GameInput, SkipReason, Skipped, Undated};

use crate::record::{ResultKind, Winner};
use events::{DateKey, Identity, compare_games, duplicate_key};
use ladder::{LadderFile, grade, rank_level};
use serde::Serialize;
use std::collections::BTreeMap;

crate::choice::choice! {
    /// A rating engine.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum EngineKind {
        Ffg1984 = (
            "ffg1984",
            "The 1984 French ladder (seed 000), exactly as written"
        ),
        Ffg2003 = ("ffg2003", "The French federation's 2003–2012 rule"),
        Egf = ("egf", "European Go Federation GoR (2021 formula)"),
        Glicko2 = ("glicko2", "Glickman's Glicko-2, one rating period per day"),
        Whr = (
            "whr",
            "Coulom's Whole-History Rating, updated incrementally day by day"
        ),
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
    /// Rounding of the 1984 ladder's VAR.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Rounding {
        #[default]
        Trunc = (
            "trunc",
            "Truncate VAR to an integer (the Decision in rules.md §4)"
        ),
        Exact = ("exact", "Keep fractions"),
    }
}

crate::choice::choice! {
    /// Output format of the ladder.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Format {
        #[default]
        Table = ("table", "Aligned terminal table"),
        Csv = ("csv", "CSV with a header row"),
        Json = ("json", "JSON"),
    }
}

/// Free parameters of the engines (the ones `--evaluate` fits on the first half).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineParams {
    /// Elo points per ladder point, for elo, glicko2 and whr (their rating = 1500 + level × scale
    /// for Glicko, level × scale for Elo and WHR).
    pub scale: f64,
    /// Value of one stone of advantage, in ladder points (elo, glicko2, whr).
    pub stone: f64,
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
            stone: 100.0,
            elo_k: 20.0,
            glicko_tau: 0.5,
            glicko_rd0: 200.0,
            whr_w2: 30.0,
            whr_prior_sd: 200.0,
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
    /// Contents of the ladder file (TSV or federation list).
    pub ladder: Option<String>,
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
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            engines: vec![EngineKind::Ffg1984],
            undated: Undated::Skip,
            aliases: None,
            ladder: None,
            default_level: -1500.0,
            rounding: Rounding::Trunc,
            as_of: None,
            evaluate: false,
            fit: true,
            params: EngineParams::default(),
            keep_history: true,
            keep_predictions: true,
        }
    }
}

/// A player of the rated stream.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerInfo {
    /// Display name.
    pub name: String,
    /// Folded canonical key.
    pub key: String,
    /// Start level.
    pub start: f64,
    /// Where the start level came from: `ladder`, `rank` or `default`.
    pub start_source: &'static str,
}

/// One row of a final ladder.
#[derive(Clone, Debug, Serialize)]
pub struct LadderRow {
    /// 1-based position.
    pub position: usize,
    /// Display name.
    pub name: String,
    /// Level on the ladder scale.
    pub level: f64,
    /// Grade (`3k`, `2d`).
    pub grade: String,
    /// Games rated by this engine.
    pub games: u32,
    /// Date of the last rated game.
    pub last: Option<String>,
}

/// One player's side of one rated game.
#[derive(Clone, Debug)]
pub struct HistoryEntry {
    /// Event index in the stream.
    pub event: usize,
    /// Player id.
    pub player: usize,
    /// Opponent id.
    pub opponent: usize,
    /// True when the player had Black.
    pub black: bool,
    /// Level before.
    pub before: f64,
    /// Level after.
    pub after: f64,
}

/// One prediction made before a game.
#[derive(Clone, Debug)]
pub struct Prediction {
    /// Event index in the stream.
    pub event: usize,
    /// Gap in ladder points, Black's effective level minus White's.
    pub gap: f64,
    /// Probability that Black wins.
    pub p_black: f64,
}

/// Everything one engine produced.
#[derive(Clone, Debug)]
pub struct EngineReport {
    /// Which engine.
    pub engine: EngineKind,
    /// Parameters used (fitted ones included), by name.
    pub params: Vec<(String, f64)>,
    /// Final ladder, strongest first.
    pub ladder: Vec<LadderRow>,
    /// Per-game history (when kept).
    pub history: Vec<HistoryEntry>,
    /// Predictions (when kept).
    pub predictions: Vec<Prediction>,
    /// Games this engine rated.
    pub rated: usize,
}

/// The result of [`rate`].
#[derive(Clone, Debug)]
pub struct RateReport {
    /// Players by id.
    pub players: Vec<PlayerInfo>,
    /// The rated event stream (common to all engines before engine-specific skips).
    pub events: Vec<Event>,
    /// One report per engine, in the order asked.
    pub engines: Vec<EngineReport>,
    /// Games not rated, with reasons (engine-specific ones name the engine).
    pub skipped: Vec<Skipped>,
    /// Evaluation figures (with `evaluate`).
    pub evaluation: Vec<EngineEvaluation>,
}

/// What an engine must do: predict a game from the ratings before it, then update.
pub trait Engine {
    /// Which engine this is.
    fn kind(&self) -> EngineKind;
    /// False when the engine cannot rate this game (board size).
    fn supports(&self, e: &Event) -> bool {
        e.size == 19
    }
    /// Before the game: gap in ladder points (Black minus White, handicap included) and,
    /// when the engine has one, the probability that Black wins.
    fn predict(&self, e: &Event) -> (f64, Option<f64>);
    /// True when one day's games form one rating period (updated together).
    fn periodic(&self) -> bool {
        false
    }
    /// Rates one game; false when the engine does not count it.
    fn update(&mut self, e: &Event) -> bool;
    /// Rates one day's games; per-game engines rate them one by one.
    fn update_day(&mut self, es: &[&Event]) -> Vec<bool> {
        es.iter().map(|e| self.update(e)).collect()
    }
    /// Current level of a player on the ladder scale.
    fn level(&self, p: usize) -> f64;
    /// Called once after the last game (WHR converges its whole history here).
    fn finish(&mut self) {}
    /// Parameters in use, by name.
    fn params(&self) -> Vec<(String, f64)>;
}

/// Builds an engine for `n` players with the given start levels.
pub fn make_engine(
    kind: EngineKind,
    start: &[f64],
    params: &EngineParams,
    rounding: Rounding,
) -> Box<dyn Engine> {
    match kind {
        EngineKind::Ffg1984 => Box::new(ffg1984::Ffg1984::new(start, rounding)),
        EngineKind::Ffg2003 => Box::new(ffg2003::Ffg2003::new(start)),
        EngineKind::Egf => Box::new(egf::Egf::new(start)),
        EngineKind::Glicko2 => Box::new(glicko2::Glicko2::new(start, params)),
        EngineKind::Whr => Box::new(whr::Whr::new(start, params)),
        EngineKind::Elo => Box::new(elo::Elo::new(start, params)),
    }
}

/// Output of one engine replay.
pub(crate) struct Run {
    pub preds: Vec<Prediction>,
    /// Raw probability per prediction (None for ladder engines).
    pub raw_p: Vec<Option<f64>>,
    pub history: Vec<HistoryEntry>,
    pub refused: Vec<(usize, SkipReason)>,
    pub games: Vec<u32>,
    pub last: Vec<Option<usize>>,
    pub levels: Vec<f64>,
    pub params: Vec<(String, f64)>,
    pub rated: usize,
}

/// Replays `events` through one engine: predict, then update, day by day.
pub(crate) fn replay(
    mut engine: Box<dyn Engine>,
    events: &[Event],
    n_players: usize,
    keep_history: bool,
) -> Run {
    let mut run = Run {
        preds: Vec::new(),
        raw_p: Vec::new(),
        history: Vec::new(),
        refused: Vec::new(),
        games: vec![0; n_players],
        last: vec![None; n_players],
        levels: Vec::new(),
        params: engine.params(),
        rated: 0,
    };
    let mut i = 0;
    while i < events.len() {
        let mut j = i + 1;
        while j < events.len() && events[j].day == events[i].day {
            j += 1;
        }
        let day: Vec<&Event> = events[i..j]
            .iter()
            .filter(|e| {
                let ok = engine.supports(e);
                if !ok {
                    run.refused.push((e.idx, SkipReason::UnsupportedBoard));
                }
                ok
            })
            .collect();
        if engine.periodic() {
            let before: Vec<(f64, f64)> = day
                .iter()
                .map(|e| {
                    let (gap, p) = engine.predict(e);
                    run.preds.push(Prediction {
                        event: e.idx,
                        gap,
                        p_black: p.unwrap_or(0.5),
                    });
                    run.raw_p.push(p);
                    (engine.level(e.black), engine.level(e.white))
                })
                .collect();
            let counted = engine.update_day(&day);
            for ((e, b), c) in day.iter().zip(before).zip(counted) {
                record(&mut run, &*engine, e, b, c, keep_history);
            }
        } else {
            for e in day {
                let (gap, p) = engine.predict(e);
                run.preds.push(Prediction {
                    event: e.idx,
                    gap,
                    p_black: p.unwrap_or(0.5),
                });
                run.raw_p.push(p);
                let b = (engine.level(e.black), engine.level(e.white));
                let c = engine.update(e);
                record(&mut run, &*engine, e, b, c, keep_history);
            }
        }
        i = j;
    }
    engine.finish();
    run.levels = (0..n_players).map(|p| engine.level(p)).collect();
    run
}

fn record(
    run: &mut Run,
    engine: &dyn Engine,
    e: &Event,
    before: (f64, f64),
    counted: bool,
    keep: bool,
) {
    if !counted {
        run.refused.push((e.idx, SkipReason::NotCounted));
        return;
    }
    run.rated += 1;
    for (p, o, b, black) in [
        (e.black, e.white, before.0, true),
        (e.white, e.black, before.1, false),
    ] {
        run.games[p] += 1;
        run.last[p] = Some(e.idx);
        if keep {
            run.history.push(HistoryEntry {
                event: e.idx,
                player: p,
                opponent: o,
                black,
                before: b,
                after: engine.level(p),
            });
        }
    }
}

/// The prepared stream: players, events and the games skipped before any engine.
pub(crate) struct Prepared {
    pub players: Vec<PlayerInfo>,
    pub events: Vec<Event>,
    pub skipped: Vec<Skipped>,
}

fn as_of_bound(s: &str) -> Result<(i32, u8, u8), String> {
    let d = DateKey::parse(s).ok_or_else(|| format!("--as-of: unreadable date `{s}`"))?;
    // A partial bound covers its whole period.
    Ok((
        d.year,
        if d.month == 0 { 99 } else { d.month },
        if d.day == 0 { 99 } else { d.day },
    ))
}

/// Orders, filters and identifies the games (everything before the engines).
pub(crate) fn prepare(games: &[GameInput], opts: &RateOptions) -> Result<Prepared, String> {
    let id0 = Identity::from_aliases(opts.aliases.as_deref())?;
    let ladder = match &opts.ladder {
        Some(t) => Some(LadderFile::parse(t, &id0)?),
        None => None,
    };
    let bound = opts.as_of.as_deref().map(as_of_bound).transpose()?;
    let mut id = id0;
    let mut order: Vec<usize> = (0..games.len()).collect();
    // Keys parsed once; the full comparison only breaks the remaining ties.
    let keys: Vec<_> = games
        .iter()
        .map(|g| {
            let d = g.date.as_deref().and_then(DateKey::parse);
            (
                d.is_none(),
                d,
                g.event.as_deref().map(str::trim),
                events::RoundKey::parse(g.round.as_deref()),
                g.file.as_str(),
                g.game,
            )
        })
        .collect();
    order.sort_by(|&a, &b| {
        keys[a]
            .cmp(&keys[b])
            .then_with(|| compare_games(&games[a], &games[b]))
    });

    let mut skipped = Vec::new();
    let mut kept: Vec<(usize, String, String)> = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for &gi in &order {
        let g = &games[gi];
        let date = g.date.as_deref().and_then(DateKey::parse);
        let (bk, wk) = (
            g.black
                .as_deref()
                .map(|n| id.key(n))
                .filter(|k| !k.is_empty()),
            g.white
                .as_deref()
                .map(|n| id.key(n))
                .filter(|k| !k.is_empty()),
        );
        let reason = if date.is_none() && (opts.undated == Undated::Skip || bound.is_some()) {
            Some(SkipReason::Undated)
        } else if bk.is_none() || wk.is_none() {
            Some(SkipReason::MissingPlayer)
        } else if !matches!(g.winner, Winner::Black | Winner::White) {
            Some(SkipReason::NoWinner)
        } else if g.kind == Some(ResultKind::Forfeit) {
            Some(SkipReason::Forfeit)
        } else if bk == wk {
            Some(SkipReason::SamePlayer)
        } else if let (Some(d), Some(b)) = (date, bound) {
            ((d.year, d.month, d.day) > b).then_some(SkipReason::AfterAsOf)
        } else {
            None
        };
        let reason = reason.or_else(|| {
            let (b, w) = (bk.as_deref().unwrap_or(""), wk.as_deref().unwrap_or(""));
            let key = duplicate_key(g, b, w)?;
            match seen.get(&key) {
                // Without a fingerprint, two games of one file are never duplicates.
                Some(&first) if g.fingerprint.is_some() || games[first].file != g.file => {
                    Some(SkipReason::Duplicate(games[first].source()))
                }
                Some(_) => None,
                None => {
                    seen.insert(key, gi);
                    None
                }
            }
        });
        match (reason, bk, wk) {
            (None, Some(b), Some(w)) => kept.push((gi, b, w)),
            (r, _, _) => skipped.push(Skipped {
                source: g.source(),
                date: g.date.clone(),
                black: g.black.clone(),
                white: g.white.clone(),
                reason: r.unwrap_or(SkipReason::MissingPlayer),
                engine: None,
            }),
        }
    }

    // Players in order of first appearance; start level: ladder, then first rank, then default.
    let mut pid: BTreeMap<String, usize> = BTreeMap::new();
    let mut players: Vec<PlayerInfo> = Vec::new();
    let mut rank_seen: Vec<Option<f64>> = Vec::new();
    let mut events = Vec::with_capacity(kept.len());
    let mut last_day = i64::MIN;
    let mut extra = 0;
    for (idx, (gi, bk, wk)) in kept.into_iter().enumerate() {
        let g = &games[gi];
        let mut ids = [0usize; 2];
        for (slot, (key, raw, rank)) in [
            (
                &bk,
                g.black.as_deref().unwrap_or(""),
                g.black_rank.as_deref(),
            ),
            (
                &wk,
                g.white.as_deref().unwrap_or(""),
                g.white_rank.as_deref(),
            ),
        ]
        .into_iter()
        .enumerate()
        {
            id.see(key, raw);
            let p = *pid.entry(key.clone()).or_insert_with(|| {
                players.push(PlayerInfo {
                    name: String::new(),
                    key: key.clone(),
                    start: 0.0,
                    start_source: "default",
                });
                rank_seen.push(None);
                players.len() - 1
            });
            if rank_seen[p].is_none() {
                rank_seen[p] = rank.and_then(rank_level);
            }
            ids[slot] = p;
        }
        let day = match g.date.as_deref().and_then(DateKey::parse) {
            Some(d) => d.days(),
            None => {
                // Undated games appended: one period each after the last date.
                extra += 1;
                last_day.max(0) + extra
            }
        };
        last_day = last_day.max(day);
        let square = g.width == g.height;
        events.push(Event {
            idx,
            date: g.date.clone().filter(|d| DateKey::parse(d).is_some()),
            day,
            black: ids[0],
            white: ids[1],
            handicap: g.handicap,
            komi: g.komi.filter(|k| k.is_finite()),
            size: if square { g.width } else { 0 },
            black_won: g.winner == Winner::Black,
            source: g.source(),
        });
    }
    for (p, info) in players.iter_mut().enumerate() {
        info.name = id.display(&info.key);
        let from_ladder = ladder.as_ref().and_then(|l| l.get(&info.key)).flatten();
        (info.start, info.start_source) = match (from_ladder, rank_seen[p]) {
            (Some(l), _) => (l, "ladder"),
            (None, Some(r)) => (r, "rank"),
            (None, None) => (opts.default_level, "default"),
        };
    }
    Ok(Prepared {
        players,
        events,
        skipped,
    })
}

/// Rates the games with every selected engine (see the module docs).
/// Err only for a malformed ladder or alias file, or an unreadable `as_of`.
pub fn rate(games: &[GameInput], opts: &RateOptions) -> Result<RateReport, String> {
    let prep = prepare(games, opts)?;
    let start: Vec<f64> = prep.players.iter().map(|p| p.start).collect();
    let mut kinds: Vec<EngineKind> = Vec::new();
    for k in if opts.engines.is_empty() {
        vec![EngineKind::Ffg1984]
    } else {
        opts.engines.clone()
    } {
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let half = prep.events.len() / 2;
    let mut skipped = prep.skipped;
    let mut engines = Vec::new();
    let mut runs = Vec::new();
    for &kind in &kinds {
        let params = if opts.evaluate && opts.fit {
            evaluate::fit_params(
                kind,
                &prep.events[..half],
                &start,
                &opts.params,
                opts.rounding,
            )
        } else {
            opts.params.clone()
        };
        let engine = make_engine(kind, &start, &params, opts.rounding);
        let mut run = replay(engine, &prep.events, start.len(), opts.keep_history);
        if kind.is_ladder() {
            // No probability: a logistic on the gap, its scale fitted on the first half only.
            let s = evaluate::fit_logistic_scale(&run.preds, half, &prep.events);
            for p in &mut run.preds {
                p.p_black = evaluate::logistic(p.gap, s);
            }
            run.params.push(("logistic_scale".into(), s));
        }
        for (idx, reason) in &run.refused {
            let e = &prep.events[*idx];
            let g = &prep.players;
            skipped.push(Skipped {
                source: e.source.clone(),
                date: e.date.clone(),
                black: Some(g[e.black].name.clone()),
                white: Some(g[e.white].name.clone()),
                reason: reason.clone(),
                engine: Some(kind.name().into()),
            });
        }
        let mut rows: Vec<LadderRow> = (0..start.len())
            .filter(|&p| run.games[p] > 0)
            .map(|p| LadderRow {
                position: 0,
                name: prep.players[p].name.clone(),
                level: run.levels[p],
                grade: grade(run.levels[p]),
                games: run.games[p],
                last: run.last[p].and_then(|i| prep.events[i].date.clone()),
            })
            .collect();
        rows.sort_by(|a, b| {
            b.level
                .total_cmp(&a.level)
                .then_with(|| a.name.cmp(&b.name))
        });
        for (i, r) in rows.iter_mut().enumerate() {
            r.position = i + 1;
        }
        runs.push((kind, run.preds.clone(), run.params.clone()));
        engines.push(EngineReport {
            engine: kind,
            params: run.params,
            ladder: rows,
            history: run.history,
            predictions: if opts.keep_predictions {
                run.preds
            } else {
                Vec::new()
            },
            rated: run.rated,
        });
    }
    let evaluation = if opts.evaluate {
        evaluate::evaluate(&runs, &prep.events)
    } else {
        Vec::new()
    };
    Ok(RateReport {
        players: prep.players,
        events: prep.events,
        engines,
        skipped,
        evaluation,
    })
}
