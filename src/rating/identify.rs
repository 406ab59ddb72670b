//! Identity across sources: the players of the records against the rows of the federation's
//! ladder list.
//!
//! A list says `MARCHAND Élodie` (surname first, in capitals, `_` for the blanks inside a
//! part); a record says `Elodie Marchand`. A player is matched to a row:
//! 1. by licence, where the alias file gives the player one and exactly one row holds it;
//! 2. else by name, on [`match_key`] (case, accents, `_`/`-` and the order of the parts
//!    folded), where exactly one row has that key.
//!
//! Nothing is decided silently: every match that needed folding is listed with the folds it
//! needed, and so is every near miss left unmatched — the same name on several rows, the same
//! name under another licence, a name one edit away from a row's. A player not matched is
//! rated from the records alone and is a new row in the list written.

use super::events::{Identity, fold_name, match_key, plain_name};
use crate::federation::{LadderList, TextEncoding};
use serde::Serialize;
use std::collections::BTreeMap;

/// One difference between a record's spelling and the list's that a match folded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fold {
    /// Surname and first name in the other order.
    Order,
    /// Upper and lower case.
    Case,
    /// Accents (`Élodie` / `Elodie`).
    Accents,
    /// `-` against a blank (`Jean-Michel` / `Jean Michel`).
    Hyphens,
    /// The names differ beyond folding: the licence decided.
    Name,
}

impl Fold {
    /// Its name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Fold::Order => "order",
            Fold::Case => "case",
            Fold::Accents => "accents",
            Fold::Hyphens => "hyphens",
            Fold::Name => "name",
        }
    }
}

/// What a match rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MatchedBy {
    /// The licence number (the alias file's, and the row's).
    Licence,
    /// The folded name.
    Name,
}

/// A row of the list, as a report names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowRef {
    /// Its line in the list (from 1).
    pub line: usize,
    /// The name as the list writes it.
    pub name: String,
    /// Its licence, if any.
    pub licence: Option<String>,
}

/// A record's player matched to a row after folding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FoldedMatch {
    /// The player's spelling (the alias file's canonical name, else the first seen).
    pub spelling: String,
    /// The row.
    pub row: RowRef,
    /// What the match rests on.
    pub by: MatchedBy,
    /// What was folded.
    pub folds: Vec<Fold>,
}

/// Why a close row was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissKind {
    /// The same folded name, under another licence than the player's.
    OtherLicence,
    /// The same folded name on several rows, and no licence to choose.
    Homonyms,
    /// A name one edit (a letter added, dropped or changed) from the player's.
    OneEdit,
}

impl MissKind {
    /// What a person reads.
    pub fn label(self) -> &'static str {
        match self {
            MissKind::OtherLicence => "same name, another licence",
            MissKind::Homonyms => "same name on several rows",
            MissKind::OneEdit => "one edit apart",
        }
    }
}

/// A record's player left unmatched beside rows that nearly matched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NearMiss {
    /// The player's spelling.
    pub spelling: String,
    /// The player's licence (alias file), if any.
    pub licence: Option<String>,
    /// Why the rows were not taken.
    pub kind: MissKind,
    /// The rows (at most [`MAX_CANDIDATES`]).
    pub rows: Vec<RowRef>,
}

/// The most rows a near miss lists.
pub const MAX_CANDIDATES: usize = 5;

/// Everything the matching did, for the rate report.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct IdentityReport {
    /// Rows in the list.
    pub list_rows: usize,
    /// How the list's bytes were read.
    pub encoding: Option<TextEncoding>,
    /// Players matched with their spelling as the list writes it (`_` read as a blank).
    pub matched_as_written: usize,
    /// Players matched after folding, or by licence.
    pub folded: Vec<FoldedMatch>,
    /// Players left unmatched beside a close row.
    pub near_misses: Vec<NearMiss>,
    /// Players matched to no row (new in the list), near misses included.
    pub not_in_list: usize,
    /// Lines whose names hold a sign a Latin-9 file would have meant as a letter.
    pub latin9_ambiguous_lines: Vec<usize>,
}

impl RowRef {
    /// `NAME First (line N, licence L)`.
    fn text(&self) -> String {
        match &self.licence {
            Some(l) => format!("{} (line {}, licence {l})", self.name, self.line),
            None => format!("{} (line {})", self.name, self.line),
        }
    }
}

impl IdentityReport {
    /// Players matched to a row.
    pub fn matched(&self) -> usize {
        self.matched_as_written + self.folded.len()
    }

    /// The report as text: a count line, then one line per folded match and near miss.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let encoding = match self.encoding {
            Some(TextEncoding::Utf8) => ", UTF-8",
            Some(TextEncoding::Latin1) => ", ISO-8859-1",
            None => "",
        };
        let _ = writeln!(
            out,
            "identity: ladder list of {} rows{encoding}: {} players matched ({} as written, {} after folding or by licence); {} not in the list, near misses: {}",
            self.list_rows,
            self.matched(),
            self.matched_as_written,
            self.folded.len(),
            self.not_in_list,
            self.near_misses.len()
        );
        for m in &self.folded {
            let how = match m.by {
                MatchedBy::Licence => "by licence",
                MatchedBy::Name => "folded",
            };
            let folds: Vec<&str> = m.folds.iter().map(|f| f.name()).collect();
            let _ = writeln!(
                out,
                "  {how:<10}  {} = {}{}",
                m.spelling,
                m.row.text(),
                if folds.is_empty() {
                    String::new()
                } else {
                    format!(": {}", folds.join(", "))
                }
            );
        }
        for n in &self.near_misses {
            let rows: Vec<String> = n.rows.iter().map(RowRef::text).collect();
            let licence = n
                .licence
                .as_deref()
                .map(|l| format!(" [licence {l}]"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {:<10}  {}{licence} ~ {}: {}; not matched",
                "near miss",
                n.spelling,
                rows.join(", "),
                n.kind.label()
            );
        }
        if !self.latin9_ambiguous_lines.is_empty() {
            let lines: Vec<String> = self
                .latin9_ambiguous_lines
                .iter()
                .map(usize::to_string)
                .collect();
            let _ = writeln!(
                out,
                "  {:<10}  lines {}: a name holds one of ¤ ¦ ¨ ´ ¸ ¼ ½ ¾, read as Latin-1 (in Latin-9: € Š š Ž ž Œ œ Ÿ)",
                "latin-9?",
                lines.join(", ")
            );
        }
        out
    }
}

/// The list with the indexes a match needs, and what was matched so far.
pub(crate) struct Matcher {
    list: LadderList,
    /// Row index → key, plain name in both orders, match key.
    rows: Vec<RowKeys>,
    by_key: BTreeMap<String, Vec<usize>>,
    by_licence: BTreeMap<String, Vec<usize>>,
    /// (Record key, the source's licence) → the row it was matched to (`None`: no row),
    /// decided once each.
    decided: BTreeMap<(String, Option<String>), Option<usize>>,
    /// (Record key, row) pairs already in the report: a key seen with and without a
    /// licence is reported once per row.
    reported: std::collections::BTreeSet<(String, usize)>,
    report: IdentityReport,
}

/// What a row is compared on.
struct RowKeys {
    index: usize,
    /// The player key the row's player gets (unique per row).
    key: String,
    plain: String,
    swapped: String,
    matched: String,
}

impl Matcher {
    /// Indexes a list.
    pub(crate) fn new(list: LadderList) -> Matcher {
        let mut rows = Vec::new();
        let mut by_key: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut by_licence: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (index, row) in list.rows() {
            let (surname, first) = row.parts();
            let matched = match_key(&row.name);
            by_key.entry(matched.clone()).or_default().push(rows.len());
            if let Some(l) = &row.licence {
                by_licence.entry(l.clone()).or_default().push(rows.len());
            }
            rows.push(RowKeys {
                index,
                // The line keeps homonyms apart; `#` cannot follow a folded record name
                // with a number unless a record is named so.
                key: format!(
                    "{} #{}",
                    fold_name(&row.display_name()),
                    list.line_of(index)
                ),
                plain: plain_name(&row.name),
                swapped: plain_name(&format!("{first} {surname}")),
                matched,
            });
        }
        let report = IdentityReport {
            list_rows: rows.len(),
            encoding: Some(list.encoding()),
            latin9_ambiguous_lines: list.latin9_ambiguous_lines(),
            ..IdentityReport::default()
        };
        Matcher {
            list,
            rows,
            by_key,
            by_licence,
            decided: BTreeMap::new(),
            reported: Default::default(),
            report,
        }
    }

    fn row_ref(&self, r: usize) -> RowRef {
        let index = self.rows[r].index;
        let row = self.list.row(index);
        RowRef {
            line: self.list.line_of(index),
            name: row.map(|r| r.name.clone()).unwrap_or_default(),
            licence: row.and_then(|r| r.licence.clone()),
        }
    }

    /// The player key of a record key: the matched row's key (its display name registered
    /// in `id`), else the key itself. `raw` is a spelling of the key seen in a record,
    /// `licence` the one its source gives (a results file's row), else the alias file's.
    pub(crate) fn resolve(
        &mut self,
        key: &str,
        raw: &str,
        licence: Option<&str>,
        id: &mut Identity,
    ) -> String {
        let licence = licence.or(id.licence(key)).map(str::to_string);
        let slot = (key.to_string(), licence);
        let r = match self.decided.get(&slot) {
            Some(r) => *r,
            None => {
                let r = self.decide(key, &id.spelling(key, raw), slot.1.as_deref());
                self.decided.insert(slot, r);
                r
            }
        };
        match r {
            Some(r) => {
                let rk = &self.rows[r];
                if let Some(row) = self.list.row(rk.index) {
                    id.see(&rk.key, &row.display_name());
                }
                rk.key.clone()
            }
            None => key.to_string(),
        }
    }

    /// Matches one player (see the module doc) and records what it took.
    fn decide(&mut self, key: &str, spelling: &str, licence: Option<&str>) -> Option<usize> {
        let same_name = self
            .by_key
            .get(&match_key(key))
            .cloned()
            .unwrap_or_default();
        let miss = |kind, rows: &[usize], this: &Matcher| NearMiss {
            spelling: spelling.to_string(),
            licence: licence.map(str::to_string),
            kind,
            rows: rows
                .iter()
                .take(MAX_CANDIDATES)
                .map(|&r| this.row_ref(r))
                .collect(),
        };
        let found = if let Some(l) = licence {
            let holders = self.by_licence.get(l).cloned().unwrap_or_default();
            let named: Vec<usize> = holders
                .iter()
                .copied()
                .filter(|r| same_name.contains(r))
                .collect();
            let without_licence: Vec<usize> = same_name
                .iter()
                .copied()
                .filter(|&r| self.row_ref(r).licence.is_none())
                .collect();
            match (holders.len(), named.len()) {
                (1, _) => Ok((holders[0], MatchedBy::Licence)),
                (n, 1) if n > 1 => Ok((named[0], MatchedBy::Licence)),
                (n, _) if n > 1 => Err(miss(MissKind::Homonyms, &holders, self)),
                // Nobody holds the licence: a row of that name without one may be the player;
                // a row of that name under another licence is someone else.
                _ if without_licence.len() == 1 && same_name.len() == 1 => {
                    Ok((without_licence[0], MatchedBy::Name))
                }
                _ if !same_name.is_empty() => Err(miss(MissKind::OtherLicence, &same_name, self)),
                _ => Err(self.one_edit(key, spelling, licence)),
            }
        } else {
            match same_name.len() {
                1 => Ok((same_name[0], MatchedBy::Name)),
                0 => Err(self.one_edit(key, spelling, licence)),
                _ => Err(miss(MissKind::Homonyms, &same_name, self)),
            }
        };
        match found {
            Ok((r, _)) if !self.reported.insert((key.to_string(), r)) => Some(r),
            Ok((r, by)) => {
                let row = self.row_ref(r);
                let folds = folds(spelling, &row.name);
                if folds.is_empty() && by == MatchedBy::Name {
                    self.report.matched_as_written += 1;
                } else {
                    self.report.folded.push(FoldedMatch {
                        spelling: spelling.to_string(),
                        row,
                        by,
                        folds,
                    });
                }
                Some(r)
            }
            Err(miss) => {
                self.report.not_in_list += 1;
                if !miss.rows.is_empty() {
                    self.report.near_misses.push(miss);
                }
                None
            }
        }
    }

    /// The near miss of a player no row matched: the rows one edit from its name, in
    /// either order (an empty list of rows when there are none).
    fn one_edit(&self, key: &str, spelling: &str, licence: Option<&str>) -> NearMiss {
        let plain = plain_name(key);
        let matched = match_key(key);
        let rows: Vec<usize> = (0..self.rows.len())
            .filter(|&r| {
                let k = &self.rows[r];
                one_edit_apart(&plain, &k.plain)
                    || one_edit_apart(&plain, &k.swapped)
                    || one_edit_apart(&matched, &k.matched)
            })
            .take(MAX_CANDIDATES)
            .collect();
        NearMiss {
            spelling: spelling.to_string(),
            licence: licence.map(str::to_string),
            kind: MissKind::OneEdit,
            rows: rows.iter().map(|&r| self.row_ref(r)).collect(),
        }
    }

    /// The list, the report and the row index of each matched player key, once every
    /// player is matched.
    pub(crate) fn finish(self) -> (LadderList, IdentityReport, BTreeMap<String, usize>) {
        let rows = self.rows.iter().map(|k| (k.key.clone(), k.index)).collect();
        (self.list, self.report, rows)
    }
}

/// The words of a name, `_` read as a blank, and as asked: `-` as a blank, case kept,
/// accents kept, words sorted.
fn words(s: &str, hyphen_blank: bool, case: bool, accents: bool, sorted: bool) -> Vec<String> {
    let mut text = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '_' => text.push(' '),
            '-' if hyphen_blank => text.push(' '),
            c if accents || c.is_whitespace() => text.push(c),
            // Accents dropped, the letter's case kept for the case comparison.
            c if c.is_uppercase() => text.push_str(&plain_name(&c.to_string()).to_uppercase()),
            c => text.push_str(&plain_name(&c.to_string())),
        }
    }
    if !case {
        text = text.to_lowercase();
    }
    let mut w: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if sorted {
        w.sort();
    }
    w
}

/// What a match of `spelling` to the list's `name` folded (empty: as written).
pub(crate) fn folds(spelling: &str, name: &str) -> Vec<Fold> {
    if match_key(spelling) != match_key(name) {
        return vec![Fold::Name];
    }
    let differ = |hyphen_blank, case, accents, sorted| {
        words(spelling, hyphen_blank, case, accents, sorted)
            != words(name, hyphen_blank, case, accents, sorted)
    };
    [
        (Fold::Order, differ(true, false, false, false)),
        (Fold::Case, differ(true, true, false, true)),
        (Fold::Accents, differ(true, false, true, true)),
        (Fold::Hyphens, differ(false, false, false, true)),
    ]
    .into_iter()
    .filter(|f| f.1)
    .map(|f| f.0)
    .collect()
}

/// True when `a` becomes `b` by one letter added, dropped or changed.
fn one_edit_apart(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    if long.len() - short.len() > 1 {
        return false;
    }
    let prefix = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    if short.len() == long.len() {
        // One change: everything after the first difference agrees.
        prefix < short.len() && short[prefix + 1..] == long[prefix + 1..]
    } else {
        short[prefix..] == long[prefix + 1..]
    }
}

#[cfg(test)]
mod tests;
