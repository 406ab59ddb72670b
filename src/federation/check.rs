//! A results file against the SGF records of the same tournament: the director's checklist
//! before sending the file — every game where the two disagree (winner, colour, handicap),
//! every game in one and not the other, every game whose count names the other winner than
//! the signed result (`winner-differs`), and what the file itself cannot rate.
//!
//! Games are matched by round and by their two players, names compared with order, case,
//! accents and `_` folded away (`MARCHAND Élodie` is `Elodie Marchand`). This is a local
//! folding, not the ladder's identity matching: a player spelt two ways is a game "only in"
//! each side, which the list then shows.

use super::table::{ResultsTable, TableGame};
use super::tournament::rounds_of;
use crate::rating::GameInput;
use crate::record::Winner;
use std::fmt::Write;

/// One line of the checklist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The file and the record name other winners.
    WinnerDiffers {
        /// The game.
        game: String,
        /// The winner by the file.
        file: String,
        /// The winner by the record.
        records: String,
        /// The record.
        source: String,
    },
    /// The file gives Black to the other player.
    ColourDiffers {
        /// The game.
        game: String,
        /// Black by the file.
        file: String,
        /// Black by the record.
        records: String,
        /// The record.
        source: String,
    },
    /// The handicaps differ (as the formats write it: 1 is an even game without komi).
    HandicapDiffers {
        /// The game.
        game: String,
        /// By the file.
        file: u8,
        /// By the record.
        records: u8,
        /// The record.
        source: String,
    },
    /// A game of the file no record holds.
    OnlyInFile {
        /// The game.
        game: String,
    },
    /// A record the file does not hold.
    OnlyInRecords {
        /// The game.
        game: String,
        /// The record.
        source: String,
    },
    /// echelle's count names the other winner than the record's `RE`.
    CountDisputes {
        /// The game.
        game: String,
        /// The record.
        source: String,
    },
    /// echelle's count differs from `RE`, but an uncertain group decided the other way would
    /// give `RE` (`uncertain`): a note, not a disagreement.
    CountUncertain {
        /// The game.
        game: String,
        /// The record.
        source: String,
    },
    /// A game the file itself cannot rate (its two cells disagree), or a line it cannot read.
    FileProblem(String),
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::WinnerDiffers {
                game,
                file,
                records,
                source,
            } => write!(
                f,
                "{game}: winner differs: the file says {file}, the record {records} ({source})"
            ),
            Finding::ColourDiffers {
                game,
                file,
                records,
                source,
            } => write!(
                f,
                "{game}: colour differs: Black is {file} in the file, {records} in the record ({source})"
            ),
            Finding::HandicapDiffers {
                game,
                file,
                records,
                source,
            } => write!(
                f,
                "{game}: handicap differs: {file} in the file, {records} in the record ({source})"
            ),
            Finding::OnlyInFile { game } => write!(f, "{game}: only in the results file"),
            Finding::OnlyInRecords { game, source } => {
                write!(f, "{game}: only in the records ({source})")
            }
            Finding::CountDisputes { game, source } => write!(
                f,
                "{game}: the count names the other winner than RE (winner-differs) ({source})"
            ),
            Finding::CountUncertain { game, source } => write!(
                f,
                "note: {game}: the count differs from RE only if an uncertain group is decided as echelle guessed (uncertain) ({source})"
            ),
            Finding::FileProblem(p) => write!(f, "{p}"),
        }
    }
}

/// The checklist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Games in the file.
    pub file_games: usize,
    /// Games in the records.
    pub record_games: usize,
    /// Games found on both sides.
    pub matched: usize,
    /// Every finding, file problems first, then by round.
    pub findings: Vec<Finding>,
    /// Notes that are no disagreement (`uncertain` counts), by round: printed, not to check.
    pub notes: Vec<Finding>,
}

impl CheckReport {
    /// The checklist as text: one line per finding, then a summary line.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for f in self.findings.iter().chain(&self.notes) {
            let _ = writeln!(out, "{f}");
        }
        let _ = write!(
            out,
            "{} games in the results file, {} in the records, {} on both sides; {} to check",
            self.file_games,
            self.record_games,
            self.matched,
            self.findings.len()
        );
        let _ = if self.notes.is_empty() {
            writeln!(out)
        } else {
            let n = self.notes.len();
            let counts = if n == 1 { "count" } else { "counts" };
            writeln!(out, "; {n} uncertain {counts} noted")
        };
        out
    }
}

/// A name folded for matching: lower case, accents and `_` away, words sorted.
pub fn match_key(name: &str) -> String {
    let plain: String = name
        .chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            '_' | '-' => ' ',
            c => c,
        })
        .collect();
    let mut words: Vec<&str> = plain.split_whitespace().collect();
    words.sort_unstable();
    words.join(" ")
}

/// The handicap as the formats write it: 1 for an even game without komi.
fn written_handicap(g: &GameInput) -> u8 {
    let h = u8::try_from(g.handicap).unwrap_or(u8::MAX);
    match (h, g.komi) {
        (0, Some(k)) if k.abs() <= 0.5 => 1,
        _ => h,
    }
}

/// The winner's name of a game, or `None` for a jigo or no result.
fn winner_name(winner: Winner, black: &str, white: &str) -> Option<String> {
    match winner {
        Winner::Black => Some(black.to_string()),
        Winner::White => Some(white.to_string()),
        _ => None,
    }
}

/// Checks a results file against the games of the records.
pub fn check(table: &ResultsTable, records: &[GameInput]) -> CheckReport {
    let mut findings: Vec<Finding> = Vec::new();
    for line in table.report().lines() {
        findings.push(Finding::FileProblem(line.to_string()));
    }
    let mut ignored = Vec::new();
    let rounds = rounds_of(records, &mut ignored);
    let name = |row: usize| {
        table
            .player(row)
            .map_or_else(String::new, |p| p.identity.name.clone())
    };
    let mut used = vec![false; records.len()];
    let mut matched = 0;
    let mut by_round: Vec<(u32, Finding)> = Vec::new();
    let pair_key = |a: &str, b: &str| {
        let (x, y) = (match_key(a), match_key(b));
        if x <= y { (x, y) } else { (y, x) }
    };
    for g in &table.games {
        let key = pair_key(&name(g.first), &name(g.second));
        let found = records.iter().enumerate().position(|(i, r)| {
            !used[i]
                && rounds[i].is_none_or(|rr| rr == g.round)
                && pair_key(
                    r.black.as_deref().unwrap_or(""),
                    r.white.as_deref().unwrap_or(""),
                ) == key
        });
        let label = format!(
            "round {}: {} - {}",
            g.round,
            name(g.colours().map_or(g.first, |c| c.0)),
            name(g.colours().map_or(g.second, |c| c.1))
        );
        let Some(i) = found else {
            by_round.push((g.round, Finding::OnlyInFile { game: label }));
            continue;
        };
        used[i] = true;
        matched += 1;
        compare(table, g, &records[i], &label, &mut by_round);
    }
    for (i, r) in records.iter().enumerate() {
        if used[i] || forfeit_without_game(table, r, rounds[i]) {
            continue;
        }
        let game = format!(
            "round {}: {} - {}",
            rounds[i].map_or("?".to_string(), |r| r.to_string()),
            r.black.as_deref().unwrap_or("?"),
            r.white.as_deref().unwrap_or("?")
        );
        by_round.push((
            rounds[i].unwrap_or(u32::MAX),
            Finding::OnlyInRecords {
                game: game.clone(),
                source: r.source(),
            },
        ));
        if let Some(f) = count_finding(r, &game) {
            by_round.push((rounds[i].unwrap_or(u32::MAX), f));
        }
    }
    by_round.sort_by_key(|(r, _)| *r);
    let (notes, rest): (Vec<Finding>, Vec<Finding>) = by_round
        .into_iter()
        .map(|(_, f)| f)
        .partition(|f| matches!(f, Finding::CountUncertain { .. }));
    findings.extend(rest);
    CheckReport {
        file_games: table.games.len(),
        record_games: records.len(),
        matched,
        findings,
        notes,
    }
}

/// Whether a record won by forfeit is in the file as the `.tou` writes one: no game, `0+`
/// for the winner and `0-` for the loser in that round.
fn forfeit_without_game(table: &ResultsTable, r: &GameInput, round: Option<u32>) -> bool {
    use super::cell::{Cell, Outcome};
    if r.kind != Some(crate::record::ResultKind::Forfeit) {
        return false;
    }
    let Some(column) = round.and_then(|n| table.rounds.iter().position(|x| *x == n)) else {
        return false;
    };
    let cell = |name: Option<&str>| {
        let key = match_key(name.unwrap_or(""));
        table
            .players
            .iter()
            .find(|p| match_key(&p.identity.name) == key)
            .and_then(|p| p.cells.get(column).copied().flatten())
    };
    let (b, w) = (cell(r.black.as_deref()), cell(r.white.as_deref()));
    let (win, loss) = (
        Some(Cell::NoGame(Outcome::Win)),
        Some(Cell::NoGame(Outcome::Loss)),
    );
    match r.winner {
        Winner::Black => b == win && w == loss,
        Winner::White => w == win && b == loss,
        _ => false,
    }
}

/// The findings of one game found on both sides.
fn compare(
    table: &ResultsTable,
    g: &TableGame,
    r: &GameInput,
    label: &str,
    out: &mut Vec<(u32, Finding)>,
) {
    let name = |row: usize| {
        table
            .player(row)
            .map_or_else(String::new, |p| p.identity.name.clone())
    };
    let source = r.source();
    let (rb, rw) = (
        r.black.clone().unwrap_or_default(),
        r.white.clone().unwrap_or_default(),
    );
    if let Some((b, w)) = g.colours() {
        let (fb, fw) = (name(b), name(w));
        if match_key(&fb) != match_key(&rb) {
            out.push((
                g.round,
                Finding::ColourDiffers {
                    game: label.to_string(),
                    file: fb.clone(),
                    records: rb.clone(),
                    source: source.clone(),
                },
            ));
        }
        if g.symmetry.ratable() {
            let file = winner_name(g.winner(), &fb, &fw);
            let rec = winner_name(r.winner, &rb, &rw);
            let same = file.as_deref().map(match_key) == rec.as_deref().map(match_key)
                && (file.is_some() || g.winner() == r.winner);
            if !same {
                let say = |w: Option<String>, winner: Winner| {
                    w.unwrap_or_else(|| match winner {
                        Winner::Draw => "jigo".to_string(),
                        _ => "no winner".to_string(),
                    })
                };
                out.push((
                    g.round,
                    Finding::WinnerDiffers {
                        game: label.to_string(),
                        file: say(file, g.winner()),
                        records: say(rec, r.winner),
                        source: source.clone(),
                    },
                ));
            }
        }
    }
    let (fh, rh) = (g.handicap(), written_handicap(r));
    if fh != rh {
        out.push((
            g.round,
            Finding::HandicapDiffers {
                game: label.to_string(),
                file: fh,
                records: rh,
                source: source.clone(),
            },
        ));
    }
    if let Some(f) = count_finding(r, label) {
        out.push((g.round, f));
    }
}

/// What the count says against the record's own `RE`: a dispute, an uncertain count, or
/// nothing.
fn count_finding(r: &GameInput, game: &str) -> Option<Finding> {
    let c = r.count.as_ref()?;
    if c.disputes() {
        Some(Finding::CountDisputes {
            game: game.to_string(),
            source: r.source(),
        })
    } else if c.verdict == crate::scoring::Verdict::Uncertain {
        Some(Finding::CountUncertain {
            game: game.to_string(),
            source: r.source(),
        })
    } else {
        None
    }
}
