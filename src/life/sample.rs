//! The playouts' shares of a position: in what share of the playouts each chain kept its
//! points. A first batch, Black and White taking turns at moving first; then, for a group
//! near a coin toss, up to [`EXTRA_ROUNDS`] more batches with the record's player to move
//! first and the holder of each point answering invasions there, while a group's share could
//! still lie on either side of the dead/alive line.

use super::EstimateParams;
use super::area::{in_the_open, open_points};
use super::benson::Enclosures;
use super::playout::playouts;
use crate::board::{Cell, Chains, Grid};

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
/// Share of the first playouts a colour must hold a point in to defend it as its own.
const HOME_SHARE: f64 = 0.5;

/// How the playouts kept each chain: the share of them in which it kept its points.
pub(super) struct Sample {
    /// Per chain, over all the playouts run.
    pub kept: Vec<f64>,
    /// Per chain, over the first playouts (Black and White taking turns at moving first).
    pub first_kept: Vec<f64>,
    /// Whether extra playouts ran with the record's player to move first.
    pub by_mover: bool,
}

impl Sample {
    /// Runs the playouts on `play_grid` (the opponent barred from `enclosure`), and more of
    /// them while a group of `groups` none of whose chains is `settled` (or, on a board still
    /// mostly open with the stones of `dead` lifted, a chain in the open) is near a coin toss.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run(
        g: &Grid,
        ch: &Chains,
        play_grid: &Grid,
        enclosure: &Enclosures,
        groups: &[Vec<usize>],
        settled: &[bool],
        dead: &[bool],
        params: EstimateParams,
    ) -> Sample {
        let grps = groups;
        let kept_of = |own: &[[u32; 2]], total: f64| kept_shares(ch, own, total);
        let mut own = playouts(
            play_grid,
            enclosure,
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
        let open_chains: Vec<usize> = open_points(g, dead).map_or_else(Vec::new, |open| {
            (0..ch.chains.len())
                .filter(|&ci| !settled[ci] && in_the_open(&open, &ch.chains[ci]))
                .collect()
        });
        // Groups whose fate the first playouts left near a coin toss get more playouts, so the
        // verdict rests on the position rather than on the sampling noise; clear cases pay
        // nothing. There the player the record leaves to move plays first, as in a game played
        // on (the first playouts take turns at it): a fight that close turns on who moves.
        let unsure = grps.iter().any(|grp| {
            !grp.iter().any(|&ci| settled[ci]) && {
                let k = group_kept(ch, grp, &kept);
                super::near_coin_toss(k)
            }
        }) || open_chains
            .iter()
            .any(|&ci| super::near_coin_toss(kept[ci]));
        if unsure {
            by_mover = params.to_move.is_some();
            let extra = params.playouts.saturating_mul(EXTRA_FACTOR);
            // Who holds each point after the first playouts: there the holder answers invasions.
            let home = holders(&own, total);
            // Rounds go on while a group's share could still lie on either side of the line:
            // the decision then rests on the player to move's playouts rather than on a few
            // samples.
            let close = |kept: &[f64], total: f64| {
                grps.iter().any(|grp| {
                    !grp.iter().any(|&ci| settled[ci])
                        && near_the_line(group_kept(ch, grp, kept), params.dead_below, total)
                }) || open_chains
                    .iter()
                    .any(|&ci| near_the_line(kept[ci], params.dead_below, total))
            };
            for round in 0..EXTRA_ROUNDS {
                let more = playouts(
                    play_grid,
                    enclosure,
                    extra,
                    // Round 0 keeps the one round's seed; the later ones mix in their number
                    // with another constant than the default seed, which the XOR would cancel.
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
        Sample {
            kept,
            first_kept,
            by_mover,
        }
    }
}

/// Per chain, the share of the `total` playouts in which its stones stayed its own
/// (`own`: per point, the playouts that ended with it Black's and White's).
fn kept_shares(ch: &Chains, own: &[[u32; 2]], total: f64) -> Vec<f64> {
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
}

/// Per point, the colour that held it in more than [`HOME_SHARE`] of the `total` playouts.
fn holders(own: &[[u32; 2]], total: f64) -> Vec<Cell> {
    own.iter()
        .map(|o| {
            if f64::from(o[0]) > total * HOME_SHARE {
                Cell::Black
            } else if f64::from(o[1]) > total * HOME_SHARE {
                Cell::White
            } else {
                Cell::Empty
            }
        })
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
