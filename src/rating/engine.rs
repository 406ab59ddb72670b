//! Engines: the [`Engine`] trait every rating engine implements, building one by kind, what
//! several engines share (ladder rules, the Elo scale, rating by day), and running one over
//! the event stream (predict first, then update, day by day).

use super::events::{Event, SkipReason};
use super::options::{EngineKind, EngineParams, Rounding};
use super::report::{HistoryEntry, Native, Prediction};
use super::{egf, elo, ffg1984, ffg2003, glicko2, whr};

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
    /// The engine's own figures for a player beside the level (GoR, Glicko rating and
    /// deviation), shown in its ladder; `None` when the level is all it keeps.
    fn native(&self, _p: usize) -> Option<Native> {
        None
    }
    /// Called once after the last game (WHR converges its whole history here).
    fn finish(&mut self) {}
    /// Parameters in use, by name.
    fn params(&self) -> Vec<(String, f64)>;
}

/// Players' start levels, and which came from a professional rank.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Starts {
    /// Start level of each player, on the ladder scale.
    pub level: Vec<f64>,
    /// True for a player whose start level came from a professional rank.
    pub professional: Vec<bool>,
}

impl Starts {
    /// Start levels with no professional among them.
    pub fn plain(level: Vec<f64>) -> Starts {
        let professional = vec![false; level.len()];
        Starts {
            level,
            professional,
        }
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.level.len()
    }

    /// True when there is no player.
    pub fn is_empty(&self) -> bool {
        self.level.is_empty()
    }

    /// The levels an engine starts from: the engines on the Elo scale move professional
    /// ranks by the fitted `pro_offset` (a professional rank and an amateur dan are measured
    /// apart, and servers place them differently); the ladder rules take the levels as given.
    pub fn for_engine(&self, kind: EngineKind, params: &EngineParams) -> Vec<f64> {
        let moved = matches!(
            kind,
            EngineKind::Elo | EngineKind::Glicko2 | EngineKind::Whr
        );
        self.level
            .iter()
            .zip(&self.professional)
            .map(|(&l, &pro)| {
                if moved && pro {
                    l + params.pro_offset
                } else {
                    l
                }
            })
            .collect()
    }
}

/// Builds an engine for the players' start levels.
pub fn make_engine(
    kind: EngineKind,
    starts: &Starts,
    params: &EngineParams,
    rounding: Rounding,
) -> Box<dyn Engine> {
    let start = &starts.for_engine(kind, params);
    match kind {
        EngineKind::Ffg1984 => Box::new(ffg1984::Ffg1984::new(start, rounding)),
        EngineKind::Ffg2003 => Box::new(ffg2003::Ffg2003::new(start)),
        EngineKind::Egf => Box::new(egf::Egf::new(start)),
        EngineKind::Glicko2 => Box::new(glicko2::Glicko2::new(start, params)),
        EngineKind::Whr => Box::new(whr::Whr::new(start, params)),
        EngineKind::Elo => Box::new(elo::Elo::new(start, params)),
    }
}

/// `update` for an engine that rates by day: the game is rated as a day of its own.
pub(crate) fn update_alone<E: Engine + ?Sized>(engine: &mut E, e: &Event) -> bool {
    engine.update_day(&[e]).first().copied().unwrap_or(false)
}

/// `update` for a ladder rule (ffg1984, ffg2003): `change(winner's level, loser's level)`
/// gives what the winner and the loser gain (the loser's is negative), or `None` when the
/// game does not count.
pub(crate) fn update_ladder(
    levels: &mut [f64],
    e: &Event,
    change: impl FnOnce(f64, f64) -> Option<(f64, f64)>,
) -> bool {
    let (w, l) = if e.black_won {
        (e.black, e.white)
    } else {
        (e.white, e.black)
    };
    match change(levels[w], levels[l]) {
        Some((gw, gl)) => {
            levels[w] += gw;
            levels[l] += gl;
            true
        }
        None => false,
    }
}

/// The Elo scale of the elo, glicko2 and whr engines: Elo points per ladder point (start
/// levels and reported levels), and the handicap model: Elo per stone of advantage and per
/// point of komi, fitted like every other free parameter.
#[derive(Clone, Copy, Debug)]
pub struct EloScale {
    /// Elo points per ladder point (positive).
    pub scale: f64,
    /// Elo points per stone of advantage.
    pub stone: f64,
    /// Elo points per point of komi.
    pub komi_point: f64,
    /// Ladder points added to professional start levels (reported; applied by [`Starts`]).
    pub pro_offset: f64,
}

impl EloScale {
    /// From the parameters; a scale that is not positive counts as 1, so levels stay finite.
    pub fn new(p: &EngineParams) -> Self {
        EloScale {
            scale: if p.scale > 0.0 { p.scale } else { 1.0 },
            stone: p.stone,
            komi_point: p.stone / 14.0,
            pro_offset: p.pro_offset,
        }
    }

    /// Elo points of a ladder level.
    pub fn elo(self, level: f64) -> f64 {
        level * self.scale
    }

    /// Ladder level of Elo points.
    pub fn level(self, elo: f64) -> f64 {
        elo / self.scale
    }

    /// Black's advantage in a game, in Elo points: its stones of advantage
    /// ([`Event::handicap_stones`]) less the komi it gives, each at its fitted value.
    pub fn advantage(self, e: &Event) -> f64 {
        self.stone * e.handicap_stones() - self.komi_point * e.komi_points()
    }

    /// An engine's parameters: its own, then the scale and the handicap model.
    pub fn params(self, own: &[(&str, f64)]) -> Vec<(String, f64)> {
        own.iter()
            .map(|&(k, v)| (k.to_string(), v))
            .chain([
                ("scale".into(), self.scale),
                ("stone".into(), self.stone),
                ("komi_point".into(), self.komi_point),
                ("pro_offset".into(), self.pro_offset),
            ])
            .collect()
    }
}

/// What one engine produced over the stream.
pub(crate) struct EngineRun {
    /// One prediction per game the engine supports, in stream order.
    pub preds: Vec<Prediction>,
    /// Both sides of every rated game (when kept).
    pub history: Vec<HistoryEntry>,
    /// Games the engine did not rate (event index, why).
    pub refused: Vec<(usize, SkipReason)>,
    /// Rated games per player.
    pub games: Vec<u32>,
    /// Each player's last rated game (event index).
    pub last: Vec<Option<usize>>,
    /// Final level per player.
    pub levels: Vec<f64>,
    /// Final figures of the engine's own scale per player (see [`Engine::native`]).
    pub native: Vec<Option<Native>>,
    /// Parameters in use, by name.
    pub params: Vec<(String, f64)>,
    /// Games rated.
    pub rated: usize,
}

/// Runs one engine over `events`: predict, then update, day by day.
pub(crate) fn run_engine(
    mut engine: Box<dyn Engine>,
    events: &[Event],
    n_players: usize,
    keep_history: bool,
) -> EngineRun {
    let mut run = EngineRun {
        preds: Vec::new(),
        history: Vec::new(),
        refused: Vec::new(),
        games: vec![0; n_players],
        last: vec![None; n_players],
        levels: Vec::new(),
        native: Vec::new(),
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
            // The whole day is predicted from the ratings before it, then rated at once.
            let before: Vec<(f64, f64)> = day.iter().map(|e| run.predict(&*engine, e)).collect();
            let counted = engine.update_day(&day);
            for ((e, b), c) in day.iter().zip(before).zip(counted) {
                run.tally(&*engine, e, b, c, keep_history);
            }
        } else {
            for e in day {
                let b = run.predict(&*engine, e);
                let c = engine.update(e);
                run.tally(&*engine, e, b, c, keep_history);
            }
        }
        i = j;
    }
    engine.finish();
    run.levels = (0..n_players).map(|p| engine.level(p)).collect();
    run.native = (0..n_players).map(|p| engine.native(p)).collect();
    run
}

impl EngineRun {
    /// Keeps the engine's prediction of `e` (an even chance when it gives no probability);
    /// returns Black's and White's levels before the game.
    fn predict(&mut self, engine: &dyn Engine, e: &Event) -> (f64, f64) {
        let (gap, p) = engine.predict(e);
        let levels = (engine.level(e.black), engine.level(e.white));
        self.preds.push(Prediction {
            event: e.idx,
            gap,
            level_gap: levels.0 - levels.1,
            p_black: p.unwrap_or(0.5),
        });
        levels
    }

    /// Counts one game's outcome: refused, or rated (games, last game and history of both sides).
    fn tally(
        &mut self,
        engine: &dyn Engine,
        e: &Event,
        before: (f64, f64),
        counted: bool,
        keep: bool,
    ) {
        if !counted {
            self.refused.push((e.idx, SkipReason::NotCounted));
            return;
        }
        self.rated += 1;
        for (p, o, b, black) in [
            (e.black, e.white, before.0, true),
            (e.white, e.black, before.1, false),
        ] {
            self.games[p] += 1;
            self.last[p] = Some(e.idx);
            if keep {
                self.history.push(HistoryEntry {
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
}
