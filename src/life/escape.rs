//! A chain in atari its owner saves: extended at its liberty, or freed by taking the opposing
//! chain in atari beside it, it lives when the opponent, moving first, cannot take it in the
//! small empty region around (an exhaustive capture search there).

use super::enclosed;
use super::playout::PlayoutBoard;
use super::reading;
use crate::board::{Cell, Chain, Chains, Grid};

/// Whether `chain`, in atari, escapes with its owner moving first on `board` (the other dead
/// stones lifted): extended at its liberty (capturing nothing), it has two liberties or more,
/// all in a small empty region where the opponent, moving first, cannot take it (an
/// exhaustive capture search there, `left` nodes at most, less what it used).
pub(super) fn escapes(g: &Grid, board: &[Cell], chain: &Chain, left: &mut u32) -> bool {
    let geo = g.geo;
    let [lib] = chain.libs[..] else {
        return false;
    };
    let mut after = Grid {
        geo,
        cells: board.to_vec(),
    };
    for &s in &chain.stones {
        after.cells[s] = chain.color;
    }
    // Joining another chain of its colour is no escape of its own: that chain's fate is
    // another question (a chain in atari beside its living group is taken, above).
    let joins = geo
        .neighbours(lib)
        .iter()
        .any(|&q| after.cells[q] == chain.color && !chain.stones.contains(&q));
    if after.cells[lib] != Cell::Empty || joins {
        return false;
    }
    after.cells[lib] = chain.color;
    let ch = Chains::of(&geo, &after.cells);
    let captures = geo
        .neighbours(lib)
        .iter()
        .any(|&q| ch.id[q].is_some_and(|ci| ch.chains[ci].libs.is_empty()));
    let Some(target) = ch.id[lib].and_then(|ci| ch.chains.get(ci)) else {
        return false;
    };
    if captures {
        return false;
    }
    holds(&after, &ch, target, left)
}

/// Whether `chain` (two liberties or more, one of them next to a pass-alive chain of its
/// colour, as `settled` says) joins such a chain whatever the opponent does: moving first,
/// the opponent cannot take it (an exhaustive capture search on the fight's ground: the
/// empty points reached from the chain's liberties and from those of the chains in the
/// fight, at most [`JOIN_SPACE`]). Once joined, the chain has the pass-alive chain's
/// liberties, more than the opponent has moves.
pub(super) fn joins_a_living_chain(
    g: &Grid,
    ch: &Chains,
    chain: &Chain,
    settled: &dyn Fn(usize) -> bool,
    left: &mut u32,
) -> bool {
    let geo = g.geo;
    let me = chain.stones.first().and_then(|&s| ch.id[s]);
    let friend = |q: usize| {
        ch.id[q].is_some_and(|o| Some(o) != me && ch.chains[o].color == chain.color && settled(o))
    };
    // Out of nodes, nothing is read (the ground is not even built).
    if *left == 0
        || chain.libs.len() < 2
        || !chain
            .libs
            .iter()
            .any(|&l| geo.neighbours(l).iter().any(|&q| friend(q)))
    {
        return false;
    }
    // The ground: the empty points reached from the chain's liberties, and from those of
    // the chains in the fight (not pass-alive, next to the chain or to the ground, short of
    // liberties off it), until no chain joins the fight.
    let mut seeds: Vec<usize> = chain.libs.clone();
    let mut fighting: Vec<usize> = Vec::new();
    let mut ground;
    loop {
        let Some(reached) = enclosed::reach(g, &seeds, &[], JOIN_SPACE) else {
            return false;
        };
        ground = reached;
        // A chain with two liberties off the ground is a wall: moves on the ground cannot
        // take it.
        let mut joining: Vec<usize> = chain
            .stones
            .iter()
            .chain(&ground)
            .flat_map(|&p| geo.neighbours(p))
            .filter_map(|q| ch.id[q])
            .filter(|&o| Some(o) != me && !settled(o) && !fighting.contains(&o))
            .filter(|&o| {
                ch.chains[o]
                    .libs
                    .iter()
                    .filter(|l| !ground.contains(l))
                    .count()
                    < 2
            })
            .collect();
        if joining.is_empty() {
            break;
        }
        joining.sort_unstable();
        joining.dedup();
        for o in joining {
            seeds.extend(&ch.chains[o].libs);
            fighting.push(o);
        }
    }
    // The chains in the fight may be taken: the small ones' points played again, the big
    // ones' watched.
    let mut watched = Vec::new();
    reading::replay_or_watch(ch, fighting, &mut ground, &mut watched);
    let area = reading::Area {
        points: &ground,
        watched: &watched,
        ..reading::Area::of(&ground)
    };
    untaken(g, chain, area, left)
}

/// Whether `chain`, in atari on `board`, lives once its owner takes the opposing chain in
/// atari beside it by playing `play`: the capture leaves it two liberties or more, all in a
/// small empty region where the opponent, moving first, cannot take it (as [`escapes`]).
pub(super) fn saved_by_capture(g: &Grid, board: &[Cell], chain: &Chain, play: usize) -> bool {
    let geo = g.geo;
    if board.get(play) != Some(&Cell::Empty) {
        return false;
    }
    // The move, played with its captures by the playout board.
    let mut moved = PlayoutBoard::new(&geo, board);
    moved.play(play, chain.color);
    let after = Grid {
        geo,
        cells: moved.board.cells,
    };
    let took = board
        .iter()
        .zip(&after.cells)
        .filter(|&(&b, &a)| b == chain.color.opponent() && a == Cell::Empty)
        .count();
    let ch = Chains::of(&geo, &after.cells);
    let own = chain.stones.first().and_then(|&s| ch.id[s]);
    let Some(target) = own.and_then(|ci| ch.chains.get(ci)) else {
        return false;
    };
    // The capture must join it to its friends (two of its liberties each touching a friend
    // that was there before, not the capturing stone alone) or make it room (two stones
    // taken or more): a lone stone taken inside the opponent's area saves nothing, the
    // chain is cut off and dies all the same.
    let friend = |q: usize| {
        ch.id[q].is_some_and(|ci| {
            let c = &ch.chains[ci];
            c.color == chain.color
                && Some(ci) != own
                && c.stones
                    .iter()
                    .any(|&s| s != play && board[s] == chain.color)
        })
    };
    let joined = target
        .libs
        .iter()
        .filter(|&&l| geo.neighbours(l).iter().any(|&q| friend(q)))
        .count();
    let mut left = ESCAPE_BUDGET;
    took > 0 && (joined >= 2 || took >= 2) && holds(&after, &ch, target, &mut left)
}

/// Whether `target` on `after` (whose chains are `ch`) has two liberties or more, all in a
/// small empty region where the opponent, moving first, cannot take it within `left` nodes
/// (less what it used).
fn holds(after: &Grid, ch: &Chains, target: &Chain, left: &mut u32) -> bool {
    let geo = after.geo;
    if target.libs.len() < 2 {
        return false;
    }
    // The empty points reachable from its liberties: the fight's ground, when small.
    let Some(mut area) = enclosed::reach(after, &target.libs, &[], ESCAPE_SPACE) else {
        return false;
    };
    // A small opposing chain it touches whose liberties all lie in that ground is played
    // again once taken: left out, its point would be an eye no one could fill or take back
    // (a stone the escape ataris, taken, then retaken: a ko the escaping side has no
    // threat for).
    let mut replayed: Vec<usize> = Vec::new();
    for &s in &target.stones {
        for q in geo.neighbours(s) {
            let Some(c) = ch.id[q].map(|ci| &ch.chains[ci]) else {
                continue;
            };
            if c.color == target.color.opponent()
                && c.stones.len() <= reading::REPLAYED
                && c.libs.iter().all(|l| area.contains(l))
            {
                replayed.extend(&c.stones);
            }
        }
    }
    area.extend(replayed);
    area.sort_unstable();
    area.dedup();
    // The defender's answers before its pass: an escape lives by the move that joins it to
    // its friends or splits the ground, and with the pass first the search spends its
    // budget on stones piled in unanswered (a chain freed by a capture, two ways to join its
    // wall: 2,000 nodes, undecided).
    let area = reading::Area {
        pass_last: true,
        ..reading::Area::of(&area)
    };
    untaken(after, target, area, left)
}

/// Whether the opponent, moving first in `area` on `g`'s board, cannot take `target` (an
/// exhaustive capture search, deep enough to fill and empty the area a few times, within
/// [`ESCAPE_BUDGET`] and `left` nodes, less what it used).
fn untaken(g: &Grid, target: &Chain, area: reading::Area, left: &mut u32) -> bool {
    let n = area.points.len() as u32;
    let depth = (n * (n + 2)).clamp(8, reading::MAX_DEPTH);
    let budget = ESCAPE_BUDGET.min(*left);
    let (answer, used) =
        reading::captures(&g.geo, &g.cells, area, target, true, depth..=depth, budget);
    *left -= used.min(*left);
    answer == Some(false)
}

/// Most empty points the ground of a chain joining a pass-alive chain may hold (a
/// connection is fought over a few points; a bigger ground is an open fight).
const JOIN_SPACE: usize = 10;
/// Largest empty region a chain in atari may escape into.
const ESCAPE_SPACE: usize = 8;
/// Nodes read there for one chain.
const ESCAPE_BUDGET: u32 = 2_000;
/// Nodes read there for all the chains of a position.
pub(super) const ESCAPE_POSITION_BUDGET: u32 = 4_000;

/// The stones of the one chain that `chain`, in atari on `g`, joins when its owner fills its
/// liberty, if that liberty has only the owner's stones (or the edge) beside it and the
/// joined chain has two liberties or more that each have only its stones (or the edge)
/// beside them: two eyes of one point, which the opponent cannot fill while the other
/// stays, so the chain is pass-alive after the move (a false eye connected).
pub(super) fn joins_into_two_eyes(g: &Grid, chain: &Chain) -> Option<Vec<usize>> {
    let geo = g.geo;
    let [lib] = chain.libs[..] else {
        return None;
    };
    let own = |cells: &[Cell], q: usize| cells[q] == chain.color || cells[q] == Cell::Edge;
    if g.cells[lib] != Cell::Empty || !geo.neighbours(lib).iter().all(|&q| own(&g.cells, q)) {
        return None;
    }
    let mut cells = g.cells.clone();
    cells[lib] = chain.color;
    let ch = Chains::of(&geo, &cells);
    let joined = ch.id[lib].and_then(|ci| ch.chains.get(ci))?;
    let eye = |l: usize| {
        geo.neighbours(l)
            .iter()
            .all(|&q| cells[q] == Cell::Edge || ch.id[q] == ch.id[lib])
    };
    (joined.libs.iter().filter(|&&l| eye(l)).count() >= 2).then(|| joined.stones.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::benson::pass_alive_and_enclosures;
    use crate::life::tests::{generated_13, grid};

    /// Whether the chain at (x, y) of a generated 13x13 board with `top` rows joins a
    /// pass-alive chain of its colour, Benson's test saying which chains are.
    fn joins(top: &[&str], x: usize, y: usize) -> bool {
        let g = grid(&generated_13(top));
        let ch = Chains::of(&g.geo, &g.cells);
        let (settled, _) = pass_alive_and_enclosures(&g, &ch);
        let Some(ci) = ch.id[g.geo.pad(y * 13 + x)] else {
            panic!("a stone at ({x}, {y})")
        };
        let mut left = ESCAPE_POSITION_BUDGET;
        joins_a_living_chain(&g, &ch, &ch.chains[ci], &|o| settled[o], &mut left)
    }

    #[test]
    fn a_chain_with_two_ways_into_its_pass_alive_wall_joins_it() {
        // KGS 2017-01-14-25's shape (the players left White's six stones on the board):
        // White's h13-h12 inside Black's area, its two liberties j13 and j12 both next to
        // White's pass-alive right side. Black cuts at one, White joins at the other.
        assert!(joins(&["XXXXXXXO.O.O.", "XXXXXXXO.OOOO"], 7, 0));
        // With j12 Black's and g13 its other liberty, Black's j13 takes it.
        assert!(!joins(&["XXXXXX.O.O.O.", "XXXXXXXOXOOOO"], 7, 0));
    }

    #[test]
    fn a_chain_whose_second_liberty_runs_into_the_opponents_area_is_taken() {
        // Capture 227's k0116 (both judges take it): Black's k10-l10 between White's chains,
        // its liberties j10 (next to Black's pass-alive wall) and m10, which leads to n10.
        // White's j10 cuts; m10 only runs to n10, where White takes it. The ground must
        // hold n10, beyond the chain's own liberties, for the search to see it.
        let top = [
            "XXXXXXXOXXXXO",
            "X.X.XXXOOXOX.",
            "XXXXXXXXOOOOO",
            "X.X.X.XX.XX..",
        ];
        assert!(!joins(&top, 9, 3));
    }

    #[test]
    fn a_chain_in_atari_at_a_false_eye_joins_its_friends_into_two_eyes() {
        // Black's three stones top left are in atari at d3, a point among Black stones
        // only; filled, it joins them to the chains round e4 and d7, one chain of 18
        // stones with the one-point eyes e4 and d7. With White at f3 and f4 instead of
        // Black's f3-f4, e4 is no eye of the joined chain: one eye, no answer.
        let rows = [
            ".OOOOOOO.",
            "OOXXOOOOO",
            "OOX.XXOOO",
            "OOOX.XOOO",
            "OOOXXOOOO",
            "OOXXXOOOO",
            "OOX.XOOOO",
            "OOXXXOOOO",
            ".OOOOOOO.",
        ];
        let p = crate::life::tests::pos(&rows);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| ch.id[g.geo.pad(y * 9 + x)].map(|ci| &ch.chains[ci]);
        let top = at(2, 1).unwrap_or_else(|| panic!("a chain at c2"));
        let joined = joins_into_two_eyes(&g, top).map(|s| s.len());
        assert_eq!(joined, Some(18));
        // The chain e3-f4 is not in atari: nothing to join from it.
        let right = at(5, 2).unwrap_or_else(|| panic!("a chain at f3"));
        assert_eq!(joins_into_two_eyes(&g, right), None);
        let mut one_eye = rows;
        one_eye[2] = "OOX.XOOOO";
        one_eye[3] = "OOOX.OOOO";
        let p = crate::life::tests::pos(&one_eye);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let top = ch.id[g.geo.pad(9 + 2)]
            .map(|ci| &ch.chains[ci])
            .unwrap_or_else(|| panic!("a chain at c2"));
        assert_eq!(joins_into_two_eyes(&g, top), None);
    }
}
