//! Rating events: the plain input, chronological order, player identity and skip reasons.

use super::error::{LineProblem, RateError};
use super::options::{EngineKind, WinnerChoice};
use crate::life::Confidence;
use crate::record::{ResultKind, Winner};
use crate::scoring::Verdict;
use serde::Serialize;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One analyzed game as the rating layer sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInput {
    /// Source file path.
    pub file: String,
    /// Position of the game in its file (0-based).
    pub game: u32,
    /// Hash of the moves, when known; makes duplicate detection exact.
    pub fingerprint: Option<u64>,
    /// First date, `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
    pub date: Option<String>,
    /// Event (`EV`).
    pub event: Option<String>,
    /// Round (`RO`).
    pub round: Option<String>,
    /// Black's name (`PB`).
    pub black: Option<String>,
    /// White's name (`PW`).
    pub white: Option<String>,
    /// Black's raw rank (`BR`).
    pub black_rank: Option<String>,
    /// White's raw rank (`WR`).
    pub white_rank: Option<String>,
    /// Black's federation licence, where the source gives one (a `.tou` row).
    pub black_licence: Option<String>,
    /// White's federation licence, where the source gives one.
    pub white_licence: Option<String>,
    /// Handicap stones H.
    pub handicap: u32,
    /// Komi in points.
    pub komi: Option<f64>,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Winner the players signed (`RE`).
    pub winner: Winner,
    /// How the game ended, according to `RE`.
    pub kind: Option<ResultKind>,
    /// echelle's count of the final position, when the game is finished and was counted.
    pub count: Option<CountCheck>,
    /// Where the game was read: a record, or a row of a tournament's results file.
    pub origin: Origin,
}

/// Where a game came from: the same game may be in both a tournament's records and its
/// results file, which the rating stream must count once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// An SGF record.
    #[default]
    Record,
    /// A results file (`.tou`, `.h9`, OpenGotha XML): names written `SURNAME First`, the
    /// tournament's first day as the date, the round column as the round.
    ResultsFile,
}

/// echelle's own count of a finished game, beside the signed result.
#[derive(Clone, Debug, PartialEq)]
pub struct CountCheck {
    /// Winner by the count.
    pub winner: Winner,
    /// Margin by the count, in points.
    pub margin: f64,
    /// The count against `RE`.
    pub verdict: Verdict,
    /// How far the dead stones behind the count can be trusted.
    pub confidence: Confidence,
    /// True when the count rests on a group the playouts left near a coin toss.
    pub unsure: bool,
}

impl CountCheck {
    /// True when the count names another winner than the one the players signed, and no
    /// uncertain group could explain it (`winner-differs`; an `uncertain` count that names
    /// the other winner is listed among the ladder's disputed games all the same).
    pub fn disputes(&self) -> bool {
        self.verdict == Verdict::WinnerDiffers
    }
}

impl GameInput {
    /// The rating view of a parsed game: its signed result and, when it was counted, the count.
    pub fn from_record(
        file: &str,
        game: u32,
        record: &crate::record::GameRecord,
        handicap: u32,
        count: Option<CountCheck>,
        fingerprint: Option<u64>,
    ) -> GameInput {
        GameInput {
            file: file.to_string(),
            game,
            date: record.facts.date.as_ref().and_then(|d| d.first.clone()),
            event: record.facts.event.clone(),
            round: record.facts.round.clone(),
            black: record.facts.black.name.clone(),
            white: record.facts.white.name.clone(),
            black_rank: record.facts.black.rank.clone(),
            white_rank: record.facts.white.rank.clone(),
            black_licence: None,
            white_licence: None,
            handicap,
            komi: record.facts.komi.value,
            width: record.facts.size.width,
            height: record.facts.size.height,
            winner: record.result.winner,
            kind: record.result.kind,
            count,
            fingerprint,
            origin: Origin::Record,
        }
    }

    /// The winner to rate and how the game ended, under `choice`: the signed result where
    /// it names a winner, else (or with `--winner count`) the count of a finished game.
    pub fn rated_result(&self, choice: WinnerChoice) -> (Winner, Option<ResultKind>) {
        let signed = matches!(self.winner, Winner::Black | Winner::White);
        match &self.count {
            Some(c)
                if choice == WinnerChoice::Count || (!signed && self.winner == Winner::Unknown) =>
            {
                (c.winner, Some(ResultKind::Score))
            }
            _ => (self.winner, self.kind),
        }
    }

    /// Black's advantage in stones (see [`Event::advantage`]).
    pub fn advantage_stones(&self) -> f64 {
        advantage(self.handicap, self.komi)
    }

    /// Source label `file#game`.
    pub fn source(&self) -> String {
        format!("{}#{}", self.file, self.game)
    }

    /// The label of this game in lists.
    pub fn label(&self) -> GameLabel {
        GameLabel {
            source: self.source(),
            date: self.date.clone(),
            black: self.black.clone(),
            white: self.white.clone(),
        }
    }
}

/// A game whose count names another winner than the one the players signed: listed for the
/// rating officer to decide, rated on the signed result unless `--winner count`.
#[derive(Clone, Debug, PartialEq)]
pub struct Disputed {
    /// Which game.
    pub game: GameLabel,
    /// The signed winner (`RE`).
    pub recorded: Winner,
    /// echelle's count.
    pub count: CountCheck,
    /// The winner it was rated on, `None` when it was not rated (skipped for another reason).
    pub rated_on: Option<Winner>,
}

/// Which game a list line is about: where it is, and what names it to a person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLabel {
    /// Source label `file#game`.
    pub source: String,
    /// Date as given.
    pub date: Option<String>,
    /// Black's name as given.
    pub black: Option<String>,
    /// White's name as given.
    pub white: Option<String>,
}

impl GameLabel {
    /// The columns a list line gives it: source, date, `Black - White`, tab-separated.
    pub fn columns(&self) -> String {
        format!(
            "{}\t{}\t{} - {}",
            self.source,
            self.date.as_deref().unwrap_or("-"),
            self.black.as_deref().unwrap_or("?"),
            self.white.as_deref().unwrap_or("?")
        )
    }
}

/// Why a game was not rated.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// No readable date and `--undated skip`.
    Undated,
    /// Void, unknown, draw or unfinished: nobody won.
    NoWinner,
    /// Won by forfeit: no game was played.
    Forfeit,
    /// `PB` or `PW` missing.
    MissingPlayer,
    /// Both sides fold to the same player.
    SamePlayer,
    /// Later than `--as-of`.
    AfterAsOf,
    /// Same game already rated (source of the first one).
    Duplicate(String),
    /// Board size the engine does not rate.
    UnsupportedBoard,
    /// The seed's rule: the favourite won by a fictive gap over 100.
    NotCounted,
}

impl SkipReason {
    /// Short human label.
    pub fn label(&self) -> String {
        match self {
            SkipReason::Undated => "undated".into(),
            SkipReason::NoWinner => "no winner (void, unknown, draw, unfinished)".into(),
            SkipReason::Forfeit => "forfeit".into(),
            SkipReason::MissingPlayer => "missing player name".into(),
            SkipReason::SamePlayer => "same player on both sides".into(),
            SkipReason::AfterAsOf => "after --as-of".into(),
            SkipReason::Duplicate(of) => format!("duplicate of {of}"),
            SkipReason::UnsupportedBoard => "unsupported board size for the engine".into(),
            SkipReason::NotCounted => "not counted (favourite won, fictive gap > 100)".into(),
        }
    }
    /// Reason without its argument, for counting.
    pub fn category(&self) -> &'static str {
        match self {
            SkipReason::Undated => "undated",
            SkipReason::NoWinner => "no winner",
            SkipReason::Forfeit => "forfeit",
            SkipReason::MissingPlayer => "missing player",
            SkipReason::SamePlayer => "same player",
            SkipReason::AfterAsOf => "after as-of",
            SkipReason::Duplicate(_) => "duplicate",
            SkipReason::UnsupportedBoard => "unsupported board size",
            SkipReason::NotCounted => "not counted",
        }
    }
}

/// A parsed date: year, month, day with 0 for missing parts.
///
/// Partial dates (`1996`, `1996-05`) sort at the start of their period, before any
/// full date inside it: they are older knowledge of the same period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateKey {
    /// Year.
    pub year: i32,
    /// Month 1–12, 0 when missing.
    pub month: u8,
    /// Day 1–31, 0 when missing.
    pub day: u8,
}

impl DateKey {
    /// Parses `YYYY[-MM[-DD]]`, tolerating a time after the date; `None` when unreadable.
    pub fn parse(s: &str) -> Option<DateKey> {
        let s = s.trim();
        let mut parts = s.splitn(3, ['-', '/', '.']);
        let y = parts.next()?.trim();
        if y.len() != 4 || !y.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let year: i32 = y.parse().ok()?;
        let num = |p: Option<&str>, max: u8| -> Option<u8> {
            match p {
                None => Some(0),
                Some(t) => {
                    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
                    if digits.is_empty() || digits.len() > 2 {
                        return None;
                    }
                    let v: u8 = digits.parse().ok()?;
                    (1..=max).contains(&v).then_some(v)
                }
            }
        };
        let month = num(parts.next(), 12)?;
        let day = if month == 0 {
            0
        } else {
            num(parts.next(), 31)?
        };
        Some(DateKey { year, month, day })
    }

    /// Days since 1970-01-01 (missing parts count as the first of the period).
    pub fn days(&self) -> i64 {
        let m = i64::from(self.month.max(1));
        let d = i64::from(self.day.max(1));
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

/// Round key: numeric rounds in numeric order, then text rounds.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RoundKey {
    /// No round.
    None,
    /// A round that starts with a number (`3`, `3 (final)`).
    Num(u64, String),
    /// Any other text.
    Text(String),
}

impl RoundKey {
    /// Builds the key from a raw `RO`.
    pub fn parse(s: Option<&str>) -> RoundKey {
        let Some(s) = s.map(str::trim).filter(|s| !s.is_empty()) else {
            return RoundKey::None;
        };
        let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
        match digits.parse::<u64>() {
            Ok(n) => RoundKey::Num(n, s.to_string()),
            Err(_) => RoundKey::Text(s.to_string()),
        }
    }
}

/// Folds a name: trimmed, white space collapsed to one space, lower case.
pub fn fold_name(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Base letters of U+0100..U+017F (Latin Extended-A), one per code point; `1` = `ij`,
/// `2` = `oe`.
const EXTENDED_A: &str = "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii11jjkkklllllll\
lllnnnnnnnnnoooooo22rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/// Base letters of U+1EA0..U+1EF9 (the Vietnamese letters of Latin Extended Additional).
const VIETNAMESE: &str = "aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooo\
oooouuuuuuuuuuuuuuyyyyyyyy";

/// A lower-case letter without its accents, as text (`é` → `e`, `ß` → `ss`, `œ` → `oe`);
/// other characters lower-cased.
fn plain_letter(c: char, out: &mut String) {
    let u = u32::from(c);
    let from = |table: &str, base: u32| table.chars().nth((u - base) as usize);
    let base = match c {
        'À'..='Å' | 'à'..='å' => Some('a'),
        'Æ' | 'æ' => return out.push_str("ae"),
        'Ç' | 'ç' => Some('c'),
        'È'..='Ë' | 'è'..='ë' => Some('e'),
        'Ì'..='Ï' | 'ì'..='ï' => Some('i'),
        'Ð' | 'ð' => Some('d'),
        'Ñ' | 'ñ' => Some('n'),
        'Ò'..='Ö' | 'Ø' | 'ò'..='ö' | 'ø' => Some('o'),
        'Ù'..='Ü' | 'ù'..='ü' => Some('u'),
        'Ý' | 'ý' | 'ÿ' => Some('y'),
        'Þ' | 'þ' => return out.push_str("th"),
        'ß' => return out.push_str("ss"),
        '\u{100}'..='\u{17F}' => from(EXTENDED_A, 0x100),
        '\u{1EA0}'..='\u{1EF9}' => from(VIETNAMESE, 0x1EA0),
        _ => None,
    };
    match base {
        Some('1') => out.push_str("ij"),
        Some('2') => out.push_str("oe"),
        Some(b) => out.push(b),
        None => out.extend(c.to_lowercase()),
    }
}

/// A name as the federation's list and the records can both be compared on: lower case,
/// accents dropped, `_` and `-` read as blanks (the list writes `_` for a blank; `Jean-Michel`
/// is also written `Jean Michel`), white space collapsed. Builds on [`fold_name`]'s rule.
pub fn plain_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '_' | '-' => out.push(' '),
            c => plain_letter(c, &mut out),
        }
    }
    fold_name(&out)
}

/// The key a name is matched on across sources: [`plain_name`] with its words sorted, so
/// that `MARCHAND Elodie` and `Élodie Marchand` meet whatever the order of the parts.
pub fn match_key(s: &str) -> String {
    let plain = plain_name(s);
    let mut words: Vec<&str> = plain.split(' ').filter(|w| !w.is_empty()).collect();
    words.sort_unstable();
    words.join(" ")
}

/// Full ordering of two games: date, event, round, file, game index, then every other
/// field so that the order never depends on the input order.
pub fn compare_games(a: &GameInput, b: &GameInput) -> Ordering {
    let da = a.date.as_deref().and_then(DateKey::parse);
    let db = b.date.as_deref().and_then(DateKey::parse);
    // Undated games go last (when they are kept at all).
    let date_ord = match (da, db) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    };
    date_ord
        .then_with(|| {
            a.event
                .as_deref()
                .map(str::trim)
                .cmp(&b.event.as_deref().map(str::trim))
        })
        .then_with(|| RoundKey::parse(a.round.as_deref()).cmp(&RoundKey::parse(b.round.as_deref())))
        .then_with(|| a.file.cmp(&b.file))
        .then_with(|| a.game.cmp(&b.game))
        .then_with(|| a.black.cmp(&b.black))
        .then_with(|| a.white.cmp(&b.white))
        .then_with(|| a.handicap.cmp(&b.handicap))
        .then_with(|| {
            format!("{:?}{:?}", a.winner, a.kind).cmp(&format!("{:?}{:?}", b.winner, b.kind))
        })
        .then_with(|| a.fingerprint.cmp(&b.fingerprint))
}

/// One rated game, ready for the engines.
#[derive(Clone, Debug)]
pub struct Event {
    /// Position in the rated stream (0-based).
    pub idx: usize,
    /// Date as given (`None` for appended undated games).
    pub date: Option<String>,
    /// Day number (rating period); undated games get one day each after the last date.
    pub day: i64,
    /// Black's player id.
    pub black: usize,
    /// White's player id.
    pub white: usize,
    /// Handicap stones.
    pub handicap: u32,
    /// Komi in points.
    pub komi: Option<f64>,
    /// Board size when square, 0 otherwise.
    pub size: u8,
    /// True when Black won.
    pub black_won: bool,
    /// Source label `file#game`.
    pub source: String,
}

/// Komi in points of a game of `handicap` stones; missing: 0.5 with a handicap, 6.5 without.
fn komi_points(handicap: u32, komi: Option<f64>) -> f64 {
    komi.unwrap_or(if handicap >= 1 { 0.5 } else { 6.5 })
}

/// Black's moves of advantage before komi, in stones: H − 0.5 for H handicap stones
/// (White's missing reply; a one-stone game is Black moving first without komi), 0.5 in an
/// even game (the first move).
fn handicap_stones(handicap: u32) -> f64 {
    f64::from(handicap.max(1)) - 0.5
}

/// Black's advantage in stones, komi at 14 points a stone (the EGF's rule): an even game
/// with 7 points of komi is 0.
fn advantage(handicap: u32, komi: Option<f64>) -> f64 {
    handicap_stones(handicap) - komi_points(handicap, komi) / 14.0
}

impl Event {
    /// Komi in points; missing: 0.5 with a handicap, 6.5 without.
    pub fn komi_points(&self) -> f64 {
        komi_points(self.handicap, self.komi)
    }

    /// Black's moves of advantage before komi, in stones (see `handicap_stones`).
    pub fn handicap_stones(&self) -> f64 {
        handicap_stones(self.handicap)
    }

    /// Black's advantage in stones, komi at 14 points a stone (the EGF's rule): an even game
    /// with 7 points of komi is 0.
    pub fn advantage(&self) -> f64 {
        advantage(self.handicap, self.komi)
    }
}

/// A game that was not rated.
#[derive(Clone, Debug, Serialize)]
pub struct Skipped {
    /// Which game.
    #[serde(flatten)]
    pub game: GameLabel,
    /// Why.
    pub reason: SkipReason,
    /// Engine that refused it; `None` when no engine rates it.
    pub engine: Option<EngineKind>,
}

/// Name resolution: folded spelling → canonical folded key, and display names.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    alias: BTreeMap<String, String>,
    /// Display name chosen for each canonical key (alias file canonical, else first spelling seen).
    display: BTreeMap<String, String>,
    /// Licence numbers given in the alias file's third column, by canonical key.
    licence: BTreeMap<String, String>,
}

impl Identity {
    /// Parses an alias file (TSV: alias, canonical name, and optionally the player's licence
    /// number; `#` comments and blank lines ignored).
    pub fn from_aliases(text: Option<&str>) -> Result<Identity, RateError> {
        let mut id = Identity::default();
        let Some(text) = text else { return Ok(id) };
        for (n, line) in text.lines().enumerate() {
            let bad = |problem| RateError::Aliases {
                line: n + 1,
                problem,
            };
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let mut cols = line.split('\t');
            let (Some(a), Some(c)) = (cols.next(), cols.next()) else {
                return Err(bad(LineProblem::NotAlias));
            };
            let (fa, fc) = (fold_name(a), fold_name(c));
            if fa.is_empty() || fc.is_empty() {
                return Err(bad(LineProblem::EmptyName));
            }
            id.display
                .entry(fc.clone())
                .or_insert_with(|| c.trim().to_string());
            if let Some(lic) = cols.next().map(str::trim).filter(|l| !l.is_empty()) {
                id.licence
                    .entry(fc.clone())
                    .or_insert_with(|| lic.to_string());
            }
            if fa != fc {
                id.alias.insert(fa, fc);
            }
        }
        Ok(id)
    }

    /// Canonical folded key of a raw name (aliases followed, cycles cut).
    pub fn key(&self, raw: &str) -> String {
        let mut k = fold_name(raw);
        // Bounded so that an alias cycle cannot loop forever.
        for _ in 0..16 {
            match self.alias.get(&k) {
                Some(next) if *next != k => k = next.clone(),
                _ => break,
            }
        }
        k
    }

    /// The licence number the alias file gives a canonical key.
    pub fn licence(&self, key: &str) -> Option<&str> {
        self.licence.get(key).map(String::as_str)
    }

    /// The spelling a key is reported by: the alias file's canonical name, else `raw`
    /// (white space collapsed).
    pub fn spelling(&self, key: &str, raw: &str) -> String {
        self.display
            .get(key)
            .cloned()
            .unwrap_or_else(|| raw.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// Records a spelling for a key if it has no display name yet.
    pub fn see(&mut self, key: &str, raw: &str) {
        if !self.display.contains_key(key) {
            self.display.insert(
                key.to_string(),
                raw.split_whitespace().collect::<Vec<_>>().join(" "),
            );
        }
    }

    /// Display name of a key.
    pub fn display(&self, key: &str) -> String {
        self.display
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }
}

/// Duplicate key: with a move fingerprint, (date, players, fingerprint); without one,
/// (full date, players, handicap, komi, result, round, file) restricted to different files
/// — two games of one file are never duplicates (a match of two same-day games in one
/// collection is legitimate), and partial dates never dedupe.
pub fn duplicate_key(g: &GameInput, black: &str, white: &str) -> Option<String> {
    let date = g.date.as_deref().unwrap_or("");
    if let Some(fp) = g.fingerprint {
        return Some(format!(
            "fp\u{1}{date}\u{1}{black}\u{1}{white}\u{1}{fp:016x}"
        ));
    }
    let full = DateKey::parse(date).is_some_and(|d| d.day != 0);
    if !full {
        return None;
    }
    Some(format!(
        "nofp\u{1}{date}\u{1}{black}\u{1}{white}\u{1}{}\u{1}{:?}\u{1}{:?}{:?}\u{1}{}",
        g.handicap,
        g.komi.map(f64::to_bits),
        g.winner,
        g.kind,
        g.round.as_deref().map(str::trim).unwrap_or("")
    ))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An even 19x19 game with 7 points of komi, for the engines' tests.
    pub(crate) fn event(day: i64, black: usize, white: usize, black_won: bool) -> Event {
        Event {
            idx: 0,
            date: None,
            day,
            black,
            white,
            handicap: 0,
            komi: Some(7.0),
            size: 19,
            black_won,
            source: String::new(),
        }
    }

    /// A 19x19 game won by resignation with 7.5 points of komi, for the rating tests.
    pub(crate) fn game(
        file: &str,
        idx: u32,
        date: Option<&str>,
        b: &str,
        w: &str,
        win: Winner,
    ) -> GameInput {
        GameInput {
            file: file.into(),
            game: idx,
            date: date.map(Into::into),
            event: None,
            round: None,
            black: Some(b.into()),
            white: Some(w.into()),
            black_rank: None,
            white_rank: None,
            black_licence: None,
            white_licence: None,
            handicap: 0,
            komi: Some(7.5),
            width: 19,
            height: 19,
            winner: win,
            kind: Some(ResultKind::Resign),
            count: None,
            fingerprint: None,
            origin: Origin::Record,
        }
    }

    #[test]
    fn dates_parse_partial_and_timestamps() {
        assert_eq!(
            DateKey::parse("1996-05-06").map(|d| (d.year, d.month, d.day)),
            Some((1996, 5, 6))
        );
        assert_eq!(
            DateKey::parse("1996-05").map(|d| (d.month, d.day)),
            Some((5, 0))
        );
        assert_eq!(DateKey::parse("1996").map(|d| d.month), Some(0));
        assert_eq!(
            DateKey::parse("2018-05-02 20:46:58").map(|d| d.day),
            Some(2)
        );
        assert!(DateKey::parse("96-05-06").is_none());
        assert!(DateKey::parse("1996-13-01").is_none());
        assert_eq!(DateKey::parse("1970-01-02").map(|d| d.days()), Some(1));
        assert_eq!(DateKey::parse("2000-03-01").map(|d| d.days()), Some(11_017));
    }

    #[test]
    fn partial_dates_sort_before_full_dates_of_their_period() {
        let a = game("f", 0, Some("1996-05-06"), "a", "b", Winner::Black);
        let b = game("f", 1, Some("1996-05"), "a", "b", Winner::Black);
        let c = game("f", 2, Some("1996"), "a", "b", Winner::Black);
        let mut v = [a, b, c];
        v.sort_by(compare_games);
        let order: Vec<u32> = v.iter().map(|g| g.game).collect();
        assert_eq!(order, vec![2, 1, 0]);
    }

    #[test]
    fn same_day_rounds_sort_numerically() {
        let mut v: Vec<GameInput> = ["10", "2", "1", "final"]
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let mut g = game("z", i as u32, Some("2001-02-03"), "a", "b", Winner::Black);
                g.round = Some((*r).into());
                g.event = Some("Open".into());
                g
            })
            .collect();
        v.sort_by(compare_games);
        let rounds: Vec<&str> = v.iter().filter_map(|g| g.round.as_deref()).collect();
        assert_eq!(rounds, vec!["1", "2", "10", "final"]);
    }

    #[test]
    fn multi_day_first_date_orders() {
        // DT "1996-05-06,07,08" arrives as first date 1996-05-06: it precedes 1996-05-07.
        let a = game("b", 0, Some("1996-05-07"), "a", "b", Winner::Black);
        let b = game("a", 0, Some("1996-05-06"), "a", "b", Winner::Black);
        let mut v = [a, b];
        v.sort_by(compare_games);
        assert_eq!(v[0].file, "a");
    }

    #[test]
    fn fold_and_aliases() {
        assert_eq!(fold_name("  Jean   DUPONT "), "jean dupont");
        let id = Identity::from_aliases(Some("J. Dupont\tJean Dupont\nJD\tj. dupont\n"))
            .unwrap_or_default();
        assert_eq!(id.key("JD"), "jean dupont");
        assert_eq!(id.display("jean dupont"), "Jean Dupont");
        assert!(Identity::from_aliases(Some("only one column")).is_err());
        // A cycle does not hang.
        let cyc = Identity::from_aliases(Some("a\tb\nb\ta\n")).unwrap_or_default();
        let _ = cyc.key("a");
    }

    #[test]
    fn names_meet_across_order_accents_case_and_blanks() {
        assert_eq!(plain_name("AGNEL Pierre_Aimé"), "agnel pierre aime");
        assert_eq!(plain_name("Zoë Garcia-Muñoz"), "zoe garcia munoz");
        assert_eq!(plain_name("François Nguyễn"), "francois nguyen");
        assert_eq!(plain_name("Ayşe Yılmaz"), "ayse yilmaz");
        assert_eq!(plain_name("Søren Åberg"), "soren aberg");
        assert_eq!(plain_name("ŒDIPE Straße"), "oedipe strasse");
        assert_eq!(plain_name("Иван Петров"), "иван петров");
        assert_eq!(match_key("MARCHAND Elodie"), match_key("Élodie  Marchand"));
        assert_eq!(match_key("DE_MASSIAS Jean"), match_key("Jean de Massias"));
        assert_ne!(match_key("MARCHAND Elodie"), match_key("Elodie Marchant"));
        // Every code point of the two tables maps to a letter.
        let mut s = String::new();
        for u in (0x100..=0x17F).chain(0x1EA0..=0x1EF9) {
            s.clear();
            plain_letter(char::from_u32(u).unwrap_or('?'), &mut s);
            assert!(
                s.chars().all(|c| c.is_ascii_lowercase()),
                "U+{u:04X} -> {s}"
            );
        }
    }

    #[test]
    fn the_alias_file_may_give_a_licence() {
        let id = Identity::from_aliases(Some("Elo\tÉlodie Marchand\t0452000\nJD\tJean Dupont\n"))
            .unwrap_or_default();
        assert_eq!(id.licence("élodie marchand"), Some("0452000"));
        assert_eq!(id.licence("jean dupont"), None);
        assert_eq!(id.key("Elo"), "élodie marchand");
    }

    #[test]
    fn advantage_in_stones() {
        let mut e = event(0, 0, 1, true);
        assert!(e.advantage().abs() < 1e-9);
        e.handicap = 4;
        e.komi = Some(0.5);
        assert!((e.advantage() - (3.5 - 0.5 / 14.0)).abs() < 1e-9);
    }
}
