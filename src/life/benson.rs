//! Benson's algorithm (chains that are alive whatever the opponent does, even if their owner
//! passes forever), and the regions such chains enclose, which the playouts must respect.

use crate::board::{Cell, Chains, Grid, STONES, areas};

/// The regions `c` encloses: connected sets of points that are not `c` stones, each with
/// its points and the `c` chains on its border (in the order met).
fn enclosed_by(g: &Grid, ch: &Chains, c: Cell) -> Vec<(Vec<usize>, Vec<usize>)> {
    areas(&g.geo, &g.cells, |v| v != c)
        .into_iter()
        .map(|a| {
            let mut border: Vec<usize> = Vec::new();
            for &q in &a.border {
                if let Some(ci) = ch.id[q].filter(|ci| !border.contains(ci)) {
                    border.push(ci);
                }
            }
            (a.points, border)
        })
        .collect()
}

/// Which chains of colour `c` are pass-alive (unconditionally alive), by chain index.
#[cfg(test)]
pub(super) fn benson(g: &Grid, ch: &Chains, c: Cell) -> Vec<bool> {
    benson_in(g, ch, c, &enclosed_by(g, ch, c))
}

/// Which chains of either colour are pass-alive, by chain index, and the regions they
/// enclose: each colour's regions are found once for both.
pub(super) fn pass_alive_and_enclosures(g: &Grid, ch: &Chains) -> (Vec<bool>, Enclosures) {
    let regions = STONES.map(|c| enclosed_by(g, ch, c));
    let mut settled = vec![false; ch.chains.len()];
    for (&c, r) in STONES.iter().zip(&regions) {
        for (s, a) in settled.iter_mut().zip(benson_in(g, ch, c, r)) {
            *s |= a;
        }
    }
    let enclosure = enclosures_in(g, &regions, &settled);
    (settled, enclosure)
}

/// Which chains of colour `c` are pass-alive, by chain index, given the regions `c`
/// encloses (from [`enclosed_by`]).
fn benson_in(g: &Grid, ch: &Chains, c: Cell, enclosed: &[(Vec<usize>, Vec<usize>)]) -> Vec<bool> {
    let geo = &g.geo;
    // Each region `c` encloses, with its empty points and its border chains.
    let regions: Vec<(Vec<usize>, &[usize])> = enclosed
        .iter()
        .map(|(points, border)| {
            let empties = points
                .iter()
                .copied()
                .filter(|&p| g.cells[p] == Cell::Empty)
                .collect();
            (empties, border.as_slice())
        })
        .collect();
    // vital[r] lists the chains to which region r is vital (all its empty points are their
    // liberties).
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
                    empties
                        .iter()
                        .all(|&e| geo.neighbours(e).iter().any(|&q| ch.id[q] == Some(ci)))
                })
                .collect()
        })
        .collect();
    let alive: Vec<bool> = ch.chains.iter().map(|x| x.color == c).collect();
    let borders: Vec<&[usize]> = regions.iter().map(|(_, b)| *b).collect();
    settle(alive, &vital, &borders)
}

/// Benson's fixed point: from `alive` (the candidate chains), chains with fewer than two
/// healthy vital regions drop out and regions bordered by a dropped chain are no longer
/// healthy, until nothing changes. `vital[r]` lists the chains region `r` is vital to,
/// `borders[r]` the chains around it. Returns which chains are left: pass-alive.
pub(super) fn settle(
    mut alive: Vec<bool>,
    vital: &[Vec<usize>],
    borders: &[&[usize]],
) -> Vec<bool> {
    let mut region_ok = vec![true; borders.len()];
    loop {
        let mut changed = false;
        // Chains with fewer than two healthy vital regions drop out.
        let mut count = vec![0u32; alive.len()];
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
        for (r, border) in borders.iter().enumerate() {
            if region_ok[r] && border.iter().any(|&ci| !alive[ci]) {
                region_ok[r] = false;
                changed = true;
            }
        }
        if !changed {
            return alive;
        }
    }
}

/// The regions enclosed by pass-alive chains, per padded point, as colour bits.
pub(super) struct Enclosures {
    /// Bit of colour `c` set when the point lies in a region (connected points that are not
    /// `c` stones) whose every bordering `c` chain is pass-alive: the opponent can never
    /// capture round it.
    pub enclosed: Vec<u8>,
    /// Bit of `c` set when such a region also holds no opponent stone at all (safe territory,
    /// where the opponent never plays in the playouts).
    pub empty_only: Vec<u8>,
}

/// The regions enclosed by the chains `pass_alive` marks, for both colours.
#[cfg(test)]
pub(super) fn enclosures(g: &Grid, ch: &Chains, pass_alive: &[bool]) -> Enclosures {
    enclosures_in(g, &STONES.map(|c| enclosed_by(g, ch, c)), pass_alive)
}

/// The regions enclosed by the chains `pass_alive` marks, for both colours, given each
/// colour's regions (from [`enclosed_by`], in [`STONES`]' order).
fn enclosures_in(
    g: &Grid,
    regions: &[Vec<(Vec<usize>, Vec<usize>)>; 2],
    pass_alive: &[bool],
) -> Enclosures {
    let n = g.cells.len();
    let mut enclosed = vec![0u8; n];
    let mut empty_only = vec![0u8; n];
    for (&c, regions) in STONES.iter().zip(regions) {
        for (region, border) in regions {
            if border.iter().all(|&ci| pass_alive[ci]) {
                let foes = region.iter().any(|&p| g.cells[p] == c.opponent());
                for &p in region {
                    enclosed[p] |= c.bit();
                    if !foes {
                        empty_only[p] |= c.bit();
                    }
                }
            }
        }
    }
    Enclosures {
        enclosed,
        empty_only,
    }
}
