//! The padded board every board of the crate is laid on: cell codes, and the geometry of a
//! row-major array with one ring of edge cells round the points, so that neighbour lookups
//! never leave the array and need no bounds check.

use super::{Color, Point};

/// What a cell of a padded board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// An empty point.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Off the board: the padding ring.
    Edge = 3,
}

impl Cell {
    /// The cell holding a stone of `c`.
    #[inline]
    pub fn of(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The colour of the stone here, if any.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            Cell::Empty | Cell::Edge => None,
        }
    }

    /// True for a stone of either colour.
    #[inline]
    pub fn is_stone(self) -> bool {
        matches!(self, Cell::Black | Cell::White)
    }

    /// The other colour's stone; empty and edge cells are their own opposite.
    #[inline]
    pub fn opponent(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            other => other,
        }
    }

    /// This colour's bit in a per-point mask of colours (1 Black, 2 White, 0 otherwise).
    #[inline]
    pub fn bit(self) -> u8 {
        match self {
            Cell::Black => 1,
            Cell::White => 2,
            Cell::Empty | Cell::Edge => 0,
        }
    }

    /// This colour's slot in a `[black, white]` pair (0 or 1); only for stones.
    #[inline]
    pub fn side(self) -> usize {
        usize::from(self == Cell::White)
    }
}

/// The two stone colours as cells, Black first: the order every per-colour loop follows.
pub const STONES: [Cell; 2] = [Cell::Black, Cell::White];

/// The shape of a padded `width` x `height` board: row-major, one edge cell on every side.
///
/// Indices below are padded indices; `pad` and `unpad` convert from and to the row-major
/// index of a point (`y * width + x`) that [`Position`](super::Position) uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: u8,
    height: u8,
    stride: usize,
}

impl Geometry {
    /// The geometry of a `width` x `height` board (0 gives a board with no points).
    pub fn new(width: u8, height: u8) -> Geometry {
        Geometry {
            width,
            height,
            stride: width as usize + 2,
        }
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of cells of the padded array.
    #[inline]
    pub fn len(&self) -> usize {
        self.stride * (self.height as usize + 2)
    }

    /// True for a board with no points.
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Number of points on the board.
    pub fn points(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// A padded array of cells: the edge ring, empty inside.
    pub fn empty_cells(&self) -> Vec<Cell> {
        let mut cells = vec![Cell::Edge; self.len()];
        for y in 0..self.height as usize {
            let row = (y + 1) * self.stride + 1;
            cells[row..row + self.width as usize].fill(Cell::Empty);
        }
        cells
    }

    /// The padded index of `p`, `None` off the board.
    #[inline]
    pub fn index(&self, p: Point) -> Option<usize> {
        (p.x < self.width && p.y < self.height)
            .then(|| (p.y as usize + 1) * self.stride + p.x as usize + 1)
    }

    /// The point at a padded index (only meaningful inside the ring).
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        Point {
            x: (i % self.stride - 1) as u8,
            y: (i / self.stride - 1) as u8,
        }
    }

    /// The padded index of row-major index `i`.
    #[inline]
    pub fn pad(&self, i: usize) -> usize {
        let w = self.width as usize;
        (i / w + 1) * self.stride + i % w + 1
    }

    /// The row-major index of padded index `p` (inside the ring).
    #[inline]
    pub fn unpad(&self, p: usize) -> usize {
        (p / self.stride - 1) * self.width as usize + p % self.stride - 1
    }

    /// The four orthogonal neighbours of an interior index: up, left, right, down.
    #[inline]
    pub fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The four diagonal neighbours of an interior index: up-left, up-right, down-left,
    /// down-right.
    #[inline]
    pub fn diagonals(&self, i: usize) -> [usize; 4] {
        let s = self.stride;
        [i - s - 1, i - s + 1, i + s - 1, i + s + 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_and_the_ring_surrounds_the_points() {
        let g = Geometry::new(5, 3);
        let cells = g.empty_cells();
        assert_eq!(cells.len(), 7 * 5);
        assert_eq!(cells.iter().filter(|&&c| c == Cell::Empty).count(), 15);
        for i in 0..15 {
            let p = g.pad(i);
            assert_eq!(g.unpad(p), i);
            assert_eq!(g.index(g.point(p)), Some(p));
            for q in g.neighbours(p).into_iter().chain(g.diagonals(p)) {
                assert!(q < cells.len());
            }
        }
        assert_eq!(g.index(Point { x: 5, y: 0 }), None);
        let corner = g.pad(0);
        let edges = g
            .neighbours(corner)
            .into_iter()
            .filter(|&q| cells[q] == Cell::Edge);
        assert_eq!(edges.count(), 2);
        assert!(Geometry::new(0, 4).is_empty());
    }

    #[test]
    fn cell_codes() {
        assert_eq!(Cell::Black.opponent(), Cell::White);
        assert_eq!(Cell::Empty.opponent(), Cell::Empty);
        assert_eq!((Cell::Black.bit(), Cell::White.bit()), (1, 2));
        assert_eq!((Cell::Black.side(), Cell::White.side()), (0, 1));
        assert_eq!(Cell::of(Color::White).color(), Some(Color::White));
        assert!(!Cell::Edge.is_stone());
    }
}
