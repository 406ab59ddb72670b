//! The page: a header with the key figures, then three sections — archive health, games to
//! look at, ladder — each readable without the others, and printable.

use super::Report;
use super::charts::{self, Axes, Bar, Series};
use super::concern::{Concern, Flagged};
use super::html::{Table, attr, count, text};
use crate::rating::EngineReport;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The page's style: plain, readable on paper, no web fonts.
const CSS: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1d1d1f;background:#f6f5f2;line-height:1.4}
header{background:#23313f;color:#fff;padding:18px 28px}
header h1{margin:0 0 4px;font-size:24px}
header p{margin:2px 0;color:#cfd8e0;font-size:13px}
nav a{color:#fff;margin-right:18px;font-weight:600}
main{padding:0 28px 40px;max-width:1400px}
section{margin-top:28px}
h2{border-bottom:2px solid #23313f;padding-bottom:4px}
.tiles{display:flex;flex-wrap:wrap;gap:10px;margin-top:18px}
.tile{color:inherit;text-decoration:none;background:#fff;border:1px solid #ddd;border-left:6px solid #7a8a99;padding:8px 14px;min-width:120px}
.tile .n{font-size:26px;font-weight:700;display:block}
.tile .l{font-size:12px;color:#555}
.tile.bad{border-left-color:#c0392b}.tile.warn{border-left-color:#e0a100}.tile.ok{border-left-color:#2e8b57}
.charts{display:flex;flex-wrap:wrap;gap:24px}
svg text{font-size:12px;fill:#222}
svg .chart-title{font-weight:700}
rect.bar{fill:#7a8a99}rect.bar.ok{fill:#2e8b57}rect.bar.warn{fill:#e0a100}rect.bar.bad{fill:#c0392b}
table{border-collapse:collapse;background:#fff;margin:8px 0;font-size:13px}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#eceae4}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.game{background:#fff;border:1px solid #ddd;margin:14px 0;padding:10px 14px;display:flex;flex-wrap:wrap;gap:18px}
.game .facts{flex:1 1 360px;min-width:300px}
.game h3{margin:0 0 6px;font-size:15px;word-break:break-all}
.board svg{width:100%;max-width:520px;height:auto}
.board{flex:0 1 520px;min-width:280px}
.tag{display:inline-block;font-size:11px;font-weight:700;padding:1px 6px;border-radius:3px;margin-right:4px;color:#fff;background:#7a8a99}
.tag.winner-differs{background:#c0392b}.tag.error{background:#6c3483}.tag.violation{background:#d35400}.tag.margin-differs{background:#b7950b}.tag.uncertain{background:#7f8c8d}
.note{color:#555;font-size:13px}
#filter{background:#fff;border:1px solid #ddd;padding:6px 12px;display:inline-block}
#filter label{margin-right:14px}
pre{background:#fff;border:1px solid #ddd;padding:8px;overflow-x:auto;font-size:12px}
.spark{vertical-align:middle}
@media print{header{background:#fff;color:#000}header p,nav a{color:#000}.game{break-inside:avoid}}
";

/// The filter: shows the games whose kinds include a ticked one. Without JavaScript every
/// game stays shown.
const SCRIPT: &str = "
(function(){
  var boxes=document.querySelectorAll('#filter input');
  function apply(){
    var on={};
    boxes.forEach(function(b){on[b.value]=b.checked;});
    document.querySelectorAll('[data-kinds]').forEach(function(e){
      e.hidden=!e.getAttribute('data-kinds').split(' ').some(function(k){return on[k];});
    });
  }
  boxes.forEach(function(b){b.addEventListener('change',apply);});
})();
";

/// Colours of the engines' lines, in the order the engines were asked.
const ENGINE_COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
];

/// Players whose curves of every engine are drawn side by side (the strongest).
const SIDE_BY_SIDE: usize = 12;

/// How many failed inputs are named on the page.
const NAMED_FAILURES: usize = 200;

impl Report {
    /// The whole page.
    pub fn html(&self) -> String {
        let mut s = String::with_capacity(1 << 16);
        s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        s.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        let _ = writeln!(
            s,
            "<title>echelle report: {} games</title>",
            count(self.summary.games)
        );
        let _ = writeln!(s, "<style>{CSS}</style>\n</head>\n<body>");
        self.header(&mut s);
        s.push_str("<main>\n");
        self.tiles(&mut s);
        self.health(&mut s);
        self.games(&mut s);
        self.ladder(&mut s);
        s.push_str("</main>\n");
        let _ = writeln!(s, "<script>{SCRIPT}</script>\n</body>\n</html>");
        s
    }

    fn header(&self, s: &mut String) {
        let o = &self.options;
        let _ = writeln!(
            s,
            "<header>\n<h1>Archive report</h1>\n<p>{} — echelle {}</p>\n<p>French rules, {} ko; dead stones: {}; engines: {}</p>",
            text(&self.inputs.join(", ")),
            env!("CARGO_PKG_VERSION"),
            text(o.batch.analyze.rules.ko.name()),
            text(
                &(match &o.batch.analyze.dead_stones {
                    crate::life::DeadStones::Method(m) => m.name().to_string(),
                    crate::life::DeadStones::Gtp(cmd) => format!("gtp:{cmd}"),
                } + &o
                    .batch
                    .analyze
                    .oracle
                    .as_ref()
                    .map(|cmd| format!(", oracle gtp:{cmd}"))
                    .unwrap_or_default())
            ),
            text(
                &self
                    .rating
                    .engines
                    .iter()
                    .map(|e| e.engine.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        );
        s.push_str("<nav><a href=\"#health\">Archive health</a><a href=\"#games\">Games to look at</a><a href=\"#ladder\">Ladder</a></nav>\n</header>\n");
    }

    /// The key figures, first thing on the page.
    fn tiles(&self, s: &mut String) {
        let sm = &self.summary;
        let by = self.by_concern();
        let errors = sm.games - sm.ok - sm.repaired + sm.file_errors;
        let tiles: [(&str, &str, u64, &str); 9] = [
            ("inputs", "SGF inputs", sm.files, ""),
            ("games", "games", sm.games, ""),
            ("ok", "games ok", sm.ok, "ok"),
            (
                "errors",
                "unreadable (games + files)",
                errors,
                if errors > 0 { "bad" } else { "ok" },
            ),
            (
                "violations",
                "games with illegal moves",
                sm.with_violations,
                if sm.with_violations > 0 { "warn" } else { "ok" },
            ),
            (
                "winner-differs",
                "winner differs from RE",
                by[0],
                if by[0] > 0 { "bad" } else { "ok" },
            ),
            (
                "margin-differs",
                "margin differs from RE",
                by[3],
                if by[3] > 0 { "warn" } else { "ok" },
            ),
            (
                "uncertain",
                "differs unless an uncertain group goes the other way",
                by[4],
                if by[4] > 0 { "warn" } else { "ok" },
            ),
            (
                "players",
                "players rated",
                self.rating
                    .engines
                    .first()
                    .map_or(0, |e| e.ladder.len() as u64),
                "",
            ),
        ];
        s.push_str("<div class=\"tiles\">\n");
        for (id, label, n, class) in tiles {
            // Each figure leads to where its games are named.
            let target = match id {
                "inputs" | "games" | "ok" => "health",
                "players" => "ladder",
                _ => "games",
            };
            let _ = writeln!(
                s,
                "<a class=\"tile {class}\" href=\"#{target}\"><span class=\"n\" id=\"stat-{id}\">{}</span><span class=\"l\">{}</span></a>",
                n,
                text(label)
            );
        }
        s.push_str("</div>\n");
    }

    /// Games to look at by their most serious concern, in [`Concern::ALL`]'s order.
    fn by_concern(&self) -> [u64; 5] {
        let mut n = [0u64; 5];
        for f in &self.flagged {
            for c in &f.concerns {
                if let Some(i) = Concern::ALL.iter().position(|k| k == c) {
                    n[i] += 1;
                }
            }
        }
        n
    }

    fn health(&self, s: &mut String) {
        s.push_str("<section id=\"health\">\n<h2>Archive health</h2>\n");
        self.health_counts(s);
        self.health_charts(s);
        self.verdict_table(s);
        self.skipped_and_failed(s);
        if let Some(r) = &self.reading.results {
            self.results_files(r, s);
        }
        s.push_str("</section>\n");
    }

    /// The batch's counts: inputs, games, repairs, failures, illegal moves.
    fn health_counts(&self, s: &mut String) {
        let sm = &self.summary;
        let skipped: u64 = sm.skipped.values().sum();
        let game_errors = self.game_errors();
        let mut t = Table::new("counts", &["", "count"]);
        let num = |n: u64, id: &str| format!("<span id=\"{id}\">{n}</span>");
        t.row(
            "",
            &["SGF inputs read".into(), num(sm.files, "health-inputs")],
        );
        t.row(
            "",
            &["other files skipped".into(), num(skipped, "health-skipped")],
        );
        t.row(
            "",
            &[
                "inputs that failed whole".into(),
                num(sm.file_errors, "health-failed-whole"),
            ],
        );
        t.row("", &["games found".into(), num(sm.games, "health-games")]);
        t.row("", &["games ok".into(), num(sm.ok, "health-ok")]);
        t.row(
            "",
            &["games repaired".into(), num(sm.repaired, "health-repaired")],
        );
        t.row(
            "",
            &[
                "games unreadable".into(),
                num(game_errors, "health-game-errors"),
            ],
        );
        t.row(
            "",
            &[
                "games with illegal moves".into(),
                num(sm.with_violations, "health-with-violations"),
            ],
        );
        t.row(
            "",
            &[
                "illegal moves".into(),
                num(sm.violations.values().sum(), "health-violations"),
            ],
        );
        s.push_str(&t.finish());
    }

    /// Games found that could not be read.
    fn game_errors(&self) -> u64 {
        let sm = &self.summary;
        sm.games - sm.ok - sm.repaired
    }

    /// Bars of the games' fates, the errors and illegal moves by kind, and the verdicts.
    fn health_charts(&self, s: &mut String) {
        let sm = &self.summary;
        let game_errors = self.game_errors();
        s.push_str("<div class=\"charts\">\n");
        let status = [
            Bar {
                label: "ok",
                value: sm.ok,
                class: "ok",
            },
            Bar {
                label: "repaired",
                value: sm.repaired,
                class: "warn",
            },
            Bar {
                label: "unreadable",
                value: game_errors,
                class: "bad",
            },
        ];
        s.extend(charts::bars("Games", &status));
        let errors: Vec<Bar> = sm
            .errors
            .iter()
            .map(|(k, n)| Bar {
                label: k,
                value: *n,
                class: "bad",
            })
            .collect();
        s.extend(charts::bars("Errors by kind (games and files)", &errors));
        let violations: Vec<Bar> = sm
            .violations
            .iter()
            .map(|(k, n)| Bar {
                label: k,
                value: *n,
                class: "warn",
            })
            .collect();
        s.extend(charts::bars(
            &format!(
                "Illegal moves by kind (in {} game{})",
                sm.with_violations,
                if sm.with_violations == 1 { "" } else { "s" }
            ),
            &violations,
        ));
        let verdict_bars: Vec<(String, u64, &str)> = sm
            .verdicts
            .iter()
            .map(|(row, n)| {
                let (v, conf) = split_verdict_row(row);
                let class = match v {
                    "match" => "ok",
                    "winner-differs" => "bad",
                    "margin-differs" | "uncertain" => "warn",
                    _ => "",
                };
                (format!("{v} ({conf})"), *n, class)
            })
            .collect();
        let vb: Vec<Bar> = verdict_bars
            .iter()
            .map(|(l, n, c)| Bar {
                label: l,
                value: *n,
                class: c,
            })
            .collect();
        s.extend(charts::bars("Verdicts against RE (dead stones)", &vb));
        s.push_str("</div>\n");
    }

    /// The verdict table, as `analyze` prints it.
    fn verdict_table(&self, s: &mut String) {
        let sm = &self.summary;
        let mut t = Table::new("verdicts", &["verdict vs RE", "dead stones", "games"]);
        for (row, n) in &sm.verdicts {
            let (v, conf) = split_verdict_row(row);
            t.row(
                &format!("data-verdict=\"{}\"", attr(v)),
                &[
                    text(v),
                    text(conf),
                    format!("<span class=\"num\">{n}</span>"),
                ],
            );
        }
        s.push_str("<h3>Verdicts by dead-stone confidence</h3>\n");
        s.push_str(&t.finish());
    }

    /// The files skipped, by reason, and the inputs and games that failed (capped).
    fn skipped_and_failed(&self, s: &mut String) {
        let sm = &self.summary;
        if !sm.skipped.is_empty() {
            s.push_str("<h3>Other files skipped</h3>\n");
            let mut t = Table::new("skipped", &["reason", "files", "for example"]);
            for (reason, n) in &sm.skipped {
                let ex = sm
                    .skipped_examples
                    .get(reason)
                    .map(|v| v.join(", "))
                    .unwrap_or_default();
                t.row("", &[text(reason), n.to_string(), text(&ex)]);
            }
            s.push_str(&t.finish());
        }
        let failures = &self.reading.failures;
        if !failures.is_empty() {
            let _ = writeln!(s, "<h3>Failed inputs and games ({})</h3>", failures.len());
            let mut t = Table::new("failures", &["input", "why"]);
            for f in failures.iter().take(NAMED_FAILURES) {
                t.row(
                    "",
                    &[
                        format!("<code>{}</code>", text(&f.source())),
                        text(&f.reason()),
                    ],
                );
            }
            s.push_str(&t.finish());
            if failures.len() > NAMED_FAILURES {
                let _ = writeln!(
                    s,
                    "<p class=\"note\">{} more not named here: <code>echelle analyze --only errors</code> lists them all.</p>",
                    failures.len() - NAMED_FAILURES
                );
            }
        }
    }

    /// The results files rated beside the records: counts, then every problem (capped).
    fn results_files(&self, r: &crate::rating::ResultsReading, s: &mut String) {
        let _ = writeln!(
            s,
            "<h3>Results files (.tou, .h9)</h3>\n<p id=\"results-files\">{} files: {} read, {} failed whole; {} games in them, {} not ratable; {} lines unreadable.</p>",
            r.files,
            r.files - r.failed_whole.len() as u64,
            r.failed_whole.len(),
            r.games,
            r.unratable_games.len(),
            r.line_errors.len()
        );
        let problems: Vec<(String, String)> = r
            .failed_whole
            .iter()
            .map(|(f, why)| (f.clone(), format!("failed whole: {why}")))
            .chain(r.line_errors.iter().cloned())
            .chain(r.unratable_games.iter().map(|l| match l.split_once(": ") {
                Some((f, why)) => (f.to_string(), why.to_string()),
                None => (String::new(), l.clone()),
            }))
            .collect();
        if problems.is_empty() {
            return;
        }
        let mut t = Table::new("results-problems", &["file", "problem"]);
        for (f, why) in problems.iter().take(NAMED_FAILURES) {
            t.row("", &[format!("<code>{}</code>", text(f)), text(why)]);
        }
        s.push_str(&t.finish());
        if problems.len() > NAMED_FAILURES {
            let _ = writeln!(
                s,
                "<p class=\"note\">{} more not named here: <code>echelle rate … --skipped FILE</code> lists them all.</p>",
                problems.len() - NAMED_FAILURES
            );
        }
    }

    fn games(&self, s: &mut String) {
        let by = self.by_concern();
        let _ = writeln!(
            s,
            "<section id=\"games\">\n<h2>Games to look at (<span id=\"games-total\">{}</span>)</h2>",
            self.flagged.len()
        );
        if self.flagged.is_empty() {
            s.push_str("<p>None: every game read matches its result and has no illegal move.</p>\n</section>\n");
            return;
        }
        s.push_str("<p class=\"note\">Most serious first: a winner that differs from RE, then unreadable records, illegal moves, margins that differ, and counts that differ only unless an uncertain group goes the other way (uncertain); within each, counts whose dead stones are sure before estimated ones. A game with several concerns is listed once, under the first.</p>\n");
        s.push_str("<div id=\"filter\">Show: ");
        for (i, c) in Concern::ALL.iter().enumerate() {
            let _ = write!(
                s,
                "<label><input type=\"checkbox\" value=\"{}\" checked> <span class=\"tag {}\">{}</span> <span id=\"count-{}\">{}</span></label>",
                c.name(),
                c.name(),
                text(c.title()),
                c.name(),
                by[i]
            );
        }
        s.push_str("</div>\n");
        let drawn = self.boards.len();
        let _ = writeln!(
            s,
            "<p class=\"note\">Boards for the first {drawn} games that can be drawn{}; the others follow as table rows. Dead stones are crossed, territory is a small square, seki stones are ringed in green, stones of a group near a coin toss in dashed orange, the last move in red. <code>echelle show FILE#GAME</code> draws any of them.</p>",
            if self.boards_left_out > 0 {
                format!(
                    " (at most {}: {} more left without a board)",
                    self.options.max_boards, self.boards_left_out
                )
            } else {
                String::new()
            }
        );
        let mut with_board = vec![false; self.flagged.len()];
        for (i, board) in &self.boards {
            if let Some(f) = self.flagged.get(*i) {
                with_board[*i] = true;
                card(s, f, board);
            }
        }
        let rest: Vec<&Flagged> = self
            .flagged
            .iter()
            .enumerate()
            .filter(|(i, _)| !with_board[*i])
            .map(|(_, f)| f)
            .collect();
        if !rest.is_empty() {
            let _ = writeln!(s, "<h3>Without a board ({})</h3>", rest.len());
            let mut t = Table::new(
                "rest",
                &[
                    "game",
                    "why",
                    "players",
                    "date",
                    "RE",
                    "French count",
                    "own rules",
                    "reason",
                ],
            );
            for f in rest.iter().take(self.options.max_rows) {
                t.row(
                    &format!("data-kinds=\"{}\"", kinds(f)),
                    &[
                        format!("<code>{}</code>", text(&f.reference())),
                        tags(f),
                        text(&f.players),
                        text(f.date.as_deref().unwrap_or("")),
                        text(f.recorded.as_deref().unwrap_or("")),
                        text(f.french.as_deref().unwrap_or("")),
                        text(f.recorded_rules.as_deref().unwrap_or("")),
                        text(&f.reasons.join(" ")),
                    ],
                );
            }
            s.push_str(&t.finish());
            if rest.len() > self.options.max_rows {
                let _ = writeln!(
                    s,
                    "<p class=\"note\">{} more rows left out: <code>echelle analyze --only problems</code> lists every one.</p>",
                    rest.len() - self.options.max_rows
                );
            }
        }
        s.push_str("</section>\n");
    }

    fn ladder(&self, s: &mut String) {
        let r = &self.rating;
        s.push_str("<section id=\"ladder\">\n<h2>Ladder</h2>\n");
        let (first, last) = (
            r.events
                .first()
                .and_then(|e| e.date.clone())
                .unwrap_or_default(),
            r.events
                .last()
                .and_then(|e| e.date.clone())
                .unwrap_or_default(),
        );
        let _ = writeln!(
            s,
            "<p class=\"note\">{} games in the rating stream, {} to {}; levels on the ladder scale (100 points a grade, 0 = the 1k/1d boundary). Each curve runs from the player's first rated game to the last.</p>",
            r.events.len(),
            text(&first),
            text(&last)
        );
        let ledgers = r.ledgers(&self.reading);
        let curves: Vec<HashMap<usize, Vec<(i64, f64)>>> =
            r.engines.iter().map(|er| self.curves(er)).collect();
        for ((k, er), ledger) in r.engines.iter().enumerate().zip(&ledgers) {
            let _ = writeln!(
                s,
                "<h3 id=\"engine-{}\">{}</h3>\n<pre>{}</pre>",
                er.engine.name(),
                text(er.engine.name()),
                text(&ledger.text(""))
            );
            s.push_str(&self.engine_table(er, &curves[k]));
        }
        if r.engines.len() > 1 {
            self.side_by_side(s, &curves);
        }
        self.disputed(s);
        if let Some(svg) = r.calibration_svg() {
            s.push_str("<h3>Calibration (second half of the stream)</h3>\n");
            s.push_str(&svg);
            let _ = writeln!(s, "<pre>{}</pre>", text(&r.evaluation_table()));
        }
        s.push_str("</section>\n");
    }

    /// Each player's level after every rated game, from the start level, by day.
    fn curves(&self, er: &EngineReport) -> HashMap<usize, Vec<(i64, f64)>> {
        let mut out: HashMap<usize, Vec<(i64, f64)>> = HashMap::new();
        for h in &er.history {
            let Some(e) = self.rating.events.get(h.event) else {
                continue;
            };
            let line = out.entry(h.player).or_default();
            if line.is_empty() {
                line.push((e.day, h.before));
            }
            line.push((e.day, h.after));
        }
        out
    }

    fn engine_table(&self, er: &EngineReport, curves: &HashMap<usize, Vec<(i64, f64)>>) -> String {
        let r = &self.rating;
        let ids: HashMap<&str, usize> = r
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.as_str(), i))
            .collect();
        // Wins and losses in the games this engine rated.
        let mut record: HashMap<usize, (u32, u32)> = HashMap::new();
        for h in &er.history {
            let Some(e) = r.events.get(h.event) else {
                continue;
            };
            let wl = record.entry(h.player).or_default();
            if h.black == e.black_won {
                wl.0 += 1;
            } else {
                wl.1 += 1;
            }
        }
        let native_heads: Vec<&str> = er
            .ladder
            .iter()
            .find_map(|row| row.native)
            .map(|n| n.figures().iter().map(|f| f.0).collect())
            .unwrap_or_default();
        let mut heads = vec!["#", "player", "level"];
        heads.extend(native_heads.iter().copied());
        heads.extend([
            "grade",
            "games",
            "won",
            "lost",
            "last game",
            "level over time",
        ]);
        let mut t = Table::new("ladder", &heads);
        for (i, row) in er.ladder.iter().enumerate() {
            let id = ids.get(row.name.as_str()).copied();
            let (w, l) = id.and_then(|p| record.get(&p)).copied().unwrap_or((0, 0));
            let mut cells = vec![
                row.position.to_string(),
                text(&row.name),
                fmt_level(row.level),
            ];
            if let Some(n) = row.native {
                cells.extend(n.figures().iter().map(|f| format!("{:.0}", f.2)));
            } else {
                cells.extend(native_heads.iter().map(|_| String::new()));
            }
            let curve = if i < self.options.max_curves {
                id.and_then(|p| curves.get(&p))
                    .and_then(|pts| {
                        charts::lines(
                            &[Series {
                                name: &row.name,
                                colour: "#1f4e79",
                                points: pts.clone(),
                            }],
                            160,
                            24,
                            None,
                        )
                    })
                    .unwrap_or_default()
            } else {
                String::new()
            };
            cells.extend([
                text(&row.grade),
                row.games.to_string(),
                w.to_string(),
                l.to_string(),
                text(row.last.as_deref().unwrap_or("")),
                curve,
            ]);
            t.row("", &cells);
        }
        let mut out = t.finish();
        if er.ladder.len() > self.options.max_curves {
            let _ = writeln!(
                out,
                "<p class=\"note\">Curves for the first {} players only.</p>",
                self.options.max_curves
            );
        }
        out
    }

    /// The strongest players of the first engine, each with every engine's curve on one plot.
    fn side_by_side(&self, s: &mut String, curves: &[HashMap<usize, Vec<(i64, f64)>>]) {
        let r = &self.rating;
        let Some(lead) = r.engines.first() else {
            return;
        };
        let ids: HashMap<&str, usize> = r
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.as_str(), i))
            .collect();
        // The date of each day of the stream (undated games have none).
        let mut dates: HashMap<i64, &str> = HashMap::new();
        for e in &r.events {
            if let Some(d) = &e.date {
                dates.entry(e.day).or_insert(d.as_str());
            }
        }
        let _ = writeln!(
            s,
            "<h3>Engines side by side</h3>\n<p class=\"note\">The {} strongest players of {}, every engine's curve on one plot.</p>\n<div class=\"charts\">",
            SIDE_BY_SIDE.min(lead.ladder.len()),
            text(lead.engine.name())
        );
        for row in lead.ladder.iter().take(SIDE_BY_SIDE) {
            let Some(&id) = ids.get(row.name.as_str()) else {
                continue;
            };
            let series: Vec<Series> = r
                .engines
                .iter()
                .zip(curves)
                .enumerate()
                .filter_map(|(k, (er, c))| {
                    c.get(&id).map(|pts| Series {
                        name: er.engine.name(),
                        colour: ENGINE_COLOURS[k % ENGINE_COLOURS.len()],
                        points: pts.clone(),
                    })
                })
                .collect();
            // The plot spans this player's own days: its labels are their dates.
            let days = series.iter().flat_map(|l| l.points.iter().map(|p| p.0));
            let (from, to) = (
                days.clone().min().and_then(|d| dates.get(&d).copied()),
                days.max().and_then(|d| dates.get(&d).copied()),
            );
            let axes = Axes {
                from: from.unwrap_or(""),
                to: to.unwrap_or(""),
            };
            if let Some(svg) = charts::lines(&series, 420, 160, Some(&axes)) {
                let _ = writeln!(
                    s,
                    "<figure><figcaption>{}</figcaption>{svg}</figure>",
                    text(&row.name)
                );
            }
        }
        s.push_str("</div>\n");
    }

    fn disputed(&self, s: &mut String) {
        let rows = self.rating.disputed_rows();
        let _ = writeln!(s, "<h3>Disputed games ({})</h3>", rows.len());
        if rows.is_empty() {
            s.push_str("<p class=\"note\">None: wherever echelle counted a game, its count names the winner RE names.</p>\n");
            return;
        }
        s.push_str("<p class=\"note\">Finished games whose count names another winner than the result the players signed. The officer decides them.</p>\n");
        let mut t = Table::new(
            "disputed",
            &[
                "game",
                "date",
                "black",
                "white",
                "RE",
                "count",
                "dead stones",
                "rated on",
            ],
        );
        for d in rows {
            t.row(
                "",
                &[
                    format!("<code>{}</code>", text(&d.source)),
                    text(&d.date),
                    text(&d.black),
                    text(&d.white),
                    text(d.recorded),
                    text(&d.count),
                    text(&d.confidence),
                    text(&d.rated),
                ],
            );
        }
        s.push_str(&t.finish());
    }
}

/// A game to look at with its board.
fn card(s: &mut String, f: &Flagged, board: &Result<String, super::NoBoard>) {
    let _ = writeln!(
        s,
        "<article class=\"game\" data-kinds=\"{}\">\n<div class=\"facts\"><h3><code>{}</code></h3><p>{}</p>",
        kinds(f),
        text(&f.reference()),
        tags(f)
    );
    let mut t = Table::new("facts", &[]);
    let mut fact = |k: &str, v: Option<&str>| {
        if let Some(v) = v.filter(|v| !v.is_empty()) {
            t.row("", &[text(k), text(v)]);
        }
    };
    fact("players", Some(&f.players));
    fact("date", f.date.as_deref());
    fact("recorded result (RE)", f.recorded.as_deref());
    fact("French count", f.french.as_deref());
    fact("count under its own rules", f.recorded_rules.as_deref());
    s.push_str(&t.finish());
    for r in &f.reasons {
        let _ = writeln!(s, "<p>{}</p>", text(r));
    }
    s.push_str("</div>\n<div class=\"board\">");
    match board {
        Ok(svg) => s.push_str(svg),
        Err(e) => {
            let _ = write!(s, "<p class=\"note\">{}</p>", text(&e.to_string()));
        }
    }
    s.push_str("</div>\n</article>\n");
}

/// The concern names of a game, space-separated, for the filter.
fn kinds(f: &Flagged) -> String {
    f.concerns
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The concern tags of a game.
fn tags(f: &Flagged) -> String {
    f.concerns
        .iter()
        .map(|c| {
            format!(
                "<span class=\"tag {}\">{}</span>",
                c.name(),
                text(c.title())
            )
        })
        .collect()
}

/// A row of the summary's verdict table (`margin-differs    estimated, unsure`) split into
/// its verdict and its dead-stone confidence.
fn split_verdict_row(row: &str) -> (&str, &str) {
    match row.split_once(' ') {
        Some((v, c)) => (v, c.trim()),
        None => (row, ""),
    }
}

/// Integral levels without decimals, others with one (as the rate table writes them).
fn fmt_level(l: f64) -> String {
    if (l - l.round()).abs() < 1e-9 {
        format!("{l:.0}")
    } else {
        format!("{l:.1}")
    }
}
