//! One round cell of a results table, shared by `.tou` and `.h9`: `12+w0`, `12+/w0`,
//! `12-!b3`, `8?/w0`, `0=`, `0-`.
//!
//! Grammar (OpenGotha's `halfGamesStrings`, the FFG and EGD formats): the opponent's row
//! number, then the result from this row's side (`+` won, `-` lost, `=` jigo, `?` unknown),
//! then an optional type (`/` played, `!` won or lost by forfeit), an optional colour (`w`,
//! `b`, `?` unknown) and an optional handicap digit. Handicap `0` is an even game with the
//! tournament's komi, `1` an even game without komi (Black moves first, 0.5 komi), 2–9 stones.
//! Opponent `0` is no game: `0+` a bye worth a win, `0=` worth half (or absent, OpenGotha
//! writes both so), `0-` not paired or absent for nothing. The type, colour and handicap are
//! left out in short-format files, so every one of them is optional here.

use std::fmt;

/// The result of a game from the side of the row it is written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `+`: this row's player won.
    Win,
    /// `-`: this row's player lost.
    Loss,
    /// `=`: jigo.
    Jigo,
    /// `?`: the result is unknown.
    Unknown,
}

impl Outcome {
    /// The result the opponent's cell must show.
    pub fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            other => other,
        }
    }

    /// The character the formats write.
    pub fn symbol(self) -> char {
        match self {
            Outcome::Win => '+',
            Outcome::Loss => '-',
            Outcome::Jigo => '=',
            Outcome::Unknown => '?',
        }
    }

    fn of(c: char) -> Option<Outcome> {
        match c {
            '+' => Some(Outcome::Win),
            '-' => Some(Outcome::Loss),
            '=' => Some(Outcome::Jigo),
            '?' => Some(Outcome::Unknown),
            _ => None,
        }
    }
}

/// A colour in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `b`.
    Black,
    /// `w`.
    White,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The letter the formats write.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'b',
            Colour::White => 'w',
        }
    }
}

/// One row's half of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HalfGame {
    /// The opponent's row number (1-based position in the table, not the printed place).
    pub opponent: usize,
    /// The result from this row's side.
    pub outcome: Outcome,
    /// `!`: won or lost by forfeit, no game played.
    pub forfeit: bool,
    /// This row's colour; `None` when written `?` or left out.
    pub colour: Option<Colour>,
    /// The handicap digit; `None` when left out.
    pub handicap: Option<u8>,
}

/// A round cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Opponent `0`: no game this round; the symbol says what it counted for.
    NoGame(Outcome),
    /// A game against another row.
    Game(HalfGame),
}

/// Why a round cell does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellError {
    /// It does not start with the opponent's number.
    NoOpponent,
    /// No `+`, `-`, `=` or `?` after the opponent's number.
    NoResult,
    /// Characters after the result that are not a type, a colour and a handicap digit.
    Tail(String),
    /// An opponent number too long to be a row.
    OpponentTooLarge,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::NoOpponent => write!(f, "does not start with an opponent number"),
            CellError::NoResult => write!(f, "no result (+, -, = or ?) after the opponent"),
            CellError::Tail(t) => write!(
                f,
                "`{t}` after the result is not [/ or !][w, b or ?][handicap digit]"
            ),
            CellError::OpponentTooLarge => write!(f, "opponent number too large"),
        }
    }
}

impl std::error::Error for CellError {}

/// Whether a token looks like a round cell (digits then a result): how the `.h9` reader
/// tells the first result from the placement criteria before it.
pub fn looks_like_cell(token: &str) -> bool {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < token.len() && rest.chars().next().and_then(Outcome::of).is_some()
}

/// Parses one cell (a token with no blanks).
pub fn parse(token: &str) -> Result<Cell, CellError> {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return Err(CellError::NoOpponent);
    }
    let opponent: usize = token[..digits]
        .parse()
        .map_err(|_| CellError::OpponentTooLarge)?;
    let mut rest = token[digits..].chars().peekable();
    let outcome = rest
        .next()
        .and_then(Outcome::of)
        .ok_or(CellError::NoResult)?;
    let tail: String = rest.clone().collect();
    let bad = || CellError::Tail(tail.clone());
    if opponent == 0 {
        // A bye or an absence carries nothing after its symbol.
        return if tail.is_empty() {
            Ok(Cell::NoGame(outcome))
        } else {
            Err(bad())
        };
    }
    let mut forfeit = false;
    if let Some(&c) = rest.peek()
        && (c == '/' || c == '!')
    {
        forfeit = c == '!';
        rest.next();
    }
    let mut colour = None;
    if let Some(&c) = rest.peek()
        && matches!(c, 'w' | 'W' | 'b' | 'B' | '?')
    {
        colour = match c {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            _ => None,
        };
        rest.next();
    }
    let mut handicap = None;
    if let Some(&c) = rest.peek()
        && let Some(d) = c.to_digit(10)
    {
        handicap = u8::try_from(d).ok();
        rest.next();
    }
    if rest.next().is_some() {
        return Err(bad());
    }
    Ok(Cell::Game(HalfGame {
        opponent,
        outcome,
        forfeit,
        colour,
        handicap,
    }))
}

/// How a writer spells a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// `.tou`: no type mark (`12+w0`).
    Tou,
    /// `.h9`: with the type mark (`12+/w0`, `12+!w0`).
    H9,
}

/// The cell as the writers put it, right-aligned in 8 characters (OpenGotha's width; a
/// no-game cell keeps its three blanks after the symbol, as OpenGotha's `   0=   `).
pub fn write(cell: &Cell, spelling: Spelling) -> String {
    let text = match cell {
        Cell::NoGame(o) => format!("0{}   ", o.symbol()),
        Cell::Game(h) => {
            let mark = match (spelling, h.forfeit) {
                (Spelling::Tou, _) => "",
                (Spelling::H9, false) => "/",
                (Spelling::H9, true) => "!",
            };
            let colour = h.colour.map_or('?', Colour::letter);
            let handicap = h.handicap.map_or(String::new(), |d| d.to_string());
            format!(
                "{}{}{mark}{colour}{handicap}",
                h.opponent,
                h.outcome.symbol()
            )
        }
    };
    format!("{text:>8}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: usize, outcome: Outcome, colour: Colour, handicap: u8) -> Cell {
        Cell::Game(HalfGame {
            opponent,
            outcome,
            forfeit: false,
            colour: Some(colour),
            handicap: Some(handicap),
        })
    }

    #[test]
    fn cells_of_both_formats_parse() {
        assert_eq!(parse("12+w0"), Ok(game(12, Outcome::Win, Colour::White, 0)));
        assert_eq!(
            parse("12+/w0"),
            Ok(game(12, Outcome::Win, Colour::White, 0))
        );
        assert_eq!(parse("2-/w9"), Ok(game(2, Outcome::Loss, Colour::White, 9)));
        assert_eq!(parse("0="), Ok(Cell::NoGame(Outcome::Jigo)));
        assert_eq!(parse("0-"), Ok(Cell::NoGame(Outcome::Loss)));
        let Ok(Cell::Game(h)) = parse("8?/w0") else {
            panic!("8?/w0 is a game")
        };
        assert_eq!(h.outcome, Outcome::Unknown);
        let Ok(Cell::Game(h)) = parse("5+!b1") else {
            panic!("5+!b1 is a game")
        };
        assert!(h.forfeit);
        assert_eq!(h.handicap, Some(1));
        let Ok(Cell::Game(h)) = parse("3=") else {
            panic!("3= is a short-format game")
        };
        assert_eq!(
            (h.outcome, h.colour, h.handicap),
            (Outcome::Jigo, None, None)
        );
    }

    #[test]
    fn bad_cells_say_why() {
        assert_eq!(parse("+w0"), Err(CellError::NoOpponent));
        assert_eq!(parse("12w0"), Err(CellError::NoResult));
        assert_eq!(parse("12+x0"), Err(CellError::Tail("x0".into())));
        assert_eq!(parse("12+w10"), Err(CellError::Tail("w10".into())));
        assert_eq!(parse("0=w0"), Err(CellError::Tail("w0".into())));
        assert!(parse("99999999999999999999999+").is_err());
        assert_eq!(parse(""), Err(CellError::NoOpponent));
        assert!(parse("1é").is_err());
    }

    #[test]
    fn written_as_opengotha_does() {
        let g = game(2, Outcome::Win, Colour::White, 0);
        assert_eq!(write(&g, Spelling::Tou), "    2+w0");
        assert_eq!(write(&g, Spelling::H9), "   2+/w0");
        assert_eq!(
            write(&Cell::NoGame(Outcome::Jigo), Spelling::Tou),
            "   0=   "
        );
        for t in ["12+w0", "0=", "3-b9"] {
            let Ok(c) = parse(t) else {
                panic!("{t} parses")
            };
            assert_eq!(parse(write(&c, Spelling::Tou).trim()), Ok(c));
        }
        assert!(looks_like_cell("12+/w0"));
        assert!(!looks_like_cell("36"));
        assert!(!looks_like_cell("-3"));
    }
}
