//! What the engines on the Elo scale take from the first half before they run: a static
//! Bradley–Terry fit of it (one rating per player, and the Elo value of a stone of
//! advantage), and from it the Elo value of a ladder point for start levels (the slope of
//! the players' fitted ratings on their declared ranks) and the offset of professional ranks.
//!
//! Fitting the handicap value inside an engine run would confound it with the engine's
//! early errors: while ratings still sit at start levels that are wrong, a handicap given
//! by a much stronger player looks worth nothing. The static fit gives every player a
//! rating of their own, so the value of a stone is read from games the same players played
//! with and without it.

use super::engine::Starts;
use super::{EngineParams, Event};

/// Natural units per Elo point.
const NAT: f64 = std::f64::consts::LN_10 / 400.0;
/// Prior deviation of a player's rating around the rating their rank predicts, in Elo.
const PRIOR_SD: f64 = 300.0;
/// Sweeps of the static fit, and rounds of fit-then-regress.
const SWEEPS: usize = 30;
/// Games' worth of evidence the professionals' offset needs to move from 0.
const PRO_WEIGHT: f64 = 100.0;
const ROUNDS: usize = 3;

/// The static fit of a stream: each player's rating (natural units, `None` for a player
/// who did not play in it) and the value of a stone of advantage (natural units).
#[derive(Clone, Debug, PartialEq)]
pub struct StaticFit {
    /// Rating per player.
    pub rating: Vec<Option<f64>>,
    /// Games per player.
    pub games: Vec<u32>,
    /// Value of one stone of advantage (komi at 14 points a stone).
    pub stone: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Maximum a posteriori ratings and stone value of `events`, each rating with a Gaussian
/// prior around `mean` (natural units), by coordinate Newton steps.
fn static_fit(events: &[Event], mean: &[f64], stone0: f64) -> StaticFit {
    let n = mean.len();
    let mut r: Vec<f64> = mean.to_vec();
    let mut games = vec![0u32; n];
    let mut by_player: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in events.iter().enumerate() {
        if e.black < n && e.white < n {
            by_player[e.black].push(i);
            by_player[e.white].push(i);
            games[e.black] += 1;
            games[e.white] += 1;
        }
    }
    let prior = 1.0 / (PRIOR_SD * NAT).powi(2);
    let mut stone = stone0;
    for _ in 0..SWEEPS {
        for p in 0..n {
            if by_player[p].is_empty() {
                continue;
            }
            let (mut g, mut h) = (-(r[p] - mean[p]) * prior, -prior);
            for &i in &by_player[p] {
                let e = &events[i];
                let x = r[e.black] - r[e.white] + stone * e.advantage();
                let q = sigmoid(x);
                let s = f64::from(u8::from(e.black_won));
                let sign = if e.black == p { 1.0 } else { -1.0 };
                g += sign * (s - q);
                h -= q * (1.0 - q);
            }
            r[p] -= (g / h).clamp(-2.0, 2.0);
        }
        let (mut g, mut h) = (0.0, -1e-9);
        for e in events.iter().filter(|e| e.black < n && e.white < n) {
            let a = e.advantage();
            let q = sigmoid(r[e.black] - r[e.white] + stone * a);
            g += (f64::from(u8::from(e.black_won)) - q) * a;
            h -= q * (1.0 - q) * a * a;
        }
        stone -= (g / h).clamp(-2.0, 2.0);
    }
    StaticFit {
        rating: r
            .iter()
            .zip(&games)
            .map(|(&x, &g)| (g > 0).then_some(x))
            .collect(),
        games,
        stone,
    }
}

/// Weighted least squares of ratings on (1, level, professional): the intercept, the slope
/// per ladder point and the professionals' offset, natural units. Players weigh by games.
fn regress(fit: &StaticFit, starts: &Starts, ranked: &[bool]) -> Option<[f64; 3]> {
    let mut a = [[0.0f64; 3]; 3];
    let mut b = [0.0f64; 3];
    for p in 0..starts.len() {
        let (Some(r), true) = (fit.rating[p], ranked.get(p).copied().unwrap_or(false)) else {
            continue;
        };
        let w = f64::from(fit.games[p]);
        let x = [
            1.0,
            starts.level[p],
            f64::from(u8::from(starts.professional[p])),
        ];
        for i in 0..3 {
            b[i] += w * x[i] * r;
            for j in 0..3 {
                a[i][j] += w * x[i] * x[j];
            }
        }
    }
    // A ridge keeps the system defined when nobody is professional or every rank is one;
    // the professionals' offset is also held near 0 until some PRO_WEIGHT games show it,
    // so that one professional among amateurs does not set it.
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-6;
    }
    a[2][2] += PRO_WEIGHT;
    super::fit::solve3(a, b)
}

/// The scale (Elo per ladder point), the professionals' offset (ladder points) and the stone
/// value (Elo) that the first half `events` give, starting from `base`; players whose start
/// came from a rank (`ranked`) set the slope. Keeps `base`'s values where the data cannot
/// say (no ranked player, a slope that is not positive).
pub fn seed_params(
    events: &[Event],
    starts: &Starts,
    ranked: &[bool],
    base: &EngineParams,
) -> EngineParams {
    let mut p = base.clone();
    if events.is_empty() {
        return p;
    }
    let mut mean = vec![0.0; starts.len()];
    let mut stone = base.stone * NAT;
    for _ in 0..ROUNDS {
        let fit = static_fit(events, &mean, stone);
        stone = fit.stone;
        if let Some([c, slope, pro]) = regress(&fit, starts, ranked).filter(|x| x[1] > 0.0) {
            for (m, (l, &pro_p)) in mean
                .iter_mut()
                .zip(starts.level.iter().zip(&starts.professional))
            {
                *m = c + slope * l + if pro_p { pro } else { 0.0 };
            }
            p.pro_offset = pro / slope;
        }
    }
    if stone.is_finite() && stone > 0.0 {
        p.stone = stone / NAT;
    }
    p
}
