//! A small capture search confined to a few points: can one side take a chain of the other,
//! whoever moves first? The seki proof and the reading of groups shut in a small space of
//! their own both rest on it. Exhaustive within its depth and node budget, with a table of
//! proved positions; a result that ran out of budget is `None`, never a guess.

use crate::board::{Cell, Chain, Geometry};
use std::collections::HashMap;
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
    area: &[usize],
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
        area,
        attacker: target.color.opponent(),
        target: t,
        budget,
        table: HashMap::new(),
        walk: Vec::new(),
        found: Vec::new(),
        marks: vec![0; cells.len()],
        stamp: 0,
    };
    // Iterative deepening: a short capture is proved before the deep lines of the moves that
    // fail are read out (the table keeps what the shallower rounds proved).
    let trusted = trusted.min(depth);
    let mut d = depth.min(4);
    let mut finished = None;
    let mut withheld = 0;
    loop {
        let answer = search.attacker_wins(cells.to_vec(), None, attacker_first, d);
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

/// Past the trusted depth, nodes allowed per node the trusted answer cost…
const EXTRA_FACTOR: u32 = 2;
/// …counting that cost as at least this many nodes.
const EXTRA_FLOOR: u32 = 100;

/// One capture search: can `attacker` take the chain at `target`?
struct Search<'a> {
    geo: &'a Geometry,
    area: &'a [usize],
    attacker: Cell,
    target: usize,
    budget: u32,
    /// Proved results by position, side to move and ko point: `(attacker wins, depth)`.
    table: HashMap<(u64, bool, usize), (bool, u32)>,
    /// The stones of the last chain walked.
    walk: Vec<usize>,
    /// The liberties the last walk found.
    found: Vec<usize>,
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
        if attacker_to_move {
            // The target's liberties first: most attacks start there, and a proof found
            // early spares the rest of the tree.
            let libs = self.liberties(&cells, self.target);
            options.sort_by_key(|o| o.is_none_or(|p| !libs.contains(&p)));
        }
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
            if next[q] == c.opponent() && !captured.contains(&q) && self.chain(&next, q, 1) == 0 {
                captured.extend_from_slice(&self.walk);
            }
        }
        for &s in &captured {
            next[s] = Cell::Empty;
        }
        let libs = self.chain(&next, p, 2);
        if libs == 0 {
            return None;
        }
        let ko = match (captured.as_slice(), self.walk.len(), libs) {
            ([one], 1, 1) => Some(*one),
            _ => None,
        };
        Some((next, ko))
    }

    /// The liberties of the chain at `p`, ascending.
    fn liberties(&mut self, cells: &[Cell], p: usize) -> Vec<usize> {
        self.chain(cells, p, usize::MAX);
        let mut libs = self.found.clone();
        libs.sort_unstable();
        libs
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
        let (trusted, cost) = captures(&g.geo, &g.cells, &area, target, false, 6..=6, 100_000);
        assert_eq!(trusted, Some(false));
        let (deeper, used) = captures(&g.geo, &g.cells, &area, target, false, 6..=16, 100_000);
        assert_eq!(deeper, Some(false));
        // The deeper rounds may spend EXTRA_FACTOR times the trusted cost, not the budget.
        assert!(
            used <= cost + cost.max(EXTRA_FLOOR) * EXTRA_FACTOR,
            "{used} nodes against {cost}"
        );
    }
}
