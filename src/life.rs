//! Life and death of a final position: which chains are alive, dead or in seki, and who owns
//! each empty region.
//!
//! Sources, best first: territory markup (`TB`/`TW`, a mark under a stone = dead), then an
//! estimate (Benson pass-alive chains are certain; the rest is settled by deterministic
//! light playouts with a fixed seed), or `none` (Tromp-Taylor: every stone alive).

use crate::board::{Color, Point, Position};
use serde::Serialize;

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
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum DeadStoneMethod {
        #[default]
        Auto = ("auto", "Markup when the record has some, otherwise the estimate"),
        Markup = (
            "markup",
            "Territory markup only (falls back to the estimate, with a note, when there is none)"
        ),
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
        self.capturable(pos)
            .into_iter()
            .filter(Capturable::left_in_atari)
            .flat_map(|c| c.stones)
            .collect()
    }

    /// Capturable chains (in atari among living opposing stones) this verdict calls dead —
    /// the players' usual convention — and those `left_in_atari` keeps alive.
    pub fn capturable_counts(&self, pos: &Position) -> (usize, usize) {
        let all = self.capturable(pos);
        let dead = all
            .iter()
            .filter(|c| c.status == Some(ChainStatus::Dead))
            .count();
        let left = all.iter().filter(|c| c.left_in_atari()).count();
        (dead, left)
    }

    /// Chains in atari whose every neighbouring stone is a living opposing stone.
    fn capturable(&self, pos: &Position) -> Vec<Capturable> {
        let g = Grid::new(pos);
        if g.stride == 0 || self.status.len() != pos.cells.len() {
            return Vec::new();
        }
        let ch = chains_of(&g, &g.cells);
        let mut out = Vec::new();
        for chain in &ch.chains {
            let (Some(&s0), [lib]) = (chain.stones.first(), chain.libs.as_slice()) else {
                continue;
            };
            let color = if chain.color == 1 {
                Color::Black
            } else {
                Color::White
            };
            let alive = |p: usize| self.status[g.unpad(p)] == Some(ChainStatus::Alive);
            let hemmed = chain.stones.iter().all(|&s| {
                g.dirs.iter().all(|&d| {
                    let q = (s as isize + d) as usize;
                    match g.cells[q] {
                        0 | 3 => true,
                        v if v == chain.color => true,
                        _ => alive(q),
                    }
                })
            });
            if !hemmed {
                continue;
            }
            out.push(Capturable {
                stones: chain
                    .stones
                    .iter()
                    .map(|&s| {
                        let i = g.unpad(s);
                        Point {
                            x: (i % g.w) as u8,
                            y: (i / g.w) as u8,
                        }
                    })
                    .collect(),
                status: self.status[g.unpad(s0)],
                // A lone stone whose capture would be a ko may stay: nobody won that ko.
                ko: chain.stones.len() == 1
                    && g.dirs.iter().all(|&d| {
                        let q = (*lib as isize + d) as usize;
                        q == s0 || g.cells[q] == chain.color || g.cells[q] == 3
                    }),
                liberty_owned: self.territory[g.unpad(*lib)] == Some(color),
            });
        }
        out
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

/// A chain in atari among living opposing stones, as a verdict sees it.
struct Capturable {
    stones: Vec<Point>,
    status: Option<ChainStatus>,
    /// A lone stone whose capture would retake a ko.
    ko: bool,
    /// Its one liberty is its own colour's territory.
    liberty_owned: bool,
}

impl Capturable {
    /// Kept alive, not a ko stone, its liberty outside its own territory.
    fn left_in_atari(&self) -> bool {
        self.status == Some(ChainStatus::Alive) && !self.ko && !self.liberty_owned
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
            let (dead, certain, unsure) = estimate(pos, params);
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

/// Turns a per-point dead map into statuses and territory: flood fills of the empty and dead
/// points, owned by the one colour of living stones around them; seki chains are living chains
/// touching a neutral region that also touches a living opposing chain and that neither may fill.
fn finish(
    pos: &Position,
    dead: Vec<bool>,
    source: DeadSource,
    confidence: Confidence,
) -> LifeAndDeath {
    let g = Grid::new(pos);
    let n = pos.cells.len();
    let mut status: Vec<Option<ChainStatus>> = pos
        .cells
        .iter()
        .zip(&dead)
        .map(|(c, &d)| {
            c.map(|_| {
                if d {
                    ChainStatus::Dead
                } else {
                    ChainStatus::Alive
                }
            })
        })
        .collect();
    let mut territory = vec![None; n];
    let mut seki_region = vec![false; n];
    if g.stride != 0 {
        classify_regions(&g, &dead, &mut status, &mut territory, &mut seki_region);
    }
    LifeAndDeath {
        width: pos.width,
        height: pos.height,
        status,
        territory,
        seki_region,
        unsure: vec![false; n],
        source,
        confidence,
        note: None,
    }
}

/// Owner of every empty and dead-stone region, and seki: regions touching both colours
/// where no point can be filled safely make their bordering chains seki.
fn classify_regions(
    g: &Grid,
    dead: &[bool],
    status: &mut [Option<ChainStatus>],
    territory: &mut [Option<Color>],
    seki_region: &mut [bool],
) {
    // Board with dead stones lifted: 0 empty, 1 black, 2 white, 3 edge.
    let mut cells = g.cells.clone();
    for (i, &d) in dead.iter().enumerate() {
        if d {
            cells[g.pad(i)] = 0;
        }
    }
    let regions = regions_of(g, &cells);
    let living = chains_of(g, &cells);
    let sim = Sim::from_cells(&cells, g.dirs, g.diags);
    for r in &regions {
        let owner = match (r.touches[1], r.touches[2]) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        for &p in &r.points {
            territory[g.unpad(p)] = owner;
        }
        if owner.is_none() && r.touches[1] && r.touches[2] {
            // Seki rather than dame: no point of the region can be filled by either side
            // without putting the filler in atari (or committing suicide).
            let unsafe_all = r.points.iter().all(|&p| {
                [1u8, 2].iter().all(|&c| {
                    sim.liberties_after(p, c)
                        .is_none_or(|(libs, captures, _)| libs < 2 && !captures)
                })
            });
            if unsafe_all {
                for &p in &r.points {
                    seki_region[g.unpad(p)] = true;
                    for d in g.dirs {
                        let q = (p as isize + d) as usize;
                        if let Some(ci) = living.id[q] {
                            for &s in &living.chains[ci].stones {
                                status[g.unpad(s)] = Some(ChainStatus::Seki);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A padded copy of the board: one ring of edge cells so neighbours never go out of range.
struct Grid {
    w: usize,
    stride: usize,
    cells: Vec<u8>,
    dirs: [isize; 4],
    diags: [isize; 4],
}

impl Grid {
    fn new(pos: &Position) -> Grid {
        let w = pos.width as usize;
        let h = pos.height as usize;
        if w == 0 || h == 0 || pos.cells.len() != w * h {
            return Grid {
                w,
                stride: 0,
                cells: Vec::new(),
                dirs: [0; 4],
                diags: [0; 4],
            };
        }
        let stride = w + 2;
        let mut cells = vec![3u8; stride * (h + 2)];
        for (i, c) in pos.cells.iter().enumerate() {
            cells[(i / w + 1) * stride + i % w + 1] = match c {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
        }
        let s = stride as isize;
        Grid {
            w,
            stride,
            cells,
            dirs: [-s, -1, 1, s],
            diags: [-s - 1, -s + 1, s - 1, s + 1],
        }
    }

    fn pad(&self, i: usize) -> usize {
        (i / self.w + 1) * self.stride + i % self.w + 1
    }

    fn unpad(&self, p: usize) -> usize {
        (p / self.stride - 1) * self.w + p % self.stride - 1
    }
}

/// A connected set of non-stone points (after dead stones are lifted) and the colours around it.
struct Region {
    points: Vec<usize>,
    touches: [bool; 3],
}

fn regions_of(g: &Grid, cells: &[u8]) -> Vec<Region> {
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if cells[start] != 0 || seen[start] {
            continue;
        }
        let mut r = Region {
            points: Vec::new(),
            touches: [false; 3],
        };
        seen[start] = true;
        stack.push(start);
        while let Some(p) = stack.pop() {
            r.points.push(p);
            for d in g.dirs {
                let q = (p as isize + d) as usize;
                match cells[q] {
                    0 if !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    c @ (1 | 2) => r.touches[c as usize] = true,
                    _ => {}
                }
            }
        }
        out.push(r);
    }
    out
}

/// A chain of stones with its distinct liberties.
struct Chain {
    color: u8,
    stones: Vec<usize>,
    libs: Vec<usize>,
}

/// All chains of a padded board, with the chain index of every stone.
struct Chains {
    id: Vec<Option<usize>>,
    chains: Vec<Chain>,
}

fn chains_of(g: &Grid, cells: &[u8]) -> Chains {
    let mut id = vec![None; cells.len()];
    let mut chains = Vec::new();
    let mut stack = Vec::new();
    let mut lib_mark = vec![usize::MAX; cells.len()];
    for start in 0..cells.len() {
        let c = cells[start];
        if !(c == 1 || c == 2) || id[start].is_some() {
            continue;
        }
        let ci = chains.len();
        let mut ch = Chain {
            color: c,
            stones: Vec::new(),
            libs: Vec::new(),
        };
        id[start] = Some(ci);
        stack.push(start);
        while let Some(p) = stack.pop() {
            ch.stones.push(p);
            for d in g.dirs {
                let q = (p as isize + d) as usize;
                if cells[q] == c && id[q].is_none() {
                    id[q] = Some(ci);
                    stack.push(q);
                } else if cells[q] == 0 && lib_mark[q] != ci {
                    lib_mark[q] = ci;
                    ch.libs.push(q);
                }
            }
        }
        chains.push(ch);
    }
    Chains { id, chains }
}

/// Benson's algorithm: which chains of colour `c` are pass-alive (unconditionally alive).
fn benson(g: &Grid, ch: &Chains, c: u8) -> Vec<bool> {
    // Regions enclosed by `c`: connected sets of points that are not `c` stones.
    let n = g.cells.len();
    let mut rid = vec![usize::MAX; n];
    let mut regions: Vec<(Vec<usize>, Vec<usize>)> = Vec::new(); // (empty points, border chains)
    let mut stack = Vec::new();
    for start in 0..n {
        let v = g.cells[start];
        if v == 3 || v == c || rid[start] != usize::MAX {
            continue;
        }
        let r = regions.len();
        let mut empties = Vec::new();
        let mut border: Vec<usize> = Vec::new();
        rid[start] = r;
        stack.push(start);
        while let Some(p) = stack.pop() {
            if g.cells[p] == 0 {
                empties.push(p);
            }
            for d in g.dirs {
                let q = (p as isize + d) as usize;
                let vq = g.cells[q];
                if vq == 3 {
                    continue;
                }
                if vq == c {
                    if let Some(ci) = ch.id[q].filter(|ci| !border.contains(ci)) {
                        border.push(ci);
                    }
                } else if rid[q] == usize::MAX {
                    rid[q] = r;
                    stack.push(q);
                }
            }
        }
        regions.push((empties, border));
    }
    // vital[r] lists the chains to which region r is vital (all its empty points are their liberties).
    let vital: Vec<Vec<usize>> = regions
        .iter()
        .map(|(empties, border)| {
            if empties.is_empty() {
                return Vec::new();
            }
            border
                .iter()
                .copied()
                .filter(|&ci| {
                    empties.iter().all(|&e| {
                        g.dirs
                            .iter()
                            .any(|&d| ch.id[(e as isize + d) as usize] == Some(ci))
                    })
                })
                .collect()
        })
        .collect();
    let mut alive: Vec<bool> = ch.chains.iter().map(|x| x.color == c).collect();
    let mut region_ok = vec![true; regions.len()];
    loop {
        let mut changed = false;
        // Chains with fewer than two healthy vital regions drop out.
        let mut count = vec![0u32; ch.chains.len()];
        for (r, v) in vital.iter().enumerate() {
            if region_ok[r] {
                for &ci in v {
                    count[ci] += 1;
                }
            }
        }
        for (ci, a) in alive.iter_mut().enumerate() {
            if *a && count[ci] < 2 {
                *a = false;
                changed = true;
            }
        }
        // Regions bordered by a dropped chain are no longer healthy.
        for (r, (_, border)) in regions.iter().enumerate() {
            if region_ok[r] && border.iter().any(|&ci| !alive[ci]) {
                region_ok[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    alive
}

/// Per padded point, bit `c - 1` set when the point lies in a region (connected points that
/// are not `c` stones) whose every bordering `c` chain is pass-alive: the opponent can never
/// capture round it. Also returns, per point, bit `c - 1` when such a region holds no opponent
/// stone at all (safe territory, where the opponent never plays in the playouts).
fn enclosures(g: &Grid, ch: &Chains, pass_alive: &[bool]) -> (Vec<u8>, Vec<u8>) {
    let n = g.cells.len();
    let mut enclosed = vec![0u8; n];
    let mut empty_only = vec![0u8; n];
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for c in [1u8, 2] {
        seen.iter_mut().for_each(|x| *x = false);
        for start in 0..n {
            let v = g.cells[start];
            if v == 3 || v == c || seen[start] {
                continue;
            }
            region.clear();
            let mut sound = true;
            let mut foes = false;
            seen[start] = true;
            stack.push(start);
            while let Some(p) = stack.pop() {
                region.push(p);
                foes |= g.cells[p] == 3 - c;
                for d in g.dirs {
                    let q = (p as isize + d) as usize;
                    match g.cells[q] {
                        3 => {}
                        vq if vq == c => {
                            sound &= ch.id[q].is_some_and(|ci| pass_alive[ci]);
                        }
                        _ if !seen[q] => {
                            seen[q] = true;
                            stack.push(q);
                        }
                        _ => {}
                    }
                }
            }
            if sound {
                let bit = 1u8 << (c - 1);
                for &p in &region {
                    enclosed[p] |= bit;
                    if !foes {
                        empty_only[p] |= bit;
                    }
                }
            }
        }
    }
    (enclosed, empty_only)
}

/// The estimate: returns the per-point dead map and whether every chain was settled by rule.
fn estimate(pos: &Position, params: EstimateParams) -> (Vec<bool>, bool, Vec<bool>) {
    let g = Grid::new(pos);
    let n = pos.cells.len();
    let mut dead = vec![false; n];
    if g.stride == 0 {
        return (dead, true, vec![false; n]);
    }
    let ch = chains_of(&g, &g.cells);
    let mut settled: Vec<bool> = vec![false; ch.chains.len()];
    for c in [1u8, 2] {
        for (ci, a) in benson(&g, &ch, c).into_iter().enumerate() {
            if a {
                settled[ci] = true;
            }
        }
    }
    let enclosure = enclosures(&g, &ch, &settled);
    // Static shapes the playouts misjudge: decided before them, kept out of their verdict.
    let grps = groups(&g, &ch);
    let mut forced = vec![false; ch.chains.len()];
    for grp in &grps {
        if let Some(inside) = bent_four_in_the_corner(&g, &ch, grp, &settled) {
            for &ci in grp {
                forced[ci] = true;
                settled[ci] = true;
                mark_stones(&g, &ch.chains[ci], &mut dead);
            }
            for ci in inside {
                settled[ci] = true;
            }
        }
    }
    if settled.iter().all(|&s| s) {
        return (dead, !forced.contains(&true), vec![false; n]);
    }
    let kept_of = |own: &[[u32; 2]], total: f64| -> Vec<f64> {
        ch.chains
            .iter()
            .map(|chain| {
                let c = chain.color as usize;
                chain
                    .stones
                    .iter()
                    .map(|&s| own[s][c - 1] as f64)
                    .sum::<f64>()
                    / (chain.stones.len() as f64 * total)
            })
            .collect()
    };
    let mut own = playouts(&g, &enclosure, params.playouts, params.seed, &[]);
    let mut total = params.playouts.max(1) as f64;
    let mut kept = kept_of(&own, total);
    // Groups whose fate the first playouts left near a coin toss get more playouts, so the
    // verdict rests on the position rather than on the sampling noise; clear cases pay nothing.
    let unsure = grps.iter().any(|grp| {
        !grp.iter().any(|&ci| settled[ci]) && {
            let k = group_kept(&ch, grp, &kept);
            (UNSURE_LOW..=UNSURE_HIGH).contains(&k)
        }
    });
    if unsure {
        let extra = params.playouts.saturating_mul(EXTRA_FACTOR);
        // Who holds each point after the first playouts: there the holder answers invasions.
        let home: Vec<u8> = own
            .iter()
            .map(|o| {
                if f64::from(o[0]) > total * HOME_SHARE {
                    1
                } else if f64::from(o[1]) > total * HOME_SHARE {
                    2
                } else {
                    0
                }
            })
            .collect();
        let more = playouts(
            &g,
            &enclosure,
            extra,
            params.seed ^ 0xD1B5_4A32_D192_ED03,
            &home,
        );
        for (o, m) in own.iter_mut().zip(&more) {
            o[0] += m[0];
            o[1] += m[1];
        }
        total += extra as f64;
        kept = kept_of(&own, total);
    }
    // A ko left open between living chains keeps its stone (nobody won the ko).
    let in_ko: Vec<bool> = ch
        .chains
        .iter()
        .map(|x| {
            open_ko(&g, &ch, x).is_some_and(|around| {
                around
                    .iter()
                    .all(|&ci| settled[ci] || kept[ci] >= params.dead_below)
            })
        })
        .collect();
    // Decide groups, not chains: chains of one colour joined through empty points share
    // one fate (a group is never half dead), unless a pass-alive chain is among them.
    let mut unsure = vec![false; n];
    let near_coin_toss = |k: f64| (UNSURE_LOW..=UNSURE_HIGH).contains(&k);
    for grp in grps {
        if grp.iter().any(|&ci| forced[ci]) {
            continue;
        }
        if grp.iter().any(|&ci| settled[ci]) {
            for &ci in &grp {
                if settled[ci] {
                    continue;
                }
                if !in_ko[ci] && kept[ci] < params.dead_below {
                    mark_stones(&g, &ch.chains[ci], &mut dead);
                }
                if near_coin_toss(kept[ci]) {
                    mark_stones(&g, &ch.chains[ci], &mut unsure);
                }
            }
            continue;
        }
        let k = group_kept(&ch, &grp, &kept);
        if k < params.dead_below {
            for &ci in grp.iter().filter(|&&ci| !in_ko[ci]) {
                mark_stones(&g, &ch.chains[ci], &mut dead);
            }
        }
        if near_coin_toss(k) {
            for &ci in &grp {
                mark_stones(&g, &ch.chains[ci], &mut unsure);
            }
        }
    }
    (dead, false, unsure)
}

/// Bent four in the corner: the group's only eye space is the four-point L bent round the
/// corner point, an opponent stone holds that corner, and the opponent chains outside hold
/// out longer than the group. Black wins the ko after removing every threat, so the group
/// is dead (the playouts, which let White win the ko, cannot see it). Returns the opponent
/// chains inside the eye space, which live.
fn bent_four_in_the_corner(
    g: &Grid,
    ch: &Chains,
    grp: &[usize],
    settled: &[bool],
) -> Option<Vec<usize>> {
    let c = ch.chains.get(*grp.first()?)?.color;
    let opp = 3 - c;
    if grp.iter().any(|&ci| settled[ci]) {
        return None;
    }
    // The eye space: everything reachable from the group's liberties without crossing its
    // own stones; more than four points is no bent four.
    let mut space: Vec<usize> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for &ci in grp {
        for &l in &ch.chains[ci].libs {
            if !space.contains(&l) {
                space.push(l);
                stack.push(l);
            }
        }
    }
    while let Some(p) = stack.pop() {
        for d in g.dirs {
            let q = (p as isize + d) as usize;
            let v = g.cells[q];
            if (v == 0 || v == opp) && !space.contains(&q) {
                if space.len() >= 4 {
                    return None;
                }
                space.push(q);
                stack.push(q);
            } else if v == c && ch.id[q].is_some_and(|ci| !grp.contains(&ci)) {
                return None;
            }
        }
    }
    if space.len() != 4 {
        return None;
    }
    let edge = |p: usize, d: isize| g.cells[(p as isize + d) as usize] == 3;
    let corner = *space
        .iter()
        .find(|&&p| g.dirs.iter().filter(|&&d| edge(p, d)).count() == 2)?;
    if g.cells[corner] != opp {
        return None;
    }
    let inward: Vec<isize> = g
        .dirs
        .iter()
        .copied()
        .filter(|&d| !edge(corner, d))
        .collect();
    let &[a, b] = inward.as_slice() else {
        return None;
    };
    let at = |d: isize, k: isize| (corner as isize + d * k) as usize;
    let shape_a = [corner, at(a, 1), at(a, 2), at(b, 1)];
    let shape_b = [corner, at(b, 1), at(b, 2), at(a, 1)];
    if !shape_a.iter().all(|p| space.contains(p)) && !shape_b.iter().all(|p| space.contains(p)) {
        return None;
    }
    let libs = space.iter().filter(|&&p| g.cells[p] == 0).count();
    let mut inside = Vec::new();
    for &p in &space {
        if let Some(ci) = ch.id[p].filter(|ci| g.cells[p] == opp && !inside.contains(ci)) {
            inside.push(ci);
        }
    }
    // The stones around must not be capturable first: a semeai is no bent four.
    for &ci in grp {
        for &s in &ch.chains[ci].stones {
            for d in g.dirs {
                let q = (s as isize + d) as usize;
                // An outside neighbour that can be taken first makes it a semeai.
                let weak = ch.id[q].is_some_and(|oi| {
                    ch.chains[oi].color == opp
                        && !inside.contains(&oi)
                        && !settled[oi]
                        && ch.chains[oi].libs.len() <= libs
                });
                if weak {
                    return None;
                }
            }
        }
    }
    Some(inside)
}

/// Group ownership band that earns extra playouts, and how many times more are run.
const UNSURE_LOW: f64 = 0.3;
const UNSURE_HIGH: f64 = 0.7;
const EXTRA_FACTOR: u32 = 1;
/// Share of the first playouts a colour must hold a point in to defend it as its own.
const HOME_SHARE: f64 = 0.5;

/// Stone-weighted share of the playouts in which a group's chains kept their points.
fn group_kept(ch: &Chains, grp: &[usize], kept: &[f64]) -> f64 {
    let stones: usize = grp.iter().map(|&ci| ch.chains[ci].stones.len()).sum();
    let sum: f64 = grp
        .iter()
        .map(|&ci| kept[ci] * ch.chains[ci].stones.len() as f64)
        .sum();
    sum / (stones.max(1) as f64)
}

/// A single stone in atari whose capture would be a ko (the capturing stone would stand alone
/// among the stone's friends, in atari): returns those friends' chains, which retake the ko.
fn open_ko(g: &Grid, ch: &Chains, chain: &Chain) -> Option<Vec<usize>> {
    let (&[s], &[l]) = (chain.stones.as_slice(), chain.libs.as_slice()) else {
        return None;
    };
    let mut around = Vec::new();
    for &d in &g.dirs {
        let q = (l as isize + d) as usize;
        match g.cells[q] {
            3 => {}
            _ if q == s => {}
            v if v == chain.color => {
                let ci = ch.id[q]?;
                if ch.chains[ci].libs.len() < 2 {
                    return None;
                }
                around.push(ci);
            }
            _ => return None,
        }
    }
    Some(around)
}

/// Sets the chain's stones in a per-point map (dead stones, unsure stones).
fn mark_stones(g: &Grid, chain: &Chain, map: &mut [bool]) {
    for &s in &chain.stones {
        map[g.unpad(s)] = true;
    }
}

/// Groups: chains of one colour connected through their own stones and empty points (never
/// through an opposing stone), as lists of chain indices.
fn groups(g: &Grid, ch: &Chains) -> Vec<Vec<usize>> {
    let n = g.cells.len();
    let mut out = Vec::new();
    let mut seen_chain = vec![false; ch.chains.len()];
    let mut mark = vec![usize::MAX; n];
    let mut stack = Vec::new();
    for (ci0, chain0) in ch.chains.iter().enumerate() {
        if seen_chain[ci0] {
            continue;
        }
        let c = chain0.color;
        let tag = ci0;
        let mut grp = Vec::new();
        if let Some(&s0) = chain0.stones.first() {
            mark[s0] = tag;
            stack.push(s0);
        }
        while let Some(p) = stack.pop() {
            if let Some(ci) = ch.id[p].filter(|&ci| !seen_chain[ci]) {
                seen_chain[ci] = true;
                grp.push(ci);
            }
            for d in g.dirs {
                let q = (p as isize + d) as usize;
                let v = g.cells[q];
                if (v == 0 || v == c) && mark[q] != tag {
                    mark[q] = tag;
                    stack.push(q);
                }
            }
        }
        out.push(grp);
    }
    out
}

/// xorshift64*: small, fast and reproducible.
struct Rng(u64);

impl Rng {
    /// A generator for `seed`, any value: splitmix64 spreads it first, so that neighbouring
    /// seeds (2 and 3, say) give unrelated streams; the state must not be zero.
    fn seeded(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        ((self.next() >> 32) as usize * n) >> 32
    }
}

/// Runs the playouts and returns, per padded point, how often it ended Black's and White's.
fn playouts(
    g: &Grid,
    enclosure: &(Vec<u8>, Vec<u8>),
    count: u32,
    seed: u64,
    home: &[u8],
) -> Vec<[u32; 2]> {
    let mut base = Sim::from_cells(&g.cells, g.dirs, g.diags);
    let (enclosed, empty_only) = enclosure;
    // Inside a pass-alive enclosure with no opposing stone the opponent never plays; where
    // the enclosure holds opposing stones, the points they lose to capture become barred to
    // them (a captured group does not come back to life inside walls it cannot attack).
    base.enclosed.clone_from(enclosed);
    for (f, &e) in base.forbid.iter_mut().zip(empty_only) {
        *f |= ((e & 1) << 1) | ((e & 2) >> 1);
    }
    let mut sim = base.clone();
    let mut own = vec![[0u32; 2]; g.cells.len()];
    let mut rng = Rng::seeded(seed);
    let max_moves = 3 * base.empties.len() + 50;
    for k in 0..count {
        sim.clone_from(&base);
        let mut color = if k % 2 == 0 { 1u8 } else { 2u8 };
        let mut passes = 0;
        let mut last = 0;
        for _ in 0..max_moves {
            match sim.choose(color, last, home, &mut rng) {
                Some(p) => {
                    sim.play(p, color);
                    passes = 0;
                    last = p;
                }
                None => {
                    sim.ko = 0;
                    last = 0;
                    passes += 1;
                    if passes >= 2 {
                        break;
                    }
                }
            }
            color = 3 - color;
        }
        for (p, o) in own.iter_mut().enumerate() {
            match sim.cells[p] {
                1 => o[0] += 1,
                2 => o[1] += 1,
                0 => {
                    let mut t = [false; 3];
                    for d in sim.dirs {
                        let v = sim.cells[(p as isize + d) as usize];
                        if v == 1 || v == 2 {
                            t[v as usize] = true;
                        }
                    }
                    match (t[1], t[2]) {
                        (true, false) => o[0] += 1,
                        (false, true) => o[1] += 1,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
    }
    own
}

/// The playout board: chains as circular lists with pseudo-liberty counts, sums and sums of
/// squares (a chain is in atari exactly when `sum² = count · sum_sq`).
struct Sim {
    cells: Vec<u8>,
    head: Vec<u32>,
    next: Vec<u32>,
    libs: Vec<u32>,
    lsum: Vec<u64>,
    lsq: Vec<u64>,
    size: Vec<u32>,
    empties: Vec<u32>,
    epos: Vec<u32>,
    ko: usize,
    dirs: [isize; 4],
    diags: [isize; 4],
    scratch: Vec<usize>,
    /// Stones whose chain may be in atari (checked when used): the capture/escape candidates.
    atari: Vec<u32>,
    /// Per point, bit `c - 1` set: colour `c` never plays there (opponent's safe territory).
    forbid: Vec<u8>,
    /// Per point, bit `c - 1` set: inside a region enclosed by pass-alive chains of `c`.
    enclosed: Vec<u8>,
}

// By hand: the derived `clone_from` would allocate every vector anew for each playout, which
// resets the board from its base; field by field, the vectors keep their buffers.
impl Clone for Sim {
    fn clone(&self) -> Sim {
        Sim {
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            lsum: self.lsum.clone(),
            lsq: self.lsq.clone(),
            size: self.size.clone(),
            empties: self.empties.clone(),
            epos: self.epos.clone(),
            ko: self.ko,
            dirs: self.dirs,
            diags: self.diags,
            scratch: Vec::new(),
            atari: self.atari.clone(),
            forbid: self.forbid.clone(),
            enclosed: self.enclosed.clone(),
        }
    }

    fn clone_from(&mut self, o: &Sim) {
        self.cells.clone_from(&o.cells);
        self.head.clone_from(&o.head);
        self.next.clone_from(&o.next);
        self.libs.clone_from(&o.libs);
        self.lsum.clone_from(&o.lsum);
        self.lsq.clone_from(&o.lsq);
        self.size.clone_from(&o.size);
        self.empties.clone_from(&o.empties);
        self.epos.clone_from(&o.epos);
        self.ko = o.ko;
        self.dirs = o.dirs;
        self.diags = o.diags;
        self.atari.clone_from(&o.atari);
        self.forbid.clone_from(&o.forbid);
        self.enclosed.clone_from(&o.enclosed);
    }
}

impl Sim {
    fn from_cells(cells: &[u8], dirs: [isize; 4], diags: [isize; 4]) -> Sim {
        let n = cells.len();
        let mut s = Sim {
            cells: vec![3; n],
            head: (0..n as u32).collect(),
            next: (0..n as u32).collect(),
            libs: vec![0; n],
            lsum: vec![0; n],
            lsq: vec![0; n],
            size: vec![0; n],
            empties: Vec::new(),
            epos: vec![u32::MAX; n],
            ko: 0,
            dirs,
            diags,
            scratch: Vec::new(),
            atari: Vec::new(),
            forbid: vec![0; n],
            enclosed: vec![0; n],
        };
        for (p, &v) in cells.iter().enumerate() {
            if v == 0 {
                s.cells[p] = 0;
                s.epos[p] = s.empties.len() as u32;
                s.empties.push(p as u32);
            }
        }
        // Replay the stones one by one; a stone without liberties in the input stays (no
        // captures are made while building, so the input is taken as it is).
        for (p, &v) in cells.iter().enumerate() {
            if v == 1 || v == 2 {
                s.place(p, v, true);
            }
        }
        for (p, &v) in cells.iter().enumerate() {
            if (v == 1 || v == 2) && s.head[p] as usize == p && s.in_atari(p) {
                s.atari.push(p as u32);
            }
        }
        s
    }

    fn nb(&self, p: usize, d: isize) -> usize {
        (p as isize + d) as usize
    }

    fn add_lib(&mut self, h: usize, l: usize) {
        self.libs[h] += 1;
        self.lsum[h] += l as u64;
        self.lsq[h] += (l * l) as u64;
    }

    fn sub_lib(&mut self, h: usize, l: usize) {
        self.libs[h] = self.libs[h].saturating_sub(1);
        self.lsum[h] = self.lsum[h].saturating_sub(l as u64);
        self.lsq[h] = self.lsq[h].saturating_sub((l * l) as u64);
    }

    fn in_atari(&self, h: usize) -> bool {
        let n = self.libs[h] as u64;
        n > 0 && self.lsum[h] * self.lsum[h] == n * self.lsq[h]
    }

    fn remove_empty(&mut self, p: usize) {
        let i = self.epos[p] as usize;
        if i == u32::MAX as usize {
            return;
        }
        let last = self.empties.len() - 1;
        let moved = self.empties[last];
        self.empties[i] = moved;
        self.epos[moved as usize] = i as u32;
        self.empties.pop();
        self.epos[p] = u32::MAX;
    }

    /// Puts a stone, merges chains, updates liberties; no captures. While `building`, points
    /// of stones not yet placed were never counted as liberties, so none is taken away.
    fn place(&mut self, p: usize, c: u8, building: bool) {
        self.remove_empty(p);
        self.cells[p] = c;
        self.head[p] = p as u32;
        self.next[p] = p as u32;
        self.size[p] = 1;
        self.libs[p] = 0;
        self.lsum[p] = 0;
        self.lsq[p] = 0;
        for d in self.dirs {
            let q = self.nb(p, d);
            match self.cells[q] {
                0 => self.add_lib(p, q),
                1 | 2 if !building => {
                    let h = self.head[q] as usize;
                    self.sub_lib(h, p);
                }
                _ => {}
            }
        }
        for d in self.dirs {
            let q = self.nb(p, d);
            if self.cells[q] == c && self.head[q] != self.head[p] {
                self.merge(self.head[p] as usize, self.head[q] as usize);
            }
        }
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u32;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
        self.lsum[big] += self.lsum[small];
        self.lsq[big] += self.lsq[small];
    }

    fn play(&mut self, p: usize, c: u8) {
        self.place(p, c, false);
        let opp = 3 - c;
        let mut captured = 0;
        let mut cap_at = 0;
        for d in self.dirs {
            let q = self.nb(p, d);
            if self.cells[q] == opp && self.libs[self.head[q] as usize] == 0 {
                captured += self.remove_chain(self.head[q] as usize);
                cap_at = q;
            }
        }
        let h = self.head[p] as usize;
        self.ko = if captured == 1 && self.size[h] == 1 && self.in_atari(h) {
            cap_at
        } else {
            0
        };
        // New ataris can only be next to the move (or the move's own chain).
        if self.in_atari(h) {
            self.atari.push(p as u32);
        }
        for d in self.dirs {
            let q = self.nb(p, d);
            if self.cells[q] == opp && self.in_atari(self.head[q] as usize) {
                self.atari.push(q as u32);
            }
        }
    }

    fn remove_chain(&mut self, h: usize) -> usize {
        let mut stones = std::mem::take(&mut self.scratch);
        stones.clear();
        let mut s = h;
        loop {
            stones.push(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        let victim = self.cells[h];
        // Captured inside the captor's pass-alive enclosure: barred to the victim from now on.
        let (captor_bit, victim_bit) = (1u8 << (2 - victim.min(2)), 1u8 << (victim.max(1) - 1));
        for &s in &stones {
            if self.enclosed[s] & captor_bit != 0 {
                self.forbid[s] |= victim_bit;
            }
            self.cells[s] = 0;
            self.epos[s] = self.empties.len() as u32;
            self.empties.push(s as u32);
        }
        for &s in &stones {
            for d in self.dirs {
                let q = self.nb(s, d);
                if self.cells[q] == 1 || self.cells[q] == 2 {
                    let hq = self.head[q] as usize;
                    self.add_lib(hq, s);
                }
            }
        }
        let n = stones.len();
        self.scratch = stones;
        n
    }

    /// True when `p` is an eye of colour `c` that should not be filled (not a false eye).
    fn is_eye(&self, p: usize, c: u8) -> bool {
        for d in self.dirs {
            let v = self.cells[self.nb(p, d)];
            if v != c && v != 3 {
                return false;
            }
        }
        let mut bad = 0;
        let mut edge = 0;
        for d in self.diags {
            match self.cells[self.nb(p, d)] {
                3 => edge = 1,
                v if v == 3 - c => bad += 1,
                _ => {}
            }
        }
        bad + edge < 2
    }

    /// Legality of `c` at `p`: `None` if illegal (occupied, ko, suicide), else the liberties
    /// of the resulting chain (counted up to 2), whether it captures, and the chain's size.
    fn liberties_after(&self, p: usize, c: u8) -> Option<(usize, bool, u32)> {
        self.liberties_upto(p, c, 2)
    }

    /// As `liberties_after`, counting liberties up to `need` (at most 4).
    fn liberties_upto(&self, p: usize, c: u8, need: usize) -> Option<(usize, bool, u32)> {
        if self.cells[p] != 0 || p == self.ko {
            return None;
        }
        let need = need.clamp(1, 4);
        let opp = 3 - c;
        let mut libs = [0usize; 4];
        let mut nl = 0;
        let mut size = 1;
        let mut own_heads = [usize::MAX; 4];
        // How many of `p`'s neighbours belong to each joined chain (its entries for `p`).
        let mut own_touch = [0u32; 4];
        let mut captures = false;
        for d in self.dirs {
            let q = self.nb(p, d);
            match self.cells[q] {
                0 if !libs[..nl].contains(&q) => {
                    libs[nl] = q;
                    nl += 1;
                }
                v if v == opp => {
                    let h = self.head[q] as usize;
                    if self.in_atari(h) {
                        captures = true;
                        // Taking several stones leaves several liberties.
                        if self.size[h] > 1 {
                            return Some((2.min(need), true, size));
                        }
                        if !libs[..nl].contains(&q) {
                            libs[nl] = q;
                            nl += 1;
                        }
                    }
                }
                v if v == c => {
                    let h = self.head[q] as usize;
                    if let Some(i) = own_heads.iter().position(|&x| x == h) {
                        own_touch[i] += 1;
                    } else if let Some(i) = own_heads.iter().position(|&x| x == usize::MAX) {
                        own_heads[i] = h;
                        own_touch[i] = 1;
                        size += self.size[h];
                    }
                }
                _ => {}
            }
        }
        if nl >= need {
            return Some((need, captures, size));
        }
        // Up to two liberties, the pseudo-liberty sums answer exactly without walking the
        // chains: once `p`'s own entries are taken out, a joined chain has no other liberty,
        // exactly one (the remaining entries are all one point: sum² = count · sum of
        // squares), or at least two.
        if need <= 2 {
            let mut found = libs;
            let mut nf = nl;
            for (i, &h) in own_heads.iter().enumerate() {
                if h == usize::MAX {
                    continue;
                }
                let k = own_touch[i] as u64;
                let pp = p as u64;
                let count = u64::from(self.libs[h]).saturating_sub(k);
                if count == 0 {
                    continue;
                }
                let sum = self.lsum[h].saturating_sub(k * pp);
                let sq = self.lsq[h].saturating_sub(k * pp * pp);
                if sum * sum != count * sq {
                    return Some((need, captures, size));
                }
                let l = (sum / count) as usize;
                if !found[..nf].contains(&l) {
                    found[nf] = l;
                    nf += 1;
                    if nf >= need {
                        return Some((need, captures, size));
                    }
                }
            }
            if nf == 0 && !captures {
                return None;
            }
            return Some((nf, captures, size));
        }
        // Few liberties of its own: count the distinct liberties of the chains it joins.
        let mut extra = [0usize; 4];
        let mut ne = 0;
        for &h in own_heads.iter().filter(|&&h| h != usize::MAX) {
            if self.in_atari(h) {
                continue; // its only liberty is p
            }
            let mut s = h;
            loop {
                for d in self.dirs {
                    let q = self.nb(s, d);
                    if self.cells[q] == 0
                        && q != p
                        && !libs[..nl].contains(&q)
                        && !extra[..ne].contains(&q)
                    {
                        extra[ne] = q;
                        ne += 1;
                        if nl + ne >= need {
                            return Some((need, captures, size));
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        if nl + ne == 0 && !captures {
            return None;
        }
        Some((nl + ne, captures, size))
    }

    /// Whether the playout policy may play `c` at `p`: legal, and no self-atari of several
    /// stones (which would kill seki and own groups for nothing).
    fn playable(&self, p: usize, c: u8) -> bool {
        match self.liberties_after(p, c) {
            None => false,
            Some((libs, captures, size)) => libs >= 2 || captures || size <= 1,
        }
    }

    /// Whether the chain with head `a` has a stone next to the chain with head `b`.
    fn touches(&self, a: usize, b: usize) -> bool {
        let mut s = a;
        loop {
            if self.dirs.iter().any(|&d| {
                matches!(self.cells[self.nb(s, d)], 1 | 2) && self.head[self.nb(s, d)] as usize == b
            }) {
                return true;
            }
            s = self.next[s] as usize;
            if s == a {
                return false;
            }
        }
    }

    /// The only liberty of the chain with head `h` (which must be in atari).
    fn atari_lib(&self, h: usize) -> usize {
        (self.lsum[h] / u64::from(self.libs[h].max(1))) as usize
    }

    /// The answer to a move that put own stones in atari, before anything else on the board:
    /// capture an opposing chain in atari that touches them, else extend them to three
    /// liberties. (Capturing races are lost in the playouts when the side in atari plays
    /// elsewhere, e.g. to take a bigger but irrelevant chain.)
    fn rescue(&self, c: u8, last: usize) -> Option<usize> {
        let opp = 3 - c;
        if last == 0 || self.cells[last] != opp {
            return None;
        }
        for d in self.dirs {
            let q = self.nb(last, d);
            if self.cells[q] != c || !self.in_atari(self.head[q] as usize) {
                continue;
            }
            let h = self.head[q] as usize;
            // The chains in atari are few and listed: walk those, not the (long) own chain.
            for &st in &self.atari {
                let st = st as usize;
                let oh = self.head[st] as usize;
                if self.cells[st] == opp && self.in_atari(oh) && self.touches(oh, h) {
                    let l = self.atari_lib(oh);
                    if self.liberties_after(l, c).is_some() {
                        return Some(l);
                    }
                }
            }
            let l = self.atari_lib(h);
            if self.forbid[l] & (1 << (c - 1)) == 0
                && !self.is_eye(l, c)
                && matches!(self.liberties_upto(l, c, 3), Some((3, _, _)))
            {
                return Some(l);
            }
        }
        None
    }

    /// The playout policy: capture the biggest opponent chain in atari, else save the biggest
    /// own chain in atari when extending gives it three liberties (two would only be chased
    /// further, and dead stones would run into the opponent's territory), else a random move that fills no
    /// own eye, is no self-atari of several stones and is not in the opponent's safe
    /// territory; `None` = pass.
    fn choose(&mut self, c: u8, last: usize, home: &[u8], rng: &mut Rng) -> Option<usize> {
        let opp = 3 - c;
        if let Some(p) = self.rescue(c, last) {
            return Some(p);
        }
        let (mut cap, mut cap_size, mut cap_h) = (0usize, 0u32, 0usize);
        let (mut save, mut save_size, mut save_h) = (0usize, 0u32, 0usize);
        let mut i = 0;
        while i < self.atari.len() {
            let s = self.atari[i] as usize;
            let v = self.cells[s];
            let h = self.head[s] as usize;
            if !(v == 1 || v == 2) || !self.in_atari(h) {
                self.atari.swap_remove(i);
                continue;
            }
            i += 1;
            let l = self.atari_lib(h);
            if v == opp {
                if self.size[h] > cap_size && self.liberties_after(l, c).is_some() {
                    cap = l;
                    cap_size = self.size[h];
                    cap_h = h;
                }
            } else if self.size[h] > save_size
                && self.forbid[l] & (1 << (c - 1)) == 0
                && !self.is_eye(l, c)
                && matches!(self.liberties_upto(l, c, 3), Some((3, _, _)))
            {
                save = l;
                save_size = self.size[h];
                save_h = h;
            }
        }
        // The bigger stake first: saving a big chain beats taking a small one.
        // ... unless the capture itself frees the chain in atari (a won capturing race).
        if cap != 0 && (cap_size >= save_size || self.touches(cap_h, save_h)) {
            return Some(cap);
        }
        if save != 0 {
            return Some(save);
        }
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let bit = 1u8 << (c - 1);
        // Answer an invasion of one's own area where it lands, as players do, instead of letting
        // the invader play on there for free; the invader gets no such help.
        if home.get(last) == Some(&c) {
            let around = [
                self.dirs[0],
                self.dirs[1],
                self.dirs[2],
                self.dirs[3],
                self.diags[0],
                self.diags[1],
                self.diags[2],
                self.diags[3],
            ];
            let start = rng.below(8);
            for i in 0..8 {
                let p = self.nb(last, around[(start + i) % 8]);
                if self.cells[p] == 0
                    && self.forbid[p] & bit == 0
                    && !self.is_eye(p, c)
                    && self.playable(p, c)
                {
                    return Some(p);
                }
            }
        }
        let start = rng.below(n);
        // From a random start round the list of empty points, without a division per step.
        for i in (start..n).chain(0..start) {
            let p = self.empties[i] as usize;
            if self.forbid[p] & bit != 0 || self.is_eye(p, c) {
                continue;
            }
            if self.playable(p, c) {
                return Some(p);
            }
        }
        None
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Builds a position from rows of `X` (black), `O` (white) and `.`; `x` and `o` are
    /// stones too (dead ones, in the layouts that mark them).
    pub(crate) fn pos(rows: &[&str]) -> Position {
        let h = rows.len();
        let w = rows.first().map_or(0, |r| r.len());
        let mut p = Position::empty(w as u8, h as u8);
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.chars().enumerate() {
                p.cells[y * w + x] = match ch {
                    'X' | 'x' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    _ => None,
                };
            }
        }
        p
    }

    pub(crate) fn status_at(
        ld: &LifeAndDeath,
        p: &Position,
        x: usize,
        y: usize,
    ) -> Option<ChainStatus> {
        ld.status[y * p.width as usize + x]
    }

    pub(crate) fn est(p: &Position) -> LifeAndDeath {
        decide(p, None, DeadStoneMethod::Estimate)
    }

    #[test]
    fn two_eyes_pass_alive_and_certain() {
        let p = pos(&[
            ".X.X.O...",
            "XXXXXO...",
            "OOOOOO...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 0, 1), Some(ChainStatus::Alive));
        assert_eq!(status_at(&ld, &p, 1, 0), Some(ChainStatus::Alive));
        // The black group has two eyes (a1, c1) and e1 is an eye too: pass-alive.
        assert_eq!(ld.territory[0], Some(Color::Black));
        // Settled by rule: nothing is a coin toss.
        assert!(ld.unsure_stones(&p).is_empty());
    }

    #[test]
    fn one_eye_group_inside_territory_is_dead() {
        let p = pos(&[
            ".........",
            ".........",
            "..OOOOO..",
            "..O.X.O..",
            "..OXXXO..",
            "..OOOOO..",
            ".........",
            ".........",
            ".........",
        ]);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 4, 3), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 2, 2), Some(ChainStatus::Alive));
        assert_eq!(ld.territory[4 * 9 + 4], Some(Color::White));
        assert_eq!(ld.source, DeadSource::Estimate);
        assert_eq!(ld.confidence, Confidence::Estimated);
    }

    /// Rectangular 11x7 board: two pass-alive outer walls, and inside them a black and a
    /// white chain sharing their only two liberties (f3, f5).
    pub(crate) const SEKI: [&str; 7] = [
        ".OOOOOXXXX.",
        "OOOXXXOOXXX",
        ".OOXX.OOXX.",
        "OOOXXXOOXXX",
        ".OOXX.OOXX.",
        "OOOXXXOOXXX",
        ".OOOOOXXXX.",
    ];

    #[test]
    fn seki_stays_alive_with_neutral_shared_liberties() {
        let p = pos(&SEKI);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 3, 1), Some(ChainStatus::Seki));
        assert_eq!(status_at(&ld, &p, 6, 1), Some(ChainStatus::Seki));
        assert_eq!(status_at(&ld, &p, 1, 0), Some(ChainStatus::Alive));
        assert_eq!(ld.territory[2 * 11 + 5], None);
        assert!(ld.seki_region[2 * 11 + 5] && ld.seki_region[4 * 11 + 5]);
        assert_eq!(ld.territory[0], Some(Color::White));
        assert_eq!(ld.territory[10], Some(Color::Black));
        assert!(ld.dead(Color::Black, &p).is_empty() && ld.dead(Color::White, &p).is_empty());
    }

    #[test]
    fn dame_between_living_walls_is_neutral_not_seki() {
        let p = pos(&[
            ".X.X.O.O.",
            "XXXX.OOOO",
            ".X.X.O.O.",
            "XXXX.OOOO",
            ".X.X.O.O.",
        ]);
        let ld = est(&p);
        assert_eq!(ld.territory[4], None);
        assert!(!ld.seki_region[4]);
        assert_eq!(status_at(&ld, &p, 3, 0), Some(ChainStatus::Alive));
        assert_eq!(status_at(&ld, &p, 5, 0), Some(ChainStatus::Alive));
        assert_eq!(ld.confidence, Confidence::Certain);
    }

    #[test]
    fn false_eye_does_not_make_life() {
        // Black encloses d3, but the white stone at e4 cuts its shape: one eye at most.
        let p = pos(&[
            ".........",
            ".OOOOOOO.",
            ".OX.XXO..",
            ".OXXO.XO.",
            ".OX.XXXO.",
            ".OOOOOOO.",
            ".........",
        ]);
        let ld = est(&p);
        // One real eye only: the black group is dead inside White's wall.
        assert_eq!(status_at(&ld, &p, 2, 2), Some(ChainStatus::Dead));
        assert_eq!(ld.territory[2 * 9 + 2], Some(Color::White));
    }

    #[test]
    fn seki_with_an_eye_each_stays_alive() {
        // Inner black a1-b2-c2 with an eye at a1 and inner white with an eye at e1 share c1;
        // the outer walls are pass-alive. Neither side may fill c1: seki, nobody dead.
        let p = pos(&[
            ".X.O.OX.X",
            "XXXOOOXXX",
            "OOOXXXX.X",
            ".O.OX.XXX",
            "OOOOXX.X.",
        ]);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 1, 1), Some(ChainStatus::Seki));
        assert_eq!(status_at(&ld, &p, 3, 0), Some(ChainStatus::Seki));
        assert_eq!(ld.territory[2], None);
        assert!(ld.dead(Color::Black, &p).is_empty() && ld.dead(Color::White, &p).is_empty());
    }

    #[test]
    fn snapback_stone_is_not_dead_but_its_captor_is() {
        // Black c1 is in atari, but White taking at b1 is snapped back: White's six stones
        // share their last liberty with it, so they are the dead ones.
        let p = pos(&["X.XOOX.", "XOOOOX.", "XXXXXXX", ".X.X.X."]);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 2, 0), Some(ChainStatus::Alive));
        assert_eq!(status_at(&ld, &p, 3, 0), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 1, 1), Some(ChainStatus::Dead));
        assert_eq!(ld.territory[7 + 1], Some(Color::Black));
    }

    #[test]
    fn bent_four_in_the_corner_is_dead() {
        // White's corner eye space is the L round the 1-1 point, Black already on the bend and
        // White without outside liberties: Black wins the ko, the White group is dead.
        let p = pos(&[
            "X.OX.X.", ".OOXXXX", ".OXX.X.", "OOX.XXX", "XXXXXXX", ".X.X.X.",
        ]);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 1, 1), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 0, 3), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 0, 0), Some(ChainStatus::Alive));
        assert_eq!(ld.territory[7], Some(Color::Black));
    }

    #[test]
    fn stones_on_the_edge() {
        // A black two-stone chain on the first line of White's two-row territory is dead;
        // White's wall and Black's top wall, which use the edge for their eyes, are alive.
        let p = pos(&[
            ".X.X.X.X.",
            "XXXXXXXXX",
            "OOOOOOOOO",
            ".O.O.O.O.",
            ".........",
            "...XX....",
        ]);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 3, 5), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 4, 5), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 0, 2), Some(ChainStatus::Alive));
        assert_eq!(status_at(&ld, &p, 0, 1), Some(ChainStatus::Alive));
        assert_eq!(ld.territory[5 * 9 + 3], Some(Color::White));
        assert_eq!(ld.territory[0], Some(Color::Black));
    }

    #[test]
    fn dead_group_inside_a_big_territory() {
        // Six black stones with one eye, hemmed in by White stones in the middle of White's
        // 13x13 territory: no room for a second eye.
        let mut rows = vec![
            ".X.X.X.X.X.X.",
            "XXXXXXXXXXXXX",
            "OOOOOOOOOOOOO",
            ".O.O.O.O.O.O.",
        ];
        rows.extend(["............."; 2]);
        rows.extend([
            ".....OOO.....",
            "....OXXXO....",
            "....OX.XO....",
            "....OOXOO....",
            "......O......",
        ]);
        rows.extend(["............."; 2]);
        let p = pos(&rows);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 5, 7), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 6, 9), Some(ChainStatus::Dead));
        assert_eq!(ld.dead(Color::Black, &p).len(), 6);
        assert_eq!(status_at(&ld, &p, 4, 7), Some(ChainStatus::Alive));
        assert_eq!(ld.territory[8 * 13 + 6], Some(Color::White));
        assert_eq!(ld.confidence, Confidence::Estimated);
    }

    #[test]
    fn none_method_keeps_everything() {
        let p = pos(&["X.O", "...", "O.X"]);
        let ld = decide(&p, None, DeadStoneMethod::None);
        assert!(ld.status.iter().flatten().all(|s| *s == ChainStatus::Alive));
        assert_eq!(ld.source, DeadSource::None);
    }

    #[test]
    fn markup_that_keeps_a_capturable_stone_alive_is_flagged() {
        // White's stone at (1,1) has one liberty, (2,1), which the markup leaves neutral.
        let p = pos(&[".X...", "XO...", ".X...", "....."]);
        let tb = [Point { x: 0, y: 0 }];
        let ld = decide(&p, Some((&tb, &[])), DeadStoneMethod::Markup);
        assert_eq!(ld.left_in_atari(&p), vec![Point { x: 1, y: 1 }]);
        // Marked dead, it is no longer flagged.
        let tb = [Point { x: 0, y: 0 }, Point { x: 1, y: 1 }];
        let ld = decide(&p, Some((&tb, &[])), DeadStoneMethod::Markup);
        assert!(ld.left_in_atari(&p).is_empty());
        // A stone just taken back in a ko stays: its capture would be the ko's recapture.
        let p = pos(&[".XO..", "XO.O.", ".XO..", "....."]);
        let tb = [Point { x: 0, y: 0 }];
        let ld = decide(&p, Some((&tb, &[])), DeadStoneMethod::Markup);
        assert!(ld.left_in_atari(&p).is_empty());
    }

    #[test]
    fn markup_under_stone_is_dead() {
        let p = pos(&["XX.", "XO.", "XX."]);
        let tb = [Point { x: 1, y: 1 }];
        let ld = decide(&p, Some((&tb, &[])), DeadStoneMethod::Auto);
        assert_eq!(ld.source, DeadSource::Markup);
        assert_eq!(status_at(&ld, &p, 1, 1), Some(ChainStatus::Dead));
        assert_eq!(ld.territory[4], Some(Color::Black));
        let ld = decide(&p, None, DeadStoneMethod::Markup);
        assert!(ld.note.is_some());
    }

    #[test]
    fn malformed_position_does_not_panic() {
        let p = Position {
            width: 3,
            height: 3,
            cells: vec![None; 4],
        };
        let ld = est(&p);
        assert!(ld.note.is_some());
        let p = Position::empty(0, 0);
        let _ = est(&p);
    }
}

#[cfg(test)]
mod sim_tests {
    use super::tests::{est, pos, status_at};
    use super::*;

    #[test]
    fn invasion_of_a_home_area_is_answered_next_to_it() {
        let p = tests::pos(&[
            ".........",
            ".........",
            "....X....",
            ".........",
            ".........",
        ]);
        let g = Grid::new(&p);
        let mut sim = Sim::from_cells(&g.cells, g.dirs, g.diags);
        let last = g.pad(2 * 9 + 4);
        let near = |q: usize| {
            g.dirs
                .iter()
                .chain(&g.diags)
                .any(|&d| (last as isize + d) as usize == q)
        };
        // The whole board is White's home: every White move lands next to the invader.
        let home = vec![2u8; g.cells.len()];
        for seed in 1..20 {
            let q = sim.choose(2, last, &home, &mut Rng(seed));
            assert!(q.is_some_and(near), "seed {seed}: {q:?}");
        }
        // Black's home: White gets no help, and some random move lands far away.
        let home = vec![1u8; g.cells.len()];
        let far = (1..20).any(|seed| {
            sim.choose(2, last, &home, &mut Rng(seed))
                .is_some_and(|q| !near(q))
        });
        assert!(far);
    }

    #[test]
    fn bent_four_rule_needs_the_opponent_on_the_corner_point() {
        let rule = |rows: &[&str]| {
            let p = tests::pos(rows);
            let g = Grid::new(&p);
            let ch = chains_of(&g, &g.cells);
            let settled = vec![false; ch.chains.len()];
            let white = ch.id[g.pad(7 + 1)].unwrap_or(usize::MAX);
            let grp = groups(&g, &ch)
                .into_iter()
                .find(|grp| grp.contains(&white))
                .unwrap_or_default();
            bent_four_in_the_corner(&g, &ch, &grp, &settled).is_some()
        };
        let mut rows = [
            "X.OX.X.", ".OOXXXX", ".OXX.X.", "OOX.XXX", "XXXXXXX", ".X.X.X.",
        ];
        assert!(rule(&rows));
        // An empty bent four is two eyes in waiting (miai), not this ko.
        rows[0] = "..OX.X.";
        assert!(!rule(&rows));
    }

    #[test]
    fn capture_that_frees_a_chain_in_atari_beats_extending() {
        // Black's two stones in atari could extend to three liberties, but taking the White
        // stone next to them (also in atari) saves them and wins the race.
        let p = tests::pos(&[
            ".......", ".......", "..OOX..", "..XXOX.", "..OO...", ".......", ".......",
        ]);
        let g = Grid::new(&p);
        let mut sim = Sim::from_cells(&g.cells, g.dirs, g.diags);
        let take = g.pad(4 * 7 + 4);
        for seed in 1..10 {
            assert_eq!(sim.choose(1, 0, &[], &mut Rng(seed)), Some(take));
        }
    }

    #[test]
    fn a_chain_put_in_atari_is_rescued_before_a_bigger_capture() {
        // White's last move at c3 leaves Black's two stones in atari; taking the White stone
        // next to them (in atari too) comes before the three White stones in atari below.
        let p = tests::pos(&[
            ".......", ".......", "..OOX..", "..XXOX.", "..OO...", "XXX....", "OOO....",
        ]);
        let g = Grid::new(&p);
        let mut sim = Sim::from_cells(&g.cells, g.dirs, g.diags);
        // Without a last move, the bigger capture comes first.
        assert_eq!(sim.choose(1, 0, &[], &mut Rng(1)), Some(g.pad(6 * 7 + 3)));
        let last = g.pad(4 * 7 + 2);
        for seed in 1..10 {
            assert_eq!(
                sim.choose(1, last, &[], &mut Rng(seed)),
                Some(g.pad(4 * 7 + 4))
            );
        }
    }

    #[test]
    fn neighbouring_seeds_give_different_streams() {
        let (mut a, mut b) = (Rng::seeded(2), Rng::seeded(3));
        assert_ne!(a.next(), b.next());
        assert_eq!(Rng::seeded(7).next(), Rng::seeded(7).next());
    }

    #[test]
    fn one_eyed_group_inside_pass_alive_walls_is_dead() {
        // White's corner group has one eye and is in atari against a pass-alive Black wall
        // (two eyes at the top left); once taken it must not come back to life.
        let mut rows = vec![".X.XOOOOOOO.", "XXXXXOOOOOOO", "...XXXXXXXXX"];
        rows.extend(["............", "............"]);
        rows.extend(["OOOOOOOOOOOO", "............"]);
        let p = pos(&rows);
        let ld = est(&p);
        assert_eq!(status_at(&ld, &p, 5, 0), Some(ChainStatus::Dead));
        assert_eq!(status_at(&ld, &p, 4, 1), Some(ChainStatus::Alive));
        assert_eq!(ld.territory[11], Some(Color::Black));
    }

    #[test]
    fn points_captured_inside_pass_alive_walls_are_barred_to_the_victim() {
        let p = pos(&[".X.XOO.", "XXXXXOO", "....XXX"]);
        let g = Grid::new(&p);
        let ch = chains_of(&g, &g.cells);
        let mut alive = benson(&g, &ch, 1);
        for (a, w) in alive.iter_mut().zip(benson(&g, &ch, 2)) {
            *a |= w;
        }
        let (enclosed, empty_only) = enclosures(&g, &ch, &alive);
        let corner = g.pad(6);
        assert_eq!(enclosed[corner] & 1, 1);
        assert_eq!(empty_only[corner] & 1, 0);
        assert_eq!(empty_only[g.pad(2 * 7)] & 1, 1);
        let mut sim = Sim::from_cells(&g.cells, g.dirs, g.diags);
        sim.enclosed = enclosed;
        sim.play(corner, 1);
        let taken = g.pad(5);
        assert_eq!(sim.cells[taken], 0);
        assert_eq!(sim.forbid[taken], 2);
        assert_ne!(sim.choose(2, 0, &[], &mut Rng(3)), Some(taken));
    }

    #[test]
    fn group_share_weights_chains_by_stones() {
        let p = tests::pos(&["XXX.X", ".....", "....."]);
        let g = Grid::new(&p);
        let ch = chains_of(&g, &g.cells);
        let big = ch.id[g.pad(0)].unwrap_or(usize::MAX);
        let small = ch.id[g.pad(4)].unwrap_or(usize::MAX);
        let mut kept = vec![0.0; ch.chains.len()];
        kept[big] = 1.0;
        let k = group_kept(&ch, &[big, small], &kept);
        assert!((k - 0.75).abs() < 1e-9, "{k}");
    }

    #[test]
    fn pseudo_liberties_sizes_and_liberty_counts_stay_exact_through_playouts() {
        let p = tests::pos(&[
            ".X.X.O...",
            "XXXXXO...",
            "OOOOOO...",
            "....X....",
            "...XOX...",
            "....X....",
            ".........",
            ".........",
            ".........",
        ]);
        let g = Grid::new(&p);
        let base = Sim::from_cells(&g.cells, g.dirs, g.diags);
        let (mut moves, mut checked) = (0, 0);
        for seed in 1..30 {
            let mut sim = base.clone();
            let mut rng = Rng(seed);
            let (mut color, mut passes) = (1u8, 0);
            for _ in 0..300 {
                for a in 0..sim.cells.len() {
                    if sim.cells[a] == 1 || sim.cells[a] == 2 {
                        let h = sim.head[a] as usize;
                        let (mut libs, mut size, mut st) = (0, 0, h);
                        loop {
                            size += 1;
                            for d in sim.dirs {
                                libs += u32::from(sim.cells[(st as isize + d) as usize] == 0);
                            }
                            st = sim.next[st] as usize;
                            if st == h {
                                break;
                            }
                        }
                        assert_eq!(libs, sim.libs[h], "liberties of the chain at {a}");
                        assert_eq!(size, sim.size[h], "size of the chain at {a}");
                    }
                    for c in [1u8, 2] {
                        // Two liberties are read from the sums; three need the chain walk.
                        let fast = sim.liberties_upto(a, c, 2);
                        let walked = sim
                            .liberties_upto(a, c, 3)
                            .map(|(l, cap, n)| (l.min(2), cap, n));
                        assert_eq!(fast, walked, "point {a} colour {c}");
                        checked += 1;
                    }
                }
                match sim.choose(color, 0, &[], &mut rng) {
                    Some(q) => {
                        sim.play(q, color);
                        passes = 0;
                        moves += 1;
                    }
                    None => {
                        passes += 1;
                        sim.ko = 0;
                        if passes >= 2 {
                            break;
                        }
                    }
                }
                color = 3 - color;
            }
        }
        assert!(
            moves > 20 * 29 && checked > 100_000,
            "{moves} moves, {checked} checks"
        );
    }
}
