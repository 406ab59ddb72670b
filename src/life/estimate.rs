//! The dead-stone estimate: Benson's pass-alive chains are settled first, static shapes the
//! playouts misjudge (bent four in the corner) next, then the playouts decide the rest —
//! group by group rather than chain by chain, with open kos keeping their stone and groups
//! near a coin toss flagged as unsure; local reading then overrules them where they are
//! blind (a group whose only eye is a capture leaving a killing shape, groups shut in a
//! small space, open capturing races, false seki, a chain in atari its owner to move
//! saves), and a chain its living group's playouts almost never keep dies alone. Each
//! group's decision keeps how it was reached (a [`Unit`]).

use super::benson::{Enclosures, pass_alive_and_enclosures};
use super::enclosed;
use super::playout::{PlayoutBoard, playouts};
use super::race;
use super::reading;
use super::seki;
use super::shape;
use super::{EstimateParams, Method};
use crate::board::{Cell, Chain, Chains, Grid, Position};
use std::borrow::Cow;

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
/// Rounds of seki proofs: a chain found dead can expose another false seki behind it.
const SEKI_ROUNDS: usize = 3;
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
/// 3 %.)
const RACE_LOW: f64 = 0.02;
const RACE_HIGH: f64 = 0.98;
/// A chain of a living group kept in fewer of the playouts than this is cut off from it
/// and dies alone (the group's other chains live). At 0.3 a weak but connected chain of a
/// finished game was taken; 0.2 leaves finished games as they were. On a board whose borders
/// are still open ([`regions_mostly_open`]), for a chain whose liberties all lie in open
/// regions (no eye or point of its own), the line is the dead/alive line itself: a group
/// joined through open points is no group there, and such a chain is judged by its own share.
const TAIL_KEPT: f64 = 0.2;
/// Share of the first playouts a colour must hold a point in to defend it as its own.
const HOME_SHARE: f64 = 0.5;
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
    let by_reading = |chains: &mut dyn Iterator<Item = usize>, units: &mut Vec<Unit>| {
        for ci in chains {
            if let Some(unit) = unit_index(ci).and_then(|u| units.get_mut(u)) {
                unit.method = Method::Reading;
            }
        }
    };
    // A group the playouts keep whose only eye would come from taking a chain standing in
    // a killing shape is dead, and the chain lives: the opponent plays its vital point.
    let wall = |dead: &[bool], ci: usize| shut_in.safe_wall(dead, ci);
    // Nodes all the readings below may visit together (each has budgets of its own too).
    let mut nodes = params.reading_nodes;
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
    let doubtful = |ci: usize| (RACE_LOW..=RACE_HIGH).contains(&kept[ci]);
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
    for r in &races {
        for &ci in &r.dead {
            mark_stones(&g, &ch.chains[ci], &mut dead);
        }
        for &ci in &r.alive {
            clear_stones(&g, &ch.chains[ci], &mut dead);
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
            &mut with_group.into_iter().chain(r.alive.iter().copied()),
            &mut units,
        );
    }
    let mut seki_held = vec![false; n];
    // The real board without the chains the seki proofs found dead.
    let mut seki_board = g.cells.clone();
    let method_reading = |stones: Vec<usize>, units: &mut Vec<Unit>| {
        for s in stones {
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
            let by_playouts = unit_index(ci)
                .and_then(|u| units.get(u))
                .is_some_and(|u| u.method == Method::Playouts);
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
    // in the opponent's area: dead (see `OPEN_BORDER`).
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
    }
}

/// Rounds of the seki proof (at most [`SEKI_ROUNDS`]) on the board `dead` leaves: each chain
/// it refutes is marked dead and taken off `board`; `held` marks the chains the last round
/// held. Spends from `nodes` at most [`seki::POSITION_BUDGET`]. Returns the first stone
/// (unpadded) of each chain refuted.
fn prove_seki(
    g: &Grid,
    pass_alive: &[bool],
    dead: &mut [bool],
    held: &mut [bool],
    board: &mut [Cell],
    nodes: &mut u32,
) -> Vec<usize> {
    let start = seki::POSITION_BUDGET.min(*nodes);
    let mut left = start;
    let mut refuted = Vec::new();
    for _ in 0..SEKI_ROUNDS {
        let cells = lifted(g, dead);
        let reading = seki::read(g, &cells, &|s| pass_alive[s], &mut left);
        let living = Chains::of(&g.geo, &cells);
        held.iter_mut().for_each(|h| *h = false);
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
fn out_of_their_seki(
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
        if !seki::walls_hold(&g.geo, &living, chain, &libs, &|_| false) {
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
fn open_points(g: &Grid, dead: &[bool]) -> Option<Vec<bool>> {
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
fn in_the_open(open: &[bool], chain: &Chain) -> bool {
    chain.libs.iter().all(|&l| open[l])
}

/// Whether the open regions `open` leave a board of `points` points [`super::mostly_open`].
fn regions_mostly_open(open: &[crate::board::Region], points: usize) -> bool {
    super::mostly_open(open.iter().map(|r| r.points.len()).sum(), points)
}

/// Whether the board, the stones `dead` names taken off, looks finished: no open region of
/// [`super::LARGEST_OPEN_REGION`] points or more, and not [`regions_mostly_open`].
fn finished(g: &Grid, dead: &[bool]) -> bool {
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

/// Whether `chain`, in atari, escapes with its owner moving first on `board` (the other dead
/// stones lifted): extended at its liberty (capturing nothing), it has two liberties or more,
/// all in a small empty region where the opponent, moving first, cannot take it (an
/// exhaustive capture search there, `left` nodes at most, less what it used).
fn escapes(g: &Grid, board: &[Cell], chain: &Chain, left: &mut u32) -> bool {
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

/// The groups of `unsettled` still alive in `dead` whose only eye would come from taking a
/// chain of three to six stones in atari, or with two liberties inside the group's space,
/// that stands in a killing shape
/// ([`shape::lives_only_by_a_killing_capture`], its other opposing neighbours safe walls
/// by `wall`): marked dead, the chain alive. The groups round one such chain are read as
/// one, since its capture joins them. Returns their chains and the chains taken.
fn taken_into_one_eye(
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
        let alive = |ci: usize| ch.chains[ci].stones.iter().all(|&s| !dead[g.geo.unpad(s)]);
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

/// Largest empty region a chain in atari may escape into; nodes read there, for one chain
/// and for a position.
const ESCAPE_SPACE: usize = 8;
const ESCAPE_BUDGET: u32 = 2_000;
const ESCAPE_POSITION_BUDGET: u32 = 4_000;

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

/// The padded cells of `g` with the stones `dead` names (row-major) taken off.
pub(super) fn lifted(g: &Grid, dead: &[bool]) -> Vec<Cell> {
    let mut cells = g.cells.clone();
    for (i, _) in dead.iter().enumerate().filter(|(_, d)| **d) {
        cells[g.geo.pad(i)] = Cell::Empty;
    }
    cells
}

/// Sets the chain's stones in a per-point map (dead stones, unsure stones).
fn mark_stones(g: &Grid, chain: &Chain, map: &mut [bool]) {
    for &s in &chain.stones {
        map[g.geo.unpad(s)] = true;
    }
}

/// Marks a chain found dead in `dead` and takes it off `board` (a padded copy of the cells).
fn take_off(g: &Grid, chain: &Chain, dead: &mut [bool], board: &mut [Cell]) {
    mark_stones(g, chain, dead);
    for &s in &chain.stones {
        board[s] = Cell::Empty;
    }
}

/// Clears the chain's stones in a per-point map (a chain found alive after all).
fn clear_stones(g: &Grid, chain: &Chain, map: &mut [bool]) {
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
