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
//! decides groups, in order, with the parts below; `playout` is the playout board and policy;
//! `reading` is the small exhaustive capture search that `enclosed` (groups shut in a small
//! space of their own: nakade shapes, false eyes, sacrifices inside), `seki` (seki proved
//! before it is called, in rounds), `race` (capturing races), `one_eye` (a group whose only
//! eye is a capture leaving a killing shape) and `escape` (a chain in atari its owner saves)
//! rest on; `shape` tells static shapes apart (the eye spaces a capture leaves, bent four in
//! the corner); `area` says whose area a group stands in and whether the board is finished;
//! `stones` holds the per-point maps and groups they all share. Life reads only the board.

mod area;
mod benson;
mod enclosed;
mod escape;
mod estimate;
mod one_eye;
mod playout;
mod race;
mod reading;
mod sample;
mod seki;
mod shape;
mod stones;
mod territory;
#[cfg(test)]
pub(crate) mod tests;

use crate::board::{Cell, Color, Point, Position};
use serde::Serialize;
use territory::{finish, finish_held};

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
        // The engine's command line as `--oracle` and `--engine` read it: one parser.
        if s.starts_with("gtp:") {
            return crate::gtp::command_of(s)
                .map(|cmd| DeadStones::Gtp(cmd.to_string()))
                .map_err(|_| DeadStonesError::NoGtpCommand);
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
    /// The estimate flagged the position (a seki, an uncertain group) and a GTP engine, the
    /// oracle, named the dead stones in its place (`--oracle gtp:COMMAND`).
    #[serde(rename = "estimate+oracle")]
    EstimateOracle,
}

/// How the estimate decided a group's fate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Benson: pass-alive, whatever the opponent plays.
    PassAlive,
    /// A static shape the playouts misjudge (bent four in the corner, and what lives inside it).
    Shape,
    /// The share of the playouts in which the group kept its points.
    Playouts,
    /// A local search: the group, shut in a small space of its own or looking like seki, is
    /// captured by the opponent moving first (or, for the opponent's stones inside, lives);
    /// or its only eye would be a capture that leaves a killing shape (`shape`).
    Reading,
    /// Seki the local search read and found holding (its side, moving first, keeps it).
    Seki,
    /// Looks like seki (neither side can fill the shared liberties) but the local search did
    /// not settle it (too large an area, or out of budget): false seki are the estimate's
    /// most common error.
    SekiUnread,
    /// Kept alive by the playouts near a coin toss, but facing the opponent's living stones
    /// across open points, with no friend in reach: a group inside the opponent's area, dead.
    OpenBorder,
}

/// How far one group's decision can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GroupConfidence {
    /// Settled by rule (pass-alive, a known shape).
    Certain,
    /// Playouts well away from a coin toss, a reading, a seki that held in the reading.
    Likely,
    /// Playouts within [`UNCERTAIN_BAND`] (for a big group, see [`BIG_GROUP`]), or a seki
    /// nobody read: the count may rest on a wrong guess here.
    Uncertain,
}

/// Playout shares (the group kept its points in this share of them) that make a group
/// uncertain, and earn it extra playouts: within this band the verdict is near a coin toss.
/// 30–70 % with 32 first playouts; with 24 (twelfth session) the same width in standard
/// errors, 0.2 × √(32/24) ≈ 0.23 either side of 50 % (with 30–70 % a group at a coin toss
/// left it by chance more often: on the 2,467 judged positions the misses not flagged rose
/// from 78.6 to 79.4 a seed; with 27–73 %, 75.0).
pub const UNCERTAIN_BAND: (f64, f64) = (0.27, 0.73);

/// Whether a playout share lies in [`UNCERTAIN_BAND`]: such a group is uncertain, and the
/// estimate gives it extra playouts.
fn near_coin_toss(kept: f64) -> bool {
    (UNCERTAIN_BAND.0..=UNCERTAIN_BAND.1).contains(&kept)
}

/// A group of this many stones or more that the playouts keep alive in less than
/// [`BIG_GROUP_KEPT`] of them is uncertain too. Big groups in open fights are where the
/// playouts keep dead stones alive: on the judged tuning sets, 5 of 22 such groups kept in
/// 70–80 % were dead, against 4 of 103 smaller ones (check sets: 1 of 7, 8 of 101), an
/// error rate like the coin-toss band's, and such a group carries the count.
pub const BIG_GROUP: usize = 20;
/// See [`BIG_GROUP`].
pub const BIG_GROUP_KEPT: f64 = 0.8;

/// Most points one connected region of open points (empty, belonging to nobody) may hold in a
/// finished position: the dame left between two walls are a few points; ten or more in one
/// piece is a boundary nobody closed (Fox counts games stopped so, and its result then
/// follows the server's estimate, not the board). Chosen on Fox Pro2 and Pro1 1p–4p, checked
/// on Pro1 5p–9p and yenw (README, "Fox records"). `analyze` calls a record with such a
/// region unfinished; the estimate judges no group by its open border on such a board.
pub const LARGEST_OPEN_REGION: usize = 10;

/// Whether `open` points belonging to nobody leave a board of `area` points unfinished: more
/// than a tenth of it is borders nobody closed, not a few dame. `analyze` calls such a record
/// unfinished; the estimate judges a chain in the open by its own share on such a board.
pub fn mostly_open(open: usize, area: usize) -> bool {
    open * 10 > area
}

/// One group's fate and how it was reached.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupDecision {
    /// Its colour.
    pub color: Color,
    /// How it was decided.
    pub method: Method,
    /// How far that can be trusted.
    pub confidence: GroupConfidence,
    /// Share of the playouts in which it kept its points (rounded to 0.001), when they decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<f64>,
    /// What the verdict made of it (of its first stone: a ko stone may stay among dead ones).
    pub status: ChainStatus,
    /// Its stones, row-major.
    #[serde(skip)]
    pub stones: Vec<Point>,
}

impl GroupDecision {
    /// The confidence a method and a playout share earn for a group of `size` stones
    /// (`toss`: the share rests on who moves first, see `estimate::Unit`).
    fn confidence_of(
        method: Method,
        kept: Option<f64>,
        toss: bool,
        size: usize,
    ) -> GroupConfidence {
        match method {
            Method::PassAlive | Method::Shape => GroupConfidence::Certain,
            Method::Reading | Method::Seki => GroupConfidence::Likely,
            Method::SekiUnread | Method::OpenBorder => GroupConfidence::Uncertain,
            Method::Playouts => match kept {
                Some(k)
                    if toss
                        || near_coin_toss(k)
                        || (size >= BIG_GROUP
                            && (UNCERTAIN_BAND.1..BIG_GROUP_KEPT).contains(&k)) =>
                {
                    GroupConfidence::Uncertain
                }
                _ => GroupConfidence::Likely,
            },
        }
    }
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
    /// Per point: a stone of an uncertain group (see [`GroupDecision`]): the playouts left
    /// it near a coin toss (kept in 27–73 % of them even after the extra batch; a group of
    /// [`BIG_GROUP`] stones or more, in under 80 %), or it looks like seki and the reading
    /// did not settle it. Its status is the estimate's weakest guess.
    pub unsure: Vec<bool>,
    /// With the estimate: every group's decision and how it was reached (empty otherwise).
    pub groups: Vec<GroupDecision>,
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

    /// The groups whose decision is uncertain.
    pub fn uncertain_groups(&self) -> impl Iterator<Item = &GroupDecision> {
        self.groups
            .iter()
            .filter(|g| g.confidence == GroupConfidence::Uncertain)
    }

    /// True when the estimate flags this position for a second opinion: a stone in seki, or
    /// an uncertain group. What `--oracle` sends to its engine.
    pub fn flagged(&self) -> bool {
        self.source == DeadSource::Estimate
            && (self.status.contains(&Some(ChainStatus::Seki))
                || self.uncertain_groups().next().is_some())
    }

    /// The verdict with every uncertain group decided in `favour`'s favour: its own uncertain
    /// groups alive, the opponent's dead; `None` when no group is uncertain. The two extremes
    /// bound every count the uncertain groups could give.
    pub fn decided_for(&self, pos: &Position, favour: Color) -> Option<LifeAndDeath> {
        let alive: Vec<bool> = self.uncertain_groups().map(|g| g.color == favour).collect();
        self.decided_as(pos, &alive)
    }

    /// The verdict with the uncertain groups decided as given: the i-th uncertain group alive
    /// when `alive[i]` (dead when false or missing); `None` when no group is uncertain.
    pub fn decided_as(&self, pos: &Position, alive: &[bool]) -> Option<LifeAndDeath> {
        if self.uncertain_groups().next().is_none() || self.status.len() != pos.cells.len() {
            return None;
        }
        let w = pos.width as usize;
        let mut dead: Vec<bool> = self
            .status
            .iter()
            .map(|s| *s == Some(ChainStatus::Dead))
            .collect();
        for (i, g) in self.uncertain_groups().enumerate() {
            let keep = alive.get(i).copied().unwrap_or(false);
            for p in &g.stones {
                if let Some(d) = dead.get_mut(p.y as usize * w + p.x as usize) {
                    *d = !keep;
                }
            }
        }
        Some(finish(pos, dead, self.source, self.confidence))
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

/// Parameters of the estimate; the defaults are what the accuracy figures were measured with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimateParams {
    /// Number of playouts (half start with Black, half with White).
    pub playouts: u32,
    /// Seed of the xorshift generator.
    pub seed: u64,
    /// A chain is dead when it keeps its points in fewer than this share of the playouts.
    pub dead_below: f64,
    /// The player to move in the record (after its last move, passes included). Where a
    /// group's fate turns on who plays first there, that player does, as GNU Go and KataGo
    /// read a loaded record; unknown (`None`), the group's opponent does.
    pub to_move: Option<Color>,
    /// Nodes all the local readings of one position may visit together (shut-in groups,
    /// races, seki proofs, escapes; each also has budgets of its own): bounds the time a
    /// position can take. A reading out of nodes decides nothing; the playouts' verdict stays.
    pub reading_nodes: u32,
}

impl Default for EstimateParams {
    fn default() -> Self {
        EstimateParams {
            // 24 rather than 32 (FINDINGS, 28 November, twelfth session): as many right
            // over seeds 1-7 on the markup sets and the 2,467 judged positions, tuning and
            // check parts alike, for 15 % less time; 16 lose two on the tuning part.
            playouts: 24,
            seed: 0x9E37_79B9_7F4A_7C15,
            dead_below: 0.5,
            to_move: None,
            // The modules' own budgets add up to about 26,000 nodes; no position measured
            // reads more than 7,215 (the corpus, the generated and played-on sets).
            reading_nodes: 8_000,
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

/// The estimate's units as group decisions: a unit whose stones the verdict put in seki is
/// seki, read or unread.
fn decisions(
    pos: &Position,
    status: &[Option<ChainStatus>],
    units: Vec<estimate::Unit>,
    seki_held: &[bool],
) -> Vec<GroupDecision> {
    let w = pos.width as usize;
    units
        .into_iter()
        .filter_map(|u| {
            let &first = u.stones.first()?;
            let color = pos.cells.get(first).copied().flatten()?;
            let in_seki: Vec<usize> = u
                .stones
                .iter()
                .copied()
                .filter(|&s| status.get(s) == Some(&Some(ChainStatus::Seki)))
                .collect();
            let method = match u.method {
                Method::PassAlive | Method::Shape => u.method,
                _ if in_seki.is_empty() => u.method,
                _ if in_seki.iter().all(|&s| seki_held.get(s) == Some(&true)) => Method::Seki,
                _ => Method::SekiUnread,
            };
            let kept = u.kept.map(|k| (k * 1000.0).round() / 1000.0);
            // The seki read holds its own chains only; the unit's other stones live by the
            // group round them, and when the playouts left that near a coin toss, so is it.
            let confidence = if method == Method::Seki
                && in_seki.len() < u.stones.len()
                && u.playouts_uncertain()
            {
                GroupConfidence::Uncertain
            } else {
                GroupDecision::confidence_of(method, u.kept, u.toss, u.stones.len())
            };
            Some(GroupDecision {
                color,
                method,
                confidence,
                kept,
                status: status.get(first).copied().flatten()?,
                stones: u
                    .stones
                    .iter()
                    .map(|&i| Point {
                        x: (i % w.max(1)) as u8,
                        y: (i / w.max(1)) as u8,
                    })
                    .collect(),
            })
        })
        .collect()
}

/// Marks dead the chains `ld` leaves in atari among living opposing stones (no ko; their
/// liberty in their own territory only when their owner is not `to_move`; none the estimate
/// read in seki, `held`; none of `to_move`'s that taking such a chain beside it saves),
/// each taken out of its unit as a unit of its own; true when there was one. The opponent,
/// moving first once the game is over, takes such a chain even when the group around it
/// lives; players mark them dead (510 of 517 in KGS January's markup).
fn take_left_in_atari(
    pos: &Position,
    ld: &LifeAndDeath,
    to_move: Option<Color>,
    held: &[bool],
    dead: &mut [bool],
    units: &mut Vec<estimate::Unit>,
) -> bool {
    let w = pos.width as usize;
    let mut taken = false;
    let is_held = |p: &Point| held.get(p.y as usize * w + p.x as usize) == Some(&true);
    let all = territory::capturable(ld, pos);
    let candidates: Vec<&territory::Capturable> = all
        .iter()
        .filter(|c| c.taken(to_move) && !c.stones.iter().all(is_held))
        .collect();
    let touch = |a: &territory::Capturable, b: &territory::Capturable| {
        a.stones.iter().any(|p| {
            b.stones
                .iter()
                .any(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1)
        })
    };
    // Two chains in atari side by side: the player to move takes the other's and saves its
    // own (a stone the last move put in atari beside the chain it ataried), if the capture
    // leaves it safe: a stone inside the opponent's area dies all the same.
    let movers = |c: &&territory::Capturable| to_move.map(Cell::of) == Some(c.color);
    let grid = crate::board::Grid::from_position(pos)
        .filter(|_| dead.len() == pos.cells.len() && candidates.iter().any(movers));
    let lifted = grid.as_ref().map(|g| {
        let board = stones::lifted(g, dead);
        let ch = crate::board::Chains::of(&g.geo, &board);
        (g, board, ch)
    });
    let saved = |c: &territory::Capturable| {
        let Some((g, board, ch)) = lifted.as_ref() else {
            return false;
        };
        let chain_at = |p: &Point| {
            g.geo
                .index(*p)
                .and_then(|i| ch.id[i])
                .map(|ci| &ch.chains[ci])
        };
        let Some(own) = c.stones.first().and_then(chain_at) else {
            return false;
        };
        movers(&c)
            && candidates
                .iter()
                .filter(|o| o.color != c.color && touch(c, o))
                .filter_map(|o| o.stones.first().and_then(chain_at))
                .filter_map(|o| o.libs.first().copied().filter(|_| o.libs.len() == 1))
                .any(|play| escape::saved_by_capture(g, board, own, play))
    };
    let spared: Vec<bool> = candidates.iter().map(|c| saved(c)).collect();
    for (chain, _) in candidates.iter().zip(spared).filter(|(_, s)| !s) {
        let mut stones: Vec<usize> = chain
            .stones
            .iter()
            .map(|p| p.y as usize * w + p.x as usize)
            .collect();
        stones.sort_unstable();
        for &i in &stones {
            if let Some(d) = dead.get_mut(i) {
                *d = true;
            }
        }
        estimate::Unit {
            stones,
            method: Method::Reading,
            kept: None,
            toss: false,
        }
        .split_into(units);
        taken = true;
    }
    units.retain(|u| !u.stones.is_empty());
    taken
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
            from_markup(pos, tb, tw)
        }
        _ => {
            if method == DeadStoneMethod::Markup {
                note = Some("no territory markup: dead stones estimated".into());
            }
            from_estimate(pos, params)
        }
    };
    ld.note = note;
    ld
}

/// The players' markup as the verdict: its dead stones, and its territory when it maps one.
fn from_markup(pos: &Position, tb: &[Point], tw: &[Point]) -> LifeAndDeath {
    let n = pos.cells.len();
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

/// echelle's own estimate as the verdict: each group's decision, the chains left in atari
/// taken, the uncertain groups' stones marked unsure.
fn from_estimate(pos: &Position, params: EstimateParams) -> LifeAndDeath {
    let est = estimate::estimate(pos, params);
    let conf = if est.certain {
        Confidence::Certain
    } else {
        Confidence::Estimated
    };
    let (mut dead, mut units) = (est.dead, est.units);
    let mut ld = finish_held(
        pos,
        dead.clone(),
        DeadSource::Estimate,
        conf,
        &est.race_held,
    );
    if take_left_in_atari(
        pos,
        &ld,
        params.to_move,
        &est.seki_held,
        &mut dead,
        &mut units,
    ) {
        ld = finish_held(pos, dead, DeadSource::Estimate, conf, &est.race_held);
    }
    // A seki a race reading found is read, as one the seki proof found.
    let read: Vec<bool> = est
        .seki_held
        .iter()
        .zip(&est.race_held)
        .map(|(&a, &b)| a || b)
        .collect();
    ld.groups = decisions(pos, &ld.status, units, &read);
    let w = pos.width as usize;
    let uncertain: Vec<usize> = ld
        .uncertain_groups()
        .flat_map(|g| g.stones.iter().map(|p| p.y as usize * w + p.x as usize))
        .collect();
    for i in uncertain {
        if let Some(u) = ld.unsure.get_mut(i) {
            *u = true;
        }
    }
    ld
}
