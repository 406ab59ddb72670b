//! The disputed games: finished games whose count names another winner than the result the
//! players signed. The officer decides them; the ladder rests on the signed result unless
//! `--winner count` was asked for.

use super::events::Disputed;
use super::report::RateReport;
use crate::life::Confidence;
use crate::record::Winner;
use std::fmt::Write as _;

/// `B`, `W`, `draw`, `void` or `?`.
fn winner_label(w: Winner) -> &'static str {
    match w {
        Winner::Black => "B",
        Winner::White => "W",
        Winner::Draw => "draw",
        Winner::Void => "void",
        Winner::Unknown => "?",
    }
}

/// How far the count's dead stones can be trusted, in words.
fn confidence_label(d: &Disputed) -> String {
    let c = match d.count.confidence {
        Confidence::Markup => "players' markup",
        Confidence::Certain => "certain",
        Confidence::Estimated => "estimated",
    };
    if d.count.unsure {
        format!("{c}, unsure")
    } else {
        c.to_string()
    }
}

impl RateReport {
    /// One line on standard error: how many games are disputed and which result they were
    /// rated on; empty when none is.
    pub fn disputed_note(&self) -> String {
        let n = self.disputed.len();
        if n == 0 {
            return String::new();
        }
        let on_count = self
            .disputed
            .iter()
            .filter(|d| d.rated_on.is_some_and(|w| w == d.count.winner))
            .count();
        let on_signed = self
            .disputed
            .iter()
            .filter(|d| d.rated_on.is_some_and(|w| w == d.recorded))
            .count();
        format!(
            "disputed: {n} games whose count names another winner than RE ({on_signed} rated on RE, {on_count} on the count, {} not rated); --disputed FILE lists them\n",
            n - on_signed - on_count
        )
    }

    /// Every disputed game, one line each: source, date, players, the signed winner, the
    /// count with the confidence of its dead stones, and what the game was rated on.
    pub fn disputed_list(&self) -> String {
        let mut out = String::new();
        for (d, row) in self.disputed.iter().zip(self.disputed_rows()) {
            let _ = writeln!(
                out,
                "{}\tRE: {}\tcount: {} ({})\t{}",
                d.game.columns(),
                row.recorded,
                row.count,
                row.confidence,
                row.rated
            );
        }
        out
    }

    /// The disputed games as the columns of a table, in stream order.
    pub fn disputed_rows(&self) -> Vec<DisputedRow> {
        self.disputed
            .iter()
            .map(|d| DisputedRow {
                source: d.game.source.clone(),
                date: d.game.date.clone().unwrap_or_default(),
                black: d.game.black.clone().unwrap_or_else(|| "?".into()),
                white: d.game.white.clone().unwrap_or_else(|| "?".into()),
                recorded: winner_label(d.recorded),
                count: format!("{}+{}", winner_label(d.count.winner), d.count.margin),
                confidence: confidence_label(d),
                rated: match d.rated_on {
                    Some(w) if w == d.recorded => format!("rated on RE ({})", winner_label(w)),
                    Some(w) => format!("rated on the count ({})", winner_label(w)),
                    None => "not rated".to_string(),
                },
            })
            .collect()
    }
}

/// One disputed game in words, column by column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisputedRow {
    /// Source label `file#game`.
    pub source: String,
    /// Date as given (empty when none).
    pub date: String,
    /// Black's name (`?` when none).
    pub black: String,
    /// White's name.
    pub white: String,
    /// The signed winner: `B`, `W`, `draw`, `void`, `?`.
    pub recorded: &'static str,
    /// The count: `B+12.5`.
    pub count: String,
    /// How far its dead stones can be trusted.
    pub confidence: String,
    /// What the game was rated on.
    pub rated: String,
}
