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
    let n = area.len() as u32;
    let depth = (n * (n + 2)).clamp(8, reading::MAX_DEPTH);
    let area = reading::Area::of(&area);
    let budget = ESCAPE_BUDGET.min(*left);
    let (answer, used) = reading::captures(
        &geo,
        &after.cells,
        area,
        target,
        true,
        depth..=depth,
        budget,
    );
    *left -= used.min(*left);
    answer == Some(false)
}

/// Largest empty region a chain in atari may escape into.
const ESCAPE_SPACE: usize = 8;
/// Nodes read there for one chain.
const ESCAPE_BUDGET: u32 = 2_000;
/// Nodes read there for all the chains of a position.
pub(super) const ESCAPE_POSITION_BUDGET: u32 = 4_000;
