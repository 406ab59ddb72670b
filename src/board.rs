//! The board: stones, chains, liberties, captures and Zobrist hashes. Knows nothing of SGF.

use serde::Serialize;

/// A stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A point on the board: column `x`, row `y`, both from 0 at the top-left corner (SGF order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Point {
    /// The SGF coordinate letters of this point (`a`..`z`, then `A`..`Z`), e.g. `"pd"`.
    pub fn to_sgf(self) -> String {
        fn letter(v: u8) -> char {
            if v < 26 {
                (b'a' + v) as char
            } else {
                (b'A' + (v - 26)) as char
            }
        }
        let mut s = String::with_capacity(2);
        s.push(letter(self.x));
        s.push(letter(self.y));
        s
    }
}

/// A plain snapshot of a position: what scoring and pictures read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Number of columns.
    pub width: u8,
    /// Number of rows.
    pub height: u8,
    /// Row-major cells, `cells[y * width + x]`.
    pub cells: Vec<Option<Color>>,
}

impl Position {
    /// An empty position of the given size.
    pub fn empty(width: u8, height: u8) -> Position {
        Position {
            width,
            height,
            cells: vec![None; width as usize * height as usize],
        }
    }

    /// The stone at `p`, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        if p.x < self.width && p.y < self.height {
            self.cells[p.y as usize * self.width as usize + p.x as usize]
        } else {
            None
        }
    }
}
