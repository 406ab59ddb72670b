//! The dead-stone estimate: Benson's pass-alive chains are settled first, static shapes the
//! playouts misjudge (bent four in the corner) next, then the playouts decide the rest —
//! group by group rather than chain by chain, with open kos keeping their stone and groups
//! near a coin toss flagged as unsure; local reading then overrules them where they are
//! blind (a group whose only eye is a capture leaving a killing shape, groups shut in a
//! small space, open capturing races, false seki, a chain in atari its owner to move
//! saves), and a chain its living group's playouts almost never keep dies alone; last, a
//! group near a coin toss in the opponent's area dies and a dead chain in its own area
//! lives. Each group's decision keeps how it was reached (a [`Unit`]). This file holds the
//! order; the playouts' shares are `sample`'s, the rules the sibling modules' (`one_eye`,
//! `enclosed`, `race`, `seki`, `escape`, `area`).

use super::area::{
    finished, in_the_open, in_the_opponents_area, in_their_own_area, open_points, out_of_seki,
};
use super::benson::{Enclosures, pass_alive_and_enclosures};
use super::enclosed;
use super::escape::{ESCAPE_POSITION_BUDGET, escapes, joins_a_living_chain, joins_into_two_eyes};
use super::one_eye::taken_into_one_eye;
use super::race;
use super::sample::{Sample, group_kept};
use super::seki::{out_of_their_seki, prove_seki};
use super::shape::bent_four_in_the_corner;
use super::stones::{any_marked, clear_stones, groups, lift, lifted, mark_stones};
use super::{EstimateParams, Method};
use crate::board::{Cell, Chain, Chains, Grid, Position};
use std::borrow::Cow;

/// Band a group near a coin toss in the first playouts must leave, in all the playouts, to be
/// sure once the extra ones gave the first move to one side (see [`Unit::toss`]).
const TOSS_LOW: f64 = 0.2;
const TOSS_HIGH: f64 = 0.8;
/// Share of the playouts a chain around a shut-in group or a race must keep its points in,
/// more than this, to be taken as a safe wall by the reading: above the band that makes a
/// group uncertain, so that no chain the estimate itself calls near a coin toss fences a
/// fight in (at 0.7, left so when the band grew to 27–73 %, a one-eyed group kept in 70.8 %
/// was a wall round the corner group it was racing, and the race killed that group).
const WALL_KEPT: f64 = super::UNCERTAIN_BAND.1;
/// A race is read when the playouts kept one of its chains in this share of them at least
/// and this share at most: a race they settle more clearly, the reading only confirms. (At
/// 10-90 % a race with a two-point eye escaped the reading: random play fills its own
/// two-point eye, and kept such a group in about 9 % of the playouts though it wins moving
/// first; at 5-95 %, a group whose owner, to move, makes a straight three two eyes, kept in
/// 3 %.) A short race they settle the same way every time is read too
/// ([`race::lost_short_race`]).
const RACE_LOW: f64 = 0.02;
const RACE_HIGH: f64 = 0.98;
/// Nodes all the readings of chains joining a pass-alive chain of one position may visit.
const JOIN_POSITION_BUDGET: u32 = 2_000;
/// A chain of a living group kept in fewer of the playouts than this is cut off from it
/// and dies alone (the group's other chains live). At 0.3 a weak but connected chain of a
/// finished game was taken; 0.2 leaves finished games as they were. On a board whose borders
/// are still open ([`regions_mostly_open`](super::area::regions_mostly_open)), for a chain
/// whose liberties all lie in open regions (no eye or point of its own), the line is the
/// dead/alive line itself: a group joined through open points is no group there, and such a
/// chain is judged by its own share.
const TAIL_KEPT: f64 = 0.2;
/// What the estimate decided, per row-major point.
pub(super) struct Estimate {
    /// Stones judged dead.
    pub dead: Vec<bool>,
    /// True when every chain was settled by rule (pass-alive), none by playouts or shapes.
    pub certain: bool,
    /// Each decision unit (a group, or a chain of a group holding a pass-alive chain) and how
    /// it was decided; seki is told apart later, once the statuses are known.
    pub units: Vec<Unit>,
    /// Per point: a stone of a chain the seki search read and found holding, or of a group
    /// and the stones inside its space a reading found in seki (their owner to move).
    pub seki_held: Vec<bool>,
    /// Per point: a stone of a whole group a race reading found in seki, taken by no line
    /// whoever moves first (see [`race::Race::seki`]).
    pub race_held: Vec<bool>,
    /// Nodes the readings visited, out of [`EstimateParams::reading_nodes`] (for the tests
    /// of the budgets).
    #[cfg(test)]
    pub nodes: u32,
}

/// Stones decided together, and how.
pub(super) struct Unit {
    /// Row-major indices of the stones, ascending.
    pub stones: Vec<usize>,
    /// How they were decided.
    pub method: Method,
    /// Share of the playouts in which they kept their points, when the playouts decided.
    pub kept: Option<f64>,
    /// The first playouts, where Black and White take turns moving first, left them near a
    /// coin toss, and the extra ones, the record's player to move first, turned the decision
    /// round or left it within [`TOSS_LOW`]–[`TOSS_HIGH`]: the verdict rests on who moves.
    pub toss: bool,
}

impl Unit {
    /// Adds `self` to `units` as a unit of its own, its stones taken out of the unit that
    /// held them (a chain decided apart from its group).
    pub(super) fn split_into(self, units: &mut Vec<Unit>) {
        for u in units.iter_mut() {
            u.stones.retain(|s| self.stones.binary_search(s).is_err());
        }
        units.push(self);
    }

    /// Whether the playouts left these stones near a coin toss: uncertain by their share
    /// alone, whatever decided them since.
    pub(super) fn playouts_uncertain(&self) -> bool {
        super::GroupDecision::confidence_of(
            Method::Playouts,
            self.kept,
            self.toss,
            self.stones.len(),
        ) == super::GroupConfidence::Uncertain
    }
}

/// The estimate for `pos`: the phases in their order, each a function below.
pub(super) fn estimate(pos: &Position, params: EstimateParams) -> Estimate {
    let n = pos.cells.len();
    let Some(g) = Grid::from_position(pos) else {
        return Estimate::by_rule(vec![false; n], true, Vec::new());
    };
    let ch = Chains::of(&g.geo, &g.cells);
    let mut rules = Rules::of(&g, &ch, n);
    if rules.settled.iter().all(|&s| s) {
        let certain = !rules.forced.contains(&true);
        return Estimate::by_rule(rules.dead, certain, rules.units);
    }
    let play_grid = taken_for_playouts(&g, &ch, &rules.forced, &mut rules.enclosure);
    let sample = Sample::run(
        &g,
        &ch,
        &play_grid,
        &rules.enclosure,
        &rules.groups,
        &rules.settled,
        &rules.dead,
        params,
    );
    let k = Known::new(&g, &ch, params, rules.groups, rules.settled, sample);
    let chains = ch.chains.len();
    let mut v = Verdict::new(n, chains, rules.dead, rules.units, params.reading_nodes);
    v.decide_groups(&k, &rules.forced);
    let read_already = v.read_shut_in(&k);
    let races = v.read_races(&k, &read_already);
    let mut seki_board = v.prove_seki(&k);
    v.read_beside_lost_races(&k, &races, &seki_board);
    v.read_beside_held(&k, &mut seki_board);
    v.escape_from_atari(&k);
    v.join_into_two_eyes(&k);
    v.cut_off_tails(&k);
    v.kill_in_the_opponents_area(pos, &k);
    v.revive_in_their_own_area(&k);
    Estimate {
        dead: v.dead,
        certain: false,
        units: v.units,
        seki_held: v.seki_held,
        race_held: v.race_held,
        #[cfg(test)]
        nodes: params.reading_nodes - v.nodes,
    }
}

impl Estimate {
    /// An estimate every chain of which the rules settled: no seki, no race.
    fn by_rule(dead: Vec<bool>, certain: bool, units: Vec<Unit>) -> Estimate {
        let n = dead.len();
        Estimate {
            dead,
            certain,
            units,
            seki_held: vec![false; n],
            race_held: vec![false; n],
            #[cfg(test)]
            nodes: 0,
        }
    }
}

/// The row-major stones of `chains`, ascending.
fn stones_of(g: &Grid, ch: &Chains, chains: &[usize]) -> Vec<usize> {
    let mut v: Vec<usize> = chains
        .iter()
        .flat_map(|&ci| ch.chains[ci].stones.iter().map(|&s| g.geo.unpad(s)))
        .collect();
    v.sort_unstable();
    v
}

/// What is settled before any playout: Benson's pass-alive chains, and the groups a static
/// shape the playouts misjudge (bent four in the corner) kills, with the chains inside them.
struct Rules {
    /// The groups (chains of one colour joined through empty points), as chain indices.
    groups: Vec<Vec<usize>>,
    /// Per chain: settled by rule (pass-alive, killed by a shape or living inside one).
    settled: Vec<bool>,
    /// Per chain: of a group a shape kills.
    forced: Vec<bool>,
    /// Benson's enclosures, where the playouts bar the opponent.
    enclosure: Enclosures,
    /// Per row-major point: a stone a shape kills.
    dead: Vec<bool>,
    /// The units the rules decided.
    units: Vec<Unit>,
}

impl Rules {
    /// The rules' decisions on the position of `g` (of `n` points).
    fn of(g: &Grid, ch: &Chains, n: usize) -> Rules {
        let mut dead = vec![false; n];
        let (mut settled, enclosure) = pass_alive_and_enclosures(g, ch);
        let pass_alive_chain = settled.clone();
        // Static shapes the playouts misjudge: decided before them, kept out of their verdict.
        let groups = groups(g, ch);
        let mut forced = vec![false; ch.chains.len()];
        for grp in &groups {
            if let Some(inside) = bent_four_in_the_corner(g, ch, grp, &settled) {
                for &ci in grp {
                    forced[ci] = true;
                    settled[ci] = true;
                    mark_stones(g, &ch.chains[ci], &mut dead);
                }
                for ci in inside {
                    settled[ci] = true;
                }
            }
        }
        let mut units = Vec::new();
        for grp in &groups {
            if grp.iter().any(|&ci| forced[ci]) {
                units.push(Unit {
                    stones: stones_of(g, ch, grp),
                    method: Method::Shape,
                    kept: None,
                    toss: false,
                });
                continue;
            }
            // Chains settled by rule: pass-alive, or living inside a bent four.
            for (method, rule) in [(Method::PassAlive, true), (Method::Shape, false)] {
                let chains: Vec<usize> = grp
                    .iter()
                    .copied()
                    .filter(|&ci| settled[ci] && pass_alive_chain[ci] == rule)
                    .collect();
                if !chains.is_empty() {
                    units.push(Unit {
                        stones: stones_of(g, ch, &chains),
                        method,
                        kept: None,
                        toss: false,
                    });
                }
            }
        }
        Rules {
            groups,
            settled,
            forced,
            enclosure,
            dead,
            units,
        }
    }
}

/// What the readings start from: the board, its chains and groups, what the rules settled
/// and how the playouts kept each chain. Fixed once the playouts have run.
struct Known<'a> {
    g: &'a Grid,
    ch: &'a Chains,
    params: EstimateParams,
    /// The groups, as chain indices.
    groups: Vec<Vec<usize>>,
    /// The groups none of whose chains the rules settled.
    unsettled: Vec<Vec<usize>>,
    /// Per chain: settled by rule.
    settled: Vec<bool>,
    /// Per padded point: a stone of a chain settled by rule.
    settled_points: Vec<bool>,
    /// Per chain: the share of all the playouts in which it kept its points.
    kept: Vec<f64>,
    /// Per chain: the same over the first playouts.
    first_kept: Vec<f64>,
    /// Whether extra playouts ran with the record's player to move first.
    by_mover: bool,
    /// Per chain: a ko left open between living chains keeps its stone (nobody won the ko).
    in_ko: Vec<bool>,
    /// The colour to move, if known.
    to_move: Option<Cell>,
}

impl<'a> Known<'a> {
    /// What the rules and the playouts (`sample`) found on `g`, with the open kos.
    fn new(
        g: &'a Grid,
        ch: &'a Chains,
        params: EstimateParams,
        groups: Vec<Vec<usize>>,
        settled: Vec<bool>,
        sample: Sample,
    ) -> Known<'a> {
        let Sample {
            kept,
            first_kept,
            by_mover,
        } = sample;
        let in_ko = ch
            .chains
            .iter()
            .map(|x| {
                open_ko(g, ch, x).is_some_and(|around| {
                    around
                        .iter()
                        .all(|&ci| settled[ci] || kept[ci] >= params.dead_below)
                })
            })
            .collect();
        let unsettled = groups
            .iter()
            .filter(|grp| grp.iter().all(|&ci| !settled[ci]))
            .cloned()
            .collect();
        let mut settled_points = vec![false; g.cells.len()];
        for (chain, _) in ch.chains.iter().zip(&settled).filter(|(_, s)| **s) {
            for &s in &chain.stones {
                settled_points[s] = true;
            }
        }
        Known {
            g,
            ch,
            params,
            groups,
            unsettled,
            settled,
            settled_points,
            kept,
            first_kept,
            by_mover,
            in_ko,
            to_move: params.to_move.map(Cell::of),
        }
    }

    /// The reading of groups shut in a small space.
    fn shut_in(&self) -> ShutIn<'_> {
        ShutIn {
            g: self.g,
            ch: self.ch,
            settled: &self.settled,
            kept: &self.kept,
            to_move: self.to_move,
        }
    }

    /// Whether chain `ci` has a stone marked in a per-point map (dead, seki).
    fn hit(&self, ci: usize, map: &[bool]) -> bool {
        any_marked(self.g, &self.ch.chains[ci], map)
    }

    /// Near a coin toss in the first playouts (share `first`), and decided the other way, or
    /// not far from it, once the player to move played first (share `k`): the decision rests
    /// on who moves.
    fn toss(&self, first: f64, k: f64) -> bool {
        let line = self.params.dead_below;
        self.by_mover
            && super::near_coin_toss(first)
            && ((first < line) != (k < line) || (TOSS_LOW..=TOSS_HIGH).contains(&k))
    }

    /// A unit of the playouts' decision on the stones of `chains`, with share `k`.
    fn playout_unit(&self, chains: &[usize], k: f64, toss: bool) -> Unit {
        Unit {
            stones: stones_of(self.g, self.ch, chains),
            method: Method::Playouts,
            kept: Some(k),
            toss,
        }
    }
}

/// The verdict as the phases after the playouts revise it.
struct Verdict {
    /// Per row-major point: a stone judged dead.
    dead: Vec<bool>,
    /// The decision units.
    units: Vec<Unit>,
    /// Per row-major point: the unit its stone belonged to once the playouts had decided
    /// (a chain split from its unit since still names its group's).
    unit_of: Vec<usize>,
    /// Per chain: a reading named it (decided it dead, alive or held): the unit of a group
    /// takes the reading's method from any of them, but the group's other chains were not
    /// read.
    named: Vec<bool>,
    /// The chains of the groups, and the stones inside them, read in seki.
    seki_read: Vec<usize>,
    /// See [`Estimate::seki_held`].
    seki_held: Vec<bool>,
    /// See [`Estimate::race_held`].
    race_held: Vec<bool>,
    /// Nodes all the readings below may visit together (each has budgets of its own too).
    nodes: u32,
}

impl Verdict {
    /// The rules' verdict on `n` points and `chains` chains, before the playouts decide the
    /// other groups.
    fn new(n: usize, chains: usize, dead: Vec<bool>, units: Vec<Unit>, nodes: u32) -> Verdict {
        Verdict {
            dead,
            units,
            unit_of: vec![usize::MAX; n],
            named: vec![false; chains],
            seki_read: Vec::new(),
            seki_held: vec![false; n],
            race_held: vec![false; n],
            nodes,
        }
    }

    /// Decides groups, not chains, by the playouts: chains of one colour joined through
    /// empty points share one fate (a group is never half dead), unless a pass-alive chain
    /// is among them. The chains joining a pass-alive chain take their nodes first.
    fn decide_groups(&mut self, k: &Known, forced: &[bool]) {
        let (g, ch, kept) = (k.g, k.ch, &k.kept);
        let dead_below = k.params.dead_below;
        let joining_start = JOIN_POSITION_BUDGET.min(self.nodes);
        let mut joining = joining_start;
        for grp in &k.groups {
            if grp.iter().any(|&ci| forced[ci]) {
                continue;
            }
            if grp.iter().any(|&ci| k.settled[ci]) {
                for &ci in grp {
                    if k.settled[ci] {
                        continue;
                    }
                    // A chain the playouts did not keep clearly, that joins a pass-alive chain
                    // of its own whatever the opponent does, lives with it.
                    let joins = kept[ci] < RACE_HIGH
                        && joins_a_living_chain(
                            g,
                            ch,
                            &ch.chains[ci],
                            &|o| k.settled[o],
                            &mut joining,
                        );
                    if joins {
                        self.units.push(Unit {
                            stones: stones_of(g, ch, &[ci]),
                            method: Method::Reading,
                            kept: Some(kept[ci]),
                            toss: false,
                        });
                        continue;
                    }
                    if !k.in_ko[ci] && kept[ci] < dead_below {
                        mark_stones(g, &ch.chains[ci], &mut self.dead);
                    }
                    let toss = k.toss(k.first_kept[ci], kept[ci]);
                    self.units.push(k.playout_unit(&[ci], kept[ci], toss));
                }
                continue;
            }
            // A dead group's ko stone dies with it: the friends that would retake the ko are
            // among the dead.
            let share = group_kept(ch, grp, kept);
            if share < dead_below {
                for &ci in grp {
                    mark_stones(g, &ch.chains[ci], &mut self.dead);
                }
            }
            let toss = k.toss(group_kept(ch, grp, &k.first_kept), share);
            self.units.push(k.playout_unit(grp, share, toss));
        }
        // What the chains joining a pass-alive chain read comes out of the shared budget.
        self.nodes -= joining_start - joining;
        // Which unit each stone belongs to, to name what the readings decided.
        for (u, unit) in self.units.iter().enumerate() {
            for &s in &unit.stones {
                self.unit_of[s] = u;
            }
        }
    }

    /// The unit a chain's stones belonged to once the playouts had decided.
    fn unit_index(&self, k: &Known, ci: usize) -> Option<usize> {
        k.ch.chains[ci]
            .stones
            .first()
            .map(|&s| self.unit_of[k.g.geo.unpad(s)])
    }

    /// The unit that holds the row-major stone `s` now (after any split).
    fn unit_at(&self, s: usize) -> Option<&Unit> {
        self.units
            .iter()
            .find(|u| u.stones.binary_search(&s).is_ok())
    }

    /// Marks the chains a reading named, and their units as decided by reading.
    fn by_reading(&mut self, k: &Known, chains: impl IntoIterator<Item = usize>) {
        for ci in chains {
            self.named[ci] = true;
            if let Some(unit) = self.unit_index(k, ci).and_then(|u| self.units.get_mut(u)) {
                unit.method = Method::Reading;
            }
        }
    }

    /// As [`by_reading`](Self::by_reading), for the row-major stones a seki proof named.
    fn stones_by_reading(&mut self, k: &Known, stones: Vec<usize>) {
        for s in stones {
            if let Some(ci) = k.ch.id[k.g.geo.pad(s)] {
                self.named[ci] = true;
            }
            if let Some(unit) = self.units.get_mut(self.unit_of[s]) {
                unit.method = Method::Reading;
            }
        }
    }

    /// A chain a reading takes out of its group: a unit of its own, taken out of its group's
    /// (which keeps its own method).
    fn read_apart(&mut self, k: &Known, ci: usize) {
        Unit {
            stones: stones_of(k.g, k.ch, &[ci]),
            method: Method::Reading,
            kept: Some(k.kept[ci]),
            toss: false,
        }
        .split_into(&mut self.units);
    }

    /// Records what a reading of shut-in groups decided: the chains it read (by reading),
    /// those it cut off (units of their own), those in seki. Returns the chains cut off.
    fn record_reads(&mut self, k: &Known, reads: &[enclosed::Read]) -> Vec<usize> {
        self.by_reading(k, read_chains(reads));
        let mut cut = Vec::new();
        for ci in reads
            .iter()
            .filter(|r| r.fate == enclosed::Fate::Cut)
            .flat_map(|r| r.group.iter().copied())
        {
            self.read_apart(k, ci);
            cut.push(ci);
        }
        // The groups and stones inside them read in seki: held, whatever the seki search
        // (which starts from what already looks like seki) says.
        for r in reads.iter().filter(|r| r.fate == enclosed::Fate::Seki) {
            self.seki_read.extend(r.group.iter().chain(&r.inside));
        }
        cut
    }

    /// Groups the playouts keep alive in a small space of their own are read out: a nakade
    /// shape, a false eye or a sacrifice inside kills them whatever the playouts said.
    /// Returns, per chain, whether these readings decided it.
    fn read_shut_in(&mut self, k: &Known) -> Vec<bool> {
        let shut_in = k.shut_in();
        // A group the playouts keep whose only eye would come from taking a chain standing
        // in a killing shape is dead, and the chain lives: the opponent plays its vital point.
        let wall = |dead: &[bool], ci: usize| shut_in.safe_wall(dead, ci);
        let nakade_read = taken_into_one_eye(
            k.g,
            k.ch,
            &k.unsettled,
            &mut self.dead,
            &wall,
            k.to_move,
            &mut self.nodes,
        );
        self.by_reading(k, nakade_read.iter().copied());
        let reads = shut_in.read(
            &k.g.cells,
            &k.unsettled,
            &mut self.dead,
            None,
            &mut self.nodes,
        );
        let cut = self.record_reads(k, &reads);
        let mut read_already = vec![false; k.ch.chains.len()];
        for ci in read_chains(&reads).chain(cut).chain(nakade_read) {
            read_already[ci] = true;
        }
        read_already
    }

    /// Races between chains neither settled by rule nor read as shut in: those the playouts
    /// left open, and short races they settled the same way every time, which they often get
    /// wrong (random filling of liberties ignores who moves first).
    fn read_races(&mut self, k: &Known, read_already: &[bool]) -> Vec<race::Race> {
        let (g, ch, kept, settled) = (k.g, k.ch, &k.kept, &k.settled);
        let racer = |ci: usize| !settled[ci] && !read_already[ci];
        let doubtful: Vec<bool> = (0..ch.chains.len())
            .map(|ci| {
                (RACE_LOW..=RACE_HIGH).contains(&kept[ci])
                    || race::lost_short_race(
                        g,
                        ch,
                        ci,
                        &|o| !settled[o] && kept[o] < RACE_LOW,
                        &|o| !settled[o] && kept[o] > RACE_HIGH,
                    )
            })
            .collect();
        let shut_in = k.shut_in();
        let dead = &self.dead;
        let wall_alive = |ci: usize| shut_in.safe_wall(dead, ci);
        let alive = |ci: usize| !k.hit(ci, dead);
        let races = race::read(
            g,
            ch,
            &racer,
            &|ci| doubtful[ci],
            race::Walls {
                safe: &wall_alive,
                alive: &alive,
            },
            k.to_move,
            &mut self.nodes,
        );
        for r in &races {
            for &ci in &r.dead {
                mark_stones(g, &ch.chains[ci], &mut self.dead);
            }
            for &ci in &r.alive {
                clear_stones(g, &ch.chains[ci], &mut self.dead);
            }
            let held = held_alive(&r.held, &k.unsettled);
            for &ci in &held {
                clear_stones(g, &ch.chains[ci], &mut self.dead);
                if r.seki {
                    mark_stones(g, &ch.chains[ci], &mut self.race_held);
                }
            }
            // A chain taken out of a group whose other stones live is a unit of its own; the
            // group keeps its method.
            let among_living = |ci: usize| {
                ch.chains[ci].stones.first().is_some_and(|&s| {
                    self.unit_at(g.geo.unpad(s))
                        .is_some_and(|u| u.stones.iter().any(|&t| !self.dead[t]))
                })
            };
            let (apart, with_group): (Vec<usize>, Vec<usize>) =
                r.dead.iter().partition(|&&ci| among_living(ci));
            for ci in apart {
                self.read_apart(k, ci);
            }
            let named = with_group.into_iter().chain(r.alive.iter().copied());
            self.by_reading(k, named.chain(held.iter().copied()));
        }
        races
    }

    /// The seki proof's rounds on `board`, the units of the chains it refutes marked as read.
    fn seki_rounds(&mut self, k: &Known, board: &mut [Cell]) {
        let refuted = prove_seki(
            k.g,
            &k.settled_points,
            &mut self.dead,
            &mut self.seki_held,
            board,
            &mut self.nodes,
        );
        self.stones_by_reading(k, refuted);
    }

    /// What now looks like seki is proved, or the chain the other side captures is dead. A
    /// chain found dead in a false seki frees the chains it held: a group shut in a small
    /// space by them is read again, on the board without it. Returns that board.
    fn prove_seki(&mut self, k: &Known) -> Vec<Cell> {
        let mut seki_board = k.g.cells.clone();
        self.seki_rounds(k, &mut seki_board);
        if seki_board != k.g.cells {
            let reads = k.shut_in().read(
                &seki_board,
                &k.unsettled,
                &mut self.dead,
                None,
                &mut self.nodes,
            );
            self.record_reads(k, &reads);
        }
        seki_board
    }

    /// A chain lost in a race frees its captor: a group the captor walls in a small space,
    /// left unread while the captor had no room (its liberties all in that space, the lost
    /// chain round the rest), is read again on `seki_board` without the lost chain. Not a
    /// group touching the lost chain (the captor's own): it gains those points by taking the
    /// chain, not before.
    fn read_beside_lost_races(&mut self, k: &Known, races: &[race::Race], seki_board: &[Cell]) {
        let (g, ch) = (k.g, k.ch);
        let lost: Vec<usize> = races.iter().flat_map(|r| r.dead.iter().copied()).collect();
        if lost.is_empty() {
            return;
        }
        // The chains next to chain `ci` (by a stone or a liberty), `ci` itself left out.
        let beside = |ci: usize| {
            let chain = &ch.chains[ci];
            chain
                .stones
                .iter()
                .chain(&chain.libs)
                .flat_map(|&p| g.geo.neighbours(p))
                .filter_map(|q| ch.id[q])
                .filter(move |&o| o != ci)
        };
        // Per chain, once: whether it touches a lost chain.
        let touches_lost: Vec<bool> = (0..ch.chains.len())
            .map(|ci| beside(ci).any(|o| lost.contains(&o)))
            .collect();
        let captor_beside = |ci: usize| {
            beside(ci).any(|w| {
                ch.chains[w].color == ch.chains[ci].color.opponent()
                    && !lost.contains(&w)
                    && touches_lost[w]
            })
        };
        let beside_captor: Vec<Vec<usize>> = k
            .unsettled
            .iter()
            .filter(|grp| {
                grp.iter()
                    .all(|&ci| !k.hit(ci, &self.dead) && !lost.contains(&ci) && !touches_lost[ci])
                    && grp.iter().any(|&ci| captor_beside(ci))
            })
            .cloned()
            .collect();
        if beside_captor.is_empty() {
            return;
        }
        let mut board = seki_board.to_vec();
        for &ci in &lost {
            lift(&ch.chains[ci], &mut board);
        }
        let reads = k.shut_in().read(
            &board,
            &beside_captor,
            &mut self.dead,
            None,
            &mut self.nodes,
        );
        self.record_reads(k, &reads);
    }

    /// A chain the seki proof holds is a safe wall for the group beside it, though its only
    /// room is its eye and the liberty it shares (nothing played in that group's space takes
    /// it). A group so killed frees the chain's room: its seki is proved again, and may fall.
    /// Then the groups read in seki are held.
    fn read_beside_held(&mut self, k: &Known, seki_board: &mut [Cell]) {
        let g = k.g;
        let any_held = self.seki_held.contains(&true);
        let beside_held: Vec<Vec<usize>> = k
            .unsettled
            .iter()
            .filter(|grp| {
                any_held
                    && grp
                        .iter()
                        .all(|&ci| !k.hit(ci, &self.seki_held) && !k.hit(ci, &self.dead))
                    && grp.iter().any(|&ci| {
                        let c = &k.ch.chains[ci];
                        c.stones.iter().chain(&c.libs).any(|&p| {
                            g.geo.neighbours(p).iter().any(|&q| {
                                g.cells[q] == c.color.opponent() && self.seki_held[g.geo.unpad(q)]
                            })
                        })
                    })
            })
            .cloned()
            .collect();
        if !beside_held.is_empty() {
            let reads = k.shut_in().read(
                seki_board,
                &beside_held,
                &mut self.dead,
                Some(&self.seki_held),
                &mut self.nodes,
            );
            if reads.iter().any(|r| r.fate == enclosed::Fate::Killed) {
                let was_held = self.seki_held.clone();
                self.seki_rounds(k, seki_board);
                let lost = out_of_their_seki(
                    g,
                    &mut self.dead,
                    &was_held,
                    &self.seki_held,
                    seki_board,
                    &mut self.nodes,
                );
                self.stones_by_reading(k, lost);
            }
            self.record_reads(k, &reads);
        }
        for &ci in &self.seki_read {
            mark_stones(g, &k.ch.chains[ci], &mut self.seki_held);
        }
    }

    /// A dead chain in atari, a unit of its own, whose owner the record leaves to move
    /// escapes when, extended at its liberty, the opponent cannot take it in the small
    /// region around (a seki with the group around it, as a game played on would go).
    fn escape_from_atari(&mut self, k: &Known) {
        let Some(mover) = k.to_move else {
            return;
        };
        let g = k.g;
        let mut left = ESCAPE_POSITION_BUDGET.min(self.nodes);
        for (ci, chain) in k.ch.chains.iter().enumerate() {
            let alone = chain
                .stones
                .first()
                .and_then(|&s| self.units.get(self.unit_of[g.geo.unpad(s)]))
                .is_some_and(|u| u.stones.len() == chain.stones.len());
            if chain.color != mover
                || chain.libs.len() != 1
                || k.settled[ci]
                || !alone
                || !chain.stones.iter().all(|&s| self.dead[g.geo.unpad(s)])
                || !escapes(g, &lifted(g, &self.dead), chain, &mut left)
            {
                continue;
            }
            clear_stones(g, chain, &mut self.dead);
            mark_stones(g, chain, &mut self.seki_held);
            self.by_reading(k, std::iter::once(ci));
        }
    }

    /// A dead chain in atari of the player to move whose liberty, filled, joins it and its
    /// friends into one chain with two one-point eyes lives with them: the move makes them
    /// pass-alive. Only when one such point exists: with two, the mover saves one group
    /// and the opponent takes the other.
    fn join_into_two_eyes(&mut self, k: &Known) {
        let Some(mover) = k.to_move else {
            return;
        };
        let g = k.g;
        let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
        for (ci, chain) in k.ch.chains.iter().enumerate() {
            if chain.color != mover
                || k.settled[ci]
                || !chain.stones.iter().all(|&s| self.dead[g.geo.unpad(s)])
            {
                continue;
            }
            if let (Some(stones), [lib]) = (joins_into_two_eyes(g, chain), &chain.libs[..])
                && found.iter().all(|(p, _)| p != lib)
            {
                found.push((*lib, stones));
            }
        }
        let [(_, stones)] = &found[..] else {
            return;
        };
        // The chains of the joined one (its filled liberty is no stone yet).
        let mut joined: Vec<usize> = stones.iter().filter_map(|&s| k.ch.id[s]).collect();
        joined.sort_unstable();
        joined.dedup();
        for &ci in &joined {
            clear_stones(g, &k.ch.chains[ci], &mut self.dead);
        }
        self.by_reading(k, joined);
    }

    /// A chain its living group's playouts almost never keep is cut off from it (joined only
    /// through empty points the opponent holds: an open border of an unfinished game). It
    /// dies alone, unless a reading decided it, a ko holds it or its owner, to move, saves it
    /// from atari. On a board still mostly open, a chain the playouts lose more often than
    /// not is cut off so (see `TAIL_KEPT`).
    fn cut_off_tails(&mut self, k: &Known) {
        let (g, kept) = (k.g, &k.kept);
        let open_now = open_points(g, &self.dead);
        for grp in &k.unsettled {
            let share = group_kept(k.ch, grp, kept);
            if share < k.params.dead_below || grp.iter().any(|&ci| k.hit(ci, &self.dead)) {
                continue;
            }
            for &ci in grp {
                let c = &k.ch.chains[ci];
                // Decided by the playouts, or by a reading that named another chain of its
                // group (a unit of its own was read on its own).
                let by_playouts = self
                    .unit_index(k, ci)
                    .and_then(|u| self.units.get(u))
                    .is_some_and(|u| {
                        u.method == Method::Playouts
                            || (u.method == Method::Reading
                                && !self.named[ci]
                                && u.stones.len() != c.stones.len())
                    });
                let saved = c.libs.len() < 2 && k.to_move == Some(c.color);
                let tail = if open_now.as_ref().is_some_and(|open| in_the_open(open, c)) {
                    k.params.dead_below
                } else {
                    TAIL_KEPT
                };
                if kept[ci] >= tail
                    || k.in_ko[ci]
                    || saved
                    || k.hit(ci, &self.seki_held)
                    || !by_playouts
                {
                    continue;
                }
                mark_stones(g, c, &mut self.dead);
                let toss = k.toss(k.first_kept[ci], kept[ci]);
                k.playout_unit(&[ci], kept[ci], toss)
                    .split_into(&mut self.units);
            }
        }
    }

    /// A group near a coin toss facing the opponent's living walls across open points sits
    /// in the opponent's area: dead (see `area::OPEN_BORDER`). Candidates are the chains of a
    /// group the readings and the tail rule left alive (a chain cut off and dead alone leaves
    /// the rest of the group to be judged), none in seki.
    fn kill_in_the_opponents_area(&mut self, pos: &Position, k: &Known) {
        let (g, ch) = (k.g, k.ch);
        let living_part: Vec<Vec<usize>> = k
            .unsettled
            .iter()
            .filter_map(|grp| {
                if grp.iter().any(|&ci| k.hit(ci, &self.seki_held)) {
                    return None;
                }
                let part: Vec<usize> = grp
                    .iter()
                    .copied()
                    .filter(|&ci| !k.hit(ci, &self.dead))
                    .collect();
                let unit = part
                    .first()
                    .and_then(|&ci| self.unit_index(k, ci))
                    .and_then(|u| self.units.get(u))?;
                (unit.method == Method::Playouts && unit.playouts_uncertain()).then_some(part)
            })
            .collect();
        let candidates: Vec<&[usize]> = living_part.iter().map(Vec::as_slice).collect();
        let doomed = out_of_seki(
            pos,
            g,
            ch,
            &self.dead,
            in_the_opponents_area(g, ch, &candidates, &k.kept, &self.dead),
        );
        if doomed.is_empty() {
            return;
        }
        let mut without = self.dead.clone();
        for &ci in doomed.iter().copied().flatten() {
            mark_stones(g, &ch.chains[ci], &mut without);
        }
        // The rule holds at the end of a game only: on a board with a boundary nobody closed,
        // a living group's region runs into the opponent's points too.
        if !finished(g, &without) {
            return;
        }
        self.dead = without;
        for grp in doomed {
            if let Some(unit) = grp
                .first()
                .and_then(|&ci| self.unit_index(k, ci))
                .and_then(|u| self.units.get_mut(u))
            {
                unit.method = Method::OpenBorder;
            }
        }
    }

    /// A chain found dead though every opposing stone round it is dead too sits in its own
    /// colour's area: it lives, a unit of its own with the decision of the stones round it
    /// (its fate is the mirror of theirs).
    fn revive_in_their_own_area(&mut self, k: &Known) {
        let (g, ch) = (k.g, k.ch);
        for ci in in_their_own_area(g, ch, &self.dead) {
            let c = &ch.chains[ci];
            clear_stones(g, c, &mut self.dead);
            let captors = c
                .stones
                .iter()
                .flat_map(|&s| g.geo.neighbours(s))
                .find(|&q| ch.id[q].is_some_and(|o| ch.chains[o].color != c.color))
                .or(c.stones.first().copied())
                .and_then(|q| self.unit_at(g.geo.unpad(q)));
            if let Some(u) = captors {
                let unit = Unit {
                    stones: stones_of(g, ch, &[ci]),
                    method: u.method,
                    kept: u.kept,
                    toss: u.toss,
                };
                unit.split_into(&mut self.units);
            }
        }
    }
}

/// The chains a reading of shut-in groups decided (all but those it cut off).
fn read_chains(reads: &[enclosed::Read]) -> impl Iterator<Item = usize> + '_ {
    reads
        .iter()
        .filter(|r| r.fate != enclosed::Fate::Cut)
        .flat_map(|r| r.group.iter().chain(&r.inside).copied())
}

/// The board the playouts start from: the chains `taken` marks (killed by a shape) lifted,
/// their points barred to their owner in `enclosure`. Left on the board they would fight a
/// race the shape has settled, and make the opposing chains around them look short of
/// liberties (a stone string those chains surround then survives where it is dead).
pub(super) fn taken_for_playouts<'a>(
    g: &'a Grid,
    ch: &Chains,
    taken: &[bool],
    enclosure: &mut Enclosures,
) -> Cow<'a, Grid> {
    let mut board = Cow::Borrowed(g);
    for (chain, _) in ch.chains.iter().zip(taken).filter(|(_, t)| **t) {
        let cells = &mut board.to_mut().cells;
        for &s in &chain.stones {
            cells[s] = Cell::Empty;
            enclosure.empty_only[s] |= chain.color.opponent().bit();
        }
    }
    board
}

/// The reading of groups shut in a small space of their own, with what the estimate knows.
struct ShutIn<'a> {
    g: &'a Grid,
    ch: &'a Chains,
    /// Per chain: settled by rule.
    settled: &'a [bool],
    /// Per chain: the share of the playouts in which it kept its points.
    kept: &'a [f64],
    /// The colour to move, if known: a group of that colour is read with its owner first.
    to_move: Option<Cell>,
}

impl ShutIn<'_> {
    /// Whether chain `ci` may be taken as a safe wall by a reading: alive in `dead`, and
    /// pass-alive or kept in more than [`WALL_KEPT`] of the playouts.
    fn safe_wall(&self, dead: &[bool], ci: usize) -> bool {
        let (g, ch) = (self.g, self.ch);
        !any_marked(g, &ch.chains[ci], dead) && (self.settled[ci] || self.kept[ci] > WALL_KEPT)
    }

    /// Reads, on `board`, the groups of `candidates` that are still alive in `dead`, and
    /// marks those it kills dead and the opposing chains inside their space alive (and those
    /// inside a group in seki with them). A wall around a space is safe when alive and
    /// pass-alive or kept in most playouts; a pass-alive one needs no room outside the space,
    /// nor does one whose every stone `held` marks (a chain the seki proof holds).
    fn read(
        &self,
        board: &[Cell],
        candidates: &[Vec<usize>],
        dead: &mut [bool],
        held: Option<&[bool]>,
        nodes: &mut u32,
    ) -> Vec<enclosed::Read> {
        let (g, ch) = (self.g, self.ch);
        let alive = |ci: usize| !any_marked(g, &ch.chains[ci], dead);
        let living: Vec<Vec<usize>> = candidates
            .iter()
            .filter(|grp| grp.iter().all(|&ci| alive(ci)))
            .cloned()
            .collect();
        let held_chain = |ci: usize| {
            held.is_some_and(|h| {
                ch.chains[ci]
                    .stones
                    .iter()
                    .all(|&s| h[g.geo.unpad(s)] && !dead[g.geo.unpad(s)])
            })
        };
        let wall = |ci: usize| {
            if held_chain(ci) && !self.settled[ci] {
                enclosed::Wall::Held
            } else if !self.safe_wall(dead, ci) {
                enclosed::Wall::Unsafe
            } else if self.settled[ci] {
                enclosed::Wall::Settled
            } else {
                enclosed::Wall::Alive
            }
        };
        let reads = enclosed::read(
            g,
            board,
            ch,
            &living,
            &wall,
            &lifted(g, dead),
            self.to_move,
            nodes,
        );
        for k in &reads {
            if matches!(k.fate, enclosed::Fate::Killed | enclosed::Fate::Cut) {
                for &ci in &k.group {
                    mark_stones(g, &ch.chains[ci], dead);
                }
            }
            for &ci in &k.inside {
                clear_stones(g, &ch.chains[ci], dead);
            }
        }
        reads
    }
}

/// The chains a race held (see [`race::Race::held`]) that live by it: those of the groups
/// of `groups` held whole; a few chains of a bigger group (joined through open points) say
/// nothing of the rest, which keeps its verdict.
fn held_alive(held: &[usize], groups: &[Vec<usize>]) -> Vec<usize> {
    groups
        .iter()
        .filter(|grp| !grp.is_empty() && grp.iter().all(|ci| held.contains(ci)))
        .flatten()
        .copied()
        .collect()
}

/// A single stone in atari whose capture would be a ko (the capturing stone would stand alone
/// among the stone's friends, in atari): returns those friends' chains, which retake the ko.
fn open_ko(g: &Grid, ch: &Chains, chain: &Chain) -> Option<Vec<usize>> {
    let (&[s], &[l]) = (chain.stones.as_slice(), chain.libs.as_slice()) else {
        return None;
    };
    let mut around = Vec::new();
    for q in g.geo.neighbours(l) {
        match g.cells[q] {
            Cell::Edge => {}
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

#[cfg(test)]
mod tests {
    use super::held_alive;

    #[test]
    fn held_chains_live_only_as_a_whole_group() {
        // Chains 3 and 4 held by a race: alone in their group they live; with chain 7,
        // joined to them through open points, the race says nothing of the group.
        assert_eq!(held_alive(&[3, 4], &[vec![0, 1], vec![4, 3]]), [4, 3]);
        assert!(held_alive(&[3, 4], &[vec![0, 1], vec![3, 4, 7]]).is_empty());
        assert!(held_alive(&[], &[vec![0]]).is_empty());
        // Both sides' units held (the mover's saved, the other's untaken): each group is
        // judged on its own.
        assert_eq!(held_alive(&[3, 4, 9], &[vec![3, 4], vec![9, 2]]), [3, 4]);
    }
}
