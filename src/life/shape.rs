//! The eye space a capture leaves: a few points walled in by the captor's stones, and what
//! they make for the captor when the opponent, whose stones were taken, moves next.
//!
//! Capturing three to six stones does not give two eyes when they stood in a killing
//! shape — straight or bent three, pyramid four, bulky five, crossed five, rabbity six: the
//! opponent plays its vital point and the captor is left with one eye (a square four, or
//! one or two points, are one eye already). A group shut in with nothing but such a capture
//! to live by is dead (the chain in atari, or with two liberties both inside the group's
//! space, which the group fills before it takes it). Each shape is known by its size, its
//! number of inside adjacencies and its most connected point, which is the vital one.
//! [`lives_only_by_a_killing_capture`] finds such groups among those the playouts keep
//! (their other liberties dame).

use crate::board::{Cell, Chains, Geometry, Grid};

/// Largest empty region by a group's other liberties that may still be no eye of its own:
/// dame between finished walls are a few points.
const OPEN_REGION: usize = 4;

/// What a space freed by a capture makes for the captor, the opponent to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EyeSpace {
    /// One eye at most, whatever the opponent plays (one point, two, a square four).
    Dead,
    /// One eye once the opponent takes its vital point (the most connected point).
    Killable,
    /// Room for two eyes, or a shape not recognised (counted as living: nothing is said).
    Lives,
}

/// The eye space of the points `pts` (padded indices, walled in by one colour).
pub(super) fn eye_space(geo: &Geometry, pts: &[usize]) -> EyeSpace {
    let n = pts.len();
    if n == 0 || n > 6 {
        return EyeSpace::Lives;
    }
    let mut degree = [0u32; 6];
    let mut edges = 0;
    for i in 0..n {
        let nb = geo.neighbours(pts[i]);
        for j in i + 1..n {
            if nb.contains(&pts[j]) {
                degree[i] += 1;
                degree[j] += 1;
                edges += 1;
            }
        }
    }
    let top = degree[..n].iter().copied().max().unwrap_or(0);
    // One vital point: a single most connected point.
    let single = degree[..n].iter().filter(|&&d| d == top).count() == 1;
    // Every shape below is connected: a path of three has two adjacencies, a star of four
    // three, and a five or six with a cycle or a point of degree 4 has no room for a second
    // piece.
    match (n, edges, top) {
        (1, _, _) | (2, 1, _) | (4, 4, _) => EyeSpace::Dead,
        (3, 2, 2) | (4, 3, 3) | (5, 5, 3) | (5, 4, 4) | (6, 6, 4) if single => EyeSpace::Killable,
        _ => EyeSpace::Lives,
    }
}

/// The opposing chain whose capture is the only eye `grp` (chain indices, one colour) can
/// make, when that capture leaves it one eye: a chain of three to six stones in atari or
/// with two liberties, touching no other chain of `grp`'s colour, standing in a killing or
/// one-eye shape, its liberties points of its own among `grp`'s stones (of two, `grp` fills
/// one, then takes the chain at the other: the space left is the chain's points either way,
/// and the opponent, to move first, only makes it worse by filling one itself; `grp` then
/// needs two other liberties, or the opponent fills its last and the chain and `grp` stand
/// in seki). Every other liberty of `grp` lies in
/// a small empty region that touches the opponent and no other friend (dame, no eye, no way
/// out), and every other opposing chain next to `grp` or to those regions is a `wall`
/// (alive, not to be taken) with two liberties at least.
/// Taking the chain, `grp` is left with the shape's one eye once the opponent plays its
/// vital point: `grp` is dead and the chain lives. Random playouts seldom find that vital
/// point and keep such a group alive.
pub(super) fn lives_only_by_a_killing_capture(
    g: &Grid,
    ch: &Chains,
    grp: &[usize],
    wall: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let geo = &g.geo;
    let c = ch.chains.get(*grp.first()?)?.color;
    let ours = |q: usize| ch.id[q].is_some_and(|ci| grp.contains(&ci));
    let mut next: Vec<usize> = grp
        .iter()
        .flat_map(|&ci| &ch.chains[ci].stones)
        .flat_map(|&s| geo.neighbours(s))
        .filter_map(|q| ch.id[q])
        .filter(|&o| ch.chains[o].color != c)
        .collect();
    next.sort_unstable();
    next.dedup();
    // A liberty of the chain is no room of the group's own: its neighbours are the group's
    // stones, the chain's or the edge. Of two, each touches the group, so that the stone
    // the group fills it with first joins the group rather than being suicide.
    let inner = |l: usize, o: usize, two: bool| {
        let nb = geo.neighbours(l);
        (!two || nb.iter().any(|&q| ours(q)))
            && nb
                .iter()
                .all(|&q| matches!(g.cells[q], Cell::Edge) || ours(q) || ch.id[q] == Some(o))
    };
    let inside = |o: usize| {
        let v = &ch.chains[o];
        (v.libs.len() == 1 || (v.libs.len() == 2 && v.libs.iter().all(|&l| inner(l, o, true))))
            && (3..=6).contains(&v.stones.len())
            && v.stones
                .iter()
                .flat_map(|&s| geo.neighbours(s))
                .all(|q| g.cells[q] != c || ours(q))
            && eye_space(geo, &v.stones) != EyeSpace::Lives
    };
    let mut victims = next.iter().copied().filter(|&o| inside(o));
    let victim = victims.next()?;
    if victims.next().is_some() {
        return None;
    }
    let taking = &ch.chains[victim].libs;
    // The capturing point is no room of its own: nothing but the chain and the group round it.
    if !taking.iter().all(|&l| inner(l, victim, taking.len() == 2)) {
        return None;
    }
    if !next
        .iter()
        .all(|&o| o == victim || (ch.chains[o].libs.len() >= 2 && wall(o)))
    {
        return None;
    }
    // Every other liberty: a small region with an opposing stone on its edge, not the
    // victim's, and no other friend.
    let mut seen: Vec<usize> = taking.clone();
    let mut others: Vec<usize> = Vec::new();
    for &l in grp.iter().flat_map(|&ci| &ch.chains[ci].libs) {
        if !taking.contains(&l) && !others.contains(&l) {
            others.push(l);
        }
        if seen.contains(&l) {
            continue;
        }
        let (mut region, mut stack, mut faces_wall) = (vec![l], vec![l], false);
        seen.push(l);
        while let Some(p) = stack.pop() {
            for q in geo.neighbours(p) {
                match g.cells[q] {
                    Cell::Empty if !seen.contains(&q) => {
                        if region.len() >= OPEN_REGION {
                            return None;
                        }
                        seen.push(q);
                        region.push(q);
                        stack.push(q);
                    }
                    // An opposing stone there must be a wall too: a weak one taken makes
                    // the region an eye.
                    v if v == c.opponent() => match ch.id[q] {
                        Some(o) if o == victim => {}
                        Some(o) if ch.chains[o].libs.len() >= 2 && wall(o) => faces_wall = true,
                        _ => return None,
                    },
                    // A friend across the dame is a way out.
                    v if v == c && !ours(q) => return None,
                    _ => {}
                }
            }
        }
        if !faces_wall {
            return None;
        }
    }
    // A chain of two liberties takes the group two moves: with one other liberty or none,
    // the opponent fills it and the group's first move inside is self-atari (a seki).
    if taking.len() == 2 && others.len() < 2 {
        return None;
    }
    Some(victim)
}

/// Bent four in the corner: the group's only eye space is the four-point L bent round the
/// corner point, an opponent stone holds that corner, and the opponent chains outside hold
/// out longer than the group. Black wins the ko after removing every threat, so the group
/// is dead (the playouts, which let White win the ko, cannot see it). Returns the opponent
/// chains inside the eye space, which live.
pub(super) fn bent_four_in_the_corner(
    g: &Grid,
    ch: &Chains,
    grp: &[usize],
    settled: &[bool],
) -> Option<Vec<usize>> {
    let geo = &g.geo;
    let c = ch.chains.get(*grp.first()?)?.color;
    let opp = c.opponent();
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
        for q in geo.neighbours(p) {
            let v = g.cells[q];
            if (v == Cell::Empty || v == opp) && !space.contains(&q) {
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
    let off_board = |q: usize| g.cells[q] == Cell::Edge;
    let corner = *space.iter().find(|&&p| {
        geo.neighbours(p)
            .into_iter()
            .filter(|&q| off_board(q))
            .count()
            == 2
    })?;
    if g.cells[corner] != opp {
        return None;
    }
    // The two steps inward from the corner, as index offsets.
    let inward: Vec<isize> = geo
        .neighbours(corner)
        .into_iter()
        .filter(|&q| !off_board(q))
        .map(|q| q as isize - corner as isize)
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
    let libs = space.iter().filter(|&&p| g.cells[p] == Cell::Empty).count();
    let mut inside = Vec::new();
    for &p in &space {
        if let Some(ci) = ch.id[p].filter(|ci| g.cells[p] == opp && !inside.contains(ci)) {
            inside.push(ci);
        }
    }
    // The stones around must not be capturable first: a semeai is no bent four.
    for &ci in grp {
        for &s in &ch.chains[ci].stones {
            for q in geo.neighbours(s) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::life::tests::{BULKY_FIVE_INSIDE, pos};

    #[test]
    fn a_capture_is_the_only_eye_unless_the_dame_offer_a_way_out() {
        // Black's chain round White's bulky five in atari (a1-c1, a2-b2), its other
        // liberties dame against White's wall: taking the five is its only eye. With a
        // Black stone across the dame a5-b5 (at a6), it has a way out: nothing is said.
        let rows = BULKY_FIVE_INSIDE;
        // The rule's answer, with the chain at a4 (if any) taken as a weak wall or not.
        let answer = |rows: &[&str], a4_weak: bool| {
            let g = Grid::from_position(&pos(rows)).unwrap_or_else(|| panic!("a valid position"));
            let ch = Chains::of(&g.geo, &g.cells);
            let at = |x: usize, y: usize| ch.id[g.geo.pad(y * 9 + x)];
            let grp: Vec<usize> = at(0, 5).into_iter().collect();
            let wall = |o: usize| !(a4_weak && Some(o) == at(0, 3));
            let found = lives_only_by_a_killing_capture(&g, &ch, &grp, &wall);
            (found, at(0, 7))
        };
        let (found, five) = answer(&rows, false);
        assert!(found.is_some());
        assert_eq!(found, five);
        let mut with_friend = rows;
        with_friend[3] = "XOOOOOOOO";
        assert_eq!(answer(&with_friend, false).0, None);
        // White's a4-b4 cut off from its wall, touching only the dame: taken for a wall, the
        // rule holds; weak, it may be taken and the dame become an eye, so nothing is said.
        let mut cut = rows;
        cut[3] = "OO.OOOOOO";
        let (found, five) = answer(&cut, false);
        assert!(found.is_some());
        assert_eq!(found, five);
        assert_eq!(answer(&cut, true).0, None);
    }

    /// The eye space of the `#` points of a 7x7 layout.
    fn space_of(rows: &[&str]) -> EyeSpace {
        let p = pos(&["......."; 7]);
        let g = Grid::from_position(&p).unwrap_or_else(|| panic!("a valid test position"));
        let mut pts = Vec::new();
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.chars().enumerate() {
                if c == '#' {
                    pts.push(g.geo.pad(y * 7 + x));
                }
            }
        }
        eye_space(&g.geo, &pts)
    }

    #[test]
    fn killing_shapes_one_eye_shapes_and_living_shapes_are_told_apart() {
        let killable: [&[&str]; 6] = [
            &["###"],               // straight three
            &["##.", ".#."],        // bent three
            &["###", ".#."],        // pyramid four
            &["##.", "###"],        // bulky five
            &[".#.", "###", ".#."], // crossed five
            &[".##", "###", ".#."], // rabbity six
        ];
        for rows in killable {
            assert_eq!(space_of(rows), EyeSpace::Killable, "{rows:?}");
        }
        for rows in [&["#"][..], &["##"], &["##", "##"]] {
            assert_eq!(space_of(rows), EyeSpace::Dead, "{rows:?}");
        }
        let lives: [&[&str]; 9] = [
            &["####"],         // straight four
            &["###", "#.."],   // bent four
            &["#.#"],          // two separate points
            &["#.##"],         // a point and a pair
            &["#####"],        // straight five
            &["###", "#.#"],   // a U of five
            &["####", ".#.."], // a Y of five
            &["###", "###"],   // a rectangle of six
            &["#######"],      // too big to say
        ];
        for rows in lives {
            assert_eq!(space_of(rows), EyeSpace::Lives, "{rows:?}");
        }
    }
}
