//! Seki, proved before it is called: the estimate's living chains around a region that neither
//! side can fill look like seki, but many such shapes are simply dead — a few stones inside a
//! group's own enclosure, sharing its last liberties, are sacrificed and the vital point taken
//! (the playouts never try a self-atari, so they cannot see it). A small local search, moves
//! limited to the region, the points around it and what captures free, asks whether one side
//! captures a chain of the other even when the other moves first (and may pass). Only a
//! capture proved within the search's budget turns seki into dead; anything the search cannot
//! settle stays as the estimate left it.

use super::playout::PlayoutBoard;
use super::territory::is_seki_region;
use crate::board::{Cell, Chains, Geometry, Grid, regions};
use std::collections::HashMap;

/// Nodes one attempt (one attacker, one target) may visit before it gives up.
const BUDGET: u32 = 1_000;
/// Nodes all the attempts of one position may visit: the estimate's time stays bounded.
const POSITION_BUDGET: u32 = 3_000;
/// Most empty points in a local area: a larger fight is not a seki shape, and the search
/// would not end within its budget.
const MAX_EMPTY: usize = 8;
/// A chain with more liberties than this, outside the area, is taken as safe: its liberties
/// are not part of the fight.
const SAFE_LIBS: usize = 4;

/// What the local search said of the chains around the regions that look like seki, by index
/// in `Chains::of(cells)` (the board with the dead stones lifted).
#[derive(Default)]
pub(super) struct SekiReading {
    /// Chains the other side captures even when their own side moves first: not seki.
    pub refuted: Vec<usize>,
    /// Chains their own side keeps, moving first, in every line the search read: the seki
    /// held. A chain in neither list was not settled (budget, too large an area).
    pub held: Vec<usize>,
}

/// The chains (of `g` with the dead stones lifted) that look like seki, read: those the other
/// side captures even when their own side moves first, and those that hold. `settled` chains
/// (pass-alive) are never targets.
pub(super) fn read(g: &Grid, cells: &[Cell], settled: &dyn Fn(usize) -> bool) -> SekiReading {
    let geo = &g.geo;
    let ch = Chains::of(geo, cells);
    let board = PlayoutBoard::new(geo, cells);
    let mut out = SekiReading::default();
    // Held means held in every search: one that ran out of budget undoes it.
    let mut unsettled = Vec::new();
    let mut left = POSITION_BUDGET;
    for r in regions(geo, cells) {
        if !is_seki_region(&board, &r) {
            continue;
        }
        let mut around: Vec<usize> = r
            .points
            .iter()
            .flat_map(|&p| geo.neighbours(p))
            .filter_map(|q| ch.id[q])
            .collect();
        around.sort_unstable();
        around.dedup();
        let Some(area) = local_area(geo, cells, &ch, &r.points, &around) else {
            continue;
        };
        for &t in &around {
            let target = &ch.chains[t];
            if out.refuted.contains(&t) || target.stones.iter().any(|&s| settled(s)) {
                continue;
            }
            if left == 0 {
                return out;
            }
            let mut search = Search {
                geo,
                area: &area.points,
                attacker: target.color.opponent(),
                target: target.stones[0],
                budget: BUDGET.min(left),
                table: HashMap::new(),
                marks: vec![0; cells.len()],
                stamp: 0,
            };
            // Every empty point filled once, and the stones captured inside played again.
            let depth = (area.empty + area.inside + 2).min(16);
            // The target's side moves first: a capture it cannot stop is a dead group.
            let answer = search.attacker_wins(cells.to_vec(), None, false, depth);
            left -= BUDGET.min(left) - search.budget;
            match answer {
                Some(true) => {
                    out.refuted.push(t);
                    out.held.retain(|&h| h != t);
                }
                Some(false) if !out.held.contains(&t) && !unsettled.contains(&t) => {
                    out.held.push(t);
                }
                Some(false) => {}
                None => {
                    unsettled.push(t);
                    out.held.retain(|&h| h != t);
                }
            }
        }
    }
    out
}

/// Where a local fight is played.
struct Area {
    /// The points where moves may be played (stones among them, played on once captured).
    points: Vec<usize>,
    /// How many of them are empty.
    empty: u32,
    /// Stones among them of chains small enough to be captured and played on again.
    inside: u32,
}

/// The points where the local fight is played: the region, the liberties of the chains around
/// it (and of the short-of-liberties chains next to those), and their stones (empty once
/// captured). `None` when it holds too many empty points.
fn local_area(
    geo: &Geometry,
    cells: &[Cell],
    ch: &Chains,
    region: &[usize],
    around: &[usize],
) -> Option<Area> {
    let mut chains: Vec<usize> = around.to_vec();
    for &ci in around {
        for &s in &ch.chains[ci].stones {
            for q in geo.neighbours(s) {
                if let Some(cj) = ch.id[q]
                    && ch.chains[cj].libs.len() <= SAFE_LIBS
                    && !chains.contains(&cj)
                {
                    chains.push(cj);
                }
            }
        }
    }
    let mut area: Vec<usize> = region.to_vec();
    for &ci in &chains {
        area.extend(&ch.chains[ci].libs);
        area.extend(&ch.chains[ci].stones);
    }
    area.sort_unstable();
    area.dedup();
    let empty = area.iter().filter(|&&p| cells[p] == Cell::Empty).count();
    let inside = chains
        .iter()
        .map(|&ci| ch.chains[ci].stones.len())
        .filter(|&n| n <= MAX_EMPTY)
        .sum::<usize>();
    (empty <= MAX_EMPTY).then(|| Area {
        points: area,
        empty: empty as u32,
        inside: inside.min(MAX_EMPTY) as u32,
    })
}

/// One capture search: can `attacker` take the chain at `target`?
struct Search<'a> {
    geo: &'a Geometry,
    area: &'a [usize],
    attacker: Cell,
    target: usize,
    budget: u32,
    /// Proved results by position, side to move and ko point: `(attacker wins, depth)`.
    table: HashMap<(u64, bool, usize), (bool, u32)>,
    /// Per point, the stamp of the last chain walk that met it.
    marks: Vec<u32>,
    stamp: u32,
}

impl Search<'_> {
    /// Whether the attacker captures the target within `depth` moves; `None` when the budget
    /// ran out first. The defender may pass; the attacker may not (a pass gains it nothing).
    fn attacker_wins(
        &mut self,
        cells: Vec<Cell>,
        ko: Option<usize>,
        attacker_to_move: bool,
        depth: u32,
    ) -> Option<bool> {
        if cells[self.target] != self.attacker.opponent() {
            return Some(true);
        }
        if depth == 0 {
            return Some(false);
        }
        let key = (self.hash(&cells), attacker_to_move, ko.unwrap_or(0));
        if let Some(&(wins, at)) = self.table.get(&key)
            && (wins || at >= depth)
        {
            return Some(wins);
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let mover = if attacker_to_move {
            self.attacker
        } else {
            self.attacker.opponent()
        };
        // The attacker needs one winning move; the defender one refutation, a pass included.
        let mut unknown = false;
        let mut options: Vec<Option<usize>> = Vec::with_capacity(self.area.len() + 1);
        if !attacker_to_move {
            options.push(None);
        }
        options.extend(self.area.iter().map(|&p| Some(p)));
        for option in options {
            let (next, next_ko) = match option {
                None => (cells.clone(), None),
                Some(p) if Some(p) == ko => continue,
                Some(p) => match self.play(&cells, p, mover) {
                    Some(played) => played,
                    None => continue,
                },
            };
            match self.attacker_wins(next, next_ko, !attacker_to_move, depth - 1) {
                // The mover got what it wanted: proved.
                Some(wins) if wins == attacker_to_move => {
                    self.table.insert(key, (wins, depth));
                    return Some(wins);
                }
                None => unknown = true,
                Some(_) => {}
            }
        }
        if unknown {
            return None;
        }
        // Every option failed the mover.
        let wins = !attacker_to_move;
        self.table.insert(key, (wins, depth));
        Some(wins)
    }

    /// The area's contents, as a key.
    fn hash(&self, cells: &[Cell]) -> u64 {
        self.area.iter().fold(0xcbf2_9ce4_8422_2325, |h, &p| {
            (h ^ u64::from(cells[p].bit())).wrapping_mul(0x0100_0000_01b3)
        })
    }

    /// Plays `c` at `p`: the new cells and the ko point (where a single captured stone was, when
    /// the stone played stands alone in atari), or `None` when the move is illegal (occupied,
    /// suicide).
    fn play(&mut self, cells: &[Cell], p: usize, c: Cell) -> Option<(Vec<Cell>, Option<usize>)> {
        if cells[p] != Cell::Empty {
            return None;
        }
        let mut next = cells.to_vec();
        next[p] = c;
        let mut captured = Vec::new();
        for q in self.geo.neighbours(p) {
            if next[q] == c.opponent() && !captured.contains(&q) {
                let (stones, libs) = self.chain(&next, q);
                if libs == 0 {
                    captured.extend(stones);
                }
            }
        }
        for &s in &captured {
            next[s] = Cell::Empty;
        }
        let (stones, libs) = self.chain(&next, p);
        if libs == 0 {
            return None;
        }
        let ko = match (captured.as_slice(), stones.len(), libs) {
            ([one], 1, 1) => Some(*one),
            _ => None,
        };
        Some((next, ko))
    }

    /// The stones of the chain at `p` and its number of liberties.
    fn chain(&mut self, cells: &[Cell], p: usize) -> (Vec<usize>, usize) {
        self.stamp = self.stamp.wrapping_add(1);
        let stamp = self.stamp;
        let c = cells[p];
        let mut stones = vec![p];
        self.marks[p] = stamp;
        let mut libs = 0;
        let mut i = 0;
        while i < stones.len() {
            for q in self.geo.neighbours(stones[i]) {
                if self.marks[q] == stamp {
                    continue;
                }
                if cells[q] == c {
                    self.marks[q] = stamp;
                    stones.push(q);
                } else if cells[q] == Cell::Empty {
                    self.marks[q] = stamp;
                    libs += 1;
                }
            }
            i += 1;
        }
        (stones, libs)
    }
}
