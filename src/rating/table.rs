//! Rendering of a [`RateReport`]: ladder as table/CSV/JSON, JSON lines, summaries.

use super::account::{Ledger, Reading};
use super::report::Native;
use super::{EngineReport, Event, Format, HistoryEntry, Prediction, RateReport};
use serde_json::{Map, Value, json};
use std::fmt::Write;

/// Integral levels print without decimals, others with one.
fn fmt_level(l: f64) -> String {
    if (l - l.round()).abs() < 1e-9 {
        format!("{:.0}", l)
    } else {
        format!("{:.1}", l)
    }
}

/// Rounds for JSON so that float noise does not reach the output.
fn r(x: f64, digits: i32) -> Value {
    let m = 10f64.powi(digits);
    let v = (x * m).round() / m;
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Columns a string takes in a terminal (CJK characters take two).
fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

fn pad(s: &str, w: usize) -> String {
    let n = width(s);
    format!("{s}{}", " ".repeat(w.saturating_sub(n)))
}

fn params_map(params: &[(String, f64)]) -> Value {
    let mut m = Map::new();
    for (k, v) in params {
        m.insert(k.clone(), r(*v, 4));
    }
    Value::Object(m)
}

impl RateReport {
    /// The ladders in the chosen format; a table and JSON account for every game read
    /// (CSV keeps to the ladder: see [`RateReport::ledgers_text`]).
    pub fn render(&self, format: Format, reading: &Reading) -> String {
        match format {
            Format::Table => self.ladder_table(reading) + &self.identity_text(),
            Format::Csv => self.ladder_csv(),
            Format::Json => self.ladder_json(reading),
            // Its bytes are ISO-8859-1 (`ffg_list`); this is the same list as text, or why
            // it cannot be written.
            Format::Ffg => match self.ffg_list(None) {
                Ok(bytes) => bytes.iter().map(|&b| char::from(b)).collect(),
                Err(e) => format!("{e}\n"),
            },
        }
    }

    /// One aligned table per engine, its ledger above it (where every game read went): position,
    /// name, level (and the engine's own figures: GoR, Glicko rating and deviation), grade,
    /// games, last game.
    pub fn ladder_table(&self, reading: &Reading) -> String {
        let mut out = String::new();
        for (er, ledger) in self.engines.iter().zip(self.ledgers(reading)) {
            let _ = writeln!(out, "== {} ==", er.engine.name());
            out.push_str(&ledger.text("  "));
            out.push('\n');
            out.push_str(&engine_table(er));
            out.push('\n');
        }
        out
    }

    /// How the players were matched to the federation's list, and results files' players
    /// to the records' (empty when neither happened).
    pub fn identity_text(&self) -> String {
        self.identity.as_ref().map(|i| i.text()).unwrap_or_default() + &self.sources.text()
    }

    /// Every engine's ledger, headed by the engine's name (for standard error, beside a CSV
    /// ladder).
    pub fn ledgers_text(&self, reading: &Reading) -> String {
        let mut out = String::new();
        for ledger in self.ledgers(reading) {
            let _ = writeln!(out, "{}:", ledger.engine.name());
            out.push_str(&ledger.text("  "));
        }
        out
    }

    /// CSV: `engine,position,name,level,grade,games,last_game`.
    pub fn ladder_csv(&self) -> String {
        let mut out = String::from("engine,position,name,level,grade,games,last_game\n");
        for er in &self.engines {
            for x in &er.ladder {
                let cells = [
                    er.engine.name().to_string(),
                    x.position.to_string(),
                    csv_field(&x.name),
                    fmt_level(x.level),
                    x.grade.clone(),
                    x.games.to_string(),
                    x.last.clone().unwrap_or_default(),
                ];
                out.push_str(&cells.join(","));
                out.push('\n');
            }
        }
        out
    }

    /// JSON: `{"reading": {...}, "engines": [{"engine", "params", "accounting", "rated",
    /// "ladder": [...]}]}`.
    pub fn ladder_json(&self, reading: &Reading) -> String {
        let engines: Vec<Value> = self
            .engines
            .iter()
            .zip(self.ledgers(reading))
            .map(|(er, ledger)| engine_json(er, &ledger))
            .collect();
        let disputed: Vec<Value> = self
            .disputed
            .iter()
            .map(|d| {
                json!({
                    "source": d.game.source,
                    "recorded": d.recorded,
                    "count": { "winner": d.count.winner, "margin": d.count.margin,
                               "confidence": d.count.confidence, "unsure": d.count.unsure },
                    "rated_on": d.rated_on,
                })
            })
            .collect();
        let mut v =
            json!({ "reading": reading.to_json(), "engines": engines, "disputed": disputed });
        // Only a run against the federation's list has an identity report.
        if let (Some(i), Some(m)) = (&self.identity, v.as_object_mut()) {
            m.insert(
                "identity".into(),
                serde_json::to_value(i).unwrap_or(Value::Null),
            );
        }
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    }

    /// One JSON line per rated game and player.
    pub fn history_jsonl(&self) -> String {
        self.json_lines(
            |er| &er.history,
            |er, h, e| {
                json!({
                    "engine": er.engine.name(),
                    "date": e.date,
                    "source": e.source,
                    "player": self.players[h.player].name,
                    "color": if h.black { "B" } else { "W" },
                    "opponent": self.players[h.opponent].name,
                    "won": h.black == e.black_won,
                    "before": r(h.before, 3),
                    "after": r(h.after, 3),
                    "change": r(h.after - h.before, 3),
                })
            },
        )
    }

    /// One JSON line per game and engine: date, black, white, handicap, engine, p_black, black_won.
    pub fn predictions_jsonl(&self) -> String {
        self.json_lines(
            |er| &er.predictions,
            |er, p, e| {
                json!({
                    "date": e.date,
                    "black": self.players[e.black].name,
                    "white": self.players[e.white].name,
                    "handicap": e.handicap,
                    "engine": er.engine.name(),
                    "p_black": r(p.p_black, 6),
                    "black_won": e.black_won,
                })
            },
        )
    }

    /// One JSON line per item of every engine, engine by engine; `line` gets the item's event.
    fn json_lines<T: OfEvent>(
        &self,
        items: impl Fn(&EngineReport) -> &[T],
        line: impl Fn(&EngineReport, &T, &Event) -> Value,
    ) -> String {
        let mut out = String::new();
        for er in &self.engines {
            for x in items(er) {
                let _ = writeln!(out, "{}", line(er, x, &self.events[x.event()]));
            }
        }
        out
    }

    /// Prediction rate and log-loss of every engine in one table, then calibration tables.
    pub fn evaluation_table(&self) -> String {
        let mut out = String::new();
        if self.evaluation.is_empty() {
            return out;
        }
        let half = self.events.len() / 2;
        let _ = writeln!(
            out,
            "Evaluation: predict, then update; {} games, second half from game {} (parameters fitted on the first half)",
            self.events.len(),
            half + 1
        );
        let _ = writeln!(
            out,
            "{:<8}  {:<8}  {:<6}  {:>7}  {:>7}  {:>8}",
            "engine", "slice", "half", "games", "rate", "log-loss"
        );
        for ev in &self.evaluation {
            for f in &ev.figures {
                let _ = writeln!(
                    out,
                    "{:<8}  {:<8}  {:<6}  {:>7}  {:>6.2}%  {:>8.4}",
                    ev.engine.name(),
                    f.slice.name(),
                    f.half.name(),
                    f.n,
                    100.0 * f.rate,
                    f.log_loss
                );
            }
        }
        for ev in &self.evaluation {
            let ps: Vec<String> = ev
                .params
                .iter()
                .map(|(k, v)| format!("{k}={}", fmt_num(*v)))
                .collect();
            let _ = writeln!(
                out,
                "\n{} parameters: {}",
                ev.engine.name(),
                if ps.is_empty() {
                    "none".into()
                } else {
                    ps.join(" ")
                }
            );
            for f in &ev.figures {
                let _ = writeln!(
                    out,
                    "  calibration ({}, {} stream), by predicted probability that Black wins:",
                    f.slice.name(),
                    f.half.name()
                );
                let _ = writeln!(
                    out,
                    "  {:<10}  {:>7}  {:>9}  {:>9}",
                    "predicted", "games", "mean", "black won"
                );
                for b in f.calibration.iter().filter(|b| b.n > 0) {
                    let range = format!("{:.1}-{:.1}", b.lo.unwrap_or(0.0), b.hi.unwrap_or(1.0));
                    // A bin large enough to judge (300 games) and off by more than 0.03.
                    let off = if b.n >= 300 && (b.mean_p - b.black_won).abs() > 0.03 {
                        "  *"
                    } else {
                        ""
                    };
                    let _ = writeln!(
                        out,
                        "  {:<10}  {:>7}  {:>9.3}  {:>9.3}{off}",
                        range, b.n, b.mean_p, b.black_won
                    );
                }
            }
        }
        out
    }

    /// Every skipped game, one line each: source, date, players, reason, engine.
    pub fn skipped_list(&self) -> String {
        let mut out = String::new();
        for s in &self.skipped {
            let _ = writeln!(
                out,
                "{}\t{}{}",
                s.game.columns(),
                s.reason.label(),
                s.engine.map(|e| format!(" [{e}]")).unwrap_or_default()
            );
        }
        out
    }
}

/// A per-game item of an engine's report (history entry, prediction).
trait OfEvent {
    /// Index of its game in the rated stream.
    fn event(&self) -> usize;
}

impl OfEvent for HistoryEntry {
    fn event(&self) -> usize {
        self.event
    }
}

impl OfEvent for Prediction {
    fn event(&self) -> usize {
        self.event
    }
}

fn fmt_num(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{:.0}", v)
    } else {
        format!("{:.3}", v)
    }
}

/// One engine's ladder as an aligned table: numbers right-aligned, text left-aligned.
fn engine_table(er: &EngineReport) -> String {
    // Every row of an engine has the same kind of figures; the first row names the columns.
    let native_heads: Vec<&str> = er
        .ladder
        .first()
        .and_then(|x| x.native)
        .map(|n| n.figures().into_iter().map(|f| f.0).collect())
        .unwrap_or_default();
    let mut head: Vec<(&str, bool)> = vec![("#", true), ("name", false), ("level", true)];
    head.extend(native_heads.iter().map(|h| (*h, true)));
    head.extend([("grade", false), ("games", true), ("last game", false)]);
    let rows: Vec<Vec<String>> = er
        .ladder
        .iter()
        .map(|x| {
            let mut row = vec![
                x.position.to_string(),
                x.name.clone(),
                format!("{:.0}", x.level),
            ];
            let figures = x.native.map(Native::figures).unwrap_or_default();
            row.extend(figures.iter().map(|f| format!("{:.0}", f.2)));
            row.extend([
                x.grade.clone(),
                x.games.to_string(),
                x.last.clone().unwrap_or_else(|| "-".into()),
            ]);
            row
        })
        .collect();
    let mut w: Vec<usize> = head.iter().map(|h| width(h.0)).collect();
    for row in &rows {
        for (i, c) in row.iter().enumerate() {
            if let Some(wi) = w.get_mut(i) {
                *wi = (*wi).max(width(c));
            }
        }
    }
    let line = |cells: Vec<&str>| {
        let mut s = String::new();
        for ((c, (_, right)), wi) in cells.iter().zip(&head).zip(&w) {
            if *right {
                let _ = write!(s, "{}{c}  ", " ".repeat(wi.saturating_sub(width(c))));
            } else {
                let _ = write!(s, "{}  ", pad(c, *wi));
            }
        }
        s.trim_end().to_string()
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", line(head.iter().map(|h| h.0).collect()));
    for row in &rows {
        let _ = writeln!(out, "{}", line(row.iter().map(String::as_str).collect()));
    }
    out
}

fn engine_json(er: &EngineReport, ledger: &Ledger) -> Value {
    let rows: Vec<Value> = er
        .ladder
        .iter()
        .map(|x| {
            let mut row = json!({
                "position": x.position,
                "name": x.name,
                "level": r(x.level, 1),
                "grade": x.grade,
                "games": x.games,
                "last_game": x.last,
            });
            if let Some(m) = row.as_object_mut() {
                for (_, key, v) in x.native.map(Native::figures).unwrap_or_default() {
                    m.insert(key.into(), r(v, 1));
                }
            }
            row
        })
        .collect();
    json!({
        "engine": er.engine.name(),
        "params": params_map(&er.params),
        "accounting": ledger.to_json(),
        "rated": er.rated,
        "ladder": rows,
    })
}
