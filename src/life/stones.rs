//! Per-point maps of a position's stones, and its groups: what every part of the estimate
//! marks, clears and lifts chains with.

use crate::board::{Cell, Chain, Chains, Grid};

/// The padded cells of `g` with the stones `dead` names (row-major) taken off.
pub(super) fn lifted(g: &Grid, dead: &[bool]) -> Vec<Cell> {
    let mut cells = g.cells.clone();
    for (i, _) in dead.iter().enumerate().filter(|(_, d)| **d) {
        cells[g.geo.pad(i)] = Cell::Empty;
    }
    cells
}

/// Sets the chain's stones in a per-point map (dead stones, unsure stones).
pub(super) fn mark_stones(g: &Grid, chain: &Chain, map: &mut [bool]) {
    for &s in &chain.stones {
        map[g.geo.unpad(s)] = true;
    }
}

/// Whether any of the chain's stones is set in a per-point map (dead, seki).
pub(super) fn any_marked(g: &Grid, chain: &Chain, map: &[bool]) -> bool {
    chain.stones.iter().any(|&s| map[g.geo.unpad(s)])
}

/// Marks a chain found dead in `dead` and takes it off `board` (a padded copy of the cells).
pub(super) fn take_off(g: &Grid, chain: &Chain, dead: &mut [bool], board: &mut [Cell]) {
    mark_stones(g, chain, dead);
    lift(chain, board);
}

/// Takes the chain's stones off `board` (a padded copy of the cells).
pub(super) fn lift(chain: &Chain, board: &mut [Cell]) {
    for &s in &chain.stones {
        board[s] = Cell::Empty;
    }
}

/// Clears the chain's stones in a per-point map (a chain found alive after all).
pub(super) fn clear_stones(g: &Grid, chain: &Chain, map: &mut [bool]) {
    for &s in &chain.stones {
        map[g.geo.unpad(s)] = false;
    }
}

/// Groups: chains of one colour connected through their own stones and empty points (never
/// through an opposing stone), as lists of chain indices.
pub(super) fn groups(g: &Grid, ch: &Chains) -> Vec<Vec<usize>> {
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
        // Each group tags the points it reaches with its first chain's index, so empty points
        // need no clearing between groups (they are shared with the other colour's groups).
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
            for q in g.geo.neighbours(p) {
                let v = g.cells[q];
                if (v == Cell::Empty || v == c) && mark[q] != tag {
                    mark[q] = tag;
                    stack.push(q);
                }
            }
        }
        out.push(grp);
    }
    out
}
