//! Scores of a finished game: the French area count, the quick count that cross-checks it,
//! the count under the game's own rules, the winner and a verdict against `RE`.
//!
//! Every count is one function, `Count::under`, driven by a [`Rules`] value: which points
//! are a colour's (area or territory), whether eyes in seki count, whether dead stones are
//! removed, the compensation and the default komi. No ruleset is matched by name here.

use crate::board::{Cell, Color, Grid, Position, flood};
use crate::life::{ChainStatus, Confidence, DeadSource, GroupDecision, LifeAndDeath};
use crate::record::{RecordedResult, ResultKind, Winner};
use crate::rules::{RuleSet, Rules, Scoring};
use serde::Serialize;

/// What scoring needs from a replayed game.
#[derive(Clone, Debug)]
pub struct ScoreInput<'a> {
    /// The final position.
    pub position: &'a Position,
    /// Life and death of that position.
    pub life: &'a LifeAndDeath,
    /// Komi from `KM`, already normalised; `None` when absent.
    pub komi: Option<f64>,
    /// Handicap stones (0 or 1 = even game).
    pub handicap: u32,
    /// The game's own rules (the preset of its `RU`; French when unknown).
    pub rules: Rules,
    /// Stones Black holds as prisoners (captures by Black, plus White's suicided stones).
    pub captures_black: u32,
    /// Stones White holds as prisoners.
    pub captures_white: u32,
    /// Passes by Black.
    pub passes_black: u32,
    /// Passes by White.
    pub passes_white: u32,
    /// Who made the last move (a pass counts), if any.
    pub last_mover: Option<Color>,
    /// True when the record ends with two passes.
    pub ended_by_passes: bool,
    /// The recorded result.
    pub result: &'a RecordedResult,
}

impl<'a> ScoreInput<'a> {
    /// The input for a replayed game record: its komi, rules, result, and the replay's
    /// final position, prisoners (suicided stones included) and passes.
    pub fn of_game(
        record: &'a crate::record::GameRecord,
        replay: &'a crate::replay::Replay,
        life: &'a LifeAndDeath,
        handicap: u32,
    ) -> ScoreInput<'a> {
        ScoreInput {
            position: &replay.position,
            life,
            komi: record.facts.komi.value,
            handicap,
            rules: Rules::preset(record.facts.rules.name),
            captures_black: replay.captures_black + replay.suicided_white,
            captures_white: replay.captures_white + replay.suicided_black,
            passes_black: replay.passes_black,
            passes_white: replay.passes_white,
            last_mover: replay.last_mover,
            ended_by_passes: replay.ended_by_passes,
            result: &record.result,
        }
    }
}

/// One count: Black's and White's totals (White's with komi and compensation) and the margin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Count {
    /// The rules this count follows.
    pub rules: RuleSet,
    /// Black's points.
    pub black: f64,
    /// White's points, komi and compensation included.
    pub white: f64,
    /// Komi used.
    pub komi: f64,
    /// Handicap compensation given to White.
    pub compensation: f64,
    /// Black − White: positive when Black wins.
    pub margin: f64,
    /// Winner by this count (a zero margin is a draw).
    pub winner: Winner,
}

/// The dead stones used for counting, as SGF coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeadStones {
    /// Where they came from.
    pub source: DeadSource,
    /// How far they can be trusted.
    pub confidence: Confidence,
    /// Dead black stones.
    pub black: Vec<String>,
    /// Dead white stones.
    pub white: Vec<String>,
    /// With markup: stones it keeps alive although a capture would take them at once (in
    /// atari among living opposing stones) — players who did not bother to mark them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub left_in_atari: Vec<String>,
    /// With the estimate: the stones of `uncertain_groups`, in one list (the playouts left
    /// them near a coin toss, or they look like seki and no reading settled it): the weakest
    /// part of the count.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsure: Vec<String>,
    /// With the estimate: each uncertain group, how it was decided and its stones.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub uncertain_groups: Vec<UncertainGroup>,
    /// With `--oracle`: why the engine asked about this flagged position gave no answer (the
    /// estimate's dead stones stand).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oracle_error: Option<String>,
    /// With `--dead-stones gtp:`: why the engine gave no answer for this position (every
    /// stone kept: `source` is `none`, and the count does not judge `RE`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_error: Option<String>,
}

/// An uncertain group as the report names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UncertainGroup {
    /// Colour, method, confidence, playout share, status.
    #[serde(flatten)]
    pub decision: GroupDecision,
    /// Its stones, as SGF points.
    pub points: Vec<String>,
}

/// How the computed result compares with `RE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Same winner and margin.
    Match,
    /// Same winner, another margin.
    MarginDiffers,
    /// Another winner.
    WinnerDiffers,
    /// Another winner or margin, but deciding the uncertain groups the other way would give
    /// `RE`: the difference may be the estimate's, not the record's.
    Uncertain,
    /// Resignation, time, forfeit or void: nothing to compare.
    NotComparable,
    /// No usable `RE`, or no computed result.
    NoResult,
}

/// Where the winner a report settles on comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WinnerSource {
    /// echelle's count of the final position.
    Count,
    /// The recorded result (resignation, time, forfeit, void, or an unfinished position).
    Recorded,
    /// Nobody can say.
    Unknown,
}

impl WinnerSource {
    /// Its name in reports (`count`, `recorded`, `unknown`).
    pub fn name(self) -> &'static str {
        match self {
            WinnerSource::Count => "count",
            WinnerSource::Recorded => "recorded",
            WinnerSource::Unknown => "unknown",
        }
    }
}

/// The winner a report settles on, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WinnerReport {
    /// `B`, `W`, `draw`, `void` or `unknown`.
    pub color: Winner,
    /// Margin, when counted.
    pub margin: Option<f64>,
    /// Where it comes from.
    pub source: WinnerSource,
    /// Why the winner is unknown, or why the recorded one stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Everything scoring says about a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// French area count (stones + territory; komi; H − 1).
    pub french: Count,
    /// The count under the game's own rules, when they are not French.
    pub recorded_rules: Option<Count>,
    /// The quick count (territory, prisoners and pass stones; komi only).
    pub quick_count: Count,
    /// True when the quick count gives the French margin (after a pass stone owed by White).
    pub quick_count_agrees: bool,
    /// Why the two counts differ, or what adjustment made them agree.
    pub quick_count_note: Option<String>,
    /// Dead stones used.
    pub dead_stones: DeadStones,
    /// Stones in seki.
    pub seki: Vec<String>,
    /// Komi used when `KM` was absent, with the reason; `None` when `KM` was given.
    pub komi_note: Option<String>,
    /// The winner (reported at the top level of a game report, not inside `score`).
    #[serde(skip)]
    pub winner: WinnerReport,
    /// Comparison with `RE` (reported at the top level too).
    #[serde(skip)]
    pub verdict: Verdict,
    /// With uncertain groups: the margins (Black − White, under the game's rules) when every
    /// uncertain group goes White's way and when every one goes Black's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_range: Option<[f64; 2]>,
}

/// Raw tallies of a position under a life-and-death verdict.
#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    /// Living stones (seki included) per colour: [black, white].
    stones: [u32; 2],
    /// Territory points (empty or dead-stone points of a one-colour region).
    territory: [u32; 2],
    /// Territory points of regions that touch no seki chain (Japanese territory).
    territory_no_seki: [u32; 2],
    /// Dead stones per colour.
    dead: [u32; 2],
    /// Points of each colour's Japanese territory it must fill to save a chain once the
    /// dame are filled ([`forced_fills`]): no territory under territory scoring.
    fills: [u32; 2],
}

fn ci(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn tally(pos: &Position, life: &LifeAndDeath) -> Tally {
    let mut t = Tally::default();
    let japanese = japanese_territory(pos, life);
    let n = pos
        .cells
        .len()
        .min(life.status.len())
        .min(life.territory.len());
    for (i, &jap) in japanese.iter().enumerate().take(n) {
        let st = life.status[i];
        match (pos.cells[i], st) {
            (Some(c), Some(ChainStatus::Dead)) => t.dead[ci(c)] += 1,
            (Some(c), _) => {
                t.stones[ci(c)] += 1;
                continue;
            }
            _ => {}
        }
        if let Some(o) = life.territory[i] {
            t.territory[ci(o)] += 1;
        }
        if let Some(o) = jap {
            t.territory_no_seki[ci(o)] += 1;
        }
    }
    // The players' own territory map already leaves such points out.
    if life.source != DeadSource::Markup {
        for (i, &fill) in forced_fills(pos, life, &japanese).iter().enumerate() {
            if let (true, Some(o)) = (fill, japanese.get(i).copied().flatten()) {
                t.fills[ci(o)] += 1;
            }
        }
    }
    t
}

/// Per point: a point of a colour's territory that colour must fill once the dame are
/// filled (Japanese *teire*): a living chain whose liberties are dame and exactly one
/// point of its own territory is put in atari when the opponent fills those dame (where the
/// opponent's stone would not itself be left with one liberty, and the owner cannot fill
/// two of them to gain liberties), and must connect there.
/// KGS players leave such points out of their markup; area scoring is unaffected (the
/// filling stone scores the point).
fn forced_fills(pos: &Position, life: &LifeAndDeath, japanese: &[Option<Color>]) -> Vec<bool> {
    let (w, h) = (pos.width as usize, pos.height as usize);
    let n = w * h;
    let mut out = vec![false; pos.cells.len()];
    if pos.cells.len() != n || life.status.len() < n || life.territory.len() < n {
        return out;
    }
    let neighbours = |i: usize| {
        let (x, y) = (i % w, i / w);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (y > 0).then(|| i - w),
            (y + 1 < h).then(|| i + w),
        ]
        .into_iter()
        .flatten()
    };
    let living = |i: usize| match pos.cells[i] {
        Some(c) if life.status[i] != Some(ChainStatus::Dead) => Some(c),
        _ => None,
    };
    // Chains of living stones, by flood.
    let mut chain_of = vec![usize::MAX; n];
    let mut chains: Vec<(Color, Vec<usize>)> = Vec::new();
    for start in 0..n {
        let Some(c) = living(start) else { continue };
        if chain_of[start] != usize::MAX {
            continue;
        }
        let id = chains.len();
        let mut stones = vec![start];
        chain_of[start] = id;
        let mut k = 0;
        while k < stones.len() {
            for q in neighbours(stones[k]) {
                if chain_of[q] == usize::MAX && living(q) == Some(c) {
                    chain_of[q] = id;
                    stones.push(q);
                }
            }
            k += 1;
        }
        chains.push((c, stones));
    }
    // Liberties of each chain once dead stones are lifted.
    let liberties: Vec<Vec<usize>> = chains
        .iter()
        .map(|(_, stones)| {
            let mut libs: Vec<usize> = stones
                .iter()
                .flat_map(|&s| neighbours(s))
                .filter(|&q| living(q).is_none())
                .collect();
            libs.sort_unstable();
            libs.dedup();
            libs
        })
        .collect();
    // Whether `c` can fill dame `d` without being left with one liberty (captures ignored).
    let safe_fill = |d: usize, c: Color| {
        let mut libs: Vec<usize> = neighbours(d).filter(|&q| living(q).is_none()).collect();
        for q in neighbours(d) {
            if living(q) == Some(c) {
                libs.extend(liberties[chain_of[q]].iter().copied());
            }
        }
        libs.retain(|&q| q != d);
        libs.sort_unstable();
        libs.dedup();
        libs.len() >= 2
    };
    for (id, (c, stones)) in chains.iter().enumerate() {
        if stones
            .iter()
            .any(|&s| life.status[s] == Some(ChainStatus::Seki))
        {
            continue;
        }
        let libs = &liberties[id];
        let own: Vec<usize> = libs
            .iter()
            .copied()
            .filter(|&q| japanese[q] == Some(*c))
            .collect();
        let dame: Vec<usize> = libs
            .iter()
            .copied()
            .filter(|&q| life.territory[q].is_none() && japanese[q].is_none())
            .collect();
        // One point of its own territory, and dame the opponent can fill: once they are
        // filled the chain is in atari and must connect. The owner escapes only by filling
        // a dame where its stone gains a point of its territory as a liberty (itself or
        // through a friend; a dame gained is filled in turn), and the opponent takes the
        // first such dame: two are needed. A chain already in atari on its own territory
        // must connect too. The connection must itself gain a liberty: a chain it would
        // not save is dead, not short of a fill.
        let fresh = |q: &usize| japanese[*q] == Some(*c) && !libs.contains(q);
        let gains = |d: usize| {
            neighbours(d).any(|q| match living(q) {
                Some(x) => x == *c && chain_of[q] != id && liberties[chain_of[q]].iter().any(fresh),
                None => fresh(&q),
            })
        };
        if own.len() == 1
            && libs.len() == 1 + dame.len()
            && dame.iter().all(|&d| safe_fill(d, c.opponent()))
            && dame.iter().filter(|&&d| gains(d)).count() <= 1
            && gains(own[0])
        {
            out[own[0]] = true;
        }
    }
    out
}

/// Per point (row-major), who scores it as territory under Japanese rules: an empty or
/// dead-stone point of a one-colour region that is neither a seki liberty nor an eye of a
/// chain in seki. `None` on living stones, dame and seki points.
pub fn japanese_territory(pos: &Position, life: &LifeAndDeath) -> Vec<Option<Color>> {
    let n = pos
        .cells
        .len()
        .min(life.status.len())
        .min(life.territory.len());
    let near_seki = regions_touching_seki(pos, life);
    (0..pos.cells.len())
        .map(|i| {
            if i >= n {
                return None;
            }
            let living = pos.cells[i].is_some() && life.status[i] != Some(ChainStatus::Dead);
            let seki = life.seki_region.get(i).copied().unwrap_or(false);
            match life.territory[i] {
                Some(o) if !living && !seki && !near_seki[i] => Some(o),
                _ => None,
            }
        })
        .collect()
}

/// Per point: true when its one-colour region (empty and dead points with the same owner)
/// borders a seki chain and no living chain of its owner outside seki (an eye in seki: no
/// territory under Japanese rules). A region that a living wall also encloses is that wall's
/// territory: a stone in seki at its edge (a corner seki beside a large area, as on Fox) does
/// not take it away. Each region is flooded once.
fn regions_touching_seki(pos: &Position, life: &LifeAndDeath) -> Vec<bool> {
    let n = pos.cells.len();
    let mut out = vec![false; n];
    let Some(grid) = Grid::from_position(pos) else {
        return out;
    };
    if life.status.len() < n || life.territory.len() < n {
        return out;
    }
    let geo = &grid.geo;
    let living = |q: usize| pos.cells[q].is_some() && life.status[q] != Some(ChainStatus::Dead);
    let mut seen = vec![false; grid.cells.len()];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for start in 0..n {
        let ps = geo.pad(start);
        if seen[ps] || living(start) {
            continue;
        }
        let owner = life.territory[start];
        let (mut seki, mut free) = (false, false);
        region.clear();
        flood(geo, ps, &mut seen, &mut stack, &mut region, |q| {
            if grid.cells[q] == Cell::Edge {
                return false;
            }
            let q = geo.unpad(q);
            if living(q) {
                if life.status[q] == Some(ChainStatus::Seki) {
                    seki = true;
                } else if owner.is_some() && pos.cells[q] == owner {
                    free = true;
                }
                return false;
            }
            life.territory[q] == owner
        });
        if seki && !free {
            for &p in &region {
                out[geo.unpad(p)] = true;
            }
        }
    }
    out
}

impl Count {
    /// A count from the two colours' points: White's get komi and compensation.
    fn new(rules: RuleSet, black: f64, white_raw: f64, komi: f64, compensation: f64) -> Count {
        let white = white_raw + komi + compensation;
        let margin = black - white;
        let winner = if margin > 0.0 {
            Winner::Black
        } else if margin < 0.0 {
            Winner::White
        } else {
            Winner::Draw
        };
        Count {
            rules,
            black,
            white,
            komi,
            compensation,
            margin,
            winner,
        }
    }

    /// The count of a tallied position under `rules`: each colour's points (area: stones and
    /// surrounded points; territory: surrounded points, prisoners and the opponent's dead
    /// stones), eyes in seki only where they count, White's compensation for the handicap.
    /// `all_alive` is the tally with every stone kept, for rules that remove none.
    fn under(
        rules: &Rules,
        removed: &Tally,
        all_alive: impl FnOnce() -> Tally,
        input: &ScoreInput,
        komi: f64,
    ) -> Count {
        let kept;
        let t = if rules.dead_stones_removed {
            removed
        } else {
            kept = all_alive();
            &kept
        };
        let points = |side: usize| {
            if rules.seki_eyes_count {
                t.territory[side]
            } else {
                t.territory_no_seki[side]
            }
        };
        let (black, white) = match rules.scoring {
            Scoring::Area => (t.stones[0] + points(0), t.stones[1] + points(1)),
            Scoring::Territory => (
                points(0).saturating_sub(t.fills[0]) + input.captures_black + t.dead[1],
                points(1).saturating_sub(t.fills[1]) + input.captures_white + t.dead[0],
            ),
        };
        Count::new(
            rules.name,
            f64::from(black),
            f64::from(white),
            komi,
            rules.compensation(input.handicap),
        )
    }
}

/// The quick count of seed 001 and whether it agrees with the French margin, with the
/// adjustment made or the reason it cannot agree.
fn quick_count(input: &ScoreInput, t: &Tally, french: &Count) -> (Count, bool, Option<String>) {
    let f = |x: u32| f64::from(x);
    let komi = french.komi;
    // Each side's territory, filled with the prisoners and pass stones the opponent hands
    // over (dead stones are prisoners too); komi only, no compensation.
    let (qb, qw) = (
        f(t.territory[0]) - f(input.captures_white + t.dead[0] + input.passes_black),
        f(t.territory[1]) - f(input.captures_black + t.dead[1] + input.passes_white),
    );
    let quick = Count::new(RuleSet::French, qb, qw, komi, 0.0);
    let diff = french.margin - quick.margin;
    if diff.abs() < 1e-9 {
        return (quick, true, None);
    }
    if (diff - 1.0).abs() < 1e-9 && input.last_mover == Some(Color::Black) {
        // White must pass last: a record ending on Black's turn owes Black one pass stone.
        return (
            Count::new(RuleSet::French, qb, qw - 1.0, komi, 0.0),
            true,
            Some(
                "Black moved last: White gives one more pass stone, as the quick count requires"
                    .into(),
            ),
        );
    }
    // area − quick = Black's turns − White's turns (handicap counted as one turn), so a
    // difference means the moves did not alternate, setup stones were added, or the
    // handicap was placed as moves; a capture miscount shows up here too.
    let placed_b = t.stones[0] + t.dead[0] + input.captures_white;
    let placed_w = t.stones[1] + t.dead[1] + input.captures_black;
    (
        quick,
        false,
        Some(format!(
            "counts differ by {diff}: Black put {placed_b} stones (handicap {}) and passed {}, White put {placed_w} and passed {}; the quick count needs alternating turns with White last, so setup stones, handicap stones played as moves or non-alternating moves break it",
            input.handicap, input.passes_black, input.passes_white
        )),
    )
}

/// The winner of a counted game: the recorded one for a resignation, time loss, forfeit or
/// void game; the count's when the game ended by passes or `RE` is a score; else unknown.
fn settle_winner(input: &ScoreInput, count: &Count) -> WinnerReport {
    let res = input.result;
    let kind = res.kind;
    let (color, margin, source, reason) = match kind {
        Some(ResultKind::Resign | ResultKind::Time | ResultKind::Forfeit) => {
            (res.winner, None, WinnerSource::Recorded, None)
        }
        _ if res.winner == Winner::Void => (
            Winner::Void,
            None,
            WinnerSource::Recorded,
            Some("void game".into()),
        ),
        _ if input.ended_by_passes || kind == Some(ResultKind::Score) => (
            count.winner,
            Some(count.margin.abs()),
            WinnerSource::Count,
            None,
        ),
        _ => (
            Winner::Unknown,
            None,
            WinnerSource::Unknown,
            Some("the game did not end by passes and RE gives no score".into()),
        ),
    };
    WinnerReport {
        color,
        margin,
        source,
        reason,
    }
}

/// The count against `RE`.
fn verdict(res: &RecordedResult, winner: &WinnerReport, count: &Count) -> Verdict {
    match (res.kind, res.winner) {
        (Some(ResultKind::Resign | ResultKind::Time | ResultKind::Forfeit), _)
        | (_, Winner::Void) => Verdict::NotComparable,
        (_, Winner::Unknown) | (None, _) => Verdict::NoResult,
        _ if winner.source != WinnerSource::Count => Verdict::NoResult,
        (_, w) if w != count.winner => Verdict::WinnerDiffers,
        (Some(ResultKind::Score), Winner::Draw) => Verdict::Match,
        (Some(ResultKind::Score), _) => match res.margin {
            Some(m) if (m - count.margin.abs()).abs() < 1e-6 => Verdict::Match,
            Some(_) => Verdict::MarginDiffers,
            None => Verdict::Match,
        },
        _ => Verdict::Match,
    }
}

/// Most uncertain groups whose every combination is counted to find a recorded margin;
/// beyond, the margin only has to lie between the two extremes.
const COMBINATIONS_UP_TO: usize = 6;

/// Whether the uncertain groups could explain `RE`: for another winner, `RE`'s winner wins
/// once every uncertain group goes its way; for another margin, some way of deciding them
/// gives `RE`'s margin exactly (`margin_of` counts a choice: the i-th group alive or not).
fn within_reach(
    res: &RecordedResult,
    verdict: Verdict,
    range: [f64; 2],
    groups: usize,
    margin_of: &dyn Fn(&[bool]) -> Option<f64>,
) -> bool {
    let [white_best, black_best] = range;
    let signed = match (res.winner, res.margin) {
        (Winner::Black, m) => m,
        (Winner::White, m) => m.map(|m| -m),
        (Winner::Draw, _) => Some(0.0),
        _ => return false,
    };
    match verdict {
        Verdict::WinnerDiffers => match res.winner {
            Winner::Black => black_best > 0.0,
            Winner::White => white_best < 0.0,
            _ => (white_best..=black_best).contains(&0.0),
        },
        Verdict::MarginDiffers => {
            let Some(m) = signed else {
                return false;
            };
            if groups > COMBINATIONS_UP_TO {
                return (white_best - 1e-6..=black_best + 1e-6).contains(&m);
            }
            (0..1u32 << groups).any(|bits| {
                let alive: Vec<bool> = (0..groups).map(|i| bits >> i & 1 == 1).collect();
                margin_of(&alive).is_some_and(|x| (x - m).abs() < 1e-6)
            })
        }
        _ => false,
    }
}

/// The dead stones a verdict removed, as SGF points, with what the report says of them.
fn dead_stones(pos: &Position, life: &LifeAndDeath) -> DeadStones {
    let sgf = |points: Vec<crate::board::Point>| points.iter().map(|p| p.to_sgf()).collect();
    let sgf_of = |points: &[crate::board::Point]| points.iter().map(|p| p.to_sgf()).collect();
    DeadStones {
        source: life.source,
        confidence: life.confidence,
        black: sgf(life.dead(Color::Black, pos)),
        white: sgf(life.dead(Color::White, pos)),
        left_in_atari: if life.source == DeadSource::Markup {
            sgf(life.left_in_atari(pos))
        } else {
            Vec::new()
        },
        unsure: sgf(life.unsure_stones(pos)),
        uncertain_groups: life
            .uncertain_groups()
            .map(|g| UncertainGroup {
                decision: g.clone(),
                points: sgf_of(&g.stones),
            })
            .collect(),
        oracle_error: None,
        engine_error: None,
    }
}

/// Scores a game: French count, quick count, the game's own rules, winner and verdict.
pub fn score(input: &ScoreInput) -> Score {
    let pos = input.position;
    let life = input.life;
    let t = tally(pos, life);
    let h = input.handicap;
    let all_alive = || {
        tally(
            pos,
            &crate::life::decide(pos, None, crate::life::DeadStoneMethod::None),
        )
    };
    let french_rules = Rules::french();
    let (komi, komi_note) = match input.komi {
        Some(k) => (k, None),
        None => {
            let k = french_rules.default_komi(h);
            let why = if h >= 2 { "handicap game" } else { "even game" };
            (k, Some(format!("KM absent: {k} ({why})")))
        }
    };
    let french = Count::under(&french_rules, &t, all_alive, input, komi);
    let (quick_count, quick_count_agrees, quick_count_note) = quick_count(input, &t, &french);
    let own = &input.rules;
    let recorded_rules = (own.name != RuleSet::French).then(|| {
        let komi = input.komi.unwrap_or_else(|| own.default_komi(h));
        Count::under(own, &t, all_alive, input, komi)
    });
    let game_count = recorded_rules.as_ref().unwrap_or(&french);
    let winner = settle_winner(input, game_count);
    let mut verdict = verdict(input.result, &winner, game_count);
    // The count again with every uncertain group decided each side's way: a difference with
    // `RE` that those groups could explain is `uncertain`, not a mismatch.
    let game_rules = if recorded_rules.is_some() {
        own
    } else {
        &french_rules
    };
    let margin_of = |ld: Option<LifeAndDeath>| {
        let t = tally(pos, &ld?);
        Some(Count::under(game_rules, &t, all_alive, input, game_count.komi).margin)
    };
    let margin_range = match (
        margin_of(life.decided_for(pos, Color::White)),
        margin_of(life.decided_for(pos, Color::Black)),
    ) {
        (Some(lo), Some(hi)) => Some([lo.min(hi), lo.max(hi)]),
        _ => None,
    };
    if let Some(range) = margin_range
        && within_reach(
            input.result,
            verdict,
            range,
            life.uncertain_groups().count(),
            &|alive| margin_of(life.decided_as(pos, alive)),
        )
    {
        verdict = Verdict::Uncertain;
    }
    Score {
        dead_stones: dead_stones(pos, life),
        seki: life.seki(pos).iter().map(|p| p.to_sgf()).collect(),
        french,
        recorded_rules,
        quick_count,
        quick_count_agrees,
        quick_count_note,
        komi_note,
        winner,
        verdict,
        margin_range,
    }
}

#[cfg(test)]
pub(crate) mod tests;
