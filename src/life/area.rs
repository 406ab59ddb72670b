//! Whose area a group stands in once the dead stones are lifted: a dead chain in its own
//! colour's area lives; a group near a coin toss whose region runs into the opponent's
//! points is dead; and whether a board is finished or still mostly open, which says when
//! these rules hold.

use super::stones::{clear_stones, lifted};
use crate::board::{Cell, Chain, Chains, Grid, Position};

/// A group the playouts keep alive near a coin toss whose region (what it reaches through
/// empty points, its own stones and dead opposing ones) holds no other living stone of its
/// colour, and holds this many empty points or more on the opponent's side of the border
/// (touching the opponent's living stones and none of the group's colour), is dead. At the
/// end of a game a living group's border is closed, or open only by dame that touch both
/// sides; a group whose region runs into the opponent's own points sits in the opponent's
/// area, and the playouts, whose attacker plays at random, keep such groups in half their
/// games or more. Chosen on the judged tuning sets over seeds 1-7 (FINDINGS, 27 November,
/// eighth session): 2, 3 and 4 tried, 3 best; counting every open point instead (dame
/// included) killed living groups beside a line of dame in Fox games.
const OPEN_BORDER: usize = 3;

/// A group whose chains the playouts keep in this share or more is not near a coin toss as a
/// whole, whatever its mean: a sprawling group of an unfinished game, living parts and dying
/// ones, is not judged by its border.
const TOSS_CHAIN_KEPT: f64 = 0.8;

/// The dead chains that sit in their own colour's area once the dead stones are lifted:
/// their region (empty points and lifted stones) meets living stones of their colour only.
/// Captured stones lie in the captor's area; one whose captors are dead too (a stone in the
/// eye of a group that dies in the chain's own area) was never captured.
pub(super) fn in_their_own_area(g: &Grid, ch: &Chains, dead: &[bool]) -> Vec<usize> {
    let mut dead = dead.to_vec();
    let mut out = Vec::new();
    loop {
        // The owner of each point of an empty region, the dead stones lifted.
        let mut owner = vec![None; g.cells.len()];
        for r in crate::board::regions(&g.geo, &lifted(g, &dead)) {
            let o = r.owner();
            for &p in &r.points {
                owner[p] = o;
            }
        }
        let found: Vec<usize> = (0..ch.chains.len())
            .filter(|&ci| {
                let c = &ch.chains[ci];
                c.stones
                    .first()
                    .is_some_and(|&s| dead[g.geo.unpad(s)] && owner[s] == Some(c.color))
            })
            .collect();
        if found.is_empty() {
            return out;
        }
        for &ci in &found {
            clear_stones(g, &ch.chains[ci], &mut dead);
        }
        out.extend(found);
    }
}

/// Among `candidates` (groups the playouts keep alive near a coin toss, as chain indices),
/// those that sit in the opponent's area: every chain kept in under [`TOSS_CHAIN_KEPT`] of
/// the playouts, and [`open_border`] finds their region touching living opposing stones at
/// [`OPEN_BORDER`] empty points or more. Two such groups facing each other (a fight between
/// two weak groups, not a group inside the other's area) are both left alive, and so is a
/// group whose colour would keep no living stone on the board.
pub(super) fn in_the_opponents_area<'a>(
    g: &Grid,
    ch: &Chains,
    candidates: &[&'a [usize]],
    kept: &[f64],
    dead: &[bool],
) -> Vec<&'a [usize]> {
    let found: Vec<(&[usize], Vec<usize>)> = candidates
        .iter()
        .filter(|grp| grp.iter().all(|&ci| kept[ci] < TOSS_CHAIN_KEPT))
        .filter_map(|&grp| {
            open_border(g, ch, grp, dead)
                .filter(|(open, _)| *open >= OPEN_BORDER)
                .map(|(_, walls)| (grp, walls))
        })
        .collect();
    let doomed: Vec<usize> = found
        .iter()
        .flat_map(|(grp, _)| grp.iter().copied())
        .collect();
    // Living stones of each colour outside the groups found: a colour this rule would wipe
    // off the board was never a group inside the other's area (a seki, a test position).
    let mut elsewhere = [0usize; 2];
    for (ci, chain) in ch.chains.iter().enumerate() {
        let living = chain.stones.iter().any(|&s| !dead[g.geo.unpad(s)]);
        if living && !doomed.contains(&ci) {
            elsewhere[chain.color.side()] += 1;
        }
    }
    found
        .into_iter()
        .filter(|(grp, walls)| {
            !walls.iter().any(|ci| doomed.contains(ci))
                && grp
                    .first()
                    .is_some_and(|&ci| elsewhere[ch.chains[ci].color.side()] > 0)
        })
        .map(|(grp, _)| grp)
        .collect()
}

/// `doomed` without the groups the verdict as it stands (the stones `dead` names dead)
/// puts in seki: seki is never called dead.
pub(super) fn out_of_seki<'a>(
    pos: &Position,
    g: &Grid,
    ch: &Chains,
    dead: &[bool],
    mut doomed: Vec<&'a [usize]>,
) -> Vec<&'a [usize]> {
    if doomed.is_empty() {
        return doomed;
    }
    let now = super::territory::finish(
        pos,
        dead.to_vec(),
        super::DeadSource::Estimate,
        super::Confidence::Estimated,
    );
    let in_seki = |ci: usize| {
        ch.chains[ci]
            .stones
            .iter()
            .any(|&s| now.status.get(g.geo.unpad(s)) == Some(&Some(super::ChainStatus::Seki)))
    };
    doomed.retain(|grp| !grp.iter().any(|&ci| in_seki(ci)));
    doomed
}

/// The open regions (empty points touching living stones of both colours) once the stones
/// `dead` names are taken off.
fn open_regions(g: &Grid, dead: &[bool]) -> Vec<crate::board::Region> {
    crate::board::regions(&g.geo, &lifted(g, dead))
        .into_iter()
        .filter(|r| r.touches == [true, true])
        .collect()
}

/// On a board still [`regions_mostly_open`] once the stones `dead` names are taken off, the
/// points of its open regions (padded indices).
pub(super) fn open_points(g: &Grid, dead: &[bool]) -> Option<Vec<bool>> {
    let open = open_regions(g, dead);
    regions_mostly_open(&open, dead.len()).then(|| {
        let mut map = vec![false; g.cells.len()];
        for &p in open.iter().flat_map(|r| &r.points) {
            map[p] = true;
        }
        map
    })
}

/// Whether every liberty of `chain` lies on one of `open`'s points: no eye or point of its
/// own, only the open regions of an unfinished board.
pub(super) fn in_the_open(open: &[bool], chain: &Chain) -> bool {
    chain.libs.iter().all(|&l| open[l])
}

/// Whether the open regions `open` leave a board of `points` points [`super::mostly_open`].
pub(super) fn regions_mostly_open(open: &[crate::board::Region], points: usize) -> bool {
    super::mostly_open(open.iter().map(|r| r.points.len()).sum(), points)
}

/// Whether the board, the stones `dead` names taken off, looks finished: no open region of
/// [`super::LARGEST_OPEN_REGION`] points or more, and not [`regions_mostly_open`].
pub(super) fn finished(g: &Grid, dead: &[bool]) -> bool {
    let open = open_regions(g, dead);
    open.iter()
        .all(|r| r.points.len() < super::LARGEST_OPEN_REGION)
        && !regions_mostly_open(&open, dead.len())
}

/// The region of `grp` (the points it reaches through empty points, stones of its colour and
/// dead opposing stones) and where it meets living opposing stones: the number of its empty
/// points that touch one and no stone of the group's colour (the opponent's side of the
/// border), and the opposing chains its empty points touch. `None` when the region holds a
/// living stone of the group's colour outside it (it may join a friend there).
pub(super) fn open_border(
    g: &Grid,
    ch: &Chains,
    grp: &[usize],
    dead: &[bool],
) -> Option<(usize, Vec<usize>)> {
    let own = grp.first().map(|&ci| ch.chains[ci].color)?;
    let living_opponent =
        |q: usize| g.cells[q].is_stone() && g.cells[q] != own && !dead[g.geo.unpad(q)];
    let mut seen = vec![false; g.cells.len()];
    let mut stack: Vec<usize> = Vec::new();
    for &ci in grp {
        for &s in &ch.chains[ci].stones {
            seen[s] = true;
            stack.push(s);
        }
    }
    let (mut open, mut walls) = (0, Vec::new());
    while let Some(p) = stack.pop() {
        match g.cells[p] {
            Cell::Empty => {
                let before = walls.len();
                walls.extend(
                    g.geo
                        .neighbours(p)
                        .into_iter()
                        .filter(|&q| living_opponent(q))
                        .filter_map(|q| ch.id[q]),
                );
                // A dame between the group and a wall touches both: only points on the
                // opponent's side of the border count.
                let ours = g.geo.neighbours(p).into_iter().any(|q| g.cells[q] == own);
                open += usize::from(walls.len() > before && !ours);
            }
            c if c == own
                && !dead[g.geo.unpad(p)]
                && !ch.id[p].is_some_and(|ci| grp.contains(&ci)) =>
            {
                return None;
            }
            _ => {}
        }
        for q in g.geo.neighbours(p) {
            if !seen[q] && g.cells[q] != Cell::Edge && !living_opponent(q) {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
    walls.sort_unstable();
    walls.dedup();
    Some((open, walls))
}
