//! Why a rating run cannot start: a bad line in the ladder or alias file, or an unreadable
//! `--as-of` date. Games themselves never fail a run (they are skipped with a reason).

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
