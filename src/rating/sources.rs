//! One tournament in two sources: its SGF records and its results file (`.tou`, `.h9`,
//! OpenGotha XML), given to `rate` together.
//!
//! The two spell players differently — a results file writes `MARCHAND Elodie`, a record
//! `Élodie Marchand` — and hold the same games. Before any rating:
//! - **Names.** A results file's player whose spelling no record uses is given the records'
//!   spelling when exactly one player of the records has the same name once case, accents,
//!   `_`/`-` and the order of the parts are folded ([`match_key`]). Each such match is
//!   listed with its folds; a name that folds to several records' players is listed and
//!   left apart. Records' spellings are never merged with one another this way: only a
//!   results file says which part is the surname. With the federation's list, a results
//!   file's player with a licence is left to the list, which matches the licence (a
//!   homonym in the records is not the same player).
//! - **Games filed twice.** A record's game is the results file's game when both name the
//!   same players with the same colours, the same round number, and the record's date falls
//!   within a week from the results file's first day (results files give only the first
//!   day). The results file's game is the one rated — it is what the director signed; the
//!   record's is skipped as its duplicate, whatever the order of the inputs. Whether the two
//!   agree is `echelle results --check`'s question.

use super::events::{DateKey, GameInput, Identity, Origin, RoundKey, match_key};
use super::identify::{Fold, folds};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Days after a results file's first day that its rounds may be played on.
const TOURNAMENT_DAYS: i64 = 7;

/// A results file's spelling given the records' spelling of the same player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceMatch {
    /// The name as the results file writes it.
    pub spelling: String,
    /// The results file.
    pub file: String,
    /// The name as the records write it.
    pub record_spelling: String,
    /// What was folded.
    pub folds: Vec<Fold>,
}

/// A results file's spelling that folds to several players of the records: left apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceMiss {
    /// The name as the results file writes it.
    pub spelling: String,
    /// The results file.
    pub file: String,
    /// The records' spellings it folds to.
    pub candidates: Vec<String>,
}

/// What joining results files and records did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SourcesReport {
    /// Names matched after folding.
    pub matched: Vec<SourceMatch>,
    /// Names left apart.
    pub misses: Vec<SourceMiss>,
    /// Records' games that are a results file's games too (skipped as duplicates).
    pub filed_twice: usize,
}

impl SourcesReport {
    /// Nothing to say: no results file met a record.
    pub fn is_empty(&self) -> bool {
        self.matched.is_empty() && self.misses.is_empty() && self.filed_twice == 0
    }

    /// A count line, then one line per match and miss (empty when there is nothing).
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.is_empty() {
            return out;
        }
        let _ = writeln!(
            out,
            "results files and records: {} names matched after folding, {} left apart; {} record games also in a results file (rated once, from the results file)",
            self.matched.len(),
            self.misses.len(),
            self.filed_twice
        );
        for m in &self.matched {
            let folds: Vec<&str> = m.folds.iter().map(|f| f.name()).collect();
            let _ = writeln!(
                out,
                "  {:<10}  {} ({}) = {}: {}",
                "folded",
                m.spelling,
                m.file,
                m.record_spelling,
                folds.join(", ")
            );
        }
        for m in &self.misses {
            let _ = writeln!(
                out,
                "  {:<10}  {} ({}) ~ {}: same name for several players of the records; not matched",
                "near miss",
                m.spelling,
                m.file,
                m.candidates.join(", ")
            );
        }
        out
    }
}

/// How results files' names map onto the records' keys, and the report of it.
pub(crate) struct Joined {
    /// Results-file key → record key.
    pub renamed: BTreeMap<String, String>,
    /// Record game index → source of the results file's game it duplicates.
    pub filed_twice: BTreeMap<usize, String>,
    /// What was done.
    pub report: SourcesReport,
}

impl Joined {
    /// The key of a game's player: a results file's key renamed to the records' one.
    pub(crate) fn key(&self, g: &GameInput, key: String) -> String {
        match g.origin {
            Origin::ResultsFile => self.renamed.get(&key).cloned().unwrap_or(key),
            Origin::Record => key,
        }
    }
}

/// Joins the results files' players and games to the records' (see the module doc);
/// `with_list`: a federation list will match licensed players.
pub(crate) fn join(games: &[GameInput], id: &Identity, with_list: bool) -> Joined {
    let mut joined = Joined {
        renamed: BTreeMap::new(),
        filed_twice: BTreeMap::new(),
        report: SourcesReport::default(),
    };
    if !games.iter().any(|g| g.origin == Origin::ResultsFile) {
        return joined;
    }
    rename_players(games, id, with_list, &mut joined);
    joined.filed_twice = filed_twice(games, id, &joined);
    joined.report.filed_twice = joined.filed_twice.len();
    joined
}

/// The results files' players a record's player matches alone (renamed to the records'
/// key, in `joined.renamed` and the report's matches), and those several match (the
/// report's misses).
fn rename_players(games: &[GameInput], id: &Identity, with_list: bool, joined: &mut Joined) {
    let names = |g: &GameInput| [g.black.clone(), g.white.clone()].into_iter().flatten();
    let unlicensed = |g: &GameInput| -> Vec<String> {
        [
            (g.black.clone(), g.black_licence.is_some()),
            (g.white.clone(), g.white_licence.is_some()),
        ]
        .into_iter()
        .filter(|(_, licensed)| !with_list || !licensed)
        .filter_map(|(n, _)| n)
        .collect()
    };
    // The records' players: folded match key → their keys and a spelling of each.
    let mut by_match: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for g in games.iter().filter(|g| g.origin == Origin::Record) {
        for raw in names(g) {
            let key = id.key(&raw);
            if key.is_empty() {
                continue;
            }
            by_match
                .entry(match_key(&key))
                .or_default()
                .entry(key.clone())
                .or_insert_with(|| id.spelling(&key, &raw));
        }
    }
    let record_keys: BTreeMap<&str, ()> = by_match
        .values()
        .flat_map(|m| m.keys().map(|k| (k.as_str(), ())))
        .collect();
    let mut decided: BTreeMap<String, ()> = BTreeMap::new();
    for g in games.iter().filter(|g| g.origin == Origin::ResultsFile) {
        for raw in unlicensed(g) {
            let key = id.key(&raw);
            if key.is_empty() || record_keys.contains_key(key.as_str()) {
                continue;
            }
            if decided.insert(key.clone(), ()).is_some() {
                continue;
            }
            let spelling = id.spelling(&key, &raw);
            match by_match.get(&match_key(&key)) {
                Some(m) if m.len() == 1 => {
                    let Some((record_key, record_spelling)) = m.iter().next() else {
                        continue;
                    };
                    joined.report.matched.push(SourceMatch {
                        folds: folds(&spelling, record_spelling),
                        spelling,
                        file: g.file.clone(),
                        record_spelling: record_spelling.clone(),
                    });
                    joined.renamed.insert(key, record_key.clone());
                }
                Some(m) => joined.report.misses.push(SourceMiss {
                    spelling,
                    file: g.file.clone(),
                    candidates: m.values().cloned().collect(),
                }),
                None => {}
            }
        }
    }
}

/// The records a results file's game stands for (record index → the file's source): same
/// players and round, played within [`TOURNAMENT_DAYS`] of the file's day, one record each.
fn filed_twice(games: &[GameInput], id: &Identity, joined: &Joined) -> BTreeMap<usize, String> {
    // The results files' games by (black, white, round): their first days and sources.
    type Slot = (String, String, u64);
    let slot = |g: &GameInput| -> Option<Slot> {
        let RoundKey::Num(round, _) = RoundKey::parse(g.round.as_deref()) else {
            return None;
        };
        let (b, w) = (g.black.as_deref()?, g.white.as_deref()?);
        let key = |raw: &str| match_key(&joined.key(g, id.key(raw)));
        Some((key(b), key(w), round))
    };
    let mut filed: BTreeMap<Slot, Vec<(i64, String, bool)>> = BTreeMap::new();
    for g in games.iter().filter(|g| g.origin == Origin::ResultsFile) {
        let day = g.date.as_deref().and_then(DateKey::parse);
        if let (Some(s), Some(d)) = (slot(g), day.filter(|d| d.day != 0)) {
            filed
                .entry(s)
                .or_default()
                .push((d.days(), g.source(), false));
        }
    }
    let mut twice = BTreeMap::new();
    for (gi, g) in games.iter().enumerate() {
        if g.origin != Origin::Record {
            continue;
        }
        let day = g.date.as_deref().and_then(DateKey::parse);
        let (Some(s), Some(d)) = (slot(g), day.filter(|d| d.day != 0)) else {
            continue;
        };
        let Some(candidates) = filed.get_mut(&s) else {
            continue;
        };
        // Each game of a results file stands for one record at most.
        if let Some(c) = candidates
            .iter_mut()
            .find(|c| !c.2 && (c.0..c.0 + TOURNAMENT_DAYS).contains(&d.days()))
        {
            c.2 = true;
            twice.insert(gi, c.1.clone());
        }
    }
    twice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::events::tests::game;
    use crate::record::Winner;

    fn filed(b: &str, w: &str, round: &str) -> GameInput {
        let mut g = game("open.tou", 0, Some("2025-06-14"), b, w, Winner::Black);
        g.origin = Origin::ResultsFile;
        g.round = Some(round.into());
        g
    }

    fn recorded(b: &str, w: &str, round: Option<&str>, date: &str) -> GameInput {
        let mut g = game("r.sgf", 0, Some(date), b, w, Winner::Black);
        g.round = round.map(Into::into);
        g
    }

    #[test]
    fn a_record_is_the_results_files_game_within_a_week_of_its_first_day_only() {
        let games = [
            filed("MARCHAND Elodie", "PETIT Francois", "3"),
            // Same players, round and colours, the second day: the same game.
            recorded("Élodie Marchand", "François Petit", Some("3"), "2025-06-15"),
            // A week later, no round, colours swapped: other games.
            recorded("Élodie Marchand", "François Petit", Some("3"), "2025-06-21"),
            recorded("Élodie Marchand", "François Petit", None, "2025-06-14"),
            recorded("François Petit", "Élodie Marchand", Some("3"), "2025-06-14"),
        ];
        let j = join(&games, &Identity::default(), false);
        assert_eq!(j.filed_twice.keys().copied().collect::<Vec<_>>(), [1]);
        assert_eq!(j.report.filed_twice, 1);
        // Both names joined, each fold named.
        assert_eq!(j.report.matched.len(), 2);
        assert!(j.report.matched[0].folds.contains(&Fold::Order));
        assert!(j.report.matched[0].folds.contains(&Fold::Accents));
    }

    #[test]
    fn a_name_folding_to_several_players_of_the_records_is_left_apart() {
        let games = [
            filed("LÍ Wang", "DURAND Paul", "1"),
            recorded("Li Wang", "Paul Durand", Some("1"), "2025-06-14"),
            recorded("Wang Li", "Paul Durand", Some("2"), "2025-06-14"),
        ];
        let j = join(&games, &Identity::default(), false);
        assert_eq!(j.report.misses.len(), 1);
        assert_eq!(j.report.misses[0].candidates, ["Li Wang", "Wang Li"]);
        // `LÍ Wang` is not renamed; `DURAND Paul` is.
        assert_eq!(j.renamed.len(), 1);
        assert!(j.report.text().contains("not matched"));
    }
}
