//! Life and death of a final position: which chains are alive, dead or in seki, and who owns
//! each empty region.
//!
//! Sources, best first: territory markup (`TB`/`TW`, a mark under a stone = dead), then an
//! estimate (Benson pass-alive chains are certain; the rest is settled by deterministic
//! light playouts with a fixed seed), or `none` (Tromp-Taylor: every stone alive).
//!
//! Parts: this file holds the verdict's types and the entry points ([`decide`],
//! [`decide_with`], [`from_dead_list`]); `territory` turns a dead map into statuses,
//! territory and seki; `benson` finds pass-alive chains and what they enclose; `estimate`
//! decides groups; `playout` is the playout board and policy. Life reads only the board.

mod benson;
mod estimate;
mod playout;
mod seki;
mod territory;
#[cfg(test)]
pub(crate) mod tests;

use crate::board::{Color, Point, Position};
use serde::Serialize;
use territory::finish;

/// Status of the chain a stone belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChainStatus {
    /// Stays on the board and counts for its colour.
    Alive,
    /// Removed before counting; its points go to the opponent's territory.
    Dead,
    /// Alive without territory: shares liberties with an opposing chain that neither side can fill.
    Seki,
}

crate::choice::choice! {
    /// How dead stones are found.
    pub enum DeadStoneMethod {
        #[default] Auto = ("auto", "Markup when the record has some, otherwise the estimate"),
        Markup = ("markup", "Territory markup only (falls back to the estimate, with a note, when there is none)"),
        Estimate = ("estimate", "The estimate, ignoring any markup"),
        None = ("none", "Every stone alive (Tromp-Taylor)"),
    }
}

/// How dead stones are decided: one of echelle's methods, or a GTP engine's opinion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStones {
    /// Markup, the estimate, none, or markup else the estimate.
    Method(DeadStoneMethod),
    /// Ask a GTP engine (`final_status_list dead`) started with this command line.
    Gtp(String),
}

impl Default for DeadStones {
    fn default() -> Self {
        DeadStones::Method(DeadStoneMethod::Auto)
    }
}

/// An unreadable dead-stone choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStonesError {
    /// `gtp:` with no command after it.
    NoGtpCommand,
    /// Neither a method's name nor `gtp:COMMAND`.
    Unknown(String),
}

impl std::fmt::Display for DeadStonesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeadStonesError::NoGtpCommand => {
                f.write_str("gtp: needs an engine command, e.g. gtp:gnugo --mode gtp")
            }
            DeadStonesError::Unknown(s) => write!(
                f,
                "`{s}`: expected auto, markup, estimate, none or gtp:COMMAND"
            ),
        }
    }
}

impl std::error::Error for DeadStonesError {}

impl std::str::FromStr for DeadStones {
    type Err = DeadStonesError;

    /// `auto`, `markup`, `estimate`, `none` (any case), or `gtp:COMMAND`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        use crate::choice::Choice;
        if let Some(cmd) = s.strip_prefix("gtp:") {
            if cmd.trim().is_empty() {
                return Err(DeadStonesError::NoGtpCommand);
            }
            return Ok(DeadStones::Gtp(cmd.to_string()));
        }
        DeadStoneMethod::ALL
            .iter()
            .find(|(_, name, _)| name.eq_ignore_ascii_case(s))
            .map(|e| DeadStones::Method(e.0))
            .ok_or_else(|| DeadStonesError::Unknown(s.to_string()))
    }
}

/// Where the dead stones came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeadSource {
    /// `TB`/`TW` markup on the last node.
    Markup,
    /// Static analysis and playouts.
    Estimate,
    /// Nothing removed.
    None,
    /// A GTP engine's `final_status_list dead`.
    Gtp,
}

/// How far the dead stones can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// Agreed by the players (markup).
    Markup,
    /// Every chain was settled by rule (pass-alive, or `none` requested).
    Certain,
    /// Some chains were settled by playouts.
    Estimated,
}

/// The life-and-death verdict on a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LifeAndDeath {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Per point (row-major): the status of the stone there, `None` on empty points.
    pub status: Vec<Option<ChainStatus>>,
    /// Per point: owner of an empty or dead-stone point (`None` = neutral, or a living stone).
    pub territory: Vec<Option<Color>>,
    /// Per point: true for empty points of a region that touches a seki chain.
    pub seki_region: Vec<bool>,
    /// Per point: a stone whose group the playouts left near a coin toss (kept in 30–70 %
    /// of them even after the extra batch): its status is the estimate's weakest guess.
    pub unsure: Vec<bool>,
    /// Where the dead stones came from.
    pub source: DeadSource,
    /// How far they can be trusted.
    pub confidence: Confidence,
    /// Why the requested method could not be used, if so.
    pub note: Option<String>,
}

impl LifeAndDeath {
    /// The dead stones of `color`, in row-major order.
    pub fn dead(&self, color: Color, pos: &Position) -> Vec<Point> {
        self.points_where(pos, |i| {
            pos.cells.get(i).copied().flatten() == Some(color)
                && self.status.get(i).copied().flatten() == Some(ChainStatus::Dead)
        })
    }

    /// The stones in seki, in row-major order.
    pub fn seki(&self, pos: &Position) -> Vec<Point> {
        self.points_where(pos, |i| {
            self.status.get(i).copied().flatten() == Some(ChainStatus::Seki)
        })
    }

    /// The stones the estimate decided near a coin toss, in row-major order.
    pub fn unsure_stones(&self, pos: &Position) -> Vec<Point> {
        self.points_where(pos, |i| self.unsure.get(i).copied().unwrap_or(false))
    }

    /// Chains kept alive although they stand in atari among living opposing stones, with
    /// their one liberty outside their own territory: stones a capture would take at once,
    /// typically left on the board by players who did not bother to mark them dead. Returns
    /// their stones.
    pub fn left_in_atari(&self, pos: &Position) -> Vec<Point> {
        territory::capturable(self, pos)
            .into_iter()
            .filter(territory::Capturable::left_in_atari)
            .flat_map(|c| c.stones)
            .collect()
    }

    /// Capturable chains (in atari among living opposing stones) this verdict calls dead —
    /// the players' usual convention — and those `left_in_atari` keeps alive.
    pub fn capturable_counts(&self, pos: &Position) -> (usize, usize) {
        let all = territory::capturable(self, pos);
        let dead = all
            .iter()
            .filter(|c| c.status == Some(ChainStatus::Dead))
            .count();
        let left = all.iter().filter(|c| c.left_in_atari()).count();
        (dead, left)
    }

    fn points_where(&self, pos: &Position, f: impl Fn(usize) -> bool) -> Vec<Point> {
        let w = pos.width as usize;
        (0..pos.cells.len())
            .filter(|&i| f(i))
            .map(|i| Point {
                x: (i % w.max(1)) as u8,
                y: (i / w.max(1)) as u8,
            })
            .collect()
    }
}

/// Tuning of the estimate; the defaults are what the accuracy figures were measured with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimateParams {
    /// Number of playouts (half start with Black, half with White).
    pub playouts: u32,
    /// Seed of the xorshift generator.
    pub seed: u64,
    /// A chain is dead when it keeps its points in fewer than this share of the playouts.
    pub dead_below: f64,
}

impl Default for EstimateParams {
    fn default() -> Self {
        EstimateParams {
            playouts: 32,
            seed: 0x9E37_79B9_7F4A_7C15,
            dead_below: 0.5,
        }
    }
}

/// Life and death of `pos` with the default estimate parameters.
///
/// `markup` is the `(TB, TW)` points of the last node, if the record has any.
pub fn decide(
    pos: &Position,
    markup: Option<(&[Point], &[Point])>,
    method: DeadStoneMethod,
) -> LifeAndDeath {
    decide_with(pos, markup, method, EstimateParams::default())
}

/// Life and death of `pos` when another judge (a GTP engine) named the dead stones.
pub fn from_dead_list(pos: &Position, dead_points: &[Point], source: DeadSource) -> LifeAndDeath {
    let n = pos.width as usize * pos.height as usize;
    let mut dead = vec![false; pos.cells.len()];
    if pos.cells.len() == n {
        for p in dead_points {
            if p.x < pos.width && p.y < pos.height {
                let i = p.y as usize * pos.width as usize + p.x as usize;
                dead[i] = pos.cells[i].is_some();
            }
        }
    }
    finish(pos, dead, source, Confidence::Estimated)
}

/// Life and death of `pos` with explicit estimate parameters.
pub fn decide_with(
    pos: &Position,
    markup: Option<(&[Point], &[Point])>,
    method: DeadStoneMethod,
    params: EstimateParams,
) -> LifeAndDeath {
    let n = pos.width as usize * pos.height as usize;
    if pos.cells.len() != n || n == 0 {
        // A malformed position: nothing can be said; keep every stone.
        let mut ld = finish(
            pos,
            vec![false; pos.cells.len()],
            DeadSource::None,
            Confidence::Certain,
        );
        ld.note = Some("malformed position: every stone kept alive".into());
        return ld;
    }
    let has_markup = markup.is_some_and(|(b, w)| !b.is_empty() || !w.is_empty());
    let mut note = None;
    let mut ld = match method {
        DeadStoneMethod::None => finish(pos, vec![false; n], DeadSource::None, Confidence::Certain),
        DeadStoneMethod::Auto | DeadStoneMethod::Markup if has_markup => {
            let (tb, tw) = markup.unwrap_or((&[], &[]));
            let mut dead = vec![false; n];
            for p in tb.iter().chain(tw.iter()) {
                if p.x < pos.width && p.y < pos.height {
                    let i = p.y as usize * pos.width as usize + p.x as usize;
                    dead[i] = pos.cells[i].is_some();
                }
            }
            let mut ld = finish(pos, dead, DeadSource::Markup, Confidence::Markup);
            // A full markup also says which empty points the players counted: servers leave
            // out points they judge neutral (KGS, under Japanese rules, e.g. points that
            // still need a filling move), so the count follows the markup, not a flood fill.
            let w = pos.width as usize;
            let mut marked = vec![None; n];
            for (list, owner) in [(tb, Color::Black), (tw, Color::White)] {
                for p in list {
                    if p.x < pos.width && p.y < pos.height {
                        marked[p.y as usize * w + p.x as usize] = Some(owner);
                    }
                }
            }
            // Markup that names only dead stones (no empty point) is no territory map.
            let maps_territory = pos
                .cells
                .iter()
                .zip(&marked)
                .any(|(c, m)| c.is_none() && m.is_some());
            if maps_territory {
                for ((t, c), m) in ld.territory.iter_mut().zip(&pos.cells).zip(marked) {
                    if c.is_none() {
                        *t = m;
                    }
                }
            }
            ld
        }
        _ => {
            if method == DeadStoneMethod::Markup {
                note = Some("no territory markup: dead stones estimated".into());
            }
            let estimate::Estimate {
                dead,
                certain,
                unsure,
            } = estimate::estimate(pos, params);
            let conf = if certain {
                Confidence::Certain
            } else {
                Confidence::Estimated
            };
            let mut ld = finish(pos, dead, DeadSource::Estimate, conf);
            ld.unsure = unsure;
            ld
        }
    };
    ld.note = note;
    ld
}
