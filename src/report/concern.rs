//! The games a director should look at, and why: what the report keeps of each such game
//! while the batch runs (a few strings, not the whole report, so that 100,000 games fit).

use crate::diagram::margin_text;
use crate::life::Confidence;
use crate::output::{GameReport, Status, label};
use crate::record::Winner;
use crate::scoring::{Score, Verdict};

/// Why a game is listed, most serious first (the order of the variants is the order of the
/// list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Concern {
    /// The count names another winner than the recorded result: the ladder may rest on a
    /// wrong result.
    WinnerDiffers,
    /// The record cannot be read: the game is not checked at all.
    Error,
    /// Illegal moves in the main line: the record is corrupt or the game irregular.
    Violation,
    /// Same winner, another margin: usually dead stones or a counting slip, rarely decisive.
    MarginDiffers,
    /// The count differs from `RE`, but an uncertain group decided the other way would give
    /// `RE`: more likely the estimate's doubt than the record's error.
    Uncertain,
}

impl Concern {
    /// Every concern, most serious first.
    pub const ALL: [Concern; 5] = [
        Concern::WinnerDiffers,
        Concern::Error,
        Concern::Violation,
        Concern::MarginDiffers,
        Concern::Uncertain,
    ];

    /// The name used in the page's filter and classes (as `analyze` writes verdicts).
    pub fn name(self) -> &'static str {
        match self {
            Concern::WinnerDiffers => "winner-differs",
            Concern::Error => "error",
            Concern::Violation => "violation",
            Concern::MarginDiffers => "margin-differs",
            Concern::Uncertain => "uncertain",
        }
    }

    /// A heading for people.
    pub fn title(self) -> &'static str {
        match self {
            Concern::WinnerDiffers => "winner differs from RE",
            Concern::Error => "unreadable",
            Concern::Violation => "illegal moves",
            Concern::MarginDiffers => "margin differs from RE",
            Concern::Uncertain => "uncertain: an uncertain group could explain RE",
        }
    }
}

/// Everything the page shows of one game to look at.
#[derive(Clone, Debug)]
pub struct Flagged {
    /// Position in the batch's output order: ties of seriousness keep the input order.
    pub seq: u64,
    /// Input name (`dir/a.sgf`, `x.zip!inner.sgf`).
    pub file: String,
    /// Game index in the file; `None` for a file that failed whole.
    pub game: Option<u32>,
    /// Why, most serious first (never empty).
    pub concerns: Vec<Concern>,
    /// How far the count can be trusted, when there is one: markup and certain counts are
    /// listed before estimated ones, unsure last.
    pub trust: Trust,
    /// `Black (rank) vs White (rank)`, as recorded.
    pub players: String,
    /// The date as recorded (first day).
    pub date: Option<String>,
    /// `RE` as written.
    pub recorded: Option<String>,
    /// The French count, as `B+2.5`.
    pub french: Option<String>,
    /// The count under the record's own rules (`Japanese: W+0.5`), when they are not French.
    pub recorded_rules: Option<String>,
    /// Why, in words, one sentence per concern.
    pub reasons: Vec<String>,
}

/// How far a count's dead stones can be trusted, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Trust {
    /// The players' markup, or every chain settled by rule.
    Sure,
    /// Settled by playouts.
    Estimated,
    /// Settled by playouts, with a group near a coin toss.
    Unsure,
    /// No count.
    NoCount,
}

impl Flagged {
    /// The `file#game` reference `show` reads (the file alone for a file that failed whole).
    pub fn reference(&self) -> String {
        match self.game {
            Some(g) => format!("{}#{g}", self.file),
            None => self.file.clone(),
        }
    }

    /// The most serious concern.
    pub fn primary(&self) -> Concern {
        self.concerns.first().copied().unwrap_or(Concern::Error)
    }

    /// The sort key of the list: concern, then trust, then input order.
    pub fn key(&self) -> (Concern, Trust, u64) {
        (self.primary(), self.trust, self.seq)
    }

    /// Whether the game can be drawn (it was read and replayed).
    pub fn drawable(&self) -> bool {
        self.game.is_some() && !self.concerns.contains(&Concern::Error)
    }
}

/// `B`, `W`, … as in `RE`.
fn winner_word(w: Winner) -> &'static str {
    match w {
        Winner::Black => "Black",
        Winner::White => "White",
        Winner::Draw => "a draw",
        Winner::Void => "void",
        Winner::Unknown => "unknown",
    }
}

/// How many illegal moves are named in the reason; the board shows the rest.
const VIOLATIONS_NAMED: usize = 3;

/// What the page keeps of a report, when it is a game to look at (`None` otherwise).
pub fn flag(seq: u64, r: &GameReport) -> Option<Flagged> {
    let mut concerns = Vec::new();
    let mut reasons = Vec::new();
    let score = r.score.as_ref();
    let recorded = r.result.as_ref().and_then(|x| x.raw.clone());
    if let Some((concern, reason)) = verdict_concern(r, recorded.as_deref()) {
        concerns.push(concern);
        reasons.push(reason);
    }
    if r.status == Status::Error {
        concerns.push(Concern::Error);
        for e in &r.errors {
            reasons.push(format!("Unreadable ({}): {}", e.kind.name(), e.message));
        }
    }
    if let Some(v) = r.violations.as_ref().filter(|v| !v.is_empty()) {
        concerns.push(Concern::Violation);
        reasons.push(violations_reason(v));
    }
    if concerns.is_empty() {
        return None;
    }
    concerns.sort();
    let trust = match score.map(|s| &s.dead_stones) {
        None => Trust::NoCount,
        Some(d) if !d.unsure.is_empty() => Trust::Unsure,
        Some(d) if d.confidence == Confidence::Estimated => Trust::Estimated,
        Some(_) => Trust::Sure,
    };
    let facts = r.facts.as_ref();
    Some(Flagged {
        seq,
        file: r.file.clone(),
        game: r.game,
        concerns,
        trust,
        players: facts.map(players).unwrap_or_default(),
        date: facts
            .and_then(|f| f.date.as_ref())
            .and_then(|d| d.first.clone()),
        recorded,
        french: score.map(|s| margin_text(s.french.margin)),
        recorded_rules: score.and_then(|s| {
            s.recorded_rules.as_ref().map(|c| {
                format!(
                    "{}: {}",
                    crate::diagram::rules_name(c.rules),
                    margin_text(c.margin)
                )
            })
        }),
        reasons,
    })
}

/// The count's disagreement with `RE` (`recorded`, as written), and why, when there is one.
fn verdict_concern(r: &GameReport, recorded: Option<&str>) -> Option<(Concern, String)> {
    let score = r.score.as_ref();
    let dead = score.map(dead_stones_note);
    let dead = dead.as_deref().unwrap_or("no dead stones");
    let recorded = recorded.unwrap_or("?");
    let counted = r.winner.as_ref().and_then(|w| w.margin.map(margin_text));
    let counted = counted.as_deref().unwrap_or("?");
    match r.verdict? {
        Verdict::WinnerDiffers => {
            let said = r.result.as_ref().map_or(Winner::Unknown, |x| x.winner);
            let found = r.winner.as_ref().map_or(Winner::Unknown, |w| w.color);
            Some((
                Concern::WinnerDiffers,
                format!(
                    "RE says {} won ({recorded}); echelle's count says {} ({counted}), {dead}.",
                    winner_word(said),
                    winner_word(found),
                ),
            ))
        }
        Verdict::MarginDiffers => Some((
            Concern::MarginDiffers,
            format!("Same winner, another margin: RE {recorded}, count {counted}, {dead}."),
        )),
        Verdict::Uncertain => {
            let groups = score.map_or(0, |s| s.dead_stones.uncertain_groups.len());
            let range = score
                .and_then(|s| s.margin_range)
                .map(|[lo, hi]| format!(" (between {} and {})", margin_text(lo), margin_text(hi)))
                .unwrap_or_default();
            Some((
                Concern::Uncertain,
                format!(
                    "RE {recorded}, count {counted}: {groups} uncertain group{} decided the other way could give RE{range}, {dead}.",
                    if groups == 1 { "" } else { "s" },
                ),
            ))
        }
        _ => None,
    }
}

/// Where the count's dead stones came from, and how many stones rest on a coin toss.
fn dead_stones_note(s: &Score) -> String {
    let d = &s.dead_stones;
    let base = match d.confidence {
        Confidence::Markup => "dead stones from the players' markup",
        Confidence::Certain => "dead stones settled by rule",
        Confidence::Estimated => "dead stones estimated",
    };
    if d.unsure.is_empty() {
        base.to_string()
    } else {
        format!(
            "{base}, {} stones of a group near a coin toss",
            d.unsure.len()
        )
    }
}

/// The illegal moves, the first [`VIOLATIONS_NAMED`] named, the rest counted.
fn violations_reason(v: &[crate::replay::Violation]) -> String {
    let named: Vec<String> = v
        .iter()
        .take(VIOLATIONS_NAMED)
        .map(|x| {
            format!(
                "move {} ({} {}): {}",
                x.move_number,
                x.color.name(),
                x.point.as_deref().unwrap_or("pass"),
                label(&x.kind)
            )
        })
        .collect();
    let more = v.len().saturating_sub(VIOLATIONS_NAMED);
    format!(
        "{} illegal move{}: {}{}.",
        v.len(),
        if v.len() == 1 { "" } else { "s" },
        named.join("; "),
        if more > 0 {
            format!("; {more} more")
        } else {
            String::new()
        }
    )
}

/// `Black (rank) vs White (rank)`, `?` for a missing name.
fn players(f: &crate::record::GameFacts) -> String {
    let player = |p: &crate::record::Player| match (&p.name, &p.rank) {
        (Some(n), Some(k)) => format!("{n} ({k})"),
        (Some(n), None) => n.clone(),
        _ => "?".to_string(),
    };
    format!("{} vs {}", player(&f.black), player(&f.white))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::{ErrorEntry, ErrorKind};

    #[test]
    fn concerns_order_by_seriousness() {
        let mut c = Concern::ALL.to_vec();
        c.reverse();
        c.sort();
        assert_eq!(c, Concern::ALL.to_vec());
    }

    #[test]
    fn an_error_is_flagged_with_its_message_and_a_clean_game_is_not() {
        let r = GameReport::error(
            "x.zip!a.sgf",
            None,
            ErrorEntry {
                kind: ErrorKind::Read,
                message: "truncated".into(),
            },
        );
        let f = flag(3, &r).unwrap_or_else(|| panic!("an error is flagged"));
        assert_eq!(f.concerns, [Concern::Error]);
        assert_eq!(f.reference(), "x.zip!a.sgf");
        assert!(!f.drawable());
        assert_eq!(f.reasons, ["Unreadable (read): truncated"]);
        let ok = GameReport::bare("a.sgf", Some(0), Status::Ok);
        assert!(flag(0, &ok).is_none());
    }
}
