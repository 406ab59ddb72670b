//! A group whose only eye would come from taking a chain that stands in a killing shape is
//! dead, and the chain lives: the opponent plays its vital point. With two liberties and the
//! group's owner to move, a search first asks whether the owner may fill its own dame and
//! leave a seki.

use super::enclosed;
use super::reading;
use super::shape;
use super::stones::{any_marked, clear_stones, mark_stones};
use crate::board::{Cell, Chain, Chains, Grid};

/// The groups of `unsettled` still alive in `dead` whose only eye would come from taking a
/// chain of three to six stones in atari, or with two liberties inside the group's space,
/// that stands in a killing shape
/// ([`shape::lives_only_by_a_killing_capture`], its other opposing neighbours safe walls
/// by `wall`): marked dead, the chain alive. The groups round one such chain are read as
/// one, since its capture joins them. Returns their chains and the chains taken.
pub(super) fn taken_into_one_eye(
    g: &Grid,
    ch: &Chains,
    unsettled: &[Vec<usize>],
    dead: &mut [bool],
    wall: &dyn Fn(&[bool], usize) -> bool,
    to_move: Option<Cell>,
    nodes: &mut u32,
) -> Vec<usize> {
    let mut read: Vec<usize> = Vec::new();
    let mut group_of = vec![usize::MAX; ch.chains.len()];
    for (i, grp) in unsettled.iter().enumerate() {
        for &ci in grp {
            group_of[ci] = i;
        }
    }
    for (vi, v) in ch.chains.iter().enumerate() {
        if !(1..=2).contains(&v.libs.len())
            || !(3..=6).contains(&v.stones.len())
            || read.contains(&vi)
        {
            continue;
        }
        let mut round: Vec<usize> = v
            .stones
            .iter()
            .flat_map(|&s| g.geo.neighbours(s))
            .filter_map(|q| ch.id[q])
            .filter(|&ci| ch.chains[ci].color != v.color)
            .map(|ci| group_of[ci])
            .collect();
        round.sort_unstable();
        round.dedup();
        // A settled group round it (no index) lives anyway: nothing to read.
        let Some(grp) = round
            .iter()
            .map(|&i| unsettled.get(i).cloned())
            .collect::<Option<Vec<Vec<usize>>>>()
            .map(|gs| gs.concat())
        else {
            continue;
        };
        let alive = |ci: usize| !any_marked(g, &ch.chains[ci], dead);
        if !grp.iter().all(|&ci| alive(ci)) {
            continue;
        }
        let safe = |ci: usize| wall(dead, ci);
        if shape::lives_only_by_a_killing_capture(g, ch, &grp, &safe) != Some(vi) {
            continue;
        }
        // Of two liberties, the group's owner to move may fill its own dame instead and
        // leave a seki (a search proves it cannot then be taken): the rule says nothing.
        if v.libs.len() == 2
            && to_move == Some(v.color.opponent())
            && !taken_moving_first(g, ch, &grp, v, nodes)
        {
            continue;
        }
        for &ci in &grp {
            mark_stones(g, &ch.chains[ci], dead);
        }
        clear_stones(g, v, dead);
        read.extend(grp.iter().copied().chain([vi]));
    }
    read
}

/// Whether `grp`'s biggest chain may still be taken though `grp`'s owner moves first: false
/// when a search over the chain `v` of two liberties inside its space and the empty points
/// reached from `grp`'s liberties proves it cannot be, within [`ONE_EYE_BUDGET`] nodes of
/// `nodes` (found on capture 491's `k0057`: White to move fills its own dame and Black's
/// six and White's group stand in seki; a budget run out leaves the shape rule standing,
/// as on KGS `c0009`, where both judges kill the group), and false too, nothing read, when
/// those empty points are more than [`ONE_EYE_SPACE`].
fn taken_moving_first(g: &Grid, ch: &Chains, grp: &[usize], v: &Chain, nodes: &mut u32) -> bool {
    let Some(&target) = grp.iter().max_by_key(|&&ci| ch.chains[ci].stones.len()) else {
        return false;
    };
    let libs: Vec<usize> = grp
        .iter()
        .flat_map(|&ci| ch.chains[ci].libs.iter().copied())
        .collect();
    let Some(mut area) = enclosed::reach(g, &libs, &[], ONE_EYE_SPACE) else {
        return false;
    };
    area.extend(&v.stones);
    let mut watched = Vec::new();
    reading::replay_or_watch(
        ch,
        grp.iter().copied().filter(|&ci| ci != target),
        &mut area,
        &mut watched,
    );
    area.sort_unstable();
    area.dedup();
    let depth = reading::MAX_DEPTH;
    let budget = ONE_EYE_BUDGET.min(*nodes);
    let (answer, used) = reading::captures(
        &g.geo,
        &g.cells,
        reading::Area {
            points: &area,
            watched: &watched,
            rivals: &[],
            pass_last: true,
            reserved: &[],
        },
        &ch.chains[target],
        false,
        depth..=depth,
        budget,
    );
    *nodes -= used.min(*nodes);
    answer != Some(false)
}

/// Most empty points round a group read by [`taken_moving_first`].
const ONE_EYE_SPACE: usize = 14;

/// Nodes one [`taken_moving_first`] may visit.
const ONE_EYE_BUDGET: u32 = 4_000;
