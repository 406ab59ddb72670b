//! A small capture search confined to a few points: can one side take a chain of the other,
//! whoever moves first? The seki proof and the reading of groups shut in a small space of
//! their own both rest on it. Exhaustive within its depth and node budget, with a table of
//! proved positions; a result that ran out of budget is `None`, never a guess.

use crate::board::{Cell, Chain, Chains, Geometry};
use rustc_hash::FxHashMap;
use std::ops::RangeInclusive;

/// Whether `target`'s opponent captures it with moves confined to `area` (the defender may
/// pass, the attacker may not), the attacker moving first when `attacker_first`, within
/// `depths.end()` moves; `None` when `budget` nodes were not enough. A search that runs out
/// past `depths.start()` moves answers what it proved at the last depth it finished, if that
/// was at least `depths.start()` (the deeper reading then only looks for captures beyond it).
/// With the nodes used.
pub(super) fn captures(
    geo: &Geometry,
    cells: &[Cell],
    area: Area,
    target: &Chain,
    attacker_first: bool,
    depths: RangeInclusive<u32>,
    budget: u32,
) -> (Option<bool>, u32) {
    let (trusted, depth) = (*depths.start(), *depths.end());
    let Some(&t) = target.stones.first() else {
        return (None, 0);
    };
    let mut search = Search {
        geo,
        area: area.points,
        watched: area.watched,
        pass_last: area.pass_last,
        reserved: area.reserved,
        attacker: target.color.opponent(),
        target: t,
        budget,
        table: FxHashMap::default(),
        walk: Vec::new(),
        found: Vec::new(),
        marks: vec![0; cells.len()],
        stamp: 0,
        cuts: 0,
        boards: Vec::new(),
        option_lists: Vec::new(),
        captured: Vec::new(),
        scratch: Scratch::default(),
        keyed: vec![false; cells.len()],
        slot: vec![u32::MAX; cells.len()],
        rival_point: vec![false; cells.len()],
        targets: Vec::new(),
    };
    for &p in area.points.iter().chain(area.watched) {
        search.keyed[p] = true;
    }
    for (i, &p) in area.points.iter().enumerate() {
        search.slot[p] = i as u32;
    }
    for &r in area.rivals {
        search.rival_point[r] = true;
    }
    let root = search.hash(cells);
    let mut chain = Target::default();
    chain.clear(cells.len());
    search.absorb(cells, t, &mut chain);
    for &r in area.rivals {
        if cells[r] == search.attacker && !chain.rival(r) {
            search.join_rivals(cells, r, &mut chain);
        }
    }
    // Iterative deepening: a short capture is proved before the deep lines of the moves that
    // fail are read out (the table keeps what the shallower rounds proved).
    let trusted = trusted.min(depth);
    let mut d = depth.min(4);
    let mut finished = None;
    let mut withheld = 0;
    loop {
        let answer = search.attacker_wins(cells, &chain, root, None, attacker_first, d);
        // Nodes visited: the budget less what is left and what the cap below withheld.
        let used = budget - search.budget - withheld;
        match answer {
            None => return (finished, used),
            Some(true) => return (answer, used),
            Some(false) if d >= depth => return (answer, used),
            Some(false) => {
                if d >= trusted && finished.is_none() {
                    finished = answer;
                    // Past the trusted depth the search only looks for a capture: it may
                    // spend a few times what the trusted answer cost, not the whole budget
                    // on every seki that holds.
                    let cap = search.budget.min(used.max(EXTRA_FLOOR) * EXTRA_FACTOR);
                    withheld = search.budget - cap;
                    search.budget = cap;
                }
            }
        }
        d = if d < trusted && 2 * d > trusted {
            trusted
        } else {
            (2 * d).min(depth)
        };
    }
}

/// Where a capture search plays.
#[derive(Clone, Copy)]
pub(super) struct Area<'a> {
    /// The points either side may play, ascending.
    pub points: &'a [usize],
    /// Stones a capture may empty but where nobody plays again (a big chain of the group
    /// read: room the search does not read); watched in the table's keys.
    pub watched: &'a [usize],
    /// Attacker stones whose chains race the target: the defender tries their liberties
    /// first, before a pass.
    pub rivals: &'a [usize],
    /// The defender tries its moves before a pass (else a pass first).
    pub pass_last: bool,
    /// Points of `points` the defender never plays and the attacker plays only to take the
    /// target: a liberty of the attacker's wall that the defender's stone would turn into a
    /// forcing exchange (read apart, see `enclosed`), and the attacker's fills its own wall's
    /// liberty: the defender's to keep.
    pub reserved: &'a [usize],
}

impl<'a> Area<'a> {
    /// Play anywhere in `points`, nothing watched.
    pub fn of(points: &'a [usize]) -> Self {
        Area {
            points,
            watched: &[],
            rivals: &[],
            pass_last: false,
            reserved: &[],
        }
    }
}

/// Deepest reading, in moves (passes included).
pub(super) const MAX_DEPTH: u32 = 40;
/// Largest chain whose points a search plays again once it is taken (a throw-in, a
/// snapback, a group's tail of three stones cut off in its eye space); a bigger one taken
/// leaves room the search does not read, or the positions multiply past any budget (a
/// living group of two big chains round its eyes).
pub(super) const REPLAYED: usize = 3;

/// Adds the stones of `chains` to a search's ground: those of a chain of at most
/// [`REPLAYED`] stones to `points` (played again once taken), the others to `watched` (a
/// capture must still show in the table's keys); both left sorted, without repeats.
pub(super) fn replay_or_watch(
    ch: &Chains,
    chains: impl IntoIterator<Item = usize>,
    points: &mut Vec<usize>,
    watched: &mut Vec<usize>,
) {
    for ci in chains {
        let stones = &ch.chains[ci].stones;
        if stones.len() <= REPLAYED {
            points.extend(stones);
        } else {
            watched.extend(stones);
        }
    }
    for v in [points, watched] {
        v.sort_unstable();
        v.dedup();
    }
}

/// Past the trusted depth, nodes allowed per node the trusted answer cost…
const EXTRA_FACTOR: u32 = 2;
/// …counting that cost as at least this many nodes.
const EXTRA_FLOOR: u32 = 100;

/// One capture search: can `attacker` take the chain at `target`?
struct Search<'a> {
    geo: &'a Geometry,
    area: &'a [usize],
    /// See [`Area::watched`].
    watched: &'a [usize],
    /// See [`Area::pass_last`].
    pass_last: bool,
    /// See [`Area::reserved`].
    reserved: &'a [usize],
    attacker: Cell,
    target: usize,
    budget: u32,
    /// Proved results by position, side to move and ko point: `(attacker wins, depth)`, the
    /// depth `u32::MAX` for a failure that holds at any depth.
    table: FxHashMap<(u64, bool, usize), (bool, u32)>,
    /// The stones of the last chain walked.
    walk: Vec<usize>,
    /// The liberties the last walk found.
    found: Vec<usize>,
    /// Per point, the stamp of the last chain walk that met it.
    marks: Vec<u32>,
    stamp: u32,
    /// Lines cut short by the depth so far: a failed attack whose subtree met none holds
    /// at any depth.
    cuts: u64,
    /// Spare boards and option lists, one of each per ply in use: a node borrows them
    /// instead of allocating its own (the search visits thousands of nodes a position).
    boards: Vec<Vec<Cell>>,
    option_lists: Vec<Vec<u64>>,
    /// The stones a move captures.
    captured: Vec<usize>,
    /// Buffers of the pass-alive test.
    scratch: Scratch,
    /// Per point: in the area or watched, so part of the table's keys.
    keyed: Vec<bool>,
    /// Per point: its index in `area`, `u32::MAX` outside it.
    slot: Vec<u32>,
    /// Per point: one of [`Area::rivals`].
    rival_point: Vec<bool>,
    /// Spare target sets, one per ply in use.
    targets: Vec<Target>,
}

/// The target chain as a node sees it, kept move by move: its stones and its liberties, as
/// bitsets over the board's points, with the stones of the rival chains (those holding a
/// point of [`Area::rivals`]). Every attacker node reads the target's liberties, every
/// defender node in a race the rivals' ones; walking chains of seventy stones there at each
/// node cost most of a big reading's time.
#[derive(Default)]
struct Target {
    stones: Vec<u64>,
    libs: Vec<u64>,
    rivals: Vec<u64>,
}

impl Target {
    /// Empty sets for a board of `len` points.
    fn clear(&mut self, len: usize) {
        for v in [&mut self.stones, &mut self.libs, &mut self.rivals] {
            v.clear();
            v.resize(len.div_ceil(64), 0);
        }
    }

    /// Becomes a copy of `other`.
    fn copy_from(&mut self, other: &Target) {
        self.stones.clone_from(&other.stones);
        self.libs.clone_from(&other.libs);
        self.rivals.clone_from(&other.rivals);
    }

    fn stone(&self, p: usize) -> bool {
        self.stones[p / 64] >> (p % 64) & 1 == 1
    }

    fn lib(&self, p: usize) -> bool {
        self.libs[p / 64] >> (p % 64) & 1 == 1
    }

    fn rival(&self, p: usize) -> bool {
        self.rivals[p / 64] >> (p % 64) & 1 == 1
    }

    fn remove_rival(&mut self, p: usize) {
        self.rivals[p / 64] &= !(1 << (p % 64));
    }

    /// Whether a rival chain is on the board (it then has a liberty).
    fn racing(&self) -> bool {
        self.rivals.iter().any(|&w| w != 0)
    }

    fn add_lib(&mut self, p: usize) {
        set_bit(&mut self.libs, p);
    }

    fn remove_lib(&mut self, p: usize) {
        self.libs[p / 64] &= !(1 << (p % 64));
    }

    fn lib_count(&self) -> usize {
        self.libs.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The points of a set, ascending.
    fn points(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
        bits.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// Sets point `p` in the bitset `set`.
fn set_bit(set: &mut [u64], p: usize) {
    set[p / 64] |= 1 << (p % 64);
}

/// Adds the stones of the chain at `p` to the bitset `set`, walking only those not yet in it
/// (`walk` is the buffer); `empty` sees every empty point next to a stone walked.
fn flood(
    geo: &Geometry,
    walk: &mut Vec<usize>,
    cells: &[Cell],
    p: usize,
    set: &mut [u64],
    mut empty: impl FnMut(usize),
) {
    let c = cells[p];
    walk.clear();
    walk.push(p);
    set_bit(set, p);
    while let Some(s) = walk.pop() {
        for q in geo.neighbours(s) {
            if cells[q] == Cell::Empty {
                empty(q);
            } else if cells[q] == c && set[q / 64] >> (q % 64) & 1 == 0 {
                set_bit(set, q);
                walk.push(q);
            }
        }
    }
}

/// A random key for a stone of colour `c` at `p` (splitmix64 of both).
fn zobrist(p: usize, c: Cell) -> u64 {
    let mut z = ((p as u64) << 2 | u64::from(c.bit())).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The pass-alive test's buffers, flat: regions index ranges of `ids` (their bordering
/// chains) and of `vital` (the chains they are vital to).
#[derive(Default)]
struct Scratch {
    /// Per point: (stamp, chain id) of a defender stone whose chain has an id this call.
    owner: Vec<(u32, u32)>,
    stamp: u32,
    /// Per area point: reached by a region.
    seen: Vec<bool>,
    stack: Vec<usize>,
    empties: Vec<usize>,
    border: Vec<usize>,
    ids: Vec<u32>,
    vital: Vec<u32>,
    /// Per closed region: its ranges in `empties` and `border`…
    spans: Vec<(usize, usize, usize, usize)>,
    /// …and in `ids` and `vital`.
    regions: Vec<(usize, usize, usize, usize)>,
    alive: Vec<bool>,
    healthy: Vec<bool>,
    count: Vec<u32>,
}

impl Scratch {
    /// Benson's rule on the regions [`Search::vital_chains`] listed, for `chains` chains:
    /// chains with fewer than two healthy vital regions drop out, regions bordered by a
    /// dropped chain are no longer healthy, until nothing moves. Whether the target (chain
    /// 0) is left.
    fn benson(&mut self, chains: u32) -> bool {
        self.alive.resize(chains as usize, true);
        self.healthy.resize(self.regions.len(), true);
        loop {
            let mut changed = false;
            self.count.clear();
            self.count.resize(chains as usize, 0);
            for (r, &(_, _, v0, v1)) in self.regions.iter().enumerate() {
                if self.healthy[r] {
                    for &id in &self.vital[v0..v1] {
                        self.count[id as usize] += 1;
                    }
                }
            }
            for (a, &n) in self.alive.iter_mut().zip(&self.count) {
                if *a && n < 2 {
                    *a = false;
                    changed = true;
                }
            }
            for (r, &(i0, i1, _, _)) in self.regions.iter().enumerate() {
                if self.healthy[r] && self.ids[i0..i1].iter().any(|&id| !self.alive[id as usize]) {
                    self.healthy[r] = false;
                    changed = true;
                }
            }
            if !changed {
                return self.alive[0];
            }
        }
    }

    /// Empties the lists for an area of `len` points (the chain ids stay stamped).
    fn clear(&mut self, len: usize) {
        self.seen.clear();
        self.seen.resize(len, false);
        for v in [&mut self.stack, &mut self.empties, &mut self.border] {
            v.clear();
        }
        self.ids.clear();
        self.vital.clear();
        self.spans.clear();
        self.regions.clear();
        self.alive.clear();
        self.healthy.clear();
    }
}

impl Search<'_> {
    /// Whether the attacker captures the target within `depth` moves; `None` when the budget
    /// ran out first. The defender may pass; the attacker may not (a pass gains it nothing).
    fn attacker_wins(
        &mut self,
        cells: &[Cell],
        target: &Target,
        hash: u64,
        ko: Option<usize>,
        attacker_to_move: bool,
        depth: u32,
    ) -> Option<bool> {
        if cells[self.target] != self.attacker.opponent() {
            return Some(true);
        }
        if depth == 0 {
            self.cuts += 1;
            return Some(false);
        }
        let key = (hash, attacker_to_move, ko.unwrap_or(0));
        if let Some(&(wins, at)) = self.table.get(&key)
            && (wins || at >= depth)
        {
            // A failure proved only to a depth still rests on that depth.
            if !wins && at != u32::MAX {
                self.cuts += 1;
            }
            return Some(wins);
        }
        #[cfg(any(test, debug_assertions))]
        self.check_target(cells, target);
        // The attacker takes one liberty a move at most, the defender passing: a target with
        // more liberties than the attacker has moves left holds to this depth. The
        // defender's nodes leave the test to their children.
        if attacker_to_move {
            let moves = depth.div_ceil(2) as usize;
            if target.lib_count() > moves {
                self.cuts += 1;
                return Some(false);
            }
        }
        // A target alive whatever the attacker does (two eyes of its own, Benson's sense)
        // ends the line: without this, every move inside a living group's eyes is tried.
        if attacker_to_move
            && depth >= 3
            && Self::eye_points(self.geo, cells, target) >= 2
            && self.pass_alive(cells, target)
        {
            self.table.insert(key, (false, u32::MAX));
            return Some(false);
        }
        if self.budget == 0 {
            return None;
        }
        // The attacker tries the target's liberties first (most attacks start there, and a
        // proof found early spares the rest of the tree), both sides the points with most
        // empty neighbours (vital points) before the others; the defender a pass first
        // (last when `pass_last`). An option is one number, its rank above the point (0 for
        // a pass, else the point plus one): sorted, they come by rank, then as listed.
        let geo = self.geo;
        let mut options = self.option_lists.pop().unwrap_or_default();
        options.clear();
        // In a race the defender fills the rival chains' liberties first, a pass after them.
        let racing = !attacker_to_move && target.racing();
        if !attacker_to_move {
            let pass: u64 = if racing {
                6
            } else if self.pass_last {
                u64::from(u32::MAX)
            } else {
                0
            };
            options.push(pass << 32);
        }
        for &p in self.area.iter().filter(|&&p| cells[p] == Cell::Empty) {
            if !self.reserved.is_empty()
                && self.reserved.contains(&p)
                && !(attacker_to_move && target.lib(p) && target.lib_count() == 1)
            {
                continue;
            }
            let empty = geo
                .neighbours(p)
                .iter()
                .filter(|&&q| cells[q] == Cell::Empty)
                .count();
            let near = if attacker_to_move {
                target.lib(p)
            } else {
                racing && geo.neighbours(p).iter().any(|&q| target.rival(q))
            };
            let rank = 1 + 8 * u64::from(!near) + (4 - empty as u64);
            options.push(rank << 32 | (p as u64 + 1));
        }
        options.sort_unstable();
        self.budget -= 1;
        let cuts = self.cuts;
        let answer = self.try_options(cells, target, hash, ko, attacker_to_move, depth, &options);
        self.option_lists.push(options);
        let wins = answer?;
        let at = if wins || self.cuts > cuts {
            depth
        } else {
            u32::MAX
        };
        self.table.insert(key, (wins, at));
        Some(wins)
    }

    /// The options of a node tried in turn: the attacker needs one winning move, the defender
    /// one refutation, a pass included. `None` when the budget ran out before a proof.
    #[allow(clippy::too_many_arguments)]
    fn try_options(
        &mut self,
        cells: &[Cell],
        target: &Target,
        hash: u64,
        ko: Option<usize>,
        attacker_to_move: bool,
        depth: u32,
        options: &[u64],
    ) -> Option<bool> {
        let mover = if attacker_to_move {
            self.attacker
        } else {
            self.attacker.opponent()
        };
        let mut unknown = false;
        for &o in options {
            let answer = match ((o & 0xFFFF_FFFF) as usize).checked_sub(1) {
                None => self.attacker_wins(cells, target, hash, None, !attacker_to_move, depth - 1),
                Some(p) if Some(p) == ko => continue,
                // Taking the target ends the line: no board to make for it.
                Some(p) if attacker_to_move && target.lib(p) && target.lib_count() == 1 => {
                    Some(true)
                }
                Some(p) => {
                    let mut next = self.boards.pop().unwrap_or_default();
                    let mut next_target = self.targets.pop().unwrap_or_default();
                    let played = self.play(cells, &mut next, p, mover, target, &mut next_target);
                    let answer = played.map(|(next_ko, change)| {
                        self.attacker_wins(
                            &next,
                            &next_target,
                            hash ^ change,
                            next_ko,
                            !attacker_to_move,
                            depth - 1,
                        )
                    });
                    self.boards.push(next);
                    self.targets.push(next_target);
                    // An illegal move is no option.
                    let Some(answer) = answer else { continue };
                    answer
                }
            };
            match answer {
                // The mover got what it wanted: proved.
                Some(wins) if wins == attacker_to_move => return Some(wins),
                None => unknown = true,
                Some(_) => {}
            }
        }
        // Every option failed the mover, unless the budget left one unread.
        (!unknown).then_some(!attacker_to_move)
    }

    /// Of the target's liberties, those whose empty neighbours are all its liberties too:
    /// every empty point of a region vital to the chain is one, so a chain with fewer than
    /// two has no two vital regions (a cheap test before Benson's).
    fn eye_points(geo: &Geometry, cells: &[Cell], target: &Target) -> usize {
        Target::points(&target.libs)
            .filter(|&p| {
                geo.neighbours(p)
                    .iter()
                    .all(|&q| cells[q] != Cell::Empty || target.lib(q))
            })
            .count()
    }

    /// Whether the target is pass-alive by Benson's test on the regions inside the area: a
    /// region is the connected points of the area that are not the defender's, closed (no
    /// such point outside the area next to it); it is vital to a chain around it when all
    /// its empty points are that chain's liberties; chains with two vital regions bordered
    /// only by such chains live however the attacker plays, the defender passing.
    fn pass_alive(&mut self, cells: &[Cell], target: &Target) -> bool {
        // Flat scratch lists, kept between calls: this test runs at many nodes of a search.
        let mut sc = std::mem::take(&mut self.scratch);
        sc.clear(self.area.len());
        // The target lives only with two regions vital to it (every empty point its
        // liberty); most nodes have fewer, and end here before any other chain is walked.
        let alive = self.closed_regions(&mut sc, cells, target) >= 2 && {
            let chains = self.vital_chains(&mut sc, cells, target);
            sc.benson(chains)
        };
        self.scratch = sc;
        alive
    }

    /// Lists in `sc` the closed regions of the area (their empty points and the defender
    /// stones round them): connected points of the area that are not the defender's, with
    /// no such point outside the area next to them. Returns how many are vital to the
    /// target (every empty point its liberty).
    fn closed_regions(&self, sc: &mut Scratch, cells: &[Cell], target: &Target) -> usize {
        let def = self.attacker.opponent();
        let geo = self.geo;
        let mut vital_to_target = 0;
        for start in 0..self.area.len() {
            if sc.seen[start] || cells[self.area[start]] == def {
                continue;
            }
            sc.seen[start] = true;
            sc.stack.push(self.area[start]);
            let (empties_from, border_from) = (sc.empties.len(), sc.border.len());
            let mut open = false;
            while let Some(p) = sc.stack.pop() {
                if cells[p] == Cell::Empty {
                    sc.empties.push(p);
                }
                for q in geo.neighbours(p) {
                    match cells[q] {
                        Cell::Edge => {}
                        v if v == def => sc.border.push(q),
                        _ => match self.slot[q] {
                            u32::MAX => open = true,
                            i if !sc.seen[i as usize] => {
                                sc.seen[i as usize] = true;
                                sc.stack.push(q);
                            }
                            _ => {}
                        },
                    }
                }
            }
            if open || sc.empties.len() == empties_from {
                sc.empties.truncate(empties_from);
                sc.border.truncate(border_from);
                continue;
            }
            if sc.empties[empties_from..].iter().all(|&e| target.lib(e)) {
                vital_to_target += 1;
            }
            sc.spans
                .push((empties_from, sc.empties.len(), border_from, sc.border.len()));
        }
        vital_to_target
    }

    /// Gives the defender's chains round the closed regions ids (the target 0), and lists
    /// per region its bordering chains and those it is vital to (every empty point of it a
    /// liberty of the chain). Returns how many chains have an id.
    fn vital_chains(&mut self, sc: &mut Scratch, cells: &[Cell], target: &Target) -> u32 {
        let geo = self.geo;
        sc.stamp = sc.stamp.wrapping_add(1);
        if sc.owner.len() < cells.len() {
            sc.owner.resize(cells.len(), (0, 0));
        }
        for s in Target::points(&target.stones) {
            sc.owner[s] = (sc.stamp, 0);
        }
        let mut chains = 1;
        for k in 0..sc.spans.len() {
            let (empties_from, empties_to, border_from, border_to) = sc.spans[k];
            // The region's bordering chains, each id once.
            let ids_from = sc.ids.len();
            for i in border_from..border_to {
                let q = sc.border[i];
                let id = if sc.owner[q].0 == sc.stamp {
                    sc.owner[q].1
                } else {
                    self.chain(cells, q, usize::MAX);
                    for &s in &self.walk {
                        sc.owner[s] = (sc.stamp, chains);
                    }
                    chains += 1;
                    chains - 1
                };
                if !sc.ids[ids_from..].contains(&id) {
                    sc.ids.push(id);
                }
            }
            // Vital to a chain: every empty point of the region is its liberty.
            let vital_from = sc.vital.len();
            for i in ids_from..sc.ids.len() {
                let id = sc.ids[i];
                let stamp = sc.stamp;
                let owner = &sc.owner;
                if sc.empties[empties_from..empties_to]
                    .iter()
                    .all(|&e| geo.neighbours(e).iter().any(|&q| owner[q] == (stamp, id)))
                {
                    sc.vital.push(id);
                }
            }
            sc.regions
                .push((ids_from, sc.ids.len(), vital_from, sc.vital.len()));
        }
        chains
    }

    /// The stones on the keyed points, as a key (Zobrist: the moves update it, see `play`).
    fn hash(&self, cells: &[Cell]) -> u64 {
        self.area
            .iter()
            .chain(self.watched)
            .filter(|&&p| cells[p].is_stone())
            .fold(0, |h, &p| h ^ zobrist(p, cells[p]))
    }

    /// Plays `c` at `p` on `cells` into `next`, and the target's chain `target` into
    /// `next_target`: the ko point (where a single captured stone was, when the stone played
    /// stands alone in atari) and the change of the key, or `None` when the move is illegal
    /// (occupied, suicide).
    fn play(
        &mut self,
        cells: &[Cell],
        next: &mut Vec<Cell>,
        p: usize,
        c: Cell,
        target: &Target,
        next_target: &mut Target,
    ) -> Option<(Option<usize>, u64)> {
        if cells[p] != Cell::Empty {
            return None;
        }
        next.clear();
        next.extend_from_slice(cells);
        next[p] = c;
        let mut captured = std::mem::take(&mut self.captured);
        captured.clear();
        // The stamps of this move's walks that found a liberty: a neighbour they reached is
        // a stone of a chain that stays, not walked again.
        let mut kept = [0u32; 4];
        let mut walks = 0;
        for q in self.geo.neighbours(p) {
            if next[q] != c.opponent()
                || captured.contains(&q)
                || kept[..walks].contains(&self.marks[q])
            {
                continue;
            }
            if target.stone(q) {
                // The target loses `p` at most: taken only when that was its last liberty.
                if target.lib_count() == 1 {
                    captured.extend(Target::points(&target.stones));
                }
                continue;
            }
            if self.chain(next, q, 1) == 0 {
                captured.extend_from_slice(&self.walk);
            } else {
                kept[walks] = self.stamp;
                walks += 1;
            }
        }
        let mut change = if self.keyed[p] { zobrist(p, c) } else { 0 };
        for &s in &captured {
            next[s] = Cell::Empty;
            if self.keyed[s] {
                change ^= zobrist(s, c.opponent());
            }
        }
        next_target.copy_from(target);
        next_target.remove_lib(p);
        // A rival chain taken leaves the rivals; an attacker stone on a rival point, or
        // joining a rival chain, makes its chain one.
        for &s in &captured {
            next_target.remove_rival(s);
        }
        if c == self.attacker
            && (self.rival_point[p] || self.geo.neighbours(p).iter().any(|&q| target.rival(q)))
        {
            self.join_rivals(next, p, next_target);
        }
        // A defender stone on a liberty of the target joins it, with the chains it touches.
        let joins = c != self.attacker && target.lib(p);
        if joins {
            self.absorb(next, p, next_target);
        }
        // Points emptied next to the target are its liberties now (when the target itself
        // was taken, the next node ends at once, whatever the sets say).
        for &s in &captured {
            if self.geo.neighbours(s).iter().any(|&q| next_target.stone(q)) {
                next_target.add_lib(s);
            }
        }
        let (libs, alone) = if joins {
            (next_target.lib_count().min(2), false)
        } else {
            let libs = self.chain(next, p, 2);
            (libs, self.walk.len() == 1)
        };
        let ko = match (captured.as_slice(), alone, libs) {
            ([one], true, 1) => Some(*one),
            _ => None,
        };
        self.captured = captured;
        (libs > 0).then_some((ko, change))
    }

    /// Adds the chain at `p` to `target`'s stones and its liberties to its liberties, where
    /// the chain meets stones already in `target` not walking them again.
    fn absorb(&mut self, cells: &[Cell], p: usize, target: &mut Target) {
        let Target { stones, libs, .. } = target;
        flood(self.geo, &mut self.walk, cells, p, stones, |q| {
            set_bit(libs, q)
        });
    }

    /// Adds the chain at `p` to `target`'s rival stones, not walking those already in.
    fn join_rivals(&mut self, cells: &[Cell], p: usize, target: &mut Target) {
        flood(
            self.geo,
            &mut self.walk,
            cells,
            p,
            &mut target.rivals,
            |_| {},
        );
    }

    /// Checks `target` against a fresh walk of the target chain (tests and debug builds).
    #[cfg(any(test, debug_assertions))]
    fn check_target(&mut self, cells: &[Cell], target: &Target) {
        if !cells[self.target].is_stone() {
            return;
        }
        self.chain(cells, self.target, usize::MAX);
        let mut walk = self.walk.clone();
        let mut found = self.found.clone();
        walk.sort_unstable();
        found.sort_unstable();
        assert_eq!(walk, Target::points(&target.stones).collect::<Vec<_>>());
        assert_eq!(found, Target::points(&target.libs).collect::<Vec<_>>());
        let mut rivals = Vec::new();
        for r in 0..cells.len() {
            if self.rival_point[r] && cells[r] == self.attacker {
                self.chain(cells, r, usize::MAX);
                rivals.extend_from_slice(&self.walk);
            }
        }
        rivals.sort_unstable();
        rivals.dedup();
        assert_eq!(rivals, Target::points(&target.rivals).collect::<Vec<_>>());
    }

    /// Walks the chain at `p`: its stones into `walk`, its liberties into `found` (each
    /// once), stopping once `enough` liberties are seen (the stones are then only some of the
    /// chain's: a capture test needs one liberty, not the chain's whole outline). Returns the
    /// liberties found.
    fn chain(&mut self, cells: &[Cell], p: usize, enough: usize) -> usize {
        self.stamp = self.stamp.wrapping_add(1);
        let stamp = self.stamp;
        let c = cells[p];
        self.walk.clear();
        self.found.clear();
        self.walk.push(p);
        self.marks[p] = stamp;
        let mut i = 0;
        while i < self.walk.len() {
            for q in self.geo.neighbours(self.walk[i]) {
                if self.marks[q] == stamp {
                    continue;
                }
                if cells[q] == c {
                    self.marks[q] = stamp;
                    self.walk.push(q);
                } else if cells[q] == Cell::Empty {
                    self.marks[q] = stamp;
                    self.found.push(q);
                    if self.found.len() >= enough {
                        return self.found.len();
                    }
                }
            }
            i += 1;
        }
        self.found.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Chains;
    use crate::life::tests::{SEKI, grid, pos};

    /// Black's capture search, Black first, to depth 40 on `budget` nodes, against White's
    /// chain at b2 of a nine-wide diagram, playing on the points `(x, y)`: the answer and
    /// the nodes used.
    fn black_attacks_b2(
        rows: &[&str],
        points: &[(usize, usize)],
        budget: u32,
    ) -> (Option<bool>, u32) {
        let g = grid(&pos(rows));
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 9 + x);
        let Some(white) = ch.id[at(1, 1)] else {
            panic!("a stone at b2")
        };
        let mut area: Vec<usize> = points.iter().map(|&(x, y)| at(x, y)).collect();
        area.sort_unstable();
        captures(
            &g.geo,
            &g.cells,
            Area::of(&area),
            &ch.chains[white],
            true,
            40..=40,
            budget,
        )
    }

    #[test]
    fn a_target_with_one_eye_and_a_big_space_is_read_not_ended_by_benson() {
        // White's chain holds a one-point eye and a three-by-three space whose centre is no
        // liberty of it: one vital region, not two, so Benson's test must not end the
        // search at once (the space is read instead).
        let rows = [
            "XXXXXXXXX",
            "XOOOOOOOX",
            "XO.O...OX",
            "XOOO...OX",
            "XOOO...OX",
            "XOOOOOOOX",
            "XXXXXXXXX",
        ];
        let mut points = vec![(2, 2)];
        for y in 2..5 {
            points.extend((4..7).map(|x| (x, y)));
        }
        let (answer, used) = black_attacks_b2(&rows, &points, 2_000);
        assert_ne!(answer, Some(true));
        assert!(used > 1, "{used} nodes");
    }

    #[test]
    fn a_target_with_two_eyes_of_its_own_ends_the_search_at_once() {
        // White's chain holds two two-point eyes: Benson's test proves it alive before any
        // move, where the search would otherwise try every throw-in to the depth limit.
        let rows = [
            "XXXXXXXXX",
            "XOOOOOOOX",
            "XO..O..OX",
            "XOOOOOOOX",
            "XXXXXXXXX",
        ];
        let (answer, used) = black_attacks_b2(&rows, &[(2, 2), (3, 2), (5, 2), (6, 2)], 10_000);
        assert_eq!(answer, Some(false));
        assert!(used <= 1, "{used} nodes");
    }

    #[test]
    fn a_big_eye_space_is_proved_alive_faster_by_answers_than_by_passes() {
        // White's wall shuts in an empty two-by-four corner: alive, whatever Black plays
        // first, by answering inside. With a pass tried first, Black piles stones in
        // unanswered and the proof costs many times the nodes.
        let p = pos(&[
            "....OX...",
            "....OX...",
            "OOOOOX...",
            "XXXXXX...",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 9 + x);
        let Some(white) = ch.id[at(4, 0)] else {
            panic!("a stone at e1")
        };
        let mut area: Vec<usize> = (0..2)
            .flat_map(|y| (0..4).map(move |x| (x, y)))
            .map(|(x, y)| at(x, y))
            .collect();
        area.sort_unstable();
        let read = |pass_last| {
            captures(
                &g.geo,
                &g.cells,
                Area {
                    pass_last,
                    ..Area::of(&area)
                },
                &ch.chains[white],
                true,
                40..=40,
                100_000,
            )
        };
        let ((passes_first, slow), (answers_first, fast)) = (read(false), read(true));
        assert_eq!(passes_first, Some(false));
        assert_eq!(answers_first, Some(false));
        assert!(4 * fast <= slow, "{fast} nodes against {slow}");
    }

    #[test]
    fn reading_past_the_trusted_depth_is_billed_only_the_nodes_it_visits() {
        // The seki of two inner chains sharing f3 and f5: White cannot take Black's chain.
        let p = pos(&SEKI);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 11 + x);
        let Some(black) = ch.id[at(3, 1)] else {
            panic!("a stone at d2")
        };
        let mut area: Vec<usize> = vec![at(5, 2), at(5, 4)];
        for ci in [Some(black), ch.id[at(6, 1)]].into_iter().flatten() {
            area.extend(&ch.chains[ci].stones);
        }
        area.sort_unstable();
        let target = &ch.chains[black];
        let (trusted, cost) = captures(
            &g.geo,
            &g.cells,
            Area::of(&area),
            target,
            false,
            6..=6,
            100_000,
        );
        assert_eq!(trusted, Some(false));
        let (deeper, used) = captures(
            &g.geo,
            &g.cells,
            Area::of(&area),
            target,
            false,
            6..=16,
            100_000,
        );
        assert_eq!(deeper, Some(false));
        // The deeper rounds may spend EXTRA_FACTOR times the trusted cost, not the budget.
        assert!(
            used <= cost + cost.max(EXTRA_FLOOR) * EXTRA_FACTOR,
            "{used} nodes against {cost}"
        );
    }
}
