//! The dead-stone estimate: Benson's pass-alive chains are settled first, static shapes the
//! playouts misjudge (bent four in the corner) next, then the playouts decide the rest —
//! group by group rather than chain by chain, with open kos keeping their stone and groups
//! near a coin toss flagged as unsure; local reading then overrules them where they are
//! blind (a group whose only eye is a capture leaving a killing shape, groups shut in a
//! small space, open capturing races, false seki, a chain in atari its owner to move
//! saves), and a chain its living group's playouts almost never keep dies alone; last, a
//! group near a coin toss in the opponent's area dies and a dead chain in its own area
//! lives. Each group's decision keeps how it was reached (a [`Unit`]). This file holds the
//! order; the rules are the sibling modules' (`one_eye`, `enclosed`, `race`, `seki`,
//! `escape`, `area`).

use super::area::{
    finished, in_the_open, in_the_opponents_area, in_their_own_area, open_points, out_of_seki,
};
use super::benson::{Enclosures, pass_alive_and_enclosures};
use super::enclosed;
use super::escape::{ESCAPE_POSITION_BUDGET, escapes, joins_a_living_chain};
use super::one_eye::taken_into_one_eye;
use super::playout::playouts;
use super::race;
use super::seki::{out_of_their_seki, prove_seki};
use super::shape::bent_four_in_the_corner;
use super::stones::{clear_stones, groups, lift, lifted, mark_stones};
use super::{EstimateParams, Method};
use crate::board::{Cell, Chain, Chains, Grid, Position};
use std::borrow::Cow;
use std::cell::RefCell;

/// Band a group near a coin toss in the first playouts must leave, in all the playouts, to be
/// sure once the extra ones gave the first move to one side (see [`Unit::toss`]).
const TOSS_LOW: f64 = 0.2;
const TOSS_HIGH: f64 = 0.8;
/// How many times the first playouts are run again, in one round of extra playouts, for a
/// group near a coin toss.
const EXTRA_FACTOR: u32 = 1;
/// Most rounds of extra playouts: they go on while a group's share could still lie on either
/// side of the dead/alive line ([`near_the_line`]). Over seeds 1-7 (FINDINGS, 27 November,
/// seventh session) five rounds rather than one gave 294.9 rather than 293.6 of the 318
/// markup positions and 5,339 rather than 5,334 of 5,457 judged ones. Two rather than five
/// (FINDINGS, eleventh session) give as many right over seeds 1-7 on the markup sets and
/// 2,467 judged positions, and take 7 % off KGS January's mean time and a third off its
/// slowest position: the last rounds went to groups that stay near the line.
const EXTRA_ROUNDS: u32 = 2;
/// See [`EXTRA_ROUNDS`].
const CLOSE_Z: f64 = 2.0;
/// Share of the playouts a chain around a shut-in group or a race must keep its points in,
/// more than this, to be taken as a safe wall by the reading: above the band that makes a
/// group uncertain, so that no chain the estimate itself calls near a coin toss fences a
/// fight in (at 0.7, left so when the band grew to 27–73 %, a one-eyed group kept in 70.8 %
/// was a wall round the corner group it was racing, and the race killed that group).
const WALL_KEPT: f64 = super::UNCERTAIN_BAND.1;
/// A race is read when the playouts kept one of its chains in this share of them at least
/// and this share at most: a race they settle more clearly, the reading only confirms. (At
/// 10-90 % a race with a two-point eye escaped the reading: random play fills its own
/// two-point eye, and kept such a group in about 9 % of the playouts though it wins moving
/// first; at 5-95 %, a group whose owner, to move, makes a straight three two eyes, kept in
/// 3 %.) A short race they settle the same way every time is read too
/// ([`race::lost_short_race`]).
const RACE_LOW: f64 = 0.02;
const RACE_HIGH: f64 = 0.98;
/// Nodes all the readings of chains joining a pass-alive chain of one position may visit.
const JOIN_POSITION_BUDGET: u32 = 2_000;
/// A chain of a living group kept in fewer of the playouts than this is cut off from it
/// and dies alone (the group's other chains live). At 0.3 a weak but connected chain of a
/// finished game was taken; 0.2 leaves finished games as they were. On a board whose borders
/// are still open ([`regions_mostly_open`](super::area::regions_mostly_open)), for a chain
/// whose liberties all lie in open regions (no eye or point of its own), the line is the
/// dead/alive line itself: a group joined through open points is no group there, and such a
/// chain is judged by its own share.
const TAIL_KEPT: f64 = 0.2;
/// Share of the first playouts a colour must hold a point in to defend it as its own.
const HOME_SHARE: f64 = 0.5;
/// What the estimate decided, per row-major point.
pub(super) struct Estimate {
    /// Stones judged dead.
    pub dead: Vec<bool>,
    /// True when every chain was settled by rule (pass-alive), none by playouts or shapes.
    pub certain: bool,
    /// Each decision unit (a group, or a chain of a group holding a pass-alive chain) and how
    /// it was decided; seki is told apart later, once the statuses are known.
    pub units: Vec<Unit>,
    /// Per point: a stone of a chain the seki search read and found holding, or of a group
    /// and the stones inside its space a reading found in seki (their owner to move).
    pub seki_held: Vec<bool>,
    /// Per point: a stone of a whole group a race reading found in seki, taken by no line
    /// whoever moves first (see [`race::Race::seki`]).
    pub race_held: Vec<bool>,
}

/// Stones decided together, and how.
pub(super) struct Unit {
    /// Row-major indices of the stones, ascending.
    pub stones: Vec<usize>,
    /// How they were decided.
    pub method: Method,
    /// Share of the playouts in which they kept their points, when the playouts decided.
    pub kept: Option<f64>,
    /// The first playouts, where Black and White take turns moving first, left them near a
    /// coin toss, and the extra ones, the record's player to move first, turned the decision
    /// round or left it within [`TOSS_LOW`]–[`TOSS_HIGH`]: the verdict rests on who moves.
    pub toss: bool,
}

impl Unit {
    /// Adds `self` to `units` as a unit of its own, its stones taken out of the unit that
    /// held them (a chain decided apart from its group).
    pub(super) fn split_into(self, units: &mut Vec<Unit>) {
        for u in units.iter_mut() {
            u.stones.retain(|s| self.stones.binary_search(s).is_err());
        }
        units.push(self);
    }

    /// Whether the playouts left these stones near a coin toss: uncertain by their share
    /// alone, whatever decided them since.
    pub(super) fn playouts_uncertain(&self) -> bool {
        super::GroupDecision::confidence_of(
            Method::Playouts,
            self.kept,
            self.toss,
            self.stones.len(),
        ) == super::GroupConfidence::Uncertain
    }
}

/// The estimate for `pos`.
pub(super) fn estimate(pos: &Position, params: EstimateParams) -> Estimate {
    let n = pos.cells.len();
    let mut dead = vec![false; n];
    let Some(g) = Grid::from_position(pos) else {
        return Estimate {
            dead,
            certain: true,
            units: Vec::new(),
            seki_held: vec![false; n],
            race_held: vec![false; n],
        };
    };
    let ch = Chains::of(&g.geo, &g.cells);
    let (mut settled, mut enclosure) = pass_alive_and_enclosures(&g, &ch);
    let pass_alive_chain = settled.clone();
    // Static shapes the playouts misjudge: decided before them, kept out of their verdict.
    let grps = groups(&g, &ch);
    let mut forced = vec![false; ch.chains.len()];
    for grp in &grps {
        if let Some(inside) = bent_four_in_the_corner(&g, &ch, grp, &settled) {
            for &ci in grp {
                forced[ci] = true;
                settled[ci] = true;
                mark_stones(&g, &ch.chains[ci], &mut dead);
            }
            for ci in inside {
                settled[ci] = true;
            }
        }
    }
    let play_grid = taken_for_playouts(&g, &ch, &forced, &mut enclosure);
    // How each group is decided: by rule, by shape, else by the playouts below.
    let stones_of = |chains: &[usize]| {
        let mut v: Vec<usize> = chains
            .iter()
            .flat_map(|&ci| ch.chains[ci].stones.iter().map(|&s| g.geo.unpad(s)))
            .collect();
        v.sort_unstable();
        v
    };
    let by_shape = |grp: &[usize]| grp.iter().any(|&ci| forced[ci]);
    let mut units = Vec::new();
    for grp in &grps {
        if by_shape(grp) {
            units.push(Unit {
                stones: stones_of(grp),
                method: Method::Shape,
                kept: None,
                toss: false,
            });
            continue;
        }
        // Chains settled by rule: pass-alive, or living inside a bent four.
        for (method, rule) in [(Method::PassAlive, true), (Method::Shape, false)] {
            let chains: Vec<usize> = grp
                .iter()
                .copied()
                .filter(|&ci| settled[ci] && pass_alive_chain[ci] == rule)
                .collect();
            if !chains.is_empty() {
                units.push(Unit {
                    stones: stones_of(&chains),
                    method,
                    kept: None,
                    toss: false,
                });
            }
        }
    }
    if settled.iter().all(|&s| s) {
        return Estimate {
            dead,
            certain: !forced.contains(&true),
            units,
            seki_held: vec![false; n],
            race_held: vec![false; n],
        };
    }
    let kept_of = |own: &[[u32; 2]], total: f64| -> Vec<f64> {
        ch.chains
            .iter()
            .map(|chain| {
                let side = chain.color.side();
                chain
                    .stones
                    .iter()
                    .map(|&s| own[s][side] as f64)
                    .sum::<f64>()
                    / (chain.stones.len() as f64 * total)
            })
            .collect()
    };
    let mut own = playouts(
        &play_grid,
        &enclosure,
        params.playouts,
        params.seed,
        &[],
        None,
    );
    let mut total = params.playouts.max(1) as f64;
    let mut kept = kept_of(&own, total);
    // The shares of the first playouts, and whether the extra ones gave the move to one side.
    let first_kept = kept.clone();
    let mut by_mover = false;
    // On a board still mostly open, a chain in the open is judged by its own share (see
    // `TAIL_KEPT`): near the line it earns extra playouts as a group does.
    let open_chains: Vec<usize> = open_points(&g, &dead).map_or_else(Vec::new, |open| {
        (0..ch.chains.len())
            .filter(|&ci| !settled[ci] && in_the_open(&open, &ch.chains[ci]))
            .collect()
    });
    // Groups whose fate the first playouts left near a coin toss get more playouts, so the
    // verdict rests on the position rather than on the sampling noise; clear cases pay nothing.
    // There the player the record leaves to move plays first, as in a game played on (the
    // first playouts take turns at it): a fight that close turns on who moves.
    let unsure = grps.iter().any(|grp| {
        !grp.iter().any(|&ci| settled[ci]) && {
            let k = group_kept(&ch, grp, &kept);
            super::near_coin_toss(k)
        }
    }) || open_chains
        .iter()
        .any(|&ci| super::near_coin_toss(kept[ci]));
    if unsure {
        by_mover = params.to_move.is_some();
        let extra = params.playouts.saturating_mul(EXTRA_FACTOR);
        // Who holds each point after the first playouts: there the holder answers invasions.
        let home: Vec<Cell> = own
            .iter()
            .map(|o| {
                if f64::from(o[0]) > total * HOME_SHARE {
                    Cell::Black
                } else if f64::from(o[1]) > total * HOME_SHARE {
                    Cell::White
                } else {
                    Cell::Empty
                }
            })
            .collect();
        // Rounds go on while a group's share could still lie on either side of the line: the
        // decision then rests on the player to move's playouts rather than on a few samples.
        let close = |kept: &[f64], total: f64| {
            grps.iter().any(|grp| {
                !grp.iter().any(|&ci| settled[ci])
                    && near_the_line(group_kept(&ch, grp, kept), params.dead_below, total)
            }) || open_chains
                .iter()
                .any(|&ci| near_the_line(kept[ci], params.dead_below, total))
        };
        for round in 0..EXTRA_ROUNDS {
            let more = playouts(
                &play_grid,
                &enclosure,
                extra,
                // Round 0 keeps the one round's seed; the later ones mix in their number with
                // another constant than the default seed, which the XOR would cancel.
                params.seed
                    ^ 0xD1B5_4A32_D192_ED03
                    ^ u64::from(round).wrapping_mul(0xBF58_476D_1CE4_E5B9),
                &home,
                params.to_move.map(Cell::of),
            );
            for (o, m) in own.iter_mut().zip(&more) {
                o[0] += m[0];
                o[1] += m[1];
            }
            total += extra as f64;
            kept = kept_of(&own, total);
            if !close(&kept, total) {
                break;
            }
        }
    }
    // Near a coin toss in the first playouts, and decided the other way, or not far from it,
    // once the player to move played first: the decision rests on who moves.
    let toss = |first: f64, k: f64| {
        by_mover
            && super::near_coin_toss(first)
            && ((first < params.dead_below) != (k < params.dead_below)
                || (TOSS_LOW..=TOSS_HIGH).contains(&k))
    };
    // A ko left open between living chains keeps its stone (nobody won the ko).
    let in_ko: Vec<bool> = ch
        .chains
        .iter()
        .map(|x| {
            open_ko(&g, &ch, x).is_some_and(|around| {
                around
                    .iter()
                    .all(|&ci| settled[ci] || kept[ci] >= params.dead_below)
            })
        })
        .collect();
    // Nodes all the readings below may visit together (each has budgets of its own too);
    // the chains joining a pass-alive chain take theirs first.
    let mut nodes = params.reading_nodes;
    let joining_start = JOIN_POSITION_BUDGET.min(nodes);
    let mut joining = joining_start;
    // Decide groups, not chains: chains of one colour joined through empty points share
    // one fate (a group is never half dead), unless a pass-alive chain is among them.
    for grp in &grps {
        if by_shape(grp) {
            continue;
        }
        if grp.iter().any(|&ci| settled[ci]) {
            for &ci in grp {
                if settled[ci] {
                    continue;
                }
                // A chain the playouts did not keep clearly, that joins a pass-alive chain
                // of its own whatever the opponent does, lives with it.
                let joins = kept[ci] < RACE_HIGH
                    && joins_a_living_chain(&g, &ch, &ch.chains[ci], &|o| settled[o], &mut joining);
                if joins {
                    units.push(Unit {
                        stones: stones_of(&[ci]),
                        method: Method::Reading,
                        kept: Some(kept[ci]),
                        toss: false,
                    });
                    continue;
                }
                if !in_ko[ci] && kept[ci] < params.dead_below {
                    mark_stones(&g, &ch.chains[ci], &mut dead);
                }
                units.push(Unit {
                    stones: stones_of(&[ci]),
                    method: Method::Playouts,
                    kept: Some(kept[ci]),
                    toss: toss(first_kept[ci], kept[ci]),
                });
            }
            continue;
        }
        // A dead group's ko stone dies with it: the friends that would retake the ko are
        // among the dead.
        let k = group_kept(&ch, grp, &kept);
        if k < params.dead_below {
            for &ci in grp {
                mark_stones(&g, &ch.chains[ci], &mut dead);
            }
        }
        units.push(Unit {
            stones: stones_of(grp),
            method: Method::Playouts,
            kept: Some(k),
            toss: toss(group_kept(&ch, grp, &first_kept), k),
        });
    }
    // Groups the playouts keep alive in a small space of their own are read out: a nakade
    // shape, a false eye or a sacrifice inside kills them whatever the playouts said.
    let unsettled: Vec<Vec<usize>> = grps
        .into_iter()
        .filter(|grp| grp.iter().all(|&ci| !settled[ci]))
        .collect();
    let shut_in = ShutIn {
        g: &g,
        ch: &ch,
        settled: &settled,
        kept: &kept,
        to_move: params.to_move.map(Cell::of),
    };
    // Which unit each stone belongs to, to name what the readings decided.
    let mut unit_of = vec![usize::MAX; n];
    for (u, unit) in units.iter().enumerate() {
        for &s in &unit.stones {
            unit_of[s] = u;
        }
    }
    // The unit a chain's stones belong to.
    let unit_index = |ci: usize| {
        ch.chains[ci]
            .stones
            .first()
            .map(|&s| unit_of[g.geo.unpad(s)])
    };
    // Whether a chain has a stone marked in a per-point map (dead, seki).
    let hit = |ci: usize, map: &[bool]| ch.chains[ci].stones.iter().any(|&s| map[g.geo.unpad(s)]);
    // The chains a reading named (decided dead, alive or held): the unit of a group takes
    // the reading's method from any of them, but the group's other chains were not read.
    let named = RefCell::new(vec![false; ch.chains.len()]);
    let by_reading = |chains: &mut dyn Iterator<Item = usize>, units: &mut Vec<Unit>| {
        for ci in chains {
            named.borrow_mut()[ci] = true;
            if let Some(unit) = unit_index(ci).and_then(|u| units.get_mut(u)) {
                unit.method = Method::Reading;
            }
        }
    };
    // A group the playouts keep whose only eye would come from taking a chain standing in
    // a killing shape is dead, and the chain lives: the opponent plays its vital point.
    let wall = |dead: &[bool], ci: usize| shut_in.safe_wall(dead, ci);
    // What the chains joining a pass-alive chain read comes out of the shared budget.
    nodes -= joining_start - joining;
    let nakade_read = taken_into_one_eye(
        &g,
        &ch,
        &unsettled,
        &mut dead,
        &wall,
        shut_in.to_move,
        &mut nodes,
    );
    by_reading(&mut nakade_read.iter().copied(), &mut units);
    let shut_in_reads = shut_in.read(&g.cells, &unsettled, &mut dead, None, &mut nodes);
    // What now looks like seki is proved, or the chain the other side captures is dead.
    let mut pass_alive = vec![false; g.cells.len()];
    for (chain, _) in ch.chains.iter().zip(&settled).filter(|(_, s)| **s) {
        for &s in &chain.stones {
            pass_alive[s] = true;
        }
    }
    let read_chains = |k: &[enclosed::Read]| -> Vec<usize> {
        k.iter()
            .filter(|k| k.fate != enclosed::Fate::Cut)
            .flat_map(|k| k.group.iter().chain(&k.inside).copied())
            .collect()
    };
    // A chain a reading takes out of its group: a unit of its own, taken out of its group's
    // (which keeps its own method).
    let read_apart = |ci: usize, units: &mut Vec<Unit>| {
        Unit {
            stones: stones_of(&[ci]),
            method: Method::Reading,
            kept: Some(kept[ci]),
            toss: false,
        }
        .split_into(units);
    };
    // A chain cut off inside its living group's space dies alone.
    let cut_off = |k: &[enclosed::Read], units: &mut Vec<Unit>| -> Vec<usize> {
        let mut cut = Vec::new();
        for ci in k
            .iter()
            .filter(|k| k.fate == enclosed::Fate::Cut)
            .flat_map(|k| k.group.iter().copied())
        {
            read_apart(ci, units);
            cut.push(ci);
        }
        cut
    };
    // The groups and stones inside them read in seki: held, whatever the seki search (which
    // starts from what already looks like seki) says.
    let mut seki_read: Vec<usize> = Vec::new();
    let mut in_seki = |k: &[enclosed::Read]| {
        for r in k.iter().filter(|r| r.fate == enclosed::Fate::Seki) {
            seki_read.extend(r.group.iter().chain(&r.inside));
        }
    };
    in_seki(&shut_in_reads);
    let shut_in_read = read_chains(&shut_in_reads);
    by_reading(&mut shut_in_read.iter().copied(), &mut units);
    let cut = cut_off(&shut_in_reads, &mut units);
    // Races between chains neither settled by rule nor read as shut in come next.
    let mut read_already = vec![false; ch.chains.len()];
    for &ci in shut_in_read.iter().chain(&cut).chain(&nakade_read) {
        read_already[ci] = true;
    }
    let racer = |ci: usize| !settled[ci] && !read_already[ci];
    // Races the playouts left open, and short races they settled the same way every time,
    // which they often get wrong (random filling of liberties ignores who moves first).
    let doubtful: Vec<bool> = (0..ch.chains.len())
        .map(|ci| {
            (RACE_LOW..=RACE_HIGH).contains(&kept[ci])
                || race::lost_short_race(
                    &g,
                    &ch,
                    ci,
                    &|o| !settled[o] && kept[o] < RACE_LOW,
                    &|o| !settled[o] && kept[o] > RACE_HIGH,
                )
        })
        .collect();
    let doubtful = |ci: usize| doubtful[ci];
    let wall_alive = |ci: usize| shut_in.safe_wall(&dead, ci);
    let alive = |ci: usize| !hit(ci, &dead);
    let races = race::read(
        &g,
        &ch,
        &racer,
        &doubtful,
        race::Walls {
            safe: &wall_alive,
            alive: &alive,
        },
        shut_in.to_move,
        &mut nodes,
    );
    let mut race_held = vec![false; n];
    for r in &races {
        for &ci in &r.dead {
            mark_stones(&g, &ch.chains[ci], &mut dead);
        }
        for &ci in &r.alive {
            clear_stones(&g, &ch.chains[ci], &mut dead);
        }
        let held = held_alive(&r.held, &unsettled);
        for &ci in &held {
            clear_stones(&g, &ch.chains[ci], &mut dead);
            if r.seki {
                mark_stones(&g, &ch.chains[ci], &mut race_held);
            }
        }
        // A chain taken out of a group whose other stones live is a unit of its own; the
        // group keeps its method.
        let among_living = |ci: usize, units: &[Unit]| {
            ch.chains[ci].stones.first().is_some_and(|&s| {
                let s = g.geo.unpad(s);
                units
                    .iter()
                    .find(|u| u.stones.binary_search(&s).is_ok())
                    .is_some_and(|u| u.stones.iter().any(|&t| !dead[t]))
            })
        };
        let (apart, with_group): (Vec<usize>, Vec<usize>) =
            r.dead.iter().partition(|&&ci| among_living(ci, &units));
        for ci in apart {
            read_apart(ci, &mut units);
        }
        by_reading(
            &mut with_group
                .into_iter()
                .chain(r.alive.iter().copied())
                .chain(held.iter().copied()),
            &mut units,
        );
    }
    let mut seki_held = vec![false; n];
    // The real board without the chains the seki proofs found dead.
    let mut seki_board = g.cells.clone();
    let method_reading = |stones: Vec<usize>, units: &mut Vec<Unit>| {
        for s in stones {
            if let Some(ci) = ch.id[g.geo.pad(s)] {
                named.borrow_mut()[ci] = true;
            }
            if let Some(unit) = units.get_mut(unit_of[s]) {
                unit.method = Method::Reading;
            }
        }
    };
    // The seki proof's rounds, the units of the chains it refutes marked as read.
    let seki_rounds = |dead: &mut [bool],
                       held: &mut [bool],
                       board: &mut [Cell],
                       nodes: &mut u32,
                       units: &mut Vec<Unit>| {
        method_reading(prove_seki(&g, &pass_alive, dead, held, board, nodes), units);
    };
    seki_rounds(
        &mut dead,
        &mut seki_held,
        &mut seki_board,
        &mut nodes,
        &mut units,
    );
    // A chain found dead in a false seki frees the chains it held: a group shut in a small
    // space by them is read again, on the board without it.
    if seki_board != g.cells {
        let more = shut_in.read(&seki_board, &unsettled, &mut dead, None, &mut nodes);
        by_reading(&mut read_chains(&more).into_iter(), &mut units);
        cut_off(&more, &mut units);
        in_seki(&more);
    }
    // A chain lost in a race frees its captor: a group the captor walls in a small space,
    // left unread while the captor had no room (its liberties all in that space, the lost
    // chain round the rest), is read again on the board without the lost chain. Not a group
    // touching the lost chain (the captor's own): it gains those points by taking the chain,
    // not before.
    let lost: Vec<usize> = races.iter().flat_map(|r| r.dead.iter().copied()).collect();
    if !lost.is_empty() {
        // The chains next to chain `ci` (by a stone or a liberty), `ci` itself left out.
        let beside = |ci: usize| {
            let chain = &ch.chains[ci];
            chain
                .stones
                .iter()
                .chain(&chain.libs)
                .flat_map(|&p| g.geo.neighbours(p))
                .filter_map(|q| ch.id[q])
                .filter(move |&k| k != ci)
        };
        // Per chain, once: whether it touches a lost chain.
        let touches_lost: Vec<bool> = (0..ch.chains.len())
            .map(|ci| beside(ci).any(|k| lost.contains(&k)))
            .collect();
        let captor_beside = |ci: usize| {
            beside(ci).any(|w| {
                ch.chains[w].color == ch.chains[ci].color.opponent()
                    && !lost.contains(&w)
                    && touches_lost[w]
            })
        };
        let beside_captor: Vec<Vec<usize>> = unsettled
            .iter()
            .filter(|grp| {
                grp.iter()
                    .all(|&ci| !hit(ci, &dead) && !lost.contains(&ci) && !touches_lost[ci])
                    && grp.iter().any(|&ci| captor_beside(ci))
            })
            .cloned()
            .collect();
        if !beside_captor.is_empty() {
            let mut board = seki_board.clone();
            for &ci in &lost {
                lift(&ch.chains[ci], &mut board);
            }
            let more = shut_in.read(&board, &beside_captor, &mut dead, None, &mut nodes);
            by_reading(&mut read_chains(&more).into_iter(), &mut units);
            cut_off(&more, &mut units);
            in_seki(&more);
        }
    }
    // A chain the seki proof holds is a safe wall for the group beside it, though its only
    // room is its eye and the liberty it shares (nothing played in that group's space takes
    // it). A group so killed frees the chain's room: its seki is proved again, and may fall.
    let any_held = seki_held.contains(&true);
    let beside_held: Vec<Vec<usize>> = unsettled
        .iter()
        .filter(|grp| {
            any_held
                && grp
                    .iter()
                    .all(|&ci| !hit(ci, &seki_held) && !hit(ci, &dead))
                && grp.iter().any(|&ci| {
                    let c = &ch.chains[ci];
                    c.stones.iter().chain(&c.libs).any(|&p| {
                        g.geo
                            .neighbours(p)
                            .iter()
                            .any(|&q| g.cells[q] == c.color.opponent() && seki_held[g.geo.unpad(q)])
                    })
                })
        })
        .cloned()
        .collect();
    if !beside_held.is_empty() {
        let more = shut_in.read(
            &seki_board,
            &beside_held,
            &mut dead,
            Some(&seki_held),
            &mut nodes,
        );
        if more.iter().any(|r| r.fate == enclosed::Fate::Killed) {
            let was_held = seki_held.clone();
            seki_rounds(
                &mut dead,
                &mut seki_held,
                &mut seki_board,
                &mut nodes,
                &mut units,
            );
            let lost = out_of_their_seki(
                &g,
                &mut dead,
                &was_held,
                &seki_held,
                &mut seki_board,
                &mut nodes,
            );
            method_reading(lost, &mut units);
        }
        by_reading(&mut read_chains(&more).into_iter(), &mut units);
        cut_off(&more, &mut units);
        in_seki(&more);
    }
    for &ci in &seki_read {
        mark_stones(&g, &ch.chains[ci], &mut seki_held);
    }
    // A dead chain in atari, a unit of its own, whose owner the record leaves to move
    // escapes when, extended at its liberty, the opponent cannot take it in the small
    // region around (a seki with the group around it, as a game played on would go).
    if let Some(mover) = shut_in.to_move {
        let mut left = ESCAPE_POSITION_BUDGET.min(nodes);
        for (ci, chain) in ch.chains.iter().enumerate() {
            let alone = chain
                .stones
                .first()
                .and_then(|&s| units.get(unit_of[g.geo.unpad(s)]))
                .is_some_and(|u| u.stones.len() == chain.stones.len());
            if chain.color != mover
                || chain.libs.len() != 1
                || settled[ci]
                || !alone
                || !chain.stones.iter().all(|&s| dead[g.geo.unpad(s)])
                || !escapes(&g, &lifted(&g, &dead), chain, &mut left)
            {
                continue;
            }
            clear_stones(&g, chain, &mut dead);
            mark_stones(&g, chain, &mut seki_held);
            by_reading(&mut std::iter::once(ci), &mut units);
        }
    }
    // A chain its living group's playouts almost never keep is cut off from it (joined only
    // through empty points the opponent holds: an open border of an unfinished game). It
    // dies alone, unless a reading decided it, a ko holds it or its owner, to move, saves it
    // from atari. On a board still mostly open, a chain the playouts lose more often than
    // not is cut off so (see `TAIL_KEPT`).
    let open_now = open_points(&g, &dead);
    for grp in &unsettled {
        let k = group_kept(&ch, grp, &kept);
        if k < params.dead_below || grp.iter().any(|&ci| hit(ci, &dead)) {
            continue;
        }
        for &ci in grp {
            let c = &ch.chains[ci];
            // Decided by the playouts, or by a reading that named another chain of its
            // group (a unit of its own was read on its own).
            let by_playouts = unit_index(ci).and_then(|u| units.get(u)).is_some_and(|u| {
                u.method == Method::Playouts
                    || (u.method == Method::Reading
                        && !named.borrow()[ci]
                        && u.stones.len() != c.stones.len())
            });
            let saved = c.libs.len() < 2 && shut_in.to_move == Some(c.color);
            let tail = if open_now.as_ref().is_some_and(|open| in_the_open(open, c)) {
                params.dead_below
            } else {
                TAIL_KEPT
            };
            if kept[ci] >= tail || in_ko[ci] || saved || hit(ci, &seki_held) || !by_playouts {
                continue;
            }
            mark_stones(&g, c, &mut dead);
            Unit {
                stones: stones_of(&[ci]),
                method: Method::Playouts,
                kept: Some(kept[ci]),
                toss: toss(first_kept[ci], kept[ci]),
            }
            .split_into(&mut units);
        }
    }
    // A group near a coin toss facing the opponent's living walls across open points sits
    // in the opponent's area: dead (see `area::OPEN_BORDER`).
    // Candidates are the chains of a group the readings and the tail rule left alive (a chain
    // cut off and dead alone leaves the rest of the group to be judged), none in seki.
    let living_part: Vec<Vec<usize>> = unsettled
        .iter()
        .filter_map(|grp| {
            if grp.iter().any(|&ci| hit(ci, &seki_held)) {
                return None;
            }
            let part: Vec<usize> = grp.iter().copied().filter(|&ci| !hit(ci, &dead)).collect();
            let unit = part
                .first()
                .and_then(|&ci| unit_index(ci))
                .and_then(|u| units.get(u))?;
            (unit.method == Method::Playouts && unit.playouts_uncertain()).then_some(part)
        })
        .collect();
    let candidates: Vec<&[usize]> = living_part.iter().map(Vec::as_slice).collect();
    let doomed = out_of_seki(
        pos,
        &g,
        &ch,
        &dead,
        in_the_opponents_area(&g, &ch, &candidates, &kept, &dead),
    );
    let mut without = dead.clone();
    for &ci in doomed.iter().copied().flatten() {
        mark_stones(&g, &ch.chains[ci], &mut without);
    }
    // The rule holds at the end of a game only: on a board with a boundary nobody closed, a
    // living group's region runs into the opponent's points too.
    let doomed = if doomed.is_empty() || !finished(&g, &without) {
        Vec::new()
    } else {
        dead = without;
        doomed
    };
    for grp in doomed {
        if let Some(unit) = grp
            .first()
            .and_then(|&ci| unit_index(ci))
            .and_then(|u| units.get_mut(u))
        {
            unit.method = Method::OpenBorder;
        }
    }
    // A chain found dead though every opposing stone round it is dead too sits in its own
    // colour's area: it lives, a unit of its own with the decision of the stones round it
    // (its fate is the mirror of theirs).
    for ci in in_their_own_area(&g, &ch, &dead) {
        let c = &ch.chains[ci];
        clear_stones(&g, c, &mut dead);
        let unit_at = |s: usize| units.iter().find(|u| u.stones.binary_search(&s).is_ok());
        let captors = c
            .stones
            .iter()
            .flat_map(|&s| g.geo.neighbours(s))
            .find(|&q| ch.id[q].is_some_and(|o| ch.chains[o].color != c.color))
            .or(c.stones.first().copied())
            .and_then(|q| unit_at(g.geo.unpad(q)));
        if let Some(u) = captors {
            Unit {
                stones: stones_of(&[ci]),
                method: u.method,
                kept: u.kept,
                toss: u.toss,
            }
            .split_into(&mut units);
        }
    }
    Estimate {
        dead,
        certain: false,
        units,
        seki_held,
        race_held,
    }
}

/// The board the playouts start from: the chains `taken` marks (killed by a shape) lifted,
/// their points barred to their owner in `enclosure`. Left on the board they would fight a
/// race the shape has settled, and make the opposing chains around them look short of
/// liberties (a stone string those chains surround then survives where it is dead).
pub(super) fn taken_for_playouts<'a>(
    g: &'a Grid,
    ch: &Chains,
    taken: &[bool],
    enclosure: &mut Enclosures,
) -> Cow<'a, Grid> {
    let mut board = Cow::Borrowed(g);
    for (chain, _) in ch.chains.iter().zip(taken).filter(|(_, t)| **t) {
        let cells = &mut board.to_mut().cells;
        for &s in &chain.stones {
            cells[s] = Cell::Empty;
            enclosure.empty_only[s] |= chain.color.opponent().bit();
        }
    }
    board
}

/// The reading of groups shut in a small space of their own, with what the estimate knows.
struct ShutIn<'a> {
    g: &'a Grid,
    ch: &'a Chains,
    /// Per chain: settled by rule.
    settled: &'a [bool],
    /// Per chain: the share of the playouts in which it kept its points.
    kept: &'a [f64],
    /// The colour to move, if known: a group of that colour is read with its owner first.
    to_move: Option<Cell>,
}

impl ShutIn<'_> {
    /// Whether chain `ci` may be taken as a safe wall by a reading: alive in `dead`, and
    /// pass-alive or kept in more than [`WALL_KEPT`] of the playouts.
    fn safe_wall(&self, dead: &[bool], ci: usize) -> bool {
        let (g, ch) = (self.g, self.ch);
        ch.chains[ci].stones.iter().all(|&s| !dead[g.geo.unpad(s)])
            && (self.settled[ci] || self.kept[ci] > WALL_KEPT)
    }

    /// Reads, on `board`, the groups of `candidates` that are still alive in `dead`, and
    /// marks those it kills dead and the opposing chains inside their space alive (and those
    /// inside a group in seki with them). A wall around a space is safe when alive and
    /// pass-alive or kept in most playouts; a pass-alive one needs no room outside the space,
    /// nor does one whose every stone `held` marks (a chain the seki proof holds).
    fn read(
        &self,
        board: &[Cell],
        candidates: &[Vec<usize>],
        dead: &mut [bool],
        held: Option<&[bool]>,
        nodes: &mut u32,
    ) -> Vec<enclosed::Read> {
        let (g, ch) = (self.g, self.ch);
        let alive = |ci: usize| ch.chains[ci].stones.iter().all(|&s| !dead[g.geo.unpad(s)]);
        let living: Vec<Vec<usize>> = candidates
            .iter()
            .filter(|grp| grp.iter().all(|&ci| alive(ci)))
            .cloned()
            .collect();
        let held_chain = |ci: usize| {
            held.is_some_and(|h| {
                ch.chains[ci]
                    .stones
                    .iter()
                    .all(|&s| h[g.geo.unpad(s)] && !dead[g.geo.unpad(s)])
            })
        };
        let wall = |ci: usize| {
            if held_chain(ci) && !self.settled[ci] {
                enclosed::Wall::Held
            } else if !self.safe_wall(dead, ci) {
                enclosed::Wall::Unsafe
            } else if self.settled[ci] {
                enclosed::Wall::Settled
            } else {
                enclosed::Wall::Alive
            }
        };
        let reads = enclosed::read(
            g,
            board,
            ch,
            &living,
            &wall,
            &lifted(g, dead),
            self.to_move,
            nodes,
        );
        for k in &reads {
            if matches!(k.fate, enclosed::Fate::Killed | enclosed::Fate::Cut) {
                for &ci in &k.group {
                    mark_stones(g, &ch.chains[ci], dead);
                }
            }
            for &ci in &k.inside {
                clear_stones(g, &ch.chains[ci], dead);
            }
        }
        reads
    }
}

/// The chains a race held (see [`race::Race::held`]) that live by it: those of the groups
/// of `groups` held whole; a few chains of a bigger group (joined through open points) say
/// nothing of the rest, which keeps its verdict.
fn held_alive(held: &[usize], groups: &[Vec<usize>]) -> Vec<usize> {
    groups
        .iter()
        .filter(|grp| !grp.is_empty() && grp.iter().all(|ci| held.contains(ci)))
        .flatten()
        .copied()
        .collect()
}

/// Whether a share `kept` of `playouts` playouts lies within [`CLOSE_Z`] standard errors
/// (taken at a coin toss, the largest) of the `line` between dead and alive.
pub(super) fn near_the_line(kept: f64, line: f64, playouts: f64) -> bool {
    (kept - line).abs() < CLOSE_Z * 0.5 / playouts.max(1.0).sqrt()
}

/// Stone-weighted share of the playouts in which a group's chains kept their points.
pub(super) fn group_kept(ch: &Chains, grp: &[usize], kept: &[f64]) -> f64 {
    let stones: usize = grp.iter().map(|&ci| ch.chains[ci].stones.len()).sum();
    let sum: f64 = grp
        .iter()
        .map(|&ci| kept[ci] * ch.chains[ci].stones.len() as f64)
        .sum();
    sum / (stones.max(1) as f64)
}

/// A single stone in atari whose capture would be a ko (the capturing stone would stand alone
/// among the stone's friends, in atari): returns those friends' chains, which retake the ko.
fn open_ko(g: &Grid, ch: &Chains, chain: &Chain) -> Option<Vec<usize>> {
    let (&[s], &[l]) = (chain.stones.as_slice(), chain.libs.as_slice()) else {
        return None;
    };
    let mut around = Vec::new();
    for q in g.geo.neighbours(l) {
        match g.cells[q] {
            Cell::Edge => {}
            _ if q == s => {}
            v if v == chain.color => {
                let ci = ch.id[q]?;
                if ch.chains[ci].libs.len() < 2 {
                    return None;
                }
                around.push(ci);
            }
            _ => return None,
        }
    }
    Some(around)
}

#[cfg(test)]
mod tests {
    use super::held_alive;

    #[test]
    fn held_chains_live_only_as_a_whole_group() {
        // Chains 3 and 4 held by a race: alone in their group they live; with chain 7,
        // joined to them through open points, the race says nothing of the group.
        assert_eq!(held_alive(&[3, 4], &[vec![0, 1], vec![4, 3]]), [4, 3]);
        assert!(held_alive(&[3, 4], &[vec![0, 1], vec![3, 4, 7]]).is_empty());
        assert!(held_alive(&[], &[vec![0]]).is_empty());
        // Both sides' units held (the mover's saved, the other's untaken): each group is
        // judged on its own.
        assert_eq!(held_alive(&[3, 4, 9], &[vec![3, 4], vec![9, 2]]), [3, 4]);
    }
}
