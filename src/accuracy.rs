//! Accuracy of the dead-stone estimate against records whose players marked the dead stones
//! (`TB`/`TW` on the last node): exact dead sets, stone precision and recall, score = `RE`,
//! and time per position. The method measured is the estimate, the estimate with a GTP
//! oracle asked about the positions it flags, or a GTP engine alone.

use crate::analyze::replay_record;
use crate::batch::read_records;
use crate::board::{Color, Point, Position};
use crate::life::{
    ChainStatus, DeadSource, DeadStoneMethod, EstimateParams, LifeAndDeath, decide_with,
    from_dead_list,
};
use crate::record::ResultKind;
use crate::rules::Rules;
use crate::scoring::{ScoreInput, Verdict, score};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

crate::choice::choice! {
    /// One half of a set of positions, by the parity of the FNV-1a hash of the file's base
    /// name and game (`a.sgf#0`): a fixed split that depends neither on the order or number
    /// of files nor on how their folder was named.
    pub enum Half {
        #[default] First = ("first", "Positions whose name hashes to an even number"),
        Second = ("second", "Positions whose name hashes to an odd number"),
    }
}

impl Half {
    /// The half `name` (`dir/a.sgf#0`, `x.zip!a.sgf#0`) falls in.
    pub fn of(name: &str) -> Half {
        let base = name.rsplit(['/', '!']).next().unwrap_or(name);
        let h = base.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        if h % 2 == 0 {
            Half::First
        } else {
            Half::Second
        }
    }
}

/// What is measured, and on which positions.
#[derive(Clone, Debug, Default)]
pub struct AccuracyOptions {
    /// Parameters of the estimate.
    pub params: EstimateParams,
    /// A GTP engine asked about the positions the estimate flags (`--oracle`).
    pub oracle: Option<String>,
    /// A GTP engine measured alone, instead of the estimate.
    pub engine: Option<String>,
    /// How long the engine may take over one position (`None`: [`crate::gtp::DEFAULT_TIMEOUT`]).
    pub engine_timeout: Option<std::time::Duration>,
    /// Only this half of the positions.
    pub half: Option<Half>,
    /// Runs of the estimate timed per position, the fastest kept (0 counts as 1; an engine,
    /// alone or as the oracle, is asked once).
    pub timing_runs: u32,
}

/// Accuracy figures over a set of records with territory markup.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AccuracyReport {
    /// Games with `TB`/`TW` markup that could be read and replayed.
    pub games: usize,
    /// Games whose estimated dead set equals the markup's exactly.
    pub exact: usize,
    /// Stones dead in both.
    pub true_positive: usize,
    /// Stones estimated dead but alive in the markup.
    pub false_positive: usize,
    /// Stones dead in the markup but estimated alive.
    pub false_negative: usize,
    /// Mean time per position (each the fastest of [`timing_runs`](Self::timing_runs)), ms.
    pub mean_ms: f64,
    /// Slowest position (its fastest run), milliseconds.
    pub worst_ms: f64,
    /// Runs timed per position, the fastest counted: a single run on a shared machine
    /// catches the scheduler's pauses (a 5.7 ms position once took 19.3 ms).
    pub timing_runs: u32,
    /// Time to start the GTP engine (`--engine`, `--oracle`) before the first position,
    /// milliseconds, left out of the times per position; 0 without an engine.
    pub engine_start_ms: f64,
    /// What was measured: `estimate`, `estimate+oracle` or `gtp`.
    pub method: String,
    /// Positions the estimate flagged and sent to the oracle (with `--oracle`).
    pub oracle_sent: usize,
    /// Positions the engine (oracle or alone) did not answer: the estimate stood, or (alone)
    /// every stone was kept.
    pub engine_failed: usize,
    /// Games whose `RE` is a score.
    pub scored_games: usize,
    /// Of those, games whose count under their rules with the markup's dead stones equals `RE`.
    pub re_match_markup: usize,
    /// Of those, games whose count with the estimated dead stones equals `RE`.
    pub re_match_estimate: usize,
    /// Of those, games whose count differs from `RE` (winner or margin) but that an uncertain
    /// group decided the other way could explain: the `uncertain` verdict.
    pub re_uncertain_estimate: usize,
    /// Games whose markup keeps a chain in atari alive among living opposing stones (a
    /// capturable chain the players left unmarked): their markup is no clean truth.
    pub doubtful_markup: usize,
    /// Exact dead-set matches once the chains a doubtful markup left in atari count as dead.
    pub exact_with_atari_dead: usize,
    /// Capturable chains (in atari among living opposing stones) the markups call dead.
    pub capturable_marked_dead: usize,
    /// Capturable chains the markups keep alive (ko stones and own-territory liberties aside).
    pub capturable_left_alive: usize,
    /// Positions where the estimate marked some group unsure (near a coin toss).
    pub unsure_positions: usize,
    /// Misses (beyond the capturable chains) in which a wrongly judged stone was marked unsure.
    pub misses_flagged_unsure: usize,
    /// Positions the estimate flags (a seki, an uncertain group): what `--oracle` sends.
    pub flagged_positions: usize,
    /// Misses (beyond the capturable chains) in flagged positions.
    pub misses_flagged: usize,
    /// Games (`file#game`) whose estimated dead set differs from the markup.
    pub mismatches: Vec<String>,
    /// One line per position, for comparisons with other tools (`--positions FILE`).
    #[serde(skip)]
    pub positions: Vec<PositionResult>,
}

/// The estimate on one position beside its markup, points as SGF coordinates.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PositionResult {
    /// `file#game`.
    pub name: String,
    /// Stones the estimate calls dead.
    pub dead: Vec<String>,
    /// Stones the markup calls dead.
    pub markup_dead: Vec<String>,
    /// Stones the markup keeps alive though a capture would take them at once.
    pub left_in_atari: Vec<String>,
    /// Stones the estimate marked unsure.
    pub unsure: Vec<String>,
    /// Time of the estimate (its fastest run), milliseconds.
    pub ms: f64,
}

impl AccuracyReport {
    /// Stone precision of the estimate (dead stones it found that the markup agrees with).
    pub fn precision(&self) -> f64 {
        ratio(self.true_positive, self.true_positive + self.false_positive)
    }

    /// Stone recall of the estimate (markup dead stones it found).
    pub fn recall(&self) -> f64 {
        ratio(self.true_positive, self.true_positive + self.false_negative)
    }

    /// Exact dead-set matches as a fraction of the games.
    pub fn exact_rate(&self) -> f64 {
        ratio(self.exact, self.games)
    }

    /// A table for people.
    pub fn render(&self, label: &str) -> String {
        let mut s = String::new();
        // The estimate alone is the usual measure: its text starts with the figures.
        match self.method.as_str() {
            "estimate+oracle" => {
                let _ = writeln!(
                    s,
                    "{label}: the estimate with an oracle: {} flagged positions sent to the engine, {} failed; the engine started in {:.0} ms (not counted per position)",
                    self.oracle_sent, self.engine_failed, self.engine_start_ms
                );
            }
            "gtp" => {
                let _ = writeln!(
                    s,
                    "{label}: a GTP engine alone; it failed on {} positions; it started in {:.0} ms (not counted per position)",
                    self.engine_failed, self.engine_start_ms
                );
            }
            _ => {}
        }
        let _ = writeln!(
            s,
            "{label}: {} positions with markup; exact dead sets {} ({:.1} %); stone precision {:.1} %, recall {:.1} %; {:.2} ms mean, {:.2} ms worst per position{}",
            self.games,
            self.exact,
            100.0 * self.exact_rate(),
            100.0 * self.precision(),
            100.0 * self.recall(),
            self.mean_ms,
            self.worst_ms,
            if self.timing_runs > 1 {
                format!(" (the fastest of {} runs each)", self.timing_runs)
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            s,
            "{label}: the markups call {} capturable chains (in atari among living opposing stones) dead and keep {} alive, in {} positions; counting those dead too: exact dead sets {} ({:.1} %)",
            self.capturable_marked_dead,
            self.capturable_left_alive,
            self.doubtful_markup,
            self.exact_with_atari_dead,
            100.0 * self.exact_with_atari_dead as f64 / self.games.max(1) as f64
        );
        let _ = writeln!(
            s,
            "{label}: {} positions with a group marked unsure (near a coin toss, or an unread seki), {} flagged (that, or any seki); of the {} remaining misses, {} are in such a group, {} in a flagged position",
            self.unsure_positions,
            self.flagged_positions,
            self.games - self.exact_with_atari_dead,
            self.misses_flagged_unsure,
            self.misses_flagged
        );
        let _ = writeln!(
            s,
            "{label}: score = RE on {} games with a score result: {} with the markup's dead stones, {} with the estimate's ({} more uncertain)",
            self.scored_games,
            self.re_match_markup,
            self.re_match_estimate,
            self.re_uncertain_estimate
        );
        s
    }

    /// The text for people: [`render`](Self::render) under a label naming `paths`, and with
    /// `list` a `  differs: file#game` line per game whose dead set differs from the markup.
    pub fn text(&self, paths: &[PathBuf], list: bool) -> String {
        let label = paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let mut s = self.render(&label);
        if list {
            for m in &self.mismatches {
                let _ = writeln!(s, "  differs: {m}");
            }
        }
        s
    }

    /// The figures as one JSON object (`--json`), without the positions.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    /// One JSON line per position (`--positions FILE`), in the order the games were read.
    pub fn positions_jsonl(&self) -> Result<String, serde_json::Error> {
        let mut text = String::new();
        for p in &self.positions {
            text.push_str(&serde_json::to_string(p)?);
            text.push('\n');
        }
        Ok(text)
    }
}

/// `a / b`, 0 when `b` is 0 (a set with no dead stones has nothing to miss).
fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// Runs the estimate on every game with territory markup under `paths` (files, folders,
/// archives) and compares it with the markup and with `RE`.
pub fn accuracy_report(
    paths: &[PathBuf],
    params: EstimateParams,
) -> Result<AccuracyReport, crate::input::InputError> {
    accuracy_with(
        paths,
        &AccuracyOptions {
            params,
            ..AccuracyOptions::default()
        },
    )
}

/// The method `opts` names on the position (`to_move` to play): the estimate, with the
/// oracle's answer in place of a flagged estimate, or the engine alone; and whether an oracle
/// was asked, whether an engine failed.
fn measured(
    pos: &Position,
    to_move: Option<Color>,
    komi: f64,
    opts: &AccuracyOptions,
) -> (LifeAndDeath, bool, bool) {
    if let Some(cmd) = &opts.engine {
        return match crate::gtp::dead_stones_of(cmd, opts.engine_timeout, pos, komi, to_move) {
            Ok(dead) => (from_dead_list(pos, &dead, DeadSource::Gtp), false, false),
            Err(_) => (from_dead_list(pos, &[], DeadSource::Gtp), false, true),
        };
    }
    let params = EstimateParams {
        to_move,
        ..opts.params
    };
    let est = decide_with(pos, None, DeadStoneMethod::Estimate, params);
    match &opts.oracle {
        _ if !est.flagged() => (est, false, false),
        Some(cmd) => match crate::gtp::dead_stones_of(cmd, opts.engine_timeout, pos, komi, to_move)
        {
            Ok(dead) => (
                from_dead_list(pos, &dead, DeadSource::EstimateOracle),
                true,
                false,
            ),
            Err(_) => (est, true, true),
        },
        _ => (est, false, false),
    }
}

/// Measures the method `opts` names on every game with territory markup under `paths`.
pub fn accuracy_with(
    paths: &[PathBuf],
    opts: &AccuracyOptions,
) -> Result<AccuracyReport, crate::input::InputError> {
    let params = opts.params;
    let mut r = AccuracyReport {
        method: match (&opts.engine, &opts.oracle) {
            (Some(_), _) => "gtp",
            (None, Some(_)) => "estimate+oracle",
            (None, None) => "estimate",
        }
        .to_string(),
        ..AccuracyReport::default()
    };
    if let Some(cmd) = opts.engine.as_ref().or(opts.oracle.as_ref()) {
        let t = Instant::now();
        // An engine that does not start fails again on each position it is asked about,
        // and is counted there (`engine_failed`).
        let _ = crate::gtp::warm_up(cmd);
        r.engine_start_ms = t.elapsed().as_secs_f64() * 1000.0;
    }
    r.timing_runs = if opts.engine.is_some() || opts.oracle.is_some() {
        1
    } else {
        opts.timing_runs.max(1)
    };
    let mut total = 0.0f64;
    for (name, g) in read_records(paths)? {
        let g = &g;
        if g.territory_black.is_empty() && g.territory_white.is_empty() {
            continue;
        }
        if opts.half.is_some_and(|h| Half::of(&name) != h) {
            continue;
        }
        let (hc, rep) = replay_record(g, &Rules::french());
        let pos = &rep.position;
        let markup = Some((&g.territory_black[..], &g.territory_white[..]));
        let by_markup = decide_with(pos, markup, DeadStoneMethod::Markup, params);
        let to_move = rep.to_move();
        let komi = g.facts.komi.value.unwrap_or(0.0);
        // The estimate is deterministic: every run gives the same answer, the fastest tells
        // its cost without the machine's hiccups.
        let t = Instant::now();
        let (est, asked, failed) = measured(pos, to_move, komi, opts);
        let mut ms = t.elapsed().as_secs_f64() * 1000.0;
        for _ in 1..r.timing_runs {
            let t = Instant::now();
            let _ = measured(pos, to_move, komi, opts);
            ms = ms.min(t.elapsed().as_secs_f64() * 1000.0);
        }
        r.oracle_sent += usize::from(asked);
        r.engine_failed += usize::from(failed);
        total += ms;
        r.worst_ms = r.worst_ms.max(ms);
        r.games += 1;
        let left = by_markup.left_in_atari(pos);
        let (marked, kept) = by_markup.capturable_counts(pos);
        r.capturable_marked_dead += marked;
        r.capturable_left_alive += kept;
        let doubtful = !left.is_empty();
        r.doubtful_markup += usize::from(doubtful);
        let mut truth = dead_map(&by_markup);
        for p in &left {
            truth[p.y as usize * pos.width as usize + p.x as usize] = true;
        }
        let estimated = dead_map(&est);
        r.exact_with_atari_dead += usize::from(truth == estimated);
        // Flagged: sent to the oracle, or (the estimate alone) what it would send.
        let flagged = asked || est.flagged();
        r.flagged_positions += usize::from(flagged);
        r.misses_flagged += usize::from(flagged && truth != estimated);
        r.unsure_positions += usize::from(est.unsure.contains(&true));
        r.misses_flagged_unsure += usize::from(
            truth
                .iter()
                .zip(&estimated)
                .zip(&est.unsure)
                .any(|((t, e), &u)| t != e && u),
        );
        let sgf = |v: Vec<Point>| v.into_iter().map(Point::to_sgf).collect::<Vec<_>>();
        let all_dead = |ld: &LifeAndDeath| {
            let mut v = ld.dead(Color::Black, pos);
            v.extend(ld.dead(Color::White, pos));
            sgf(v)
        };
        r.positions.push(PositionResult {
            name: name.clone(),
            dead: all_dead(&est),
            markup_dead: all_dead(&by_markup),
            left_in_atari: sgf(left.clone()),
            unsure: sgf(est.unsure_stones(pos)),
            ms,
        });
        if compare(pos, &by_markup, &est, &mut r) {
            r.exact += 1;
        } else if doubtful {
            r.mismatches
                .push(format!("{name} (markup leaves a chain in atari alive)"));
        } else {
            r.mismatches.push(name);
        }
        if g.result.kind == Some(ResultKind::Score) {
            r.scored_games += 1;
            let input = |life| ScoreInput::of_game(g, &rep, life, hc.stones);
            r.re_match_markup += usize::from(score(&input(&by_markup)).verdict == Verdict::Match);
            let verdict = score(&input(&est)).verdict;
            r.re_match_estimate += usize::from(verdict == Verdict::Match);
            r.re_uncertain_estimate += usize::from(verdict == Verdict::Uncertain);
        }
    }
    r.mean_ms = total / r.games.max(1) as f64;
    Ok(r)
}

/// Per point: a dead stone there.
fn dead_map(ld: &LifeAndDeath) -> Vec<bool> {
    ld.status
        .iter()
        .map(|s| *s == Some(ChainStatus::Dead))
        .collect()
}

/// Adds one position's stone counts; true when the dead sets are equal.
fn compare(
    pos: &Position,
    truth: &LifeAndDeath,
    est: &LifeAndDeath,
    r: &mut AccuracyReport,
) -> bool {
    let dead = |ld: &LifeAndDeath, i: usize| ld.status.get(i) == Some(&Some(ChainStatus::Dead));
    let mut same = true;
    for i in 0..pos.cells.len() {
        match (dead(truth, i), dead(est, i)) {
            (true, true) => r.true_positive += 1,
            (false, true) => {
                r.false_positive += 1;
                same = false;
            }
            (true, false) => {
                r.false_negative += 1;
                same = false;
            }
            _ => {}
        }
    }
    same
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_split_on_the_base_name_and_game() {
        assert_eq!(Half::of("a/b/x.sgf#0"), Half::of("x.sgf#0"));
        assert_eq!(Half::of("c.zip!x.sgf#0"), Half::of("x.sgf#0"));
        let names: Vec<String> = (0..200).map(|i| format!("g{i}.sgf#0")).collect();
        let first = names.iter().filter(|n| Half::of(n) == Half::First).count();
        // A hash split: near half each way, never all on one side.
        assert!((70..=130).contains(&first), "{first}");
    }

    #[test]
    fn the_fastest_of_several_runs_is_timed_and_the_answers_stay() {
        // Black's wall on the d column, White's on the f column; White's stone at bb (B8) sits
        // in Black's area, marked dead by the players.
        let col = |x: char| {
            (b'a'..=b'i')
                .map(|y| format!("[{x}{}]", y as char))
                .collect::<String>()
        };
        let sgf = format!(
            "(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+2.5]AB{}AW{}[bb];B[];W[]TB{}TW{})",
            col('d'),
            col('f'),
            ['a', 'b', 'c'].map(col).concat(),
            ['g', 'h', 'i'].map(col).concat()
        );
        let path = std::env::temp_dir().join(format!("echelle-timing-{}.sgf", std::process::id()));
        assert!(std::fs::write(&path, sgf).is_ok());
        let run = |timing_runs| {
            let opts = AccuracyOptions {
                timing_runs,
                ..AccuracyOptions::default()
            };
            accuracy_with(std::slice::from_ref(&path), &opts).map_err(|e| e.to_string())
        };
        let (once, thrice) = (run(0), run(3));
        let _ = std::fs::remove_file(&path);
        let (Ok(once), Ok(thrice)) = (once, thrice) else {
            panic!("the record is read");
        };
        assert_eq!((once.games, once.exact, once.timing_runs), (1, 1, 1));
        assert_eq!(thrice.timing_runs, 3);
        let answers = |r: &AccuracyReport| {
            (
                r.exact,
                r.true_positive,
                r.false_positive,
                r.mismatches.clone(),
            )
        };
        assert_eq!(answers(&once), answers(&thrice));
        assert!(
            thrice
                .render("x")
                .contains("worst per position (the fastest of 3 runs each)")
        );
        assert!(!once.render("x").contains("fastest"));
    }

    #[test]
    fn command_line_outputs() {
        let r = AccuracyReport {
            games: 2,
            exact: 1,
            mismatches: vec!["b.sgf#0".into()],
            positions: vec![
                PositionResult {
                    name: "a.sgf#0".into(),
                    ..PositionResult::default()
                },
                PositionResult {
                    name: "b.sgf#0".into(),
                    dead: vec!["aa".into()],
                    ms: 1.5,
                    ..PositionResult::default()
                },
            ],
            ..AccuracyReport::default()
        };
        let paths = [PathBuf::from("a"), PathBuf::from("b c")];
        let t = r.text(&paths, true);
        assert!(t.starts_with("a b c: 2 positions with markup;"), "{t}");
        assert!(
            t.ends_with(" with the estimate's (0 more uncertain)\n  differs: b.sgf#0\n"),
            "{t}"
        );
        assert_eq!(r.text(&paths, false), r.render("a b c"));
        let json = r.to_json().unwrap_or_default();
        assert!(json.starts_with("{\"games\":2,\"exact\":1,"), "{json}");
        assert!(json.ends_with("\"mismatches\":[\"b.sgf#0\"]}"), "{json}");
        assert_eq!(
            r.positions_jsonl().ok(),
            Some(concat!(
                "{\"name\":\"a.sgf#0\",\"dead\":[],\"markup_dead\":[],\"left_in_atari\":[],\"unsure\":[],\"ms\":0.0}\n",
                "{\"name\":\"b.sgf#0\",\"dead\":[\"aa\"],\"markup_dead\":[],\"left_in_atari\":[],\"unsure\":[],\"ms\":1.5}\n"
            )
            .to_string())
        );
    }
}
