//! The board: stones, chains, liberties, captures and Zobrist hashes. Knows nothing of SGF,
//! of rules (the caller says whether a suicide is legal) or of scoring.
//!
//! One core serves every board of the crate: the padded geometry and cell codes
//! ([`geometry`]), the flood fills of chains and regions ([`fill`]), and chains kept as rings
//! with pseudo-liberties ([`rings`]). The replay [`Board`] below adds Zobrist hashing; the
//! life-and-death analysis and its playout board are built on the same pieces.

pub mod fill;
pub mod geometry;
pub mod rings;
#[cfg(test)]
mod tests;

pub use fill::{Area, Chain, Chains, Grid, Region, areas, flood, regions};
pub use geometry::{Cell, Geometry, STONES};
pub use rings::{ChainBoard, Liberties, PseudoCount, Ring};

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

    /// Its name for people: `Black`, `White`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
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

/// Largest supported width or height (SGF letters `a`..`Z`).
pub const MAX_SIZE: u8 = 52;

/// Padded side length: one border cell on each side of the largest board.
const PADDED: usize = MAX_SIZE as usize + 2;

/// One splitmix64 step: returns the new state and the output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Zobrist keys per padded index and colour, built at compile time from a fixed seed so
/// hashes are reproducible across runs and machines.
static ZOBRIST: [[u64; 2]; PADDED * PADDED] = {
    let mut table = [[0u64; 2]; PADDED * PADDED];
    let mut state = 0x0EC4_E11E_5EED_2024u64;
    let mut i = 0;
    while i < PADDED * PADDED {
        let (s1, a) = splitmix64(state);
        let (s2, b) = splitmix64(s1);
        state = s2;
        table[i] = [a, b];
        i += 1;
    }
    table
};

/// The Zobrist key of a stone `c` at padded index `i`.
#[inline]
fn key(i: usize, c: Cell) -> u64 {
    ZOBRIST[i][c.side()]
}

/// What a call to [`Board::play`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Opposing stones removed by the move.
    pub captured: u32,
    /// The mover's own stones removed because their chain had no liberty left (suicide).
    pub suicided: u32,
    /// The captured stone when exactly one stone was captured (what a basic ko needs).
    pub captured_single: Option<Point>,
    /// The stone that was on the point before, when the move was played on an occupied point.
    pub replaced: Option<Color>,
    /// False when the point was off the board and nothing happened.
    pub executed: bool,
}

/// A Go board with chains, pseudo-liberty counts and an incremental Zobrist hash: the board
/// games are replayed on.
#[derive(Clone, Debug)]
pub struct Board {
    chains: ChainBoard<PseudoCount>,
    hash: u64,
    /// Set by `set`: chain data is rebuilt lazily before the next `play`.
    dirty: bool,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.chains.geo() == other.chains.geo() && self.chains.cells == other.chains.cells
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board; sizes above 52 are clamped to 52 (0 gives a board with no points).
    pub fn new(width: u8, height: u8) -> Board {
        let geo = Geometry::new(width.min(MAX_SIZE), height.min(MAX_SIZE));
        Board {
            chains: ChainBoard::new(geo),
            hash: 0,
            dirty: false,
        }
    }

    /// A board holding the stones of a snapshot (cells beyond `width * height` are ignored).
    pub fn from_position(position: &Position) -> Board {
        let mut board = Board::new(position.width, position.height);
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Point { x, y };
                board.set(p, position.get(p));
            }
        }
        board
    }

    fn geo(&self) -> &Geometry {
        self.chains.geo()
    }

    /// Number of columns.
    pub fn width(&self) -> u8 {
        self.geo().width()
    }

    /// Number of rows.
    pub fn height(&self) -> u8 {
        self.geo().height()
    }

    /// True when `p` lies on the board.
    pub fn on_board(&self, p: Point) -> bool {
        self.geo().index(p).is_some()
    }

    /// The stone at `p`, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.geo()
            .index(p)
            .and_then(|i| self.chains.cells[i].color())
    }

    /// Puts or clears a stone without captures (setup); off-board points are ignored.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let Some(i) = self.geo().index(p) else { return };
        let new = stone.map_or(Cell::Empty, Cell::of);
        let old = self.chains.cells[i];
        if old == new {
            return;
        }
        if old.is_stone() {
            self.hash ^= key(i, old);
        }
        if new.is_stone() {
            self.hash ^= key(i, new);
        }
        self.chains.cells[i] = new;
        // Setup can split or join chains arbitrarily: rebuilding once before the next play
        // is simpler than patching, and setup is rare.
        self.dirty = true;
    }

    /// Zobrist hash of the stone arrangement (the empty board hashes to 0).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A plain copy of the stones.
    pub fn snapshot(&self) -> Position {
        let geo = self.geo();
        let mut pos = Position::empty(geo.width(), geo.height());
        for (i, c) in pos.cells.iter_mut().enumerate() {
            *c = self.chains.cells[geo.pad(i)].color();
        }
        pos
    }

    /// Recomputes chain lists, sizes and pseudo-liberties from the cells.
    fn rebuild(&mut self) {
        let cells = std::mem::take(&mut self.chains.cells);
        self.chains = ChainBoard::from_cells(*self.geo(), &cells);
        self.dirty = false;
    }

    /// Removes the chain headed by `h`, keeping the hash; returns its size.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let hash = &mut self.hash;
        self.chains.remove_chain(h, |s, c| *hash ^= key(s, c))
    }

    /// Plays a stone: places it, removes opposing chains left without liberty, then the
    /// mover's own chain if it has none (suicide, executed as the SGF standard says).
    ///
    /// On an occupied point the old stone is first removed (overwrite, as Sabaki does);
    /// off the board nothing happens and `executed` is false.
    pub fn play(&mut self, color: Color, p: Point) -> Played {
        let mut out = Played::default();
        let Some(i) = self.geo().index(p) else {
            return out;
        };
        out.executed = true;
        if let Some(old) = self.chains.cells[i].color() {
            out.replaced = Some(old);
            self.set(p, None);
        }
        if self.dirty {
            self.rebuild();
        }
        let c = Cell::of(color);
        self.hash ^= key(i, c);
        self.chains.place(i, c);
        for n in self.geo().neighbours(i) {
            // A chain met through two neighbours is removed once: the second sees it empty.
            if self.chains.cells[n] == c.opponent() {
                let nh = self.chains.head(n);
                if self.chains.libs.count(nh) == 0 {
                    let count = self.remove_chain(nh);
                    out.captured += count;
                    out.captured_single = (count == 1).then(|| self.geo().point(nh));
                }
            }
        }
        if out.captured != 1 {
            out.captured_single = None;
        }
        let h = self.chains.head(i);
        if self.chains.libs.count(h) == 0 {
            out.suicided = self.remove_chain(h);
        }
        out
    }

    /// Flood fill from `p` over stones of its colour; empty when `p` is empty or off-board.
    fn fill(&self, p: Point) -> (Vec<usize>, Vec<bool>) {
        let cells = &self.chains.cells;
        let mut seen = vec![false; cells.len()];
        let mut chain = Vec::new();
        let Some(i) = self.geo().index(p).filter(|&i| cells[i].is_stone()) else {
            return (chain, seen);
        };
        let c = cells[i];
        flood(self.geo(), i, &mut seen, &mut Vec::new(), &mut chain, |q| {
            cells[q] == c
        });
        (chain, seen)
    }

    /// The stones of the chain through `p` (empty when `p` holds no stone).
    pub fn chain_at(&self, p: Point) -> Vec<Point> {
        self.fill(p)
            .0
            .into_iter()
            .map(|i| self.geo().point(i))
            .collect()
    }

    /// The number of distinct liberties of the chain through `p` (0 when `p` holds no stone).
    pub fn liberties(&self, p: Point) -> usize {
        let (chain, mut seen) = self.fill(p);
        let mut count = 0;
        for s in chain {
            for n in self.geo().neighbours(s) {
                if !seen[n] && self.chains.cells[n] == Cell::Empty {
                    seen[n] = true;
                    count += 1;
                }
            }
        }
        count
    }

    /// The on-board orthogonal neighbours of `p` (empty when `p` is off the board).
    pub fn neighbours_of(&self, p: Point) -> Vec<Point> {
        let Some(i) = self.geo().index(p) else {
            return Vec::new();
        };
        self.geo()
            .neighbours(i)
            .into_iter()
            .filter(|&n| self.chains.cells[n] != Cell::Edge)
            .map(|n| self.geo().point(n))
            .collect()
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        let c = Cell::of(color);
        self.chains.cells.iter().filter(|&&v| v == c).count()
    }
}
