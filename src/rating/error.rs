//! Why a rating run cannot start: a bad line in the ladder or alias file, or an unreadable
//! `--as-of` date. Games themselves never fail a run (they are skipped with a reason).

use crate::federation::{ListError, WriteError};
use std::fmt;

/// The one error of [`rate`](super::rate) and of the files it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateError {
    /// A line of the ladder file (numbered from 1) cannot be read.
    Ladder {
        /// Line number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: LineProblem,
    },
    /// A line of the alias file (numbered from 1) cannot be read.
    Aliases {
        /// Line number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: LineProblem,
    },
    /// The `--as-of` bound is not a date `YYYY[-MM[-DD]]` (the text given).
    AsOf(String),
    /// The federation's ladder list cannot be read.
    List(ListError),
    /// The ladder cannot be written in the federation's list format.
    FfgOutput(FfgOutputError),
}

/// Why the new ladder cannot be written as the federation's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FfgOutputError {
    /// A name the list cannot hold (a character ISO-8859-1 has no byte for).
    Write(WriteError),
    /// A new player's name has no surname and first name to tell apart (the name).
    OnePart(String),
    /// A new player's name is longer than the list's name column (the name as it would be
    /// written).
    TooLong(String),
    /// A level the list's 5 columns cannot hold (the player, the level).
    Level(String, i64),
    /// No date for the header: no dated game, and no `--ladder-date`.
    NoDate,
    /// The last game's date is not a whole day (the date): `--ladder-date` is needed.
    PartialDate(String),
}

impl fmt::Display for FfgOutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FfgOutputError::Write(e) => write!(f, "{e}"),
            FfgOutputError::OnePart(n) => write!(
                f,
                "`{n}` has no surname and first name to write as `SURNAME First`: give the player one with --aliases"
            ),
            FfgOutputError::TooLong(n) => write!(
                f,
                "`{n}` is longer than the list's 37 characters of name: give the player a shorter one with --aliases"
            ),
            FfgOutputError::Level(n, l) => {
                write!(
                    f,
                    "`{n}`: level {l} does not fit the list's column (-9998..99999)"
                )
            }
            FfgOutputError::NoDate => {
                f.write_str("no dated game gives the list its date: give --ladder-date")
            }
            FfgOutputError::PartialDate(d) => write!(
                f,
                "the last game's date `{d}` is not a whole day: give --ladder-date"
            ),
        }
    }
}

/// What is wrong with one line of a ladder or alias file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// A name column is empty.
    EmptyName,
    /// The level column is neither a number nor an unrated marker (the text given).
    Level(String),
    /// Neither `name<TAB>level` nor the federation's list format.
    NotLadder,
    /// Not `alias<TAB>canonical name`.
    NotAlias,
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineProblem::EmptyName => f.write_str("empty name"),
            LineProblem::Level(lv) => write!(f, "unreadable level `{lv}`"),
            LineProblem::NotLadder => f.write_str(
                "expected `name<TAB>level` or `NAME Firstname  LEVEL - LICENCE CLUB COUNTRY`",
            ),
            LineProblem::NotAlias => f.write_str("expected `alias<TAB>canonical name`"),
        }
    }
}

impl fmt::Display for RateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateError::Ladder { line, problem } => write!(f, "ladder line {line}: {problem}"),
            RateError::Aliases { line, problem } => write!(f, "aliases line {line}: {problem}"),
            RateError::AsOf(s) => write!(f, "--as-of: unreadable date `{s}`"),
            RateError::List(e) => write!(f, "{e}"),
            RateError::FfgOutput(e) => write!(f, "--format ffg: {e}"),
        }
    }
}

impl std::error::Error for RateError {}

#[cfg(test)]
mod tests {
    use super::super::events::Identity;
    use super::super::ladder::LadderFile;
    use super::*;

    /// The messages are the command line's: they must not change.
    #[test]
    fn messages() {
        let id = Identity::default();
        let ladder = |t: &str| LadderFile::parse(t, &id).err();
        let aliases = |t: &str| Identity::from_aliases(Some(t)).err();
        let cases = [
            (ladder("\tx\n"), "ladder line 1: empty name"),
            (
                ladder("# c\nA\tabc\n"),
                "ladder line 2: unreadable level `abc`",
            ),
            (
                ladder("nonsense\n"),
                "ladder line 1: expected `name<TAB>level` or `NAME Firstname  LEVEL - LICENCE CLUB COUNTRY`",
            ),
            (
                aliases("one column\n"),
                "aliases line 1: expected `alias<TAB>canonical name`",
            ),
            (aliases("a\tb\nx\t \n"), "aliases line 2: empty name"),
            (
                Some(RateError::AsOf("May 2000".into())),
                "--as-of: unreadable date `May 2000`",
            ),
        ];
        for (err, message) in cases {
            assert_eq!(err.map(|e| e.to_string()).as_deref(), Some(message));
        }
    }
}
