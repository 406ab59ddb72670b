//! A tournament's games from its SGF records, and the results file they make.
//!
//! Players come from `PB`/`PW` (ranks from `BR`/`WR`, the player's first game's), rounds from
//! `RO` (a number), else from the dates (the first day is round 1). Nothing is guessed: a
//! game with no result, a game with no round, a player in two games of one round, a missing
//! rank, a name ISO-8859-1 cannot write, even games with different komi — each is a
//! [`Problem`] naming its records, and no file is written while there is one.
//!
//! The file is written as OpenGotha writes it (`generateTouFile`, `generateH9File`): its
//! headers, its columns, `0=` for a round without a game. Rows are ordered by wins, then
//! rank, then name (echelle computes no tie-break criteria); the place printed is the row
//! number. A forfeit is never written as a played game: in a `.tou` it is `0+` for the
//! winner and `0-` for the loser (the points without a game), in a `.h9` the `!` cell the
//! EGD reads as not played.

use super::ResultsFormat;
use super::cell::{self, Cell, Colour, HalfGame, Outcome, Spelling};
use super::text::encode_latin1;
use crate::batch::{self, BatchError, BatchOptions};
use crate::rating::events::{DateKey, RoundKey, fold_name};
use crate::rating::{Collected, Failure, GameInput};
use crate::record::{ResultKind, Winner};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::PathBuf;

/// What a ladder list knows of a player (the hook for `--ladder`): the spelling to write,
/// licence, club, country. Keyed by the SGF name folded ([`fold_name`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The name to write instead of the SGF's (`SURNAME Given`).
    pub name: Option<String>,
    /// FFG licence.
    pub licence: Option<String>,
    /// Club code.
    pub club: Option<String>,
    /// Country code.
    pub country: Option<String>,
}

/// What a ladder list knows of a tournament's players, by folded SGF name.
pub type Directory = BTreeMap<String, PlayerInfo>;

/// Everything the results file needs besides the games.
#[derive(Clone, Debug, Default)]
pub struct WriteOptions {
    /// The format to write.
    pub format: ResultsFormat,
    /// Tournament name; else the records' `EV`.
    pub name: Option<String>,
    /// First day (`YYYY-MM-DD` or `dd/mm/yyyy`); else the records' first date.
    pub date: Option<String>,
    /// Place (`;vill=`, `PC[]`).
    pub place: Option<String>,
    /// Licences, clubs and spellings by folded SGF name (from a ladder list, when given).
    pub directory: Directory,
}

/// Something the writer cannot decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No game at all.
    NoGames,
    /// A record that could not be read.
    Unreadable {
        /// The record (`file#game` or `file`).
        source: String,
        /// Why.
        why: String,
    },
    /// A game with no winner and no jigo (void, unknown, unfinished).
    NoResult(String),
    /// A game without `PB` or `PW`.
    MissingPlayer(String),
    /// A player with no readable rank in a game.
    NoRank {
        /// The record.
        source: String,
        /// The player.
        player: String,
    },
    /// A game with no `RO` while others have one, or with neither `RO` nor a date.
    NoRound(String),
    /// One player in two games of one round.
    TwoGamesInRound {
        /// The player.
        player: String,
        /// The round.
        round: u32,
        /// The two records.
        sources: (String, String),
    },
    /// A handicap the formats cannot write (over 9).
    Handicap(String),
    /// Even games with different komi: the header has one.
    KomiDiffers {
        /// One record of each komi: `(komi, record)`.
        komi: Vec<(String, String)>,
    },
    /// Games on boards of different sizes.
    SizeDiffers(Vec<(u8, String)>),
    /// A text ISO-8859-1 cannot write.
    NotLatin1 {
        /// The text (a name, the tournament's name).
        text: String,
        /// The first record it is in (for a player's name).
        source: Option<String>,
        /// Its first character with no ISO-8859-1 byte.
        character: char,
    },
    /// No `--name` and no `EV`, or several `EV`.
    NoName(Vec<String>),
    /// No `--date` and no dated game, or a date that cannot be read.
    NoDate(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NoGames => write!(f, "no game in the records"),
            Problem::Unreadable { source, why } => write!(f, "{source}: unreadable: {why}"),
            Problem::NoResult(s) => write!(f, "{s}: no result (RE names no winner)"),
            Problem::MissingPlayer(s) => write!(f, "{s}: PB or PW missing"),
            Problem::NoRank { source, player } => {
                write!(f, "{source}: no readable rank for {player} (BR/WR)")
            }
            Problem::NoRound(s) => write!(
                f,
                "{s}: no round (RO missing where other games have one, or neither RO nor DT)"
            ),
            Problem::TwoGamesInRound {
                player,
                round,
                sources,
            } => write!(
                f,
                "{player} plays two games in round {round}: {} and {}",
                sources.0, sources.1
            ),
            Problem::Handicap(s) => write!(f, "{s}: a handicap over 9 cannot be written"),
            Problem::KomiDiffers { komi } => {
                let list: Vec<String> = komi.iter().map(|(k, s)| format!("{k} ({s})")).collect();
                write!(f, "even games with different komi: {}", list.join(", "))
            }
            Problem::SizeDiffers(sizes) => {
                let list: Vec<String> = sizes.iter().map(|(k, s)| format!("{k} ({s})")).collect();
                write!(f, "games on different board sizes: {}", list.join(", "))
            }
            Problem::NotLatin1 {
                text,
                source,
                character,
            } => {
                if let Some(s) = source {
                    write!(f, "{s}: ")?;
                }
                write!(
                    f,
                    "`{text}`: `{character}` cannot be written in ISO-8859-1 (give the name as \
                     the ladder spells it)"
                )
            }
            Problem::NoName(names) if names.is_empty() => {
                write!(
                    f,
                    "no tournament name: give --name (the records have no EV)"
                )
            }
            Problem::NoName(names) => write!(
                f,
                "the records name several events ({}): give --name",
                names.join(", ")
            ),
            Problem::NoDate(d) if d.is_empty() => {
                write!(f, "no date: give --date (no record has a full DT)")
            }
            Problem::NoDate(d) => write!(f, "`{d}` is not a date (YYYY-MM-DD or dd/mm/yyyy)"),
        }
    }
}

/// Why no results file was written: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentError {
    /// The problems, in the records' order.
    pub problems: Vec<Problem>,
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} problem(s) to settle before a results file can be written:",
            self.problems.len()
        )?;
        for p in &self.problems {
            writeln!(f, "  {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for TournamentError {}

/// One player of the tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The name to write.
    pub name: String,
    /// Rank as the formats write it (`3D`, `12K`).
    pub rank: String,
    /// Strength for ordering: dan positive, kyu negative.
    strength: i32,
    /// What the directory knows.
    pub info: PlayerInfo,
    /// Wins.
    pub wins: u32,
    /// Cell per round column.
    pub cells: Vec<Cell>,
}

/// A tournament ready to be written.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// Name.
    pub name: String,
    /// First day, `YYYY-MM-DD`.
    pub date: String,
    /// Last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// Place.
    pub place: String,
    /// Komi of the even games.
    pub komi: Option<f64>,
    /// Board size.
    pub size: u8,
    /// Rounds (columns 1..=n).
    pub rounds: u32,
    /// Players in row order.
    pub entrants: Vec<Entrant>,
}

/// The games of a tournament's records: every game's rating view, and the records that
/// could not be read.
pub type RecordGames = (Vec<GameInput>, Vec<Failure>);

/// Reads the games of SGF inputs for a results file or a check; `None` when the batch was
/// stopped ([`BatchOptions::stop`]): a results file needs every game.
pub fn read_games(
    paths: &[PathBuf],
    opts: &BatchOptions,
) -> Result<Option<RecordGames>, BatchError> {
    let mut opts = opts.clone();
    opts.json = false;
    opts.analyze.rating_inputs = true;
    let mut kept = Collected::default();
    let summary = batch::for_each(paths, &opts, &mut |done| {
        kept.add(&done.game.report, done.game.rating);
        Ok(false)
    })?;
    Ok((!summary.interrupted).then_some((kept.games, kept.failures)))
}

/// `3d`, `3 dan`, `12k`, `1p` as the formats write ranks, with a strength to order by.
pub fn rank_of(raw: &str) -> Option<(String, i32)> {
    let s = raw.trim();
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    let n: i32 = digits.parse().ok().filter(|n| (1..=50).contains(n))?;
    let letter = s[digits.len()..].trim_start().chars().next()?;
    match letter.to_ascii_lowercase() {
        'k' if n <= 30 => Some((format!("{n}K"), -n)),
        'd' if n <= 9 => Some((format!("{n}D"), n - 1)),
        'p' if n <= 9 => Some((format!("{n}P"), n + 9)),
        _ => None,
    }
}

/// The rounds of the games: `RO` numbers when every game has one, else the dates' order.
pub(crate) fn rounds_of(games: &[GameInput], problems: &mut Vec<Problem>) -> Vec<Option<u32>> {
    let numbered: Vec<Option<u32>> = games
        .iter()
        .map(|g| match RoundKey::parse(g.round.as_deref()) {
            RoundKey::Num(n, _) => u32::try_from(n).ok().filter(|n| (1..=99).contains(n)),
            _ => None,
        })
        .collect();
    if numbered.iter().any(Option::is_some) {
        for (g, r) in games.iter().zip(&numbered) {
            if r.is_none() {
                problems.push(Problem::NoRound(g.source()));
            }
        }
        return numbered;
    }
    let days: Vec<Option<DateKey>> = games
        .iter()
        .map(|g| {
            g.date
                .as_deref()
                .and_then(DateKey::parse)
                .filter(|d| d.day != 0)
        })
        .collect();
    let order: BTreeSet<DateKey> = days.iter().flatten().copied().collect();
    games
        .iter()
        .zip(days)
        .map(|(g, d)| {
            let r = d.and_then(|d| order.iter().position(|o| *o == d));
            if r.is_none() {
                problems.push(Problem::NoRound(g.source()));
            }
            r.and_then(|r| u32::try_from(r + 1).ok())
        })
        .collect()
}

/// `YYYY-MM-DD` from `YYYY-MM-DD` or `dd/mm/yyyy`.
fn iso(date: &str) -> Option<String> {
    if let Some(d) = super::tou::iso_date(date) {
        return Some(d);
    }
    let k = DateKey::parse(date).filter(|k| k.day != 0)?;
    Some(format!("{:04}-{:02}-{:02}", k.year, k.month, k.day))
}

/// One game placed in the table: Black's and White's ids, the round, and each side's half.
type Placed = (usize, usize, u32, HalfGame, HalfGame);

/// What the records say, game by game, before the table is drawn.
struct Entries<'a> {
    opts: &'a WriteOptions,
    /// Every problem found so far, in the records' order.
    problems: Vec<Problem>,
    /// Players' folded names, in order of first appearance.
    keys: Vec<String>,
    /// Players by folded name.
    entrants: BTreeMap<String, Entrant>,
    /// Each player's first record.
    first_source: BTreeMap<String, String>,
    /// Each player's record in each round (a second one is a problem).
    seen: BTreeMap<(String, u32), String>,
    /// The games with a round.
    placed: Vec<Placed>,
    /// The komi of the even games, each with the first record that has it.
    komi: BTreeMap<String, String>,
    /// The board sizes, each with the first record that has it.
    sizes: BTreeMap<u8, String>,
}

impl<'a> Entries<'a> {
    fn new(opts: &'a WriteOptions, problems: Vec<Problem>) -> Self {
        Entries {
            opts,
            problems,
            keys: Vec::new(),
            entrants: BTreeMap::new(),
            first_source: BTreeMap::new(),
            seen: BTreeMap::new(),
            placed: Vec::new(),
            komi: BTreeMap::new(),
            sizes: BTreeMap::new(),
        }
    }

    /// Enters one game: its players, its terms, and its place in its round.
    fn add(&mut self, g: &GameInput, round: Option<u32>) {
        let source = g.source();
        let (Some(black), Some(white)) = (g.black.as_deref(), g.white.as_deref()) else {
            self.problems.push(Problem::MissingPlayer(source));
            return;
        };
        let ids = [
            self.player(black, g.black_rank.as_deref(), &source, round),
            self.player(white, g.white_rank.as_deref(), &source, round),
        ];
        let Some((black_outcome, forfeit, handicap)) = self.terms(g, &source) else {
            return;
        };
        let Some(r) = round else { return };
        let half = |opponent: usize, outcome: Outcome, colour| HalfGame {
            opponent,
            outcome,
            forfeit,
            colour: Some(colour),
            handicap: Some(handicap),
        };
        self.placed.push((
            ids[0],
            ids[1],
            r,
            half(ids[1], black_outcome, Colour::Black),
            half(ids[0], black_outcome.opposite(), Colour::White),
        ));
    }

    /// The player's id, entered at their first game (which must give a rank; without one
    /// the id is 0 and the problem is noted).
    fn player(
        &mut self,
        name: &str,
        rank: Option<&str>,
        source: &str,
        round: Option<u32>,
    ) -> usize {
        let key = fold_name(name);
        if !self.entrants.contains_key(&key) {
            let Some((rank, strength)) = rank.and_then(rank_of) else {
                self.problems.push(Problem::NoRank {
                    source: source.to_string(),
                    player: name.to_string(),
                });
                return 0;
            };
            let info = self.opts.directory.get(&key).cloned().unwrap_or_default();
            let written = info
                .name
                .clone()
                .unwrap_or_else(|| name.split_whitespace().collect::<Vec<_>>().join(" "));
            self.entrants.insert(
                key.clone(),
                Entrant {
                    name: written,
                    rank,
                    strength,
                    info,
                    wins: 0,
                    cells: Vec::new(),
                },
            );
            self.keys.push(key.clone());
            self.first_source.insert(key.clone(), source.to_string());
        }
        let id = self.keys.iter().position(|k| *k == key).unwrap_or(0);
        if let Some(r) = round
            && let Some(other) = self.seen.insert((key, r), source.to_string())
        {
            self.problems.push(Problem::TwoGamesInRound {
                player: name.to_string(),
                round: r,
                sources: (other, source.to_string()),
            });
        }
        id
    }

    /// Black's outcome, whether it was a forfeit, and the handicap as the formats write it;
    /// `None` (with the problem noted) when the record gives no usable result or handicap.
    fn terms(&mut self, g: &GameInput, source: &str) -> Option<(Outcome, bool, u8)> {
        let (black_outcome, forfeit) = match (g.winner, g.kind) {
            (Winner::Black, k) => (Outcome::Win, k == Some(ResultKind::Forfeit)),
            (Winner::White, k) => (Outcome::Loss, k == Some(ResultKind::Forfeit)),
            (Winner::Draw, _) => (Outcome::Jigo, false),
            _ => {
                self.problems.push(Problem::NoResult(source.to_string()));
                return None;
            }
        };
        let mut handicap = match u8::try_from(g.handicap) {
            Ok(h) if h <= 9 => h,
            _ => {
                self.problems.push(Problem::Handicap(source.to_string()));
                return None;
            }
        };
        if handicap == 0 {
            // An even game without komi is handicap 1 in both formats.
            match g.komi {
                Some(k) if k.abs() <= 0.5 => handicap = 1,
                Some(k) => {
                    self.komi
                        .entry(k.to_string())
                        .or_insert_with(|| source.to_string());
                }
                None => {}
            }
        }
        self.sizes
            .entry(g.width)
            .or_insert_with(|| source.to_string());
        Some((black_outcome, forfeit, handicap))
    }

    /// One komi and one board size for the whole tournament, as both formats hold.
    fn check_uniform(&mut self) {
        if self.komi.len() > 1 {
            self.problems.push(Problem::KomiDiffers {
                komi: self.komi.clone().into_iter().collect(),
            });
        }
        if self.sizes.len() > 1 {
            self.problems.push(Problem::SizeDiffers(
                self.sizes.clone().into_iter().collect(),
            ));
        }
    }

    /// The tournament's name: `--name`, else the records' one `EV`.
    fn name(&mut self, games: &[GameInput]) -> Option<String> {
        if let Some(n) = &self.opts.name {
            return Some(n.clone());
        }
        let events: BTreeSet<String> = games
            .iter()
            .filter_map(|g| g.event.as_deref().map(str::trim).map(str::to_string))
            .filter(|e| !e.is_empty())
            .collect();
        if events.len() == 1 {
            events.into_iter().next()
        } else {
            self.problems
                .push(Problem::NoName(events.into_iter().collect()));
            None
        }
    }

    /// The first day: `--date`, else the records' first day.
    fn date(&mut self, days: &BTreeSet<String>) -> Option<String> {
        let date = match &self.opts.date {
            Some(d) => iso(d).ok_or_else(|| d.clone()),
            None => days.first().cloned().ok_or_else(String::new),
        };
        date.map_err(|d| self.problems.push(Problem::NoDate(d)))
            .ok()
    }

    /// Every name and text the file will hold must be written in ISO-8859-1.
    fn check_latin1(&mut self, name: Option<&String>) {
        let players = self.keys.iter().filter_map(|k| {
            Some((
                &self.entrants.get(k)?.name,
                self.first_source.get(k).cloned(),
            ))
        });
        let others = name
            .into_iter()
            .chain(self.opts.place.iter())
            .map(|t| (t, None));
        for (text, source) in players.chain(others) {
            if let Err(character) = encode_latin1(text) {
                self.problems.push(Problem::NotLatin1 {
                    text: text.clone(),
                    source,
                    character,
                });
            }
        }
    }

    /// The entrants in row order (most wins first, then the strongest, then by name), each
    /// with a cell per round column and opponents named by row.
    fn standings(&self, columns: u32) -> Vec<Entrant> {
        let mut list: Vec<Entrant> = self
            .keys
            .iter()
            .filter_map(|k| self.entrants.get(k).cloned())
            .collect();
        for e in &mut list {
            e.cells = vec![Cell::NoGame(Outcome::Jigo); columns as usize];
        }
        for (b, w, r, hb, hw) in &self.placed {
            let col = (*r - 1) as usize;
            for (id, h) in [(*b, hb), (*w, hw)] {
                if let Some(e) = list.get_mut(id) {
                    if h.outcome == Outcome::Win {
                        e.wins += 1;
                    }
                    if let Some(c) = e.cells.get_mut(col) {
                        *c = Cell::Game(*h);
                    }
                }
            }
        }
        let mut order: Vec<usize> = (0..list.len()).collect();
        order.sort_by(|a, b| {
            let (x, y) = (&list[*a], &list[*b]);
            y.wins
                .cmp(&x.wins)
                .then(y.strength.cmp(&x.strength))
                .then(x.name.cmp(&y.name))
        });
        let mut row_of = vec![0usize; list.len()];
        for (row, id) in order.iter().enumerate() {
            row_of[*id] = row + 1;
        }
        order
            .iter()
            .map(|id| {
                let mut e = list[*id].clone();
                for c in &mut e.cells {
                    if let Cell::Game(h) = c {
                        h.opponent = row_of[h.opponent];
                    }
                }
                e
            })
            .collect()
    }
}

impl Tournament {
    /// The tournament of `games` (failures are records that could not be read), or every
    /// problem that stops it being written.
    pub fn from_games(
        games: &[GameInput],
        failures: &[Failure],
        opts: &WriteOptions,
    ) -> Result<Tournament, TournamentError> {
        let mut problems: Vec<Problem> = failures
            .iter()
            .map(|f| Problem::Unreadable {
                source: f.source(),
                why: f.reason(),
            })
            .collect();
        if games.is_empty() {
            problems.push(Problem::NoGames);
            return Err(TournamentError { problems });
        }
        let rounds = rounds_of(games, &mut problems);
        let mut entries = Entries::new(opts, problems);
        for (g, round) in games.iter().zip(&rounds) {
            entries.add(g, *round);
        }
        entries.check_uniform();
        let name = entries.name(games);
        let days: BTreeSet<String> = games
            .iter()
            .filter_map(|g| g.date.as_deref().and_then(iso))
            .collect();
        let date = entries.date(&days);
        entries.check_latin1(name.as_ref());
        let (Some(name), Some(date)) = (name, date) else {
            return Err(TournamentError {
                problems: entries.problems,
            });
        };
        if !entries.problems.is_empty() {
            return Err(TournamentError {
                problems: entries.problems,
            });
        }
        let columns = rounds.iter().flatten().copied().max().unwrap_or(0);
        let end_date = days.last().cloned().unwrap_or_else(|| date.clone());
        Ok(Tournament {
            name,
            end_date: end_date.max(date.clone()),
            date,
            place: opts.place.clone().unwrap_or_default(),
            komi: entries.komi.keys().next().and_then(|k| k.parse().ok()),
            size: entries.sizes.keys().next().copied().unwrap_or(19),
            rounds: columns,
            entrants: entries.standings(columns),
        })
    }

    /// The results file's text in `format`.
    pub fn text(&self, format: ResultsFormat) -> String {
        let komi = self.komi.map_or(String::new(), |k| k.to_string());
        let mut lines: Vec<String> = Vec::new();
        match format {
            ResultsFormat::Tou => {
                // `date` is `YYYY-MM-DD`; written `dd/mm/yyyy` (as given if it is not).
                let parts: Vec<&str> = self.date.split('-').collect();
                let date = match parts[..] {
                    [y, m, d] => format!("{d}/{m}/{y}"),
                    _ => self.date.clone(),
                };
                lines.push(format!(";name={}", self.name));
                lines.push(format!(";date={date}"));
                lines.push(format!(";vill={}", self.place));
                lines.push(format!(";comm={}", self.name));
                lines.push(";prog=echelle".into());
                lines.push(format!(";size={}", self.size));
                lines.push(format!(";komi={komi}"));
                lines.push("; Generated by echelle".into());
                lines.push(";Num Nom Prenom               Niv Licence Club".into());
            }
            ResultsFormat::H9 => {
                lines.push(format!("; EV[{}]", self.name));
                lines.push(format!("; PC[,{}]", self.place));
                lines.push(format!("; DT[{},{}]", self.date, self.end_date));
                lines.push(format!("; KM[{komi}]"));
                lines.push("; Generated by echelle".into());
                lines.push(";".into());
                lines.push("; Pl Name                            Rk Co Club  NBW".into());
            }
        }
        for (i, e) in self.entrants.iter().enumerate() {
            let name: String = e.name.chars().take(25).collect();
            let mut line = match format {
                ResultsFormat::Tou => {
                    let licence = e.info.licence.as_deref().unwrap_or("");
                    let club = e.info.club.as_deref().unwrap_or("");
                    format!(
                        "{:>4} {name:<25}{:>3} {licence:>7} {club:>4}",
                        i + 1,
                        e.rank
                    )
                }
                ResultsFormat::H9 => {
                    let name: String = e.name.chars().take(30).collect();
                    let country = e.info.country.as_deref().filter(|c| c.len() == 2);
                    let club = e.info.club.as_deref().filter(|c| !c.is_empty());
                    format!(
                        "{:>4} {name:<30} {:>3} {} {:>4} {:>4} 0 0 0",
                        i + 1,
                        e.rank,
                        country.unwrap_or("XX"),
                        club.unwrap_or("xxxx"),
                        e.wins
                    )
                }
            };
            for c in &e.cells {
                let c = match (format, c) {
                    // A forfeit's points without a game (see the module doc).
                    (ResultsFormat::Tou, Cell::Game(h)) if h.forfeit => Cell::NoGame(h.outcome),
                    _ => *c,
                };
                match format {
                    ResultsFormat::Tou => line.push_str(&cell::write(&c, Spelling::Tou)),
                    ResultsFormat::H9 => {
                        line.push(' ');
                        line.push_str(&cell::write(&c, Spelling::H9));
                    }
                }
            }
            lines.push(line);
        }
        let mut text = lines.join("\n");
        text.push('\n');
        text
    }

    /// The results file's bytes in `format`, in ISO-8859-1.
    pub fn bytes(&self, format: ResultsFormat) -> Result<Vec<u8>, TournamentError> {
        encode_latin1(&self.text(format)).map_err(|character| TournamentError {
            problems: vec![Problem::NotLatin1 {
                text: self.name.clone(),
                source: None,
                character,
            }],
        })
    }
}

#[cfg(test)]
mod tests;

/// The directory of a tournament's players from the federation's list (`results
/// --ladder`): each record's player matched to a row as `rate --ladder` matches them (the
/// alias file's licence, else the folded name), with the report of every match that needed
/// folding and every near miss. A player no row matches keeps the record's spelling.
pub fn directory(
    list: crate::federation::LadderList,
    games: &[GameInput],
    aliases: Option<&str>,
) -> Result<(Directory, crate::rating::identify::IdentityReport), crate::rating::RateError> {
    use crate::federation::ladder_list::Club;
    use crate::rating::events::Identity;
    use crate::rating::identify::Matcher;
    let mut id = Identity::from_aliases(aliases)?;
    let mut matcher = Matcher::new(list);
    let mut resolved: BTreeMap<String, String> = BTreeMap::new();
    for raw in games
        .iter()
        .flat_map(|g| [g.black.as_deref(), g.white.as_deref()])
        .flatten()
    {
        let folded = fold_name(raw);
        if folded.is_empty() || resolved.contains_key(&folded) {
            continue;
        }
        let key = id.key(raw);
        let row_key = matcher.resolve(&key, raw, None, &mut id);
        resolved.insert(folded, row_key);
    }
    let (list, report, rows) = matcher.finish();
    let mut dir = BTreeMap::new();
    for (folded, row_key) in resolved {
        let Some(row) = rows.get(&row_key).and_then(|&i| list.row(i)) else {
            continue;
        };
        let (club, country) = match row.club() {
            Club::Code(c) => (Some(c.to_string()), row.country.clone()),
            Club::Country(c) => (None, Some(c.to_string())),
            Club::Placeholder | Club::Empty => (None, row.country.clone()),
        };
        dir.insert(
            folded,
            PlayerInfo {
                name: Some(row.name.clone()),
                licence: row.licence.clone(),
                club,
                country: country
                    .map(|c| c.trim().to_string())
                    .filter(|c| !c.is_empty()),
            },
        );
    }
    Ok((dir, report))
}
