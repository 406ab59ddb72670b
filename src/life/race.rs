//! Capturing races, read out instead of left to the playouts.
//!
//! Two groups of opposite colours side by side, neither with two eyes, each shut in by the
//! other and by living walls, live or die by their liberties: outside ones, shared ones, an
//! eye, approach moves, who moves first. Random playouts fill liberties in any order and get
//! close races wrong, so the points the two can fight over (the empty points reached from
//! their liberties, a few only) are searched exhaustively (`reading`). A race lost whoever
//! moves first is decided: the loser is dead and the winner lives — when it touches the chain
//! taken (a stone beside it or a liberty shared); one that does not took no part in that
//! capture (a wall elsewhere did) and keeps its verdict. A race the first move
//! decides goes to the player the record leaves to move, as GNU Go and KataGo read a loaded
//! record and as a game played on would go; with the mover unknown it is left as it was.
//! When the mover cannot take the other side but cannot be taken either, moving first, its
//! units are held (its move makes the eye the opponent would spoil), and so is the other
//! side's unit taken neither with the mover first nor with its owner first (a seki, or eyes
//! of its own): a held unit lives when it is a whole group, and a few chains of a bigger
//! group leave the group its verdict. One where neither side can capture is a seki (`seki`
//! proves it).
//!
//! Two groups not fenced in alone are read again as one fight: with the weak chain round
//! them that is no safe wall (three units: an invader's group and the stones it shut in,
//! two chains racing one in a corner), or as they are when one lies only in the other's eye
//! space. There only what holds whoever moves first is decided: a unit captured though its
//! owner moves first dies (never one lying only against the others: its capture is no
//! death), and when every unit of a colour dies so, the other colour's live. A unit lying
//! only in the eye space of a living one dies after all when that one cannot be taken even
//! with the attacker first and takes it though its owner moves first: it can neither escape
//! nor make seki. The smallest of these fights are read first: a big one can spend the
//! budget on nothing.

use super::enclosed::reach;
use super::reading;
use crate::board::{Cell, Chains, Grid};

/// Most empty points the two groups may fight over to be read.
const MAX_AREA: usize = 14;
/// Nodes one search may visit.
const BUDGET: u32 = 3_000;
/// Nodes one search may visit in a fight over more than [`SMALL_FIGHT`] points. Over the
/// corpus (twenty-sixth session) the 49 fenced pairs that settled nothing were all of that
/// size, 34 of them on the whole 6,000 nodes of their two readings (the slowest positions);
/// with half the budget there, no output line changes on the corpus, the markup sets or
/// the judged files, nor any count of the judged sets on seeds 1-7, and KGS January's
/// slowest position takes 2.7 ms, not 3.4.
const BIG_BUDGET: u32 = 1_500;
/// Nodes all the races of one position may visit.
const POSITION_BUDGET: u32 = 6_000;
/// Most units one fight may hold: two racing and a weak chain round them (with four, most
/// fights ran out of budget undecided).
const MAX_UNITS: usize = 3;
/// Nodes the fights of several units of one position may visit, out of what the pairs
/// left: most such fights settle nothing, and every position would pay for them.
const CLUSTER_BUDGET: u32 = 2_000;
/// Most points (empty, and small chains' stones) a fight may span and still read on the
/// full budgets ([`BUDGET`] a search; for several units, the whole [`CLUSTER_BUDGET`]):
/// bigger ones read on [`BIG_BUDGET`] a search, and several units share
/// [`BIG_FIGHT_BUDGET`].
const SMALL_FIGHT: usize = 9;
/// Nodes the fights of several units over more than [`SMALL_FIGHT`] points may visit in one
/// position, out of [`CLUSTER_BUDGET`]. Over the corpus (twenty-sixth session) 271 fights
/// spent the whole 2,000 and settled nothing, 260 of them over more than nine points, and
/// the 26 bigger ones settled on more than 500 nodes only confirmed the playouts: no dead
/// set of the corpus or the markup sets changes, nor any of the 4,285 judged positions
/// where GNU Go and KataGo agree (seeds 1-7 too), and KGS January's mean time falls by
/// 7 %. A fight of nine points can need most of the 2,000 (an invader's group taken in
/// 1,918: see the tests).
const BIG_FIGHT_BUDGET: u32 = 500;
/// Nodes the readings that only name a seki may visit in one position, apart from the
/// races' budget (they decide no stone): without a bound of their own, a position with many
/// races would pay up to [`BUDGET`] for each (measured at most 2,058 a position).
const NAMING_BUDGET: u32 = 3_000;

/// Most liberties of a chain every playout lost that [`lost_short_race`] sends to the reading.
const BLIND_LIBERTIES: usize = 6;

/// Whether the chain `ci`, which the playouts lost in (nearly) every playout, is next to an
/// opposing chain they kept in (nearly) every one that has no more liberties than it (and at
/// least two, as it has): a short race, which random filling of liberties loses for the
/// side that wins it by moving first as often as not. Such a pair is read like a race the
/// playouts left open, whatever their shares (`lost` and `kept` say which chains they lost
/// and kept; both must be undecided by rule).
pub(super) fn lost_short_race(
    g: &Grid,
    ch: &Chains,
    ci: usize,
    lost: &dyn Fn(usize) -> bool,
    kept: &dyn Fn(usize) -> bool,
) -> bool {
    let chain = &ch.chains[ci];
    let libs = chain.libs.len();
    lost(ci)
        && (2..=BLIND_LIBERTIES).contains(&libs)
        && chain.stones.iter().any(|&s| {
            g.geo.neighbours(s).into_iter().any(|q| {
                ch.id[q].is_some_and(|o| {
                    ch.chains[o].color != chain.color
                        && kept(o)
                        && (2..=libs).contains(&ch.chains[o].libs.len())
                })
            })
        })
}

/// What the estimate knows so far of the chains round a race, per chain.
#[derive(Clone, Copy)]
pub(super) struct Walls<'a> {
    /// May be taken as a safe wall: alive, and pass-alive or kept in most playouts.
    pub safe: &'a dyn Fn(usize) -> bool,
    /// Alive so far (not dead by the playouts or a reading).
    pub alive: &'a dyn Fn(usize) -> bool,
}

/// A race read out: the chains that die and those that live.
pub(super) struct Race {
    /// The loser's chain that is captured.
    pub dead: Vec<usize>,
    /// The winner's chains.
    pub alive: Vec<usize>,
    /// Chains no line takes, whoever moves first, or that the mover saves moving first:
    /// they live where they make up a whole group (a seki, eyes of their own, an eye the
    /// mover makes); a few chains of a bigger group leave the group its verdict.
    pub held: Vec<usize>,
    /// Every unit of the fight is held and none is taken by any line, whoever moves first:
    /// a seki, though a shared liberty may be filled without self-atari.
    pub seki: bool,
}

/// The races read on `g`'s board between racing units: chains that `racer` admits, joined
/// to the chains of their colour they share an eye with (an empty point all of whose
/// neighbours are theirs). Two units of opposite colours, next to each other or with
/// liberties in one small empty region, race when they are fenced in (see
/// [`Racers::fenced`]), fight over at most [`MAX_AREA`] empty points, and `doubtful` holds
/// for a chain of one of them (the playouts left its fate open). `walls` says which chains
/// are safe walls and which are alive so far; `to_move`, the colour the record leaves to
/// move, wins a race the first move decides. The nodes visited are taken from `nodes` too.
pub(super) fn read(
    g: &Grid,
    ch: &Chains,
    racer: &dyn Fn(usize) -> bool,
    doubtful: &dyn Fn(usize) -> bool,
    walls: Walls,
    to_move: Option<Cell>,
    nodes: &mut u32,
) -> Vec<Race> {
    // Most positions hold no open race: nothing to build then.
    if !(0..ch.chains.len()).any(|ci| racer(ci) && doubtful(ci)) {
        return Vec::new();
    }
    let start = POSITION_BUDGET.min(*nodes);
    let mut left = start;
    let out = read_races(
        g,
        ch,
        &Racers::new(g, ch, racer, walls),
        doubtful,
        to_move,
        &mut left,
    );
    *nodes -= start - left;
    out
}

/// [`read`]'s races, on `left` nodes at most (less what they used).
fn read_races(
    g: &Grid,
    ch: &Chains,
    racers: &Racers,
    doubtful: &dyn Fn(usize) -> bool,
    to_move: Option<Cell>,
    left: &mut u32,
) -> Vec<Race> {
    let mut out = Vec::new();
    let mut decided = vec![false; racers.units.len()];
    let mut naming = NAMING_BUDGET;
    // Pairs fenced in alone first; then the pairs that were not, read as one fight with
    // the weak chain round them, or alone when one lies in the other's eye space, on what
    // budget is left (at most `CLUSTER_BUDGET`, of which `BIG_FIGHT_BUDGET` for the fights
    // over more than `SMALL_FIGHT` points).
    let mut unfenced = Vec::new();
    for a in 0..racers.units.len() {
        for b in racers.partners(a) {
            if *left == 0 {
                return out;
            }
            if decided[a] || decided[b] {
                continue;
            }
            // Races the playouts settled clearly are not read again: the reading would
            // confirm them, at a cost every position pays.
            if !racers.units[a]
                .iter()
                .chain(&racers.units[b])
                .any(|&ci| doubtful(ci))
            {
                continue;
            }
            let Some(pair) = Fight::new(g, ch, racers, &[a, b]) else {
                continue;
            };
            if !racers.fenced(a, b, &pair.area) {
                unfenced.push((pair.area.len(), a, b));
                continue;
            }
            if let Some(r) = pair.outcome(g, to_move, left, &mut naming) {
                decided[a] = true;
                decided[b] = true;
                out.push(r);
            }
        }
    }
    let cluster_start = (*left).min(CLUSTER_BUDGET);
    let mut cluster_left = cluster_start;
    let mut big_left = BIG_FIGHT_BUDGET;
    unfenced.sort_by_key(|&(area, _, _)| area);
    for (_, a, b) in unfenced {
        if cluster_left == 0 {
            break;
        }
        let Some(members) = racers.cluster(a, b) else {
            continue;
        };
        if members.iter().any(|&u| decided[u]) {
            continue;
        }
        let Some(fight) = Fight::new(g, ch, racers, &members) else {
            continue;
        };
        // Who moves first does not decide a fight of several units: GNU Go and KataGo kept
        // a Black group such a reading killed, White to move, in a Fox game ended by a count.
        // With no mover, `outcome` never reaches the seki naming: it gets no nodes for it.
        // Big fights seldom end within any budget: they get a small one, shared.
        let big = fight.area.len() > SMALL_FIGHT;
        let given = if big { big_left } else { u32::MAX }.min(cluster_left);
        let mut fight_left = given;
        let outcome = fight.outcome(g, None, &mut fight_left, &mut 0);
        let used = given - fight_left;
        cluster_left -= used;
        if big {
            big_left -= used;
        }
        if let Some(r) = outcome {
            for &u in &members {
                decided[u] = true;
            }
            out.push(r);
        }
    }
    *left -= cluster_start - cluster_left;
    out
}

/// The racing units of a position and what pairs them.
struct Racers<'a> {
    g: &'a Grid,
    ch: &'a Chains,
    walls: Walls<'a>,
    /// The units (chain lists), in order of their first chain.
    units: Vec<Vec<usize>>,
    /// Per chain: its unit.
    unit_of: Vec<Option<usize>>,
    /// Per unit: the opposing chains next to its stones, ascending.
    near: Vec<Vec<usize>>,
    /// Per unit: the small empty regions its liberties lie in (by their first point).
    regions: Vec<Vec<usize>>,
}

impl<'a> Racers<'a> {
    fn new(
        g: &'a Grid,
        ch: &'a Chains,
        racer: &dyn Fn(usize) -> bool,
        walls: Walls<'a>,
    ) -> Racers<'a> {
        let units = units(g, ch, racer);
        let mut unit_of = vec![None; ch.chains.len()];
        for (u, unit) in units.iter().enumerate() {
            for &ci in unit {
                unit_of[ci] = Some(u);
            }
        }
        let sorted = |mut v: Vec<usize>| {
            v.sort_unstable();
            v.dedup();
            v
        };
        let near = units
            .iter()
            .map(|unit| {
                sorted(
                    unit.iter()
                        .flat_map(|&ci| &ch.chains[ci].stones)
                        .flat_map(|&s| g.geo.neighbours(s))
                        .filter_map(|q| ch.id[q])
                        .filter(|&o| ch.chains[o].color != ch.chains[unit[0]].color)
                        .collect(),
                )
            })
            .collect();
        // Each empty region, numbered by its first point; only the small ones pair units.
        let mut region = vec![usize::MAX; g.cells.len()];
        let mut small = vec![false; g.cells.len()];
        for p in 0..g.cells.len() {
            if g.cells[p] != Cell::Empty || region[p] != usize::MAX {
                continue;
            }
            let (mut stack, mut size) = (vec![p], 0);
            region[p] = p;
            while let Some(q) = stack.pop() {
                size += 1;
                for r in g.geo.neighbours(q) {
                    if g.cells[r] == Cell::Empty && region[r] == usize::MAX {
                        region[r] = p;
                        stack.push(r);
                    }
                }
            }
            small[p] = size <= MAX_AREA;
        }
        let regions = units
            .iter()
            .map(|unit| {
                sorted(
                    unit.iter()
                        .flat_map(|&ci| &ch.chains[ci].libs)
                        .map(|&l| region[l])
                        .filter(|&r| small[r])
                        .collect(),
                )
            })
            .collect();
        Racers {
            g,
            ch,
            walls,
            units,
            unit_of,
            near,
            regions,
        }
    }

    /// The units after `a` that may race it: of the other colour, next to it or with
    /// liberties in one of its small empty regions.
    fn partners(&self, a: usize) -> Vec<usize> {
        let color = |u: usize| self.ch.chains[self.units[u][0]].color;
        let mut partners: Vec<usize> = self.near[a]
            .iter()
            .filter_map(|&o| self.unit_of[o])
            .collect();
        partners.extend((0..self.units.len()).filter(|&b| {
            color(b) != color(a) && self.regions[b].iter().any(|r| self.regions[a].contains(r))
        }));
        partners.sort_unstable();
        partners.dedup();
        partners.retain(|&b| b > a);
        partners
    }

    /// Whether units `a` and `b` are fenced in for a race over `area`: every other chain
    /// next to them or to the area is a safe wall ([`Walls::safe`], and two liberties outside
    /// the area: it holds while the race is fought; a weak one would be part of the fight),
    /// and each unit touches such a wall (a unit that touches only the other lies in its eye
    /// space, where losing the race is no death: the other may be dead).
    fn fenced(&self, a: usize, b: usize, area: &[usize]) -> bool {
        let pair = [a, b];
        self.unsafe_round(&pair, area).is_empty()
            && pair.iter().all(|&x| self.touches_wall(x, &pair))
    }

    /// The chains next to `members` or to `area` (ascending) that belong to none of them and
    /// are no safe wall: not [`Walls::safe`], or with fewer than two liberties outside the area
    /// (a weak one would be part of the fight).
    fn unsafe_round(&self, members: &[usize], area: &[usize]) -> Vec<usize> {
        let (g, ch) = (self.g, self.ch);
        let ours = |o: usize| self.unit_of[o].is_some_and(|u| members.contains(&u));
        // The chain's liberties are distinct: two outside the (sorted) area, without
        // collecting them.
        let safe = |o: usize| {
            (self.walls.safe)(o)
                && ch.chains[o]
                    .libs
                    .iter()
                    .filter(|l| area.binary_search(l).is_err())
                    .nth(1)
                    .is_some()
        };
        let mut round: Vec<usize> = area
            .iter()
            .flat_map(|&p| g.geo.neighbours(p))
            .filter_map(|q| ch.id[q])
            .chain(members.iter().flat_map(|&u| self.near[u].iter().copied()))
            .collect();
        // Each chain tested once, not once a point it touches.
        round.sort_unstable();
        round.dedup();
        round.retain(|&o| !ours(o) && !safe(o));
        round
    }

    /// The units fighting with `a` and `b` when the two are not fenced in alone: the racing
    /// units among the chains round them or their area that are not safe walls, added until
    /// every other chain there is one (at most [`MAX_UNITS`] units, [`MAX_AREA`] points);
    /// `None` when a chain in the way is no racer or the fight grows past those bounds.
    fn cluster(&self, a: usize, b: usize) -> Option<Vec<usize>> {
        let ch = self.ch;
        let mut members = vec![a, b];
        loop {
            let libs: Vec<usize> = members
                .iter()
                .flat_map(|&u| &self.units[u])
                .flat_map(|&ci| ch.chains[ci].libs.iter().copied())
                .collect();
            let mut area = reach(self.g, &libs, &[], MAX_AREA)?;
            // Sorted: `unsafe_round` searches it.
            area.sort_unstable();
            let round = self.unsafe_round(&members, &area);
            if round.is_empty() {
                members.sort_unstable();
                return Some(members);
            }
            let mut added = round
                .iter()
                .map(|&o| self.unit_of[o])
                .collect::<Option<Vec<usize>>>()?;
            added.sort_unstable();
            added.dedup();
            members.extend(added);
            if members.len() > MAX_UNITS {
                return None;
            }
        }
    }

    /// Whether unit `u` touches a chain outside `members`: a unit that touches only the
    /// others lies in their eye space, where being captured is no death (they may be dead).
    fn touches_wall(&self, u: usize, members: &[usize]) -> bool {
        self.near[u]
            .iter()
            .any(|&o| self.unit_of[o].is_none_or(|v| !members.contains(&v)))
    }
}

/// The racing units: each chain `racer` admits, joined to the admitted chains of its colour
/// it shares an eye with; in order of their first chain.
fn units(g: &Grid, ch: &Chains, racer: &dyn Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..ch.chains.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (p, _) in g
        .cells
        .iter()
        .enumerate()
        .filter(|(_, v)| **v == Cell::Empty)
    {
        let mut around: Vec<usize> = Vec::with_capacity(4);
        let mut color = None;
        let mut eye = true;
        for q in g.geo.neighbours(p) {
            match (g.cells[q], ch.id[q]) {
                (Cell::Edge, _) => {}
                (v, Some(ci)) if color.is_none_or(|c| c == v) && racer(ci) => {
                    color = Some(v);
                    around.push(ci);
                }
                _ => eye = false,
            }
        }
        if eye && let Some((&first, rest)) = around.split_first() {
            for &ci in rest {
                let (x, y) = (root(&mut parent, first), root(&mut parent, ci));
                parent[x.max(y)] = x.min(y);
            }
        }
    }
    let mut units: Vec<Vec<usize>> = Vec::new();
    let mut index = vec![usize::MAX; ch.chains.len()];
    for ci in (0..ch.chains.len()).filter(|&ci| racer(ci)) {
        let r = root(&mut parent, ci);
        if index[r] == usize::MAX {
            index[r] = units.len();
            units.push(Vec::new());
        }
        units[index[r]].push(ci);
    }
    units
}

/// Units in a race (two, or a few when weak chains round them fight too) and the points
/// they fight over.
struct Fight<'a> {
    ch: &'a Chains,
    units: Vec<&'a [usize]>,
    /// Per unit: whether it touches a chain outside the fight (see [`Racers::touches_wall`]).
    walled: Vec<bool>,
    /// Per unit: whether every chain of it is alive so far ([`Walls::alive`]).
    living: Vec<bool>,
    /// Empty points reached from their liberties, and their small chains' stones; ascending.
    area: Vec<usize>,
    /// Their big chains' stones (see `reading::Area::watched`).
    watched: Vec<usize>,
    depth: u32,
}

impl<'a> Fight<'a> {
    /// The race between `members`, if they fight over few enough points.
    fn new(g: &Grid, ch: &'a Chains, racers: &'a Racers, members: &[usize]) -> Option<Fight<'a>> {
        let units: Vec<&[usize]> = members
            .iter()
            .map(|&u| racers.units[u].as_slice())
            .collect();
        let libs: Vec<usize> = units
            .iter()
            .flat_map(|u| u.iter())
            .flat_map(|&ci| ch.chains[ci].libs.iter().copied())
            .collect();
        let mut area = reach(g, &libs, &[], MAX_AREA)?;
        let empties = area.len() as u32;
        let mut watched = Vec::new();
        reading::replay_or_watch(
            ch,
            units.iter().flat_map(|u| u.iter()).copied(),
            &mut area,
            &mut watched,
        );
        Some(Fight {
            ch,
            walled: members
                .iter()
                .map(|&u| racers.touches_wall(u, members))
                .collect(),
            living: members
                .iter()
                .map(|&u| racers.units[u].iter().all(|&ci| (racers.walls.alive)(ci)))
                .collect(),
            units,
            area,
            watched,
            // Each side fills the other's liberties, a move each: twice the points, and a
            // few more for throw-ins and captures inside.
            depth: (2 * empties + 4).clamp(8, reading::MAX_DEPTH),
        })
    }

    /// Unit `i`'s colour.
    fn colour(&self, i: usize) -> Option<Cell> {
        self.units[i].first().map(|&ci| self.ch.chains[ci].color)
    }

    /// Whether a chain of unit `i` touches chain `t`: a stone beside it, or a liberty shared.
    fn touches(&self, g: &Grid, i: usize, t: usize) -> bool {
        let ch = self.ch;
        let taken = &ch.chains[t];
        self.units[i].iter().any(|&ci| {
            let chain = &ch.chains[ci];
            taken.libs.iter().any(|l| chain.libs.contains(l))
                || taken
                    .stones
                    .iter()
                    .any(|&s| g.geo.neighbours(s).iter().any(|&q| ch.id[q] == Some(ci)))
        })
    }

    /// Unit `i`'s biggest chain: the one a race takes.
    fn target(&self, i: usize) -> Option<usize> {
        self.units[i]
            .iter()
            .copied()
            .max_by_key(|&ci| self.ch.chains[ci].stones.len())
    }

    /// Nodes one search of this fight may visit.
    fn budget(&self) -> u32 {
        if self.area.len() > SMALL_FIGHT {
            BIG_BUDGET
        } else {
            BUDGET
        }
    }

    /// Whether unit `i`'s biggest chain is captured, its owner moving first unless
    /// `attacker_first`; `None` when the budget ran out.
    fn captured(&self, g: &Grid, i: usize, attacker_first: bool, left: &mut u32) -> Option<bool> {
        let target = self.target(i)?;
        let colour = self.colour(i);
        let rivals: Vec<usize> = (0..self.units.len())
            .filter(|&j| self.colour(j) != colour)
            .flat_map(|j| self.units[j].iter())
            .filter_map(|&ci| self.ch.chains[ci].stones.first().copied())
            .collect();
        let (answer, used) = reading::captures(
            &g.geo,
            &g.cells,
            reading::Area {
                points: &self.area,
                watched: &self.watched,
                rivals: &rivals,
                pass_last: false,
                reserved: &[],
            },
            &self.ch.chains[target],
            attacker_first,
            self.depth..=self.depth,
            self.budget().min(*left),
        );
        *left = left.saturating_sub(used);
        answer
    }

    /// The race's outcome, or `None` when the reading cannot say. The biggest chain of a
    /// unit captured though its owner moves first dies (the unit's other chains may still
    /// connect out: they keep their verdict); when every unit of a colour dies so, the other
    /// colour's units that touch a chain taken live. Failing any, when the side not `to_move`
    /// has one unit, its biggest chain dies if the side to move captures it moving first, and
    /// the mover's units that touch it live; else the mover's walled units live alone (none
    /// is taken though it moves first). A unit lying only in the others' eye space is never
    /// found dead.
    fn outcome(
        &self,
        g: &Grid,
        to_move: Option<Cell>,
        left: &mut u32,
        naming: &mut u32,
    ) -> Option<Race> {
        let k = self.units.len();
        // The winners: the other colour's units that touch a chain taken (a stone beside it,
        // or a liberty shared). One that does not took no part in its capture (a wall did,
        // elsewhere) and gains nothing by it: it keeps its verdict.
        let alive_of = |loser: Option<Cell>, taken: &[usize]| -> Vec<usize> {
            (0..k)
                .filter(|&j| {
                    self.colour(j) != loser && taken.iter().any(|&t| self.touches(g, j, t))
                })
                .flat_map(|j| self.units[j].iter().copied())
                .collect()
        };
        let mut lost: Vec<usize> = Vec::new();
        // Of two units, one that is taken though its owner moves first makes the other the
        // winner, whatever the other's reading (run out of budget) could not say: proving a
        // capture is cheaper than proving none (race 769's `r0075b`: 1,143 nodes against
        // 3,708).
        let mut unread = false;
        for i in (0..k).filter(|&i| self.walled[i]) {
            match self.captured(g, i, false, left) {
                Some(true) => {
                    lost.push(i);
                    // Two units: the other is the winner, nothing left to read.
                    if k == 2 {
                        break;
                    }
                }
                Some(false) => {}
                None if k == 2 => unread = true,
                None => return None,
            }
        }
        if unread && lost.is_empty() {
            return None;
        }
        if let Some(&first) = lost.first() {
            let loser = self.colour(first);
            if lost.iter().any(|&i| self.colour(i) != loser) {
                return None;
            }
            let all_lost = (0..k).all(|j| self.colour(j) != loser || lost.contains(&j));
            let dead: Vec<usize> = lost.iter().filter_map(|&i| self.target(i)).collect();
            return Some(Race {
                alive: if all_lost {
                    alive_of(loser, &dead)
                } else {
                    Vec::new()
                },
                dead,
                held: Vec::new(),
                seki: false,
            });
        }
        if let Some(r) = self.taken_inside(g, left)? {
            return Some(r);
        }
        // None loses whoever starts: the first move may decide it, and the record says who
        // makes it.
        let mover = to_move?;
        let others: Vec<usize> = (0..k).filter(|&i| self.colour(i) != Some(mover)).collect();
        // The other side's one walled unit: dead if the mover takes it; if not, taken by no
        // line whoever moves first, it holds.
        let mut held = Vec::new();
        if let [loser] = others[..]
            && self.walled[loser]
        {
            if self.captured(g, loser, true, left)? {
                let dead = vec![self.target(loser)?];
                return Some(Race {
                    alive: alive_of(self.colour(loser), &dead),
                    dead,
                    held: Vec::new(),
                    seki: false,
                });
            }
            held = self.units[loser].to_vec();
        }
        // A seki when the mover's units are not taken with the opponent first either. Read
        // on a budget of its own (`naming`): the answer decides no stone, it only names the
        // seki.
        let seki = !held.is_empty()
            && (0..k).all(|i| {
                let mut spare = (*left).min(*naming);
                let before = spare;
                let named = self.walled[i]
                    && (self.colour(i) != Some(mover)
                        || self.captured(g, i, true, &mut spare) == Some(false));
                *naming -= before - spare;
                named
            });
        // The mover cannot take the others, but its own walled units, none of them taken
        // though their owner moves first (read above), are held too: it makes the move that
        // saves them (an eye the opponent would have spoilt). The others keep their verdict.
        held.extend(
            (0..k)
                .filter(|&i| self.walled[i] && self.colour(i) == Some(mover))
                .flat_map(|i| self.units[i].iter().copied()),
        );
        (!held.is_empty()).then_some(Race {
            dead: Vec::new(),
            alive: Vec::new(),
            held,
            seki,
        })
    }

    /// Two units, one lying only in the other's eye space: when the walled one, alive so
    /// far, cannot be taken even with the attacker first and takes the other though its
    /// owner moves first, the inner one dies whoever moves (it can neither escape nor make
    /// seki) and the outer lives. The outer one need not be a safe wall by the playouts'
    /// share: its share is low because they lose this very fight, and near the wall's line
    /// the verdict went with the sample (GNU Go's evand game: 70 % of seeds). `Some(None)`
    /// when that does not hold; `None` when the budget ran out.
    fn taken_inside(&self, g: &Grid, left: &mut u32) -> Option<Option<Race>> {
        let (outer, inner) = match self.walled[..] {
            [true, false] => (0, 1),
            [false, true] => (1, 0),
            _ => return Some(None),
        };
        if !self.living[outer] {
            return Some(None);
        }
        // The inner unit's capture first: a capture is proved in fewer nodes than a unit's
        // safety, and without it the outer one's reading is not needed.
        if !self.captured(g, inner, false, left)? || self.captured(g, outer, true, left)? {
            return Some(None);
        }
        Some(Some(Race {
            dead: vec![self.target(inner)?],
            alive: self.units[outer].to_vec(),
            held: Vec::new(),
            seki: false,
        }))
    }
}
