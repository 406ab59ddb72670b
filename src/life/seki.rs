//! Seki, proved before it is called: the estimate's living chains around a region that neither
//! side can fill look like seki, but many such shapes are simply dead — a few stones inside a
//! group's own enclosure, sharing its last liberties, are sacrificed and the vital point taken
//! (the playouts never try a self-atari, so they cannot see it). A small local search, moves
//! limited to the region, the points around it and what captures free, asks whether one side
//! captures a chain of the other even when the other moves first (and may pass). Only a
//! capture proved within the search's budget turns seki into dead; anything the search cannot
//! settle stays as the estimate left it. Regions whose chains are each other's walls (a
//! corner group in false seki inside a chain that is itself in seki with stones inside it)
//! are one fight: a capture read in one region whose wall is in seki in the other proves
//! nothing (read apart, each takes the other for a safe wall), so the regions are then read
//! together. Once a chain of such a fight is found dead, the others wait for the next round.

use super::playout::PlayoutBoard;
use super::reading;
use super::stones::{lifted, mark_stones, take_off};
use super::territory::is_seki_region;
use crate::board::{Cell, Chain, Chains, Geometry, Grid, regions};

/// Nodes one attempt (one attacker, one target) may visit before it gives up (a kill
/// through a linked seki read out to its trusted depth took 3,300).
const BUDGET: u32 = 4_000;
/// Nodes all the attempts of one position may visit, over every round: the estimate's time
/// stays bounded.
pub(super) const POSITION_BUDGET: u32 = 4_000;
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
/// (pass-alive) are never targets. The search spends nodes from `left`.
pub(super) fn read(
    g: &Grid,
    cells: &[Cell],
    settled: &dyn Fn(usize) -> bool,
    left: &mut u32,
) -> SekiReading {
    let geo = &g.geo;
    let mut out = SekiReading::default();
    // The board the seki test needs is built only for a region touching both colours, the
    // chains the reading needs only for a region that looks like seki.
    let shared: Vec<_> = regions(geo, cells)
        .into_iter()
        .filter(|r| r.touches == [true, true])
        .collect();
    if shared.is_empty() {
        return out;
    }
    let board = PlayoutBoard::new(geo, cells);
    let shared: Vec<_> = shared
        .into_iter()
        .filter(|r| is_seki_region(&board, r))
        .collect();
    if shared.is_empty() {
        return out;
    }
    let ch = Chains::of(geo, cells);
    // Held means held in every search: one that ran out of budget undoes it.
    let mut unsettled = Vec::new();
    // The linked groups of regions (by their first region) where a chain was found dead.
    let mut refuted_in: Vec<usize> = Vec::new();
    let seki: Vec<(Vec<usize>, Vec<usize>)> = shared
        .into_iter()
        .map(|r| {
            let mut around: Vec<usize> = r
                .points
                .iter()
                .flat_map(|&p| geo.neighbours(p))
                .filter_map(|q| ch.id[q])
                .collect();
            around.sort_unstable();
            around.dedup();
            (r.points, around)
        })
        .collect();
    let linked = linked_regions(geo, &ch, &seki, settled);
    for (i, (points, around)) in seki.iter().enumerate() {
        // First the fight of this region's chains alone, the walls outside taken as safe;
        // then, if that did not settle it (a capture whose wall is itself in seki proves
        // nothing), the fight of the linked seki regions together; then the region with the
        // short-of-liberties chains next to its chains, whose capture may be the way out.
        let joint = (linked[i].len() > 1).then(|| {
            let pts: Vec<usize> = linked[i].iter().flat_map(|&j| seki[j].0.clone()).collect();
            let chains: Vec<usize> = linked[i].iter().flat_map(|&j| seki[j].1.clone()).collect();
            area_of(geo, cells, &ch, &pts, &chains)
        });
        let narrow = area_of(geo, cells, &ch, points, around);
        let wide = local_area(geo, cells, &ch, points, around);
        let in_seki = |ci: usize| seki.iter().any(|(_, a)| a.contains(&ci));
        // The biggest chains first: a stone sacrificed inside a group's eye is captured on
        // the way to killing that group, so its capture proves nothing until the group's
        // fate is read, and once a chain of these linked regions is found dead the others
        // wait for the next round, read on the board without it.
        let mut targets = around.clone();
        targets.sort_by_key(|&t| (std::cmp::Reverse(ch.chains[t].stones.len()), t));
        for t in targets {
            let target = &ch.chains[t];
            if out.refuted.contains(&t) || target.stones.iter().any(|&s| settled(s)) {
                continue;
            }
            if refuted_in.contains(&linked[i][0]) {
                unsettled.push(t);
                out.held.retain(|&h| h != t);
                continue;
            }
            let mut answer = None;
            for (area, confined) in [
                (narrow.as_ref(), true),
                (joint.as_ref().and_then(Option::as_ref), true),
                (wide.as_ref(), false),
            ] {
                let Some(area) = area else { continue };
                if *left == 0 {
                    return out;
                }
                let (a, used) = attempt(geo, &g.cells, cells, area, target, BUDGET.min(*left));
                *left -= used;
                // A capture read in a confined area stands only if the walls it took as safe
                // are: the target's other neighbours keep two liberties outside it, and are
                // not themselves in a seki the area left out.
                answer = match a {
                    Some(true)
                        if confined && !walls_hold(geo, &ch, target, &area.points, &in_seki) =>
                    {
                        None
                    }
                    a => a,
                };
                if answer.is_some() {
                    break;
                }
            }
            match answer {
                Some(true) => {
                    refuted_in.push(linked[i][0]);
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

/// One search in `area`: does the target's opponent capture it even when the target's side
/// moves first (and may pass)? With the nodes it used. The fight is read on the real board
/// (`real`), the dead stones still on it: a dead stone inside an eye still takes a liberty
/// until it is captured, which is what makes many seki (the stones next to the area that the
/// verdict lifted join it, to be captured and played on again).
fn attempt(
    geo: &Geometry,
    real: &[Cell],
    lifted: &[Cell],
    area: &Area,
    target: &Chain,
    budget: u32,
) -> (Option<bool>, u32) {
    let mut points = area.points.clone();
    let mut i = 0;
    while i < points.len() {
        for q in geo.neighbours(points[i]) {
            if real[q].is_stone() && lifted[q] == Cell::Empty && !points.contains(&q) {
                points.push(q);
            }
        }
        i += 1;
    }
    let added = (points.len() - area.points.len()) as u32;
    points.sort_unstable();
    // Every empty point filled once, each stone inside captured and played again (two moves
    // a point, as for the lifted ones), and the defender's first move (often a pass) is the
    // depth a seki that held is trusted at; beyond it (both sides' moves, twice a point) the
    // search only looks for a capture, as far as its budget goes. (Counting the stones
    // inside once trusted a seki at 9 moves whose kill, through a linked seki, takes 12.)
    let trusted = (area.empty + 2 * area.inside + 2 * added + 3).min(16);
    let depth = (2 * (area.empty + area.inside + added) + 2).min(16);
    reading::captures(
        geo,
        real,
        reading::Area::of(&points),
        target,
        false,
        trusted..=depth,
        budget,
    )
}

/// True when every opposing chain next to `target` keeps two liberties outside `area`: a
/// search confined to the area could not have captured it, and need not have.
pub(super) fn walls_hold(
    geo: &Geometry,
    ch: &Chains,
    target: &Chain,
    area: &[usize],
    in_seki: &dyn Fn(usize) -> bool,
) -> bool {
    target
        .stones
        .iter()
        .flat_map(|&s| geo.neighbours(s))
        .filter_map(|q| ch.id[q])
        .filter(|&ci| ch.chains[ci].color != target.color)
        .all(|ci| {
            let wall = &ch.chains[ci];
            wall.stones.iter().any(|s| area.contains(s))
                || (!in_seki(ci) && wall.libs.iter().filter(|l| !area.contains(l)).count() >= 2)
        })
}

/// Per seki region (by index in `seki`, each its points and the chains around it), the
/// regions whose fights are one: linked through a chain around both, or through two
/// opposing chains around them that touch (one is the other's wall). Pass-alive chains
/// link nothing. Each list is sorted and holds the region itself.
fn linked_regions(
    geo: &Geometry,
    ch: &Chains,
    seki: &[(Vec<usize>, Vec<usize>)],
    settled: &dyn Fn(usize) -> bool,
) -> Vec<Vec<usize>> {
    let n = seki.len();
    let live = |ci: usize| !ch.chains[ci].stones.iter().any(|&s| settled(s));
    let touches = |a: usize, b: usize| {
        a == b
            || (ch.chains[a].color != ch.chains[b].color
                && ch.chains[a]
                    .stones
                    .iter()
                    .flat_map(|&s| geo.neighbours(s))
                    .any(|q| ch.id[q] == Some(b)))
    };
    let mut comp: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            let joined = seki[i].1.iter().filter(|&&a| live(a)).any(|&a| {
                seki[j]
                    .1
                    .iter()
                    .filter(|&&b| live(b))
                    .any(|&b| touches(a, b))
            });
            if joined {
                let (from, to) = (comp[j], comp[i]);
                comp.iter_mut()
                    .filter(|c| **c == from)
                    .for_each(|c| *c = to);
            }
        }
    }
    (0..n)
        .map(|i| (0..n).filter(|&j| comp[j] == comp[i]).collect())
        .collect()
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
    area_of(geo, cells, ch, region, &chains)
}

/// The region with the stones and liberties of `chains`, and of every chain short of
/// liberties that a move on one of its empty points would join or take (a stone played there
/// must not draw liberties from outside the area unseen); `None` when it holds too many empty
/// points.
fn area_of(
    geo: &Geometry,
    cells: &[Cell],
    ch: &Chains,
    region: &[usize],
    chains: &[usize],
) -> Option<Area> {
    let mut chains = chains.to_vec();
    let mut area: Vec<usize> = region.to_vec();
    let mut done = 0;
    loop {
        for &ci in &chains[done..] {
            area.extend(&ch.chains[ci].libs);
            area.extend(&ch.chains[ci].stones);
        }
        done = chains.len();
        area.sort_unstable();
        area.dedup();
        if area.iter().filter(|&&p| cells[p] == Cell::Empty).count() > MAX_EMPTY {
            return None;
        }
        for &p in area.iter().filter(|&&p| cells[p] == Cell::Empty) {
            for q in geo.neighbours(p) {
                // A chain with many liberties cannot be taken in so small a fight: a stone
                // joining it counts them all (the search reads liberties on the whole board).
                if let Some(cj) = ch.id[q]
                    && ch.chains[cj].libs.len() <= SAFE_LIBS
                    && !chains.contains(&cj)
                {
                    chains.push(cj);
                }
            }
        }
        if chains.len() == done {
            break;
        }
    }
    let empty = area.iter().filter(|&&p| cells[p] == Cell::Empty).count();
    let inside = chains
        .iter()
        .map(|&ci| ch.chains[ci].stones.len())
        .filter(|&n| n <= MAX_EMPTY)
        .sum::<usize>();
    Some(Area {
        points: area,
        empty: empty as u32,
        inside: inside.min(MAX_EMPTY) as u32,
    })
}

/// Rounds of seki proofs: a chain found dead can expose another false seki behind it.
const SEKI_ROUNDS: usize = 3;

/// Rounds of the seki proof (at most [`SEKI_ROUNDS`]) on the board `dead` leaves: each chain
/// it refutes is marked dead and taken off `board`; `held` marks the chains the last round
/// held. Spends from `nodes` at most [`POSITION_BUDGET`]. Returns the first stone
/// (unpadded) of each chain refuted.
pub(super) fn prove_seki(
    g: &Grid,
    pass_alive: &[bool],
    dead: &mut [bool],
    held: &mut [bool],
    board: &mut [Cell],
    nodes: &mut u32,
) -> Vec<usize> {
    let start = POSITION_BUDGET.min(*nodes);
    let mut left = start;
    let mut refuted = Vec::new();
    for _ in 0..SEKI_ROUNDS {
        let cells = lifted(g, dead);
        let reading = read(g, &cells, &|s| pass_alive[s], &mut left);
        held.fill(false);
        // Most positions hold nothing that looks like seki: no chains to name then.
        if reading.held.is_empty() && reading.refuted.is_empty() {
            break;
        }
        let living = Chains::of(&g.geo, &cells);
        for &ci in &reading.held {
            mark_stones(g, &living.chains[ci], held);
        }
        if reading.refuted.is_empty() {
            break;
        }
        for ci in reading.refuted {
            let chain = &living.chains[ci];
            take_off(g, chain, dead, board);
            refuted.extend(chain.stones.first().map(|&s| g.geo.unpad(s)));
        }
    }
    *nodes -= start - left;
    refuted
}

/// Chains the seki proof held (`was_held`) before a group beside them was killed, and no
/// longer holds (`held`): their partner, with the dead group's points, has room now, and the
/// shared liberties are no seki. One with at most [`LOST_SEKI_LIBS`] liberties, its walls
/// keeping two liberties besides, is read with its owner first on its liberties alone; each
/// one taken is marked dead and taken off `board`. Returns their first stones (unpadded).
pub(super) fn out_of_their_seki(
    g: &Grid,
    dead: &mut [bool],
    was_held: &[bool],
    held: &[bool],
    board: &mut [Cell],
    nodes: &mut u32,
) -> Vec<usize> {
    let cells = lifted(g, dead);
    let living = Chains::of(&g.geo, &cells);
    let mut out = Vec::new();
    for chain in &living.chains {
        let Some(first) = chain.stones.first().map(|&s| g.geo.unpad(s)) else {
            continue;
        };
        if !was_held[first] || held[first] || chain.libs.len() > LOST_SEKI_LIBS {
            continue;
        }
        let mut libs = chain.libs.clone();
        libs.sort_unstable();
        if !walls_hold(&g.geo, &living, chain, &libs, &|_| false) {
            continue;
        }
        let depth = 2 * libs.len() as u32 + 2;
        let (answer, used) = reading::captures(
            &g.geo,
            &cells,
            reading::Area::of(&libs),
            chain,
            false,
            depth..=depth,
            LOST_SEKI_BUDGET.min(*nodes),
        );
        *nodes -= used;
        if answer == Some(true) {
            take_off(g, chain, dead, board);
            out.push(first);
        }
    }
    out
}

/// Most liberties of a chain read by [`out_of_their_seki`]: an eye and a shared point or two.
const LOST_SEKI_LIBS: usize = 4;

/// Nodes one such reading may visit.
const LOST_SEKI_BUDGET: u32 = 500;
