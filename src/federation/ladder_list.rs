//! The FFG ladder list (`ech_ffg_V3.txt`): read, changed, and written back byte for byte.
//!
//! Line 1 is `#Echelle au dd/mm/yyyy`, with ` hh:mm:ss` after it since 2024. Each row then
//! holds fixed columns, counted in characters (the list is ISO-8859-1, so characters are
//! bytes), 0-based:
//!
//! | columns | field |
//! |---|---|
//! | 0–37 | name, left-aligned: `SURNAME First_name`, `_` for the blanks inside a part |
//! | 38–42 | level, right-aligned; `-9999` = unrated |
//! | 44 | status: `L` licensed this season, `-` not licensed this season, `e` foreign, and `C`, `X` (kept as given) |
//! | 46–52 | licence number, `-------` = none |
//! | 54–57 | club: a code (`31To`), a placeholder (`XXXX`, `xxxx`), or a foreign country right-aligned (`  NL`) |
//! | 59–60 | country, in the 61-character layout published since 2024 |
//!
//! Columns 43, 45, 53 and 58 are blanks. A row is accepted only when writing its fields
//! back gives exactly its characters, so reading and writing a list is exact by
//! construction, oddities included (a club cut short, a row without a country, surnames not
//! in capitals, a licence on two rows). Line endings are kept line by line, and so is the
//! absence of one after the last row.
//!
//! **Order.** The federation sorts the list by surname, then first name, as MySQL's default
//! collation (`latin1_swedish_ci`) compares names stored with blanks: case and most accents
//! ignored, `Å` then `Ä`/`Æ` then `Ö` after `Z`, `Ü` as `Y`, `_` as the blank it stands for.
//! On the three published lists read (2016, 2019, 2024: 11,317 to 13,670 rows) that order
//! leaves 5, 5 and 6 rows out of place — names such as `DE_CREVOISIER` after `DEZECOT`,
//! stored with a real `_`. New rows are merged in that order ([`LadderList::insert_all`]).

use super::text::{self, TextEncoding};
use std::fmt;

/// Width of the name field (the level ends at column 43).
const NAME_WIDTH: usize = 38;
/// Width of the level field.
const LEVEL_WIDTH: usize = 5;
/// The level written for an unrated player.
const UNRATED: i32 = -9999;
/// The licence written for a player without one.
const NO_LICENCE: &str = "-------";

/// A list's date, as its header gives it (`dd/mm/yyyy[ hh:mm:ss]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ListDate {
    /// Year.
    pub year: u16,
    /// Month, 1–12.
    pub month: u8,
    /// Day, 1–31.
    pub day: u8,
    /// Hours, minutes, seconds, when given.
    pub time: Option<(u8, u8, u8)>,
}

impl ListDate {
    /// A date without a time, `None` unless it is a possible calendar date.
    pub fn new(year: u16, month: u8, day: u8) -> Option<ListDate> {
        ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some(ListDate {
            year,
            month,
            day,
            time: None,
        })
    }

    /// Reads `dd/mm/yyyy` (one-digit day and month allowed, as the 2006 list wrote them) or
    /// `yyyy-mm-dd`, each optionally followed by ` hh:mm:ss` (or `Thh:mm:ss`).
    pub fn parse(s: &str) -> Option<ListDate> {
        let s = s.trim();
        let (date, time) = match s.split_once([' ', 'T']) {
            Some((d, t)) => (d, Some(t.trim())),
            None => (s, None),
        };
        let num = |t: &str, max_len: usize| -> Option<u16> {
            (!t.is_empty() && t.len() <= max_len && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
        };
        let parts: Vec<&str> = date.split(['/', '-']).collect();
        let [a, b, c] = parts[..] else { return None };
        let (y, m, d) = if date.contains('/') {
            (num(c, 4)?, num(b, 2)?, num(a, 2)?)
        } else {
            (num(a, 4)?, num(b, 2)?, num(c, 2)?)
        };
        if y < 1000 {
            return None;
        }
        let mut out = ListDate::new(y, u8::try_from(m).ok()?, u8::try_from(d).ok()?)?;
        if let Some(t) = time {
            let hms: Vec<&str> = t.split(':').collect();
            let [h, mi, se] = hms[..] else { return None };
            let (h, mi, se) = (num(h, 2)?, num(mi, 2)?, num(se, 2)?);
            if h > 23 || mi > 59 || se > 60 {
                return None;
            }
            out.time = Some((h as u8, mi as u8, se as u8));
        }
        Some(out)
    }
}

impl fmt::Display for ListDate {
    /// The header's form: `dd/mm/yyyy[ hh:mm:ss]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}/{:02}/{:04}", self.day, self.month, self.year)?;
        if let Some((h, m, s)) = self.time {
            write!(f, " {h:02}:{m:02}:{s:02}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for ListDate {
    type Err = String;
    fn from_str(s: &str) -> Result<ListDate, String> {
        ListDate::parse(s).ok_or_else(|| {
            format!("`{s}`: expected YYYY-MM-DD or DD/MM/YYYY, optionally with hh:mm:ss")
        })
    }
}

/// A row's status column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// `L`: licensed this season.
    Licensed,
    /// `-`: not licensed this season (most rows: every player ever rated stays listed).
    Unlicensed,
    /// `e`: a foreign player.
    Foreign,
    /// Any other letter (`C`, `X` on the published lists): kept as given.
    Other(char),
}

impl Status {
    /// The status written `c`; `None` for a blank or a control character.
    pub fn from_char(c: char) -> Option<Status> {
        match c {
            'L' => Some(Status::Licensed),
            '-' => Some(Status::Unlicensed),
            'e' => Some(Status::Foreign),
            c if c.is_whitespace() || c.is_control() => None,
            c => Some(Status::Other(c)),
        }
    }

    /// The character it is written as.
    pub fn as_char(self) -> char {
        match self {
            Status::Licensed => 'L',
            Status::Unlicensed => '-',
            Status::Foreign => 'e',
            Status::Other(c) => c,
        }
    }
}

/// What a row's club column says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Club<'a> {
    /// A club code (`31To`, `00L1`).
    Code(&'a str),
    /// The placeholder for no club (`XXXX`, `xxxx`).
    Placeholder,
    /// A foreign player's country, right-aligned in the column (`  NL`).
    Country(&'a str),
    /// Nothing (a blank or missing column).
    Empty,
}

/// One player's row, every field as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The name as written (`MARCHAND Élodie`, `DE_MASSIAS Jean-François`).
    pub name: String,
    /// The level; `None` = unrated (`-9999`).
    pub level: Option<i32>,
    /// The status column.
    pub status: Status,
    /// The licence number; `None` = `-------`.
    pub licence: Option<String>,
    /// The club column as written (up to 4 characters, blanks kept); `None` when the row
    /// stops after the licence.
    pub club: Option<String>,
    /// The country column (61-character layout); `None` in the 58-character layout.
    pub country: Option<String>,
}

impl Row {
    /// The surname and the first name, as written (split at the first blank).
    pub fn parts(&self) -> (&str, &str) {
        self.name.split_once(' ').unwrap_or((&self.name, ""))
    }

    /// The name as a person reads it: `_` back to blanks.
    pub fn display_name(&self) -> String {
        self.name.replace('_', " ")
    }

    /// What the club column says.
    pub fn club(&self) -> Club<'_> {
        let Some(raw) = self.club.as_deref() else {
            return Club::Empty;
        };
        let t = raw.trim();
        if t.is_empty() {
            Club::Empty
        } else if t == "XXXX" || t == "xxxx" {
            Club::Placeholder
        } else if raw.starts_with(' ') && t.len() == 2 {
            Club::Country(t)
        } else {
            Club::Code(t)
        }
    }

    /// The row's text, without its line ending.
    pub fn to_line(&self) -> String {
        let mut s = format!(
            "{:<NAME_WIDTH$}{:>LEVEL_WIDTH$} {} {}",
            self.name,
            self.level.unwrap_or(UNRATED),
            self.status.as_char(),
            self.licence.as_deref().unwrap_or(NO_LICENCE)
        );
        if let Some(club) = &self.club {
            s.push(' ');
            s.push_str(club);
        }
        if let Some(country) = &self.country {
            s.push(' ');
            s.push_str(country);
        }
        s
    }
}

/// Which of the published row layouts a list uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// 58 characters: name, level, status, licence, club (2016 and 2019 lists).
    NoCountry,
    /// 61 characters: the same and a country (published since 2024).
    Country,
}

/// How a line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eol {
    /// `\r\n`, as published.
    CrLf,
    /// `\n`.
    Lf,
}

impl Eol {
    fn as_str(self) -> &'static str {
        match self {
            Eol::CrLf => "\r\n",
            Eol::Lf => "\n",
        }
    }
}

/// One line after the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A player's row.
    Row(Row),
    /// A line of blanks only (kept as written).
    Blank(String),
}

/// A whole list: header, lines in order, line endings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderList {
    header: String,
    date: ListDate,
    header_eol: Eol,
    entries: Vec<(Entry, Eol)>,
    final_eol: bool,
    encoding: TextEncoding,
}

/// Why a list cannot be read: the line (from 1) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: ListProblem,
}

/// What is wrong with one line of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListProblem {
    /// Line 1 is not `#Echelle au dd/mm/yyyy[ hh:mm:ss]` (the text given).
    Header(String),
    /// The row ends before the licence column (its length in characters).
    Short(usize),
    /// The name field is empty or starts with a blank.
    Name,
    /// The level field is not a right-aligned integer (the text given).
    Level(String),
    /// The status column holds a blank or a control character.
    Status,
    /// The licence field is not 7 letters or digits, nor `-------` (the text given).
    Licence(String),
    /// A column that must be blank is not (its 0-based index).
    Separator(usize),
    /// The fields, written back, do not give the row (extra blanks, a field out of place).
    NotInColumns,
}

impl fmt::Display for ListProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListProblem::Header(h) => {
                write!(
                    f,
                    "expected `#Echelle au dd/mm/yyyy[ hh:mm:ss]`, found `{h}`"
                )
            }
            ListProblem::Short(n) => write!(
                f,
                "{n} characters: a row holds at least a name, level, status and licence (53)"
            ),
            ListProblem::Name => f.write_str("empty name field (columns 1-38)"),
            ListProblem::Level(l) => write!(f, "unreadable level `{l}` (columns 39-43)"),
            ListProblem::Status => f.write_str("blank status (column 45)"),
            ListProblem::Licence(l) => write!(f, "unreadable licence `{l}` (columns 47-53)"),
            ListProblem::Separator(c) => write!(f, "column {} should be blank", c + 1),
            ListProblem::NotInColumns => {
                f.write_str("the fields are not in the list's fixed columns")
            }
        }
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ladder list line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for ListError {}

/// A name the list cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// The name as written in the list.
    pub name: String,
    /// What is wrong.
    pub problem: WriteProblem,
}

/// Why a name cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteProblem {
    /// A character ISO-8859-1 has no byte for.
    NotLatin1(char),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            WriteProblem::NotLatin1(c) => write!(
                f,
                "`{}` cannot be written in ISO-8859-1 (`{c}`, U+{:04X}): give the player a Latin-1 spelling with --aliases",
                self.name,
                u32::from(c)
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// Splits text into lines with their endings; the last line's is `None` when it has none.
fn split_lines(text: &str) -> Vec<(&str, Option<Eol>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match rest.find('\n') {
            Some(i) => {
                let line = &rest[..i];
                out.push(match line.strip_suffix('\r') {
                    Some(l) => (l, Some(Eol::CrLf)),
                    None => (line, Some(Eol::Lf)),
                });
                rest = &rest[i + 1..];
            }
            None => {
                out.push((rest, None));
                rest = "";
            }
        }
    }
    out
}

/// Reads one row (see the module doc); `line` numbers the error.
fn parse_row(text: &str, line: usize) -> Result<Row, ListError> {
    let bad = |problem| ListError { line, problem };
    let c: Vec<char> = text.chars().collect();
    if c.len() < 53 {
        return Err(bad(ListProblem::Short(c.len())));
    }
    let field = |a: usize, b: usize| -> String { c[a..b].iter().collect() };
    let name = field(0, NAME_WIDTH).trim_end().to_string();
    if name.is_empty() || name.starts_with(' ') {
        return Err(bad(ListProblem::Name));
    }
    let level_text = field(NAME_WIDTH, NAME_WIDTH + LEVEL_WIDTH);
    let level: i32 = level_text
        .trim_start()
        .parse()
        .map_err(|_| bad(ListProblem::Level(level_text.clone())))?;
    if c[43] != ' ' {
        return Err(bad(ListProblem::Separator(43)));
    }
    let status = Status::from_char(c[44]).ok_or_else(|| bad(ListProblem::Status))?;
    if c[45] != ' ' {
        return Err(bad(ListProblem::Separator(45)));
    }
    let licence = field(46, 53);
    let licence = if licence == NO_LICENCE {
        None
    } else if licence.chars().all(|ch| ch.is_ascii_alphanumeric()) {
        Some(licence)
    } else {
        return Err(bad(ListProblem::Licence(licence)));
    };
    let (mut club, mut country) = (None, None);
    if c.len() > 53 {
        if c[53] != ' ' {
            return Err(bad(ListProblem::Separator(53)));
        }
        club = Some(field(54, c.len().min(58)));
        if c.len() > 58 {
            if c[58] != ' ' {
                return Err(bad(ListProblem::Separator(58)));
            }
            // The country is two letters: anything longer is out of the columns.
            if c.len() != 61 {
                return Err(bad(ListProblem::NotInColumns));
            }
            country = Some(field(59, 61));
        }
    }
    let row = Row {
        name,
        level: (level != UNRATED).then_some(level),
        status,
        licence,
        club,
        country,
    };
    if row.to_line() != text {
        return Err(bad(ListProblem::NotInColumns));
    }
    Ok(row)
}

/// The header's date, `None` unless the line is `#Echelle au dd/mm/yyyy[ hh:mm:ss]`.
fn parse_header(line: &str) -> Option<ListDate> {
    ListDate::parse(line.strip_prefix("#Echelle au ")?)
}

impl LadderList {
    /// True when `text` starts as a ladder list does (`#Echelle`), whatever follows.
    pub fn looks_like(text: &str) -> bool {
        text.trim_start_matches('\u{FEFF}').starts_with("#Echelle")
    }

    /// Reads a list from its bytes (UTF-8, else ISO-8859-1: see [`text`]).
    pub fn read(bytes: &[u8]) -> Result<LadderList, ListError> {
        let (text, encoding) = text::decode(bytes);
        let mut list = LadderList::parse(&text)?;
        list.encoding = encoding;
        Ok(list)
    }

    /// Reads a list from its text.
    pub fn parse(text: &str) -> Result<LadderList, ListError> {
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        let lines = split_lines(text);
        let (header, header_end) = lines.first().copied().unwrap_or(("", None));
        let date = parse_header(header).ok_or_else(|| ListError {
            line: 1,
            problem: ListProblem::Header(header.to_string()),
        })?;
        // A header alone sets the ending new rows get to the header's.
        let header_eol = header_end.unwrap_or(Eol::CrLf);
        let mut entries = Vec::with_capacity(lines.len());
        let mut final_eol = header_end.is_some();
        for (i, (line, end)) in lines.iter().enumerate().skip(1) {
            let entry = if line.trim().is_empty() {
                Entry::Blank(line.to_string())
            } else {
                Entry::Row(parse_row(line, i + 1)?)
            };
            final_eol = end.is_some();
            entries.push((entry, end.unwrap_or(header_eol)));
        }
        Ok(LadderList {
            header: header.to_string(),
            date,
            header_eol,
            entries,
            final_eol,
            encoding: TextEncoding::Utf8,
        })
    }

    /// An empty list of this date, in the given layout, with the federation's line endings.
    pub fn empty(date: ListDate) -> LadderList {
        LadderList {
            header: format!("#Echelle au {date}"),
            date,
            header_eol: Eol::CrLf,
            entries: Vec::new(),
            final_eol: false,
            encoding: TextEncoding::Latin1,
        }
    }

    /// Records how the list's bytes were read (when they were decoded before [`parse`]).
    ///
    /// [`parse`]: LadderList::parse
    pub fn set_encoding(&mut self, encoding: TextEncoding) {
        self.encoding = encoding;
    }

    /// The header line as written.
    pub fn header(&self) -> &str {
        &self.header
    }

    /// The header's date.
    pub fn date(&self) -> ListDate {
        self.date
    }

    /// How the list's bytes were read.
    pub fn encoding(&self) -> TextEncoding {
        self.encoding
    }

    /// The layout of the list: with a country column if any row has one, or if it has no
    /// row yet (the layout published since 2024).
    pub fn layout(&self) -> Layout {
        let mut rows = self.rows().peekable();
        if rows.peek().is_none() || rows.any(|(_, r)| r.country.is_some()) {
            Layout::Country
        } else {
            Layout::NoCountry
        }
    }

    /// Every row with its index (see [`LadderList::line_of`]).
    pub fn rows(&self) -> impl Iterator<Item = (usize, &Row)> {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e {
                (Entry::Row(r), _) => Some((i, r)),
                _ => None,
            })
    }

    /// The row at an index, if that line is a row.
    pub fn row(&self, index: usize) -> Option<&Row> {
        match self.entries.get(index) {
            Some((Entry::Row(r), _)) => Some(r),
            _ => None,
        }
    }

    /// The line number (from 1) of the entry at an index.
    pub fn line_of(&self, index: usize) -> usize {
        index + 2
    }

    /// Sets a row's level (`None` = unrated); an index that is not a row is left alone.
    pub fn set_level(&mut self, index: usize, level: Option<i32>) {
        if let Some((Entry::Row(r), _)) = self.entries.get_mut(index) {
            r.level = level;
        }
    }

    /// Sets the date, and the header with it.
    pub fn set_date(&mut self, date: ListDate) {
        self.date = date;
        self.header = format!("#Echelle au {date}");
    }

    /// Rows whose names hold a character a Latin-9 file would have meant otherwise (see
    /// [`text`]), by line number.
    pub fn latin9_ambiguous_lines(&self) -> Vec<usize> {
        self.rows()
            .filter(|(_, r)| r.name.chars().any(text::latin9_ambiguous))
            .map(|(i, _)| self.line_of(i))
            .collect()
    }

    /// Merges new rows in the federation's order (see the module doc): sorted among
    /// themselves, each goes before the first row, after the previous one placed, that
    /// sorts after it — so that an existing row never moves, even where the list itself is
    /// out of order.
    pub fn insert_all(&mut self, mut rows: Vec<Row>) {
        rows.sort_by_cached_key(|r| (order_key(&r.name), r.name.clone()));
        let eol = self.header_eol;
        let old = std::mem::take(&mut self.entries);
        let mut new = rows.into_iter().peekable();
        for (entry, end) in old {
            if let Entry::Row(r) = &entry {
                let key = order_key(&r.name);
                while let Some(n) = new.next_if(|n| order_key(&n.name) < key) {
                    self.entries.push((Entry::Row(n), eol));
                }
            }
            self.entries.push((entry, end));
        }
        for n in new {
            self.entries.push((Entry::Row(n), eol));
        }
    }

    /// The list's text: the header, every line with its own ending, and after the last one
    /// an ending only if the list read had one.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(64 * (self.entries.len() + 1));
        out.push_str(&self.header);
        let n = self.entries.len();
        if n > 0 || self.final_eol {
            out.push_str(self.header_eol.as_str());
        }
        for (i, (entry, end)) in self.entries.iter().enumerate() {
            match entry {
                Entry::Row(r) => out.push_str(&r.to_line()),
                Entry::Blank(b) => out.push_str(b),
            }
            if i + 1 < n || self.final_eol {
                out.push_str(end.as_str());
            }
        }
        out
    }

    /// The list in ISO-8859-1, as the federation publishes it; a name with a character
    /// Latin-1 cannot hold is an error naming it (never a `?`).
    pub fn to_latin1(&self) -> Result<Vec<u8>, WriteError> {
        for (_, r) in self.rows() {
            text::encode_latin1(&r.to_line()).map_err(|c| WriteError {
                name: r.name.clone(),
                problem: WriteProblem::NotLatin1(c),
            })?;
        }
        // Only the header is left: a date and ASCII, or the list's own bytes.
        text::encode_latin1(&self.to_text()).map_err(|c| WriteError {
            name: self.header.clone(),
            problem: WriteProblem::NotLatin1(c),
        })
    }
}

/// The federation's sort weight of a character (MySQL `latin1_swedish_ci`, see the module
/// doc), `_` read as the blank it stands for; characters beyond Latin-1 sort after it.
fn weight(c: char) -> u32 {
    let u = u32::from(c);
    let w = match c {
        '_' => ' ',
        'a'..='z' => c.to_ascii_uppercase(),
        'À'..='Ã' | 'à'..='ã' => 'A',
        'Å' | 'å' => '[',
        'Ä' | 'Æ' | 'ä' | 'æ' => '\\',
        'Ö' | 'ö' => ']',
        'Ç' | 'ç' => 'C',
        'È'..='Ë' | 'è'..='ë' => 'E',
        'Ì'..='Ï' | 'ì'..='ï' => 'I',
        'Ð' | 'ð' => 'D',
        'Ñ' | 'ñ' => 'N',
        'Ò'..='Õ' | 'ò'..='õ' => 'O',
        'Ù'..='Û' | 'ù'..='û' => 'U',
        'Ü' | 'Ý' | 'ü' | 'ý' | 'ÿ' => 'Y',
        _ => return u,
    };
    u32::from(w)
}

/// The federation's sort key of a name: surname, then first name.
pub fn order_key(name: &str) -> (Vec<u32>, Vec<u32>) {
    let (surname, first) = name.split_once(' ').unwrap_or((name, ""));
    (
        surname.chars().map(weight).collect(),
        first.chars().map(weight).collect(),
    )
}

#[cfg(test)]
mod tests;
