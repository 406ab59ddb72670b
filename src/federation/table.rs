//! A results table read whole: its header, its players (row numbers are positions in the
//! table, not the printed places, which are blank for ties), their round cells, and every
//! game checked for symmetry — A's cell against B has its answer in B's row, the same round,
//! with the opposite result, the other colour, the same handicap and the same type.
//!
//! A bad line (too short, a cell that does not parse, an opponent past the table) is an
//! error with its line number; the rest of the file is still read, and a broken row keeps
//! its row number so that the opponents after it are still found.

use super::ResultsFormat;
use super::cell::{self, Cell, CellError, Colour, HalfGame, Outcome};
use super::results_text;
use super::{h9, tou};
use crate::rating::GameInput;
use crate::record::{ResultKind, Winner};
use serde::Serialize;
use std::fmt;

/// A header line: its key (`name`, `date`… for `.tou`; `EV`, `DT`… for `.h9`) and value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeaderLine {
    /// The key as the format writes it (`.tou` keys lower-cased).
    pub key: String,
    /// The value, trimmed.
    pub value: String,
}

/// What the header says about the tournament.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Header {
    /// Name (`;name=` / `EV[]`).
    pub name: Option<String>,
    /// First day, `YYYY-MM-DD` (`;date=dd/mm/yyyy` / `DT[first,last]`).
    pub date: Option<String>,
    /// Last day (`.h9` only).
    pub end_date: Option<String>,
    /// Place (`;vill=` / `PC[country,place]`).
    pub place: Option<String>,
    /// Komi of even games (`;komi=` / `KM[]`).
    pub komi: Option<f64>,
    /// Board size (`;size=`; `.h9` has none).
    pub size: Option<u8>,
    /// Every header line, in file order.
    pub lines: Vec<HeaderLine>,
}

/// A row's identity columns, as text (trimmed; empty when blank).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Identity {
    /// The printed place (blank for a tie).
    pub place: String,
    /// `Surname Given` as written (`_` kept).
    pub name: String,
    /// Rank (`3D`, `12k`).
    pub rank: String,
    /// FFG licence (`.tou`).
    pub licence: String,
    /// Country (`.h9`).
    pub country: String,
    /// Club.
    pub club: String,
}

/// The characters `from..to` of a line, trimmed (what is there when the line is shorter).
pub fn slice(chars: &[char], from: usize, to: usize) -> String {
    let to = to.min(chars.len());
    let from = from.min(to);
    chars[from..to]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// One player row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRow {
    /// Row number, from 1: how the cells name opponents.
    pub row: usize,
    /// Line number in the file.
    pub line: usize,
    /// The identity columns.
    pub identity: Identity,
    /// One cell per round column; `None` when the cell is missing or unreadable.
    #[serde(skip)]
    pub cells: Vec<Option<Cell>>,
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineErrorKind {
    /// The row ends before its identity columns do.
    Truncated {
        /// Characters in the line.
        chars: usize,
        /// Characters the identity columns need.
        needed: usize,
    },
    /// Neither a header, a comment nor a row (the place field is not a number).
    NotARow,
    /// The rank column holds no rank: the columns are not where the format puts them.
    NotARank(String),
    /// A round cell that does not parse.
    BadCell {
        /// Round column, from 1.
        column: usize,
        /// The cell as written.
        token: String,
        /// Why.
        error: CellError,
    },
    /// A cell names an opponent row the table does not have.
    OpponentPastTable {
        /// Round column, from 1.
        column: usize,
        /// The row named.
        opponent: usize,
        /// Rows in the table.
        rows: usize,
    },
    /// A cell names its own row.
    OpponentIsSelf {
        /// Round column, from 1.
        column: usize,
    },
    /// Fewer round cells than the table has rounds.
    MissingCells {
        /// Cells in this row.
        has: usize,
        /// Round columns in the table.
        expected: usize,
    },
    /// A header value that cannot be read (a date, a komi, a size).
    BadHeader {
        /// The key.
        key: String,
        /// The value.
        value: String,
    },
}

/// An error on one line of a results file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// Line number in the file, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: LineErrorKind,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            LineErrorKind::Truncated { chars, needed } => write!(
                f,
                "truncated row: {chars} characters, its identity columns need {needed}"
            ),
            LineErrorKind::NotARow => write!(f, "not a header, a comment or a player row"),
            LineErrorKind::NotARank(r) => write!(
                f,
                "`{r}` in the rank column is not a rank (the columns are shifted)"
            ),
            LineErrorKind::BadCell {
                column,
                token,
                error,
            } => write!(f, "round column {column}: cell `{token}` {error}"),
            LineErrorKind::OpponentPastTable {
                column,
                opponent,
                rows,
            } => write!(
                f,
                "round column {column}: opponent {opponent} is past the table ({rows} rows)"
            ),
            LineErrorKind::OpponentIsSelf { column } => {
                write!(f, "round column {column}: the opponent is the row itself")
            }
            LineErrorKind::MissingCells { has, expected } => write!(
                f,
                "{has} round cells where the table has {expected} (a truncated line?)"
            ),
            LineErrorKind::BadHeader { key, value } => {
                write!(f, "header `{key}`: cannot read `{value}`")
            }
        }
    }
}

/// Why a whole results file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultsError {
    /// No header and no row anywhere (and no embedded table start).
    NoTable,
    /// A header but no player row.
    NoRows,
}

impl fmt::Display for ResultsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultsError::NoTable => write!(f, "no results table found"),
            ResultsError::NoRows => write!(f, "the results table has no player row"),
        }
    }
}

impl std::error::Error for ResultsError {}

/// How a game's two cells agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Both cells tell the same game.
    Agrees,
    /// `+` on both rows (OpenGotha's both-win): unratable.
    BothWon,
    /// `-` on both rows (both-lose): unratable.
    BothLost,
    /// Results that are not each other's opposite (`+` against `=`…): unratable.
    ResultsDisagree,
    /// Both rows played the same colour: unratable.
    SameColour,
    /// The handicaps differ: unratable.
    HandicapDiffers,
    /// A forfeit on one row only: unratable.
    ForfeitDiffers,
    /// The opponent's cell of that round names someone else, or no game: unratable.
    OneSided,
    /// Neither cell says who had Black: unratable.
    ColourUnknown,
}

impl Symmetry {
    /// True when the two cells make a game that can be rated.
    pub fn ratable(self) -> bool {
        self == Symmetry::Agrees
    }

    /// What a person reads.
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::Agrees => "agrees",
            Symmetry::BothWon => "both rows won (+/+)",
            Symmetry::BothLost => "both rows lost (-/-)",
            Symmetry::ResultsDisagree => "the results are not opposite",
            Symmetry::SameColour => "both rows played the same colour",
            Symmetry::HandicapDiffers => "the handicaps differ",
            Symmetry::ForfeitDiffers => "a forfeit on one row only",
            Symmetry::OneSided => "the opponent's cell does not answer",
            Symmetry::ColourUnknown => "no cell says who had Black",
        }
    }
}

/// One game of the table: a pair of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct TableGame {
    /// Round column, from 1.
    pub column: usize,
    /// The round it was (the column's round number).
    pub round: u32,
    /// The row the game is read from (the lower one, when both cells are there).
    pub first: usize,
    /// The other row.
    pub second: usize,
    /// The first row's cell.
    pub half: HalfGame,
    /// The second row's cell, when it names the first row back.
    pub answer: Option<HalfGame>,
    /// How the two agree.
    pub symmetry: Symmetry,
}

impl TableGame {
    /// The first row's colour, from its own cell or else its opponent's.
    pub fn first_colour(&self) -> Option<Colour> {
        self.half
            .colour
            .or_else(|| self.answer.and_then(|a| a.colour).map(Colour::other))
    }

    /// The rows as `(black, white)`; `None` when no cell says.
    pub fn colours(&self) -> Option<(usize, usize)> {
        match self.first_colour()? {
            Colour::Black => Some((self.first, self.second)),
            Colour::White => Some((self.second, self.first)),
        }
    }

    /// The winner, when the game can be rated.
    pub fn winner(&self) -> Winner {
        if !self.symmetry.ratable() {
            return Winner::Unknown;
        }
        let Some(colour) = self.first_colour() else {
            return Winner::Unknown;
        };
        let win = |c: Colour| match c {
            Colour::Black => Winner::Black,
            Colour::White => Winner::White,
        };
        match self.half.outcome {
            Outcome::Win => win(colour),
            Outcome::Loss => win(colour.other()),
            Outcome::Jigo => Winner::Draw,
            Outcome::Unknown => Winner::Unknown,
        }
    }

    /// The handicap digit (0 when left out).
    pub fn handicap(&self) -> u8 {
        self.half.handicap.unwrap_or(0)
    }
}

/// A results file read whole.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultsTable {
    /// The file's name.
    pub file: String,
    /// Its format.
    pub format: ResultsFormat,
    /// The encoding its table was read in.
    pub encoding: &'static str,
    /// True when the table was found inside another text.
    pub embedded: bool,
    /// The header.
    pub header: Header,
    /// The round number of each column (from the name's `Ronde 1, 3, 4, 6`, else 1, 2, 3…).
    pub rounds: Vec<u32>,
    /// The players, in row order.
    pub players: Vec<PlayerRow>,
    /// The games, by column then first row.
    pub games: Vec<TableGame>,
    /// Cells with no game (byes, absences).
    pub no_games: usize,
    /// The lines that could not be read, in line order.
    pub errors: Vec<LineError>,
}

/// The rounds a tournament name lists after `Ronde`/`Round` (`… - Ronde 1, 3, 4, 6`), when
/// they are as many as the columns.
fn rounds_in_name(name: &str, columns: usize) -> Option<Vec<u32>> {
    let lower = name.to_lowercase();
    let at = ["ronde", "round", "rounds", "rondes"]
        .iter()
        .filter_map(|w| lower.rfind(w).map(|i| i + w.len()))
        .max()?;
    let rest = lower.get(at..)?.trim_start_matches('s');
    let rounds: Vec<u32> = rest
        .split([',', ' '])
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    (rounds.len() == columns && columns > 0).then_some(rounds)
}

/// Whether a rank column holds a rank (`3D`, `12k`, `1p`).
fn is_rank(r: &str) -> bool {
    let digits = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (1..=2).contains(&digits) && matches!(&r[digits..], "k" | "K" | "d" | "D" | "p" | "P")
}

impl Header {
    fn take(&mut self, format: ResultsFormat, line: HeaderLine, n: usize) -> Option<LineError> {
        let bad = || LineError {
            line: n,
            kind: LineErrorKind::BadHeader {
                key: line.key.clone(),
                value: line.value.clone(),
            },
        };
        let v = line.value.clone();
        let mut error = None;
        match (format, line.key.as_str()) {
            (ResultsFormat::Tou, "name") | (ResultsFormat::H9, "EV") => self.name = Some(v),
            (ResultsFormat::Tou, "vill") => self.place = Some(v),
            (ResultsFormat::H9, "PC") => {
                // `PC[country,place]`: the place may itself hold commas.
                let place = v.split_once(',').map_or(v.as_str(), |(_, p)| p).trim();
                self.place = Some(place.to_string());
            }
            (ResultsFormat::Tou, "date") => match tou::iso_date(&v) {
                Some(d) => self.date = Some(d),
                None => error = Some(bad()),
            },
            (ResultsFormat::H9, "DT") => {
                let mut days = v.split(',').map(str::trim);
                let ok =
                    |d: &str| crate::rating::events::DateKey::parse(d).is_some_and(|k| k.day != 0);
                match days.next().filter(|d| ok(d)) {
                    Some(d) => self.date = Some(d.to_string()),
                    None => error = Some(bad()),
                }
                self.end_date = days.next().filter(|d| ok(d)).map(str::to_string);
            }
            (ResultsFormat::Tou, "komi") | (ResultsFormat::H9, "KM") => {
                match v.replace(',', ".").parse::<f64>() {
                    Ok(k) if k.is_finite() => self.komi = Some(k),
                    _ => error = Some(bad()),
                }
            }
            (ResultsFormat::Tou, "size") => match v.parse::<u8>() {
                Ok(s) if (2..=52).contains(&s) => self.size = Some(s),
                _ => error = Some(bad()),
            },
            _ => {}
        }
        self.lines.push(line);
        error
    }
}

/// Reads a results file of `format` from its bytes.
pub fn read(file: &str, bytes: &[u8], format: ResultsFormat) -> Result<ResultsTable, ResultsError> {
    let text = results_text::table_text(bytes, format).ok_or(ResultsError::NoTable)?;
    let mut header = Header::default();
    let mut errors = Vec::new();
    let mut players = Vec::new();
    let mut tokens: Vec<Vec<String>> = Vec::new();
    for (n, line) in &text.lines {
        let n = *n;
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with(';') {
            let h = match format {
                ResultsFormat::Tou => tou::header_line(line),
                ResultsFormat::H9 => h9::header_line(line),
            };
            if let Some(h) = h {
                errors.extend(header.take(format, h, n));
            }
            continue;
        }
        if let Some((player, rest)) = read_row(format, n, line, players.len() + 1, &mut errors) {
            players.push(player);
            tokens.push(rest);
        }
    }
    if players.is_empty() {
        return Err(if header.lines.is_empty() {
            ResultsError::NoTable
        } else {
            ResultsError::NoRows
        });
    }
    let columns = tokens.iter().map(Vec::len).max().unwrap_or(0);
    read_cells(&mut players, &tokens, columns, &mut errors);
    errors.sort_by_key(|e| e.line);
    let rounds = header
        .name
        .as_deref()
        .and_then(|n| rounds_in_name(n, columns))
        .unwrap_or_else(|| (1..).take(columns).collect());
    let (games, no_games) = pair_cells(&players, &rounds);
    Ok(ResultsTable {
        file: file.to_string(),
        format,
        encoding: text.encoding,
        embedded: text.embedded,
        header,
        rounds,
        players,
        games,
        no_games,
        errors,
    })
}

/// The table row `row` on line `n`: its identity (what there is of it when the fixed
/// columns are broken) and its cell tokens; `None` for a line that is no row. The line's
/// errors are pushed to `errors`.
fn read_row(
    format: ResultsFormat,
    n: usize,
    line: &str,
    row: usize,
    errors: &mut Vec<LineError>,
) -> Option<(PlayerRow, Vec<String>)> {
    let chars: Vec<char> = line.chars().collect();
    let place_ok = chars.len() > 4
        && chars[..4].iter().all(|c| *c == ' ' || c.is_ascii_digit())
        && chars[4] == ' ';
    if !place_ok {
        errors.push(LineError {
            line: n,
            kind: LineErrorKind::NotARow,
        });
        return None;
    }
    let id = match format {
        ResultsFormat::Tou => tou::identity(&chars),
        ResultsFormat::H9 => h9::identity(&chars),
    };
    let (identity, from) = match id {
        Ok((id, from)) if is_rank(&id.rank) => (id, from),
        Ok((id, _)) => {
            errors.push(LineError {
                line: n,
                kind: LineErrorKind::NotARank(id.rank.clone()),
            });
            (id, chars.len())
        }
        Err(kind) => {
            errors.push(LineError { line: n, kind });
            // What there is of the name still names the row in the lists.
            let name_end = match format {
                ResultsFormat::Tou => 30,
                ResultsFormat::H9 => 36,
            };
            let partial = Identity {
                place: slice(&chars, 0, 4),
                name: slice(&chars, 5, name_end),
                ..Identity::default()
            };
            (partial, chars.len())
        }
    };
    let mut rest: Vec<String> = chars[from..]
        .iter()
        .collect::<String>()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if format == ResultsFormat::H9 {
        // The placement criteria come before the first cell.
        let first = rest
            .iter()
            .position(|t| cell::looks_like_cell(t))
            .unwrap_or(rest.len());
        rest.drain(..first);
    }
    let player = PlayerRow {
        row,
        line: n,
        identity,
        cells: Vec::new(),
    };
    Some((player, rest))
}

/// Each row's cells parsed from its `tokens`, `columns` of them (a missing one is `None`),
/// every opponent checked against the table; the errors pushed to `errors`.
fn read_cells(
    players: &mut [PlayerRow],
    tokens: &[Vec<String>],
    columns: usize,
    errors: &mut Vec<LineError>,
) {
    let rows = players.len();
    let broken: std::collections::BTreeSet<usize> = errors.iter().map(|e| e.line).collect();
    for (p, toks) in players.iter_mut().zip(tokens) {
        // A row already in error (too short, shifted columns) is not told again.
        if toks.len() < columns && !broken.contains(&p.line) {
            errors.push(LineError {
                line: p.line,
                kind: LineErrorKind::MissingCells {
                    has: toks.len(),
                    expected: columns,
                },
            });
        }
        for (c, t) in toks.iter().enumerate() {
            let column = c + 1;
            let bad = |kind| LineError { line: p.line, kind };
            let parsed = match cell::parse(t) {
                Ok(Cell::Game(h)) if h.opponent > rows => {
                    errors.push(bad(LineErrorKind::OpponentPastTable {
                        column,
                        opponent: h.opponent,
                        rows,
                    }));
                    None
                }
                Ok(Cell::Game(h)) if h.opponent == p.row => {
                    errors.push(bad(LineErrorKind::OpponentIsSelf { column }));
                    None
                }
                Ok(c) => Some(c),
                Err(error) => {
                    errors.push(bad(LineErrorKind::BadCell {
                        column,
                        token: t.clone(),
                        error,
                    }));
                    None
                }
            };
            p.cells.push(parsed);
        }
        p.cells.resize(columns, None);
    }
}

/// How the answer `b` (row `second`'s cell) agrees with `a` (row `first`'s cell).
fn symmetry(a: &HalfGame, b: &HalfGame) -> Symmetry {
    match (a.outcome, b.outcome) {
        (Outcome::Win, Outcome::Win) => return Symmetry::BothWon,
        (Outcome::Loss, Outcome::Loss) => return Symmetry::BothLost,
        (x, y) if x.opposite() != y => return Symmetry::ResultsDisagree,
        _ => {}
    }
    if a.forfeit != b.forfeit {
        return Symmetry::ForfeitDiffers;
    }
    if a.handicap.unwrap_or(0) != b.handicap.unwrap_or(0) {
        return Symmetry::HandicapDiffers;
    }
    match (a.colour, b.colour) {
        (Some(x), Some(y)) if x == y => Symmetry::SameColour,
        (None, None) => Symmetry::ColourUnknown,
        _ => Symmetry::Agrees,
    }
}

/// Every game of the table, by column then row, and the number of no-game cells.
fn pair_cells(players: &[PlayerRow], rounds: &[u32]) -> (Vec<TableGame>, usize) {
    let mut games = Vec::new();
    let mut no_games = 0;
    for (c, round) in rounds.iter().enumerate() {
        let cell_of = |row: usize| {
            players
                .get(row - 1)
                .and_then(|p| p.cells.get(c))
                .copied()
                .flatten()
        };
        for p in players {
            let half = match cell_of(p.row) {
                Some(Cell::Game(h)) => h,
                Some(Cell::NoGame(_)) => {
                    no_games += 1;
                    continue;
                }
                None => continue,
            };
            let answer = match cell_of(half.opponent) {
                Some(Cell::Game(b)) if b.opponent == p.row => Some(b),
                _ => None,
            };
            // A pair whose cells answer each other is read once, from its lower row.
            if answer.is_some() && half.opponent < p.row {
                continue;
            }
            let symmetry = answer.map_or(Symmetry::OneSided, |b| symmetry(&half, &b));
            games.push(TableGame {
                column: c + 1,
                round: *round,
                first: p.row,
                second: half.opponent,
                half,
                answer,
                symmetry,
            });
        }
    }
    (games, no_games)
}

impl ResultsTable {
    /// The player of a row.
    pub fn player(&self, row: usize) -> Option<&PlayerRow> {
        self.players.get(row.checked_sub(1)?)
    }

    /// The games that cannot be rated because their two cells disagree, or say no colour.
    pub fn unratable(&self) -> impl Iterator<Item = &TableGame> {
        self.games.iter().filter(|g| !g.symmetry.ratable())
    }

    /// The label of a game in lists: `round R: A (row) - B (row)`.
    pub fn label(&self, g: &TableGame) -> String {
        let name = |r: usize| {
            self.player(r)
                .map_or_else(|| "?".to_string(), |p| p.identity.name.clone())
        };
        format!(
            "round {}: {} (row {}) - {} (row {})",
            g.round,
            name(g.first),
            g.first,
            name(g.second),
            g.second
        )
    }

    /// Every game as a rating event: the tournament's date and name, the column's round,
    /// the handicap (0 is an even game with the header's komi; 1 an even game without komi;
    /// 2–9 stones, komi left to the engines' default of 0.5). A game whose cells disagree,
    /// or say no colour, has no winner (rated nowhere, listed by [`Self::unratable`]).
    pub fn game_inputs(&self) -> Vec<GameInput> {
        let size = self.header.size.unwrap_or(19);
        self.games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let (black, white) = g.colours().unwrap_or((g.first, g.second));
                let handicap = g.handicap();
                let player = |r: usize| self.player(r).map(|p| &p.identity);
                let nonempty = |s: &str| (!s.is_empty()).then(|| s.to_string());
                // `_` is the formats' blank inside a part (`MOREAU Léa_Marie`): a person's
                // name has the blank; matching folds either.
                let spoken = |s: &str| s.replace('_', " ");
                // `-------` is the lists' spelling of no licence.
                let licence = |s: &str| (!s.trim_matches('-').is_empty()).then(|| s.to_string());
                let kind = match (g.half.forfeit, g.half.outcome) {
                    (true, _) => Some(ResultKind::Forfeit),
                    (false, Outcome::Jigo) => Some(ResultKind::Score),
                    (false, Outcome::Unknown) => None,
                    (false, _) => Some(ResultKind::Other),
                };
                GameInput {
                    file: self.file.clone(),
                    game: u32::try_from(i).unwrap_or(u32::MAX),
                    fingerprint: None,
                    date: self.header.date.clone(),
                    event: self.header.name.clone(),
                    round: Some(g.round.to_string()),
                    black: player(black).and_then(|p| nonempty(&spoken(&p.name))),
                    white: player(white).and_then(|p| nonempty(&spoken(&p.name))),
                    black_rank: player(black).and_then(|p| nonempty(&p.rank)),
                    white_rank: player(white).and_then(|p| nonempty(&p.rank)),
                    black_licence: player(black).and_then(|p| licence(&p.licence)),
                    white_licence: player(white).and_then(|p| licence(&p.licence)),
                    handicap: u32::from(handicap),
                    komi: if handicap == 0 {
                        self.header.komi
                    } else {
                        None
                    },
                    width: size,
                    height: size,
                    winner: g.winner(),
                    kind,
                    count: None,
                    origin: crate::rating::Origin::ResultsFile,
                }
            })
            .collect()
    }

    /// The games whose cells agree on an unknown result (`?`): no winner to rate.
    pub fn unknown_results(&self) -> impl Iterator<Item = &TableGame> {
        self.games
            .iter()
            .filter(|g| g.symmetry.ratable() && g.half.outcome == Outcome::Unknown)
    }

    /// The symmetry report: one line per game that cannot be rated (cells that disagree,
    /// then unknown results), then one per line error.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for g in self.unratable() {
            out.push_str(&format!(
                "{}: {}: {}\n",
                self.file,
                self.label(g),
                g.symmetry.describe()
            ));
        }
        for g in self.unknown_results() {
            out.push_str(&format!(
                "{}: {}: result unknown (?)\n",
                self.file,
                self.label(g)
            ));
        }
        for e in &self.errors {
            out.push_str(&format!("{}: {e}\n", self.file));
        }
        out
    }
}

#[cfg(test)]
mod tests;
